// FlexBuffers: flatbuffers' schema-less format, through the flexbuffers API
// of the flatbuffers npm package (the same package as the 'flatbuffers'
// peer; its CommonJS build, which Node and esbuild both load).
//
// What the library does with JSON values (flatbuffers 25.9.23):
//   - maps are written with their keys sorted (the format needs it for
//     lookup), so decoded objects have sorted keys: keyOrder false;
//   - an integer-valued number is written as an int (a 64-bit one beyond
//     int32) and read back as a BigInt when 64 bits wide; integer-valued
//     numbers beyond 2^63 are written wrong (BigInt64 wraps);
//   - its reader fails on vectors whose elements are 8 bytes wide (float64s,
//     64-bit offsets): it mixes a BigInt offset with numbers.
// None of that is hidden: verification reports a changed value, and a
// failed read is an Error naming flexbuffers.

import { encode, toObject } from 'flatbuffers/js/flexbuffers.js';

// The library throws strings as well as Errors.
function failure(what, thrown) {
  const reason = thrown instanceof Error ? `${thrown.name}: ${thrown.message}` : String(thrown);
  return new Error(`flexbuffers: ${what} failed: ${reason}`);
}

// toObject reads an ArrayBuffer from its start: a view of part of one is
// copied out first.
function arrayBufferOf(bytes) {
  if (bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength) return bytes.buffer;
  return bytes.slice().buffer;
}

/** The flexbuffers documents path: one FlexBuffers root value; plain objects with sorted keys back. */
export function createDocumentPath(meta) {
  return {
    ...meta,
    forDataset() {
      return {
        encode(value) {
          try {
            return encode(value);
          } catch (thrown) {
            throw failure('encode', thrown);
          }
        },
        decode(bytes) {
          try {
            return toObject(arrayBufferOf(bytes));
          } catch (thrown) {
            throw failure('decode', thrown);
          }
        },
        keyOrder: false,
      };
    },
  };
}
