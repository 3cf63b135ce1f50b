// Verdicts over processes (docs/design.md#verdicts): the unit of replication
// is the process (Node) or the browser context, where the variance lives.
// Each process i gives one paired ratio r_i, the reference's median over the
// path's, both measured in the same block of that process. The estimate is
// the median of the r_i and its interval is distribution-free: the order
// statistics r(k) and r(n+1-k) cover the median of the ratios with
// probability 1 - 2 P(Binomial(n, 1/2) < k) (the sign test), whatever the
// shape of their spread. Browser-safe.

import { formatRatio } from './format.mjs';

export const LEVEL = 0.95;
/** An interval inside this band is "equivalent": a difference under ~10% does not reproduce (docs/decisions/protocol.md#blocks-pilot). */
export const EQUIVALENCE = Object.freeze({ low: 0.91, high: 1.1 });

export const FASTER = 'faster';
export const SLOWER = 'slower';
export const EQUIVALENT = 'equivalent';
export const UNDECIDED = 'undecided';
export const DECIDED = Object.freeze([FASTER, SLOWER, EQUIVALENT]);

function binomialCoefficient(n, k) {
  let value = 1;
  for (let i = 1; i <= k; i++) value = (value * (n - k + i)) / i;
  return value;
}

/**
 * The widest-k order-statistic interval of the median with coverage >= LEVEL
 * among n values: { k, coverage }, or null when n is too small for any
 * (below 6 values even [min, max] covers less than 95%).
 */
export function signTestRank(n, level = LEVEL) {
  let below = 0; // P(Binomial(n, 1/2) < k)
  let best = null;
  for (let k = 1; 2 * k <= n; k++) {
    below += binomialCoefficient(n, k - 1) / 2 ** n;
    const coverage = 1 - 2 * below;
    if (coverage < level) break;
    best = { k, coverage };
  }
  return best;
}

function medianOfSorted(sorted) {
  const middle = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[middle] : Math.sqrt(sorted[middle - 1] * sorted[middle]);
}

/**
 * The verdict on per-process ratios (above 1: the path is faster):
 * { n, ratio, low?, high?, coverage?, wins, losses, verdict }.
 * faster / slower: the interval excludes 1; equivalent: it lies inside
 * EQUIVALENCE (checked first: a difference that small is not a claim a second
 * run would repeat); undecided otherwise, or with too few processes for an
 * interval. The median of an even count is the geometric mean of the middle
 * two, as the ratios are multiplicative.
 */
export function judgeRatios(ratios, level = LEVEL) {
  const values = ratios.filter((value) => Number.isFinite(value) && value > 0);
  const sorted = Float64Array.from(values).sort();
  const n = sorted.length;
  const wins = values.filter((value) => value > 1).length;
  const losses = values.filter((value) => value < 1).length;
  if (n === 0) return { n, wins, losses, verdict: UNDECIDED };
  const result = { n, ratio: medianOfSorted(sorted), wins, losses };
  const rank = signTestRank(n, level);
  if (!rank) return { ...result, verdict: UNDECIDED };
  const low = sorted[rank.k - 1];
  const high = sorted[n - rank.k];
  let verdict = UNDECIDED;
  if (low >= EQUIVALENCE.low && high <= EQUIVALENCE.high) verdict = EQUIVALENT;
  else if (low > 1) verdict = FASTER;
  else if (high < 1) verdict = SLOWER;
  return { ...result, low, high, coverage: rank.coverage, verdict };
}

/**
 * A path against a set of references (the fastest libraries), each judged
 * alone on the same processes. faster: faster than every one; slower:
 * slower than at least one; equivalent: slower than none and equivalent to
 * the closest; undecided otherwise. `closest` names the reference with the
 * lowest estimated ratio, whose figures the verdict carries.
 * judged: [{ name, comparison }] (judgeRatios results).
 */
export function judgeAgainstSet(judged) {
  const usable = judged.filter(({ comparison }) => comparison.n > 0);
  if (usable.length === 0) return { verdict: UNDECIDED, n: 0, wins: 0, losses: 0, members: judged };
  const closest = usable.reduce((best, entry) =>
    entry.comparison.ratio < best.comparison.ratio ? entry : best,
  );
  const verdicts = usable.map(({ comparison }) => comparison.verdict);
  let verdict = UNDECIDED;
  if (usable.length === judged.length && verdicts.every((v) => v === FASTER)) verdict = FASTER;
  else if (verdicts.includes(SLOWER)) verdict = SLOWER;
  else if (
    usable.length === judged.length &&
    closest.comparison.verdict === EQUIVALENT &&
    verdicts.every((v) => v === FASTER || v === EQUIVALENT)
  )
    verdict = EQUIVALENT;
  const slowest =
    verdict === SLOWER ? usable.find(({ comparison }) => comparison.verdict === SLOWER) : closest;
  // Slower than a member: name the one it loses to with the lowest ratio.
  const named =
    verdict === SLOWER
      ? usable
          .filter(({ comparison }) => comparison.verdict === SLOWER)
          .reduce((best, entry) => (entry.comparison.ratio < best.comparison.ratio ? entry : best), slowest)
      : closest;
  return { ...named.comparison, verdict, closest: named.name, members: judged };
}

/** Whether a comparison is decided (faster, slower or equivalent). */
export const isDecided = (comparison) => DECIDED.includes(comparison?.verdict);

/** "[1.12, 1.55]", or '' without an interval. */
export function intervalText({ low, high }) {
  return low === undefined ? '' : ` [${low.toFixed(2)}, ${high.toFixed(2)}]`;
}

/**
 * A comparison in words, with its figures:
 *   faster in 6/6 processes, 1.31x [1.12, 1.55]
 *   slower in 5/6 processes, 0.52x [0.44, 0.60]
 *   equivalent over 10 processes, 1.02x [0.95, 1.08]
 *   undecided after 14 processes, 1.04x [0.93, 1.21]
 */
export function verdictWords(comparison) {
  const { verdict, n, ratio } = comparison;
  if (!(n > 0)) return 'not measured';
  const figures = `${formatRatio(ratio)}${intervalText(comparison)}`;
  const processes = `${n} process${n === 1 ? '' : 'es'}`;
  if (verdict === FASTER) return `faster in ${comparison.wins}/${processes}, ${figures}`;
  if (verdict === SLOWER) return `slower in ${comparison.losses}/${processes}, ${figures}`;
  if (verdict === EQUIVALENT) return `equivalent over ${processes}, ${figures}`;
  return `undecided after ${processes}, ${figures}`;
}

export const PAIRED_LEGEND =
  `Verdicts are taken over processes (browser contexts), each a block where the path and its references ` +
  `ran round by round: the figure is the median of the per-process ratios (reference time / path time, ` +
  `above 1 = the path is faster), the bracket its distribution-free ${LEVEL * 100}% interval (order ` +
  `statistics, sign test; none below 6 processes). faster / slower: the interval excludes 1; equivalent: ` +
  `it lies inside [${EQUIVALENCE.low}, ${EQUIVALENCE.high}]; undecided: neither. Against the fastest ` +
  `libraries a path is faster only when it is faster than each of them in the same processes; the ` +
  `library named is the closest (or the one it loses to).`;
