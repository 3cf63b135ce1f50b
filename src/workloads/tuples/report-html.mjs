// The tuples report's words and tables: how to read each chart, why one is
// empty, and the payload limits, memory and three-ways sections. The page
// itself is the generic report's (src/report/unit-report.mjs reportFor).

import { COMPRESSION_CHART_ID, COMPRESSION_EMPTY, COMPRESSION_HOW } from '../../report/compression-chart.mjs';
import {
  escapeHtml,
  formatBytes,
  formatMB,
  formatMs,
  formatRatio,
  formatShare,
} from '../../harness/format.mjs';
import { htmlTable } from '../../report/html.mjs';
import { ACROSS_PROCESSES } from '../../report/model.mjs';

// How to read each chart: what is on the axes and what "good" looks like.
export const HOW_TO_READ = {
  'time-encode':
    "Median time of one encode (JS objects to bytes) against the size of the same payload as JSON text, both axes logarithmic. One panel per place; colour is the codec or library, the dash is the path (native C++, the wasm interop strategies val / embind / typed, the Node-API addon's typed / object (dotted, Node only), or pure JS). A line below the black JSON line is faster than JSON.stringify. Parallel lines mean the same cost per byte; the gap between native and the wasm lines of a codec is what running in JS costs.",
  'time-decode':
    'The same for decode (bytes to JS objects, verified against the input), against JSON.parse. Decode includes building every JS object, which is where the interop strategies differ most.',
  'ratio-encode':
    'How many times faster than JSON.stringify each path is, against the JSON baseline measured in the same process (Node) or browser context (bench:web) at the same size. Above the black line at 1 a path beats JSON; below it JSON wins. Native has no JS baseline and no panel.',
  'ratio-decode': 'The same against JSON.parse.',
  'breakdown-encode':
    'Where one encode spends its time at one size: marshal in (reading the JS objects into C++ data), the codec itself, and bytes out (copying the result to a JS Uint8Array). Each bar is the median of each phase; the black tick is the median of the whole call (phases are timed in separate runs, so they need not add up exactly). The grey bar is JSON.stringify (or JSON.parse) as a whole, for scale. Everything that is not orange is the price of the boundary.',
  'breakdown-decode':
    'The same for decode: bytes in (copying into wasm memory, or handing the bytes to the addon), the codec, and marshal out (building the JS objects from C++ data).',
  'three-ways-encode':
    "The same C++ codec run three ways at one size: natively (the codec alone, from a native results file: no JS at all), compiled to wasm (the typed strategy: typed arrays in, bytes out) and through the Node-API addon (the same native code called from Node: typed, with typed arrays and ArrayBuffers and no per-item call, and object, reading the JS objects field by field like wasm val). Each bar stacks marshal in, the codec and bytes out; the tick is the whole call. Everything but the orange codec is that way's boundary cost: wasm and Node-API are two answers to what crossing into C++ costs. The codec bar of the addon should match native (the same machine code); the wasm one shows the wasm penalty. Ratios are taken within the node results file only (the native bar comes from another process and file).",
  'three-ways-decode':
    'The same for decode: bytes in, the codec, and marshal out (building the JS objects from C++ data), natively, in wasm and through the addon.',
  'wasm-penalty':
    'The codec phase alone in wasm divided by the same codec compiled natively at the same size (the median over the interop strategies, which all run the same codec). At 1 wasm is as fast as native C++; 2 means the codec itself runs at half speed in wasm. This is the cost of wasm, separate from the cost of the boundary. The dotted node-addon line is the codec phase of the Node-API addon, the same native code called from Node: it should stay near 1.',
  sizes:
    'Encoded bytes and gzip bytes of each format divided by the JSON text of the same payload (dashed line at 1 = the JSON text). Shorter is smaller. The growing tuple data is very regular, so gzip shrinks it far more than real data would.',
  modules:
    'What each codec costs to ship: the .wasm module as built, and gzipped. The JS glue that Emscripten generates comes on top (in the tooltip).',
  [COMPRESSION_CHART_ID]: COMPRESSION_HOW,
};

export const EMPTY_REASON = {
  'three-ways-encode': 'needs a bench:node results file with addon rows (place node-addon)',
  'three-ways-decode': 'needs a bench:node results file with addon rows (place node-addon)',
  'wasm-penalty': 'needs a native results file and a Node or browser one',
  'ratio-encode': 'needs a Node or browser results file (native has no JSON baseline)',
  'ratio-decode': 'needs a Node or browser results file (native has no JSON baseline)',
  modules: 'needs a Node or browser results file (their header lists the wasm modules)',
  [COMPRESSION_CHART_ID]: COMPRESSION_EMPTY,
};

const mbText = (mb) => (mb === undefined ? '' : formatMB(mb));

export function limitsSection(limits) {
  const columns = [
    { title: 'place', value: (r) => r.source },
    { title: 'path', value: (r) => r.label },
    { title: 'sizes tried', value: (r) => r.sizes, num: true },
    { title: 'largest ok (MB)', value: (r) => mbText(r.largestOkMB) || 'none', num: true },
    { title: 'largest tried (MB)', value: (r) => mbText(r.largestTriedMB), num: true },
    {
      title: 'failed sizes',
      value: (r) => r.failedSizes,
      num: true,
      cls: (r) => (r.failedSizes > 0 ? 'bad' : ''),
    },
    { title: 'first failure (MB)', value: (r) => mbText(r.firstFailureMB), num: true },
    { title: 'first error', value: (r) => r.firstError ?? '' },
  ];
  const failures = limits.filter((r) => r.failedSizes > 0).length;
  const summary =
    failures === 0
      ? 'Every path handled every size it was given.'
      : `${failures} path(s) failed at some size; the first failure of each is listed.`;
  return `<section id="limits"><h2>Payload limits</h2>
<p class="how">The largest JSON payload each path encoded and decoded correctly, and the first size at which it failed (a failure is verified, reported and never timed). ${escapeHtml(summary)}</p>
${htmlTable(columns, limits)}</section>`;
}

export function memorySection(memory) {
  if (memory.length === 0) {
    return '<section id="memory"><h2>Memory</h2><p class="empty">No row of these results records memory.</p></section>';
  }
  const columns = [
    { title: 'place', value: (r) => r.source },
    { title: 'JSON MB', value: (r) => formatMB(r.jsonMB), num: true },
    { title: 'path', value: (r) => r.label },
    { title: 'wasm heap after', value: (r) => formatBytes(r.wasmHeapBytes), num: true },
    { title: 'JS heap growth', value: (r) => formatBytes(r.jsHeapGrowthBytes), num: true },
    { title: 'peak RSS', value: (r) => formatBytes(r.peakRssBytes), num: true },
  ];
  return `<section id="memory"><h2>Memory at the chosen size</h2>
<p class="how">wasm heap: the wasm memory size after the row (it only grows); JS heap growth: JS heap used after minus before the row (can be negative after a GC); peak RSS: the process's peak resident memory (native).</p>
${htmlTable(columns, memory)}</section>`;
}

/**
 * The three ways to run the same C++ as a table (report-model.mjs
 * threeWaysRecords' lines of both operations, { operation, ...line }): an
 * extra section, { id, html }, or undefined when no file has addon rows.
 */
export function threeWaysSection(lines, phases) {
  if (lines.length === 0) return undefined;
  const phase = (index) => (line) => {
    const key = phases[line.operation][index].key;
    return formatMs(line.phases?.[key]);
  };
  const columns = [
    { title: 'place', value: (r) => r.source },
    { title: 'JSON MB', value: (r) => formatMB(r.jsonMB), num: true },
    { title: 'codec', value: (r) => r.codec },
    { title: 'operation', value: (r) => r.operation },
    { title: 'way', value: (r) => r.way },
    { title: 'path', value: (r) => r.label },
    { title: 'marshal in / bytes in ms', value: phase(0), num: true },
    { title: 'codec ms', value: (r) => formatMs(r.codecMs), num: true },
    { title: 'bytes out / marshal out ms', value: phase(2), num: true },
    { title: 'whole call ms', value: (r) => formatMs(r.totalMs), num: true },
    { title: 'boundary ms', value: (r) => formatMs(r.boundaryMs), num: true },
    {
      title: 'boundary share',
      value: (r) => formatShare(r.boundaryShare),
      num: true,
    },
    {
      title: `x wasm typed (${ACROSS_PROCESSES})`,
      value: (r) => formatRatio(r.versusWasmTyped),
      num: true,
    },
  ];
  const html = `<section id="three-ways-table"><h2>Three ways to run the same C++: the table</h2>
<p class="how">The figures of the three-ways charts. Phases are medians timed in separate runs, so they need not add up to the whole call exactly. boundary = whole call - codec: what crossing costs on this way (wasm: the JS &lt;-&gt; wasm copies and marshalling; addon: Node-API calls and copies). x wasm typed = the wasm typed path's whole-call median / this path's (above 1 = faster than wasm typed), both from the same node results file (each path runs in its own child process of that run). The native line is the codec alone from the native results file: another process, so no ratio is taken against it.</p>
${htmlTable(columns, lines)}</section>`;
  return { id: 'three-ways-table', html };
}
