// What a browser user downloads, side by side: each tuple wasm module with
// its glue (embind and lean) and each pure-JS library bundled as a user
// would, raw and gzip -9, from build/wasm/shipped-bytes.json (written by the
// page build: scripts/shipped-bytes.mjs). Browser-safe (no node: imports):
// the report (the tuple workload's report.mjs) and the page
// (web/src/shipped-bytes-section.mjs) render the same rows.

import { KB } from '../harness/format.mjs';
import { specHead } from './palette.mjs';
import { columnsTable } from './table-view.mjs';

export const SHIPPED_BYTES_CHART_ID = 'shipped-bytes';

/** The colour of each kind of thing shipped, the chart's and the page's bars. */
export const KIND_COLOURS = { 'wasm embind': '#e45756', 'wasm lean': '#f58518', 'JS library': '#4c78a8' };
const KINDS = Object.keys(KIND_COLOURS);
const KIND_SCALE = { domain: KINDS, range: Object.values(KIND_COLOURS) };
const MEASURES = ['gzip -9', 'raw'];

/**
 * One row per thing shipped, grouped by format (codec) in the order the file
 * lists wasm modules, then formats only JS libraries write: { format, kind,
 * name, what, bytes, gzipBytes, detail?, error? }. Within a format: embind,
 * lean, then libraries by gzip size.
 */
export function shippedRows(shipped) {
  if (!shipped) return [];
  const rows = [];
  for (const module of shipped.modules ?? []) {
    rows.push({
      format: module.codec,
      kind: `wasm ${module.module}`,
      name: `${module.codec}/${module.module}`,
      what: `${module.wasm} + ${module.glue}`,
      bytes: module.totalBytes,
      gzipBytes: module.totalGzipBytes,
      detail: `wasm ${module.wasmBytes} B (gzip ${module.wasmGzipBytes}), glue ${module.glueBytes} B (gzip ${module.glueGzipBytes})`,
    });
  }
  for (const peer of shipped.peers ?? []) {
    rows.push({
      format: peer.codec,
      kind: 'JS library',
      name: peer.name,
      what: peer.library,
      bytes: peer.bytes,
      gzipBytes: peer.gzipBytes,
      error: peer.error,
    });
  }
  const formatOrder = [...new Set(rows.map((row) => row.format))];
  const rank = (row) => [formatOrder.indexOf(row.format), KINDS.indexOf(row.kind), row.gzipBytes ?? Infinity];
  return rows.sort((a, b) => {
    const [ra, rb] = [rank(a), rank(b)];
    for (let i = 0; i < ra.length; i++) if (ra[i] !== rb[i]) return ra[i] - rb[i];
    return 0;
  });
}

// One unit down the columns, for comparing: KB (1024 bytes), as every table's sizes.
const kb = (bytes) => (bytes === undefined ? '' : (bytes / KB).toFixed(1));

/** The table's columns: { title, value(row), num? }. */
export const SHIPPED_COLUMNS = [
  { title: 'format', value: (r) => r.format },
  { title: 'what', value: (r) => r.name },
  { title: 'kind', value: (r) => r.kind },
  { title: 'KB', value: (r) => kb(r.bytes), num: true },
  { title: 'KB gzip -9', value: (r) => kb(r.gzipBytes), num: true },
  { title: 'files / library', value: (r) => r.error ?? r.what },
];

/** How the file measured: minifier and gzip, as one sentence. */
export function shippedNote(shipped) {
  if (!shipped) return '';
  return `Each piece of JS minified by ${shipped.minifier}; gzip: ${shipped.gzip}, each file on its own. A wasm module's size is its .wasm plus its glue (embind: Emscripten's generated loader; lean: the project's own loader, src/harness/lean-loader.mjs); lean+zlib is the lean module with the compression stage (zlib compiled in, docs/design.md#compression), what compressing in wasm adds to a download. A library is bundled from an entry that takes only the encode and decode this project calls (its adapter's createPeerPath), with what it needs to run in a browser.`;
}

/** The report's view of the file (view parts, src/report/table-view.mjs): how to read it, then the table; or why there is none. */
export function shippedParts(shipped) {
  if (!shipped)
    return [{ note: 'No build/wasm/shipped-bytes.json: run scripts/build-wasm.sh (or npm run build:web).' }];
  const table = columnsTable(SHIPPED_COLUMNS, shippedRows(shipped), { className: 'shipped-bytes' });
  return [{ note: shippedNote(shipped) }, { table }];
}

/** Short lines for the chart's headline: per wasm format, lean vs embind vs the smallest library. */
export function shippedHeadlines(shipped) {
  const rows = shippedRows(shipped);
  const lines = [];
  for (const format of new Set(rows.filter((row) => row.kind.startsWith('wasm')).map((row) => row.format))) {
    const of = (kind) => rows.find((row) => row.format === format && row.kind === kind && !row.error);
    const [embind, lean, library] = [of('wasm embind'), of('wasm lean'), of('JS library')];
    const parts = [];
    if (lean) parts.push(`lean ${kb(lean.gzipBytes)} KB`);
    if (embind) parts.push(`embind ${kb(embind.gzipBytes)} KB`);
    if (library) parts.push(`smallest JS library ${library.name} ${kb(library.gzipBytes)} KB`);
    lines.push(`${format}, gzip -9: ${parts.join('; ')}`);
  }
  return lines;
}

/** The chart as a Vega-Lite spec: { id, title, spec, empty } as the report's charts. */
export function shippedBytesChart(shipped) {
  const rows = shippedRows(shipped).filter((row) => !row.error);
  const values = rows.flatMap((row, order) =>
    MEASURES.map((measure) => {
      const bytes = measure === 'raw' ? row.bytes : row.gzipBytes;
      return {
        order,
        label: `${row.format} · ${row.name}`,
        kind: row.kind,
        measure,
        kb: bytes / KB,
        bytes,
        what: row.what,
      };
    }),
  );
  const spec = {
    ...specHead(values, {
      text: 'Shipped bytes: wasm module + glue vs a JS library',
      subtitle: 'what a browser downloads to encode and decode the tuples; minified, raw and gzip -9',
    }),
    width: 480,
    height: { step: 9 },
    mark: 'bar',
    encoding: {
      y: { field: 'label', type: 'nominal', sort: { field: 'order', op: 'min' }, title: null },
      yOffset: { field: 'measure', sort: MEASURES },
      x: { field: 'kb', type: 'quantitative', title: 'KB' },
      color: { field: 'kind', type: 'nominal', scale: KIND_SCALE, title: null },
      opacity: {
        field: 'measure',
        type: 'ordinal',
        sort: MEASURES,
        scale: { domain: MEASURES, range: [1, 0.4] },
        title: null,
      },
      tooltip: [
        { field: 'label', title: 'what' },
        { field: 'measure' },
        { field: 'bytes', title: 'bytes', format: ',' },
        { field: 'what', title: 'files / library' },
      ],
    },
  };
  return {
    id: SHIPPED_BYTES_CHART_ID,
    title: 'Shipped bytes',
    spec,
    empty: values.length === 0,
  };
}
