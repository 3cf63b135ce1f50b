// bench:web's block protocol (docs/design.md#blocks): node/blocks.mjs
// schedules the blocks as it does bench:node's child processes, each block
// process here a fresh browser context whose page measures it.

import { pageUrl } from '../web/src/query.mjs';
import * as peerRegistry from '../src/harness/peers.mjs';
import { blockDecided, blockVerdicts, verdictOptionsOf } from '../src/harness/block-verdicts.mjs';
import { EQUIVALENCE, LEVEL } from '../src/harness/paired.mjs';
import {
  finishResults,
  gotoPage,
  importRunner,
  log,
  openBrowser,
  statusOf,
  waitForState,
  writeAtomically,
} from './bench-web-browser.mjs';
import { runBlocks } from './blocks.mjs';
import { isolationOf, selectPeers } from './options.mjs';
import { RunError } from './run-file.mjs';

// The run options a block's page takes (wcbPage.runBlock), beside the job and the libraries.
const JOB_OPTIONS =
  'workload codecs strategies minMB maxMB perDecade datasets records minRepMs warmup repetitions'.split(' ');

const notMeasured = (failure) => ({ done: false, rows: [], output: [], failure });

/**
 * The block protocol in one browser: the workload's blocks (its runner's
 * blockKinds, with this browser's fastest sets), each block in a fresh
 * browser context per wave, the page measuring the block
 * (wcbPage.runBlock). Writes the results file as contexts finish; returns
 * how the run ended, as runInBrowser (bench-web-sweep.mjs) does.
 */
export async function runBlocksInBrowser(
  name,
  { options, protocol, pageBase, validate, deadline, interrupted, buildInfo },
) {
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
  const peerNames = peers.map((peer) => peer.name);
  const sets = runner.fastestSets(name, peers, { peers: options.peersGiven ? options.peers : undefined });
  // The C++ paths of this browser's blocks: its committed contenders, unless named.
  const contenders = runner.contenders(name, options);
  const plan = protocol.blockPlan(options);
  const blockOptions = { ...options, addon: false, contenders };
  const kinds = runner.blockKinds(blockOptions, peers, peerRegistry, buildInfo, plan, sets);
  const browser = await openBrowser(name, options, pageBase);
  log(`${browser.label}: libraries ${peerNames.join(', ')}`);
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
        peers: peerNames,
        ...(options.compression && { compression: options.compression }),
        blocks: {
          looks: options.looks,
          budgetSeconds: options.budgetSeconds,
          level: LEVEL,
          equivalence: [EQUIVALENCE.low, EQUIVALENCE.high],
          fastest: sets,
          ...(contenders && { contenders }),
        },
        isolation: isolationOf({ place: 'browser', protocol: 'per-payload', blocks: true }),
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
    const verdictOptions = { sets, ...verdictOptionsOf(options.workload) };
    const history = await runBlocks(kinds, {
      options: { ...options, childNodeOptions: [] },
      store,
      runChildProcess: runContext,
      onStart: () => {},
      decided: (rows, key) => blockDecided(blockVerdicts(rows, verdictOptions), key),
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
