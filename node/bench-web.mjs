// npm run bench:web: the browser page (web/index.html) run headless in
// Chromium (V8, playwright-core), Firefox ESR (SpiderMonkey, puppeteer-core
// over WebDriver BiDi) and/or WebKitGTK (JavaScriptCore, WebKitWebDriver
// over classic WebDriver on a virtual display; node/browsers.mjs), served
// by scripts/serve.mjs so it is cross-origin isolated (a finer
// performance.now()), a GC forced before every timed operation (allocation
// pressure in JavaScriptCore, which has none for pages), the run's plan of
// blocks run by bench-web-blocks.mjs. One results file per browser next to the Node
// results (results/browser-<date>.json, results/browser-firefox-<date>.json).
// With --connect it drives a browser already running (elsewhere, or started
// by hand) and serves the page on --host for it (docs/devices.md).

import path from 'node:path';
import { buildComparedPage } from '../scripts/build-compared-page.mjs';
import { PAGE_BUNDLE, buildWeb, readWasmBuild } from '../scripts/build-web.mjs';
import { servedFileUrl, startServer } from '../scripts/serve.mjs';
import { WORKLOAD_NAMES } from '../src/catalog.mjs';
import { blockPlanOf } from '../src/harness/plan.mjs';
import { createResultsValidator } from '../src/harness/validate.mjs';
import { registerWorkloadFolders, resultsSchema } from '../src/workload-folders.mjs';
import { importRunner, runBlocksInBrowser } from './bench-web-blocks.mjs';
import { buildDirsOfArgv, helpText, parseOptions } from './bench-web-options.mjs';
import { comparedBuilds } from './compared-builds.mjs';
import { BROWSERS } from './browsers.mjs';
import { displayPath, log } from './log.mjs';
import { UsageError } from './options.mjs';
import { RunError, runCommand } from './run-file.mjs';
import { readRunDocuments } from '../src/workloads/documents/user-option.mjs';

/**
 * The user's documents of the run (--documents), read once
 * (node/documents-option.mjs readRunDocuments): each readable one with the
 * `url` its page fetches it from (web/src/query.mjs DOCUMENTS_PARAM), served
 * by the run's server (`files`); one that could not be read has no block.
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

/** A compared build's info (--build-dir A,B), its modules checked as the page's build's are. */
function readComparedInfo(dir) {
  try {
    return readWasmBuild(dir).info;
  } catch (error) {
    throw new RunError(error.message);
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
    wasmBuild = readWasmBuild(buildDirsOfArgv(argv).buildDir);
  } catch (error) {
    if (error instanceof UsageError) throw error;
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
  // The builds after the first of --build-dir A,B, whose wasm paths the blocks measure beside the first's.
  const builds = comparedBuilds(
    parsed,
    wasmBuild.info,
    readComparedInfo,
    parsed.mode === 'startup' ? '--startup' : undefined,
  );
  const options = { ...parsed, documents: served.documents, builds };
  // The block plan (src/harness/plan.mjs), made before the page is built: a bad range is a bad option.
  const plan = blockPlanOf(await importRunner(options.workload), options);
  const validate = createResultsValidator(await resultsSchema());
  // An A/B's page is a page of its own (scripts/build-compared-page.mjs): the default one stays as it is.
  const { built, root } =
    builds.length > 0
      ? await buildComparedPage({ wasmDir: options.buildDir, builds })
      : await buildWeb({ quiet: true, wasmDir: options.buildDir });
  const bundle = displayPath(root ? path.join(root, 'dist', 'page.js') : PAGE_BUNDLE);
  log(built ? `built the page bundle (${bundle})` : `page bundle ${bundle} is up to date`);

  const server = await startServer({ root, host: options.host, port: options.port, files: served.files });
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
    log(`in ${options.browsers.join(' then ')}: a fresh browser context per block process`);
    // One limit for the whole run, every browser included.
    const deadline = Date.now() + options.timeoutSeconds * 1000;
    // Each browser runs even when another failed; the failures are reported together at the end.
    const failures = [];
    for (const name of options.browsers) {
      const label = BROWSERS[name].label;
      let outcome;
      try {
        const context = { options, plan, pageBase, validate, deadline, interrupted: () => interrupted };
        outcome = await runBlocksInBrowser(name, { ...context, buildInfo: wasmBuild.info });
      } catch (error) {
        if (!(error instanceof RunError)) throw error;
        failures.push(`${label}: ${error.message}`);
        log(failures.at(-1));
        continue;
      }
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

runCommand('bench:web', main);
