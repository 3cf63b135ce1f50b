// Run comparison (npm run report -- --compare OLD NEW): the change in median
// of every row present in both runs, flagged when it is larger than the
// runs' own spread.
//
// Rows match by (place, codec, impl, interop, variant, step). Several rows
// with one key in one file (the JSON baseline, measured once per Node
// process) are merged: median of their medians, spread = the largest of
// their MADs and the MAD of their medians.
//
// The flag rule, per operation (encode, decode):
//   flagged when |new median - old median| > SPREAD_FACTOR x max(MAD old, MAD new)
//            and |new median - old median| > MIN_CHANGE x old median
// i.e. the change is well outside the scatter of the repetitions (three
// MADs) and big enough to matter (5%), so noise on a quiet row and tiny
// shifts on a very steady one are not flagged.

import { formatMB, formatMs, renderColumns } from '../harness/format.mjs';
import { groupBy } from '../harness/group-by.mjs';
import { mad, median } from '../harness/stats.mjs';
import { labelOf, sortRows } from './model.mjs';
import { VEGA_LITE_SCHEMA } from './palette.mjs';
import { compareVerdicts, renderVerdictComparison } from './verdict-compare.mjs';

export const SPREAD_FACTOR = 3;
export const MIN_CHANGE = 0.05;
export const FLAG_RULE =
  `flagged when |Δ median| > ${SPREAD_FACTOR} × max(MAD old, MAD new) ` +
  `and |Δ median| > ${MIN_CHANGE * 100}% of the old median`;

const OPERATIONS = ['encode', 'decode'];

export function rowKey(row) {
  return [row.place, row.codec, row.impl, row.interop, row.variant ?? '', row.step].join('|');
}

/** Rows of a document by key; duplicate keys merged as described above. */
function rowsByKey(document) {
  const merged = new Map();
  for (const [key, rows] of groupBy(document.rows, rowKey)) {
    const ok = rows.filter((row) => row.status === 'ok');
    if (ok.length === 0) {
      merged.set(key, { row: rows[0], ok: false });
      continue;
    }
    const stats = {};
    for (const operation of OPERATIONS) {
      // A block run's library may time one operation only.
      const timed = ok.filter((row) => row[operation]);
      if (timed.length === 0) continue;
      const medians = timed.map((row) => row[operation].median);
      const mads = timed.map((row) => row[operation].mad);
      stats[operation] = {
        median: median(medians),
        mad: timed.length === 1 ? mads[0] : Math.max(...mads, mad(medians)),
      };
    }
    merged.set(key, { row: ok[0], ok: true, stats, merged: ok.length });
  }
  return merged;
}

/** The verdict on one operation of one matched row. */
export function judgeChange(old, now) {
  const change = now.median - old.median;
  const threshold = SPREAD_FACTOR * Math.max(old.mad, now.mad);
  const relative = old.median > 0 ? change / old.median : Infinity;
  const flagged = Math.abs(change) > threshold && Math.abs(relative) > MIN_CHANGE;
  return { change, relative, threshold, flagged, verdict: flagged ? (change > 0 ? 'slower' : 'faster') : '' };
}

/**
 * Compares two results documents: { lines, onlyOld, onlyNew, statusChanges }
 * where each line is one (row, operation) present and ok in both.
 */
export function compareRuns(oldDocument, newDocument) {
  const oldRows = rowsByKey(oldDocument);
  const newRows = rowsByKey(newDocument);
  const lines = [];
  const statusChanges = [];
  const matched = sortRows([...newRows.values()].map(({ row }) => row)).filter((row) =>
    oldRows.has(rowKey(row)),
  );
  for (const row of matched) {
    const key = rowKey(row);
    const [old, now] = [oldRows.get(key), newRows.get(key)];
    if (!old.ok || !now.ok) {
      if (old.ok !== now.ok) {
        statusChanges.push({
          place: row.place,
          label: labelOf(row),
          jsonMB: row.jsonMB,
          step: row.step,
          change: now.ok ? 'now passes' : 'now fails',
          error: now.ok ? old.row.error : now.row.error,
        });
      }
      continue;
    }
    for (const operation of OPERATIONS) {
      if (!old.stats[operation] || !now.stats[operation]) continue;
      lines.push({
        key,
        place: row.place,
        label: labelOf(row),
        codec: row.codec,
        interop: row.interop,
        step: row.step,
        jsonMB: row.jsonMB,
        operation,
        oldMedian: old.stats[operation].median,
        newMedian: now.stats[operation].median,
        oldMad: old.stats[operation].mad,
        newMad: now.stats[operation].mad,
        ...judgeChange(old.stats[operation], now.stats[operation]),
      });
    }
  }
  const describe = ({ row }) => ({
    place: row.place,
    label: labelOf(row),
    jsonMB: row.jsonMB,
    step: row.step,
  });
  const onlyOld = [...oldRows.entries()]
    .filter(([key]) => !newRows.has(key))
    .map(([, entry]) => describe(entry));
  const onlyNew = [...newRows.entries()]
    .filter(([key]) => !oldRows.has(key))
    .map(([, entry]) => describe(entry));
  return { lines, onlyOld, onlyNew, statusChanges, verdicts: compareVerdicts(oldDocument, newDocument) };
}

export function formatChange(relative) {
  if (!Number.isFinite(relative)) return '-';
  const percent = relative * 100;
  return `${percent >= 0 ? '+' : ''}${percent.toFixed(Math.abs(percent) >= 10 ? 0 : 1)}%`;
}

export function verdictText(line) {
  return line.flagged ? (line.verdict === 'slower' ? 'SLOWER' : 'faster') : '';
}

/** The console table of a comparison and its summary. */
export function renderComparison({ lines, onlyOld, onlyNew, statusChanges, verdicts }) {
  const header = ['place', 'path', 'MB', 'op', 'old ms', 'new ms', 'change', '3xMAD ms', 'flag'];
  const align = ['l', 'l', 'r', 'l', 'r', 'r', 'r', 'r', 'l'];
  const body = lines.map((line) => [
    line.place,
    line.label,
    formatMB(line.jsonMB),
    line.operation,
    formatMs(line.oldMedian),
    formatMs(line.newMedian),
    formatChange(line.relative),
    formatMs(line.threshold),
    verdictText(line),
  ]);
  const parts = [`Change in median per row, ${FLAG_RULE}.`, renderColumns(header, body, align)];
  for (const change of statusChanges) {
    parts.push(
      `${change.place} ${change.label} at ${formatMB(change.jsonMB)} MB: ${change.change} (${change.error})`,
    );
  }
  const slower = lines.filter((line) => line.verdict === 'slower').length;
  const faster = lines.filter((line) => line.verdict === 'faster').length;
  parts.push(
    `${lines.length} row operations compared: ${slower} slower and ${faster} faster beyond the spread, ` +
      `${lines.length - slower - faster} within it; ${statusChanges.length} changed status; ` +
      `${onlyOld.length} row(s) only in OLD, ${onlyNew.length} only in NEW.`,
  );
  if (verdicts) parts.push(renderVerdictComparison(verdicts));
  return parts.join('\n\n');
}

/** Vega-Lite spec of the comparison: change in median per row vs size, coloured by verdict. */
export function comparisonChart({ lines }) {
  const records = lines
    .filter((line) => Number.isFinite(line.relative))
    .map((line) => ({
      place: line.place,
      label: line.label,
      operation: line.operation,
      jsonMB: line.jsonMB,
      changePercent: line.relative * 100,
      oldMs: line.oldMedian,
      newMs: line.newMedian,
      thresholdMs: line.threshold,
      verdict: line.flagged ? `${line.verdict} (flagged)` : 'within the spread',
    }));
  return {
    $schema: VEGA_LITE_SCHEMA,
    title: {
      text: 'Change in median time, NEW vs OLD',
      subtitle: `per row and operation; ${FLAG_RULE}`,
    },
    data: { values: records },
    facet: {
      column: { field: 'operation', type: 'nominal', sort: OPERATIONS, title: null },
      row: { field: 'place', type: 'nominal', title: null },
    },
    spec: {
      width: 320,
      height: 220,
      layer: [
        { mark: { type: 'rule', color: '#000' }, encoding: { y: { datum: 0 } } },
        {
          mark: { type: 'point', filled: true, size: 40, opacity: 0.8 },
          encoding: {
            x: {
              field: 'jsonMB',
              type: 'quantitative',
              scale: { type: 'log', nice: false, padding: 10 },
              axis: { format: '~g' },
              title: 'JSON payload (MB)',
            },
            y: { field: 'changePercent', type: 'quantitative', title: 'change in median (%)' },
            color: {
              field: 'verdict',
              type: 'nominal',
              scale: {
                domain: ['slower (flagged)', 'faster (flagged)', 'within the spread'],
                range: ['#d62728', '#2ca02c', '#9d9d9d'],
              },
              title: null,
            },
            tooltip: [
              { field: 'place' },
              { field: 'label', title: 'path' },
              { field: 'operation' },
              { field: 'jsonMB', title: 'JSON MB', format: '.3f' },
              { field: 'oldMs', title: 'old ms', format: '.4g' },
              { field: 'newMs', title: 'new ms', format: '.4g' },
              { field: 'changePercent', title: 'change %', format: '+.1f' },
              { field: 'thresholdMs', title: '3 x MAD ms', format: '.3g' },
            ],
          },
        },
      ],
    },
  };
}
