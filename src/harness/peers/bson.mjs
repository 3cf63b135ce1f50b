// bson: MongoDB's BSON. Numbers in the int32 range are written as int32,
// others as doubles; a document is limited to 16 MiB by the library (a
// larger payload fails and is reported as failed).

import { Binary, BSON } from 'bson';

import { isPlainObject } from '../../workloads/documents/value-checks.mjs';
import { valuePaths } from './value-paths.mjs';

function bytesOfBinary(binary) {
  // Binary.buffer may be longer than the data: `position` is its length.
  return binary instanceof Binary ? binary.buffer.subarray(0, binary.position) : binary;
}

// The documented wrapper (docs/documents.md#codecs-and-their-limits): a BSON
// top level must be a document, so any other value is written as
// {"value": v} and unwrapped on decode, as the C++ bson codec does.
const WRAPPER_KEY = 'value';

function isWrapper(document) {
  const keys = Object.keys(document);
  return keys.length === 1 && keys[0] === WRAPPER_KEY;
}

/** The top-level document bson writes for `value`: the value itself, or the wrapper. */
export function bsonDocumentOf(value) {
  if (value === null || typeof value !== 'object' || Array.isArray(value) || !isPlainObject(value))
    return { [WRAPPER_KEY]: value };
  // Such an object would read back as the wrapper, and lose a level.
  if (isWrapper(value))
    throw new Error(
      `bson: cannot represent a top-level object whose only key is "${WRAPPER_KEY}" (it reads as the wrapper)`,
    );
  return value;
}

/**
 * A message record is one document; Date <-> BSON UTC datetime (int64 ms),
 * Uint8Array <-> Binary (subtype 0), decoded as bson's Binary wrapper, which
 * toPlain turns back into bytes (verification only). A document is the
 * value (or its wrapper) as one BSON document. Numbers: integers in int32
 * range as int32, every other number as a double (bson 7 writes no int64
 * for a JS number), so every value comes back exactly; decodes to plain
 * objects, keys in order. bson refuses a key holding U+0000 (a BSON key is
 * a C string).
 */
export const { createPeerPath, createMessagePath, createDocumentPath } = valuePaths(
  (meta, shape) =>
    shape === 'value'
      ? {
          encode: (value) => BSON.serialize(bsonDocumentOf(value)),
          decode: (bytes) => {
            const document = BSON.deserialize(bytes);
            return isWrapper(document) ? document[WRAPPER_KEY] : document;
          },
        }
      : { encode: (value) => BSON.serialize(value), decode: (bytes) => BSON.deserialize(bytes) },
  {
    forRecord: (name, calls) => ({
      ...calls,
      toPlain: (document) =>
        name === 'binary' ? { ...document, data: bytesOfBinary(document.data) } : document,
    }),
  },
);
