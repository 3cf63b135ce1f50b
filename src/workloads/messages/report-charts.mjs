// The charts of the messages report (Vega-Lite specs): operations per
// second per record and path, and the per-call floor, one colour per place.

import { recordsOf as catalogRecords } from '../../catalog.mjs';
import { groupBy } from '../../harness/group-by.mjs';
import { median } from '../../harness/stats.mjs';
import { ACROSS_PROCESSES } from '../../report/model.mjs';
import { VEGA_LITE_SCHEMA, chartOf, sourceColors, unitDotsChart } from '../../report/palette.mjs';
import {
  MESSAGE_OPERATIONS,
  OPERATION_TITLES,
  boundaryLines,
  callFloorRows,
  opsRecords,
} from './report-model.mjs';

const MESSAGE_NAMES = catalogRecords('messages', { optional: true });
const LOG_AXIS = { format: '~s', grid: true, labelOverlap: 'greedy' };

/**
 * One panel per record that `rows` hold, in the messages' own order, four to a
 * line: the ops/s and the ns-per-call charts lay their panels out alike.
 */
function recordPanels(rows) {
  return {
    facet: {
      field: 'record',
      type: 'nominal',
      sort: MESSAGE_NAMES.filter((name) => rows.some((row) => row.record === name)),
      title: null,
      header: { labelFontWeight: 'bold', labelFontSize: 12 },
    },
    columns: 4,
  };
}

/** The size of one record's panel in those charts. */
const PANEL_SIZE = { width: 190, height: { step: 12 } };

/** Ops/s of every path, one panel per record, log scale; a dot per place. */
function opsChart(sources, operation) {
  const values = opsRecords(sources, operation);
  return unitDotsChart({
    title: `Messages, ${OPERATION_TITLES[operation]}: operations per second per record`,
    subtitle: 'median ops/s of the timed repetitions (log scale); further right is faster; one dot per place',
    values,
    unit: { field: 'record', sort: recordPanels(values).facet.sort, columns: 4 },
    x: { field: 'opsPerSec', title: 'ops/s', axis: LOG_AXIS },
    width: PANEL_SIZE.width,
    tooltip: [
      { field: 'source', title: 'place' },
      { field: 'label', title: 'path' },
      { field: 'record' },
      { field: 'opsPerSec', title: 'ops/s', format: ',.0f' },
      { field: 'nsPerOp', title: 'ns/op', format: ',.0f' },
      { field: 'versusJson', title: 'x JSON', format: '.3g' },
    ],
  });
}

/** The empty call's ns/op per module and place: the median over the module's instances (batches). */
function callFloorChart(sources) {
  const measured = callFloorRows(sources).filter((line) => line.nsPerOp > 0);
  // A codec's wasm module and the addon are two modules: "msgpack", "msgpack (addon)".
  const withPlace = [...groupBy(measured, (line) => `${line.source}|${line.module}`).values()].map(
    (group) => {
      const nsPerOp = median(group.map((line) => line.nsPerOp));
      return {
        source: group[0].source,
        codec: group[0].module,
        place: sources.find((source) => source.source === group[0].source).place,
        nsPerOp,
        opsPerSec: 1e9 / nsPerOp,
        instances: group.length,
      };
    },
  );
  return {
    $schema: VEGA_LITE_SCHEMA,
    title: {
      text: 'The per-call floor: one call into wasm (or the addon) that does nothing',
      subtitle:
        'ns per call of an exported function with no arguments and no work, per module and place (median over its instances); "(addon)": the Node-API addon',
    },
    data: { values: withPlace },
    width: 420,
    height: { step: 14 },
    mark: 'bar',
    encoding: {
      y: { field: 'codec', type: 'nominal', title: 'module' },
      yOffset: { field: 'source' },
      x: { field: 'nsPerOp', type: 'quantitative', title: 'ns per call' },
      color: { field: 'source', type: 'nominal', scale: sourceColors(withPlace), title: 'place' },
      tooltip: [
        { field: 'source', title: 'place' },
        { field: 'codec', title: 'module' },
        { field: 'nsPerOp', title: 'ns/call (median)', format: ',.1f' },
        { field: 'opsPerSec', title: 'calls/s', format: ',.0f' },
        { field: 'instances', title: 'module instances' },
      ],
    },
  };
}

export const chartId = (operation) => `messages-${operation.toLowerCase()}`;
export const BOUNDARY_CHART = 'messages-wasm-vs-addon';
const BOUNDARY_COLORS = { wasm: '#1f77b4', addon: '#2ca02c' };

/**
 * ns/op of every C++ path through wasm and through the Node-API addon, one
 * panel per record, encode and decode, with each boundary's empty call as a
 * vertical rule: what one call costs on each side before any codec work.
 */
function boundaryChart(sources) {
  const lines = boundaryLines(sources);
  const values = [];
  for (const line of lines) {
    for (const operation of ['encode', 'decode']) {
      const ns = line.ns[operation];
      if (!(ns > 0)) continue;
      values.push({
        kind: 'path',
        source: line.source,
        record: line.record,
        label: line.label,
        boundary: line.boundary,
        operation,
        nsPerOp: ns,
        emptyCallNs: line.emptyCallNs,
        versusWasm: line.versusWasm?.[operation],
      });
    }
  }
  // One rule per record, source and boundary: the median empty call of the codecs drawn.
  for (const [, group] of groupBy(lines, (line) => `${line.source}|${line.record}|${line.boundary}`)) {
    const floors = [...new Set(group.map((line) => line.emptyCallNs).filter((ns) => ns > 0))];
    if (floors.length === 0) continue;
    const { source, record, boundary } = group[0];
    values.push({ kind: 'empty call', source, record, boundary, nsPerOp: median(floors) });
  }
  const labels = [...new Set(lines.map((line) => line.label))];
  const boundaries = ['wasm', 'addon'];
  const color = {
    field: 'boundary',
    type: 'nominal',
    scale: { domain: boundaries, range: boundaries.map((boundary) => BOUNDARY_COLORS[boundary]) },
    title: 'boundary',
  };
  return {
    $schema: VEGA_LITE_SCHEMA,
    title: {
      text: 'Messages: ns per call through wasm and through the Node-API addon',
      subtitle:
        'the same C++ codecs behind two boundaries, median ns/op (log scale); dashed rule: the empty call of each boundary; further left is faster',
    },
    data: { values: values.filter((value) => value.kind === 'path').length > 0 ? values : [] },
    ...recordPanels(lines),
    spec: {
      ...PANEL_SIZE,
      layer: [
        {
          transform: [{ filter: "datum.kind === 'empty call'" }],
          mark: { type: 'rule', strokeDash: [4, 3], strokeWidth: 1.5 },
          encoding: {
            x: { field: 'nsPerOp', type: 'quantitative' },
            color,
            tooltip: [
              { field: 'source', title: 'place' },
              { field: 'boundary' },
              { field: 'nsPerOp', title: 'empty call ns', format: ',.1f' },
            ],
          },
        },
        {
          transform: [{ filter: "datum.kind === 'path'" }],
          mark: { type: 'point', filled: true, size: 45 },
          encoding: {
            y: { field: 'label', type: 'nominal', sort: labels, title: null },
            x: {
              field: 'nsPerOp',
              type: 'quantitative',
              scale: { type: 'log' },
              axis: LOG_AXIS,
              title: 'ns/op',
            },
            color,
            shape: { field: 'operation', type: 'nominal', sort: ['encode', 'decode'], title: 'operation' },
            tooltip: [
              { field: 'source', title: 'place' },
              { field: 'label', title: 'path' },
              { field: 'record' },
              { field: 'operation' },
              { field: 'nsPerOp', title: 'ns/op', format: ',.0f' },
              { field: 'emptyCallNs', title: 'empty call ns (this boundary)', format: ',.1f' },
              { field: 'versusWasm', title: `x its wasm counterpart (${ACROSS_PROCESSES})`, format: '.3g' },
            ],
          },
        },
      ],
    },
    resolve: { scale: { x: 'shared', y: 'shared' } },
  };
}

/** The charts of a messages report: [{ id, title, spec, empty }] in page order. */
export function messageCharts(sources) {
  return [
    ...MESSAGE_OPERATIONS.map((operation) => chartOf(chartId(operation), opsChart(sources, operation))),
    chartOf('call-floor', callFloorChart(sources)),
    chartOf(BOUNDARY_CHART, boundaryChart(sources)),
  ];
}
