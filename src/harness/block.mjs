// A block (docs/design.md#blocks): several paths measured on one payload in
// one process or browser context, round by round, so that every ratio
// between two of them is a paired one: same heap, same JIT history, same
// minute of the machine. Each round calls every member once per operation,
// a GC before each call, in an order that rotates from round to round.
// Browser-safe: bench:node's children and the page share it.

export const OPERATIONS = Object.freeze(['encode', 'decode']);

// A member's warm-up goes on past `warmup` rounds until it has lasted this
// long (a process's first payload otherwise meets code and a heap not yet
// settled for it: raw/typed decode at 1.1 MB took 2.3 ms as a child's first
// size, its samples falling from 3.4 to 1.1 ms, and 0.62 ms after a 0.1 MB
// step)...
export const MIN_WARMUP_MS = 200;
// ...or this many rounds.
export const MAX_WARMUP_ROUNDS = 30;

// Every result feeds this, so the JIT cannot prove a call's output unused
// and drop the work.
let sinkValue = 0;
export function keep(value) {
  sinkValue = (sinkValue + (typeof value === 'number' ? value : value == null ? 0 : 1)) | 0;
}
/** The running sink; a child sends it to its parent, which keeps it alive. */
export const sink = () => sinkValue;

/**
 * The order of `count` members in round `row` of a Williams design: over
 * `count` consecutive rows (2 x count when count is odd) every member takes
 * every position once, and follows every other member once, so neither a
 * position in the round nor the wake of a given neighbour favours anyone.
 */
export function blockOrder(count, row) {
  const base = [];
  for (let i = 0, low = 0, high = count - 1; i < count; i++) {
    base.push(i % 2 === 0 ? low++ : high--);
  }
  // 0, n-1, 1, n-2, ... is the first row (successive differences -1, 2, -3,
  // ...: all distinct, which is what makes the design balanced); the others
  // add the row number.
  const shift = (value) => (value + row) % count;
  const rows = count % 2 === 0 ? count : 2 * count;
  const r = ((row % rows) + rows) % rows;
  const order = base.map(shift);
  return r >= count ? order.reverse() : order;
}

/**
 * A block job's members measured with the job's rounds, offset and warm-up
 * (and, unless said otherwise, the job's minimum warm-up time, else the
 * per-payload protocol's): the rows.
 */
export function measureBlockJobMembers(
  members,
  job,
  env,
  { minWarmupMs = job.minWarmupMs ?? MIN_WARMUP_MS } = {},
) {
  return measureBlock(members, {
    rounds: job.rounds,
    offset: job.offset,
    warmup: job.warmup,
    minWarmupMs,
    env,
  });
}

/**
 * Measures a block. members: objects with prepare(), warm(operation),
 * time(operation, number), row() and failedRow(error) (measure.mjs
 * payloadMember, a per-call workload's measure.mjs), and `operations` when a
 * member times fewer than both. Steps:
 *   1. prepare every member (verify, sizes); one that fails is out, with its
 *      failed row, and the others go on;
 *   2. warm-up rounds, each member's as the single-path protocol warms a
 *      path: at least `warmup` rounds, and more until its own warm-up (its
 *      calls and the GCs before them) has lasted `minWarmupMs`, at most
 *      `maxWarmupRounds`; a member done warming sits out the later rounds;
 *   3. `rounds` timed rounds: every operation, every member once, in the
 *      order of blockOrder(members, offset + round); a member that fails is
 *      out from then on.
 * Resolves to the rows in the members' order. env: { now?, pause?, signal? }
 * as in measure.mjs.
 */
export async function measureBlock(
  members,
  { rounds, offset = 0, warmup = 1, minWarmupMs = 0, maxWarmupRounds = MAX_WARMUP_ROUNDS, env = {} },
) {
  const now = env.now ?? (() => performance.now());
  const failed = new Map();
  const checkpoint = async () => {
    env.signal?.throwIfAborted();
    if (env.pause) await env.pause();
    env.signal?.throwIfAborted();
  };
  // Runs one step of a member; a failure takes it out of the block.
  const attempt = async (index, step) => {
    if (failed.has(index)) return;
    try {
      await step(members[index]);
    } catch (error) {
      if (env.signal?.aborted) throw error;
      failed.set(index, members[index].failedRow(error));
    }
  };
  // Every operation a member times, in the order the members name them
  // (encode, decode, then a per-call sweep's round trip).
  const operations = [...new Set(members.flatMap((member) => member.operations ?? OPERATIONS))];
  const round = async (row, step, takesPart = () => true) => {
    for (const operation of operations) {
      for (const index of blockOrder(members.length, row)) {
        if (!takesPart(index) || !(members[index].operations ?? OPERATIONS).includes(operation)) continue;
        await checkpoint();
        await attempt(index, (member) => step(member, operation));
      }
    }
  };

  for (let index = 0; index < members.length; index++) {
    await checkpoint();
    await attempt(index, (member) => member.prepare());
  }
  // Warm-up time of each member, its own calls only (a round of the others
  // in between is not its warm-up).
  const warmed = members.map(() => ({ rounds: 0, ms: 0 }));
  const warming = (index) =>
    warmed[index].rounds < warmup ||
    (warmup > 0 && warmed[index].rounds < maxWarmupRounds && warmed[index].ms < minWarmupMs);
  for (let i = 0; members.some((_, index) => !failed.has(index) && warming(index)); i++) {
    // Who takes part is settled before the round: both operations or neither.
    const inRound = new Set(members.map((_, index) => index).filter(warming));
    await round(
      offset + i,
      async (member, operation) => {
        const index = members.indexOf(member);
        const start = now();
        // A compressed path's call may be asynchronous (compressed-path.mjs).
        await member.warm(operation);
        warmed[index].ms += now() - start;
        if (operation === (member.operations ?? OPERATIONS).at(-1)) warmed[index].rounds += 1;
      },
      (index) => inRound.has(index),
    );
  }
  for (let i = 0; i < rounds; i++) {
    await round(offset + i, (member, operation) => member.time(operation, i + 1));
  }
  const rows = [];
  for (let index = 0; index < members.length; index++) {
    await attempt(index, (member) => rows.push(member.row()));
    if (failed.has(index)) rows.push(failed.get(index));
  }
  return rows;
}
