// Plain-text tables of results rows: one table per payload size, one line
// per path. Used by the Node runner's console output; any place can print
// it from a results file.

import { isJsonBaseline } from './json-baseline.mjs';
import { pathLabel } from './paths.mjs';
import { median } from './stats.mjs';
import { BYTES_PER_MB } from './dataset.mjs';

const KB = 1024;

export function formatMs(ms) {
  if (ms === undefined || !Number.isFinite(ms)) return '-';
  if (ms >= 1000) return ms.toFixed(0);
  if (ms === 0) return '0';
  return ms.toPrecision(3);
}

export function formatBytes(bytes) {
  if (bytes === undefined) return '-';
  if (bytes >= BYTES_PER_MB) return `${(bytes / BYTES_PER_MB).toPrecision(3)} MB`;
  if (bytes >= KB) return `${(bytes / KB).toPrecision(3)} KB`;
  return `${bytes} B`;
}

export function formatRatio(ratio) {
  if (ratio === undefined || !Number.isFinite(ratio)) return '-';
  return `${ratio >= 10 ? ratio.toFixed(1) : ratio.toFixed(2)}x`;
}

export function formatShare(share) {
  if (share === undefined || !Number.isFinite(share)) return '-';
  return `${Math.round(share * 100)}%`;
}

/** Share of an operation's median time spent outside the codec itself. */
export function interopShare(stats, phases) {
  if (!stats || !phases || !(stats.median > 0)) return undefined;
  const share = (stats.median - phases.codecMs) / stats.median;
  return Math.min(1, Math.max(0, share));
}

/**
 * Renders columns of strings; `align` holds 'l' or 'r' per column. A line
 * that is `{ label, text }` instead of an array (a failure) puts its text
 * right after the first column.
 */
export function renderColumns(header, lines, align) {
  const firstCell = (line) => (Array.isArray(line) ? line[0] : line.label);
  const widths = header.map((title, column) =>
    Math.max(
      title.length,
      ...lines.map(
        (line) => (column === 0 ? firstCell(line) : Array.isArray(line) ? line[column] : '').length,
      ),
    ),
  );
  const pad = (cells) =>
    cells
      .map((cell, column) =>
        align[column] === 'l' ? cell.padEnd(widths[column]) : cell.padStart(widths[column]),
      )
      .join('  ')
      .trimEnd();
  const totalWidth = widths.reduce((sum, width) => sum + width, 0) + 2 * (widths.length - 1);
  return [
    pad(header),
    '-'.repeat(totalWidth),
    ...lines.map((line) =>
      Array.isArray(line) ? pad(line) : `${line.label.padEnd(widths[0])}  ${line.text}`,
    ),
  ].join('\n');
}

const HEADER = [
  'path',
  'encode ms',
  'decode ms',
  'bytes',
  'gzip',
  'enc xJSON',
  'dec xJSON',
  'enc interop',
  'dec interop',
];
const ALIGN = ['l', 'r', 'r', 'r', 'r', 'r', 'r', 'r', 'r'];

export const TABLE_LEGEND =
  "Times: median ms of the timed runs. xJSON = JSON.stringify/parse median time / this path's median time " +
  '(>1 = faster than JSON; against the JSON baseline measured in the same process). ' +
  'interop = (total - codec) / total: the share of the time spent crossing JS <-> wasm.';

function baselineFor(row, baselines) {
  const own = baselines.find((baseline) => baseline.batch === row.batch && baseline.status === 'ok');
  if (own) return { encode: own.encode.median, decode: own.decode.median };
  const ok = baselines.filter((baseline) => baseline.status === 'ok');
  if (ok.length === 0) return undefined;
  return { encode: median(ok.map((b) => b.encode.median)), decode: median(ok.map((b) => b.decode.median)) };
}

function groupBy(items, keyOf) {
  const groups = new Map();
  for (const item of items) {
    const key = keyOf(item);
    if (!groups.has(key)) groups.set(key, []);
    groups.get(key).push(item);
  }
  return groups;
}

function pathKey(row) {
  return `${row.impl}:${pathLabel(row)}`;
}

function baselineLine(baselines) {
  const ok = baselines.filter((row) => row.status === 'ok');
  const runs = baselines.length > 1 ? ` x${baselines.length}` : '';
  const label = `${pathLabel(baselines[0])}${runs}`;
  if (ok.length === 0) return { label, text: `FAILED: ${baselines[0].error}` };
  return [
    label,
    formatMs(median(ok.map((row) => row.encode.median))),
    formatMs(median(ok.map((row) => row.decode.median))),
    formatBytes(ok[0].encodedBytes),
    formatBytes(ok[0].gzipBytes),
    '1.00x',
    '1.00x',
    '-',
    '-',
  ];
}

function pathLine(row, baselines) {
  const label = pathLabel(row);
  if (row.status !== 'ok') return { label, text: `FAILED: ${row.error}` };
  const baseline = baselineFor(row, baselines);
  return [
    label,
    formatMs(row.encode.median),
    formatMs(row.decode.median),
    formatBytes(row.encodedBytes),
    formatBytes(row.gzipBytes),
    formatRatio(baseline && baseline.encode / row.encode.median),
    formatRatio(baseline && baseline.decode / row.decode.median),
    formatShare(interopShare(row.encode, row.encodePhases)),
    formatShare(interopShare(row.decode, row.decodePhases)),
  ];
}

/** The title line of one payload size. */
export function stepTitle({ jsonMB, jsonBytes, step, items }) {
  const count = items.toLocaleString('en-US');
  return `JSON payload ${jsonMB.toFixed(3)} MB (${jsonBytes.toLocaleString('en-US')} bytes, step ${step}, ${count} items)`;
}

/**
 * One table per payload size (ascending), paths in the order they first
 * appear in `rows`; JSON baseline rows of several batches are merged into
 * one line (their median), each path's ratio uses its own batch's baseline.
 */
export function renderTables(rows, { legend = true } = {}) {
  const order = new Map();
  for (const row of rows) if (!order.has(pathKey(row))) order.set(pathKey(row), order.size);
  const bySize = [...groupBy(rows, (row) => row.step).entries()].sort(([a], [b]) => a - b);
  const blocks = bySize.map(([, stepRows]) => {
    const baselines = stepRows.filter(isJsonBaseline);
    const others = stepRows
      .filter((row) => !isJsonBaseline(row))
      .sort((a, b) => order.get(pathKey(a)) - order.get(pathKey(b)));
    const lines = [];
    if (baselines.length > 0) lines.push(baselineLine(baselines));
    for (const row of others) lines.push(pathLine(row, baselines));
    return `${stepTitle(stepRows[0])}\n${renderColumns(HEADER, lines, ALIGN)}`;
  });
  if (legend) blocks.unshift(TABLE_LEGEND);
  return blocks.join('\n\n');
}

/**
 * Per path: the largest payload it handled and how many sizes failed (with
 * the first reason), so the failure limit of each path is visible at a glance.
 */
export function renderSummary(rows) {
  const lines = [];
  for (const [, pathRows] of groupBy(rows, pathKey)) {
    if (isJsonBaseline(pathRows[0]) && pathRows.every((row) => row.status === 'ok')) continue;
    const ok = pathRows.filter((row) => row.status === 'ok');
    const failed = pathRows.filter((row) => row.status !== 'ok');
    const largest = ok.length > 0 ? formatBytes(Math.max(...ok.map((row) => row.jsonBytes))) : 'none';
    const failures = failed.length > 0 ? `; ${failed.length} failed, first: ${failed[0].error}` : '';
    lines.push([pathLabel(pathRows[0]), `largest ok payload ${largest}${failures}`]);
  }
  return renderColumns(['path', 'result'], lines, ['l', 'l']);
}
