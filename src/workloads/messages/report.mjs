// The report of the `messages` workload (run.workload 'messages'), found by
// name by src/report/index.mjs: the generic report (src/report/unit-report.mjs)
// per record, in operations per second, with its own two views: the per-call
// floor (an exported function that does nothing, per wasm module and for the
// Node-API addon) and the same C++ behind the two boundaries (wasm, addon)
// beside each one's empty call. The tables per record are the view's
// (view.mjs, src/report/file-report.mjs).
//
// Floor rows carry variant 'floor': interop val/embind (the marshal alone)
// and interop 'call' with record 'none' (the empty call, encode only).

import { isAddonRow } from '../../catalog.mjs';
import { groupBy } from '../../harness/group-by.mjs';
import { median } from '../../harness/stats.mjs';
import { PATH_TIP, PLACE_TIP, chartOf, sourceColors, specHead } from '../../report/palette.mjs';
import { reportFor, unitRecords } from '../../report/unit-report.mjs';
import { OPERATIONS } from '../../harness/block.mjs';
import { view } from './view.mjs';

export const BOUNDARY_CHART = 'messages-wasm-vs-addon';
export const FLOOR_CHART = 'call-floor';
const LOG_AXIS = { format: '~s', grid: true, labelOverlap: 'greedy' };
const boundaryOf = (row) => (isAddonRow(row) ? 'addon' : 'wasm');
const isCallFloor = (row) => row.interop === 'call' && row.variant === 'floor';

/**
 * The empty call of every wasm module (and of the addon) per source:
 * [{ source, place, module ("msgpack", "msgpack (addon)"), codec, boundary, nsPerOp }].
 */
export function callFloorRows(sources) {
  return sources.flatMap((source) =>
    source.document.rows
      .filter((row) => isCallFloor(row) && row.status === 'ok' && row.encode?.opsPerSec?.median > 0)
      .map((row) => ({
        source: source.source,
        place: source.place,
        codec: row.codec,
        module: `${row.codec}${isAddonRow(row) ? ' (addon)' : ''}`,
        boundary: boundaryOf(row),
        nsPerOp: row.encode.nsPerOp ?? 1e9 / row.encode.opsPerSec.median,
      })),
  );
}

/** The empty call's ns per module and place: the median over the module's instances (batches). */
function floorChart(sources) {
  const values = [...groupBy(callFloorRows(sources), (line) => `${line.source}|${line.module}`).values()].map(
    (group) => ({ ...group[0], nsPerOp: median(group.map((line) => line.nsPerOp)), instances: group.length }),
  );
  return {
    ...specHead(values, {
      text: 'The per-call floor: one call into wasm (or the addon) that does nothing',
      subtitle:
        'ns per call of an exported function with no arguments and no work, per module and place (median over its instances)',
    }),
    width: 420,
    height: { step: 14 },
    mark: 'bar',
    encoding: {
      y: { field: 'module', type: 'nominal', title: 'module' },
      yOffset: { field: 'source' },
      x: { field: 'nsPerOp', type: 'quantitative', title: 'ns per call' },
      color: { field: 'source', type: 'nominal', scale: sourceColors(values), title: 'place' },
      tooltip: [
        PLACE_TIP,
        { field: 'module' },
        { field: 'nsPerOp', title: 'ns/call (median)', format: ',.1f' },
        { field: 'instances', title: 'module instances' },
      ],
    },
  };
}

/**
 * ns/op of every C++ path through wasm and through the addon, per record,
 * encode and decode (the generic records), with each boundary's empty call
 * (the median over the modules of that boundary) as a dashed rule. Drawn
 * only for files with addon paths.
 */
function boundaryChart(sources) {
  const withAddon = sources.filter((source) => source.document.rows.some(isAddonRow));
  const paths = OPERATIONS.flatMap((operation) =>
    unitRecords(withAddon, operation)
      .filter((record) => record.row.impl === 'cpp' && record.row.interop !== 'none')
      .map((record) => ({
        kind: 'path',
        source: record.source,
        unit: record.unit,
        label: record.label,
        boundary: boundaryOf(record.row),
        operation,
        nsPerOp: 1e9 / record.value,
      })),
  );
  const floors = callFloorRows(withAddon);
  const rules = [...groupBy(paths, (value) => `${value.source}|${value.unit}|${value.boundary}`).values()]
    .map(([{ source, unit, boundary }]) => {
      const own = floors.filter((line) => line.source === source && line.boundary === boundary);
      return (
        own.length > 0 && {
          kind: 'empty call',
          source,
          unit,
          boundary,
          nsPerOp: median(own.map((line) => line.nsPerOp)),
        }
      );
    })
    .filter(Boolean);
  const color = {
    field: 'boundary',
    type: 'nominal',
    scale: { domain: ['wasm', 'addon'], range: ['#1f77b4', '#2ca02c'] },
    title: 'boundary',
  };
  const x = {
    field: 'nsPerOp',
    type: 'quantitative',
    scale: { type: 'log' },
    axis: LOG_AXIS,
    title: 'ns/op',
  };
  return {
    ...specHead(paths.length > 0 ? [...paths, ...rules] : [], {
      text: 'Messages: ns per call through wasm and through the Node-API addon',
      subtitle:
        'the same C++ codecs behind two boundaries, median ns/op (log scale); dashed rule: the empty call of each boundary',
    }),
    facet: {
      field: 'unit',
      type: 'nominal',
      title: null,
      header: { labelFontWeight: 'bold', labelFontSize: 12 },
    },
    columns: 4,
    spec: {
      width: 190,
      height: { step: 12 },
      layer: [
        {
          transform: [{ filter: "datum.kind === 'empty call'" }],
          mark: { type: 'rule', strokeDash: [4, 3], strokeWidth: 1.5 },
          encoding: { x, color },
        },
        {
          transform: [{ filter: "datum.kind === 'path'" }],
          mark: { type: 'point', filled: true, size: 45 },
          encoding: {
            y: { field: 'label', type: 'nominal', title: null },
            x,
            color,
            shape: { field: 'operation', type: 'nominal', sort: OPERATIONS, title: 'operation' },
            tooltip: [
              PLACE_TIP,
              PATH_TIP,
              { field: 'unit', title: 'record' },
              { field: 'operation' },
              { field: 'nsPerOp', title: 'ns/op', format: ',.0f' },
            ],
          },
        },
      ],
    },
    resolve: { scale: { x: 'shared', y: 'shared' } },
  };
}

export const { help, charts, headlines, html } = reportFor({
  name: 'messages',
  view,
  id: (kind, operation) => `messages-${kind === 'time' ? '' : `${kind}-`}${operation.toLowerCase()}`,
  share: 'messages-boundary-share',
  own: (sources) => [
    chartOf(FLOOR_CHART, floorChart(sources)),
    chartOf(BOUNDARY_CHART, boundaryChart(sources)),
  ],
  about: ' of the messages workload (single records, operations per second)',
  help: `per file, the answer and the view's tables per record (ops/s, ns/op, x JSON, boundary share),
    operations per second and speed vs JSON per record and path (messages-encode, messages-ratio-encode,
    ..., messages-roundtrip), the boundary share per path (messages-boundary-share), the per-call floor
    of each wasm module and of the addon (call-floor), ns/op through wasm and through the Node-API addon
    with each one's empty call (messages-wasm-vs-addon), with the run headers`,
  how: {
    'messages-encode':
      'Encodes per second of one record (the JS object to bytes), one panel per record: C++ codecs in wasm through val, embind or tagged and through the Node-API addon ("(addon)", Node only), the JSON baseline (JSON.stringify), and the pure-JS libraries. The dot is the median of the repetitions.',
    'messages-decode':
      'Decodes per second (bytes to the JS record, verified after timing against the original record), against JSON.parse plus the revive of Date and binary fields.',
    'messages-roundtrip':
      'Encode followed by decode of the result, per second: what a request/response pair costs.',
    [FLOOR_CHART]:
      'An exported wasm function with no arguments that does no work, called in a loop: what any call into wasm costs ("(addon)": the same for the Node-API addon). A record whose encode is a few times this floor spends most of its time crossing the boundary.',
    [BOUNDARY_CHART]:
      "The same C++ codecs compiled to wasm and as a Node-API addon: each dot a path's median ns per encode or decode of one record; the dashed rules are the empty calls, the least one call costs through each boundary.",
  },
});
