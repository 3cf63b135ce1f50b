// cbor-x: CBOR, with its default encode/decode (plain CBOR maps, no record
// extension), the calls its users make.

import { decode, encode } from 'cbor-x';

/** The cbor-x path; decodes to plain objects. */
export function createPeerPath(meta) {
  return {
    ...meta,
    encode(items) {
      return { encoded: encode({ items }) };
    },
    decode(bytes) {
      return { items: decode(bytes).items };
    },
    bytesOf(bytes) {
      return bytes;
    },
  };
}

/**
 * The cbor-x messages path: a record is one CBOR map; Date <-> tag 1 (epoch
 * time), Uint8Array <-> byte string (decoded as a Buffer in Node).
 */
export function createMessagePath(meta) {
  return {
    ...meta,
    forRecord() {
      return {
        encode: (record) => encode(record),
        decode: (bytes) => decode(bytes),
      };
    },
  };
}

/** The cbor-x documents path: the whole value as one CBOR value; plain objects back. */
export function createDocumentPath(meta) {
  return {
    ...meta,
    forDataset() {
      return {
        encode: (value) => encode(value),
        decode: (bytes) => decode(bytes),
      };
    },
  };
}
