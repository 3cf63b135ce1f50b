// Facts about the browser the page runs in, for the results header and the
// page's own "ran with" line.

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
  for (const [brand, name] of BRAND_NAMES) {
    const entry = brands.find((candidate) => candidate.brand === brand);
    if (entry) return { name, version: entry.version, userAgent };
  }
  return { ...fromAgent, userAgent };
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
    // Only when Chromium runs with --js-flags=--expose-gc (npm run bench:web does).
    gc: typeof globalThis.gc === 'function' ? () => globalThis.gc() : undefined,
    jsHeapUsed: preciseMemory && performance.memory ? () => performance.memory.usedJSHeapSize : undefined,
  };
}
