// @msgpack/msgpack: the msgpack reference library for JS. One Encoder and
// one Decoder are reused, as its docs advise for speed.

import { Decoder, Encoder } from '@msgpack/msgpack';

/** The @msgpack/msgpack path; decodes to plain objects. */
export function createPeerPath(meta) {
  const encoder = new Encoder();
  const decoder = new Decoder();
  return {
    ...meta,
    encode(items) {
      return { encoded: encoder.encode({ items }) };
    },
    decode(bytes) {
      return { items: decoder.decode(bytes).items };
    },
    bytesOf(bytes) {
      return bytes;
    },
  };
}

/**
 * The @msgpack/msgpack messages path: a record is one msgpack map; Date <->
 * timestamp extension -1 (its default extension codec), Uint8Array <-> bin,
 * non-integer numbers as float64.
 */
export function createMessagePath(meta) {
  const encoder = new Encoder();
  const decoder = new Decoder();
  return {
    ...meta,
    forRecord() {
      return {
        encode: (record) => encoder.encode(record),
        decode: (bytes) => decoder.decode(bytes),
      };
    },
  };
}

/** The @msgpack/msgpack documents path: the whole value as one msgpack value; plain objects back. */
export function createDocumentPath(meta) {
  const encoder = new Encoder();
  const decoder = new Decoder();
  return {
    ...meta,
    forDataset() {
      return {
        encode: (value) => encoder.encode(value),
        decode: (bytes) => decoder.decode(bytes),
      };
    },
  };
}
