// The child processes of bench:node (node/child.mjs): one per block process
// (node/blocks.mjs), one per path with --limits; rows streamed back over
// IPC, a dead or hung child said so (its block's failed rows come from the
// block runner).

import { fork } from 'node:child_process';
import { join } from 'node:path';
import { currentRuntime, runtimeHeader } from '../src/places.mjs';
import { REPO_ROOT } from './options.mjs';

const CHILD = join(REPO_ROOT, 'node', 'child.mjs');
const OUTPUT_TAIL_LINES = 20;
// The runtime the runner runs in: its children are forked by it and must be it.
const RUNTIME = await currentRuntime();
const HERE = await runtimeHeader();
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
 * timedOut, output, gc (whether the child's forced GC collected) }. A child
 * that is not the runner's runtime is killed and fails. With `perStep`, the timeout restarts at every size.
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
      execArgv: [...RUNTIME.childFlags, ...childNodeOptions],
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
      if (message.type === 'runtime') {
        state.gc = message.gc;
        const { name, version } = message.runtime;
        if (name !== HERE.name || version !== HERE.version) {
          state.wrongRuntime = `the child process ran in ${name} ${version}, not the runner's ${HERE.name} ${HERE.version}`;
          child.kill('SIGKILL');
        }
      } else if (message.type === 'ready') state.library = message.library;
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
      if (state.wrongRuntime) failure = state.wrongRuntime;
      else if (state.timedOut) {
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
        done: state.done && !state.timedOut && !state.wrongRuntime,
        failure,
        fatal: tail.fatal(),
        output: tail.lines(),
      });
    });
  });
}
