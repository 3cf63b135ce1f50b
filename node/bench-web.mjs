// npm run bench:web: the browser page (web/index.html) run headless in
// Chromium (V8, through playwright-core), Firefox ESR (SpiderMonkey,
// through puppeteer-core over WebDriver BiDi) and/or WebKitGTK
// (JavaScriptCore, through WebKitWebDriver over classic WebDriver, on a
// virtual display; node/browsers.mjs), served by scripts/serve.mjs so it is
// cross-origin isolated (a finer performance.now()), with a GC forced
// before every timed operation (window.gc in Chromium, TestUtils.gc in
// Firefox; JavaScriptCore has none for pages: allocation pressure there). Each path (codec x
// strategy, each JS library) runs at each size or record in a fresh browser
// context, where the page measures the JSON baseline and then the path:
// every figure starts from the same state whatever else the run measures,
// and every xJSON ratio is a same-context one, as Node's are same-process.
// This script sets the page's options, waits, merges the pages' results
// into one JSON file per browser next to the Node results
// (results/browser-<date>.json, results/browser-firefox-<date>.json), then
// prints the tables. With --connect it drives a browser already running
// (elsewhere, or started by hand) instead of launching one, and serves the
// page on --host for it (docs/devices.md).

import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildWeb, readWasmBuild } from '../scripts/build-web.mjs';
import { servedFileUrl, startServer } from '../scripts/serve.mjs';
import { WORKLOAD_NAMES, workloadInfo } from '../src/catalog.mjs';
import { selectSteps } from '../src/workloads/tuples/dataset.mjs';
import { createResultsValidator } from '../src/harness/validate.mjs';
import { pageUrl } from '../web/src/query.mjs';
import { helpText, optionKindOf, parseOptions } from './bench-web-options.mjs';
import { registerWorkloadFolders, schemaWithFolderWorkloads } from '../src/workload-folders.mjs';
import { BROWSERS, launchForRun } from './browsers.mjs';
import { watchErrors } from './chromium.mjs';
import { REPO_ROOT, UsageError, isolationOf, selectPeers } from './options.mjs';
import { RunError } from './run-file.mjs';
import { runBlocks } from './blocks.mjs';
import * as peerRegistry from '../src/harness/peers.mjs';
import { blockDecided, blockVerdicts, verdictOptionsOf } from '../src/harness/block-verdicts.mjs';
import { EQUIVALENCE, LEVEL } from '../src/harness/paired.mjs';
import { measuredDatasets, readRunDocuments } from './user-documents.mjs';

const SCHEMA = path.join(REPO_ROOT, 'src', 'results.schema.json');
// A run is many short page loads: a coarse poll would add up.
const POLL_MS = 250;

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
  // A user's document (options.documents, read by servedDocuments) is served
  // to the page of its context, which fetches it (web/src/query.mjs
  // DOCUMENTS_PARAM); one that could not be read has no context.
  datasets: {
    plan: (options) =>
      `${options.workload}: ${options.codecs.length * options.strategies.length} codec/strategy pairs + ` +
      `${options.peers.length} JS libraries x ${measuredDatasets(options.datasets, options.documents).length} data sets ` +
      `(${measuredDatasets(options.datasets, options.documents).join(', ')}), ${options.repetitions} runs + ${options.warmup} warm-up`,
    units: (options) =>
      measuredDatasets(options.datasets, options.documents).map((dataset) => {
        const served = options.documents.find((entry) => entry.id === dataset);
        return {
          label: `data set ${dataset}`,
          query: { datasets: [dataset], documentUrls: served ? [served.url] : [] },
          owns: (row) => row.dataset === dataset,
        };
      }),
    header: (options) => ({
      datasets: options.datasets,
      ...(options.documents.length > 0 && {
        documents: options.documents.map(({ url: _, ...entry }) => entry),
      }),
    }),
  },
};

/**
 * The user's documents of the run (--documents), read once
 * (node/user-documents.mjs readRunDocuments): each readable one with the
 * `url` its page fetches it from, served by the run's server (`files`).
 */
function servedDocuments(options) {
  const documents = readRunDocuments(options.documents, { datasets: options.datasets, log });
  const files = [];
  const entries = documents.map((entry) => {
    if (entry.error) return entry;
    files.push(entry.file);
    return { ...entry, url: servedFileUrl(files.length - 1, path.basename(entry.file)) };
  });
  return { documents: entries, files };
}

/** Each workload's runner (src/workloads/<name>/runner.mjs): its tables, failures and peers. */
const importRunner = (workload) => import(`../src/workloads/${workload}/runner.mjs`);

function writeAtomically(file, document) {
  mkdirSync(path.dirname(file), { recursive: true });
  const temporary = `${file}.tmp-${process.pid}`;
  writeFileSync(temporary, JSON.stringify(document, null, 1) + '\n');
  renameSync(temporary, file);
}

// The page cannot see the CPU model, memory or host name; a browser
// bench:web launched runs on this machine, so the header gets them from
// here. A connected one may run anywhere: its header keeps the page's own.
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

/**
 * The page's URL with gc=0 under --no-gc: a GC the page makes itself
 * (JavaScriptCore's allocation pressure) is off too, as the browsers' flags are.
 */
function withoutGc(href, options) {
  if (options.gc) return href;
  const url = new URL(href);
  url.searchParams.set('gc', '0');
  return url.href;
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

/**
 * Completes a browser's results document with what the host and the driver
 * know, writes it and checks it against the schema (a RunError if not).
 */
function writeFinished(document, { browser, out, validate }) {
  // A connected browser may run elsewhere: its machine is what the page saw.
  if (!browser.connected) document.run.machine = withHostFacts(document.run.machine);
  // The driver knows the full version where the page sees less (Firefox's
  // userAgent: 153.0), and a WebKit other than Safari's where the page sees
  // only AppleWebKit's frozen 605.1.15 (WebKitGTK: its own 2.50.6).
  const { runtime } = document.run;
  const major = (text) => text.split('.')[0];
  const version =
    major(browser.version) === major(runtime.version) || runtime.name === 'webkit'
      ? browser.version
      : runtime.version;
  document.run.runtime = { ...runtime, version, driver: browser.driver, connected: browser.connected };
  writeAtomically(out, document);
  const check = validate(document);
  if (!check.valid) throw new RunError(`results in ${out} do not match the schema: ${check.text}`);
}

/** Waits, polling, until the page's run is no longer running (after Stop); both drivers answer evaluate alike. */
async function waitUntilStopped(page, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (await page.evaluate(() => document.body.dataset.state === 'running')) {
    if (Date.now() > deadline) throw new RunError(`the page did not stop within ${timeoutMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
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
      await waitUntilStopped(page, 600_000);
      return interrupted() ? 'interrupted' : 'timeout';
    }
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

/** Launches browser `name`, or connects to it (--connect), and says so. */
async function openBrowser(name, options, pageBase) {
  // A failed connection is a run error of this browser (its message names the endpoint).
  const browser = await launchForRun(name, {
    gc: options.gc,
    headed: options.headed,
    connect: options.connect,
    log,
  }).catch((error) => {
    throw options.connect ? new RunError(error.message) : error;
  });
  log(
    browser.connected
      ? `${browser.label} ${browser.version} at ${options.connect}: connected, driven by ${browser.driver}; it opens the page at ${pageBase}`
      : `${browser.label}: launched, driven by ${browser.driver}`,
  );
  return browser;
}

/**
 * Runs every context of the run in one browser (src/engines.mjs
 * BROWSER_NAMES) and writes its results file; returns how the run ended:
 * 'done', 'interrupted', 'timeout' or 'error', and the page errors seen.
 * Throws a RunError when a page gave no results or the file is not valid.
 */
async function runInBrowser(name, { options, protocol, pageBase, validate, deadline, interrupted }) {
  const out = options.outs[name];
  const browser = await openBrowser(name, options, pageBase);
  try {
    const contexts = contextsOf(options, protocol);
    const results = [];
    const errors = [];
    let end = 'done';
    let facts;
    for (const [index, context] of contexts.entries()) {
      const { label, ...lists } = context.path;
      log(
        `${browser.label} context ${index + 1} of ${contexts.length}: ${label} at ${context.unit.label} (new browser context)`,
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
          // Launched with --enable-precise-memory-info; a connected browser's flags are unknown.
          preciseMemory: !browser.connected,
          jsonSecond,
        };
        await page.goto(withoutGc(pageUrl(pageBase, query), options));
        end = await followRun(page, { deadline, interrupted });
        facts = await page.evaluate(() => ({
          crossOriginIsolated: globalThis.crossOriginIsolated,
          status: document.getElementById('status').textContent,
        }));
        // As text: both drivers carry a string whole, whatever the depth of the rows.
        const text = await page.evaluate(() => {
          const results = globalThis.wcbPage?.results();
          return results ? JSON.stringify(results) : null;
        });
        errors.push(...pageErrors.map((error) => `${label} at ${context.unit.label}: ${error}`));
        if (!text)
          throw new RunError(
            `the page of ${label} produced no results in ${browser.label} (${facts.status})`,
          );
        results.push({ document: JSON.parse(text), context });
      } finally {
        await browserContext.close();
      }
      if (end !== 'done') break;
    }
    const document = mergeDocuments(results, options, protocol, contexts.length);
    // The rows of data sets no page measured (a user's document that could not be read).
    const runner = await importRunner(options.workload);
    document.rows.push(...(runner.planRows?.({ documents: options.documents }, 'browser') ?? []));
    writeFinished(document, { browser, out, validate });

    const { rows, run } = document;
    // The workload's console tables, as npm run bench:node prints them (src/workloads/<name>/runner.mjs).
    process.stdout.write(
      `${browser.label} (${run.runtime.engine ?? 'engine unknown'} ${run.runtime.version})\n`,
    );
    if (rows.length > 0) process.stdout.write(`${runner.render(rows, run, options)}\n`);
    const failed = runner.failedCount(rows);
    logMeasuringFacts(name, browser, run, options);
    log(
      `wrote ${rows.length} rows (${failed} failed${run.finished ? '' : ', unfinished'}) to ${path.relative(process.cwd(), out)}`,
    );
    for (const error of errors) log(`page error: ${error}`);
    return { end, errors, status: facts.status };
  } finally {
    await browser.close();
  }
}

/** What the page could do in this browser: its clock, isolation and GC (a missing GC said loudly). */
function logMeasuringFacts(name, browser, run, options) {
  const gc = run.protocol.gc ? `yes, ${run.protocol.gcMethod ?? 'how unrecorded'}` : 'no';
  const clock = `timer ${run.protocol.timerResolutionMs} ms, cross-origin isolated: ${run.protocol.crossOriginIsolated}, gc: ${gc}`;
  log(
    `${run.runtime.name} ${run.runtime.version} (${run.runtime.engine ?? 'engine unknown'}); ${clock}; isolation: ${run.protocol.isolation}`,
  );
  const { gcHow } = BROWSERS[name];
  if (options.gc && !run.protocol.gc)
    log(
      browser.connected
        ? `${browser.label} at ${options.connect}: no GC before the timed operations (protocol.gc false): the page found none; start the browser with ${gcHow}`
        : `${browser.label}: no GC could be forced (${gcHow} was asked for)`,
    );
}

/**
 * The block protocol in one browser (docs/design.md#blocks): the workload's
 * blocks (its runner's blockKinds, with this browser's fastest sets), each
 * block in a fresh browser context per wave (node/blocks.mjs schedules them
 * as bench:node's child processes), the page measuring the block
 * (wcbPage.runBlock). Writes the results file as contexts finish; returns
 * how the run ended, as runInBrowser does.
 */
async function runBlocksInBrowser(name, { options, pageBase, validate, deadline, interrupted, buildInfo }) {
  const out = options.outs[name];
  const runner = await importRunner(options.workload);
  let requested = options.peers;
  if (!options.peersGiven) {
    try {
      requested = runner.blockPeers(name);
    } catch (error) {
      throw new RunError(error.message);
    }
  }
  const peers = selectPeers(requested, peerRegistry, 'browser', runner.takesPeer);
  const sets = runner.fastestSets(name, peers, { peers: options.peersGiven ? options.peers : undefined });
  const blockOptions = { ...options, addon: false };
  // The units of the blocks: the sizes, or the data sets (a user's documents as served).
  const kind = optionKindOf(workloadInfo(options.workload));
  const plan = {
    datasets: () => ({ documents: options.documents ?? [] }),
    'per-payload': () => ({ steps: selectSteps(options) }),
    'per-call': () => ({}),
  }[kind]();
  const kinds = runner.blockKinds(blockOptions, peers, peerRegistry, buildInfo, plan, sets);
  const protocol = PROTOCOLS[kind];
  const browser = await openBrowser(name, options, pageBase);
  log(`${browser.label}: libraries ${peers.map((peer) => peer.name).join(', ')}`);
  const errors = [];
  let header;
  let status = '';
  const store = { rows: [], save: () => header && writeAtomically(out, documentOf()) };
  const documentOf = () => ({
    ...header,
    run: {
      ...header.run,
      protocol: {
        ...header.run.protocol,
        ...protocol.header(options),
        mode: 'blocks',
        codecs: options.codecs,
        strategies: options.strategies,
        peers: peers.map((peer) => peer.name),
        ...(options.compression && { compression: options.compression }),
        blocks: {
          looks: options.looks,
          budgetSeconds: options.budgetSeconds,
          level: LEVEL,
          equivalence: [EQUIVALENCE.low, EQUIVALENCE.high],
          fastest: sets,
        },
        isolation: isolationOf({ place: 'browser', protocol: 'per-payload', blocks: true }),
      },
    },
    rows: store.rows,
  });
  // One block process: a fresh browser context whose page measures the job.
  const runContext = async (job, { onRow }) => {
    if (interrupted() || Date.now() > deadline)
      return { done: false, rows: [], output: [], failure: 'not measured: the run was stopped' };
    // A context that cannot open (a WebDriver that died) fails this block's context alone.
    let context;
    try {
      context = await browser.newContext();
      const page = await context.newPage();
      const pageErrors = watchErrors(page);
      // Launched with --enable-precise-memory-info; a connected browser's flags are unknown.
      // A user's documents are fetched by the page from this run's server.
      const documentUrls = (plan.documents ?? []).filter((entry) => entry.url).map((entry) => entry.url);
      await page.goto(
        withoutGc(
          pageUrl(pageBase, { workload: options.workload, preciseMemory: !browser.connected, documentUrls }),
          options,
        ),
      );
      await waitUntilIdle(page, deadline);
      const text = await page.evaluate((block) => globalThis.wcbPage.runBlock(block), {
        ...job,
        workload: options.workload,
        codecs: options.codecs,
        strategies: options.strategies,
        peers: peers.map((peer) => peer.name),
        minMB: options.minMB,
        maxMB: options.maxMB,
        perDecade: options.perDecade,
        datasets: options.datasets,
        records: options.records,
        minRepMs: options.minRepMs,
        warmup: options.warmup,
        repetitions: options.repetitions,
      });
      status = await page.evaluate(() => document.getElementById('status').textContent);
      errors.push(...pageErrors.map((error) => `${job.batch}: ${error}`));
      const document = JSON.parse(text);
      header ??= document;
      for (const row of document.rows) onRow(row);
      return { done: true, rows: document.rows, output: [] };
    } catch (error) {
      return {
        done: false,
        rows: [],
        output: [],
        failure: `browser context failed: ${error.message.split('\n')[0]}`,
      };
    } finally {
      await context?.close();
    }
  };
  try {
    const sets_ = { sets, ...verdictOptionsOf(options.workload) };
    const history = await runBlocks(
      kinds.map((kind) => ({ ...kind, job: kind.job })),
      {
        options: { ...options, childNodeOptions: [] },
        store,
        runChildProcess: runContext,
        onStart: () => {},
        decided: (rows, key) => blockDecided(blockVerdicts(rows, sets_), key),
      },
    );
    if (!header) throw new RunError(`no browser context of ${browser.label} gave results (${status})`);
    const document = documentOf();
    document.run.blocks = history;
    document.run.finished = !interrupted();
    writeFinished(document, { browser, out, validate });
    process.stdout.write(
      `${browser.label} (${document.run.runtime.engine ?? 'engine unknown'} ${document.run.runtime.version})\n`,
    );
    process.stdout.write(`${runner.render(document.rows, document.run, options)}\n`);
    logMeasuringFacts(name, browser, document.run, options);
    log(
      `wrote ${document.rows.length} rows (${runner.failedCount(document.rows)} failed) to ${path.relative(process.cwd(), out)}`,
    );
    for (const error of errors) log(`page error: ${error}`);
    return { end: interrupted() ? 'interrupted' : 'done', errors, status };
  } finally {
    await browser.close();
  }
}

/** Waits, polling, until the page has started (its state is idle) or `deadline` passes. */
async function waitUntilIdle(page, deadline) {
  while ((await page.evaluate(() => document.body.dataset.state)) !== 'idle') {
    if (Date.now() > deadline) throw new RunError('the page did not start before the deadline');
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
  const parsed = parseOptions(argv, {
    buildInfo: wasmBuild?.info,
    takesPeerOf: (name) => takesPeer.get(name),
  });
  if (buildError) throw new RunError(buildError.message);
  const served = servedDocuments({ ...parsed, documents: parsed.documents ?? [] });
  const options = { ...parsed, documents: served.documents };
  const validate = createResultsValidator(
    await schemaWithFolderWorkloads(JSON.parse(readFileSync(SCHEMA, 'utf8'))),
  );
  const { built } = await buildWeb({ quiet: true });
  log(built ? 'built the page bundle (web/dist/page.js)' : 'page bundle is up to date');

  const server = await startServer({ host: options.host, port: options.port, files: served.files });
  // A browser elsewhere reaches this machine at an address of its own, not at localhost.
  const pageBase = options.connect
    ? (server.urls.find((url) => !url.startsWith('http://localhost:')) ?? server.url)
    : server.url;
  if (options.connect) log(`serving the page at ${server.urls.join(', ')}`);
  let interrupted = false;
  const onInterrupt = () => {
    if (interrupted) process.exit(130);
    interrupted = true;
    log('interrupted: stopping the page and keeping the rows measured so far (Ctrl+C again to quit at once)');
  };
  process.on('SIGINT', onInterrupt);
  // Terminated (a test's or a CI's timeout): exit so that the launched browsers' exit handlers end them.
  const onTerminate = () => process.exit(143);
  process.once('SIGTERM', onTerminate);
  try {
    const protocol = PROTOCOLS[optionKindOf(workloadInfo(options.workload))];
    const blocks = options.mode === 'blocks';
    log(
      blocks
        ? `block protocol in ${options.browsers.join(' then ')}: a fresh browser context per block and wave; ` +
            `looks at ${options.looks.join(', ')} contexts, budget ${options.budgetSeconds / 60} min per browser`
        : `${protocol.plan(options)}; in ${options.browsers.join(' then ')}; each path at each unit in a fresh browser ` +
            'context beside JSON, JSON first at the 1st, 3rd... unit',
    );
    // One limit for the whole run, every browser included.
    const deadline = Date.now() + options.timeoutSeconds * 1000;
    // Each browser runs even when another failed; the failures are reported together at the end.
    const failures = [];
    for (const name of options.browsers) {
      let outcome;
      try {
        const context = { options, protocol, pageBase, validate, deadline, interrupted: () => interrupted };
        outcome = blocks
          ? await runBlocksInBrowser(name, { ...context, buildInfo: wasmBuild.info })
          : await runInBrowser(name, context);
      } catch (error) {
        if (!(error instanceof RunError)) throw error;
        log(`${BROWSERS[name].label}: ${error.message}`);
        failures.push(`${BROWSERS[name].label}: ${error.message}`);
        continue;
      }
      const label = BROWSERS[name].label;
      if (outcome.end === 'interrupted') return 130;
      if (outcome.end === 'timeout') {
        failures.push(`${label}: the run passed --timeout ${options.timeoutSeconds} s; partial results kept`);
        break;
      }
      if (outcome.end === 'error') failures.push(`${label}: the page failed: ${outcome.status}`);
      else if (outcome.errors.length > 0)
        failures.push(`${label}: the page reported ${outcome.errors.length} error(s), listed above`);
    }
    if (failures.length > 0) throw new RunError(failures.join('; '));
    return 0;
  } finally {
    process.off('SIGINT', onInterrupt);
    process.off('SIGTERM', onTerminate);
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
