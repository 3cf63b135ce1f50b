// bson: MongoDB's BSON. Numbers in the int32 range are written as int32,
// others as doubles; a document is limited to 16 MiB by the library (a
// larger payload fails and is reported as failed).

import { Binary, BSON } from 'bson';

/** The bson path; decodes to plain objects. */
export function createPeerPath(meta) {
  return {
    ...meta,
    encode(items) {
      return { encoded: BSON.serialize({ items }) };
    },
    decode(bytes) {
      return { items: BSON.deserialize(bytes).items };
    },
    bytesOf(bytes) {
      return bytes;
    },
  };
}

/**
 * The bson messages path: a record is one document; Date <-> BSON UTC
 * datetime (int64 ms), Uint8Array <-> Binary (subtype 0), decoded as bson's
 * Binary wrapper, which toPlain turns back into bytes (verification only).
 */
export function createMessagePath(meta) {
  return {
    ...meta,
    forRecord(name) {
      return {
        encode: (record) => BSON.serialize(record),
        decode: (bytes) => BSON.deserialize(bytes),
        toPlain: (document) =>
          name === 'binary' ? { ...document, data: bytesOfBinary(document.data) } : document,
      };
    },
  };
}

function bytesOfBinary(binary) {
  // Binary.buffer may be longer than the data: `position` is its length.
  return binary instanceof Binary ? binary.buffer.subarray(0, binary.position) : binary;
}
