// cbor: the original CBOR package (node-cbor), its synchronous calls
// encodeOne() and decodeFirstSync(). Node only: its encoder and decoder are
// Node stream Transforms (`stream`, nofilter); its browser form is another
// package (cbor-web).
//
// cbor.encode() returns only what its stream holds up to the highWaterMark
// (16 KB in Node 20): the bytes of a larger value come back cut short. Its
// README's answer is encodeOne() with a highWaterMark above the output, as
// here (1 GiB: above any payload of the sweep).

import cbor from 'cbor';

const ENCODE_OPTIONS = Object.freeze({ highWaterMark: 2 ** 30 });
const encode = (value) => cbor.encodeOne(value, ENCODE_OPTIONS);

/** The cbor path; decodes to plain objects. */
export function createPeerPath(meta) {
  return {
    ...meta,
    encode(items) {
      return { encoded: encode({ items }) };
    },
    decode(bytes) {
      return { items: cbor.decodeFirstSync(bytes).items };
    },
    bytesOf(bytes) {
      return bytes;
    },
  };
}

/**
 * The cbor messages path: a record is one CBOR map; Date <-> tag 1 (epoch
 * time), Uint8Array <-> byte string.
 */
export function createMessagePath(meta) {
  return {
    ...meta,
    forRecord() {
      return {
        encode: (record) => encode(record),
        decode: (bytes) => cbor.decodeFirstSync(bytes),
      };
    },
  };
}

/** The cbor documents path: the whole value as one CBOR value; plain objects back. */
export function createDocumentPath(meta) {
  return {
    ...meta,
    forDataset() {
      return {
        encode: (value) => encode(value),
        decode: (bytes) => cbor.decodeFirstSync(bytes),
      };
    },
  };
}
