// The bytes a format writes and a codec ships, for a workload whose rows
// say their JSON size: encoded and gzip size per format against the JSON
// text at one unit, and the wasm module of each codec from the run headers
// (Vega-Lite specs).

import { isJsonBaseline, isObjectFloor } from '../catalog.mjs';
import { KB } from '../harness/format.mjs';
import { compareCodecs } from './codec-order.mjs';
import { compareBy, labelOf, rank, sortRows } from './shared-model.mjs';
import { specHead } from './palette.mjs';

const SIZE_MEASURES = ['encoded', 'gzip', 'gzip -9'];
// The bars of a row told apart by colour: one per measure, in `range`'s colours.
const measureColors = (domain, range) => ({
  field: 'measure',
  type: 'nominal',
  scale: { domain, range },
  title: null,
});

/**
 * Encoded and gzip size relative to the JSON text at each source's chosen
 * unit (`rowsAt(document)`: its ok rows there), one format per C++ codec and
 * JS library, taken from the first source that has it in the order node,
 * browser, native (gzip is computed by that place's runtime, which is named
 * in the record).
 */
export function sizeRecords(sources, rowsAt) {
  const preference = ['node', 'browser', 'native'];
  const ordered = [...sources].sort(compareBy((s) => rank(preference, s.place)));
  const chosenRows = new Map();
  for (const source of ordered) {
    // The object floor's columns are no encoding: it has no size to compare.
    for (const row of rowsAt(source.document).filter((candidate) => !isObjectFloor(candidate))) {
      const format = isJsonBaseline(row)
        ? 'JSON text'
        : row.impl === 'js'
          ? labelOf(row)
          : `${row.codec} (C++)${row.variant ? ` [${row.variant}]` : ''}`;
      if (!chosenRows.has(format)) chosenRows.set(format, { format, source, row });
    }
  }
  const byFormat = new Map([...chosenRows.values()].map((entry) => [entry.row, entry]));
  return sortRows([...byFormat.keys()]).flatMap((row, order) => {
    const { format, source } = byFormat.get(row);
    const common = { format, source: source.source, jsonMB: row.jsonMB, jsonBytes: row.jsonBytes, order };
    return [
      ['encoded', row.encodedBytes],
      ['gzip', row.gzipBytes],
      ['gzip -9', row.gzip9Bytes],
    ]
      .filter(([, bytes]) => bytes !== undefined)
      .map(([measure, bytes]) => ({ ...common, measure, bytes, ratio: bytes / row.jsonBytes }));
  });
}

/** Encoded and gzip size / JSON text size per format at the chosen unit (`at`: which, in words). */
export function sizesChart(sources, rowsAt, at) {
  const y = { field: 'format', type: 'nominal', sort: { field: 'order', op: 'min' }, title: null };
  const yOffset = { field: 'measure', sort: SIZE_MEASURES };
  return {
    ...specHead(sizeRecords(sources, rowsAt), {
      text: `Encoded size vs JSON text (${at})`,
      subtitle:
        'bytes / JSON text bytes of the same payload; gzip as computed by the runtime named in the tooltip',
    }),
    width: 480,
    height: { step: 12 },
    layer: [
      {
        mark: 'bar',
        encoding: {
          y,
          yOffset,
          x: { field: 'ratio', type: 'quantitative', title: 'size / JSON text size' },
          color: measureColors(SIZE_MEASURES, ['#4c78a8', '#72b7b2', '#b8dcd9']),
          tooltip: [
            { field: 'format' },
            { field: 'measure' },
            { field: 'bytes', title: 'bytes', format: ',' },
            { field: 'ratio', title: 'x JSON text', format: '.3f' },
            { field: 'jsonMB', title: 'JSON MB', format: '.3f' },
            { field: 'source', title: 'measured in' },
          ],
        },
      },
      {
        mark: { type: 'text', align: 'left', dx: 3, fontSize: 9 },
        encoding: {
          y,
          yOffset,
          x: { field: 'ratio', type: 'quantitative' },
          text: { field: 'ratio', type: 'quantitative', format: '.3~f' },
        },
      },
      { mark: { type: 'rule', color: '#000', strokeDash: [3, 3] }, encoding: { x: { datum: 1 } } },
    ],
  };
}

/** wasm module sizes per codec from the run headers (raw and gzip), each build once. */
export function moduleRecords(sources) {
  const byCodec = new Map();
  for (const source of sources) {
    for (const module of source.document.run.build.modules ?? []) {
      const list = byCodec.get(module.codec) ?? [];
      if (!list.some((known) => known.module.wasmBytes === module.wasmBytes)) list.push({ source, module });
      byCodec.set(module.codec, list);
    }
  }
  return [...byCodec.keys()].sort(compareCodecs).flatMap((codec) => {
    const list = byCodec.get(codec);
    return list.flatMap(({ source, module }) => {
      const common = {
        codec: list.length > 1 ? `${codec} (${source.source})` : codec,
        glueBytes: module.glueBytes,
      };
      return [
        { ...common, measure: 'wasm', bytes: module.wasmBytes, kb: module.wasmBytes / KB },
        { ...common, measure: 'wasm gzip', bytes: module.wasmGzipBytes, kb: module.wasmGzipBytes / KB },
      ];
    });
  });
}

/** The shipped wasm module of each codec, raw and gzip. */
export function modulesChart(sources) {
  return {
    ...specHead(moduleRecords(sources), {
      text: 'wasm module size per codec',
      subtitle: 'the .wasm file as built, and gzipped; the JS glue (in the tooltip) comes on top',
    }),
    width: 480,
    height: { step: 14 },
    mark: 'bar',
    encoding: {
      y: { field: 'codec', type: 'nominal', sort: null, title: null },
      yOffset: { field: 'measure', sort: ['wasm', 'wasm gzip'] },
      x: { field: 'kb', type: 'quantitative', title: 'KB' },
      color: measureColors(['wasm', 'wasm gzip'], ['#e45756', '#ff9d98']),
      tooltip: [
        { field: 'codec' },
        { field: 'measure' },
        { field: 'bytes', title: 'bytes', format: ',' },
        { field: 'glueBytes', title: 'JS glue bytes', format: ',' },
      ],
    },
  };
}
