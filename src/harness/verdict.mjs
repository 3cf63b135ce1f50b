// Noise-aware comparisons: is a path faster than a reference, or is the
// difference within the spread of the timed repetitions? Browser-safe (no
// Node API): the console tables, the page and the report share it.
//
// The ratio is the reference's median / the path's median (for times; for
// rates such as operations per second, the path's / the reference's), so
// above 1 the path is faster. Its 95% interval is a percentile bootstrap:
// both sample sets are resampled with replacement RESAMPLES times and the
// ratio of the resampled medians taken each time. The PRNG is seeded from
// the samples themselves, so the same results file always renders the same
// intervals, whatever else is on the page.

import { formatRatio } from './format.mjs';

export const RESAMPLES = 2000;
export const LEVEL = 0.95;
/**
 * Fewer samples than this on either side give no interval: with one sample
 * every resample is the same value, with two only three medians exist, so a
 * bootstrap would report no spread at all.
 */
export const MIN_SAMPLES = 3;
/**
 * Without an interval (too few samples), a ratio is a verdict only beyond
 * this factor either way. Run-to-run differences of 10-25% were seen for
 * the same path (issue 15's 1.17x vs 0.95x); a 2x difference is not noise.
 */
export const NO_INTERVAL_MARGIN = 2;

export const FASTER = 'faster';
export const SLOWER = 'slower';
export const WITHIN_NOISE = 'within noise';
/** Not a verdict: a side has no samples (an older results file) or no positive median. */
export const UNKNOWN = 'unknown';

// xorshift32, seeded per comparison (Math.random cannot be seeded). Its
// state is module-level, not a closure: a fresh closure per comparison left
// the draw uninlined and the bootstrap several times slower.
let state = 1;

function seed(value) {
  state = value >>> 0 || 0x9e3779b9;
}

/** An index in [0, length), uniform. */
function drawIndex(length) {
  state ^= state << 13;
  state ^= state >>> 17;
  state ^= state << 5;
  return Math.floor(((state >>> 0) / 4294967296) * length);
}

// FNV-1a over the samples' bits: the seed depends on the data alone.
function seedOf(...sets) {
  let hash = 0x811c9dc5;
  const words = new Uint32Array(2);
  const view = new Float64Array(words.buffer);
  for (const set of sets) {
    for (const value of set) {
      view[0] = value;
      for (const word of words) {
        hash ^= word;
        hash = Math.imul(hash, 0x01000193) >>> 0;
      }
    }
    hash ^= set.length;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}

function sortedMedian(sorted) {
  const middle = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

function medianOf(values) {
  return sortedMedian(Float64Array.from(values).sort());
}

// The median of one resample of `values`, drawn into `scratch`. An insertion
// sort: sample sets are small, and TypedArray#sort's call costs more than
// sorting them (2000 resamples x 2 sets per comparison).
function resampledMedian(values, scratch) {
  for (let i = 0; i < scratch.length; i++) {
    const value = values[drawIndex(values.length)];
    let j = i;
    for (; j > 0 && scratch[j - 1] > value; j--) scratch[j] = scratch[j - 1];
    scratch[j] = value;
  }
  return sortedMedian(scratch);
}

// Reference over path for times, path over reference for rates; both equal
// (0/0, a coarse clock) count as 1.
function ratioOf(reference, path, higherIsFaster) {
  const ratio = higherIsFaster ? path / reference : reference / path;
  return Number.isNaN(ratio) ? 1 : ratio;
}

function percentile(sorted, q) {
  const position = (sorted.length - 1) * q;
  const below = Math.floor(position);
  const above = Math.ceil(position);
  return sorted[below] + (sorted[above] - sorted[below]) * (position - below);
}

const usable = (samples) => Array.isArray(samples) && samples.length > 0;

/**
 * Compares a path's samples with a reference's: { ratio, low, high, verdict,
 * reason? }. `low`/`high` bound the 95% interval of the ratio (absent when
 * there is none, with `reason` saying why). Verdict: 'faster' when the
 * interval lies above 1, 'slower' below 1, else 'within noise'; with fewer
 * than MIN_SAMPLES on a side, by NO_INTERVAL_MARGIN; 'unknown' (with a
 * reason) when a side has no samples or the ratio is not a number.
 * Options: higherIsFaster (rates), resamples.
 */
export function compareSamples(reference, path, { higherIsFaster = false, resamples = RESAMPLES } = {}) {
  if (!usable(reference) || !usable(path)) return { verdict: UNKNOWN, reason: 'no samples' };
  // A page re-renders its tables after every row: the same sample arrays
  // come back, and a bootstrap costs about a millisecond.
  const key = `${higherIsFaster}:${resamples}`;
  const cached = cache.get(reference)?.get(path)?.[key];
  if (cached) return cached;
  const comparison = bootstrap(reference, path, higherIsFaster, resamples);
  if (!cache.has(reference)) cache.set(reference, new WeakMap());
  const byPath = cache.get(reference);
  byPath.set(path, { ...byPath.get(path), [key]: comparison });
  return comparison;
}

const cache = new WeakMap();

function bootstrap(reference, path, higherIsFaster, resamples) {
  const ratio = ratioOf(medianOf(reference), medianOf(path), higherIsFaster);
  if (!Number.isFinite(ratio) || ratio <= 0) return { verdict: UNKNOWN, reason: 'no positive median' };
  if (reference.length < MIN_SAMPLES || path.length < MIN_SAMPLES) {
    const verdict =
      ratio >= NO_INTERVAL_MARGIN ? FASTER : ratio <= 1 / NO_INTERVAL_MARGIN ? SLOWER : WITHIN_NOISE;
    return { ratio, verdict, reason: `fewer than ${MIN_SAMPLES} samples` };
  }
  seed(seedOf(reference, path));
  const [referenceValues, pathValues] = [Float64Array.from(reference), Float64Array.from(path)];
  const referenceScratch = new Float64Array(reference.length);
  const pathScratch = new Float64Array(path.length);
  const ratios = new Float64Array(resamples);
  for (let i = 0; i < resamples; i++) {
    const referenceMedian = resampledMedian(referenceValues, referenceScratch);
    ratios[i] = ratioOf(referenceMedian, resampledMedian(pathValues, pathScratch), higherIsFaster);
  }
  ratios.sort();
  const tail = (1 - LEVEL) / 2;
  const low = percentile(ratios, tail);
  const high = percentile(ratios, 1 - tail);
  const verdict = low > 1 ? FASTER : high < 1 ? SLOWER : WITHIN_NOISE;
  return { ratio, low, high, verdict };
}

/**
 * compareSamples on two results statistics ({ median, samples? }). A side
 * without samples (an older results file) still gets the ratio of the
 * medians, with verdict 'unknown' and reason 'no samples'.
 */
export function compareStats(reference, path, options = {}) {
  const comparison = compareSamples(reference?.samples, path?.samples, options);
  if (comparison.reason !== 'no samples' || !(reference?.median > 0) || !(path?.median > 0))
    return comparison;
  return { ...comparison, ratio: ratioOf(reference.median, path.median, options.higherIsFaster) };
}

/** The mark of a ratio that is within noise. */
export const NOISE_MARK = '~';
/** The mark of a ratio that has no verdict (no samples). */
export const UNKNOWN_MARK = '?';

/**
 * A comparison as a short table cell: "1.17x" (faster or slower), "~1.05x"
 * (within noise), "1.17x?" (no samples to judge), "-" (no ratio).
 */
export function formatVerdictRatio(comparison) {
  if (!comparison || !Number.isFinite(comparison.ratio)) return '-';
  const text = formatRatio(comparison.ratio);
  if (comparison.verdict === WITHIN_NOISE) return `${NOISE_MARK}${text}`;
  if (comparison.verdict === UNKNOWN) return `${text}${UNKNOWN_MARK}`;
  return text;
}

/**
 * A comparison with its interval, for the report: "1.17x [1.09, 1.26]",
 * "~1.02x [0.95, 1.08]", "1.17x (no samples)", "2.40x (fewer than 3 samples)".
 */
export function formatWithInterval(comparison) {
  if (!comparison || !Number.isFinite(comparison.ratio)) return '-';
  const cell = formatVerdictRatio(comparison).replace(UNKNOWN_MARK, '');
  if (comparison.low === undefined) return `${cell} (${comparison.reason ?? 'no interval'})`;
  return `${cell} [${comparison.low.toFixed(2)}, ${comparison.high.toFixed(2)}]`;
}

/** How a single run's tables are labelled: their intervals are those of one process. */
export const SINGLE_RUN_LABEL = 'single run: within-process intervals';

export const VERDICT_LEGEND =
  `${SINGLE_RUN_LABEL[0].toUpperCase()}${SINGLE_RUN_LABEL.slice(1)} (--sweep, or the page run by hand; the ` +
  `default run's verdicts are taken over processes: docs/design.md#blocks). A ratio is a claim (faster or slower) only when its ${LEVEL * 100}% bootstrap interval ` +
  `(${RESAMPLES} resamples of both sets of timed repetitions, ratio of medians) lies entirely above ` +
  `or below 1; ${NOISE_MARK}1.05x marks a ratio whose interval contains 1 (within noise). With fewer ` +
  `than ${MIN_SAMPLES} repetitions there is no interval and only a ${NO_INTERVAL_MARGIN}x difference ` +
  `counts; ${UNKNOWN_MARK} marks a row without samples (an older results file).`;
