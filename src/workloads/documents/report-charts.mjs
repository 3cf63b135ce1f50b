// The charts of the documents report (Vega-Lite specs): the time of every
// path per data set, encode and decode, and the interop share of each wasm
// strategy per data set; one colour per place. JBB's published figures are
// not drawn: another machine, another Node.js, other data.

import { compressionChart } from '../../report/compression-chart.mjs';
import { VEGA_LITE_SCHEMA, chartOf, unitDotsChart } from '../../report/palette.mjs';
import { HOW_ORDER, OPERATIONS, datasetsOfSources, interopRecords, timeRecords } from './report-model.mjs';

const HEADER = { labelFontWeight: 'bold', labelFontSize: 12 };

export const chartId = (operation) => `documents-${operation}`;
export const INTEROP_CHART = 'documents-interop';

/** The median time of every path, one panel per data set (each its own log axis), a dot per place. */
const timeChart = (sources, operation) =>
  unitDotsChart({
    title: `Documents, ${operation}: time per data set and path`,
    subtitle: `median ms of the timed runs (log scale, each data set its own axis); further left is faster; JSON.stringify/parse is ${operation === 'encode' ? 'JSON.stringify' : 'JSON.parse'}`,
    values: timeRecords(sources, operation),
    unit: { field: 'dataset', sort: datasetsOfSources(sources), columns: 3 },
    x: { field: 'ms', title: 'ms' },
    width: 220,
    independent: true,
    tooltip: [
      { field: 'source', title: 'place' },
      { field: 'dataset', title: 'data set' },
      { field: 'label', title: 'path' },
      { field: 'ms', title: 'median ms', format: '.4g' },
      { field: 'versusJson', title: 'x JSON', format: '.3g' },
      { field: 'verdict', title: 'verdict' },
    ],
  });

/** The share of the call spent crossing JS <-> wasm, per strategy and data set. */
function interopChart(sources) {
  const values = interopRecords(sources);
  const strategies = HOW_ORDER.filter((how) => values.some((record) => record.strategy === how));
  return {
    $schema: VEGA_LITE_SCHEMA,
    title: {
      text: 'Documents: the interop share per strategy',
      subtitle:
        '(total - codec) / total of each call, the median over the codecs measured through the strategy; 0% = all codec work, 100% = all crossing',
    },
    data: { values },
    facet: {
      field: 'dataset',
      type: 'nominal',
      sort: datasetsOfSources(sources),
      title: null,
      header: HEADER,
    },
    columns: 3,
    spec: {
      width: 220,
      height: { step: 16 },
      mark: { type: 'point', filled: true, size: 60 },
      encoding: {
        y: { field: 'strategy', type: 'nominal', sort: strategies, title: null },
        x: {
          field: 'share',
          type: 'quantitative',
          scale: { domain: [0, 1] },
          axis: { format: '%', grid: true },
          title: 'interop share',
        },
        color: { field: 'operation', type: 'nominal', sort: OPERATIONS, title: 'operation' },
        shape: { field: 'source', type: 'nominal', title: 'place' },
        tooltip: [
          { field: 'source', title: 'place' },
          { field: 'dataset', title: 'data set' },
          { field: 'strategy' },
          { field: 'operation' },
          { field: 'share', title: 'interop share', format: '.0%' },
          { field: 'codecs', title: 'codecs' },
        ],
      },
    },
    resolve: { scale: { y: 'shared' } },
  };
}

/** The charts of a documents report: [{ id, title, spec, empty }] in page order. */
export function documentCharts(sources) {
  return [
    ...OPERATIONS.map((operation) => chartOf(chartId(operation), timeChart(sources, operation))),
    chartOf(INTEROP_CHART, interopChart(sources)),
    // Time against the bytes that leave, with the compression stage (docs/design.md#compression).
    compressionChart(sources, { unitOf: (row) => row.dataset, unitTitle: 'data set' }),
  ];
}
