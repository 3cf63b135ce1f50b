// The block protocol's measuring part (src/harness/block.mjs): the
// rotating order of a block's members, and measureBlock's steps with
// members that record what is asked of them.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { MIN_WARMUP_MS, blockOrder, measureBlock, measureBlockJobMembers } from '../../src/harness/block.mjs';

test('blockOrder: a balanced Latin square (Williams design) for even and odd member counts', () => {
  for (const count of [1, 2, 3, 4, 5, 6, 7, 18, 21]) {
    const rows = count % 2 === 0 ? count : 2 * count;
    const atPosition = Array.from({ length: count }, () => new Array(count).fill(0));
    const follows = Array.from({ length: count }, () => new Array(count).fill(0));
    for (let row = 0; row < rows; row++) {
      const order = blockOrder(count, row);
      assert.deepEqual(
        [...order].sort((a, b) => a - b),
        [...Array(count).keys()],
        `row ${row} of ${count} is a permutation`,
      );
      order.forEach((member, position) => atPosition[member][position]++);
      for (let i = 1; i < count; i++) follows[order[i - 1]][order[i]]++;
    }
    for (const positions of atPosition)
      assert.deepEqual(positions, new Array(count).fill(rows / count), `${count}: each position equally`);
    const pairs = follows.flatMap((row, a) => row.filter((_, b) => a !== b));
    if (count > 1) assert.equal(new Set(pairs).size, 1, `${count}: every member follows every other equally`);
  }
  assert.deepEqual(blockOrder(4, 4), blockOrder(4, 0), 'the rows repeat');
  assert.notDeepEqual(blockOrder(4, 1), blockOrder(4, 0), 'the offset moves the order');
});

// A member that logs its steps into `log` and can fail at one of them.
function member(name, log, { failAt, operations, callMs = 0 } = {}) {
  let clock = 0;
  const step = (what) => {
    log.push(`${name}:${what}`);
    if (failAt === what) throw new Error(`${name} broke`);
  };
  return {
    name,
    ...(operations && { operations }),
    prepare: () => step('prepare'),
    warm: (operation) => {
      clock += callMs;
      step(`warm-${operation}`);
    },
    time: (operation, number) => step(`${operation}${number}`),
    row: () => ({ name, status: 'ok' }),
    failedRow: (error) => ({ name, status: 'failed', error: error.message }),
    elapsed: () => clock,
  };
}

test('measureBlock: prepare all, warm up, then every operation of every member once per round, order rotating', async () => {
  const log = [];
  const members = ['a', 'b', 'c', 'd'].map((name) => member(name, log));
  const rows = await measureBlock(members, { rounds: 2, warmup: 1, offset: 1 });
  assert.deepEqual(
    rows,
    members.map(({ name }) => ({ name, status: 'ok' })),
  );
  assert.deepEqual(log.slice(0, 4), ['a:prepare', 'b:prepare', 'c:prepare', 'd:prepare']);
  const names = ['a', 'b', 'c', 'd'];
  const inOrder = (row, what) => blockOrder(4, row).map((index) => `${names[index]}:${what}`);
  assert.deepEqual(log.slice(4), [
    ...inOrder(1, 'warm-encode'),
    ...inOrder(1, 'warm-decode'),
    ...inOrder(1, 'encode1'),
    ...inOrder(1, 'decode1'),
    ...inOrder(2, 'encode2'),
    ...inOrder(2, 'decode2'),
  ]);
});

test('measureBlock: a failing member is out with its failed row, the others go on', async () => {
  const log = [];
  const members = [
    member('a', log),
    member('b', log, { failAt: 'decode1' }),
    member('c', log, { failAt: 'prepare' }),
  ];
  const rows = await measureBlock(members, { rounds: 2, warmup: 0 });
  assert.deepEqual(rows, [
    { name: 'a', status: 'ok' },
    { name: 'b', status: 'failed', error: 'b broke' },
    { name: 'c', status: 'failed', error: 'c broke' },
  ]);
  assert.ok(!log.includes('b:encode2'), 'no call after the failure');
  assert.ok(!log.some((entry) => entry.startsWith('c:') && entry !== 'c:prepare'));
  assert.ok(log.includes('a:decode2'));
});

test('measureBlock: a member times only its operations, and warms up until its own calls last minWarmupMs', async () => {
  const log = [];
  let now = 0;
  // Each warm-up call of `slow` takes 100 ms of the fake clock, of `fast` 1 ms.
  const slow = member('slow', log, { operations: ['decode'] });
  const fast = member('fast', log);
  const timed = (m, ms) => ({
    ...m,
    warm: (operation) => {
      now += ms;
      m.warm(operation);
    },
  });
  const rows = await measureBlock([timed(slow, 100), timed(fast, 1)], {
    rounds: 1,
    warmup: 1,
    minWarmupMs: 200,
    maxWarmupRounds: 5,
    env: { now: () => now },
  });
  assert.equal(rows.length, 2);
  assert.ok(!log.some((entry) => entry.startsWith('slow:') && entry.includes('encode')), 'decode only');
  const count = (entry) => log.filter((line) => line === entry).length;
  assert.equal(count('slow:warm-decode'), 2, '200 ms of its own calls');
  assert.equal(count('fast:warm-encode'), 5, 'capped at maxWarmupRounds');
  assert.equal(count('fast:warm-decode'), 5, 'both operations of a round or neither');
});

test("measureBlockJobMembers: the job's minimum warm-up time (--min-warmup-ms) when it has one, else the protocol's", async () => {
  const warmCalls = async (job) => {
    const log = [];
    let now = 0;
    const one = member('one', log);
    const slowly = { ...one, warm: (operation) => ((now += 10), one.warm(operation)) };
    await measureBlockJobMembers([slowly], { rounds: 1, warmup: 1, ...job }, { now: () => now });
    return log.filter((line) => line === 'one:warm-encode').length;
  };
  assert.equal(await warmCalls({ minWarmupMs: 0 }), 1, 'the --warmup rounds alone');
  assert.equal(await warmCalls({}), MIN_WARMUP_MS / 10 / 2, `${MIN_WARMUP_MS} ms of its own calls`);
});
