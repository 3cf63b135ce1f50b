// The page's time and speed charts, for any workload and any results file:
// per unit (a size, a record, a data set) each path's median (ms per
// payload, or ops/s per call) and its speed against the JSON baseline of its
// own batch (the same process or page). Rows whose blocks hold several
// processes come as src/report/block-rows.mjs makes them (one per path and
// block, medians over processes). The C++ floors that do no codec work
// (messages' marshal floors and empty calls) are left out; the JS floors
// (objects, documents) are references and stay.

import { isJsonBaseline, pathLabel } from '../../src/catalog.mjs';
import { medianOf } from '../../src/harness/block-verdicts.mjs';
import { median } from '../../src/harness/stats.mjs';
import { unitsOf } from '../../src/report/headline.mjs';

const TITLES = { roundTrip: 'round trip' };
// messages' floors of a C++ path (its marshalling alone, its empty call): no codec work to chart.
const isCodecFloor = (row) => row.impl === 'cpp' && row.variant === 'floor';

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
 * Draws the time and speed charts of `operation` into `charts` (charts.mjs);
 * nothing when no path timed it. `overProcesses`: the rows are medians over
 * processes (the titles say so).
 */
export function drawUnitCharts(charts, rows, operation, { overProcesses = false } = {}) {
  const timed = rows.filter(
    (row) => row.status === 'ok' && !isCodecFloor(row) && medianOf(row, operation) > 0,
  );
  const units = unitsOf(timed);
  if (units.length === 0) return;
  const axis = axisOf(units);
  const perCall = timed.some((row) => row[operation].opsPerSec !== undefined);
  const value = (row) => medianOf(row, operation);
  // Per path and unit, the median of its rows' values (the JSON baseline of several batches).
  const seriesOf = (valueOf) => {
    const paths = new Map();
    units.forEach((unit, at) => {
      const baselines = unit.rows.filter(isJsonBaseline);
      for (const row of unit.rows) {
        const label = pathLabel(row);
        if (!paths.has(label)) paths.set(label, { label, row, values: units.map(() => []) });
        const json = baselines.find((baseline) => baseline.batch === row.batch) ?? baselines[0];
        const figure = valueOf(row, json);
        // Log scales: a zero or negative value (a coarse clock) cannot be drawn.
        if (Number.isFinite(figure) && figure > 0) paths.get(label).values[at].push(figure);
      }
    });
    return [...paths.values()].map((path) => ({
      ...path,
      values: path.values.map((list) => (list.length > 0 ? median(list) : null)),
    }));
  };
  const per = axis.categories ? axis.categories.name : 'size';
  const over = overProcesses ? 'median over processes, ' : '';
  const title = TITLES[operation] ?? operation;
  charts.draw('time', {
    title: `${title}: ${perCall ? 'operations per second' : 'median time'} per ${per} (${over}log scale)`,
    yLabel: perCall ? 'ops/s' : 'ms',
    ...axis,
    series: seriesOf(value),
  });
  charts.draw('ratio', {
    title: `${title}: speed vs JSON per ${per} (x faster${overProcesses ? ', medians over processes' : ''})`,
    yLabel: perCall ? 'path ops/s / JSON ops/s' : 'JSON time / time',
    ...axis,
    series: seriesOf((row, json) => json && (perCall ? value(row) / value(json) : value(json) / value(row))),
  });
}
