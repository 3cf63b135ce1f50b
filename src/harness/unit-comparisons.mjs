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
import { compareOperation, fastestLibraries, referenceOf } from './references.mjs';
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
  };
}
