// The results view of the tuple workload, for the console, the page and the
// report alike: the unit is a payload size; the metric ms per payload, lower
// is better; one table per size, one line per path with its ratios against
// JSON, the fastest JS library and the object floor, and its interop share;
// then its own views: what each decode returns (cleanliness), each path's
// largest payload, and the limits of a --limits run.
// src/report/table-view.mjs lays the parts out.

import { isJsonBaseline, isObjectFloor, pathLabel } from '../../catalog.mjs';
import {
  formatBytes,
  formatMB,
  formatMs,
  formatRatio,
  formatShare,
  formatYesNo,
  interopShare,
  shorten,
  statusText,
} from '../../harness/format.mjs';
import { groupBy } from '../../harness/group-by.mjs';
import { orderOfPaths, pathKey } from '../../harness/path-order.mjs';
import { SEED_LIMITS_SOURCE, seedLimitFor } from '../../harness/seed-limits.mjs';
import { VERDICT_LEGEND, formatVerdictRatio } from '../../harness/verdict.mjs';
import {
  compareRow,
  compareWithFastest,
  compareWithFloor,
  fastestPeers,
  fastestText,
  isPeerRow,
  mergedStats,
  ownUtf8Baseline,
  referenceOf,
  rolesOf,
  utf8Representative,
} from '../../harness/references.mjs';
import { unitComparisons } from '../../harness/unit-comparisons.mjs';
import { encDecColumns } from '../../report/table-view.mjs';
import { OPERATIONS } from '../../harness/block.mjs';
import { BLOCK_UNIT } from './block.mjs';

export { fastestPeers, isPeerRow };

/**
 * The columns of a size's table; gzip-9 only when some row has it (the
 * page's CompressionStream has no level).
 */
export function tableHeader({ gzip9 = true } = {}) {
  return [
    'path',
    'encode ms',
    'decode ms',
    'bytes',
    'gzip',
    ...(gzip9 ? ['gzip-9'] : []),
    ...encDecColumns('xJSON', 'xBestJS', 'xFloor', 'interop'),
  ];
}

/** The label of the line under a JSON-text codec's row: its ratios against the UTF-8 baseline. */
export const UTF8_LINE_LABEL = '  vs json (js, utf-8)';

export const TABLE_LEGEND =
  "Times: median ms of the timed runs. xJSON = JSON.stringify/parse median time / this path's median time " +
  '(>1 = faster than JSON), against the JSON baseline measured in the same process. ' +
  "xBestJS = the fastest pure-JS library's median at this size / this path's median (>1 = faster than " +
  'the best library), measured in another process; encode and decode are picked separately, and decode ' +
  "only among libraries whose decode returns plain objects (clean), named on the 'fastest JS library' " +
  'line beside the fastest overall. ' +
  `${VERDICT_LEGEND} ` +
  "xFloor = the object floor's median / this path's median, same process: objects (js, floor) is plain JS " +
  'reading the items into typed arrays (encode) and building the plain objects from them (decode), the ' +
  'least a path that takes and gives objects does in JS; 1.00x = as fast as that. ' +
  'json (js, utf-8) = the JSON baseline on bytes (TextEncoder/TextDecoder around JSON.stringify/parse); ' +
  `a codec whose bytes are JSON text gets a "${UTF8_LINE_LABEL.trim()}" line: the same ratios against it, ` +
  'same process. gzip, gzip-9: gzip size at the default level and at level 9. ' +
  'interop = (total - codec) / total: the share of the time spent crossing JS <-> wasm, or JS <-> C++ ' +
  'through Node-API for a "(addon)" path: the same C++ as a native addon (bench:node only), whose ratios ' +
  'are taken against the same references as the wasm paths.';

export const FASTEST_LABEL = 'fastest JS library';

/** A line's figures after its label: the times, the sizes (gzip-9 with `gzip9`), then `ratios`. */
function figureCells(row, gzip9, ratios) {
  const sizes = [row.encodedBytes, row.gzipBytes, ...(gzip9 ? [row.gzip9Bytes] : [])].map(formatBytes);
  // A block's library may time one operation only (the fastest set it belongs to).
  return [formatMs(row.encode?.median), formatMs(row.decode?.median), ...sizes, ...ratios];
}

const ratioCells = (comparisons) => [
  formatVerdictRatio(comparisons?.encode),
  formatVerdictRatio(comparisons?.decode),
];

const ONE = formatRatio(1);

/**
 * Several rows of one reference path (JSON, UTF-8 JSON, object floor) as
 * one line: its row the rows' medians (no batch), or the first when none is ok.
 */
function mergedLine(rows, { fastest, gzip9, xJson, xFastest, xFloor }) {
  const ok = rows.filter((row) => row.status === 'ok');
  const runs = rows.length > 1 ? ` x${rows.length}` : '';
  const label = `${pathLabel(rows[0])}${runs}`;
  if (ok.length === 0) return { label, row: rows[0], text: statusText(rows[0]) };
  const row = {
    ...ok[0],
    batch: undefined,
    encode: mergedStats(ok, 'encode'),
    decode: mergedStats(ok, 'decode'),
  };
  const ratios = [
    ...xJson,
    ...(xFastest ?? ratioCells(compareWithFastest(fastest, row))),
    ...xFloor,
    '-',
    '-',
  ];
  return { label, row, cells: figureCells(row, gzip9, ratios) };
}

function pathLine(row, { baselines, floors }, { fastest, gzip9 }) {
  const label = pathLabel(row);
  if (row.status !== 'ok') return { label, row, text: statusText(row) };
  const cells = figureCells(row, gzip9, [
    ...ratioCells(compareRow(referenceOf(row, baselines), row)),
    ...ratioCells(compareWithFastest(fastest, row)),
    ...ratioCells(compareWithFloor(row, floors)),
    formatShare(interopShare(row.encode, row.encodePhases)),
    formatShare(interopShare(row.decode, row.decodePhases)),
  ]);
  return { label, row, cells };
}

/** "enc 0.61x, dec ~0.98x (same process)": a row against the UTF-8 baseline of its batch. */
export function utf8Text(comparisons) {
  const [encode, decode] = ratioCells(comparisons);
  return `enc xJSON ${encode}, dec xJSON ${decode} (UTF-8 JSON baseline of the same process)`;
}

/** The title line of one payload size. */
export function stepTitle({ jsonMB, jsonBytes, step, items }) {
  const count = items.toLocaleString('en-US');
  return `JSON payload ${jsonMB.toFixed(3)} MB (${jsonBytes.toLocaleString('en-US')} bytes, step ${step}, ${count} items)`;
}

/**
 * The lines of one size's table, for the console and the page: the JSON
 * baseline (rows of several batches merged into one line, their median),
 * the UTF-8 baseline likewise, the fastest JS library (the xBestJS
 * reference), then every path, each ratio against its own batch's
 * baseline; a codec whose child measured the UTF-8 baseline gets a line of
 * ratios against it. Each line is { label, row, cells } (figures after the
 * label), { label, row, text } (a failure) or { role: 'fastest' | 'utf8',
 * label, text }; `options`: { fastest, gzip9 }.
 */
export function stepLines(stepRows, order, options) {
  const roles = rolesOf(stepRows);
  const { baselines, utf8, floors, others } = roles;
  others.sort((a, b) => order.get(pathKey(a)) - order.get(pathKey(b)));
  const lines = [];
  // A reference line's ratios against the other references of `shown`, one of its rows.
  const against = (shown) => ({
    xJson: ratioCells(shown && compareRow(referenceOf(shown, baselines), shown)),
    xFloor: ratioCells(shown && compareWithFloor(shown, floors)),
  });
  // Its row of a batch where a JSON baseline was measured.
  const againstReferences = (rows) =>
    against(rows.find((row) => baselines.some((baseline) => baseline.batch === row.batch)) ?? rows[0]);
  if (baselines.length > 0)
    lines.push(
      mergedLine(baselines, {
        ...options,
        ...againstReferences(baselines),
        xJson: [ONE, ONE],
        // JSON against the fastest library in its batch: the answer's figure (unit-comparisons.mjs).
        xFastest: ratioCells(unitComparisons(stepRows).of(baselines[0]).vsFastest),
      }),
    );
  if (utf8.length > 0)
    lines.push(mergedLine(utf8, { ...options, ...against(utf8Representative(utf8, baselines)) }));
  if (floors.length > 0)
    lines.push(mergedLine(floors, { ...options, ...againstReferences(floors), xFloor: [ONE, ONE] }));
  if (stepRows.some(isPeerRow))
    lines.push({ role: 'fastest', label: FASTEST_LABEL, text: fastestText(options.fastest) });
  for (const row of others) {
    lines.push(pathLine(row, roles, options));
    const own = row.status === 'ok' ? ownUtf8Baseline(row, utf8) : undefined;
    if (own) lines.push({ role: 'utf8', label: UTF8_LINE_LABEL, text: utf8Text(compareRow(own, row)) });
  }
  return lines;
}

/** The options of a size's table: its fastest JS libraries, and whether it has a gzip-9 column. */
export const stepOptions = (stepRows) => ({
  fastest: fastestPeers(stepRows),
  gzip9: stepRows.some((row) => row.gzip9Bytes !== undefined),
});

/** A line of stepLines as a view line: a path's (its row's facts in attrs), or a spanning note. */
function viewLine({ role, label, row, cells, text }) {
  if (role) return { label, text, className: role, attrs: { role } };
  const attrs = { path: pathLabel(row), status: row.status, impl: row.impl };
  if (row.batch !== undefined) attrs.batch = row.batch;
  if (!cells) return { label, text, className: 'failed', attrs };
  return { cells: [label, ...cells], className: isJsonBaseline(row) ? 'baseline' : undefined, attrs };
}

/**
 * One table per payload size (ascending), paths in the order they first
 * appear in `rows` (see stepLines); the fastest-JS-library line in the
 * table's foot, so the body holds one line per path.
 */
export function stepParts(rows) {
  const order = orderOfPaths(rows);
  return [...groupBy(rows, (row) => row.step).entries()]
    .sort(([a], [b]) => a - b)
    .map(([step, stepRows]) => {
      const options = stepOptions(stepRows);
      const lines = stepLines(stepRows, order, options);
      return {
        table: {
          title: stepTitle(stepRows[0]),
          header: tableHeader(options),
          lines: lines.filter((line) => line.role !== 'fastest').map(viewLine),
          foot: lines.filter((line) => line.role === 'fastest').map(viewLine),
          attrs: { step: String(step) },
        },
      };
    });
}

/**
 * Per path, what its decode returns, over every size it measured ok: one
 * { label, row, cleanliness } per path (JSON baselines merged), where a
 * check holds only if it held at every size, and detail is the first
 * problem seen. Paths without cleanliness findings are left out.
 */
export function cleanlinessByPath(rows) {
  const result = [];
  for (const [, pathRows] of groupBy(rows, pathKey)) {
    const measured = pathRows.filter((row) => row.status === 'ok' && row.cleanliness);
    if (measured.length === 0) continue;
    const cleanliness = { plainObject: true, exactKeys: true, dataProperties: true, clean: true };
    for (const { cleanliness: found } of measured) {
      for (const key of Object.keys(cleanliness)) cleanliness[key] &&= found[key];
      if (found.detail && cleanliness.detail === undefined) cleanliness.detail = found.detail;
    }
    result.push({ label: pathLabel(measured[0]), row: measured[0], cleanliness });
  }
  return result;
}

export const CLEANLINESS_LEGEND =
  "Decoded objects: what each path's decode hands back, checked on the library's own result " +
  '(before any conversion): plain = every item is a plain object (prototype Object.prototype); ' +
  'keys = its own properties are exactly x, y, z; data = x, y, z are enumerable data properties ' +
  '(no getters); clean = all three, in an array as JSON.parse gives. A library that is not clean ' +
  'is timed as it is: turning its result into plain objects would cost the user more.';

// A detail stays one readable line; the results file has it whole.
const DETAIL_WIDTH = 100;

/** The cleanliness table of a run, one line per path ([] when no path recorded it); the legend is CLEANLINESS_LEGEND. */
export function cleanlinessParts(rows) {
  const lines = cleanlinessByPath(rows).map(({ label, cleanliness }) => {
    const answers = ['plainObject', 'exactKeys', 'dataProperties', 'clean'].map((key) =>
      formatYesNo(cleanliness[key]),
    );
    return {
      cells: [label, ...answers, shorten(cleanliness.detail ?? '', DETAIL_WIDTH)],
      cellClasses: [undefined, ...answers],
      attrs: { path: label, clean: String(cleanliness.clean) },
    };
  });
  if (lines.length === 0) return [];
  const header = ['path', 'plain', 'keys', 'data', 'clean', 'detail'];
  return [{ table: { header, lines, align: header.map(() => 'l'), className: 'cleanliness' } }];
}

/**
 * Per path: the largest payload it handled and how many sizes failed (with
 * the first reason), so the failure limit of each path is visible at a glance.
 */
export function summaryParts(rows) {
  const lines = [];
  for (const [, pathRows] of groupBy(rows, pathKey)) {
    const reference = isJsonBaseline(pathRows[0]) || isObjectFloor(pathRows[0]);
    if (reference && pathRows.every((row) => row.status === 'ok')) continue;
    const ok = pathRows.filter((row) => row.status === 'ok');
    const failed = pathRows.filter((row) => row.status !== 'ok');
    const largest = ok.length > 0 ? formatBytes(Math.max(...ok.map((row) => row.jsonBytes))) : 'none';
    const failures = failed.length > 0 ? `; ${failed.length} failed, first: ${failed[0].error}` : '';
    lines.push({ cells: [pathLabel(pathRows[0]), `largest ok payload ${largest}${failures}`] });
  }
  return [{ table: { header: ['path', 'result'], lines, align: ['l', 'l'], attrs: { role: 'summary' } } }];
}

// Wide enough for V8's fatal heap message after the child's exit signal.
const LIMIT_REASON_WIDTH = 140;

/**
 * The payload limits of a --limits run (the results' run.limits): per path,
 * the largest JSON payload that passed, where the next one failed and why,
 * and the limit the seed benchmark published for the same library where it
 * published one ('-' otherwise). Reasons are cut to one readable line.
 */
export function limitsParts(limits) {
  const mb = (value) => (value === undefined ? '-' : formatMB(value));
  const lines = limits.map((entry) => ({
    cells: [
      pathLabel(entry),
      entry.largestOkItems > 0 ? mb(entry.largestOkMB) : 'none',
      entry.largestOkItems.toLocaleString('en-US'),
      mb(entry.failedAtMB),
      entry.cause,
      mb(seedLimitFor(entry)?.limitMB),
      shorten(entry.reason, LIMIT_REASON_WIDTH),
    ],
  }));
  const note =
    'Payload limits: the largest JSON payload each path verified and timed, the size that failed next ' +
    'and why (one process per path). seed MB = the limit the seed benchmark published for that library (' +
    `${SEED_LIMITS_SOURCE}; older library versions), '-' where it published none.`;
  const header = ['path', 'largest ok MB', 'items', 'failed at MB', 'cause', 'seed MB', 'reason'];
  return [{ note }, { table: { header, lines, align: ['l', 'r', 'r', 'r', 'l', 'r', 'l'] } }];
}

/** What the results view knows of the workload (src/report/results-tables.mjs). */
export const view = {
  block: BLOCK_UNIT,
  unit: 'size',
  metric: 'ms',
  higherIsBetter: false,
  operations: OPERATIONS,
  legend: TABLE_LEGEND,
  tables: (rows) => [...stepParts(rows), ...summaryParts(rows)],
  own: cleanlinessParts,
  ownLegend: CLEANLINESS_LEGEND,
};
