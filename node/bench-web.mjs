// npm run bench:web: the browser page (web/index.html) run headless in
// Debian's Chromium through playwright-core, served by scripts/serve.mjs so
// it is cross-origin isolated (fine performance.now()), with window.gc
// exposed for a GC before every timed operation. The page measures; this
// script sets its options, waits, and writes the page's results JSON next to
// the Node results (results/browser-<date>.json), then prints the tables.

import { mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { buildWeb, readWasmBuild } from '../scripts/build-web.mjs';
import { startServer } from '../scripts/serve.mjs';
import { selectSteps } from '../src/harness/dataset.mjs';
import { renderMessageTables, renderSummary, renderTables } from '../src/harness/table.mjs';
import { MESSAGE_NAMES } from '../src/harness/messages.mjs';
import { createResultsValidator } from '../src/harness/validate.mjs';
import { pageUrl } from '../web/src/query.mjs';
import { launchChromium, watchErrors } from './chromium.mjs';
import { BOUNDS, CODECS, DEFAULTS, MESSAGE_CODECS, QUICK, REPO_ROOT, STRATEGIES } from './cli.mjs';
import { peerNames } from '../src/harness/peers.mjs';

const BROWSER_PEERS = peerNames('browser');
const WORKLOADS = ['tuples', 'messages'];
const MESSAGE_STRATEGIES = ['val', 'embind'];
// The messages workload's repetitions: calls per repetition double until one
// takes at least minRepMs (the same defaults as npm run bench:node).
const MESSAGE_DEFAULTS = { minRepMs: 20, repetitions: 7, warmup: 2 };
const MESSAGE_QUICK = { minRepMs: 2, repetitions: 3, warmup: 1 };
const MAX_MIN_REP_MS = 10000;

const SCHEMA = path.join(REPO_ROOT, 'src', 'results.schema.json');
const DEFAULT_TIMEOUT_SECONDS = 3600;
const POLL_MS = 1000;

class UsageError extends Error {}
class RunError extends Error {}

const HELP = `Usage: npm run bench:web -- [options]    (or: node node/bench-web.mjs [options])

Runs the browser page (web/index.html) headless in Chromium (/usr/bin/chromium,
or $WCB_CHROMIUM) through Playwright: served on localhost with COOP/COEP so it
is cross-origin isolated, with --js-flags=--expose-gc so it collects garbage
before every timed operation. Builds the page first when it is stale. Progress
goes to stderr, tables to stdout, the results JSON (src/results.schema.json,
place "browser") to --out.

Options:
  --workload NAME      tuples (default: the growing dataset, time per payload size) or
                       messages (single records, operations per second per record; strategies
                       ${MESSAGE_STRATEGIES.join(',')}; results/browser-messages-<date>.json)
                       codecs: those of the wasm build with a message codec (${MESSAGE_CODECS.join(',')})
  --records LIST       messages: comma-separated records (default: ${MESSAGE_NAMES.join(',')})
  --min-rep-ms N       messages: calls per repetition double until one repetition takes N ms
                       (default: ${MESSAGE_DEFAULTS.minRepMs}; --quick: ${MESSAGE_QUICK.minRepMs}); --repetitions and --warmup
                       count repetitions (default: ${MESSAGE_DEFAULTS.repetitions} and ${MESSAGE_DEFAULTS.warmup}; --quick: ${MESSAGE_QUICK.repetitions} and ${MESSAGE_QUICK.warmup})
  --codecs LIST        comma-separated codecs (default: every codec in the wasm build)
  --strategies LIST    comma-separated interop strategies (default: ${STRATEGIES.join(',')})
  --peers LIST         comma-separated pure-JS libraries (default: every one that runs in a
                       browser: ${BROWSER_PEERS.join(',')})
  --no-peers           no pure-JS library
  --min-mb N           smallest JSON payload size in MB (default: ${DEFAULTS.minMB})
  --max-mb N           largest JSON payload size in MB, at most ${BOUNDS.sweepMaxMB} (default: ${DEFAULTS.maxMB})
  --per-decade N       growth steps kept per factor of ten in size, 0 = every step, at most
                       ${BOUNDS.perDecade} (default: ${DEFAULTS.perDecade})
  --repetitions N      timed runs per operation (default: ${DEFAULTS.repetitions})
  --warmup N           untimed runs before them (default: ${DEFAULTS.warmup})
  --out FILE           results file (default: results/browser-<date>.json)
  --quick              tiny sweep: ${QUICK.minMB}-${QUICK.maxMB} MB, ${QUICK.repetitions} repetitions, ${QUICK.warmup} warm-up
                       (options given explicitly still win)
  --timeout SECONDS    limit for the whole run; the rows measured so far are kept
                       (default: ${DEFAULT_TIMEOUT_SECONDS}, at most ${BOUNDS.timeoutSeconds})
  --headed             show the browser window (needs a display)
  -h, --help           show this help

Exit codes: 0 done (failed codecs are reported in the results, not fatal),
1 runtime error (no wasm build, page error, timeout, results not valid),
2 bad option, 130 interrupted (partial results written).`;

const startedAt = performance.now();
function log(text) {
  const seconds = ((performance.now() - startedAt) / 1000).toFixed(1).padStart(6);
  process.stderr.write(`${seconds}s ${text}\n`);
}

function parseList(name, text, accepted) {
  const values = [
    ...new Set(
      text
        .split(',')
        .map((value) => value.trim())
        .filter(Boolean),
    ),
  ];
  if (values.length === 0) throw new UsageError(`--${name} is empty (accepted: ${accepted.join(', ')})`);
  for (const value of values) {
    if (!accepted.includes(value))
      throw new UsageError(`--${name}: unknown value '${value}' (accepted: ${accepted.join(', ')})`);
  }
  return values;
}

function parseNumber(name, text, { integer = false, min = 0, exclusiveMin = false, max = Infinity } = {}) {
  const value = Number(text);
  const ok =
    text.trim() !== '' &&
    Number.isFinite(value) &&
    (!integer || Number.isInteger(value)) &&
    (exclusiveMin ? value > min : value >= min) &&
    value <= max;
  const kind = integer ? 'an integer' : 'a number';
  const low = exclusiveMin ? `> ${min}` : `>= ${min}`;
  const bound = Number.isFinite(max) ? `${kind} ${low} and <= ${max}` : `${kind} ${low}`;
  if (!ok) throw new UsageError(`--${name}: '${text}' is not valid (accepted: ${bound})`);
  return value;
}

function outputFile(text) {
  const file = path.resolve(text);
  let directory = false;
  try {
    directory = statSync(file).isDirectory();
  } catch {
    // Not there yet: it will be written.
  }
  if (directory) throw new UsageError(`--out: '${text}' is a directory (accepted: a file path)`);
  return file;
}

const OPTIONS = {
  codecs: { type: 'string' },
  strategies: { type: 'string' },
  peers: { type: 'string' },
  'no-peers': { type: 'boolean' },
  'min-mb': { type: 'string' },
  'max-mb': { type: 'string' },
  'per-decade': { type: 'string' },
  repetitions: { type: 'string' },
  warmup: { type: 'string' },
  out: { type: 'string' },
  quick: { type: 'boolean' },
  timeout: { type: 'string' },
  headed: { type: 'boolean' },
  workload: { type: 'string' },
  records: { type: 'string' },
  'min-rep-ms': { type: 'string' },
  help: { type: 'boolean', short: 'h' },
};

const ACCEPTED_OPTIONS = `${Object.keys(OPTIONS)
  .map((name) => `--${name}`)
  .join(', ')}, -h`;

// parseArgs's own messages run over several lines and do not list the options.
function usageErrorOf(error) {
  const quoted = /'([^']*)'/.exec(error.message)?.[1] ?? '';
  if (error.code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION')
    return new UsageError(`unknown option ${quoted} (accepted: ${ACCEPTED_OPTIONS})`);
  if (error.code === 'ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL')
    return new UsageError(`unexpected argument '${quoted}' (accepted: options only, ${ACCEPTED_OPTIONS})`);
  if (error.code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE') {
    const name = quoted.split(' ')[0];
    if (/ambiguous/.test(error.message))
      return new UsageError(
        `${name}: a value starting with '-' must be attached to it (accepted: ${name}=VALUE)`,
      );
    return new UsageError(`${name} needs a value (see --help)`);
  }
  return new UsageError(`${error.message.split('\n')[0]} (see --help)`);
}

function defaultOutPath(date, workload) {
  const stamp = date
    .toISOString()
    .replace(/:/g, '-')
    .replace(/\.\d+Z$/, 'Z');
  const kind = workload === 'messages' ? 'messages-' : '';
  return path.join(REPO_ROOT, 'results', `browser-${kind}${stamp}.json`);
}

// --no-peers / --peers, for both workloads; undefined: the page's default,
// every JS library that runs in a browser.
function parsePeers(values) {
  if (values['no-peers']) return [];
  return values.peers !== undefined ? parseList('peers', values.peers, BROWSER_PEERS) : undefined;
}

// --repetitions, --warmup and --timeout, for both workloads; `base` holds
// the workload's defaults (or --quick's).
function parseRunLength(values, base) {
  const given = (name) => values[name] !== undefined;
  return {
    repetitions: given('repetitions')
      ? parseNumber('repetitions', values.repetitions, { integer: true, min: 1, max: BOUNDS.repetitions })
      : base.repetitions,
    warmup: given('warmup')
      ? parseNumber('warmup', values.warmup, { integer: true, max: BOUNDS.warmup })
      : base.warmup,
    timeoutSeconds: given('timeout')
      ? parseNumber('timeout', values.timeout, { exclusiveMin: true, max: BOUNDS.timeoutSeconds })
      : DEFAULT_TIMEOUT_SECONDS,
  };
}

/**
 * The messages workload's options: records, strategies val/embind, ops/s
 * repetitions; the size options belong to the tuple workload and are refused.
 */
function parseMessageOptions(values, { buildCodecs, now }) {
  for (const name of ['min-mb', 'max-mb', 'per-decade']) {
    if (values[name] !== undefined)
      throw new UsageError(
        `--${name} is an option of the tuples workload (accepted with --workload messages: --records, --min-rep-ms, --repetitions, --warmup)`,
      );
  }
  const base = values.quick ? MESSAGE_QUICK : MESSAGE_DEFAULTS;
  const given = (name) => values[name] !== undefined;
  // raw has no message codec.
  const messageCodecs = buildCodecs.filter((codec) => MESSAGE_CODECS.includes(codec));
  return {
    workload: 'messages',
    codecs: given('codecs') ? parseList('codecs', values.codecs, messageCodecs) : messageCodecs,
    strategies: given('strategies')
      ? parseList('strategies', values.strategies, MESSAGE_STRATEGIES)
      : [...MESSAGE_STRATEGIES],
    peers: parsePeers(values),
    records: given('records') ? parseList('records', values.records, MESSAGE_NAMES) : [...MESSAGE_NAMES],
    minRepMs: given('min-rep-ms')
      ? parseNumber('min-rep-ms', values['min-rep-ms'], { exclusiveMin: true, max: MAX_MIN_REP_MS })
      : base.minRepMs,
    ...parseRunLength(values, base),
    out: given('out') ? outputFile(values.out) : defaultOutPath(now, 'messages'),
    headed: Boolean(values.headed),
  };
}

/** The driver's options from argv; codecs are checked against the wasm build. */
export function parseOptions(argv, { buildCodecs, now = new Date() }) {
  let values;
  try {
    ({ values } = parseArgs({ args: argv, strict: true, allowPositionals: false, options: OPTIONS }));
  } catch (error) {
    throw usageErrorOf(error);
  }
  if (values['no-peers'] && values.peers !== undefined) {
    throw new UsageError('--peers and --no-peers contradict each other (accepted: one of them)');
  }
  const workload = values.workload ?? 'tuples';
  if (!WORKLOADS.includes(workload))
    throw new UsageError(`--workload: unknown value '${workload}' (accepted: ${WORKLOADS.join(', ')})`);
  if (workload === 'messages') return parseMessageOptions(values, { buildCodecs, now });
  for (const name of ['records', 'min-rep-ms']) {
    if (values[name] !== undefined)
      throw new UsageError(
        `--${name} is an option of the messages workload (accepted: --workload messages --${name} ...)`,
      );
  }
  const base = values.quick ? { ...DEFAULTS, ...QUICK } : DEFAULTS;
  const given = (name) => values[name] !== undefined;
  const options = {
    workload: 'tuples',
    codecs: given('codecs') ? parseList('codecs', values.codecs, buildCodecs) : buildCodecs,
    strategies: given('strategies')
      ? parseList('strategies', values.strategies, STRATEGIES)
      : [...STRATEGIES],
    peers: parsePeers(values),
    minMB: given('min-mb')
      ? parseNumber('min-mb', values['min-mb'], { exclusiveMin: true, max: BOUNDS.sweepMaxMB })
      : base.minMB,
    maxMB: given('max-mb')
      ? parseNumber('max-mb', values['max-mb'], { exclusiveMin: true, max: BOUNDS.sweepMaxMB })
      : base.maxMB,
    perDecade: given('per-decade')
      ? parseNumber('per-decade', values['per-decade'], { max: BOUNDS.perDecade })
      : base.perDecade,
    ...parseRunLength(values, base),
    out: given('out') ? outputFile(values.out) : defaultOutPath(now),
    headed: Boolean(values.headed),
  };
  if (options.maxMB < options.minMB) {
    throw new UsageError(
      `--max-mb ${options.maxMB} is below --min-mb ${options.minMB} (accepted: max >= min)`,
    );
  }
  if (selectSteps(options).length === 0) {
    throw new UsageError(
      `no growth step between --min-mb ${options.minMB} and --max-mb ${options.maxMB} (accepted: a wider range)`,
    );
  }
  return options;
}

function writeAtomically(file, document) {
  mkdirSync(path.dirname(file), { recursive: true });
  const temporary = `${file}.tmp-${process.pid}`;
  writeFileSync(temporary, JSON.stringify(document, null, 1) + '\n');
  renameSync(temporary, file);
}

// The page cannot see the CPU model, memory or host name; the browser runs
// on this machine, so the header gets them from here.
function withHostFacts(machine) {
  const cpus = os.cpus();
  return {
    ...machine,
    cpuModel: cpus[0]?.model ?? 'unknown',
    memoryBytes: os.totalmem(),
    hostname: os.hostname(),
  };
}

const pageState = (page) => page.evaluate(() => document.body.dataset.state);

/** Polls the page until its run ends or `deadline` passes; logs its status line when it changes. */
async function followRun(page, { deadline, interrupted }) {
  let lastStatus = '';
  for (;;) {
    const [state, status] = await page.evaluate(() => [
      document.body.dataset.state,
      document.getElementById('status').textContent,
    ]);
    if (status !== lastStatus) {
      log(status);
      lastStatus = status;
    }
    if (['done', 'stopped', 'error'].includes(state)) return state;
    if (interrupted() || Date.now() > deadline) {
      await page.click('#stop');
      await page.waitForFunction(() => document.body.dataset.state !== 'running', null, { timeout: 600_000 });
      return interrupted() ? 'interrupted' : 'timeout';
    }
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

async function main(argv) {
  // Help works before anything is built.
  if (argv.includes('-h') || argv.includes('--help')) {
    process.stdout.write(`${HELP}\n`);
    return 0;
  }
  // Bad options are reported first (exit 2), even without a wasm build;
  // codecs are then checked against the build's.
  let wasmBuild;
  let buildError;
  try {
    wasmBuild = readWasmBuild();
  } catch (error) {
    buildError = error;
  }
  const options = parseOptions(argv, {
    buildCodecs: wasmBuild
      ? wasmBuild.modules.filter(({ workload }) => workload === 'tuples').map(({ codec }) => codec)
      : CODECS,
  });
  if (buildError) throw new RunError(buildError.message);
  const validate = createResultsValidator(JSON.parse(readFileSync(SCHEMA, 'utf8')));
  const { built } = await buildWeb({ quiet: true });
  log(built ? 'built the page bundle (web/dist/page.js)' : 'page bundle is up to date');

  const server = await startServer();
  const browser = await launchChromium({ measuring: true, headed: options.headed });
  let interrupted = false;
  const onInterrupt = () => {
    if (interrupted) process.exit(130);
    interrupted = true;
    log('interrupted: stopping the page and keeping the rows measured so far (Ctrl+C again to quit at once)');
  };
  process.on('SIGINT', onInterrupt);
  try {
    const page = await browser.context.newPage();
    const errors = watchErrors(page);
    const messages = options.workload === 'messages';
    if (messages) {
      log(
        `messages: ${options.codecs.length * options.strategies.length} codec/strategy pairs x ${options.records.length} records ` +
          `(${options.records.join(', ')}), ${options.repetitions} repetitions of >= ${options.minRepMs} ms + ${options.warmup} warm-up`,
      );
    } else {
      const steps = selectSteps(options);
      log(
        `${options.codecs.length * options.strategies.length} codec/strategy pairs x ${steps.length} sizes ` +
          `(${steps.map((step) => step.jsonMB.toFixed(2)).join(', ')} MB), ${options.repetitions} runs + ${options.warmup} warm-up`,
      );
    }
    await page.goto(pageUrl(server.url, { ...options, autorun: true, preciseMemory: true }));
    const end = await followRun(page, {
      deadline: Date.now() + options.timeoutSeconds * 1000,
      interrupted: () => interrupted,
    });
    const facts = await page.evaluate(() => ({
      crossOriginIsolated: globalThis.crossOriginIsolated,
      status: document.getElementById('status').textContent,
    }));
    const document = await page.evaluate(() => globalThis.wcbPage?.results());
    if (!document) throw new RunError(`the page produced no results (${facts.status})`);
    document.run.machine = withHostFacts(document.run.machine);
    writeAtomically(options.out, document);
    const check = validate(document);
    if (!check.valid) throw new RunError(`results in ${options.out} do not match the schema: ${check.text}`);

    const { rows, run } = document;
    if (rows.length > 0 && messages) process.stdout.write(`${renderMessageTables(rows)}\n`);
    else if (rows.length > 0) process.stdout.write(`${renderTables(rows)}\n\n${renderSummary(rows)}\n`);
    const failed = rows.filter((row) => row.status === 'failed').length;
    const clock = `timer ${run.protocol.timerResolutionMs} ms, cross-origin isolated: ${facts.crossOriginIsolated}, gc: ${run.protocol.gc}`;
    log(`${run.runtime.name} ${run.runtime.version}; ${clock}`);
    log(
      `wrote ${rows.length} rows (${failed} failed${run.finished ? '' : ', unfinished'}) to ${path.relative(process.cwd(), options.out)}`,
    );
    for (const error of errors) log(`page error: ${error}`);

    if (end === 'interrupted') return 130;
    if (end === 'timeout')
      throw new RunError(`the run passed --timeout ${options.timeoutSeconds} s; partial results kept`);
    if (end === 'error') throw new RunError(`the page failed: ${facts.status}`);
    if (errors.length > 0) throw new RunError(`the page reported ${errors.length} error(s), listed above`);
    return 0;
  } finally {
    process.off('SIGINT', onInterrupt);
    await browser.close();
    await server.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error) => {
    if (error instanceof UsageError) {
      process.stderr.write(`bench:web: ${error.message}\n`);
      process.exit(2);
    }
    process.stderr.write(`bench:web: ${error instanceof RunError ? error.message : error.stack}\n`);
    process.exit(1);
  },
);
