// The reference every ratio is measured against: the engine's own
// JSON.stringify / JSON.parse on the same payload the wasm codecs get.

import { JSON_BASELINE_LIBRARY, JSON_UTF8_VARIANT, isJsonBaseline, isJsonUtf8Baseline } from '../catalog.mjs';

export { JSON_BASELINE_LIBRARY, isJsonBaseline, isJsonUtf8Baseline };

/** A measurable path (see paths.mjs) for the JSON baseline. */
export function createJsonBaselinePath() {
  return {
    codec: 'json',
    impl: 'js',
    interop: 'js',
    library: JSON_BASELINE_LIBRARY,
    encode(items) {
      return { encoded: JSON.stringify({ items }) };
    },
    decode(text) {
      return { items: JSON.parse(text).items };
    },
    bytesOf(text) {
      return text;
    },
  };
}

/**
 * The JSON baseline on bytes, as every other path works: UTF-8 out of
 * JSON.stringify, JSON.parse of the decoded text. What a user pays to send
 * JSON over a wire or store it; the string baseline above never pays it.
 */
export function createJsonUtf8BaselinePath() {
  // One of each for every call, as a user would keep them.
  const encoder = new TextEncoder();
  const decoder = new TextDecoder();
  return {
    codec: 'json',
    impl: 'js',
    interop: 'js',
    variant: JSON_UTF8_VARIANT,
    library: JSON_BASELINE_LIBRARY,
    encode(items) {
      return { encoded: encoder.encode(JSON.stringify({ items })) };
    },
    decode(bytes) {
      return { items: JSON.parse(decoder.decode(bytes)).items };
    },
    bytesOf(bytes) {
      return bytes;
    },
  };
}
