// The look the page's and the report's charts share: the colours of the
// C++ codecs, derived from their order in the build's catalog (raw first,
// then as declared), so the page and the report give a codec the same
// colour; the colour of each place; the Vega-Lite schema of the report's
// specs. Browser-safe.

export const VEGA_LITE_SCHEMA = 'https://vega.github.io/schema/vega-lite/v6.json';

/** The head of every Vega-Lite spec of the report: the schema, its title and its data `values`. */
// The tooltip fields of the place and the path, worded alike in every chart.
export const PLACE_TIP = Object.freeze({ field: 'source', title: 'place' });
export const PATH_TIP = Object.freeze({ field: 'label', title: 'path' });

export const specHead = (values, title) => ({ $schema: VEGA_LITE_SCHEMA, title, data: { values } });

/** A report's chart from its Vega-Lite spec: { id (its SVG file's name), title, spec, empty (no data: not drawn) }. */
export const chartOf = (id, spec) => ({
  id,
  title: spec.title.text,
  spec,
  empty: spec.data.values.length === 0,
});

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

const PLACE_COLORS = { native: '#ff7f0e', node: '#1f77b4', browser: '#d62728' };
const EXTRA_COLORS = ['#2ca02c', '#9467bd', '#8c564b', '#e377c2', '#17becf', '#bcbd22'];

/**
 * A Vega-Lite colour scale of sources (entries { source, place }, a source
 * once however often it comes): its place's colour for the first file of a
 * place, the next other colour for a second file of one place.
 */
export function sourceColors(entries) {
  const domain = [...new Set(entries.map((entry) => entry.source))];
  const used = new Set();
  let extra = 0;
  const range = domain.map((source) => {
    const { place } = entries.find((entry) => entry.source === source);
    if (PLACE_COLORS[place] && !used.has(place)) {
      used.add(place);
      return PLACE_COLORS[place];
    }
    return EXTRA_COLORS[extra++ % EXTRA_COLORS.length];
  });
  return { domain, range };
}
