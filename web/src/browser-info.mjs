// Facts about the browser the page runs in, for the results header and the
// page's own "ran with" line.

import { engineOf } from '../../src/engines.mjs';
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
  const engine = engineOf(runtime);
  return engine ? { ...runtime, engine } : runtime;
}

/** How the page forces a GC (run.protocol.gcMethod), by what the browser exposes. */
export const GC_METHODS = Object.freeze({ windowGc: 'window.gc', testUtils: 'TestUtils.gc' });

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
 * most one is queued: the warm-up's calls come in one task.
 */
function forcedGc() {
  if (typeof globalThis.gc === 'function')
    return { gc: () => globalThis.gc(), gcMethod: GC_METHODS.windowGc };
  const testUtils = globalThis.TestUtils;
  if (typeof testUtils?.gc !== 'function') return undefined;
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
  return {
    machine: machineFacts(hints),
    runtime: browserRuntime(navigator.userAgent, hints),
    crossOriginIsolated: globalThis.crossOriginIsolated === true,
    timerResolutionMs: measureTimerResolution(),
    // Only when Chromium runs with --js-flags=--expose-gc, or Firefox with
    // dom.testing.testutils.enabled (npm run bench:web starts them so).
    ...(forcedGc() ?? { gc: undefined }),
    jsHeapUsed: preciseMemory && performance.memory ? () => performance.memory.usedJSHeapSize : undefined,
  };
}
