// Facts about the browser the page runs in, for the results header and the
// page's own "ran with" line.

import { engineOf, registerPlaces } from '../../src/engines.mjs';
import { measureTimerResolution } from '../../src/harness/results.mjs';

const BRAND_NAMES = [
  ['Microsoft Edge', 'edge'],
  ['Google Chrome', 'chrome'],
  ['Opera', 'opera'],
  ['Chromium', 'chromium'],
];

/** { name, version } from the userAgent string, for browsers without userAgentData. */
function runtimeFromUserAgent(userAgent) {
  const patterns = [
    [/Edg\/([\d.]+)/, 'edge'],
    [/Firefox\/([\d.]+)/, 'firefox'],
    [/(?:HeadlessChrome|Chrome|Chromium)\/([\d.]+)/, 'chromium'],
    // A WebKit off Apple's systems (WebKitGTK's MiniBrowser, GNOME Web) is no
    // Safari, whose Version/ it carries: AppleWebKit's frozen version is the
    // one it has (bench:web records WebKitGTK's own from its driver).
    [/^(?!.*(?:Macintosh|iPhone|iPad|iPod)).*AppleWebKit\/([\d.]+)/, 'webkit'],
    [/Version\/([\d.]+).*Safari/, 'safari'],
  ];
  for (const [pattern, name] of patterns) {
    const match = pattern.exec(userAgent);
    if (match) return { name, version: match[1] };
  }
  return { name: 'unknown', version: 'unknown' };
}

// Chromium hides its full version and the CPU architecture behind this
// promise; other browsers have no userAgentData at all.
async function highEntropyValues() {
  try {
    return (
      (await navigator.userAgentData?.getHighEntropyValues?.([
        'architecture',
        'bitness',
        'fullVersionList',
      ])) ?? {}
    );
  } catch {
    return {};
  }
}

function browserRuntime(userAgent, hints) {
  const fromAgent = runtimeFromUserAgent(userAgent);
  const brands = hints.fullVersionList ?? [];
  let runtime = { ...fromAgent, userAgent };
  for (const [brand, name] of BRAND_NAMES) {
    const entry = brands.find((candidate) => candidate.brand === brand);
    if (entry) {
      runtime = { name, version: entry.version, userAgent };
      break;
    }
  }
  return runtime;
}

/**
 * The declaration of the place this browser is (src/places/<name>.mjs; the
 * bundle holds each), registered for its label and engine; undefined for a
 * browser no place declares (Chrome, Edge, Safari...).
 */
async function placeOf(name) {
  try {
    const place = (await import(`../../src/places/${name}.mjs`)).default;
    registerPlaces([place]);
    return place;
  } catch {
    return undefined;
  }
}

/** How the page forces a GC (run.protocol.gcMethod), by what the browser exposes. */
export const GC_METHODS = Object.freeze({
  windowGc: 'window.gc',
  testUtils: 'TestUtils.gc',
  pressure: 'allocation pressure',
});

// JavaScriptCore gives pages no GC to call (no gc(), no TestUtils; $vm.gc()
// needs a restricted option a release build refuses). About 32 MB of
// short-lived objects before each timed operation make its own collector
// run there rather than inside the operation: measured over fresh sessions,
// the spread of the medians fell from 12-49% (CV) to 2-12%
// (docs/decisions/browsers.md#webkit-gc). A ring keeps the objects from being
// optimized away without keeping more than a few alive.
const PRESSURE_OBJECTS = 500_000;
const pressureRing = new Array(1024);
function allocationPressure() {
  for (let index = 0; index < PRESSURE_OBJECTS; index++)
    pressureRing[index & 1023] = { index, pair: [index, index] };
}

/**
 * A GC before each timed operation, or undefined when the browser offers
 * none: { gc, gcMethod }. V8 started with --js-flags=--expose-gc has a
 * synchronous window.gc. Firefox exposes no gc() to pages; with the pref
 * dom.testing.testutils.enabled it has TestUtils.gc(), whose full
 * non-incremental GC and cycle collection run as a task of their own,
 * after the current one. The harness calls gc() just before a timed
 * operation and yields to the browser before the next one, so that GC runs
 * in the yield, before the next operation: each timed operation then
 * starts after a full GC of what the previous one left (checked: the GC has
 * run and its promise resolved by the page's next MessageChannel yield). At
 * most one is queued: the warm-up's calls come in one task. JavaScriptCore
 * (WebKit, Safari) has neither: allocation pressure instead, no full GC.
 * The query's gc=0 (bench:web --no-gc) turns any of them off.
 */
function forcedGc(engine) {
  // bench:web --no-gc: none at all, whatever the browser has.
  if (new URLSearchParams(globalThis.location?.search ?? '').get('gc') === '0') return undefined;
  if (typeof globalThis.gc === 'function')
    return { gc: () => globalThis.gc(), gcMethod: GC_METHODS.windowGc };
  const testUtils = globalThis.TestUtils;
  if (typeof testUtils?.gc !== 'function')
    return engine === 'JavaScriptCore'
      ? { gc: allocationPressure, gcMethod: GC_METHODS.pressure }
      : undefined;
  let queued = false;
  const gc = () => {
    if (queued) return;
    queued = true;
    testUtils.gc().then(() => {
      queued = false;
    });
  };
  return { gc, gcMethod: GC_METHODS.testUtils };
}

function machineFacts(hints) {
  // navigator.platform is e.g. "Linux x86_64" or "Win32"; the hints are better when present.
  const platform = navigator.userAgentData?.platform || navigator.platform || 'unknown';
  const [os, archFromPlatform] = platform.split(' ');
  let arch = archFromPlatform ?? 'unknown';
  if (hints.architecture)
    arch = hints.architecture === 'x86' && hints.bitness === '64' ? 'x86_64' : hints.architecture;
  return { os: os.toLowerCase(), arch, cpus: Math.max(1, navigator.hardwareConcurrency || 1) };
}

/**
 * Everything the page reports about where it runs. `preciseMemory`: the
 * browser was started with --enable-precise-memory-info; without it
 * Chromium's performance.memory is bucketed and cached, so the page does not
 * report JS heap growth at all.
 */
export async function browserFacts({ preciseMemory = false } = {}) {
  const hints = await highEntropyValues();
  const named = browserRuntime(navigator.userAgent, hints);
  const place = await placeOf(named.name);
  const engine = engineOf(named);
  const runtime = engine ? { ...named, engine } : named;
  return {
    place,
    machine: machineFacts(hints),
    runtime,
    crossOriginIsolated: globalThis.crossOriginIsolated === true,
    timerResolutionMs: measureTimerResolution(),
    // Only when Chromium runs with --js-flags=--expose-gc, or Firefox with
    // dom.testing.testutils.enabled (npm run bench:web starts them so); in
    // JavaScriptCore, allocation pressure.
    ...(forcedGc(runtime.engine) ?? { gc: undefined }),
    jsHeapUsed: preciseMemory && performance.memory ? () => performance.memory.usedJSHeapSize : undefined,
  };
}
