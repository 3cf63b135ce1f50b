// The page's facts list: browser, clock, GC, machine and the wasm build.

import { formatBytes, formatMs } from '../../src/harness/format.mjs';
import { buildWorkloads, modulesOf } from '../../src/catalog.mjs';
import { streamFormats } from '../../src/harness/compressors.mjs';
import { GC_METHODS } from './browser-info.mjs';

// One line; the results file keeps the full flags. The toolchain's clang
// too, since two builds of one page (bench:web --build-dir A,B) differ by
// it. Module sizes: those of the build's first workload.
function buildSummary(info) {
  if (!info) return 'no build info';
  const version = /\d+\.\d+\.\d+/.exec(info.emscripten ?? '')?.[0] ?? 'unknown';
  const clang = info.toolchain?.clang ? ` (clang ${info.toolchain.clang})` : '';
  const [first] = buildWorkloads(info);
  const modules = modulesOf(info)
    .filter((module) => first === module.workload)
    .map(({ codec, wasmBytes }) => `${codec} ${formatBytes(wasmBytes)}`);
  return [
    `Emscripten ${version}${clang}`,
    info.compileFlags ?? info.flags,
    info.exceptions && `C++ exceptions: ${info.exceptions}`,
    modules.length > 0 && `.wasm: ${modules.join(', ')}`,
  ]
    .filter(Boolean)
    .join('; ');
}

// What the page can do about the GC, and how to give it a way when it has none.
function gcText(facts) {
  if (facts.gcMethod === GC_METHODS.windowGc) return 'yes (window.gc)';
  if (facts.gcMethod === GC_METHODS.testUtils)
    return 'yes (TestUtils.gc: runs in the yield before each timed operation)';
  if (facts.gcMethod === GC_METHODS.pressure)
    return 'allocation pressure (~32 MB of short-lived objects: JavaScriptCore exposes no GC to pages)';
  // Its place's declaration says how to give it one (src/places/<name>.mjs gc.missing).
  return `no (${facts.place?.gc.missing ?? 'this browser exposes no GC to the page'})`;
}

// Why the clock is coarse: served over plain http at an address other than
// localhost (a phone on the LAN), the page is no secure context, and the
// browser ignores the server's COOP/COEP headers.
function isolationText(facts) {
  if (facts.crossOriginIsolated) return 'yes';
  if (location.protocol === 'http:' && !globalThis.isSecureContext)
    return 'no (not a secure context: plain http at an address other than localhost; coarse clock)';
  return 'no (serve with npm run serve for a fine clock)';
}

/**
 * Fills the facts list `list` from browserFacts() and the build info, with a
 * line per build compared with it (`comparedBuilds`: [{ tag, info }], the
 * bundle's of bench:web --build-dir A,B).
 */
export function showEnvironment(list, facts, info, comparedBuilds = []) {
  const facts_ = [
    ['Browser', `${facts.runtime.name} ${facts.runtime.version}`],
    ['Engine', facts.runtime.engine ?? 'unknown'],
    ['Cross-origin isolated', isolationText(facts)],
    ['Timer resolution', `${formatMs(facts.timerResolutionMs)} ms (performance.now)`],
    ['GC before each timed op', gcText(facts)],
    // What --compress can ask of this engine's own compressor (docs/design.md#compression).
    ['CompressionStream formats', streamFormats().join(', ') || 'none (no CompressionStream)'],
    ['Machine', `${facts.machine.os} ${facts.machine.arch}, ${facts.machine.cpus} logical CPUs`],
    ['wasm build', buildSummary(info)],
    ...comparedBuilds.map(({ tag, info: compared }) => [`wasm build [${tag}]`, buildSummary(compared)]),
  ];
  list.replaceChildren();
  for (const [term, value] of facts_) {
    const dt = document.createElement('dt');
    dt.textContent = term;
    const dd = document.createElement('dd');
    dd.textContent = value;
    dd.dataset.fact = term;
    list.append(dt, dd);
  }
  list.dataset.crossOriginIsolated = String(facts.crossOriginIsolated);
  list.dataset.timerResolutionMs = String(facts.timerResolutionMs);
}
