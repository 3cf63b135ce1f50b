// bench:web's runs (docs/design.md#blocks): the plan (src/harness/plan.mjs) run by
// node/blocks.mjs as bench:node's, each block process here a fresh browser
// context whose page measures it.

import { pageUrl } from '../web/src/query.mjs';
import * as peerRegistry from '../src/harness/peers.mjs';
import { planRun, requestedPeers } from '../src/harness/plan.mjs';
import {
  finishResults,
  gotoPage,
  importRunner,
  openBrowser,
  statusOf,
  waitForState,
} from './bench-web-browser.mjs';
import { runBlocks } from './blocks.mjs';
import { log } from './log.mjs';
import { isolationOf, selectPeers } from './options.mjs';
import { RunError, writeAtomically } from './run-file.mjs';

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
  { options, protocol, pageBase, validate, deadline, interrupted, buildInfo },
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
  const plan = protocol.blockPlan(options);
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
      protocol: {
        ...header.run.protocol,
        ...protocol.header(options),
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
      const { page, pageErrors } = await gotoPage(context, pageUrl(pageBase, query), options);
      await waitForState(
        page,
        (state) => state === 'idle',
        deadline,
        'the page did not start before the deadline',
      );
      const text = await page.evaluate((block) => globalThis.wcbPage.runBlock(block), {
        ...job,
        ...Object.fromEntries(JOB_OPTIONS.map((key) => [key, options[key]])),
        peers: peerNames,
        protocol: planned.header,
      });
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
