// The Node runner behind `npm run bench:node`: one fresh child process per
// (codec, strategy) and per pure-JS peer, rows streamed back, the results
// file rewritten after every child, tables printed at the end. See `--help`.

import { fork } from 'node:child_process';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { dirname, join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { selectSteps } from '../src/harness/dataset.mjs';
import { createJsonBaselinePath, isJsonBaseline } from '../src/harness/json-baseline.mjs';
import { failedRow } from '../src/harness/measure.mjs';
import { pathLabel } from '../src/harness/paths.mjs';
import {
  buildHeader,
  measureTimerResolution,
  protocolHeader,
  resultsDocument,
  runHeader,
} from '../src/harness/results.mjs';
import {
  formatMs,
  formatRatio,
  renderCleanliness,
  renderSummary,
  renderTables,
} from '../src/harness/table.mjs';
import { createResultsValidator } from '../src/harness/validate.mjs';
import { HELP, REPO_ROOT, UsageError, parseOptions, selectPeers } from './cli.mjs';

const PLACE = 'node';
const CHILD = join(REPO_ROOT, 'node', 'child.mjs');
const SCHEMA = join(REPO_ROOT, 'src', 'results.schema.json');
const OUTPUT_TAIL_LINES = 20;

class RunError extends Error {}

const startedAt = performance.now();
function log(text) {
  const seconds = ((performance.now() - startedAt) / 1000).toFixed(1).padStart(6);
  process.stderr.write(`${seconds}s ${text}\n`);
}

function machineInfo() {
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

async function importLoader(loader) {
  try {
    return await import(pathToFileURL(loader).href);
  } catch (error) {
    throw new RunError(`cannot load ${relative(process.cwd(), loader)}: ${error.message}`);
  }
}

// The peer registry only lists the peers: their libraries load in the children.
const importPeerRegistry = importLoader;

function readBuildInfo(loader, buildDir) {
  try {
    return loader.readWasmBuildInfo(buildDir);
  } catch (error) {
    const hint = /build-wasm/.test(error.message) ? '' : ' (build it with: bash scripts/build-wasm.sh)';
    throw new RunError(`no usable wasm build in ${displayPath(buildDir)}: ${error.message}${hint}`);
  }
}

function writeAtomically(file, document) {
  mkdirSync(dirname(file), { recursive: true });
  const temporary = `${file}.tmp-${process.pid}`;
  writeFileSync(temporary, JSON.stringify(document, null, 1) + '\n');
  renameSync(temporary, file);
}

// Keeps the last lines a child printed, to explain a crash.
function outputTail() {
  const lines = [];
  let partial = '';
  return {
    push(chunk) {
      const parts = (partial + chunk).split('\n');
      partial = parts.pop();
      lines.push(...parts.filter((line) => line.trim() !== ''));
      lines.splice(0, Math.max(0, lines.length - OUTPUT_TAIL_LINES));
    },
    lines() {
      return partial.trim() ? [...lines, partial] : [...lines];
    },
  };
}

/**
 * Runs one child process on `steps`. Resolves (never rejects) with the rows
 * it sent and how it ended: { rows, done, failure, currentStep, timedOut, output }.
 */
function runChildProcess(job, steps, { timeoutSeconds, onRow, onStart }) {
  return new Promise((resolve) => {
    const rows = [];
    const tail = outputTail();
    let done = false;
    let currentStep;
    let timedOut = false;
    const child = fork(CHILD, [JSON.stringify({ ...job, steps })], {
      execArgv: ['--expose-gc'],
      stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    });
    onStart(child);
    child.stdout.setEncoding('utf8').on('data', (chunk) => tail.push(chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk) => tail.push(chunk));
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGKILL');
    }, timeoutSeconds * 1000);

    child.on('message', (message) => {
      if (message.type === 'progress') currentStep = message.step;
      else if (message.type === 'row') {
        rows.push(message.row);
        onRow(message.row);
      } else if (message.type === 'done') done = true;
    });
    child.on('error', (error) => tail.push(`spawn: ${error.message}\n`));
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      let failure;
      if (timedOut) failure = `timed out: the child process ran over --timeout ${timeoutSeconds} s`;
      else if (!done) {
        const how = signal ? `killed by ${signal}` : `exited with code ${code}`;
        const last = tail.lines().at(-1);
        failure = `child process crashed (${how})${last ? `: ${last.trim()}` : ''}`;
      }
      resolve({ rows, done: done && !timedOut, failure, currentStep, timedOut, output: tail.lines() });
    });
  });
}

// The two paths every child measures, as row descriptions for failed rows:
// the JSON baseline and the job's subject (a wasm codec through a strategy,
// or a JS peer).
function expectedPaths(job) {
  return [createJsonBaselinePath(), job.subject];
}

function sameRow(row, path, step) {
  return (
    row.step === step.index &&
    row.codec === path.codec &&
    row.impl === path.impl &&
    row.interop === path.interop &&
    row.variant === path.variant
  );
}

/**
 * One (codec, strategy): a child process over all steps; if it crashes, the
 * rows it could not deliver for the step it was on are failed rows with the
 * reason, and a new child carries on with the larger steps. A timeout ends
 * the job: every step not measured yet is failed.
 */
async function runJob(job, steps, options, hooks) {
  const rows = [];
  // Steps the child never reached only get a failed row for the subject:
  // the baseline was not the one in trouble.
  const fail = (step, reason, paths = expectedPaths(job)) => {
    for (const path of paths) {
      if (rows.some((row) => sameRow(row, path, step))) continue;
      const row = failedRow(path, { place: PLACE, step, batch: job.batch }, reason);
      rows.push(row);
      hooks.onRow(row);
    }
  };
  let remaining = steps;
  while (remaining.length > 0) {
    const outcome = await runChildProcess(job, remaining, {
      timeoutSeconds: options.timeoutSeconds,
      onStart: hooks.onStart,
      onRow: (row) => {
        rows.push(row);
        hooks.onRow(row);
      },
    });
    if (outcome.done) break;
    log(`${job.batch}: ${outcome.failure}`);
    for (const line of outcome.output.slice(-5)) log(`  | ${line}`);
    const wasmOnly = [job.subject];
    const at = outcome.currentStep
      ? remaining.findIndex((step) => step.index === outcome.currentStep.index)
      : -1;
    if (at < 0) {
      // Dead before the first step (while loading): a new child would die the same way.
      for (const step of remaining) fail(step, outcome.failure, wasmOnly);
      break;
    }
    for (const step of remaining.slice(0, at + 1)) fail(step, outcome.failure);
    remaining = remaining.slice(at + 1);
    if (outcome.timedOut) {
      for (const step of remaining)
        fail(step, `not measured: ${outcome.failure} at a smaller size`, wasmOnly);
      break;
    }
    if (remaining.length > 0) log(`${job.batch}: restarting with the ${remaining.length} larger size(s)`);
  }
}

function displayPath(file) {
  const path = relative(process.cwd(), file);
  return path.startsWith('..') ? file : path;
}

function describeRow(row, baselines) {
  const label = pathLabel(row);
  if (row.status !== 'ok') return `${label}: FAILED ${row.error}`;
  const baseline = baselines.get(`${row.batch}:${row.step}`);
  const ratio =
    baseline && baseline !== row
      ? ` (${formatRatio(baseline.encode.median / row.encode.median)}, ${formatRatio(baseline.decode.median / row.decode.median)} vs JSON)`
      : '';
  return `${label}: encode ${formatMs(row.encode.median)} ms, decode ${formatMs(row.decode.median)} ms${ratio}`;
}

async function main(argv) {
  const options = parseOptions(argv);
  if (options.help) {
    process.stdout.write(`${HELP}\n`);
    return 0;
  }
  const registry = await importPeerRegistry(options.peerRegistry);
  const peers = selectPeers(options.peers, registry, PLACE);
  const loader = await importLoader(options.loader);
  const buildInfo = readBuildInfo(loader, options.buildDir);
  const steps = selectSteps({ minMB: options.minMB, maxMB: options.maxMB, perDecade: options.perDecade });
  if (steps.length === 0) {
    throw new UsageError(
      `no growth step between --min-mb ${options.minMB} and --max-mb ${options.maxMB} (accepted: a wider range)`,
    );
  }
  const validate = createResultsValidator(JSON.parse(readFileSync(SCHEMA, 'utf8')));

  const run = runHeader({
    place: PLACE,
    date: new Date(),
    machine: machineInfo(),
    runtime: { name: 'node', version: process.version, v8: process.versions.v8 },
    build: buildHeader(buildInfo),
    protocol: protocolHeader({
      warmup: options.warmup,
      repetitions: options.repetitions,
      minMB: options.minMB,
      maxMB: options.maxMB,
      stepsPerDecade: options.perDecade,
      gc: true,
      timerResolutionMs: measureTimerResolution(),
      codecs: options.codecs,
      strategies: options.strategies,
      peers: peers.map((peer) => peer.name),
    }),
  });
  const rows = [];
  const save = () => writeAtomically(options.out, resultsDocument(run, rows));

  let currentChild;
  process.on('SIGINT', () => {
    currentChild?.kill('SIGKILL');
    save();
    log(`interrupted: partial results (finished: false) in ${options.out}`);
    process.exit(130);
  });

  const wasmJobs = options.codecs.flatMap((codec) =>
    options.strategies.map((strategy) => ({
      codec,
      strategy,
      batch: `${codec}/${strategy}`,
      subject: { codec, impl: 'cpp', interop: strategy },
    })),
  );
  const peerJobs = peers.map((peer) => ({
    peer: peer.name,
    batch: peer.name,
    subject: registry.peerMeta(peer),
  }));
  const jobs = [...wasmJobs, ...peerJobs];
  const sizes = steps.map((step) => step.jsonMB.toFixed(2)).join(', ');
  log(
    `${wasmJobs.length} codec/strategy pairs + ${peerJobs.length} JS libraries x ${steps.length} sizes (${sizes} MB), ${options.repetitions} runs + ${options.warmup} warm-up`,
  );
  save();

  for (const [number, jobKind] of jobs.entries()) {
    const job = {
      ...jobKind,
      warmup: options.warmup,
      repetitions: options.repetitions,
      buildDir: options.buildDir,
      loader: options.loader,
      peerRegistry: options.peerRegistry,
      protoFile: options.protoFile,
    };
    const baselines = new Map();
    const prefix = `[${number + 1}/${jobs.length}] ${job.batch}`;
    log(`${prefix}: starting`);
    await runJob(job, steps, options, {
      onStart: (child) => (currentChild = child),
      onRow: (row) => {
        rows.push(row);
        if (isJsonBaseline(row) && row.status === 'ok') baselines.set(`${row.batch}:${row.step}`, row);
        const stepNumber = steps.findIndex((step) => step.index === row.step) + 1;
        log(
          `${prefix} size ${stepNumber}/${steps.length} (${row.jsonMB.toFixed(2)} MB) ${describeRow(row, baselines)}`,
        );
      },
    });
    save();
  }

  run.finished = true;
  const document = resultsDocument(run, rows);
  writeAtomically(options.out, document);
  const check = validate(document);
  if (!check.valid) throw new RunError(`results in ${options.out} do not match the schema: ${check.text}`);

  process.stdout.write(`${renderTables(rows)}\n\n${renderCleanliness(rows)}\n\n${renderSummary(rows)}\n`);
  const failed = rows.filter((row) => row.status !== 'ok').length;
  log(`wrote ${rows.length} rows (${failed} failed) to ${displayPath(options.out)}`);
  return 0;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error) => {
    if (error instanceof UsageError) {
      process.stderr.write(`bench:node: ${error.message}\n`);
      process.exit(2);
    }
    process.stderr.write(`bench:node: ${error instanceof RunError ? error.message : error.stack}\n`);
    process.exit(1);
  },
);
