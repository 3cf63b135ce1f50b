// The page's time and speed charts, for any workload and any results file:
// the report's unit records (src/report/unit-records.mjs), each path's
// median per unit (a size, a record, a data set) and its speed against the
// JSON baseline of its own batch, as the tables compare them. Rows whose
// blocks hold several processes come as src/report/block-rows.mjs makes
// them (one per path and block, medians over processes).

import { unitRecords } from '../../src/report/unit-records.mjs';

/**
 * Draws the time and speed charts of `operation` into `charts` (charts.mjs);
 * nothing when no path timed it. `view`: the workload's description (its
 * unit, metric and which way is better); `overProcesses`: the rows are
 * medians over processes (the titles say so).
 */
export function drawUnitCharts(charts, rows, operation, { view, overProcesses = false }) {
  const records = unitRecords([{ source: 'page', document: { rows } }], operation);
  if (records.length === 0) return;
  const units = [...new Set(records.map((record) => record.unit))];
  // Sizes on a log axis in MB; records and data sets as categories.
  const x = units.map((unit) => records.find((record) => record.unit === unit).row.jsonMB);
  const axis =
    records[0].row.step !== undefined && x.every((value) => value > 0)
      ? { x }
      : { x: units.map((_, index) => index), categories: { name: view.unit, values: units } };
  const seriesOf = (field) =>
    [...new Set(records.map((record) => record.label))].map((label) => {
      const own = records.filter((record) => record.label === label);
      // Log scales: a zero or negative value (a coarse clock) cannot be drawn.
      const valueAt = (unit) => own.find((record) => record.unit === unit)?.[field];
      return {
        label,
        row: own[0].row,
        values: units.map((unit) => (valueAt(unit) > 0 ? valueAt(unit) : null)),
      };
    });
  const { higherIsBetter, metric } = view;
  const over = overProcesses ? 'median over processes, ' : '';
  const title = operation === 'roundTrip' ? 'round trip' : operation;
  charts.draw('time', {
    title: `${title}: ${higherIsBetter ? 'operations per second' : 'median time'} per ${view.unit} (${over}log scale)`,
    yLabel: metric,
    higherIsBetter,
    ...axis,
    series: seriesOf('value'),
  });
  charts.draw('ratio', {
    title: `${title}: speed vs JSON per ${view.unit} (x faster${overProcesses ? ', medians over processes' : ''})`,
    yLabel: higherIsBetter ? `path ${metric} / JSON ${metric}` : 'JSON time / time',
    higherIsBetter: true,
    ...axis,
    series: seriesOf('versusJson'),
  });
}
