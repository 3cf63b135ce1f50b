import assert from 'node:assert/strict';
import { test } from 'node:test';

import {
  FASTER,
  SLOWER,
  UNKNOWN,
  WITHIN_NOISE,
  compareSamples,
  compareStats,
  formatVerdictRatio,
  formatWithInterval,
} from '../../src/harness/verdict.mjs';

const FAST = [10.1, 10.3, 9.9, 10.0, 10.2, 10.4, 9.8];
const SLOW = [12.2, 12.0, 12.5, 11.9, 12.1, 12.3, 12.4];

test('clearly separated samples give faster, and slower the other way round', () => {
  const faster = compareSamples(SLOW, FAST);
  assert.equal(faster.verdict, FASTER);
  assert.ok(Math.abs(faster.ratio - 12.2 / 10.1) < 1e-12, 'ratio of medians, reference over path');
  assert.ok(faster.low > 1 && faster.low <= faster.ratio && faster.ratio <= faster.high);

  const slower = compareSamples(FAST, SLOW);
  assert.equal(slower.verdict, SLOWER);
  assert.ok(slower.high < 1);
  assert.equal(formatVerdictRatio(faster), '1.21x');
  assert.match(formatWithInterval(faster), /^1\.21x \[1\.\d\d, 1\.\d\d\]$/);
});

test('overlapping samples are within noise, marked with ~', () => {
  const a = [10, 12, 9, 11, 13, 10.5, 11.5];
  const b = [10.5, 11, 12.5, 9.5, 12, 10, 11.2];
  const comparison = compareSamples(a, b);
  assert.equal(comparison.verdict, WITHIN_NOISE);
  assert.ok(comparison.low < 1 && comparison.high > 1);
  assert.match(formatVerdictRatio(comparison), /^~\d\.\d\dx$/);
  assert.match(formatWithInterval(comparison), /^~\d\.\d\dx \[0\.\d\d, 1\.\d\d\]$/);
});

test('the same samples always give the same interval (seeded from the data)', () => {
  const first = compareSamples(SLOW, FAST);
  compareSamples([1, 2, 3], [4, 5, 6]);
  assert.deepEqual(compareSamples(SLOW, FAST), first);
  // Another order of the same values is another seed, yet the same median ratio.
  const shuffled = compareSamples([...SLOW].reverse(), FAST);
  assert.equal(shuffled.ratio, first.ratio);
});

test('rates (operations per second): higher is faster', () => {
  const comparison = compareSamples(FAST, SLOW, { higherIsFaster: true });
  assert.equal(comparison.verdict, FASTER);
  assert.ok(comparison.ratio > 1);
});

test('fewer than 3 samples: no interval, a verdict only beyond 2x', () => {
  const close = compareSamples([10], [8]);
  assert.equal(close.verdict, WITHIN_NOISE);
  assert.equal(close.low, undefined);
  assert.equal(close.reason, 'fewer than 3 samples');
  assert.equal(formatWithInterval(close), '~1.25x (fewer than 3 samples)');
  assert.equal(compareSamples([10], [4]).verdict, FASTER);
  assert.equal(compareSamples([10, 11], [25, 26]).verdict, SLOWER);
});

test('rows without samples (older files) get no verdict and say so', () => {
  const comparison = compareStats({ median: 12 }, { median: 10, samples: FAST });
  assert.equal(comparison.verdict, UNKNOWN);
  assert.equal(comparison.reason, 'no samples');
  assert.equal(comparison.ratio, 1.2, 'the ratio of the medians');
  assert.equal(formatVerdictRatio(comparison), '1.20x?');
  assert.equal(formatWithInterval(comparison), '1.20x (no samples)');
  assert.equal(compareSamples(undefined, FAST).ratio, undefined);
  assert.equal(formatVerdictRatio(undefined), '-');
});

test('a coarse clock: equal zero medians are 1x within noise, a zero path median is unknown', () => {
  assert.equal(compareSamples([0, 0, 0], [0, 0, 0]).verdict, WITHIN_NOISE);
  assert.equal(compareSamples([0, 0, 0], [1, 1, 1]).verdict, UNKNOWN);
});
