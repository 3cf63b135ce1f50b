// Every ratio of one unit (a size, a record, a data set) that a table and
// the answer in words (src/report/headline.mjs) both show, made in one
// place so the two cannot disagree: a path against the JSON baseline of its
// own batch (xJSON), a path against the fastest JS library (xBestJS), and
// the JSON baseline against the fastest library. That last one is the
// library's own xJSON turned round: the JSON measured beside the library,
// not another batch's JSON, so "JSON.stringify is 2.33x faster than
// msgpackr" and msgpackr's "0.43x" are one figure. A comparison turned
// round keeps its interval (inverted) and its verdict (swapped) rather than
// being taken again the other way, which could land on the other side of 1.

import { isJsonBaseline } from '../catalog.mjs';
import { compareOperation, fastestLibraries, operationStats, referenceOf } from './references.mjs';
import { median } from './stats.mjs';
import { FASTER, SLOWER } from './verdict.mjs';

export const OPERATIONS = Object.freeze(['encode', 'decode']);

const SWAPPED = { [FASTER]: SLOWER, [SLOWER]: FASTER };

/** `comparison` (verdict.mjs) seen from the other side: the ratio, its interval and its verdict inverted. */
export function invertComparison(comparison) {
  if (!comparison) return undefined;
  const inverted = { ...comparison, verdict: SWAPPED[comparison.verdict] ?? comparison.verdict };
  if (Number.isFinite(comparison.ratio)) inverted.ratio = 1 / comparison.ratio;
  if (comparison.low !== undefined) [inverted.low, inverted.high] = [1 / comparison.high, 1 / comparison.low];
  return inverted;
}

/**
 * The comparisons of one unit's rows (either protocol: times per payload or
 * rates per call): { fastest (fastestLibraries), vsJson(row, operation),
 * vsFastest(row, operation), of(row) }. Each comparison's ratio is above 1
 * when `row` is faster. vsJson is undefined for the JSON baseline itself;
 * of(row) gives { vsJson: { encode, decode }, vsFastest: { encode, decode } }
 * for a table's line, each undefined when neither operation compares.
 */
export function unitComparisons(unitRows) {
  const baselines = unitRows.filter(isJsonBaseline);
  const fastest = fastestLibraries(unitRows);
  const vsJson = (row, operation) =>
    row && !isJsonBaseline(row) ? compareOperation(referenceOf(row, baselines), row, operation) : undefined;
  const vsFastest = (row, operation) => {
    const library = fastest?.[operation];
    if (!row || !library) return undefined;
    if (isJsonBaseline(row)) return invertComparison(vsJson(library, operation));
    return compareOperation(library, row, operation);
  };
  // A table's cells: undefined when neither operation compares (a failed row, no library).
  const perOperation = (compare, row) => {
    const pairs = OPERATIONS.map((operation) => [operation, compare(row, operation)]);
    return pairs.some(([, comparison]) => comparison) ? Object.fromEntries(pairs) : undefined;
  };
  return {
    fastest,
    vsJson,
    vsFastest,
    of: (row) => ({ vsJson: perOperation(vsJson, row), vsFastest: perOperation(vsFastest, row) }),
    figure: (group, operation) => pathFigure(group, operation, vsJson),
  };
}

/**
 * One path's figure of `operation` when the unit holds its rows of several
 * batches (a JSON baseline measured beside each path, a sweep's repeated
 * batches): { value: the median of their medians, vsJson: the median of
 * their ratios to the JSON of their own batch }; a path of one batch keeps
 * that batch's comparison with its interval. The charts and the tables
 * both show it, so they give one figure. Undefined when no row timed it.
 */
function pathFigure(group, operation, vsJson) {
  const medianOfRow = (row) => operationStats(row, operation)?.stats.median;
  const timed = group.filter((row) => row.status === 'ok' && medianOfRow(row) > 0);
  if (timed.length === 0) return undefined;
  const ratios = timed.map((row) => vsJson(row, operation)?.ratio).filter((ratio) => ratio > 0);
  const versusJson =
    timed.length === 1
      ? vsJson(timed[0], operation)
      : ratios.length > 0
        ? { ratio: median(ratios) }
        : undefined;
  return { value: median(timed.map(medianOfRow)), vsJson: versusJson };
}
