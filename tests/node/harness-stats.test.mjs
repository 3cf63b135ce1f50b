import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mad, mean, median, quantile, summarize } from '../../src/harness/stats.mjs';

test('median of odd and even counts, unsorted input left untouched', () => {
  const values = [5, 1, 3];
  assert.equal(median(values), 3);
  assert.deepEqual(values, [5, 1, 3]);
  assert.equal(median([4, 1, 3, 2]), 2.5);
  assert.equal(median([7]), 7);
});

test('MAD is the median distance from the median and ignores one outlier', () => {
  // median 3; distances 2, 1, 0, 1, 97 -> median 1
  assert.equal(mad([1, 2, 3, 4, 100]), 1);
  assert.equal(mad([2, 2, 2, 2]), 0);
  // median 2.5; distances 1.5, 0.5, 0.5, 1.5 -> 1
  assert.equal(mad([1, 2, 3, 4]), 1);
});

test('quantiles interpolate between ranks', () => {
  assert.equal(quantile([10, 20, 30, 40, 50], 0.75), 40);
  assert.equal(quantile([1, 2, 3, 4], 0.75), 3.25);
  assert.equal(quantile([1, 2, 3, 4], 0), 1);
  assert.equal(quantile([1, 2, 3, 4], 1), 4);
  assert.equal(mean([1, 2, 3, 6]), 3);
});

test('summarize gives every field of the schema stats object', () => {
  const stats = summarize([3, 1, 2, 10]);
  assert.deepEqual(stats, {
    median: 2.5,
    min: 1,
    max: 10,
    mean: 4,
    mad: 1,
    p75: 4.75,
    n: 4,
    samples: [3, 1, 2, 10],
  });
});

test('no values is an error, not NaN', () => {
  assert.throws(() => median([]), /no values/);
  assert.throws(() => summarize([]), /no values/);
});
