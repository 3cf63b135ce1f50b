// The block protocol's schedule in bench:node (docs/design.md#blocks): every
// block of the run gets one fresh child process per wave, so machine drift
// lands on replicates and not on one side of a comparison; at each look
// (6, 10, 14 processes by default) a block whose comparisons are all decided
// stops; a time budget bounds the whole run. The verdicts come from the rows
// (src/harness/block-verdicts.mjs), as the tables and the report take them.

import { pathLabel } from '../src/catalog.mjs';
import { log } from './log.mjs';

// A process of a block is done when every path of it has a row that did not fail.
function processDone(kind, process, rows) {
  return kind.paths.every((path) =>
    rows.some(
      (row) =>
        row.block === kind.key &&
        row.process === process &&
        row.status !== 'failed' &&
        pathLabel(row) === pathLabel(path),
    ),
  );
}

/**
 * How many processes of `kind` a resumed file holds done (from the first);
 * the rows of its later processes go, to be measured again.
 */
function kept(kind, store) {
  let count = 0;
  while (processDone(kind, count, store.rows)) count += 1;
  store.rows = store.rows.filter((row) => row.block !== kind.key || row.process < count);
  if (count > 0) log(`${kind.label}: ${count} process(es) kept from the resumed file`);
  return count;
}

/**
 * Runs the blocks (a resumed run's store holds its rows so far: the done
 * processes of each block are kept). kinds: [{ key, label, job, paths (the
 * subjects of its members, for failed rows), failedRow(path, reason, job),
 * batch? (its rows' batch; default: the key and the process) }].
 * context: { options: { looks, budgetSeconds, repetitions, timeoutSeconds,
 * childNodeOptions }, store, runChildProcess, onStart, decided(rows, key) }.
 * Resolves to the history of each block: [{ block, processes, stop }] where
 * stop says why it stopped: 'decided', 'last look' or 'time budget'.
 */
export async function runBlocks(kinds, context) {
  const { options, store, runChildProcess, decided } = context;
  const started = performance.now();
  const elapsed = () => (performance.now() - started) / 1000;
  const lastLook = Math.max(...options.looks);
  const history = new Map(
    kinds.map((kind) => [kind.key, { block: kind.key, processes: kept(kind, store), stop: undefined }]),
  );
  const durations = new Map(kinds.map((kind) => [kind.key, []]));
  let active = [...kinds];

  const stop = (kind, why) => {
    history.get(kind.key).stop = why;
    active = active.filter((other) => other !== kind);
  };
  // The next process of `kind` would end past the budget: judged on the
  // mean of its own processes so far. A block's first look always
  // completes: fewer processes give no interval, so stopping short of it
  // would throw away every process already run.
  const firstLook = Math.min(...options.looks);
  const overBudget = (kind) => {
    const own = durations.get(kind.key);
    if (own.length === 0 || history.get(kind.key).processes < firstLook) return false;
    const mean = own.reduce((sum, value) => sum + value, 0) / own.length;
    return elapsed() + mean > options.budgetSeconds;
  };

  for (let wave = 0; wave < lastLook && active.length > 0; wave++) {
    // Alternate the order of the blocks from wave to wave.
    const order = wave % 2 === 0 ? [...active] : [...active].reverse();
    for (const kind of order) {
      if (history.get(kind.key).processes > wave) continue;
      if (overBudget(kind)) {
        log(`${kind.label}: stopped after ${wave} processes: the next would pass the time budget`);
        stop(kind, 'time budget');
        continue;
      }
      const process = wave;
      const batch = kind.batch ?? `${kind.key}#${process + 1}`;
      const job = {
        ...kind.job,
        batch,
        process,
        offset: process * options.repetitions,
        // Sizes (gzip) once per path: in the block's first process.
        sizes: process === 0,
      };
      const start = performance.now();
      log(`wave ${wave + 1}/${lastLook} ${kind.label}: process ${process + 1}`);
      const outcome = await runChildProcess(job, {
        timeoutSeconds: options.timeoutSeconds,
        childNodeOptions: options.childNodeOptions,
        onStart: context.onStart,
        onRow: (row) => store.rows.push(row),
      });
      durations.get(kind.key).push((performance.now() - start) / 1000);
      history.get(kind.key).processes = process + 1;
      if (!outcome.done) {
        log(`${kind.label}: process ${process + 1}: ${outcome.failure}`);
        for (const line of outcome.output.slice(-5)) log(`  | ${line}`);
        const delivered = new Set(outcome.rows.map(pathLabel));
        for (const path of kind.paths) {
          if (!delivered.has(pathLabel(path))) store.rows.push(kind.failedRow(path, outcome.failure, job));
        }
      }
      store.save();
    }
    const count = wave + 1;
    if (!options.looks.includes(count)) continue;
    for (const kind of [...active]) {
      if (decided(store.rows, kind.key)) {
        log(`${kind.label}: every comparison decided after ${count} processes`);
        stop(kind, 'decided');
      } else if (count === lastLook) {
        // A schedule of one look (a sweep's) has no undecided comparison to speak of.
        if (lastLook > 1)
          log(`${kind.label}: undecided comparisons left after ${count} processes, the last look`);
        stop(kind, 'last look');
      } else log(`${kind.label}: undecided comparisons after ${count} processes: going on`);
    }
  }
  return [...history.values()];
}
