// What every workload's run in the page shares: the place name, the pure-JS
// peers that run in a browser, a fresh wasm instance per path (the page's
// stand-in for the Node runner's fresh process) and yielding to the browser
// between operations.

import { peersFor } from '../../src/harness/peers.mjs';
import { createLeanCodec, servesLean } from '../../src/harness/lean-codec.mjs';
import { createWasmCodec } from '../../src/harness/wasm-codec.mjs';

export const PLACE = 'browser';

/** The peers this page can run, in registry order. */
export const PAGE_PEERS = peersFor(PLACE);

const channel = new MessageChannel();
const waiting = [];
channel.port1.onmessage = () => waiting.shift()?.();

/**
 * Resolves on a fresh task, so the browser can paint and handle input (the
 * Stop button) between operations. A message is not throttled the way
 * nested setTimeout(0) is.
 */
export function yieldToBrowser() {
  return new Promise((resolve) => {
    waiting.push(resolve);
    channel.port2.postMessage(null);
  });
}

/**
 * The module of block member `spec` among the page's `modules` (its
 * workload's): a member of a compared build (bench:web --build-dir A,B)
 * names that build, and the bundle carries both builds' modules of a codec,
 * so the build picks the module as much as the codec does.
 */
export function memberModule(modules, spec) {
  const build = spec.subject?.build;
  const module = modules.find((candidate) => candidate.codec === spec.codec && candidate.build === build);
  if (!module) throw new Error(`${spec.codec}${build ? ` [${build}]` : ''}: not in this page's wasm build`);
  return module;
}

/**
 * A fresh instance of one codec's wasm module (an entry of the bundle's
 * modules, whose load() gives its glue and bytes: an asset, assets.mjs).
 * Given a `strategy` the lean module serves (typed, columnar), its lean
 * module when the build has one (src/harness/lean-codec.mjs); with
 * `compress`, its lean module with the compression stage (zlib in the
 * module: docs/design.md#compression), an asset of its own.
 */
export async function instantiateCodec(module, strategy, { compress = false } = {}) {
  if (compress && module.loadZlib && servesLean(strategy)) return createLeanCodec(await module.loadZlib());
  const { factory, wasmBinary, leanWasmBinary } = await module.load();
  if (strategy !== undefined && leanWasmBinary && servesLean(strategy))
    return createLeanCodec(leanWasmBinary);
  return createWasmCodec(factory, { wasmBinary });
}

/**
 * A block's environment in a page (src/harness/payload-measure.mjs): the
 * forced GC and JS heap of `facts` (browser-info.mjs), yielding between
 * operations, the run's `signal`, and a start-up page's `watch` of the
 * first calls (web/src/startup-page.mjs).
 */
export const pageEnvironment = (facts, signal, watch = {}) => ({
  gc: facts.gc,
  jsHeapUsed: facts.jsHeapUsed,
  pause: yieldToBrowser,
  signal,
  onFirstCall: watch.onFirstCall,
});
