// The page's phase breakdown: where the time of each C++ path's call goes
// at one unit (a size or a data set), as npm run report draws it
// (src/workloads/tuples/report-charts.mjs breakdownChart): the medians of
// its phases (encode: marshal in, codec, bytes out; decode: bytes in,
// codec, marshal out) stacked, the whole call's median as a tick, and the
// JSON baseline's whole call beside them for scale. The rows carry the
// phase medians (src/harness/measure.mjs); nothing is recomputed here.
// Plain data, no DOM: chart-svg.mjs draws it.

import { isJsonBaseline, pathLabel } from '../../src/catalog.mjs';
import { mergedStats } from '../../src/harness/references.mjs';
import { PHASES, PHASE_COLORS, WHOLE_CALL_COLOR, WHOLE_CALL_PHASE } from '../../src/report/phases.mjs';

const isOk = (row) => row.status === 'ok';

/** True when some row of `rows` has phases to show (per-payload C++ paths; per-call rows have none). */
export const hasPhases = (rows) => rows.some((row) => isOk(row) && (row.encodePhases || row.decodePhases));

/**
 * The bars of one unit's rows for `operation`: { bars: [{ label, total,
 * segments: [{ name, value, color }] }], legend: [{ name, color }] }. The
 * JSON baseline first (its batches' medians' median, one grey bar), then
 * every C++ path in the order of the rows; a path without phases (an older
 * file) is one grey bar too.
 */
export function phaseBars(unitRows, operation) {
  const rows = unitRows.filter((row) => isOk(row) && row[operation]?.median !== undefined);
  const bars = [];
  const wholeCall = (label, total) => ({
    label,
    total,
    segments: [{ name: WHOLE_CALL_PHASE, value: total, color: WHOLE_CALL_COLOR }],
  });
  const baselines = rows.filter(isJsonBaseline);
  if (baselines.length > 0)
    bars.push(wholeCall(pathLabel(baselines[0]), mergedStats(baselines, operation).median));
  for (const row of rows.filter((candidate) => candidate.impl === 'cpp')) {
    const phases = row[`${operation}Phases`];
    const total = row[operation].median;
    if (!phases) {
      bars.push(wholeCall(pathLabel(row), total));
      continue;
    }
    const segments = PHASES[operation]
      .map(({ key, name }, index) => ({ name, value: phases[key], color: PHASE_COLORS[index] }))
      .filter((segment) => segment.value > 0);
    bars.push({ label: pathLabel(row), total, segments });
  }
  const legend = [
    ...PHASES[operation].map(({ name }, index) => ({ name, color: PHASE_COLORS[index] })),
    { name: WHOLE_CALL_PHASE, color: WHOLE_CALL_COLOR },
  ];
  return { bars, legend };
}
