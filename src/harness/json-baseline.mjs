// The reference every ratio is measured against: the engine's own
// JSON.stringify / JSON.parse on the same payload the wasm codecs get.

export const JSON_BASELINE_LIBRARY = 'JSON.stringify/JSON.parse';

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

/** True for a results row (or path) of the JSON baseline. */
export function isJsonBaseline({ codec, impl }) {
  return codec === 'json' && impl === 'js';
}
