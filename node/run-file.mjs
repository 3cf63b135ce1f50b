// The results file of a bench:node run, written once: a new or resumed run
// (checked against what the file was measured on), rewritten after every
// row, saved on Ctrl-C or a kill, finished and validated at the end.

import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { dirname } from 'node:path';
import { pathToFileURL } from 'node:url';
import { resultsDocument } from '../src/harness/results.mjs';
import { displayPath, log } from './log.mjs';
import { RunError } from '../src/run-error.mjs';
import { UsageError } from './options.mjs';

/** A failure of the run itself (exit code 1), not of a measured path. */
export { RunError };

/**
 * Runs a command's main(argv) and exits with its code; with `url` (the module's import.meta.url),
 * only when that module is the script node was given (not when a test imports it). A UsageError
 * exits 2; other errors exit 1, with their message when `told(error)` (the failures a user can
 * act on), else their stack.
 */
export function runCommand(name, main, { url, told = (error) => error instanceof RunError } = {}) {
  if (url && !(process.argv[1] && url === pathToFileURL(process.argv[1]).href)) return;
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (error) => {
      const usage = error instanceof UsageError;
      process.stderr.write(`${name}: ${usage || told(error) ? error.message : error.stack}\n`);
      process.exit(usage ? 2 : 1);
    },
  );
}

export function machineInfo() {
  const cpus = os.cpus();
  return {
    os: `${os.type()} ${os.release()}`,
    arch: os.arch(),
    cpus: cpus.length,
    cpuModel: cpus[0]?.model ?? 'unknown',
    memoryBytes: os.totalmem(),
    hostname: os.hostname(),
  };
}

/**
 * Writes `contents` (text, bytes, or a document as JSON) whole, then renames
 * it into place: a reader sees the old file or the new one, never half of one.
 */
export function writeAtomically(file, contents) {
  mkdirSync(dirname(file), { recursive: true });
  const temporary = `${file}.tmp-${process.pid}`;
  const raw = typeof contents === 'string' || ArrayBuffer.isView(contents);
  writeFileSync(temporary, raw ? contents : JSON.stringify(contents, null, 1) + '\n');
  renameSync(temporary, file);
}

// Ctrl-C or a kill: stops the running child, saves the rows measured so far
// (the run stays finished: false) and says how to resume.
function saveOnInterrupt(out, save, runningChild) {
  const onSignal = (signal, code) => () => {
    runningChild()?.kill('SIGKILL');
    save();
    log(`interrupted by ${signal}: partial results (finished: false) in ${displayPath(out)}`);
    log(`continue with: npm run bench:node -- --resume ${displayPath(out)}`);
    process.exit(code);
  };
  process.on('SIGINT', onSignal('SIGINT', 130));
  process.on('SIGTERM', onSignal('SIGTERM', 143));
}

/** The results file --resume continues, checked; a UsageError says why it cannot be. */
export function readResumeFile(file, validate, place) {
  const name = displayPath(file);
  const accepted = '(accepted: a results file written by bench:node)';
  let document;
  try {
    document = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new UsageError(`--resume: '${name}' is not JSON: ${error.message.split('\n')[0]} ${accepted}`);
  }
  const check = validate(document);
  if (!check.valid) {
    throw new UsageError(`--resume: '${name}' is not a valid results file (${check.text}) ${accepted}`);
  }
  if (document.run.place !== place) {
    throw new UsageError(`--resume: '${name}' holds ${document.run.place} results ${accepted}`);
  }
  return document;
}

// A resumed run must measure on what the file was measured on, or its rows
// would not compare.
function checkSameSetup(recorded, current) {
  const differences = [
    ['Node.js', recorded.runtime.version, current.runtime.version],
    ['V8', recorded.runtime.v8, current.runtime.v8],
    ['host', recorded.machine.hostname, current.machine.hostname],
    ['wasm build', JSON.stringify(recorded.build), JSON.stringify(current.build)],
    // Rows measured from another starting state would not compare (a file
    // from before process-per-size records none).
    [
      'heap-state protocol (protocol.isolation)',
      recorded.protocol.isolation ?? 'none recorded',
      current.protocol.isolation,
    ],
  ].filter(([, then, now]) => then !== now);
  if (differences.length > 0) {
    const [what, then, now] = differences[0];
    const detail = what === 'wasm build' ? 'it was rebuilt' : `${then} then, ${now} now`;
    throw new RunError(
      `cannot resume: the ${what} differs from the one the file was measured with (${detail})`,
    );
  }
}

/**
 * The run's results file: `fresh` is the new run header; with `resumed` (a
 * checked results document) the run goes on from its rows, on the same
 * setup only. Returns { run, rows, save(), setChild(child) }: save rewrites
 * the file; a SIGINT/SIGTERM kills the running child and saves.
 */
export function openRun({ fresh, resumed, out }) {
  let run = fresh;
  if (resumed) {
    checkSameSetup(resumed.run, fresh);
    run = { ...resumed.run, finished: false, resumedAt: [...(resumed.run.resumedAt ?? []), fresh.date] };
  }
  let child;
  const store = {
    run,
    rows: resumed ? [...resumed.rows] : [],
    save: () => writeAtomically(out, resultsDocument(store.run, store.rows)),
    setChild: (running) => (child = running),
  };
  saveOnInterrupt(out, store.save, () => child);
  return store;
}

/** Marks the run finished, writes it and checks it against the schema. */
export function finishRun(store, out, validate) {
  store.run.finished = true;
  const document = resultsDocument(store.run, store.rows);
  writeAtomically(out, document);
  const check = validate(document);
  if (!check.valid) throw new RunError(`results in ${out} do not match the schema: ${check.text}`);
  return document;
}
