// The tagged form (docs/documents.md#the-tagged-form) as plain bytes, for
// tests: its tags, and the product's writer and reader (tagged-writer.mjs,
// tagged-reader.mjs) on a Uint8Array of their own instead of a wasm heap.

import { TaggedReader } from '../../src/tagged/tagged-reader.mjs';
import { ownBufferWriter } from '../../src/tagged/tagged-writer.mjs';

export const TAG = Object.freeze({
  null: 0,
  false: 1,
  true: 2,
  int32: 3,
  float64: 4,
  string: 5,
  array: 6,
  object: 7,
  // extended mode only (messages)
  timestamp: 8,
  bytes: 9,
});

/**
 * The tagged form of `value` as a new Uint8Array, written into a buffer of
 * `initialBytes` that grows as needed (options: { extended }). Throws a
 * ValueError for a value that is not JSON-like.
 */
export function writeTagged(value, initialBytes = 256, options = {}) {
  return ownBufferWriter(initialBytes, options)(value).slice();
}

/** The value of tagged-form bytes (options: { extended }). */
export function readTagged(bytes, options = {}) {
  return new TaggedReader(options).read(bytes, 0, bytes.length);
}
