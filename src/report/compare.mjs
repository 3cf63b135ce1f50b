// Run comparison (npm run report -- --compare OLD NEW): the change in median
// of every row present in both runs, flagged when it is larger than the
// runs' own spread, and for block runs whether their verdicts agree.
//
// Rows match by place, path (pathLabel) and unit (a size, a record, a data
// set). Several rows with one key in one file (the JSON baseline measured
// in every batch, a block's path in each of its processes) are pooled:
// median of their medians, spread = the largest of their MADs and the MAD
// of their medians. Times per payload and rates per call (higher is
// faster) alike (references.mjs operationStats).
//
// The flag rule, per operation (encode, decode):
//   flagged when |new median - old median| > SPREAD_FACTOR x max(MAD old, MAD new)
//            and |new median - old median| > MIN_CHANGE x old median
// i.e. the change is well outside the scatter of the repetitions (three
// MADs) and big enough to matter (5%), so noise on a quiet row and tiny
// shifts on a very steady one are not flagged.
//
// Do two block runs reach the same verdicts (docs/design.md#blocks)? For
// every comparison both runs judged (the same path against the same
// reference, for the same unit, engine and operation): they agree when
// they give the same word; a flip is one run saying faster and the other
// slower; any other difference (equivalent or undecided against a decided
// verdict, equivalent against undecided) is counted apart, not as a flip.

import { pathLabel } from '../catalog.mjs';
import { fastestWords } from '../harness/block-tables.mjs';
import { documentVerdicts } from '../harness/block-verdicts.mjs';
import { formatMB, formatMs, formatOpsPerSec, renderColumns } from '../harness/format.mjs';
import { groupBy } from '../harness/group-by.mjs';
import { OPERATIONS, operationStats } from '../harness/references.mjs';
import { FASTER, SLOWER, verdictWords } from '../harness/paired.mjs';
import { mad, median } from '../harness/stats.mjs';
import { sortRows } from './shared-model.mjs';
import { VEGA_LITE_SCHEMA } from './palette.mjs';

export const SPREAD_FACTOR = 3;
export const MIN_CHANGE = 0.05;
export const FLAG_RULE =
  `flagged when |Δ median| > ${SPREAD_FACTOR} × max(MAD old, MAD new) ` +
  `and |Δ median| > ${MIN_CHANGE * 100}% of the old median`;

/** A row's unit as a table cell: its size in MB, its record or its data set. */
const unitOf = (row) => (row.step !== undefined ? formatMB(row.jsonMB) : (row.record ?? row.dataset));

export function rowKey(row) {
  return [row.place, pathLabel(row), row.step ?? row.record ?? row.dataset].join('|');
}

/** A median or MAD of a line: ms per payload, a rate per call ("456 k/s"). */
export const formatFigure = (line, value) => (line.higherIsFaster ? formatOpsPerSec(value) : formatMs(value));

/** Rows of a document by key; duplicate keys pooled as described above. */
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
      const timed = ok.map((row) => operationStats(row, operation)).filter(Boolean);
      if (timed.length === 0) continue;
      const medians = timed.map(({ stats: own }) => own.median);
      const mads = timed.map(({ stats: own }) => own.mad);
      stats[operation] = {
        median: median(medians),
        mad: timed.length === 1 ? mads[0] : Math.max(...mads, mad(medians)),
        higherIsFaster: timed[0].higherIsFaster,
      };
    }
    merged.set(key, { row: ok[0], ok: true, stats });
  }
  return merged;
}

/** The verdict on one operation of one matched row. */
export function judgeChange(old, now, higherIsFaster = false) {
  const change = now.median - old.median;
  const threshold = SPREAD_FACTOR * Math.max(old.mad, now.mad);
  const relative = old.median > 0 ? change / old.median : Infinity;
  const flagged = Math.abs(change) > threshold && Math.abs(relative) > MIN_CHANGE;
  const slower = higherIsFaster ? change < 0 : change > 0;
  return { change, relative, threshold, flagged, verdict: flagged ? (slower ? 'slower' : 'faster') : '' };
}

/** Where a row is, in a comparison's lines and lists: its place, path, unit (and size). */
const describe = (row) => ({
  place: row.place,
  label: pathLabel(row),
  unit: unitOf(row),
  step: row.step,
  jsonMB: row.jsonMB,
});

/**
 * Compares two results files: { lines, onlyOld, onlyNew, statusChanges,
 * verdicts } where each line is one (row, operation) present and ok in both,
 * and verdicts compareVerdicts' (null unless both are block runs).
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
          ...describe(row),
          change: now.ok ? 'now passes' : 'now fails',
          error: now.ok ? old.row.error : now.row.error,
        });
      }
      continue;
    }
    for (const operation of OPERATIONS) {
      const [then, current] = [old.stats[operation], now.stats[operation]];
      if (!then || !current || then.higherIsFaster !== current.higherIsFaster) continue;
      lines.push({
        key,
        ...describe(row),
        operation,
        higherIsFaster: current.higherIsFaster,
        oldMedian: then.median,
        newMedian: current.median,
        oldMad: then.mad,
        newMad: current.mad,
        ...judgeChange(then, current, current.higherIsFaster),
      });
    }
  }
  const only = (rows, other) =>
    [...rows].filter(([key]) => !other.has(key)).map(([, { row }]) => describe(row));
  return {
    lines,
    onlyOld: only(oldRows, newRows),
    onlyNew: only(newRows, oldRows),
    statusChanges,
    verdicts: compareVerdicts(oldDocument, newDocument),
  };
}

const AGAINST = [
  ['json', 'JSON', verdictWords],
  ['fastest', 'the fastest libraries', fastestWords],
];

// Every judged comparison of a document by a key both runs share.
function judged(document) {
  const engine = document.run.runtime?.name ?? document.run.place;
  const map = new Map();
  for (const verdict of documentVerdicts(document)) {
    for (const [field, against, words] of AGAINST) {
      const comparison = verdict[field];
      if (!comparison) continue;
      const key = [engine, verdict.row.place, verdict.block, verdict.label, verdict.operation, field].join(
        '|',
      );
      map.set(key, { engine, verdict, against, comparison, words: words(comparison) });
    }
  }
  return map;
}

const isFlip = (a, b) => (a === FASTER && b === SLOWER) || (a === SLOWER && b === FASTER);

/**
 * { compared, agree, flips: [...], differ: [...] } of two results
 * files; null when either holds no block run.
 */
export function compareVerdicts(oldDocument, newDocument) {
  const [old, now] = [judged(oldDocument), judged(newDocument)];
  if (old.size === 0 || now.size === 0) return null;
  const result = { compared: 0, agree: 0, flips: [], differ: [] };
  for (const [key, then] of old) {
    const current = now.get(key);
    if (!current) continue;
    result.compared += 1;
    const [a, b] = [then.comparison.verdict, current.comparison.verdict];
    if (a === b) result.agree += 1;
    else (isFlip(a, b) ? result.flips : result.differ).push({ then, now: current });
  }
  return result;
}

/** The one-line summary and the differing comparisons, as text. */
export function renderVerdictComparison(result) {
  const line =
    `verdicts: ${result.compared} compared, ${result.agree} agree, ${result.flips.length} flips` +
    ` (${result.differ.length} differ without flipping: equivalent or undecided against another verdict)`;
  const detail = [
    ...result.flips.map((entry) => ['FLIP', entry]),
    ...result.differ.map((entry) => ['differ', entry]),
  ].map(
    ([kind, { then, now }]) =>
      `  ${kind}: ${then.engine} ${then.verdict.label} ${then.verdict.block} ${then.verdict.operation} vs ${then.against}: ` +
      `OLD ${then.words}; NEW ${now.words}`,
  );
  return [line, ...detail].join('\n');
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
  // Sizes in MB (per payload, times in ms); records and data sets by name.
  const sized = lines.every((line) => line.step !== undefined);
  const ms = lines.some((line) => line.higherIsFaster) ? '' : ' ms';
  const header = [
    'place',
    'path',
    sized ? 'MB' : 'unit',
    'op',
    `old${ms}`,
    `new${ms}`,
    'change',
    `3xMAD${ms}`,
  ];
  const align = ['l', 'l', 'r', 'l', 'r', 'r', 'r', 'r', 'l'];
  const body = lines.map((line) => [
    line.place,
    line.label,
    line.unit,
    line.operation,
    formatFigure(line, line.oldMedian),
    formatFigure(line, line.newMedian),
    formatChange(line.relative),
    formatFigure(line, line.threshold),
    verdictText(line),
  ]);
  const parts = [`Change in median per row, ${FLAG_RULE}.`, renderColumns([...header, 'flag'], body, align)];
  for (const change of statusChanges) {
    parts.push(
      `${change.place} ${change.label} ${change.step !== undefined ? `at ${change.unit} MB` : `on ${change.unit}`}: ${change.change} (${change.error})`,
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

/**
 * Vega-Lite spec of the comparison: change in median per row against size
 * (records and data sets by name), coloured by verdict.
 */
export function comparisonChart({ lines }) {
  const records = lines
    .filter((line) => Number.isFinite(line.relative))
    .map((line) => ({
      place: line.place,
      label: line.label,
      operation: line.operation,
      unit: line.unit,
      jsonMB: line.jsonMB,
      changePercent: line.relative * 100,
      old: formatFigure(line, line.oldMedian),
      new: formatFigure(line, line.newMedian),
      threshold: formatFigure(line, line.threshold),
      verdict: line.flagged ? `${line.verdict} (flagged)` : 'within the spread',
    }));
  const sized = lines.every((line) => line.step !== undefined);
  const x = sized
    ? {
        field: 'jsonMB',
        type: 'quantitative',
        scale: { type: 'log', nice: false, padding: 10 },
        axis: { format: '~g' },
        title: 'JSON payload (MB)',
      }
    : { field: 'unit', type: 'nominal', title: null };
  return {
    $schema: VEGA_LITE_SCHEMA,
    title: {
      text: 'Change in median, NEW vs OLD',
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
            x,
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
              { field: 'unit' },
              { field: 'old' },
              { field: 'new' },
              { field: 'changePercent', title: 'change %', format: '+.1f' },
              { field: 'threshold', title: '3 x MAD' },
            ],
          },
        },
      ],
    },
  };
}
