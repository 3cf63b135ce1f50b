// The block protocol's schedule in bench:node (node/blocks.mjs) with a
// stand-in for the child processes: waves, the looks of the stopping rule,
// the time budget, and a child that dies.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { runBlocks } from '../../node/blocks.mjs';

const PATH = { codec: 'msgpack', impl: 'cpp', interop: 'typed' };

function kind(key) {
  return {
    key,
    label: key,
    job: { block: key },
    paths: [PATH],
    failedRow: (path, reason, job) => ({
      ...path,
      status: 'failed',
      error: reason,
      block: key,
      process: job.process,
    }),
  };
}

// Runs the schedule; `decidedAt(key)` says from how many processes on a
// block counts as decided; `child(job)` may make a child fail.
async function schedule({
  kinds,
  looks = [2, 4, 6],
  decidedAt = () => Infinity,
  child,
  budgetSeconds = 1e6,
}) {
  const jobs = [];
  const store = { rows: [], save() {} };
  const history = await runBlocks(kinds, {
    options: { looks, budgetSeconds, repetitions: 3, timeoutSeconds: 10, childNodeOptions: [] },
    store,
    onStart: () => {},
    runChildProcess: async (job, { onRow }) => {
      jobs.push(job);
      const outcome = child?.(job);
      if (outcome) return { done: false, rows: [], output: [], ...outcome };
      const row = { ...PATH, status: 'ok', block: job.block, process: job.process, batch: job.batch };
      onRow(row);
      return { done: true, rows: [row], output: [] };
    },
    decided: (rows, key) => rows.filter((row) => row.block === key).length >= decidedAt(key),
  });
  return { jobs, history, rows: store.rows };
}

test('every block gets a process per wave, the order alternating, offsets and sizes per process', async () => {
  const { jobs, history } = await schedule({ kinds: [kind('a'), kind('b')], looks: [3] });
  assert.deepEqual(
    jobs.map((job) => `${job.block}${job.process}`),
    ['a0', 'b0', 'b1', 'a1', 'a2', 'b2'],
  );
  assert.deepEqual(
    jobs.filter((job) => job.block === 'a').map((job) => [job.batch, job.offset, job.sizes]),
    [
      ['a#1', 0, true],
      ['a#2', 3, false],
      ['a#3', 6, false],
    ],
  );
  assert.deepEqual(history, [
    { block: 'a', processes: 3, stop: 'last look' },
    { block: 'b', processes: 3, stop: 'last look' },
  ]);
});

test('a block stops at the first look where it is decided; the others go on', async () => {
  const { history } = await schedule({
    kinds: [kind('early'), kind('late'), kind('never')],
    decidedAt: (key) => ({ early: 2, late: 4 })[key] ?? Infinity,
  });
  assert.deepEqual(history, [
    { block: 'early', processes: 2, stop: 'decided' },
    { block: 'late', processes: 4, stop: 'decided' },
    { block: 'never', processes: 6, stop: 'last look' },
  ]);
});

test('the time budget stops a block before a process that would pass it, never before its first look', async () => {
  let now = 0;
  const realNow = performance.now;
  // Every child takes 10 s of the stand-in clock.
  performance.now = () => now;
  try {
    const { history } = await schedule({
      kinds: [kind('a')],
      looks: [3, 6],
      budgetSeconds: 45,
      child: () => {
        now += 10_000;
        return undefined;
      },
    });
    assert.deepEqual(history, [{ block: 'a', processes: 4, stop: 'time budget' }]);
    now = 0;
    const short = await schedule({
      kinds: [kind('b')],
      looks: [3, 6],
      budgetSeconds: 15,
      child: () => {
        now += 10_000;
        return undefined;
      },
    });
    // 15 s would stop it after 1 process; its first look (3) runs all the same.
    assert.deepEqual(short.history, [{ block: 'b', processes: 3, stop: 'time budget' }]);
  } finally {
    performance.now = realNow;
  }
});

test('a child that dies fails its process for every path of the block; the run goes on', async () => {
  const { history, rows } = await schedule({
    kinds: [kind('a')],
    looks: [3],
    child: (job) =>
      job.process === 1 ? { failure: 'child process crashed (killed by SIGKILL)' } : undefined,
  });
  assert.deepEqual(history, [{ block: 'a', processes: 3, stop: 'last look' }]);
  assert.deepEqual(
    rows.map((row) => [row.process, row.status]),
    [
      [0, 'ok'],
      [1, 'failed'],
      [2, 'ok'],
    ],
  );
  assert.equal(rows[1].error, 'child process crashed (killed by SIGKILL)');
});
