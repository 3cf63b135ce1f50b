// Summary statistics of timed repetitions. Plain functions over arrays of
// numbers so Node and the browser share them.

function sortedCopy(values) {
  return Float64Array.from(values).sort();
}

function requireValues(values) {
  if (values.length === 0) throw new Error('stats: no values');
}

/** Quantile q in [0, 1] by linear interpolation between closest ranks. */
export function quantile(values, q) {
  requireValues(values);
  const sorted = sortedCopy(values);
  const position = (sorted.length - 1) * q;
  const below = Math.floor(position);
  const above = Math.ceil(position);
  return sorted[below] + (sorted[above] - sorted[below]) * (position - below);
}

export function median(values) {
  return quantile(values, 0.5);
}

export function mean(values) {
  requireValues(values);
  let sum = 0;
  for (const value of values) sum += value;
  return sum / values.length;
}

/** Median absolute deviation from the median: a spread figure that a single outlier cannot move. */
export function mad(values) {
  const center = median(values);
  return median(values.map((value) => Math.abs(value - center)));
}

/** The stats object of the results schema for a list of timings in ms. */
export function summarize(samples) {
  requireValues(samples);
  return {
    median: median(samples),
    min: Math.min(...samples),
    max: Math.max(...samples),
    mean: mean(samples),
    mad: mad(samples),
    p75: quantile(samples, 0.75),
    n: samples.length,
    samples: [...samples],
  };
}
