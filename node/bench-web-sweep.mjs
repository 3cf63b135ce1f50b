// bench:web's sweep protocol: each path (codec x strategy, each JS library)
// runs at each size or record in a fresh browser context, where the page
// measures the JSON baseline and then the path: every figure starts from
// the same state whatever else the run measures, and every xJSON ratio is a
// same-context one, as Node's are same-process. The pages' results are
// merged into one results file per browser.

import { workloadInfo } from '../src/catalog.mjs';
import { pageUrl } from '../web/src/query.mjs';
import {
  finishResults,
  gotoPage,
  importRunner,
  log,
  openBrowser,
  pollPause,
  statusOf,
  waitForState,
} from './bench-web-browser.mjs';
import { isolationOf } from './options.mjs';
import { RunError } from './run-file.mjs';

// How long the page may take to stop after Stop.
const STOP_MS = 600_000;

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
      await waitForState(
        page,
        (now) => now !== 'running',
        Date.now() + STOP_MS,
        `the page did not stop within ${STOP_MS / 1000} s`,
      );
      return interrupted() ? 'interrupted' : 'timeout';
    }
    await pollPause();
  }
}

/**
 * Runs every context of the run in one browser (src/engines.mjs
 * BROWSER_NAMES) and writes its results file; returns how the run ended:
 * 'done', 'interrupted', 'timeout' or 'error', and the page errors seen.
 * Throws a RunError when a page gave no results or the file is not valid.
 */
export async function runInBrowser(name, { options, protocol, pageBase, validate, deadline, interrupted }) {
  const out = options.outs[name];
  const browser = await openBrowser(name, options, pageBase);
  try {
    const contexts = contextsOf(options, protocol);
    const results = [];
    const errors = [];
    let end = 'done';
    let status;
    for (const [index, context] of contexts.entries()) {
      const { label, ...lists } = context.path;
      log(
        `${browser.label} context ${index + 1} of ${contexts.length}: ${label} at ${context.unit.label} (new browser context)`,
      );
      const browserContext = await browser.newContext();
      try {
        const query = {
          ...options,
          ...lists,
          ...context.unit.query,
          autorun: true,
          // Launched with --enable-precise-memory-info; a connected browser's flags are unknown.
          preciseMemory: !browser.connected,
          // The path's 2nd, 4th... unit measures the path before JSON: the order alternates, as in the page.
          jsonSecond: context.position % 2 === 1,
        };
        const { page, pageErrors } = await gotoPage(browserContext, pageUrl(pageBase, query), options);
        end = await followRun(page, { deadline, interrupted });
        status = await statusOf(page);
        // As text: both drivers carry a string whole, whatever the depth of the rows.
        const text = await page.evaluate(() => {
          const results = globalThis.wcbPage?.results();
          return results ? JSON.stringify(results) : null;
        });
        errors.push(...pageErrors.map((error) => `${label} at ${context.unit.label}: ${error}`));
        if (!text)
          throw new RunError(`the page of ${label} produced no results in ${browser.label} (${status})`);
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
    finishResults(name, { document, browser, runner, options, out, validate, errors });
    return { end, errors, status };
  } finally {
    await browser.close();
  }
}
