// Colours of the C++ codecs, derived from their order in the build's
// catalog (raw first, then as declared): the page and the report give a
// codec the same colour. Browser-safe.

// The first five keep the colours the charts had before the catalog (raw
// orange, json blue, msgpack red, protobuf green, flatbuffers purple);
// a codec added later takes the next one.
export const CODEC_PALETTE = Object.freeze([
  '#ff7f0e',
  '#1f77b4',
  '#d62728',
  '#2ca02c',
  '#9467bd',
  '#8c564b',
  '#e377c2',
  '#17becf',
  '#bcbd22',
  '#7f7f7f',
  '#393b79',
  '#ad494a',
  '#637939',
  '#8c6d31',
  '#7b4173',
  '#e7ba52',
  '#843c39',
  '#9c9ede',
  '#cedb9c',
  '#de9ed6',
]);

/**
 * A colour function for codecs: those of `order` (the catalog's codec
 * names) by their position, any other in order of first request after them.
 */
export function codecColors(order = []) {
  const known = [...order];
  return (codec) => {
    if (!known.includes(codec)) known.push(codec);
    return CODEC_PALETTE[known.indexOf(codec) % CODEC_PALETTE.length];
  };
}
