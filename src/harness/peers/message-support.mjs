// Small helpers the peer adapters share for the messages workload (not a
// peer itself): the one rule that types a mixed-array number, the protobuf
// Timestamp conversion and the `record` calls built on it (one code for the
// protobuf libraries, each passing its own encode and decode), the message
// names of proto/messages.proto, and the 'cannot represent' error of the
// contract.

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

/**
 * The name of each record's message in proto/messages.proto (package
 * wcb.msg), as the generated code of every protobuf library names it.
 */
export const PROTO_MESSAGE_NAMES = Object.freeze({
  bool: 'BoolMessage',
  int: 'IntMessage',
  double: 'DoubleMessage',
  string: 'StringMessage',
  array: 'ArrayMessage',
  nested: 'NestedMessage',
  record: 'Record',
  binary: 'BinaryMessage',
  object1: 'Object1Message',
  object2: 'Object2Message',
  object3: 'Object3Message',
});

/**
 * A mixed-array element as the protobuf Scalar oneof written as a plain
 * object with its one set member ({flag} | {integer} | {number} | {text}),
 * as protobufjs and protons take it.
 */
export function plainScalarOf(value) {
  switch (typeof value) {
    case 'boolean':
      return { flag: value };
    case 'string':
      return { text: value };
    default:
      return isInt32Value(value) ? { integer: value } : { number: value };
  }
}

/**
 * The calls of the protobuf `record` message, around a library's own
 * `encode(message)` and `decode(bytes)`: encode turns createdAt into a
 * Timestamp (its int64 seconds made by `seconds`, as the library types them:
 * BigInt or a number) and each tag into a Scalar (`scalarOf`); decode turns
 * them back in the decoded message (`numberOf` reads the seconds,
 * `scalarValue` a tag). Both timed: a user of protobuf writes them.
 */
function protobufRecordCalls(
  peerName,
  { encode, decode, scalarOf, scalarValue, seconds: toSeconds = (seconds) => seconds, numberOf = Number },
) {
  return {
    encode: (record) => {
      const { seconds, nanos } = timestampOf(record.createdAt);
      return encode({
        ...record,
        createdAt: { seconds: toSeconds(seconds), nanos },
        tags: record.tags.map(scalarOf),
      });
    },
    decode: (bytes) => {
      const message = decode(bytes);
      if (!message.createdAt) throw new Error(`${peerName}: record: created_at is missing`);
      const { seconds, nanos } = message.createdAt;
      message.createdAt = dateOf(numberOf(seconds), nanos);
      message.tags = message.tags.map(scalarValue);
      return message;
    },
  };
}

/**
 * The messages path of a protobuf library: `callsOf(name)` returns its own
 * { encode(message), decode(bytes) } for record `name`'s message, which
 * `record` wraps in the Timestamp and Scalar conversions above
 * (`conversions`: scalarOf, scalarValue, seconds, numberOf); `toPlain` when
 * decoded messages are not plain records.
 */
export function protobufMessagePath(meta, peerName, { callsOf, toPlain, ...conversions }) {
  return {
    ...meta,
    forRecord(name) {
      const calls = callsOf(name);
      const path = name === 'record' ? protobufRecordCalls(peerName, { ...calls, ...conversions }) : calls;
      return toPlain ? { ...path, toPlain } : path;
    },
  };
}
