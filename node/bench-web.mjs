// npm run bench:web: the browser page (web/index.html) run headless in
// Debian's Chromium through playwright-core, served by scripts/serve.mjs so
// it is cross-origin isolated (fine performance.now()), with window.gc
// exposed for a GC before every timed operation. The page measures; this
// script sets its options, waits, and writes the page's results JSON next to
// the Node results (results/browser-<date>.json), then prints the tables.

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
import { launchChromium, watchErrors } from './chromium.mjs';
import { REPO_ROOT, UsageError } from './options.mjs';

const SCHEMA = path.join(REPO_ROOT, 'src', 'results.schema.json');
const POLL_MS = 1000;

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
    const texts = PROTOCOL_TEXTS[workloadInfo(options.workload).protocol];
    log(texts.plan(options));
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
    // The workload's console tables, as npm run bench:node prints them (src/workloads/<name>/runner.mjs).
    const runner = await import(`../src/workloads/${options.workload}/runner.mjs`);
    if (rows.length > 0) process.stdout.write(`${runner.render(rows, run, options)}\n`);
    const failed = runner.failedCount(rows);
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
