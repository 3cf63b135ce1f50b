// bench:web's runs (docs/design.md#blocks): the plan (src/harness/plan.mjs) run by
// node/blocks.mjs as bench:node's, each block process here a fresh browser
// context whose page measures it; and what that does with a browser: open
// it, load the page in a context, poll the page's state, and write, check
// and print the browser's results file.

import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { pageUrl } from '../web/src/query.mjs';
import * as peerRegistry from '../src/harness/peers.mjs';
import { planRun, requestedPeers } from '../src/harness/plan.mjs';
import { buildComparisonText } from '../src/harness/block-tables.mjs';
import { comparedBuildsHeader } from '../src/harness/results.mjs';
import { runBlocks } from './blocks.mjs';
import { BROWSERS, launchForRun, within } from './browsers.mjs';
import { watchErrors } from './chromium-driver.mjs';
import { log } from './log.mjs';
import { isolationOf, selectPeers } from './options.mjs';
import { RunError, machineInfo, writeAtomically } from './run-file.mjs';
import { isStartupRun, startupTable } from '../src/report/whole-cost.mjs';
import { STARTUP_PAGE } from '../web/src/startup-files.mjs';
import { warmStartupFiles } from './bench-web-startup.mjs';

// A run is many short page loads: a coarse poll would add up.
const POLL_MS = 250;

/** Each workload's runner (src/workloads/<name>/runner.mjs): its tables, failures and peers. */
export const importRunner = (workload) => import(`../src/workloads/${workload}/runner.mjs`);

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
 * Opens a page in browser context `context`, watching its errors, at `href`
 * with gc=0 under --no-gc: a GC the page makes itself (JavaScriptCore's
 * allocation pressure) is off too, as the browsers' flags are.
 */
async function gotoPage(context, href, options) {
  const page = await context.newPage();
  const pageErrors = watchErrors(page);
  const url = new URL(href);
  if (!options.gc) url.searchParams.set('gc', '0');
  await page.goto(url.href);
  return { page, pageErrors };
}

/** `promise`, or a RunError saying `failure` once the clock passes `deadline`. */
const beforeDeadline = (promise, deadline, failure) =>
  within(promise, deadline - Date.now(), () => new RunError(failure));

/** Waits, polling, until the page's state is `reached` (both drivers answer evaluate alike); past `deadline`, a RunError saying `failure`. */
async function waitForState(page, reached, deadline, failure) {
  const state = () => page.evaluate(() => document.body.dataset.state);
  while (!reached(await beforeDeadline(state(), deadline, failure))) {
    if (Date.now() > deadline) throw new RunError(failure);
    await sleep(POLL_MS);
  }
}

/** The page's status line. */
const statusOf = (page) => page.evaluate(() => document.getElementById('status').textContent);

// The page cannot see the CPU model, memory or host name; a browser
// bench:web launched runs on this machine, so the header gets them from
// here. A connected one may run anywhere: its header keeps the page's own.
function withHostFacts(machine) {
  const { cpuModel, memoryBytes, hostname } = machineInfo();
  return { ...machine, cpuModel, memoryBytes, hostname };
}

/**
 * Completes a browser's results document with what the host and the driver
 * know, writes it and checks it against the schema (a RunError if not),
 * then prints it: the workload's console tables, as npm run bench:node
 * prints them (src/workloads/<name>/runner.mjs), what the page could do in
 * this browser, the file and the page errors seen.
 */
function finishResults(name, { document, browser, runner, options, out, validate, errors }) {
  // A connected browser may run elsewhere: its machine is what the page saw.
  if (!browser.connected) document.run.machine = withHostFacts(document.run.machine);
  // The driver knows the full version where the page sees less (Firefox's
  // userAgent: 153.0), and a WebKit other than Safari's where the page sees
  // only AppleWebKit's frozen 605.1.15 (WebKitGTK: its own 2.50.6).
  const { rows, run } = document;
  const major = (text) => text.split('.')[0];
  const version =
    major(browser.version) === major(run.runtime.version) || BROWSERS[name].versionFromDriver
      ? browser.version
      : run.runtime.version;
  run.runtime = { ...run.runtime, version, driver: browser.driver, connected: browser.connected };
  writeAtomically(out, document);
  const check = validate(document);
  if (!check.valid) throw new RunError(`results in ${out} do not match the schema: ${check.text}`);

  process.stdout.write(
    `${browser.label} (${run.runtime.engine ?? 'engine unknown'} ${run.runtime.version})\n`,
  );
  // A start-up run's rows are start-up rows (src/report/whole-cost.mjs has their table).
  const tables = isStartupRun(document) ? startupTable(rows) : runner.render(rows, run, options);
  if (rows.length > 0) process.stdout.write(`${tables}\n`);
  if (run.build.compared) process.stdout.write(`${buildComparisonText(document)}\n`);
  logMeasuringFacts(name, browser, run, options);
  log(
    `wrote ${rows.length} rows (${runner.failedCount(rows)} failed${run.finished ? '' : ', unfinished'}) to ${path.relative(process.cwd(), out)}`,
  );
  for (const error of errors) log(`page error: ${error}`);
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

// The run options a block's page takes (wcbPage.runBlock), beside the job and the libraries.
const JOB_OPTIONS =
  'workload codecs strategies minMB maxMB perDecade datasets records minRepMs warmup repetitions'.split(' ');

const notMeasured = (failure) => ({ done: false, rows: [], output: [], failure });

/**
 * The run's plan in one browser (src/harness/plan.mjs, with this browser's fastest
 * sets and contenders), each block process a fresh browser context whose
 * page measures it (wcbPage.runBlock). Writes the results file as contexts
 * finish; returns how the run ended ('done' or 'interrupted'), the page
 * errors seen and the last status line.
 */
export async function runBlocksInBrowser(
  name,
  { options, plan, pageBase, validate, deadline, interrupted, buildInfo },
) {
  const out = options.outs[name];
  const runner = await importRunner(options.workload);
  // --peers as given (undefined: the plan's default libraries).
  const given = { ...options, peers: options.peersGiven ? options.peers : undefined, addon: false };
  let requested;
  try {
    requested = requestedPeers(runner, given, name);
  } catch (error) {
    throw new RunError(error.message);
  }
  const peers = selectPeers(requested, peerRegistry, 'browser', runner.takesPeer);
  const peerNames = peers.map((peer) => peer.name);
  const planned = planRun(runner, {
    options: given,
    place: name,
    rowPlace: 'browser',
    peers,
    registry: peerRegistry,
    buildInfo,
    plan,
  });
  log(planned.description);
  if (options.mode === 'startup')
    log(`start-up page: ${await warmStartupFiles(pageBase)} files served once before the first wave`);
  const browser = await openBrowser(name, options, pageBase);
  log(`${browser.label}: libraries ${peerNames.join(', ')}`);
  const errors = [];
  let header;
  let status = '';
  // The rows of data sets no page measures (a user's document that could not be read).
  const store = {
    rows: runner.planRows?.(plan, 'browser') ?? [],
    save: () => header && writeAtomically(out, documentOf()),
  };
  const documentOf = () => ({
    ...header,
    run: {
      ...header.run,
      // The page names its first build; the others of --build-dir A,B are the run's, as in bench:node.
      ...(options.builds.length > 0 && {
        build: { ...header.run.build, compared: comparedBuildsHeader(options.builds, options.workload) },
      }),
      protocol: {
        ...header.run.protocol,
        // A user's documents by name, size and checksum: their served URLs are this run's only.
        ...runner.protocolFields(options, {
          documents: (plan.documents ?? []).map(({ url: _, ...entry }) => entry),
        }),
        codecs: options.codecs,
        strategies: options.strategies,
        peers: peerNames,
        ...(options.compression && { compression: options.compression }),
        ...planned.header,
        isolation: isolationOf({ place: 'browser' }),
      },
    },
    rows: store.rows,
  });
  // A user's documents are fetched by the page from this run's server.
  const documentUrls = (plan.documents ?? []).filter((entry) => entry.url).map((entry) => entry.url);
  // One block process: a fresh browser context whose page measures the job.
  const runContext = async (job, { onRow }) => {
    if (interrupted() || Date.now() > deadline) return notMeasured('not measured: the run was stopped');
    // A context that cannot open (a WebDriver that died) fails this block's context alone.
    let context;
    try {
      context = await browser.newContext();
      // Launched with --enable-precise-memory-info; a connected browser's flags are unknown.
      const query = { workload: options.workload, preciseMemory: !browser.connected, documentUrls };
      // A start-up process loads its one path on a page that holds none (docs/startup-memory.md#browsers).
      const base = options.mode === 'startup' ? new URL(STARTUP_PAGE, pageBase).href : pageBase;
      const { page, pageErrors } = await gotoPage(context, pageUrl(base, query), options);
      await waitForState(
        page,
        (state) => state === 'idle',
        deadline,
        'the page did not start before the deadline',
      );
      // A browser that stops answering under a block is bounded by the run's --timeout too.
      const text = await beforeDeadline(
        page.evaluate((block) => globalThis.wcbPage.runBlock(block), {
          ...job,
          ...Object.fromEntries(JOB_OPTIONS.map((key) => [key, options[key]])),
          peers: peerNames,
          protocol: planned.header,
        }),
        deadline,
        `the block passed the run's --timeout ${options.timeoutSeconds} s`,
      );
      status = await statusOf(page);
      errors.push(...pageErrors.map((error) => `${job.batch}: ${error}`));
      const document = JSON.parse(text);
      header ??= document;
      for (const row of document.rows) onRow(row);
      return { done: true, rows: document.rows, output: [] };
    } catch (error) {
      return notMeasured(`browser context failed: ${error.message.split('\n')[0]}`);
    } finally {
      await context?.close();
    }
  };
  try {
    const history = await runBlocks(planned.blocks, {
      options: { ...options, ...planned.schedule, childNodeOptions: [] },
      store,
      runChildProcess: runContext,
      onStart: () => {},
      decided: planned.decided,
    });
    if (!header) throw new RunError(`no browser context of ${browser.label} gave results (${status})`);
    const document = documentOf();
    document.run.blocks = history;
    document.run.finished = !interrupted();
    finishResults(name, { document, browser, runner, options, out, validate, errors });
    return { end: interrupted() ? 'interrupted' : 'done', errors, status };
  } finally {
    await browser.close();
  }
}
