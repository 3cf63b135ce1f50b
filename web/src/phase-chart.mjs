// The page's phase breakdown: where the time of each C++ path's call goes
// at one unit (a size or a data set), as npm run report draws it: the
// report's unit records (src/report/unit-records.mjs) and their phases
// (src/report/phases.mjs), the whole call's median as a tick, the JSON
// baseline's whole call beside them for scale. Plain data, no DOM:
// chart-svg.mjs draws it.

import { isJsonBaseline } from '../../src/catalog.mjs';
import { isPhasePath, phaseLegend, phaseSegments } from '../../src/report/phases.mjs';
import { unitRecords } from '../../src/report/unit-records.mjs';

/** True when some row of `rows` has phases to show (per-payload C++ paths; per-call rows have none). */
export const hasPhases = (rows) =>
  rows.some((row) => row.status === 'ok' && (row.encodePhases || row.decodePhases));

/**
 * The bars of one unit's rows for `operation`: { bars: [{ label, total,
 * segments: [{ name, value, color }] }], legend: [{ name, color }] }. The
 * JSON baseline first (the median of its batches, one grey bar), then every
 * C++ path in the order of the rows; a path without phases (an older file)
 * is one grey bar too.
 */
export function phaseBars(unitRows, operation) {
  const bars = unitRecords([{ source: 'page', document: { rows: unitRows } }], operation)
    .filter((record) => isPhasePath(record.row))
    .sort((a, b) => isJsonBaseline(b.row) - isJsonBaseline(a.row))
    .map((record) => ({
      label: record.label,
      total: record.value,
      segments: phaseSegments(record.row[`${operation}Phases`], record.value, operation).map(
        ({ phase, ms, color }) => ({ name: phase, value: ms, color }),
      ),
    }));
  return { bars, legend: phaseLegend(operation) };
}
