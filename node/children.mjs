// The child processes of bench:node (node/child.mjs): one per (job, unit)
// in the sweep, one per job with --limits; rows streamed back over IPC, a
// dead or hung child turned into failed rows.

import { fork } from 'node:child_process';
import { join } from 'node:path';
import { log } from './log.mjs';
import { REPO_ROOT } from './options.mjs';

const CHILD = join(REPO_ROOT, 'node', 'child.mjs');
const OUTPUT_TAIL_LINES = 20;
// A line of a dying child that says more than its last line (V8 prints a
// native stack trace after its fatal error).
const FATAL_LINE = /FATAL ERROR|heap out of memory|out of memory|Aborted\(|RangeError|bad_alloc/i;

// Keeps the last lines a child printed, and the first line that names a
// fatal error, to explain a crash.
function outputTail() {
  const lines = [];
  let partial = '';
  let fatal;
  return {
    push(chunk) {
      const parts = (partial + chunk).split('\n');
      partial = parts.pop();
      for (const line of parts) {
        if (line.trim() === '') continue;
        lines.push(line);
        if (fatal === undefined && FATAL_LINE.test(line)) fatal = line.trim();
      }
      lines.splice(0, Math.max(0, lines.length - OUTPUT_TAIL_LINES));
    },
    lines() {
      return partial.trim() ? [...lines, partial] : [...lines];
    },
    fatal() {
      if (fatal === undefined && FATAL_LINE.test(partial)) return partial.trim();
      return fatal;
    },
  };
}

/**
 * Runs one child process on `job` (with its steps or limits). Resolves
 * (never rejects) with the rows it sent and how it ended: { rows, done, end,
 * failure, fatal, currentStep, measuring, growingTo, growFailure, library,
 * timedOut, output }. With `perStep`, the timeout restarts at every size.
 */
export function runChildProcess(
  job,
  { timeoutSeconds, perStep = false, childNodeOptions = [], onRow, onStart },
) {
  return new Promise((resolve) => {
    const rows = [];
    const tail = outputTail();
    const state = { done: false, measuring: false, timedOut: false };
    const child = fork(CHILD, [JSON.stringify(job)], {
      execArgv: ['--expose-gc', ...childNodeOptions],
      stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    });
    onStart(child);
    child.stdout.setEncoding('utf8').on('data', (chunk) => tail.push(chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk) => tail.push(chunk));
    let timer;
    const startTimer = () => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        state.timedOut = true;
        child.kill('SIGKILL');
      }, timeoutSeconds * 1000);
    };
    startTimer();

    child.on('message', (message) => {
      if (message.type === 'ready') state.library = message.library;
      else if (message.type === 'growing') {
        state.growingTo = message.targetMB;
        state.measuring = false;
        if (perStep) startTimer();
      } else if (message.type === 'grow-failed') {
        state.growFailure = message;
      } else if (message.type === 'progress') {
        state.currentStep = message.step;
        state.currentRecord = message.record;
        state.currentUnit = message.unit;
        state.measuring = true;
        if (perStep) startTimer();
      } else if (message.type === 'row') {
        rows.push(message.row);
        state.measuring = false;
        onRow(message.row);
      } else if (message.type === 'done') {
        state.done = true;
        state.end = message.end;
        state.loadError = message.error;
      }
    });
    child.on('error', (error) => tail.push(`spawn: ${error.message}\n`));
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      let failure;
      if (state.timedOut) {
        failure = perStep
          ? `timed out: one size ran over --timeout ${timeoutSeconds} s`
          : `timed out: the child process ran over --timeout ${timeoutSeconds} s`;
      } else if (!state.done) {
        const how = signal ? `killed by ${signal}` : `exited with code ${code}`;
        const detail = tail.fatal() ?? tail.lines().at(-1)?.trim();
        failure = `child process crashed (${how})${detail ? `: ${detail}` : ''}`;
      }
      resolve({
        ...state,
        rows,
        done: state.done && !state.timedOut,
        failure,
        fatal: tail.fatal(),
        output: tail.lines(),
      });
    });
  });
}

/**
 * The child processes of one batch over its units (the sweep's sizes, the
 * messages workload's records): a fresh child per unit, in order, so every
 * unit of every path is measured from the same starting state whatever ran
 * before it (run.protocol.isolation: process-per-size or -record). A child
 * that dies fails its unit (every expected path not delivered) and the next
 * unit goes on in its own child. A timeout fails every unit left for the
 * subject only (the baseline was not the one in trouble), and so does a
 * death before the unit began, or a failed load: a new child would fare the
 * same. A row of no unit (the messages workload's empty call of the module)
 * comes from every child: only the last child's is kept, after the units.
 *
 * units: { list, field (the job's key for them), key(unit), rowKey(row),
 * at(outcome, given) -> index in `given` of the unit the child was on (-1:
 * none), same(row, path, unit), failedRow(path, unit, reason), paths
 * (expected per unit), smaller (how a timeout note names the earlier units),
 * left(n) (the units after, for the log) }.
 */
export async function runBatchChildren(job, units, options, hooks) {
  const rows = [];
  const deliver = (row) => {
    rows.push(row);
    hooks.onRow(row);
  };
  const fail = (unit, reason, paths = units.paths) => {
    for (const path of paths) {
      if (!rows.some((row) => units.same(row, path, unit))) deliver(units.failedRow(path, unit, reason));
    }
  };
  const failRest = (from, reason) => {
    for (const unit of units.list.slice(from)) fail(unit, reason, [job.subject]);
  };
  const unitKeys = new Set(units.list.map(units.key));
  let unitless = [];
  for (const [index, unit] of units.list.entries()) {
    const given = [unit];
    const own = [];
    const outcome = await runChildProcess(
      { ...job, [units.field]: given },
      {
        timeoutSeconds: options.timeoutSeconds,
        childNodeOptions: options.childNodeOptions,
        onStart: hooks.onStart,
        onRow: (row) => (unitKeys.has(units.rowKey(row)) ? deliver(row) : own.push(row)),
      },
    );
    if (own.length > 0) unitless = own;
    if (outcome.done && outcome.end === 'load-failed') {
      failRest(index + 1, outcome.loadError);
      break;
    }
    if (outcome.done) continue;
    log(`${job.batch}: ${outcome.failure}`);
    for (const line of outcome.output.slice(-5)) log(`  | ${line}`);
    if (units.at(outcome, given) < 0) {
      failRest(index, outcome.failure);
      break;
    }
    fail(unit, outcome.failure);
    if (outcome.timedOut) {
      failRest(index + 1, `not measured: ${outcome.failure}${units.smaller}`);
      break;
    }
    const left = units.list.length - index - 1;
    if (left > 0) log(`${job.batch}: going on with the ${units.left(left)}`);
  }
  unitless.forEach(deliver);
}

/**
 * One job over its units, skipping the units a resumed file already holds:
 * a unit is done when every expected path has a row with a status of
 * `doneStatuses` in this job's batch. The rows of the units left (and those
 * `remeasured` says go too) are dropped and measured again.
 * store: { rows, save() }; describe(row): its progress line.
 */
export async function runUnitsJob(
  job,
  units,
  {
    options,
    store,
    prefix,
    onStart,
    describe,
    doneStatuses = ['ok'],
    remeasured = () => false,
    beforeStart = () => {},
  },
) {
  const mine = (row) => row.batch === job.batch;
  const done = (unit) =>
    units.paths.every((path) =>
      store.rows.some((row) => mine(row) && doneStatuses.includes(row.status) && units.same(row, path, unit)),
    );
  const todo = units.list.filter((unit) => !done(unit));
  if (todo.length === 0) {
    log(`${prefix}: every ${units.name} already measured, kept`);
    return;
  }
  const left = new Set(todo.map(units.key));
  store.rows = store.rows.filter((row) => !(mine(row) && (left.has(units.rowKey(row)) || remeasured(row))));
  beforeStart();
  log(
    `${prefix}: starting${todo.length < units.list.length ? ` (${units.leftText(todo.length, units.list.length)})` : ''}`,
  );
  await runBatchChildren(job, { ...units, list: todo }, options, {
    onStart,
    onRow: (row) => {
      store.rows.push(row);
      store.save();
      log(`${prefix} ${describe(row)}`);
    },
  });
  store.save();
}
