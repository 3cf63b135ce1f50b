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
//   - its reader reads every 8-byte field as a BigInt, offsets too: in a
//     vector of 8-byte elements (any vector holding a float64) it then
//     subtracts a BigInt offset from a number and throws "Cannot mix BigInt
//     and other types". The adapter reads such buffers through a DataView
//     whose 64-bit reads give a number whenever it holds the same integer
//     (offsets always; ints the encoder wrote from a JS number), and the
//     BigInt otherwise, so no value is changed;
//   - its writer puts a float that 32 bits hold (0.5) into 4 of the 8 bytes
//     of its slot in a vector of 8-byte elements: read back as another number.
// None of that is hidden: verification reports a changed value, and a
// failed read is an Error naming flexbuffers.

import { encode } from 'flatbuffers/js/flexbuffers.js';
import { fromByteWidth } from 'flatbuffers/js/flexbuffers/bit-width-util.js';
import { Reference } from 'flatbuffers/js/flexbuffers/reference.js';

// The library throws strings as well as Errors.
function failure(what, thrown) {
  const reason = thrown instanceof Error ? `${thrown.name}: ${thrown.message}` : String(thrown);
  return new Error(`flexbuffers: ${what} failed: ${reason}`);
}

/** A 64-bit integer as a number when that is the same integer, else as it is (a BigInt). */
function exactNumber(big) {
  const number = Number(big);
  return BigInt(number) === big ? number : big;
}

/** The library's reader reads its fields through these: 64-bit ones as exactNumber gives them. */
class NumberOffsetsView extends DataView {
  getBigUint64(offset, littleEndian) {
    return exactNumber(super.getBigUint64(offset, littleEndian));
  }
  getBigInt64(offset, littleEndian) {
    return exactNumber(super.getBigInt64(offset, littleEndian));
  }
}

/**
 * The root value of FlexBuffers `bytes`, as plain values. The format's
 * trailer: the last byte is the root's byte width, the one before its
 * packed type, and the root value sits just before them.
 */
export function readFlexBuffer(bytes) {
  if (bytes.byteLength < 3) throw new Error(`${bytes.byteLength} bytes: a FlexBuffer holds at least 3`);
  const view = new NumberOffsetsView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const byteWidth = view.getUint8(bytes.byteLength - 1);
  const packedType = view.getUint8(bytes.byteLength - 2);
  const offset = bytes.byteLength - byteWidth - 2;
  return new Reference(view, offset, fromByteWidth(byteWidth), packedType, '/').toObject();
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
            return readFlexBuffer(bytes);
          } catch (thrown) {
            throw failure('decode', thrown);
          }
        },
        keyOrder: false,
      };
    },
  };
}
