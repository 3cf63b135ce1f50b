// The report of the `messages` workload (run.workload 'messages'), found
// by name by src/report/index.mjs: charts of operations per second per
// record and path, of the per-call floor (an exported wasm function that
// does nothing) and of wasm against the addon, with that last one's table.
// The tables per record are the view's (view.mjs, src/report/file-report.mjs).
// The model is in report-model.mjs, the charts in report-charts.mjs;
// headlines and HTML here.
//
// Rows (src/results.schema.json messageRow): { place, codec, impl, interop,
// variant?, library, batch?, record, status, error?, encodedBytes, jsonBytes,
// encode/decode/roundTrip: { opsPerSec: stats, nsPerOp, callsPerRep },
// boundaryShare?: { encode, decode } }. Floor rows carry variant 'floor':
// interop val/embind (the marshal alone, no roundTrip) and interop 'call'
// with record 'none' (the empty call, encode only).

import { formatNs, formatOpsPerSec, formatRatio } from '../../harness/format.mjs';
import { formatVerdictRatio } from '../../harness/verdict.mjs';
import { groupBy } from '../../harness/group-by.mjs';
import { median } from '../../harness/stats.mjs';
import { htmlTable, reportPage } from '../../report/html.mjs';
import { ACROSS_PROCESSES } from '../../report/model.mjs';
import { BOUNDARY_CHART, chartId, messageCharts } from './report-charts.mjs';
import {
  MESSAGE_OPERATIONS,
  OPERATION_TITLES,
  boundaryLines,
  callFloorRows,
  opsRecords,
} from './report-model.mjs';

// ---- headlines -----------------------------------------------------------------

// A ratio against JSON with its verdict's mark (verdict.mjs): "~1.1x" within noise, "1.1x?" without samples.
const formatJudged = (value) =>
  formatVerdictRatio(value && { ratio: value.versusJson, verdict: value.verdict });

/** { chartId: [sentence, ...] }: the fastest path per record and place, and the floor. */
export function messageHeadlines(sources) {
  const headlines = {};
  for (const operation of MESSAGE_OPERATIONS) {
    const lines = [];
    const records = opsRecords(sources, operation);
    for (const [key, group] of groupBy(records, (r) => `${r.source}|${r.record}`)) {
      const [source, record] = key.split('|');
      const best = group.reduce((a, b) => (b.opsPerSec > a.opsPerSec ? b : a));
      const json = group.find((r) => r.baseline);
      const versus = json && !best.baseline ? ` (${formatJudged(best)} JSON)` : '';
      lines.push(
        `${source} ${record}: fastest ${best.label} ${formatOpsPerSec(best.opsPerSec)}${versus}` +
          (json ? `; JSON ${formatOpsPerSec(json.opsPerSec)}.` : '.'),
      );
    }
    headlines[chartId(operation)] = lines;
  }
  const floors = callFloorRows(sources).filter((line) => line.nsPerOp > 0);
  // The addon's empty call apart from wasm's: two boundaries, two floors.
  headlines['call-floor'] = [...groupBy(floors, (line) => `${line.source}|${line.boundary}`)].map(
    ([key, group]) => {
      const [source, boundary] = key.split('|');
      const values = group.map((line) => line.nsPerOp).sort((a, b) => a - b);
      const range =
        values.length === 1 ? formatNs(values[0]) : `${formatNs(values[0])} to ${formatNs(values.at(-1))}`;
      const where = boundary === 'addon' ? ' into the Node-API addon' : '';
      return `${source}: an empty call${where} costs ${range} ns (${group.length} module instance(s)).`;
    },
  );
  headlines[BOUNDARY_CHART] = boundaryHeadlines(sources);
  return headlines;
}

const fastestOf = (lines, operation) =>
  lines
    .filter((line) => line.ns[operation] > 0)
    .reduce((best, line) => (!best || line.ns[operation] < best.ns[operation] ? line : best), undefined);

/**
 * Per source and record: the fastest wasm path and the fastest addon path
 * of each operation in ns/op, beside the empty call of each boundary.
 */
function boundaryHeadlines(sources) {
  const lines = boundaryLines(sources);
  const sentences = [];
  for (const [, group] of groupBy(lines, (line) => `${line.source}|${line.record}`)) {
    const { source, record } = group[0];
    const side = (boundary) => group.filter((line) => line.boundary === boundary);
    const parts = ['encode', 'decode'].map((operation) => {
      const described = ['wasm', 'addon'].map((boundary) => {
        const best = fastestOf(side(boundary), operation);
        return best ? `${boundary} ${best.label} ${formatNs(best.ns[operation])} ns` : `${boundary} -`;
      });
      return `${operation} ${described.join(' vs ')}`;
    });
    // The median of the codecs' empty calls on each side (each codec's own module).
    const empty = ['wasm', 'addon']
      .map((boundary) => {
        const byCodec = new Map(side(boundary).map((line) => [line.codec, line.emptyCallNs]));
        const values = [...byCodec.values()].filter((ns) => ns > 0);
        return values.length === 0 ? undefined : `${boundary} ${formatNs(median(values))} ns`;
      })
      .filter(Boolean);
    sentences.push(
      `${source} ${record}: ${parts.join('; ')}${empty.length > 0 ? `; empty call ${empty.join(', ')}` : ''}.`,
    );
  }
  return sentences;
}

// ---- HTML ------------------------------------------------------------------------

const HOW_TO_READ = {
  encode:
    'Encodes per second of one record (the JS object to bytes), one panel per record, every path on the same log axis: C++ codecs in wasm through val, embind or tagged and through the Node-API addon ("(addon)": object or tagged, Node only), the JSON baseline (JSON.stringify), and the pure-JS libraries. Each repetition is a loop of calls long enough for the clock; the dot is the median of the repetitions.',
  decode:
    'Decodes per second (bytes to the JS record, verified after timing against the original record), against JSON.parse plus the revive of Date and binary fields.',
  roundTrip: 'Encode followed by decode of the result, per second: what a request/response pair costs.',
  floor:
    'An exported wasm function with no arguments that does no work, called in a loop: what any call into wasm costs, whatever it does ("(addon)": the same empty function of the Node-API addon, what any call through Node-API costs). Compare it with the ns/op of the codec paths below: a record whose encode is a few times this floor spends most of its time crossing the boundary.',
  [BOUNDARY_CHART]:
    "The same C++ codecs behind the two boundaries Node offers: compiled to wasm (val, embind, tagged) and as a Node-API addon (object: C++ reads and builds the JS record field by field through Node-API, the counterpart of val; tagged: the same tagged buffer as wasm). Each dot is a path's median ns per encode or decode of one record; the dashed rules are the empty calls, the least one call costs through each boundary. Ratios (in the table below) are taken within one results file only.",
};

/** ns/op of every C++ path through wasm and through the addon, per record, with the empty calls. */
function boundarySection(sources) {
  const lines = boundaryLines(sources);
  if (lines.length === 0) return '';
  const columns = [
    { title: 'place', value: (r) => r.source },
    { title: 'record', value: (r) => r.record },
    { title: 'path', value: (r) => r.label },
    { title: 'boundary', value: (r) => r.boundary },
    ...MESSAGE_OPERATIONS.map((operation) => ({
      title: `${OPERATION_TITLES[operation]} ns/op`,
      value: (r) => formatNs(r.ns[operation]),
      num: true,
    })),
    { title: 'empty call ns', value: (r) => formatNs(r.emptyCallNs), num: true },
    {
      title: 'encode / empty call',
      value: (r) => formatRatio(r.ns.encode / r.emptyCallNs),
      num: true,
    },
    { title: 'wasm counterpart', value: (r) => r.counterpart ?? '' },
    ...['encode', 'decode'].map((operation) => ({
      title: `${operation} x wasm (${ACROSS_PROCESSES})`,
      value: (r) => formatRatio(r.versusWasm?.[operation]),
      num: true,
    })),
  ];
  return `<section id="wasm-vs-addon-table"><h2>wasm vs the Node-API addon, per record</h2>
<p class="how">ns/op: 10^9 / the median ops/s. empty call: the median ns of an exported function that does nothing, of the codec's own wasm module or of the addon: the least any call through that boundary costs. x wasm = the wasm counterpart's ns/op / the addon path's (object beside val, tagged beside tagged; above 1 = the addon is faster), both from the same results file.</p>
${htmlTable(columns, lines)}</section>`;
}

// ---- the report's plug-in interface (src/report/index.mjs) -----------------------

/** What the report writes, for npm run report --help. */
export const help = `operations per second per record and path (messages-encode,
    messages-decode, messages-roundtrip), the view's tables per file (ops/s, ns/op, x JSON, boundary
    share), the per-call floor of each wasm module and of the addon (call-floor), ns/op through wasm and
    through the Node-API addon with each one's empty call (messages-wasm-vs-addon), with the run headers`;

/** --compare works on per-payload results only. */
export const comparable = false;

/** The charts: [{ id, title, spec, empty }] in page order. */
export const charts = (sources) => messageCharts(sources);

/** What each chart says, by chart id. */
export const headlines = (sources) => messageHeadlines(sources);

// How to read each chart, by its id.
const HOW_BY_CHART = {
  ...Object.fromEntries(MESSAGE_OPERATIONS.map((operation) => [chartId(operation), HOW_TO_READ[operation]])),
  'call-floor': HOW_TO_READ.floor,
  [BOUNDARY_CHART]: HOW_TO_READ[BOUNDARY_CHART],
};

/** The report page: the charts, then the wasm-vs-addon table (the tables per record are the view's, file-report.mjs). */
export function html(input) {
  const { sources } = input;
  const boundary = boundarySection(sources);
  return reportPage(input, {
    title: 'wasm-codec-bench report: messages',
    about: ' of the messages workload (single records, operations per second)',
    hover: 'a dot',
    how: HOW_BY_CHART,
    nav: boundary ? [['wasm-vs-addon-table', 'wasm vs addon']] : [],
    sections: boundary,
  });
}
