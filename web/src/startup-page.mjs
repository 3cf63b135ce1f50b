// The start-up page (web/startup.html; docs/startup-memory.md#browsers): one
// process of bench:web --startup, a fresh browser context that loads one
// path from nothing and measures it as the workload's page measures a block
// of one member, while this file watches what a page pays to its first
// result: the bytes it fetches, the engine's compile and instantiate of each
// wasm module (WebAssembly.compileStreaming on the served .wasm, timed where
// it happens by src/harness/startup.mjs probeWebAssembly), a library's
// script loaded, parsed and evaluated, the first and warm calls and the
// memory kept. It is bench:node's node/startup-child.mjs for a browser.
//
// Its bundle (web/dist/startup.js, scripts/startup-page-build.mjs) holds the
// harness and the workloads' page modules but no library and no wasm: each
// comes from a file of its own when the path loads.

import { buildInfo, messagesProtoText, protoText, resultsSchema } from 'wcb:bundled';
import { isJsonText, modulesOf, workloadInfo } from '../../src/catalog.mjs';
import { verdictOptionsFor } from '../../src/harness/block-verdicts.mjs';
import { leanModuleOf } from '../../src/harness/lean-codec.mjs';
import { resultsDocument } from '../../src/harness/results.mjs';
import { probeWebAssembly, startupRow } from '../../src/harness/startup.mjs';
import { browserFacts } from './browser-info.mjs';
import { pageRunHeader } from './run-header.mjs';
import { STARTUP_WASM_FOLDER, glueGlobal, servedWasmFile } from './startup-files.mjs';
import { loadWorkloads } from './workloads.mjs';

// Before anything compiles a module.
const wasm = probeWebAssembly();
const now = () => performance.now();

// Resolved against the bundle's own URL while it runs (currentScript is then set).
const base = document.currentScript?.src ?? location.href;
const wasmUrl = (file) => new URL(`${STARTUP_WASM_FOLDER}/${servedWasmFile(file)}`, base).href;

// How long performance.measureUserAgentSpecificMemory() may take: with
// --enable-blink-features=ForceEagerMeasureMemory (bench:web's Chromium) it
// answers at once; without, at the engine's next measurement, up to 20 s.
const PAGE_MEMORY_TIMEOUT_MS = 30_000;

const setState = (name) => {
  document.body.dataset.state = name;
};
const setStatus = (text) => {
  document.getElementById('status').textContent = text;
};

/** Adds the classic script at `url` and resolves when it has run. */
function addScript(url) {
  return new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = url;
    script.onload = resolve;
    script.onerror = () => reject(new Error(`${url} did not load: rebuild with npm run build:web`));
    document.head.append(script);
  });
}

/**
 * The modules of `workload` as the workload's page loads them
 * (web/src/runtime.mjs instantiateCodec), each from the served files: the
 * Emscripten glue is a script added when the module is made, and fetches
 * and compiles its .wasm itself (instantiateStreaming, split by the probe
 * into compileStreaming and instantiate); a lean module's .wasm is
 * fetched, only when the path runs on it, and compiled as it streams in
 * (src/harness/lean-loader.mjs).
 */
function servedModules(workload) {
  return modulesOf(buildInfo)
    .filter((module) => module.workload === workload)
    .map(({ codec, glue }) => {
      const lean = leanModuleOf(buildInfo, codec, workload);
      const factory = async (options) => {
        await addScript(wasmUrl(glue));
        const made = globalThis[glueGlobal(glue)];
        if (typeof made !== 'function') throw new Error(`${codec}: ${glue} defined no module factory`);
        return made(options);
      };
      // A thenable: the fetch starts only when the lean loader awaits it.
      const leanWasmBinary = lean && {
        then: (resolve, reject) => fetch(wasmUrl(lean.wasm)).then(resolve, reject),
      };
      return {
        codec,
        workload,
        jsonText: isJsonText(buildInfo, codec),
        load: async () => ({ factory, wasmBinary: undefined, leanWasmBinary: leanWasmBinary ?? null }),
      };
    });
}

/**
 * What the page fetched from `start` to `end` (ms of performance.now), by
 * Resource Timing: { wasmBytes, scriptBytes } as the engine decoded them and
 * transferBytes as they came (compressed by scripts/serve.mjs); a figure the
 * engine does not give (0: not reported) is left out.
 */
function fetchedBetween(start, end) {
  const entries = performance
    .getEntriesByType('resource')
    .filter((entry) => entry.startTime >= start && entry.startTime <= end);
  const sum = (list, field) => list.reduce((total, entry) => total + (entry[field] ?? 0), 0);
  const isWasm = (entry) => new URL(entry.name).pathname.endsWith('.wasm');
  const figures = {
    wasmBytes: sum(entries.filter(isWasm), 'decodedBodySize'),
    scriptBytes: sum(
      entries.filter((entry) => !isWasm(entry) && entry.initiatorType === 'script'),
      'decodedBodySize',
    ),
    transferBytes: sum(entries, 'encodedBodySize'),
  };
  return Object.fromEntries(Object.entries(figures).filter(([, bytes]) => bytes > 0));
}

/**
 * The page's memory by performance.measureUserAgentSpecificMemory(), in
 * bytes, where the engine offers it (Chromium, cross-origin isolated);
 * undefined elsewhere, or when it does not answer in time.
 */
async function pageMemoryBytes() {
  if (!globalThis.crossOriginIsolated || typeof performance.measureUserAgentSpecificMemory !== 'function')
    return undefined;
  let timer;
  const late = new Promise((resolve) => {
    timer = setTimeout(resolve, PAGE_MEMORY_TIMEOUT_MS);
  });
  try {
    const measured = await Promise.race([performance.measureUserAgentSpecificMemory(), late]);
    return measured?.bytes;
  } catch {
    return undefined;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The start-up row of `row` with the browser's own figures: the bytes
 * fetched (the served .wasm's size replaces the probe's Content-Length,
 * which counts compressed bytes) and the page's memory.
 */
function withBrowserFigures(row, fetched, userAgentBytes) {
  if (row.status !== 'ok') return row;
  const { wasmBytes, ...files } = fetched;
  const startup = { ...row.startup, ...files };
  if ('wasmBytes' in startup) {
    if (wasmBytes === undefined) delete startup.wasmBytes;
    else startup.wasmBytes = wasmBytes;
  }
  const memory = { ...row.memory, ...(userAgentBytes !== undefined && { userAgentBytes }) };
  return { ...row, startup, memory };
}

async function start() {
  const params = new URLSearchParams(location.search);
  const [workloads, facts] = await Promise.all([
    loadWorkloads(buildInfo, resultsSchema),
    browserFacts({ preciseMemory: params.get('preciseMemory') === '1' }),
  ]);

  /**
   * One start-up process (bench:web's context): the block `job` of one
   * member, measured by the workload's page with this file watching;
   * resolves to the results document (start-up rows) as JSON text.
   */
  async function runBlock({ protocol, ...job }) {
    const page = workloads.pages.get(job.workload);
    if (!page?.runBlock)
      throw new Error(`the start-up page has no block protocol for the ${job.workload} workload`);
    setState('running');
    // The member's load starts when the block is told of it and ends at its
    // first call; the GCs the protocol runs before that call are not the load's.
    const watch = {
      loadStart: undefined,
      loadMs: undefined,
      loadEnd: undefined,
      gcMs: 0,
      gcAtStart: 0,
      firstCall: {},
    };
    const gc =
      facts.gc &&
      (() => {
        const started = now();
        facts.gc();
        watch.gcMs += now() - started;
      });
    const rows = await page.runBlock({
      ...job,
      modules: servedModules(job.workload),
      protoText,
      messagesProtoText,
      facts: { ...facts, gc },
      signal: new AbortController().signal,
      watch: {
        onMember: () => {
          if (watch.loadStart !== undefined) return;
          watch.loadStart = now();
          watch.gcAtStart = watch.gcMs;
        },
        onFirstCall: (operation, started, ms) => {
          watch.firstCall[operation] ??= ms;
          if (operation === 'encode' && watch.loadMs === undefined && watch.loadStart !== undefined) {
            watch.loadEnd = started;
            watch.loadMs = started - watch.loadStart - (watch.gcMs - watch.gcAtStart);
          }
        },
      },
    });
    const fetched =
      watch.loadStart === undefined ? {} : fetchedBetween(watch.loadStart, watch.loadEnd ?? now());
    const userAgentBytes = await pageMemoryBytes();
    const unit = job.block.slice(0, job.block.length - job.batch.length - 1);
    const measured = { unit, loadMs: watch.loadMs ?? 0, wasm, firstCall: watch.firstCall };
    const options = verdictOptionsFor(workloadInfo(job.workload));
    const run = pageRunHeader(job, page, facts);
    Object.assign(run.protocol, protocol);
    run.finished = true;
    const startupRows = rows.map((row) =>
      withBrowserFigures(startupRow(row, measured, options), fetched, userAgentBytes),
    );
    const failed = startupRows.filter((row) => row.status !== 'ok').length;
    setStatus(`Done: ${startupRows.length} start-up rows${failed ? `, ${failed} failed` : ''}.`);
    setState('done');
    return JSON.stringify(resultsDocument(run, startupRows));
  }

  globalThis.wcbPage = { runBlock };
  setStatus('Ready: bench:web --startup hands this page one path.');
  setState('idle');
}

start().catch((error) => {
  setState('error');
  setStatus(`The start-up page failed to start: ${error?.message ?? error}`);
  console.error(error);
});
