// Small helpers the peer adapters share for the messages workload (not a
// peer itself): the one rule that types a mixed-array number, the protobuf
// Timestamp conversion, and the 'cannot represent' error of the contract.

/**
 * True when a mixed-array number is written as an int32 (protobuf Scalar
 * `integer`, avro `int`, flatbuffers IntScalar), false for a double: the
 * rule of src/workloads/messages/messages.h (an integer in int32 range; -0 stays a double
 * so it keeps its sign).
 */
export function isInt32Value(value) {
  return Number.isInteger(value) && value >= -2147483648 && value <= 2147483647 && !Object.is(value, -0);
}

/**
 * A Date as a protobuf Timestamp {seconds, nanos}, as
 * google.protobuf.Timestamp requires it: seconds rounded toward minus
 * infinity, nanos in [0, 1e9).
 */
export function timestampOf(date) {
  const ms = date.getTime();
  const seconds = Math.floor(ms / 1000);
  return { seconds, nanos: (ms - seconds * 1000) * 1000000 };
}

/** The Date of a protobuf Timestamp's seconds (a number) and nanos (whole milliseconds kept). */
export function dateOf(seconds, nanos) {
  return new Date(seconds * 1000 + Math.floor(nanos / 1000000));
}

/** The contract's error for a record a library cannot hold exactly. */
export function cannotRepresent(peerName, what, recordName) {
  return new Error(`${peerName}: cannot represent ${what} of record "${recordName}"`);
}
