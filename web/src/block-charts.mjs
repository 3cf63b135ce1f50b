// A block run's charts (docs/design.md#blocks), for any workload: its rows
// as one row per path and block, its statistic the median over processes
// of each process's median, its phases likewise; then the time chart (ms
// per payload, or ops/s per call) and the speed chart against JSON per
// size, record or data set. A block is measured in several processes (or
// browser contexts) and every path of it is paired with the JSON of the
// same process, so the rows of one block share one batch here: the speed
// chart divides JSON's median over processes by the path's. A path of a
// block may time one operation only (a library of one operation's fastest
// set): it is drawn in that operation's charts. The verdicts (with their
// intervals) stay the block tables' and the answer's; these rows only draw.

import { isJsonBaseline, pathLabel } from '../../src/catalog.mjs';
import { OPERATIONS } from '../../src/harness/block.mjs';
import { medianOf } from '../../src/harness/block-verdicts.mjs';
import { median } from '../../src/harness/stats.mjs';
import { groupBy } from '../../src/harness/group-by.mjs';
import { unitsOf } from '../../src/report/headline.mjs';

const isOk = (row) => row.status === 'ok';

/** The median over `rows` of each phase of `operation` ({ key: ms }), or undefined when none has phases. */
function medianPhases(rows, operation) {
  const phased = rows.map((row) => row[`${operation}Phases`]).filter(Boolean);
  if (phased.length === 0) return undefined;
  const keys = [...new Set(phased.flatMap((phases) => Object.keys(phases)))];
  return Object.fromEntries(
    keys.map((key) => [key, median(phased.map((phases) => phases[key]).filter(Number.isFinite))]),
  );
}

/** The statistic of `operation` over `rows` (one path, one block) in the shape of a single row's. */
function medianStats(rows, operation) {
  const timed = rows.filter((row) => row[operation]);
  if (timed.length === 0) return undefined;
  const value = median(timed.map((row) => medianOf(row, operation)));
  const perCall = timed[0][operation].opsPerSec !== undefined;
  return perCall ? { opsPerSec: { median: value } } : { median: value };
}

/**
 * One row per path of every block of `rows` (a block run's), in the order
 * the paths first came: the first ok row's fields, with `batch` the block
 * (so each path pairs with its block's JSON), `processes` the count of its
 * ok rows, and each of `operations`' median and phases over processes
 * (messages: encode, decode and round trip). A path
 * that measured ok in no process keeps its first row (failed or n/a).
 */
export function blockChartRows(rows, operations = OPERATIONS) {
  const blocks = rows.filter((row) => row.block !== undefined);
  return [...groupBy(blocks, (row) => `${row.block}\u0000${pathLabel(row)}`).values()].map((group) => {
    const ok = group.filter(isOk);
    const batch = `block ${group[0].block}`;
    if (ok.length === 0) return { ...group[0], batch };
    const merged = { ...ok[0], batch, processes: ok.length };
    delete merged.process;
    for (const operation of operations) {
      const stats = medianStats(ok, operation);
      if (stats) merged[operation] = stats;
      else delete merged[operation];
      const phases = medianPhases(ok, operation);
      if (phases) merged[`${operation}Phases`] = phases;
      else delete merged[`${operation}Phases`];
    }
    return merged;
  });
}

/** What a run's units are, for the x axis: sizes (a log axis in MB), records or data sets (categories). */
function axisOf(units) {
  const [first] = units[0].rows;
  if (first.step !== undefined) {
    const x = units.map((unit) => unit.rows.find((row) => Number.isFinite(row.jsonMB))?.jsonMB);
    if (x.every((value) => value > 0)) return { x };
  }
  const name = first.record !== undefined ? 'record' : first.step !== undefined ? 'step' : 'data set';
  return {
    x: units.map((_, index) => index),
    categories: { name, values: units.map((unit) => String(unit.key)) },
  };
}

/**
 * Draws the time and speed charts of `operation` from rows of
 * blockChartRows into `charts` (charts.mjs); nothing when no path timed it.
 */
export function drawBlockCharts(charts, rows, operation) {
  const timed = rows.filter((row) => isOk(row) && medianOf(row, operation) > 0);
  const units = unitsOf(timed);
  if (units.length === 0) return;
  const axis = axisOf(units);
  const perCall = timed.some((row) => row[operation].opsPerSec !== undefined);
  const seriesOf = (valueOf) => {
    const paths = new Map();
    units.forEach((unit, at) => {
      const json = unit.rows.find(isJsonBaseline);
      for (const row of unit.rows) {
        const label = pathLabel(row);
        if (!paths.has(label)) paths.set(label, { label, row, values: units.map(() => null) });
        const value = valueOf(row, json);
        if (Number.isFinite(value) && value > 0) paths.get(label).values[at] = value;
      }
    });
    return [...paths.values()];
  };
  const value = (row) => medianOf(row, operation);
  const per = axis.categories ? axis.categories.name : 'size';
  charts.draw('time', {
    title: `${operation}: ${perCall ? 'operations per second' : 'median time'} per ${per} (median over processes, log scale)`,
    yLabel: perCall ? 'ops/s' : 'ms',
    ...axis,
    series: seriesOf(value),
  });
  charts.draw('ratio', {
    title: `${operation}: speed vs JSON per ${per} (x faster, medians over processes)`,
    yLabel: perCall ? 'path ops/s / JSON ops/s' : 'JSON time / time',
    ...axis,
    series: seriesOf((row, json) => json && (perCall ? value(row) / value(json) : value(json) / value(row))),
  });
}
