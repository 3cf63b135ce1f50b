// Verdicts over processes (src/harness/paired.mjs): the sign-test interval
// of the median of per-process ratios, the four verdicts, the verdict
// against a set of libraries, and the words.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  EQUIVALENCE,
  judgeAgainstSet,
  judgeRatios,
  signTestRank,
  verdictWords,
} from '../../src/harness/paired.mjs';

test('signTestRank: the widest order-statistic interval covering the median with at least 95%', () => {
  assert.equal(signTestRank(5), null, 'with 5 values even [min, max] covers only 93.75%');
  assert.deepEqual(signTestRank(6), { k: 1, coverage: 1 - 2 / 64 });
  assert.equal(signTestRank(9).k, 2);
  assert.equal(signTestRank(10).k, 2);
  assert.ok(Math.abs(signTestRank(10).coverage - (1 - (2 * 11) / 1024)) < 1e-12);
  assert.equal(signTestRank(14).k, 3, 'k = 4 would cover 94.3%');
  for (let n = 6; n <= 40; n++) {
    const { k, coverage } = signTestRank(n);
    assert.ok(coverage >= 0.95, `${n}: ${coverage}`);
    const wider = signTestRank(n, coverage + 1e-9);
    assert.ok(!wider || wider.k < k, `${n}: k is the largest`);
  }
});

test('judgeRatios: faster, slower, equivalent and undecided, over processes', () => {
  const faster = judgeRatios([1.3, 1.25, 1.4, 1.2, 1.35, 1.5]);
  assert.equal(faster.verdict, 'faster');
  assert.deepEqual([faster.low, faster.high], [1.2, 1.5]);
  assert.equal(faster.wins, 6);
  assert.ok(Math.abs(faster.ratio - Math.sqrt(1.3 * 1.35)) < 1e-12, 'even count: geometric middle');

  assert.equal(judgeRatios([0.5, 0.6, 0.55, 0.7, 0.52, 0.58]).verdict, 'slower');
  // Inside the band, even when it excludes 1: a few percent do not reproduce.
  const equivalent = judgeRatios([1.02, 1.04, 1.03, 1.05, 1.01, 1.06]);
  assert.equal(equivalent.verdict, 'equivalent');
  assert.ok(equivalent.low > 1 && equivalent.high < EQUIVALENCE.high);
  assert.equal(judgeRatios([0.9, 1.2, 1.05, 0.95, 1.1, 1.0]).verdict, 'undecided');
  // Five processes give no interval, however clear the ratios.
  const few = judgeRatios([3, 3, 3, 3, 3]);
  assert.equal(few.verdict, 'undecided');
  assert.equal(few.low, undefined);
  assert.deepEqual(judgeRatios([]), { n: 0, wins: 0, losses: 0, verdict: 'undecided' });
  assert.equal(judgeRatios([NaN, 0, -1, 2, 2, 2, 2, 2, 2]).n, 6, 'unusable ratios are dropped');
});

test('judgeAgainstSet: faster only than every member, slower than any, naming the library', () => {
  const of = (name, ratios) => ({ name, comparison: judgeRatios(ratios) });
  const fast = [1.5, 1.6, 1.55, 1.7, 1.45, 1.6];
  const close = [1.2, 1.25, 1.22, 1.3, 1.21, 1.28];
  const losing = [0.7, 0.75, 0.72, 0.8, 0.71, 0.78];
  const unclear = [0.9, 1.2, 1.05, 0.95, 1.1, 1.0];

  const beatsAll = judgeAgainstSet([of('a', fast), of('b', close)]);
  assert.equal(beatsAll.verdict, 'faster');
  assert.equal(beatsAll.closest, 'b');
  assert.equal(beatsAll.ratio, judgeRatios(close).ratio);

  const losesToOne = judgeAgainstSet([of('a', fast), of('b', losing)]);
  assert.equal(losesToOne.verdict, 'slower');
  assert.equal(losesToOne.closest, 'b');

  assert.equal(judgeAgainstSet([of('a', fast), of('b', unclear)]).verdict, 'undecided');
  const level = [1.02, 1.04, 1.03, 1.05, 1.01, 1.06];
  assert.equal(judgeAgainstSet([of('a', fast), of('b', level)]).verdict, 'equivalent');
  assert.equal(judgeAgainstSet([of('a', fast), of('b', [])]).verdict, 'undecided', 'a member not measured');
});

test('verdictWords: the verdict, how many processes agree, the figure and its interval', () => {
  assert.equal(
    verdictWords(judgeRatios([1.3, 1.25, 1.4, 1.2, 1.35, 1.12])),
    'faster in 6/6 processes, 1.27x [1.12, 1.40]',
  );
  assert.equal(
    verdictWords(judgeRatios([0.5, 0.6, 0.55, 1.01, 0.52, 0.58, 0.4])),
    'undecided after 7 processes, 0.55x [0.40, 1.01]',
  );
  assert.equal(
    verdictWords(judgeRatios([0.5, 0.6, 0.55, 0.7, 0.52, 0.58])),
    'slower in 6/6 processes, 0.56x [0.50, 0.70]',
  );
  assert.equal(
    verdictWords(judgeRatios([12, 13, 11, 12.5, 12.2, 11.8])),
    'faster in 6/6 processes, 12.1x [11.00, 13.00]',
  );
  assert.equal(
    verdictWords(judgeRatios([1.02, 1.04, 1.03, 1.05, 1.01, 1.06])),
    'equivalent over 6 processes, 1.03x [1.01, 1.06]',
  );
  assert.equal(verdictWords(judgeRatios([2, 2])), 'undecided after 2 processes, 2.00x');
  assert.equal(verdictWords(judgeRatios([])), 'not measured');
});
