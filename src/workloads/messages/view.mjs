// The results view of the messages workload: what a reader sees of its rows
// (its row def in rows.mjs) in the console, the page and the report alike.
// The unit is a record; the metric operations per second, higher is better;
// the references JSON (xJSON, with a verdict) and each wasm module's floor.
// messageView builds the parts; src/report/table-view.mjs lays them out.

import { ADDON_PLACE, isJsonBaseline, pathLabel } from '../../catalog.mjs';
import { RECORD_NAMES } from './workload.mjs';
import {
  formatBytes,
  formatNs,
  formatOpsPerSec,
  formatRatio,
  formatShare,
  statusText,
} from '../../harness/format.mjs';
import { groupBy } from '../../harness/group-by.mjs';
import { orderOfPaths, pathKey } from '../../harness/path-order.mjs';
import { median } from '../../harness/stats.mjs';
import { unitComparisons } from '../../harness/unit-comparisons.mjs';
import { VERDICT_LEGEND, formatVerdictRatio } from '../../harness/verdict.mjs';
import { MESSAGE_OPERATIONS } from './measure.mjs';
import { encDecColumns } from '../../report/table-view.mjs';
import { BLOCK_UNIT } from './block.mjs';

/** A record's place in the messages' own order; names it does not know after them. */
export const recordRank = (record) => {
  const rank = RECORD_NAMES.indexOf(record);
  return rank < 0 ? RECORD_NAMES.length : rank;
};

const isFloorRow = (row) => row.variant === 'floor';
const isEmptyCallRow = (row) => row.interop === 'call';
const medianOps = (row, operation) => row?.[operation]?.opsPerSec.median;

// A column per operation, in the order of its cells: "enc ns", "dec ns", "rt ns".
const perOperation = (name) => ['enc', 'dec', 'rt'].map((short) => `${short} ${name}`);
export const MESSAGE_TABLE_HEADER = Object.freeze([
  'path',
  'bytes',
  'encode',
  'decode',
  'round trip',
  ...perOperation('ns'),
  ...perOperation('xJSON'),
  ...encDecColumns('boundary'),
]);

export const MESSAGE_TABLE_LEGEND =
  'Messages: one small record per call. encode / decode / round trip = median operations per second ' +
  '(round trip = decode(encode(record))); ns = nanoseconds per operation (1e9 / median ops/s). ' +
  "xJSON = this path's ops/s / JSON.stringify/parse's ops/s on the same record in the same process (>1 = faster); " +
  `${VERDICT_LEGEND} ` +
  'boundary = the share of a call spent marshalling across JS <-> wasm, or JS <-> C++ through Node-API for ' +
  'a "(addon)" path (the same C++ as a native addon): the [floor] line (the same marshalling with no codec ' +
  'work) ns/op / the path ns/op. n/a = the strategy does not offer the record.';

function messageCells(label, row, ratio) {
  const ops = (operation) => formatOpsPerSec(medianOps(row, operation));
  const ns = (operation) => formatNs(row[operation]?.nsPerOp);
  return [
    label,
    formatBytes(row.encodedBytes),
    ...MESSAGE_OPERATIONS.map(ops),
    ...MESSAGE_OPERATIONS.map(ns),
    ...MESSAGE_OPERATIONS.map((operation) => {
      const value = ratio(operation);
      return typeof value === 'object' ? formatVerdictRatio(value) : formatRatio(value);
    }),
    formatShare(row.boundaryShare?.encode),
    formatShare(row.boundaryShare?.decode),
  ];
}

function messageBaselineLine(baselines) {
  const ok = baselines.filter((row) => row.status === 'ok');
  const label = `${pathLabel(baselines[0])}${baselines.length > 1 ? ` x${baselines.length}` : ''}`;
  if (ok.length === 0) return { label, text: statusText(baselines[0]) };
  // The median of the batches' medians stands for the baseline.
  const merged = { ...ok[0] };
  for (const operation of MESSAGE_OPERATIONS) {
    const opsPerSec = median(ok.map((row) => medianOps(row, operation)));
    merged[operation] = { opsPerSec: { median: opsPerSec }, nsPerOp: 1e9 / opsPerSec };
  }
  return messageCells(label, merged, () => 1);
}

/** A record's title: "record "int" (JSON 20 B)". */
export function messageRecordTitle(record, rows) {
  const jsonBytes = rows.find((row) => row.jsonBytes !== undefined)?.jsonBytes;
  return `record "${record}"${jsonBytes !== undefined ? ` (JSON ${formatBytes(jsonBytes)})` : ''}`;
}

/**
 * One table per record (in the records' order): { record, title, header,
 * lines }, the JSON baseline first (its batches merged), then every path in
 * the order it first appears in `rows` (a wasm path's [floor] line after it).
 */
export function messageRecordTables(rows) {
  const order = orderOfPaths(rows);
  const byRecord = [
    ...groupBy(
      rows.filter((row) => !isEmptyCallRow(row)),
      (row) => row.record,
    ).entries(),
  ].sort(([a], [b]) => recordRank(a) - recordRank(b));
  return byRecord.map(([record, recordRows]) => {
    const baselines = recordRows.filter(isJsonBaseline);
    // The comparisons of the charts and the answer (src/harness/unit-comparisons.mjs).
    const { vsJson } = unitComparisons(recordRows);
    const others = recordRows
      .filter((row) => !isJsonBaseline(row))
      .sort((a, b) => order.get(pathKey(a)) - order.get(pathKey(b)));
    const lines = [];
    if (baselines.length > 0) lines.push(messageBaselineLine(baselines));
    for (const row of others) {
      const label = pathLabel(row);
      if (row.status !== 'ok') lines.push({ label, text: statusText(row) });
      else if (isFloorRow(row)) lines.push(messageCells(label, row, () => undefined));
      else lines.push(messageCells(label, row, (operation) => vsJson(row, operation)));
    }
    return {
      record,
      title: messageRecordTitle(record, recordRows),
      header: [...MESSAGE_TABLE_HEADER],
      lines,
    };
  });
}

// What a floor line names: the wasm module of a codec, or the Node-API addon ("msgpack (addon)").
const MODULE_SUFFIX = { native: ' (native)', [ADDON_PLACE]: ' (addon)' };

/**
 * The per-call floor of each wasm module and of the addon (interop 'call'
 * rows): { header, lines }, one line per codec and place, the median over
 * the processes that measured it.
 */
export function messageFloorTable(rows) {
  const lines = [];
  const byModule = groupBy(rows.filter(isEmptyCallRow), (row) => `${row.place}:${row.codec}`);
  for (const callRows of byModule.values()) {
    const label = `${callRows[0].codec}${MODULE_SUFFIX[callRows[0].place] ?? ''}`;
    const ok = callRows.filter((row) => row.status === 'ok');
    if (ok.length === 0) {
      lines.push({ label, text: statusText(callRows[0]) });
      continue;
    }
    const ops = median(ok.map((row) => medianOps(row, 'encode')));
    lines.push([label, formatOpsPerSec(ops), formatNs(1e9 / ops), String(ok.length)]);
  }
  return { header: ['module', 'empty calls', 'ns/call', 'processes'], lines };
}

const geometricMean = (values) =>
  values.length === 0
    ? undefined
    : Math.exp(values.reduce((sum, value) => sum + Math.log(value), 0) / values.length);

/**
 * Per path over every record: { label, row, ok, notApplicable, failed,
 * ratio: { encode, decode, roundTrip }, boundary: { encode, decode } } where
 * ratio is the geometric mean of the records' xJSON and boundary the median
 * share. The JSON baseline and the floors are left out.
 */
export function messageSummaryByPath(rows) {
  const byRecord = new Map(
    [...groupBy(rows, (row) => row.record)].map(([record, own]) => [record, unitComparisons(own)]),
  );
  const paths = rows.filter((row) => !isJsonBaseline(row) && !isFloorRow(row) && !isEmptyCallRow(row));
  return [...groupBy(paths, pathKey).values()].map((pathRows) => {
    const ok = pathRows.filter((row) => row.status === 'ok');
    const ratio = {};
    for (const operation of MESSAGE_OPERATIONS) {
      const ratios = ok
        .map((row) => byRecord.get(row.record).vsJson(row, operation)?.ratio)
        .filter((value) => value !== undefined);
      ratio[operation] = geometricMean(ratios);
    }
    const shares = ok.filter((row) => row.boundaryShare);
    const boundary =
      shares.length === 0
        ? undefined
        : {
            encode: median(shares.map((row) => row.boundaryShare.encode)),
            decode: median(shares.map((row) => row.boundaryShare.decode)),
          };
    return {
      label: pathLabel(pathRows[0]),
      row: pathRows[0],
      ok: ok.length,
      notApplicable: pathRows.filter((row) => row.status === 'n/a').length,
      failed: pathRows.filter((row) => row.status === 'failed').length,
      ratio,
      boundary,
    };
  });
}

/** The cross-record summary as { header, lines }. */
export function messageSummaryTable(rows) {
  const lines = messageSummaryByPath(rows).map((entry) => [
    entry.label,
    String(entry.ok),
    String(entry.notApplicable),
    String(entry.failed),
    ...MESSAGE_OPERATIONS.map((operation) => formatRatio(entry.ratio[operation])),
    formatShare(entry.boundary?.encode),
    formatShare(entry.boundary?.decode),
  ]);
  return {
    // A record table's ratio and boundary columns.
    header: ['path', 'ok', 'n/a', 'failed', ...MESSAGE_TABLE_HEADER.slice(-5)],
    lines,
  };
}

export const FLOOR_TABLE_LEGEND =
  'Per-call floor (last tables): an exported wasm function with no arguments and no work, called in a loop; ' +
  'any call into wasm costs at least this.';

const BASELINE_LABEL = pathLabel({ codec: 'json', impl: 'js' });

/** A table line (cells, or { label, text } for a path that was not measured) as a view line. */
function viewLine(line) {
  if (Array.isArray(line)) {
    // The JSON baselines of a record (one per batch) are one line, "json (js) x3".
    const path = line[0].replace(/ x\d+$/, '');
    const className = path === BASELINE_LABEL ? 'baseline' : path.endsWith('[floor]') ? 'floor' : undefined;
    return { cells: line, className, attrs: { path, status: 'ok' } };
  }
  const status = line.text.startsWith('n/a') ? 'n/a' : 'failed';
  return {
    ...line,
    className: status === 'n/a' ? 'not-applicable' : 'failed',
    attrs: { path: line.label, status },
  };
}

const table = (title, { header, lines }, attrs) => ({
  table: { title, header, lines: lines.map(viewLine), className: 'messages', attrs },
});

/**
 * The parts of a messages run's view: one table per record, the per-call
 * floor of each module and the cross-record summary.
 */
export function messageView(rows) {
  const parts = messageRecordTables(rows).map((recordTable) =>
    table(recordTable.title, recordTable, { record: recordTable.record }),
  );
  // The floor and the summary are shown only when some row has their figures.
  for (const [title, model, role] of [
    [
      'Per-call floor: an exported function with no arguments and no work, of each wasm module (and of the Node-API addon: "(addon)")',
      messageFloorTable(rows),
      'call-floor',
    ],
    [
      'Summary over records: xJSON = geometric mean over the records measured ok; boundary = median share',
      messageSummaryTable(rows),
      'summary',
    ],
  ])
    if (model.lines.length > 0) parts.push(table(title, model, { role }));
  return parts;
}

/** What the results view knows of the workload (src/report/results-tables.mjs). */
export const view = {
  block: BLOCK_UNIT,
  unit: 'record',
  metric: 'ops/s',
  higherIsBetter: true,
  operations: MESSAGE_OPERATIONS,
  legend: MESSAGE_TABLE_LEGEND,
  tables: messageView,
};
