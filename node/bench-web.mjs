// npm run bench:web: the browser page (web/index.html) run headless in
// Debian's Chromium through playwright-core, served by scripts/serve.mjs so
// it is cross-origin isolated (fine performance.now()), with window.gc
// exposed for a GC before every timed operation. Each path (codec x
// strategy, each JS library) runs at each size or record in a fresh browser
// context, where the page measures the JSON baseline and then the path:
// every figure starts from the same state whatever else the run measures,
// and every xJSON ratio is a same-context one, as Node's are same-process.
// This script sets the page's options, waits, merges the pages' results
// into one JSON file next to the Node results (results/browser-<date>.json),
// then prints the tables.

import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildWeb, readWasmBuild } from '../scripts/build-web.mjs';
import { startServer } from '../scripts/serve.mjs';
import { WORKLOAD_NAMES, workloadInfo } from '../src/catalog.mjs';
import { selectSteps } from '../src/workloads/tuples/dataset.mjs';
import { createResultsValidator } from '../src/harness/validate.mjs';
import { pageUrl } from '../web/src/query.mjs';
import { helpText, optionKindOf, parseOptions } from './bench-web-options.mjs';
import { registerWorkloadFolders, schemaWithFolderWorkloads } from '../src/workload-folders.mjs';
import { launchBrowser, watchErrors } from './chromium.mjs';
import { REPO_ROOT, UsageError, isolationOf } from './options.mjs';

const SCHEMA = path.join(REPO_ROOT, 'src', 'results.schema.json');
// A run is many short page loads: a coarse poll would add up.
const POLL_MS = 250;

class RunError extends Error {}

const startedAt = performance.now();
function log(text) {
  const seconds = ((performance.now() - startedAt) / 1000).toFixed(1).padStart(6);
  process.stderr.write(`${seconds}s ${text}\n`);
}

// What each measuring protocol (src/catalog.mjs) runs in one browser
// context, beside the plan it announces: `units` are the page options of one
// size, one record or one data set (a workload whose entry lists `datasets`:
// bench-web-options.mjs optionKindOf), `owns(row)` tells the rows of that
// unit from those of none (the messages page's empty call of the module);
// `header` is what the run's protocol records of the whole run.
const PROTOCOLS = {
  'per-payload': {
    plan(options) {
      const steps = selectSteps(options);
      return (
        `${options.codecs.length * options.strategies.length} codec/strategy pairs x ${steps.length} sizes ` +
        `(${steps.map((step) => step.jsonMB.toFixed(2)).join(', ')} MB), ${options.repetitions} runs + ${options.warmup} warm-up`
      );
    },
    // minMB = maxMB = a step's size, every step: the page selects that step alone.
    units: (options) =>
      selectSteps(options).map((step) => ({
        label: `${step.jsonMB.toFixed(3)} MB`,
        query: { minMB: step.jsonMB, maxMB: step.jsonMB, perDecade: 0 },
        owns: (row) => row.step === step.index,
      })),
    header: (options) => ({ minMB: options.minMB, maxMB: options.maxMB, stepsPerDecade: options.perDecade }),
  },
  'per-call': {
    plan: (options) =>
      `${options.workload}: ${options.codecs.length * options.strategies.length} codec/strategy pairs x ${options.records.length} records ` +
      `(${options.records.join(', ')}), ${options.repetitions} repetitions of >= ${options.minRepMs} ms + ${options.warmup} warm-up`,
    units: (options) =>
      options.records.map((record) => ({
        label: `record ${record}`,
        query: { records: [record] },
        owns: (row) => row.record === record,
      })),
    header: (options) => ({ records: options.records }),
  },
  datasets: {
    plan: (options) =>
      `${options.workload}: ${options.codecs.length * options.strategies.length} codec/strategy pairs + ` +
      `${options.peers.length} JS libraries x ${options.datasets.length} data sets ` +
      `(${options.datasets.join(', ')}), ${options.repetitions} runs + ${options.warmup} warm-up`,
    units: (options) =>
      options.datasets.map((dataset) => ({
        label: `data set ${dataset}`,
        query: { datasets: [dataset] },
        owns: (row) => row.dataset === dataset,
      })),
    header: (options) => ({ datasets: options.datasets }),
  },
};

/** Each workload's runner (src/workloads/<name>/runner.mjs): its tables, failures and peers. */
const importRunner = (workload) => import(`../src/workloads/${workload}/runner.mjs`);

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

/** The page options of each path of the run: wasm paths, then JS libraries. */
function pathsOf(options) {
  const wasm = options.codecs.flatMap((codec) =>
    options.strategies.map((strategy) => ({
      label: `${codec}/${strategy}`,
      codecs: [codec],
      strategies: [strategy],
      peers: [],
    })),
  );
  const peers = options.peers.map((peer) => ({ label: peer, codecs: [], strategies: [], peers: [peer] }));
  return [...wasm, ...peers];
}

/** One browser context each: every path at every unit, path by path. */
function contextsOf(options, protocol) {
  const units = protocol.units(options);
  return pathsOf(options).flatMap((path) =>
    units.map((unit, index) => ({ path, unit, position: index, last: index === units.length - 1 })),
  );
}

/**
 * The rows a context contributes: its unit's, and a row of no unit (the
 * empty call) only from the path's last unit, as when one page measured
 * every unit.
 */
const rowsOf = (document, { unit, last }) => document.rows.filter((row) => unit.owns(row) || last);

/**
 * The results of every context's page as one document: the first page's
 * header (machine, runtime, build are the same for all), the run's lists,
 * units and isolation, every row; finished when every page finished.
 */
function mergeDocuments(results, options, protocol, expected) {
  const [first] = results.map(({ document }) => document);
  const run = {
    ...first.run,
    protocol: {
      ...first.run.protocol,
      ...protocol.header(options),
      codecs: options.codecs,
      strategies: options.strategies,
      peers: options.peers,
      isolation: isolationOf({ place: 'browser', protocol: workloadInfo(options.workload).protocol }),
    },
    finished: results.length === expected && results.every(({ document }) => document.run.finished),
  };
  return { ...first, run, rows: results.flatMap(({ document, context }) => rowsOf(document, context)) };
}

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
  // Workloads added as a folder alone are known before the options are read.
  await registerWorkloadFolders();
  if (argv.includes('-h') || argv.includes('--help')) {
    process.stdout.write(`${helpText()}\n`);
    return 0;
  }
  // Bad options are reported first (exit 2), even without a wasm build;
  // codecs are then checked against the build's catalog.
  let wasmBuild;
  let buildError;
  try {
    wasmBuild = readWasmBuild();
  } catch (error) {
    buildError = error;
  }
  // The libraries each workload takes (its runner's takesPeer), for the default of --peers.
  const takesPeer = new Map();
  for (const name of WORKLOAD_NAMES) takesPeer.set(name, (await importRunner(name)).takesPeer);
  const options = parseOptions(argv, {
    buildInfo: wasmBuild?.info,
    takesPeerOf: (name) => takesPeer.get(name),
  });
  if (buildError) throw new RunError(buildError.message);
  const validate = createResultsValidator(
    await schemaWithFolderWorkloads(JSON.parse(readFileSync(SCHEMA, 'utf8'))),
  );
  const { built } = await buildWeb({ quiet: true });
  log(built ? 'built the page bundle (web/dist/page.js)' : 'page bundle is up to date');

  const server = await startServer();
  const browser = await launchBrowser({ measuring: true, headed: options.headed });
  let interrupted = false;
  const onInterrupt = () => {
    if (interrupted) process.exit(130);
    interrupted = true;
    log('interrupted: stopping the page and keeping the rows measured so far (Ctrl+C again to quit at once)');
  };
  process.on('SIGINT', onInterrupt);
  try {
    const protocol = PROTOCOLS[optionKindOf(workloadInfo(options.workload))];
    log(
      `${protocol.plan(options)}; each path at each unit in a fresh browser context beside JSON, ` +
        'JSON first at the 1st, 3rd... unit',
    );
    const deadline = Date.now() + options.timeoutSeconds * 1000;
    const contexts = contextsOf(options, protocol);
    const results = [];
    const errors = [];
    let end = 'done';
    let facts;
    for (const [index, context] of contexts.entries()) {
      const { label, ...lists } = context.path;
      log(
        `context ${index + 1} of ${contexts.length}: ${label} at ${context.unit.label} (new browser context)`,
      );
      const browserContext = await browser.newContext();
      try {
        const page = await browserContext.newPage();
        const pageErrors = watchErrors(page);
        // The path's 2nd, 4th... unit measures the path before JSON: the order alternates, as in the page.
        const jsonSecond = context.position % 2 === 1;
        const query = {
          ...options,
          ...lists,
          ...context.unit.query,
          autorun: true,
          preciseMemory: true,
          jsonSecond,
        };
        await page.goto(pageUrl(server.url, query));
        end = await followRun(page, { deadline, interrupted: () => interrupted });
        facts = await page.evaluate(() => ({
          crossOriginIsolated: globalThis.crossOriginIsolated,
          status: document.getElementById('status').textContent,
        }));
        const document = await page.evaluate(() => globalThis.wcbPage?.results());
        errors.push(...pageErrors.map((error) => `${label} at ${context.unit.label}: ${error}`));
        if (!document) throw new RunError(`the page of ${label} produced no results (${facts.status})`);
        results.push({ document, context });
      } finally {
        await browserContext.close();
      }
      if (end !== 'done') break;
    }
    const document = mergeDocuments(results, options, protocol, contexts.length);
    document.run.machine = withHostFacts(document.run.machine);
    writeAtomically(options.out, document);
    const check = validate(document);
    if (!check.valid) throw new RunError(`results in ${options.out} do not match the schema: ${check.text}`);

    const { rows, run } = document;
    // The workload's console tables, as npm run bench:node prints them (src/workloads/<name>/runner.mjs).
    const runner = await importRunner(options.workload);
    if (rows.length > 0) process.stdout.write(`${runner.render(rows, run, options)}\n`);
    const failed = runner.failedCount(rows);
    const clock = `timer ${run.protocol.timerResolutionMs} ms, cross-origin isolated: ${facts.crossOriginIsolated}, gc: ${run.protocol.gc}`;
    log(`${run.runtime.name} ${run.runtime.version}; ${clock}; isolation: ${run.protocol.isolation}`);
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
