// The size charts of the tuples report (Vega-Lite specs): encoded and gzip
// size per format against the JSON text, and the wasm module of each codec.

import { formatMB } from '../../harness/format.mjs';
import { VEGA_LITE_SCHEMA } from '../../report/palette.mjs';
import { moduleRecords, sizeRecords } from './report-size-model.mjs';

const SIZE_MEASURES = ['encoded', 'gzip', 'gzip -9'];

/** Encoded and gzip size / JSON text size per format at the chosen size. */
export function sizesChart(sources, sizeMB) {
  const records = sizeRecords(sources, sizeMB);
  const y = { field: 'format', type: 'nominal', sort: { field: 'order', op: 'min' }, title: null };
  return {
    $schema: VEGA_LITE_SCHEMA,
    title: {
      text: `Encoded size vs JSON text (the size nearest ${formatMB(sizeMB)} MB)`,
      subtitle:
        'bytes / JSON text bytes of the same payload; gzip as computed by the runtime named in the tooltip',
    },
    data: { values: records },
    width: 480,
    height: { step: 12 },
    layer: [
      {
        mark: 'bar',
        encoding: {
          y,
          yOffset: { field: 'measure', sort: SIZE_MEASURES },
          x: { field: 'ratio', type: 'quantitative', title: 'size / JSON text size' },
          color: {
            field: 'measure',
            type: 'nominal',
            scale: { domain: SIZE_MEASURES, range: ['#4c78a8', '#72b7b2', '#b8dcd9'] },
            title: null,
          },
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
          yOffset: { field: 'measure', sort: SIZE_MEASURES },
          x: { field: 'ratio', type: 'quantitative' },
          text: { field: 'ratio', type: 'quantitative', format: '.3~f' },
        },
      },
      { mark: { type: 'rule', color: '#000', strokeDash: [3, 3] }, encoding: { x: { datum: 1 } } },
    ],
  };
}

/** The shipped wasm module of each codec, raw and gzip. */
export function modulesChart(sources) {
  const records = moduleRecords(sources);
  return {
    $schema: VEGA_LITE_SCHEMA,
    title: {
      text: 'wasm module size per codec',
      subtitle: 'the .wasm file as built, and gzipped; the JS glue (in the tooltip) comes on top',
    },
    data: { values: records },
    width: 480,
    height: { step: 14 },
    mark: 'bar',
    encoding: {
      y: { field: 'codec', type: 'nominal', sort: null, title: null },
      yOffset: { field: 'measure', sort: ['wasm', 'wasm gzip'] },
      x: { field: 'kb', type: 'quantitative', title: 'KB' },
      color: {
        field: 'measure',
        type: 'nominal',
        scale: { domain: ['wasm', 'wasm gzip'], range: ['#e45756', '#ff9d98'] },
        title: null,
      },
      tooltip: [
        { field: 'codec' },
        { field: 'measure' },
        { field: 'bytes', title: 'bytes', format: ',' },
        { field: 'glueBytes', title: 'JS glue bytes', format: ',' },
      ],
    },
  };
}
