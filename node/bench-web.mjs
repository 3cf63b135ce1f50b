// npm run bench:web: the browser page (web/index.html) run headless in
// Debian's Chromium through playwright-core, served by scripts/serve.mjs so
// it is cross-origin isolated (fine performance.now()), with window.gc
// exposed for a GC before every timed operation. Each path (codec x
// strategy, each JS library) runs in a fresh browser context, where the page
// measures it and the JSON baseline beside it (same batch, order alternated
// by size or record): every xJSON ratio is a same-context one, as Node's are
// same-process. This script sets the page's options, waits, merges the
// pages' results into one JSON file next to the Node results
// (results/browser-<date>.json), then prints the tables.

import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildWeb, readWasmBuild } from '../scripts/build-web.mjs';
import { startServer } from '../scripts/serve.mjs';
import { workloadInfo } from '../src/catalog.mjs';
import { selectSteps } from '../src/workloads/tuples/dataset.mjs';
import { createResultsValidator } from '../src/harness/validate.mjs';
import { pageUrl } from '../web/src/query.mjs';
import { helpText, parseOptions } from './bench-web-options.mjs';
import { registerWorkloadFolders, schemaWithFolderWorkloads } from '../src/report/workload-folders.mjs';
import { launchBrowser, watchErrors } from './chromium.mjs';
import { REPO_ROOT, UsageError } from './options.mjs';

const SCHEMA = path.join(REPO_ROOT, 'src', 'results.schema.json');
const POLL_MS = 1000;

/** run.protocol.isolation of a bench:web run (results.schema.json). */
const ISOLATION = 'context-per-path';

class RunError extends Error {}

const startedAt = performance.now();
function log(text) {
  const seconds = ((performance.now() - startedAt) / 1000).toFixed(1).padStart(6);
  process.stderr.write(`${seconds}s ${text}\n`);
}

// What a run of each measuring protocol (src/catalog.mjs) says before it starts.
const PROTOCOL_TEXTS = {
  'per-payload': {
    plan(options) {
      const steps = selectSteps(options);
      return (
        `${options.codecs.length * options.strategies.length} codec/strategy pairs x ${steps.length} sizes ` +
        `(${steps.map((step) => step.jsonMB.toFixed(2)).join(', ')} MB), ${options.repetitions} runs + ${options.warmup} warm-up`
      );
    },
  },
  'per-call': {
    plan: (options) =>
      `${options.workload}: ${options.codecs.length * options.strategies.length} codec/strategy pairs x ${options.records.length} records ` +
      `(${options.records.join(', ')}), ${options.repetitions} repetitions of >= ${options.minRepMs} ms + ${options.warmup} warm-up`,
  },
};

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

/** The page options of each path of the run, one browser context each: wasm paths, then JS libraries. */
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

/**
 * The results of every path's page as one document: the first page's
 * header (machine, runtime, build are the same for all), the run's lists
 * and isolation, every row; finished when every page finished.
 */
function mergeDocuments(documents, options) {
  const [first] = documents;
  const run = {
    ...first.run,
    protocol: {
      ...first.run.protocol,
      codecs: options.codecs,
      strategies: options.strategies,
      peers: options.peers,
      isolation: ISOLATION,
    },
    finished: documents.length === pathsOf(options).length && documents.every((d) => d.run.finished),
  };
  return { ...first, run, rows: documents.flatMap((document) => document.rows) };
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
  const options = parseOptions(argv, { buildInfo: wasmBuild?.info });
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
    const texts = PROTOCOL_TEXTS[workloadInfo(options.workload).protocol];
    log(`${texts.plan(options)}; each path in a fresh browser context with its JSON baseline`);
    const deadline = Date.now() + options.timeoutSeconds * 1000;
    const paths = pathsOf(options);
    const documents = [];
    const errors = [];
    let end = 'done';
    let facts;
    for (const [index, pathOptions] of paths.entries()) {
      log(`path ${index + 1} of ${paths.length}: ${pathOptions.label} (new browser context)`);
      const context = await browser.newContext();
      try {
        const page = await context.newPage();
        const pageErrors = watchErrors(page);
        const { label, ...lists } = pathOptions;
        await page.goto(pageUrl(server.url, { ...options, ...lists, autorun: true, preciseMemory: true }));
        end = await followRun(page, { deadline, interrupted: () => interrupted });
        facts = await page.evaluate(() => ({
          crossOriginIsolated: globalThis.crossOriginIsolated,
          status: document.getElementById('status').textContent,
        }));
        const document = await page.evaluate(() => globalThis.wcbPage?.results());
        errors.push(...pageErrors.map((error) => `${label}: ${error}`));
        if (!document) throw new RunError(`the page of ${label} produced no results (${facts.status})`);
        documents.push(document);
      } finally {
        await context.close();
      }
      if (end !== 'done') break;
    }
    const document = mergeDocuments(documents, options);
    document.run.machine = withHostFacts(document.run.machine);
    writeAtomically(options.out, document);
    const check = validate(document);
    if (!check.valid) throw new RunError(`results in ${options.out} do not match the schema: ${check.text}`);

    const { rows, run } = document;
    // The workload's console tables, as npm run bench:node prints them (src/workloads/<name>/runner.mjs).
    const runner = await import(`../src/workloads/${options.workload}/runner.mjs`);
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
