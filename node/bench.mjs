// The Node runner behind `npm run bench:node`: one fresh child process per
// (codec, strategy) and per pure-JS peer, rows streamed back, the results
// file rewritten after every row, tables printed at the end. With --limits,
// each path (and the JSON baseline) grows in its own child until it fails;
// with --resume, an interrupted run goes on. See `--help`.

import { fork, spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { dirname, join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { selectSteps } from '../src/harness/dataset.mjs';
import { createJsonBaselinePath, isJsonBaseline } from '../src/harness/json-baseline.mjs';
import { failedRow } from '../src/harness/measure.mjs';
import { failedMessageRow } from '../src/harness/message-measure.mjs';
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
  formatOpsPerSec,
  formatRatio,
  renderCleanliness,
  renderLimits,
  renderMessageTables,
  renderSummary,
  renderTables,
} from '../src/harness/table.mjs';
import { createResultsValidator } from '../src/harness/validate.mjs';
import { HELP } from './bench-help.mjs';
import {
  REPO_ROOT,
  UsageError,
  optionsFromProtocol,
  parseOptions,
  resolveCodecs,
  selectPeers,
} from './cli.mjs';

const PLACE = 'node';
const CHILD = join(REPO_ROOT, 'node', 'child.mjs');
const SCHEMA = join(REPO_ROOT, 'src', 'results.schema.json');
const OUTPUT_TAIL_LINES = 20;
// A line of a dying child that says more than its last line (V8 prints a
// native stack trace after its fatal error).
const FATAL_LINE = /FATAL ERROR|heap out of memory|out of memory|Aborted\(|RangeError|bad_alloc/i;

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

// Node refuses an unknown flag only when a process starts with it: try it
// once here, so a typo is a bad option and not a failed row per child.
function checkChildNodeOptions(flags) {
  if (flags.length === 0) return;
  const check = spawnSync(process.execPath, [...flags, '-e', '0'], { encoding: 'utf8', timeout: 30_000 });
  if (check.status === 0) return;
  const why = check.stderr.trim().split('\n')[0] || `exit ${check.status ?? check.signal}`;
  throw new UsageError(
    `--child-node-options: node does not start with '${flags.join(' ')}': ${why} (accepted: flags node accepts)`,
  );
}

function writeAtomically(file, document) {
  mkdirSync(dirname(file), { recursive: true });
  const temporary = `${file}.tmp-${process.pid}`;
  writeFileSync(temporary, JSON.stringify(document, null, 1) + '\n');
  renameSync(temporary, file);
}

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
function runChildProcess(job, { timeoutSeconds, perStep = false, childNodeOptions = [], onRow, onStart }) {
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

// The two paths every sweep child measures, as row descriptions for failed
// rows: the JSON baseline and the job's subject (a wasm codec through a
// strategy, or a JS peer).
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
 * The child processes of one batch over its units (the sweep's steps, the
 * messages workload's records), in order. If a child dies, the units up to
 * the one it was on get failed rows for every expected path not delivered,
 * and a new child goes on with the units after it. A timeout, or a death
 * before the first unit (while loading: a new child would die the same way),
 * fails every unit left for the subject only: the baseline was not the one
 * in trouble.
 *
 * units: { list, field (the job's key for them), at(outcome, remaining) ->
 * index of the unit the child was on (-1: none), same(row, path, unit),
 * failedRow(path, unit, reason), paths (expected per unit), smaller (how a
 * timeout note names the earlier units), left(n) (the units after, for the
 * log) }.
 */
async function runBatchChildren(job, units, options, hooks) {
  const rows = [];
  const fail = (unit, reason, paths = units.paths) => {
    for (const path of paths) {
      if (rows.some((row) => units.same(row, path, unit))) continue;
      const row = units.failedRow(path, unit, reason);
      rows.push(row);
      hooks.onRow(row);
    }
  };
  const subjectOnly = [job.subject];
  let remaining = units.list;
  while (remaining.length > 0) {
    const outcome = await runChildProcess(
      { ...job, [units.field]: remaining },
      {
        timeoutSeconds: options.timeoutSeconds,
        childNodeOptions: options.childNodeOptions,
        onStart: hooks.onStart,
        onRow: (row) => {
          rows.push(row);
          hooks.onRow(row);
        },
      },
    );
    if (outcome.done) break;
    log(`${job.batch}: ${outcome.failure}`);
    for (const line of outcome.output.slice(-5)) log(`  | ${line}`);
    const at = units.at(outcome, remaining);
    if (at < 0) {
      for (const unit of remaining) fail(unit, outcome.failure, subjectOnly);
      break;
    }
    for (const unit of remaining.slice(0, at + 1)) fail(unit, outcome.failure);
    remaining = remaining.slice(at + 1);
    if (outcome.timedOut) {
      for (const unit of remaining)
        fail(unit, `not measured: ${outcome.failure}${units.smaller}`, subjectOnly);
      break;
    }
    if (remaining.length > 0) log(`${job.batch}: restarting with the ${units.left(remaining.length)}`);
  }
}

/** One (codec, strategy) or peer of the sweep over `steps` (runBatchChildren). */
function runJob(job, steps, options, hooks) {
  const units = {
    list: steps,
    field: 'steps',
    at: (outcome, remaining) =>
      outcome.currentStep ? remaining.findIndex((step) => step.index === outcome.currentStep.index) : -1,
    same: sameRow,
    failedRow: (path, step, reason) => failedRow(path, { place: PLACE, step, batch: job.batch }, reason),
    paths: expectedPaths(job),
    smaller: ' at a smaller size',
    left: (count) => `${count} larger size(s)`,
  };
  return runBatchChildren(job, units, options, hooks);
}

/**
 * What stopped a path, from a row's error or a dead child: 'out-of-memory'
 * (an allocation failed and was reported as an error: wasm memory, an
 * ArrayBuffer), 'engine-limit' (V8's largest string or array), 'js-heap'
 * (V8's heap limit: the process dies), 'crash', 'timeout' or 'error'.
 */
function failureCause(text, { crashed = false, timedOut = false } = {}) {
  if (timedOut) return 'timeout';
  if (/heap out of memory|Reached heap limit/i.test(text)) return 'js-heap';
  if (
    /out of memory|bad_alloc|allocation failed|Cannot enlarge memory|could not allocate|\bOOM\b/i.test(text)
  )
    return 'out-of-memory';
  if (/Invalid (string|array|typed array) length|Maximum call stack size/i.test(text)) return 'engine-limit';
  return crashed ? 'crash' : 'error';
}

const mbText = (mb) => `${mb.toFixed(mb >= 10 ? 0 : 2)} MB`;

/**
 * One path of --limits: a child grows the dataset from where the file left
 * it (`afterStep`, for --resume) until the path fails or passes the cap.
 * Resolves to the path's limits entry; a dying child is an outcome, not an
 * error (the runner goes on with the next path).
 */
async function runLimitsJob(job, options, { previousOk, onRow, onStart }) {
  const outcome = await runChildProcess(
    { ...job, limits: { ...job.limits, afterStep: previousOk?.step ?? -1 } },
    {
      timeoutSeconds: options.timeoutSeconds,
      perStep: true,
      childNodeOptions: options.childNodeOptions,
      onStart,
      onRow,
    },
  );
  const ok = outcome.rows.filter((row) => row.status === 'ok');
  const largest = ok.at(-1) ?? previousOk;
  const entry = {
    place: PLACE,
    codec: job.subject.codec,
    impl: job.subject.impl,
    interop: job.subject.interop,
  };
  if (job.subject.variant) entry.variant = job.subject.variant;
  const library = job.subject.library ?? outcome.library ?? largest?.library;
  if (library) entry.library = library;
  entry.batch = job.batch;
  entry.largestOkMB = largest?.jsonMB ?? 0;
  entry.largestOkItems = largest?.items ?? 0;
  if (largest) entry.largestOkStep = largest.step;

  const failed = outcome.rows.find((row) => row.status !== 'ok');
  if (failed) {
    Object.assign(entry, { failedAtMB: failed.jsonMB, failedAtItems: failed.items });
    entry.cause = failureCause(failed.error);
    entry.reason = failed.error;
  } else if (outcome.done && outcome.end === 'cap') {
    entry.cause = 'none';
    entry.reason = `no failure up to --limits-max-mb ${options.maxMB} (the next size on the grid is larger)`;
  } else if (outcome.done && outcome.growFailure) {
    const { targetMB, error } = outcome.growFailure;
    entry.failedAtMB = targetMB;
    entry.cause = failureCause(error);
    entry.reason = `growing the dataset to ${mbText(targetMB)}: ${error}`;
  } else if (outcome.done) {
    entry.cause = 'error';
    entry.reason = outcome.loadError ?? `the child ended without a result (${outcome.end ?? 'no reason'})`;
  } else if (outcome.measuring && outcome.currentStep) {
    // Died measuring a size: that size failed, with the child's reason.
    const row = failedRow(
      job.subject,
      { place: PLACE, step: outcome.currentStep, batch: job.batch },
      outcome.failure,
    );
    if (library) row.library = library;
    onRow(row);
    Object.assign(entry, { failedAtMB: row.jsonMB, failedAtItems: row.items });
    entry.cause = failureCause(outcome.fatal ?? '', { crashed: true, timedOut: outcome.timedOut });
    entry.reason = outcome.failure;
  } else {
    // Died growing the dataset to the next size (or before the first).
    if (outcome.growingTo !== undefined) entry.failedAtMB = outcome.growingTo;
    entry.cause = failureCause(outcome.fatal ?? '', { crashed: true, timedOut: outcome.timedOut });
    const where =
      outcome.growingTo !== undefined ? `growing the dataset to ${mbText(outcome.growingTo)}` : 'starting';
    entry.reason = `${outcome.failure} (while ${where})`;
  }
  if (!outcome.done) {
    log(`${job.batch}: ${outcome.failure}`);
    for (const line of outcome.output.slice(-5)) log(`  | ${line}`);
  }
  return entry;
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

/** The results file --resume continues, checked; a UsageError says why it cannot be. */
function readResumeFile(file, validate) {
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
  if (document.run.place !== PLACE) {
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
  ].filter(([, then, now]) => then !== now);
  if (differences.length > 0) {
    const [what, then, now] = differences[0];
    const detail = what === 'wasm build' ? 'it was rebuilt' : `${then} then, ${now} now`;
    throw new RunError(
      `cannot resume: the ${what} differs from the one the file was measured with (${detail})`,
    );
  }
}

/** Every job of the run: one child each, in this order. */
function makeJobs(options, peers, registry) {
  const limits = options.mode === 'limits';
  const baselinePath = createJsonBaselinePath();
  const baselineJob = {
    baseline: true,
    batch: pathLabel(baselinePath),
    subject: {
      codec: baselinePath.codec,
      impl: baselinePath.impl,
      interop: baselinePath.interop,
      library: baselinePath.library,
    },
  };
  const wasmJobs = options.codecs.flatMap((codec) =>
    options.strategies.map((strategy) => ({
      codec,
      strategy,
      batch: `${codec}/${strategy}`,
      // `columnar` is the typed strategy handing back typed-array columns,
      // labelled as a variant of typed (its rows say interop typed).
      subject:
        strategy === 'columnar'
          ? { codec, impl: 'cpp', interop: 'typed', variant: 'columnar' }
          : { codec, impl: 'cpp', interop: strategy },
    })),
  );
  const peerJobs = peers.map((peer) => ({
    peer: peer.name,
    batch: peer.name,
    subject: registry.peerMeta(peer),
  }));
  // The sweep measures the baseline in every child; --limits gives it its own.
  return { jobs: [...(limits ? [baselineJob] : []), ...wasmJobs, ...peerJobs], wasmJobs, peerJobs };
}

function runOptions(options, peers, buildInfo) {
  return {
    place: PLACE,
    date: new Date(),
    machine: machineInfo(),
    runtime: { name: 'node', version: process.version, v8: process.versions.v8 },
    build: buildHeader(buildInfo),
    protocol: protocolHeader({
      mode: options.mode,
      warmup: options.warmup,
      repetitions: options.repetitions,
      minMB: options.minMB,
      maxMB: options.maxMB,
      stepsPerDecade: options.perDecade,
      gc: true,
      timerResolutionMs: measureTimerResolution(),
      timeoutSeconds: options.timeoutSeconds,
      childNodeOptions: options.childNodeOptions.length > 0 ? options.childNodeOptions : undefined,
      codecs: options.codecs,
      strategies: options.strategies,
      peers: peers.map((peer) => peer.name),
    }),
  };
}

async function main(argv) {
  let options = parseOptions(argv);
  if (options.help) {
    process.stdout.write(`${HELP}\n`);
    return 0;
  }
  const validate = createResultsValidator(JSON.parse(readFileSync(SCHEMA, 'utf8')));
  const resumed = options.resume ? readResumeFile(options.resume, validate) : undefined;
  if (resumed) options = optionsFromProtocol(resumed.run.protocol, options, resumed.run.workload);
  checkChildNodeOptions(options.childNodeOptions);
  if (options.workload === 'messages') return runMessagesWorkload(options, { validate, resumed });
  const limitsMode = options.mode === 'limits';

  const registry = await importPeerRegistry(options.peerRegistry);
  const peers = selectPeers(options.peers, registry, PLACE);
  const loader = await importLoader(options.loader);
  const buildInfo = readBuildInfo(loader, options.buildDir);
  options = resolveCodecs(options, buildInfo);
  const steps = limitsMode
    ? []
    : selectSteps({ minMB: options.minMB, maxMB: options.maxMB, perDecade: options.perDecade });
  if (!limitsMode && steps.length === 0) {
    throw new UsageError(
      `no growth step between --min-mb ${options.minMB} and --max-mb ${options.maxMB} (accepted: a wider range)`,
    );
  }

  const fresh = runHeader(runOptions(options, peers, buildInfo));
  let run = fresh;
  if (resumed) {
    checkSameSetup(resumed.run, fresh);
    run = { ...resumed.run, finished: false, resumedAt: [...(resumed.run.resumedAt ?? []), fresh.date] };
  }
  let rows = resumed ? [...resumed.rows] : [];
  const limits = limitsMode ? [...(run.limits ?? [])] : undefined;
  if (limitsMode) run.limits = limits;
  const save = () => writeAtomically(options.out, resultsDocument(run, rows));

  let currentChild;
  saveOnInterrupt(options.out, save, () => currentChild);

  const { jobs, wasmJobs, peerJobs } = makeJobs(options, peers, registry);
  if (limitsMode) {
    log(
      `limits: JSON + ${wasmJobs.length} codec/strategy pairs + ${peerJobs.length} JS libraries, each grown from ` +
        `${options.minMB} MB (${options.perDecade || 'every step'} per decade) until it fails or passes ${options.maxMB} MB`,
    );
  } else {
    const sizes = steps.map((step) => step.jsonMB.toFixed(2)).join(', ');
    log(
      `${wasmJobs.length} codec/strategy pairs + ${peerJobs.length} JS libraries x ${steps.length} sizes (${sizes} MB), ${options.repetitions} runs + ${options.warmup} warm-up`,
    );
  }
  if (resumed) log(`resuming ${displayPath(options.out)}: ${rows.length} rows kept`);
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
    const prefix = `[${number + 1}/${jobs.length}] ${job.batch}`;
    const onStart = (child) => {
      currentChild = child;
      log(`${prefix}: child process ${child.pid}`);
    };
    const mine = (row) => row.batch === job.batch;

    if (limitsMode) {
      if (limits.some((entry) => entry.batch === job.batch)) {
        log(`${prefix}: limit already found, kept`);
        continue;
      }
      // Resumed: keep the sizes that passed, measure from the next one.
      rows = rows.filter((row) => !mine(row) || row.status === 'ok');
      const previousOk = rows
        .filter(mine)
        .sort((a, b) => a.step - b.step)
        .at(-1);
      if (previousOk) log(`${prefix}: growing on from ${mbText(previousOk.jsonMB)} (kept)`);
      const entry = await runLimitsJob(
        { ...job, limits: { minMB: options.minMB, maxMB: options.maxMB, perDecade: options.perDecade } },
        options,
        {
          previousOk,
          onStart,
          onRow: (row) => {
            rows.push(row);
            save();
            const what =
              row.status === 'ok'
                ? `encode ${formatMs(row.encode.median)} ms, decode ${formatMs(row.decode.median)} ms`
                : `FAILED ${row.error}`;
            log(`${prefix} ${mbText(row.jsonMB)}: ${what}`);
          },
        },
      );
      limits.push(entry);
      save();
      const largestOk = entry.largestOkItems > 0 ? mbText(entry.largestOkMB) : 'none';
      const failedAt = entry.failedAtMB !== undefined ? `, failed at ${mbText(entry.failedAtMB)}` : '';
      log(`${prefix}: largest ok ${largestOk}${failedAt}: ${entry.cause}: ${entry.reason}`);
      continue;
    }

    // The sweep: a step is done when the baseline and the path both measured
    // ok in this job's process; the others are measured (again).
    const done = (step) =>
      expectedPaths(job).every((path) =>
        rows.some((row) => mine(row) && row.status === 'ok' && sameRow(row, path, step)),
      );
    const todo = steps.filter((step) => !done(step));
    if (todo.length === 0) {
      log(`${prefix}: every size already measured, kept`);
      continue;
    }
    const todoIndexes = new Set(todo.map((step) => step.index));
    rows = rows.filter((row) => !(mine(row) && todoIndexes.has(row.step)));
    const baselines = new Map();
    for (const row of rows)
      if (mine(row) && isJsonBaseline(row)) baselines.set(`${row.batch}:${row.step}`, row);
    log(
      `${prefix}: starting${todo.length < steps.length ? ` (${todo.length} of ${steps.length} sizes left)` : ''}`,
    );
    await runJob(job, todo, options, {
      onStart,
      onRow: (row) => {
        rows.push(row);
        save();
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

  if (limitsMode) process.stdout.write(`${renderLimits(limits)}\n`);
  else
    process.stdout.write(`${renderTables(rows)}\n\n${renderCleanliness(rows)}\n\n${renderSummary(rows)}\n`);
  const failed = rows.filter((row) => row.status !== 'ok').length;
  log(`wrote ${rows.length} rows (${failed} failed) to ${displayPath(options.out)}`);
  return 0;
}

// ---------------------------------------------------------------------------
// --workload messages: single small records, ops/s per record. One child per
// (codec, strategy) and per peer, like the sweep; each child measures the
// JSON baseline, its subject and (wasm) the subject's floors record by record.

function sameMessageRow(row, path, record) {
  return (
    row.record === record &&
    row.codec === path.codec &&
    row.impl === path.impl &&
    row.interop === path.interop &&
    row.variant === path.variant
  );
}

function describeMessageRow(row) {
  const label = `${pathLabel(row)} ${row.record}`;
  if (row.status === 'n/a') return `${label}: n/a (${row.reason})`;
  if (row.status !== 'ok') return `${label}: FAILED ${row.error}`;
  const parts = ['encode', 'decode', 'roundTrip']
    .filter((operation) => row[operation])
    .map((operation) => `${operation} ${formatOpsPerSec(row[operation].opsPerSec.median)}`);
  return `${label}: ${parts.join(', ')}`;
}

/** One (codec, strategy) or peer of the messages workload over `records` (runBatchChildren). */
function runMessageJob(job, records, options, hooks) {
  const units = {
    list: records,
    field: 'records',
    at: (outcome, remaining) => remaining.indexOf(outcome.currentRecord),
    same: sameMessageRow,
    failedRow: (path, record, reason) =>
      failedMessageRow(path, { place: PLACE, record, batch: job.batch }, reason),
    paths: [job.baselineSubject, job.subject],
    smaller: '',
    left: (count) => `${count} record(s) left`,
  };
  return runBatchChildren(job, units, options, hooks);
}

async function runMessagesWorkload(parsed, { validate, resumed }) {
  let options = parsed;
  const registry = await importPeerRegistry(options.peerRegistry);
  // By default, the peers that take part in the messages workload (peers.mjs `messages`).
  const peers = selectPeers(options.peers, registry, PLACE).filter(
    (peer) => options.peers !== undefined || peer.messages !== false,
  );
  const loader = await importLoader(options.loader);
  const buildInfo = readBuildInfo(loader, options.buildDir);
  options = resolveCodecs(options, buildInfo);

  const fresh = runHeader({
    place: PLACE,
    workload: 'messages',
    date: new Date(),
    machine: machineInfo(),
    runtime: { name: 'node', version: process.version, v8: process.versions.v8 },
    build: buildHeader(buildInfo, 'messages'),
    protocol: protocolHeader({
      warmup: options.warmup,
      repetitions: options.repetitions,
      records: options.records,
      minRepMs: options.minRepMs,
      gc: true,
      timerResolutionMs: measureTimerResolution(),
      timeoutSeconds: options.timeoutSeconds,
      childNodeOptions: options.childNodeOptions.length > 0 ? options.childNodeOptions : undefined,
      codecs: options.codecs,
      strategies: options.strategies,
      peers: peers.map((peer) => peer.name),
    }),
  });
  let run = fresh;
  if (resumed) {
    checkSameSetup(resumed.run, fresh);
    run = { ...resumed.run, finished: false, resumedAt: [...(resumed.run.resumedAt ?? []), fresh.date] };
  }
  let rows = resumed ? [...resumed.rows] : [];
  const save = () => writeAtomically(options.out, resultsDocument(run, rows));

  let currentChild;
  saveOnInterrupt(options.out, save, () => currentChild);

  const baselinePath = createJsonBaselinePath();
  const baselineSubject = {
    codec: baselinePath.codec,
    impl: baselinePath.impl,
    interop: baselinePath.interop,
    library: baselinePath.library,
  };
  const jobs = [
    ...options.codecs.flatMap((codec) =>
      options.strategies.map((strategy) => ({
        codec,
        strategy,
        batch: `${codec}/${strategy}`,
        subject: { codec, impl: 'cpp', interop: strategy },
      })),
    ),
    ...peers.map((peer) => ({ peer: peer.name, batch: peer.name, subject: registry.peerMeta(peer) })),
  ];
  const wasmCount = options.codecs.length * options.strategies.length;
  log(
    `messages: ${wasmCount} codec/strategy pairs + ${peers.length} JS libraries x ${options.records.length} records ` +
      `(${options.records.join(', ')}), ${options.repetitions} repetitions of >= ${options.minRepMs} ms + ${options.warmup} warm-up`,
  );
  if (resumed) log(`resuming ${displayPath(options.out)}: ${rows.length} rows kept`);
  save();

  for (const [number, jobKind] of jobs.entries()) {
    const job = {
      ...jobKind,
      workload: 'messages',
      baselineSubject,
      records: options.records,
      minRepMs: options.minRepMs,
      warmup: options.warmup,
      repetitions: options.repetitions,
      buildDir: options.buildDir,
      loader: options.loader,
      peerRegistry: options.peerRegistry,
      messagesProtoFile: options.messagesProtoFile,
    };
    const prefix = `[${number + 1}/${jobs.length}] ${job.batch}`;
    const mine = (row) => row.batch === job.batch;
    // A record is done when the baseline and the subject both have a row
    // measured ok (or n/a: the path does not offer it) in this job's process.
    const done = (record) =>
      [baselineSubject, job.subject].every((path) =>
        rows.some(
          (row) =>
            mine(row) && (row.status === 'ok' || row.status === 'n/a') && sameMessageRow(row, path, record),
        ),
      );
    const todo = options.records.filter((record) => !done(record));
    if (todo.length === 0) {
      log(`${prefix}: every record already measured, kept`);
      continue;
    }
    // Measured again: the records left, and the empty call (measured last).
    rows = rows.filter((row) => !(mine(row) && (todo.includes(row.record) || row.interop === 'call')));
    log(`${prefix}: starting${todo.length < options.records.length ? ` (${todo.length} records left)` : ''}`);
    await runMessageJob(job, todo, options, {
      onStart: (child) => {
        currentChild = child;
        log(`${prefix}: child process ${child.pid}`);
      },
      onRow: (row) => {
        rows.push(row);
        save();
        log(`${prefix} ${describeMessageRow(row)}`);
      },
    });
    save();
  }

  run.finished = true;
  const document = resultsDocument(run, rows);
  writeAtomically(options.out, document);
  const check = validate(document);
  if (!check.valid) throw new RunError(`results in ${options.out} do not match the schema: ${check.text}`);
  process.stdout.write(`${renderMessageTables(rows)}\n`);
  const failed = rows.filter((row) => row.status === 'failed').length;
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
