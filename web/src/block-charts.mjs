// A block run's charts (docs/design.md#blocks), for any workload: the rows
// of src/report/block-rows.mjs (one per path and block, medians over
// processes), drawn as the time chart (ms per payload, or ops/s per call)
// and the speed chart against JSON per size, record or data set.

import { isJsonBaseline, pathLabel } from '../../src/catalog.mjs';
import { medianOf } from '../../src/harness/block-verdicts.mjs';
import { unitsOf } from '../../src/report/headline.mjs';

export { blockChartRows } from '../../src/report/block-rows.mjs';

const isOk = (row) => row.status === 'ok';

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
