// The report of the tuples workload, found by name by src/report/index.mjs:
// the generic report (src/report/unit-report.mjs) of its view (view.mjs),
// time and speed vs JSON as lines over the payload size, and its own views:
// where the time goes, the three ways to run the same C++ (three-ways.mjs)
// and the wasm penalty (own-views.mjs), encoded and module sizes, the
// compression trade-off, the payload limits, memory, three-ways and
// shipped-bytes tables. The tables per size and what decode returns are the
// view's, as is what the charts say: each file's answer
// (src/report/file-report.mjs).

import { formatMB } from '../../harness/format.mjs';
import { modulesChart, sizesChart } from '../../report/bytes-charts.mjs';
import {
  COMPRESSION_CHART_ID,
  COMPRESSION_EMPTY,
  COMPRESSION_HOW,
  compressionChart,
} from '../../report/compression-chart.mjs';
import { chartOf } from '../../report/palette.mjs';
import { breakdownSpec } from '../../report/phases.mjs';
import {
  SHIPPED_BYTES_CHART_ID,
  shippedBytesChart,
  shippedHeadlines,
  shippedParts,
} from '../../report/shipped-bytes-rows.mjs';
import { readShippedBytes } from '../../report/shipped-bytes-file.mjs';
import { capitalized, reportFor } from '../../report/unit-report.mjs';
import { limitsView, memoryParts, penaltyChart, recordsAt, rowsAt } from './own-views.mjs';
import { threeWaysChart, threeWaysParts } from './three-ways.mjs';
import { view } from './view.mjs';

// How to read each chart: what is on the axes and what "good" looks like.
const HOW_TO_READ = {
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

const ADDON_NEEDED = 'needs a bench:node results file with addon rows (place node-addon)';
const NO_BASELINE = 'needs a Node or browser results file (native has no JSON baseline)';
const EMPTY_REASON = {
  'three-ways-encode': ADDON_NEEDED,
  'three-ways-decode': ADDON_NEEDED,
  'wasm-penalty': 'needs a native results file and a Node or browser one',
  'ratio-encode': NO_BASELINE,
  'ratio-decode': NO_BASELINE,
  modules: 'needs a Node or browser results file (their header lists the wasm modules)',
  [COMPRESSION_CHART_ID]: COMPRESSION_EMPTY,
};

/** Stacked phases of every C++ path at the size nearest `sizeMB`, one row of bars per place. */
const breakdownChart = (sources, operation, sizeMB) =>
  breakdownSpec(operation, {
    title: `${capitalized(operation)}: where the time goes (the size nearest ${formatMB(sizeMB)} MB)`,
    subtitle:
      'median of each phase, stacked; the black tick is the median of the whole call; scales differ per place',
    facets: recordsAt(sources, operation, sizeMB).map(({ source, chosen, records }) => ({
      facet: `${source.source} at ${formatMB(chosen.jsonMB)} MB`,
      records,
    })),
  });

const perOperation = (name, chart) =>
  view.operations.map((operation) => chartOf(`${name}-${operation}`, chart(operation)));

export const { help, charts, headlines, html } = reportFor({
  name: 'tuples',
  view,
  title: 'wasm-codec-bench report',
  overSize: true,
  hover: 'a point or bar',
  help: `time and speed vs JSON against payload size, where the time goes, the
    three ways to run the same C++ (native, wasm, the Node-API addon), the wasm penalty, encoded
    and module sizes (time-encode, time-decode, ratio-encode, ratio-decode, breakdown-encode,
    breakdown-decode, three-ways-encode, three-ways-decode, wasm-penalty, sizes, modules,
    compression (time against the bytes that leave, with --compress), shipped-bytes), run headers, the view's tables per file (per size, cleanliness), payload limits, memory, three-ways and shipped-bytes
    tables (the last from the wasm build's shipped-bytes.json, not from the results files)`,
  // `sizeMB` picks the size of the breakdown, the three ways, the sizes and the memory.
  own: (sources, { sizeMB }) => [
    ...perOperation('breakdown', (operation) => breakdownChart(sources, operation, sizeMB)),
    ...perOperation('three-ways', (operation) => threeWaysChart(sources, operation, sizeMB)),
    chartOf('wasm-penalty', penaltyChart(sources)),
    chartOf(
      'sizes',
      sizesChart(sources, (document) => rowsAt(document, sizeMB), `the size nearest ${formatMB(sizeMB)} MB`),
    ),
    chartOf('modules', modulesChart(sources)),
    // Time against the bytes that leave, with the compression stage (docs/design.md#compression).
    compressionChart(sources, { unitOf: (row) => `${formatMB(row.jsonMB)} MB`, unitTitle: 'size' }),
    shippedBytesChart(readShippedBytes()),
  ],
  // The shipped bytes are the wasm build's, no results file's: no file's answer says them.
  headlines: () => ({ [SHIPPED_BYTES_CHART_ID]: shippedHeadlines(readShippedBytes()) }),
  about: ({ sizeMB }) => `; breakdown and sizes at the size nearest ${formatMB(sizeMB)} MB`,
  how: HOW_TO_READ,
  empty: EMPTY_REASON,
  views: (sources, { sizeMB }) => {
    const memory = memoryParts(sources, sizeMB);
    const threeWays = threeWaysParts(sources, sizeMB);
    return [
      { id: 'limits', title: 'Payload limits', parts: limitsView(sources) },
      {
        id: 'memory',
        title: memory.some((part) => part.table) ? 'Memory at the chosen size' : 'Memory',
        parts: memory,
      },
      ...(threeWays.length > 0
        ? [{ id: 'three-ways-table', title: 'Three ways to run the same C++: the table', parts: threeWays }]
        : []),
      { id: 'shipped-bytes-table', title: 'Shipped bytes', parts: shippedParts(readShippedBytes()) },
    ];
  },
});
