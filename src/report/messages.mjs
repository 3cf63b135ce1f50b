// The report of the `messages` workload (run.workload 'messages'): operations
// per second per record and path, the JSON baseline as the reference, the
// boundary's share of each wasm call and the per-call floor (an exported
// wasm function that does nothing). Model, Vega-Lite charts, headlines and
// HTML in one file; the tuple report (model.mjs, charts.mjs, html.mjs) is
// untouched by it.
//
// Rows (src/results.schema.json messageRow): { place, codec, impl, interop,
// variant?, library, batch?, record, status, error?, encodedBytes, jsonBytes,
// encode/decode/roundTrip: { opsPerSec: stats, nsPerOp, callsPerRep },
// boundaryShare?: { encode, decode } }. Floor rows carry variant 'floor':
// interop val/embind (the marshal alone, no roundTrip) and interop 'call'
// with record 'none' (the empty call, encode only).

import { groupBy } from '../harness/group-by.mjs';
import { MESSAGE_NAMES } from '../harness/messages.mjs';
import { median } from '../harness/stats.mjs';
import { escapeHtml, htmlPage, htmlTable, runsTable } from './html.mjs';
import { colorKeyOf, labelOf, sortRows } from './model.mjs';

export const WORKLOAD = 'messages';
export const MESSAGE_OPERATIONS = ['encode', 'decode', 'roundTrip'];
const OPERATION_TITLES = { encode: 'encode', decode: 'decode', roundTrip: 'round trip' };
const FLOOR = 'floor';
const CALL = 'call';
const VEGA_LITE_SCHEMA = 'https://vega.github.io/schema/vega-lite/v6.json';
const SOURCE_COLORS = { native: '#ff7f0e', node: '#1f77b4', browser: '#d62728' };
const EXTRA_COLORS = ['#2ca02c', '#9467bd', '#8c564b', '#e377c2', '#17becf', '#bcbd22'];
const LOG_AXIS = { format: '~s', grid: true, labelOverlap: 'greedy' };

/** The workload of a results document ('tuples' when the header says nothing). */
export function workloadOf(document) {
  return document.run.workload ?? 'tuples';
}

export const isMessagesDocument = (document) => workloadOf(document) === WORKLOAD;
const isFloor = (row) => row.variant === FLOOR;
const isCallFloor = (row) => row.interop === CALL && isFloor(row);
const isJsonBaseline = (row) => row.codec === 'json' && row.impl === 'js';
const okRows = (source) => source.document.rows.filter((row) => row.status === 'ok');
const recordRank = (record) => {
  const index = MESSAGE_NAMES.indexOf(record);
  return index === -1 ? MESSAGE_NAMES.length : index;
};

/** The records of a set of sources, in MESSAGE_NAMES order (unknown names last). */
export function recordsOf(sources) {
  const names = new Set();
  for (const source of sources)
    for (const row of source.document.rows) if (row.record && row.record !== 'none') names.add(row.record);
  return [...names].sort((a, b) => recordRank(a) - recordRank(b) || (a < b ? -1 : 1));
}

/** ops/s median of one operation of a row, or undefined. */
export function opsOf(row, operation) {
  return row[operation]?.opsPerSec?.median;
}

/**
 * The JSON baseline's ops/s for a row: the baseline of the same source,
 * record and batch (same process) when there is one, else the median of
 * the source's baselines of that record.
 */
function baselineFinder(source) {
  const baselines = groupBy(okRows(source).filter(isJsonBaseline), (row) => row.record);
  return (row, operation) => {
    const candidates = baselines.get(row.record) ?? [];
    const own = row.batch && candidates.find((candidate) => candidate.batch === row.batch);
    if (own) return opsOf(own, operation);
    const values = candidates.map((candidate) => opsOf(candidate, operation)).filter((v) => v > 0);
    return values.length > 0 ? median(values) : undefined;
  };
}

function howOf(row) {
  if (row.impl === 'js') return 'js';
  return row.interop === 'none' ? 'native' : row.interop;
}

/**
 * One record per measured (source, path, record, operation) of a path that
 * does codec work (floors excluded): ops/s, ns/op and the speed vs JSON.
 */
export function opsRecords(sources, operation) {
  const records = [];
  for (const source of sources) {
    const jsonOps = baselineFinder(source);
    for (const row of sortRows(okRows(source).filter((row) => !isFloor(row)))) {
      const ops = opsOf(row, operation);
      if (!(ops > 0)) continue;
      const reference = jsonOps(row, operation);
      records.push({
        source: source.source,
        place: source.place,
        label: labelOf(row),
        colorKey: colorKeyOf(row),
        how: howOf(row),
        codec: row.codec,
        record: row.record,
        recordOrder: recordRank(row.record),
        baseline: isJsonBaseline(row),
        opsPerSec: ops,
        nsPerOp: row[operation].nsPerOp ?? 1e9 / ops,
        versusJson: reference > 0 ? ops / reference : undefined,
      });
    }
  }
  return records;
}

/**
 * The lines of one record's table, per source: every path (ok or failed),
 * with ops/s and ns/op of each operation, x JSON and the boundary share.
 * Paths that were not measured for a record (e.g. embind for `record`) have
 * no line here; the HTML says which.
 */
export function recordTableRows(sources, record) {
  const lines = [];
  for (const source of sources) {
    const jsonOps = baselineFinder(source);
    const rows = source.document.rows.filter((row) => row.record === record && !isCallFloor(row));
    for (const row of sortRows(rows)) {
      const line = {
        source: source.source,
        label: labelOf(row),
        status: row.status,
        error: row.error,
        reason: row.reason,
        floor: isFloor(row),
        encodedBytes: row.encodedBytes,
        jsonBytes: row.jsonBytes,
      };
      for (const operation of MESSAGE_OPERATIONS) {
        const ops = row.status === 'ok' ? opsOf(row, operation) : undefined;
        const reference = jsonOps(row, operation);
        line[operation] = ops && {
          opsPerSec: ops,
          nsPerOp: row[operation].nsPerOp ?? 1e9 / ops,
          versusJson: reference > 0 && !isFloor(row) ? ops / reference : undefined,
        };
      }
      line.boundaryShare = row.boundaryShare;
      lines.push(line);
    }
  }
  return lines;
}

/** The per-call floor of every wasm module per source: the empty call's ns/op and ops/s. */
export function callFloorRows(sources) {
  const lines = [];
  for (const source of sources) {
    for (const row of source.document.rows.filter(isCallFloor)) {
      const ops = row.status === 'ok' ? opsOf(row, 'encode') : undefined;
      lines.push({
        source: source.source,
        codec: row.codec,
        batch: row.batch,
        label: `${row.codec} (empty call)`,
        status: row.status,
        error: row.error,
        opsPerSec: ops,
        nsPerOp: ops ? (row.encode.nsPerOp ?? 1e9 / ops) : undefined,
      });
    }
  }
  return lines;
}

// ---- charts ------------------------------------------------------------------

function sourceColors(records) {
  const domain = [...new Set(records.map((record) => record.source))];
  let extra = 0;
  const range = domain.map((source) => {
    const place = records.find((record) => record.source === source).place;
    const fixed = SOURCE_COLORS[place];
    // Several files of one place: only the first gets the place's colour.
    const first = domain.find((other) => records.find((r) => r.source === other).place === place) === source;
    return fixed && first ? fixed : EXTRA_COLORS[extra++ % EXTRA_COLORS.length];
  });
  return { domain, range };
}

/** Ops/s of every path, one panel per record, log scale; a dot per place. */
function opsChart(sources, operation) {
  const records = opsRecords(sources, operation);
  const title = OPERATION_TITLES[operation];
  const labels = [...new Set(records.map((record) => record.label))];
  return {
    $schema: VEGA_LITE_SCHEMA,
    title: {
      text: `Messages, ${title}: operations per second per record`,
      subtitle:
        'median ops/s of the timed repetitions (log scale); further right is faster; one dot per place',
    },
    data: { values: records },
    facet: {
      field: 'record',
      type: 'nominal',
      sort: MESSAGE_NAMES.filter((name) => records.some((record) => record.record === name)),
      title: null,
      header: { labelFontWeight: 'bold', labelFontSize: 12 },
    },
    columns: 4,
    spec: {
      width: 190,
      height: { step: 12 },
      mark: { type: 'point', filled: true, size: 45 },
      encoding: {
        y: { field: 'label', type: 'nominal', sort: labels, title: null },
        x: {
          field: 'opsPerSec',
          type: 'quantitative',
          scale: { type: 'log' },
          axis: LOG_AXIS,
          title: 'ops/s',
        },
        color: { field: 'source', type: 'nominal', scale: sourceColors(records), title: 'place' },
        shape: { field: 'source', type: 'nominal', title: 'place' },
        tooltip: [
          { field: 'source', title: 'place' },
          { field: 'label', title: 'path' },
          { field: 'record' },
          { field: 'opsPerSec', title: 'ops/s', format: ',.0f' },
          { field: 'nsPerOp', title: 'ns/op', format: ',.0f' },
          { field: 'versusJson', title: 'x JSON', format: '.3g' },
        ],
      },
    },
    resolve: { scale: { x: 'shared', y: 'shared' } },
  };
}

/** The empty call's ns/op per module and place: the median over the module's instances (batches). */
function callFloorChart(sources) {
  const measured = callFloorRows(sources).filter((line) => line.nsPerOp > 0);
  const withPlace = [...groupBy(measured, (line) => `${line.source}|${line.codec}`).values()].map((group) => {
    const nsPerOp = median(group.map((line) => line.nsPerOp));
    return {
      source: group[0].source,
      codec: group[0].codec,
      place: sources.find((source) => source.source === group[0].source).place,
      nsPerOp,
      opsPerSec: 1e9 / nsPerOp,
      instances: group.length,
    };
  });
  return {
    $schema: VEGA_LITE_SCHEMA,
    title: {
      text: 'The per-call floor: one call into wasm that does nothing',
      subtitle:
        'ns per call of an exported function with no arguments and no work, per module and place (median over its instances)',
    },
    data: { values: withPlace },
    width: 420,
    height: { step: 14 },
    mark: 'bar',
    encoding: {
      y: { field: 'codec', type: 'nominal', title: 'module' },
      yOffset: { field: 'source' },
      x: { field: 'nsPerOp', type: 'quantitative', title: 'ns per call' },
      color: { field: 'source', type: 'nominal', scale: sourceColors(withPlace), title: 'place' },
      tooltip: [
        { field: 'source', title: 'place' },
        { field: 'codec', title: 'module' },
        { field: 'nsPerOp', title: 'ns/call (median)', format: ',.1f' },
        { field: 'opsPerSec', title: 'calls/s', format: ',.0f' },
        { field: 'instances', title: 'module instances' },
      ],
    },
  };
}

const chartId = (operation) => `messages-${operation.toLowerCase()}`;

/** The charts of a messages report: [{ id, title, spec, empty }] in page order. */
export function messageCharts(sources) {
  const charts = [];
  const add = (id, spec) =>
    charts.push({ id, title: spec.title.text, spec, empty: spec.data.values.length === 0 });
  for (const operation of MESSAGE_OPERATIONS) add(chartId(operation), opsChart(sources, operation));
  add('call-floor', callFloorChart(sources));
  return charts;
}

// ---- headlines -----------------------------------------------------------------

export function formatOps(ops) {
  if (!(ops > 0)) return '-';
  if (ops >= 1e6) return `${(ops / 1e6).toPrecision(3)} M`;
  if (ops >= 1e3) return `${(ops / 1e3).toPrecision(3)} k`;
  return ops.toPrecision(3);
}

export function formatNs(ns) {
  if (!(ns >= 0)) return '-';
  return ns >= 100 ? ns.toFixed(0) : ns.toPrecision(3);
}

const formatTimes = (ratio) =>
  ratio === undefined ? '-' : `${ratio >= 10 ? ratio.toFixed(0) : ratio.toPrecision(2)}x`;

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
      const versus = json && !best.baseline ? ` (${formatTimes(best.versusJson)} JSON)` : '';
      lines.push(
        `${source} ${record}: fastest ${best.label} ${formatOps(best.opsPerSec)} ops/s${versus}` +
          (json ? `; JSON ${formatOps(json.opsPerSec)} ops/s.` : '.'),
      );
    }
    headlines[chartId(operation)] = lines;
  }
  const floors = callFloorRows(sources).filter((line) => line.nsPerOp > 0);
  headlines['call-floor'] = [...groupBy(floors, (line) => line.source)].map(([source, group]) => {
    const values = group.map((line) => line.nsPerOp).sort((a, b) => a - b);
    const range =
      values.length === 1 ? formatNs(values[0]) : `${formatNs(values[0])} to ${formatNs(values.at(-1))}`;
    return `${source}: an empty call costs ${range} ns (${group.length} module instance(s)).`;
  });
  return headlines;
}

// ---- HTML ------------------------------------------------------------------------

const HOW_TO_READ = {
  encode:
    'Encodes per second of one record (the JS object to bytes), one panel per record, every path on the same log axis: C++ codecs in wasm through val or embind, the JSON baseline (JSON.stringify), and the pure-JS libraries. Each repetition is a loop of calls long enough for the clock; the dot is the median of the repetitions.',
  decode:
    'Decodes per second (bytes to the JS record, verified after timing against the original record), against JSON.parse plus the revive of Date and binary fields.',
  roundTrip: 'Encode followed by decode of the result, per second: what a request/response pair costs.',
  floor:
    'An exported wasm function with no arguments that does no work, called in a loop: what any call into wasm costs, whatever it does. Compare it with the ns/op of the codec paths below: a record whose encode is a few times this floor spends most of its time crossing the boundary.',
};

function opsCell(line, operation) {
  const value = line[operation];
  return value ? `${formatOps(value.opsPerSec)} (${formatNs(value.nsPerOp)} ns)` : '';
}

function shareCell(share) {
  return share === undefined || !Number.isFinite(share) ? '' : `${Math.round(share * 100)}%`;
}

function recordSection(sources, record) {
  const lines = recordTableRows(sources, record);
  const columns = [
    { title: 'place', value: (r) => r.source },
    { title: 'path', value: (r) => r.label },
    ...MESSAGE_OPERATIONS.map((operation) => ({
      title: `${OPERATION_TITLES[operation]} ops/s (ns/op)`,
      value: (r) => (r.status === 'ok' ? opsCell(r, operation) : ''),
      num: true,
    })),
    { title: 'encode x JSON', value: (r) => formatTimes(r.encode?.versusJson), num: true },
    { title: 'decode x JSON', value: (r) => formatTimes(r.decode?.versusJson), num: true },
    {
      title: 'boundary share enc / dec',
      value: (r) =>
        r.boundaryShare ? `${shareCell(r.boundaryShare.encode)} / ${shareCell(r.boundaryShare.decode)}` : '',
      num: true,
    },
    { title: 'bytes', value: (r) => (r.encodedBytes === undefined ? '' : r.encodedBytes), num: true },
    {
      title: 'status',
      value: (r) =>
        r.status === 'ok'
          ? r.floor
            ? 'floor (no codec work)'
            : 'ok'
          : r.status === 'n/a'
            ? `n/a: ${r.reason}`
            : `failed: ${r.error}`,
      cls: (r) => (r.status === 'failed' ? 'bad' : ''),
    },
  ];
  const jsonBytes = lines.find((line) => line.jsonBytes !== undefined)?.jsonBytes;
  return `<section id="record-${escapeHtml(record)}"><h3>${escapeHtml(record)}${jsonBytes !== undefined ? ` <small>(${jsonBytes} bytes as JSON)</small>` : ''}</h3>
${htmlTable(columns, lines)}</section>`;
}

function floorSection(sources) {
  const lines = callFloorRows(sources);
  if (lines.length === 0)
    return '<section id="floor"><h2>Per-call floor</h2><p class="empty">No wasm module in these results (no empty-call row).</p></section>';
  const columns = [
    { title: 'place', value: (r) => r.source },
    { title: 'module', value: (r) => r.codec },
    { title: 'instance', value: (r) => r.batch ?? '' },
    { title: 'ns per call', value: (r) => formatNs(r.nsPerOp), num: true },
    { title: 'calls/s', value: (r) => formatOps(r.opsPerSec), num: true },
    { title: 'status', value: (r) => (r.status === 'ok' ? 'ok' : `failed: ${r.error}`) },
  ];
  return `<section id="floor-table"><h2>Per-call floor</h2>
<p class="how">${escapeHtml(HOW_TO_READ.floor)}</p>
${htmlTable(columns, lines)}</section>`;
}

function chartSection(chart, headlines, how) {
  const lines = headlines[chart.id] ?? [];
  const headline =
    lines.length > 0
      ? `<ul class="headline">${lines.map((line) => `<li>${escapeHtml(line)}</li>`).join('')}</ul>`
      : '';
  if (chart.empty)
    return `<section id="${chart.id}"><h2>${escapeHtml(chart.title)}</h2><p class="empty">No chart: no data in these results.</p></section>`;
  return `<section id="${chart.id}">
<h2>${escapeHtml(chart.title)}</h2>
${how ? `<p class="how">${escapeHtml(how)}</p>` : ''}
${headline}
<div class="view" data-chart="${chart.id}"></div>
<p class="meta"><a href="${chart.id}.svg">${chart.id}.svg</a></p>
</section>`;
}

/** The messages report page. */
export function messagesReportHtml({
  headers,
  sources,
  charts,
  headlines,
  generated,
  vegaSource,
  vegaVersion,
}) {
  const specs = Object.fromEntries(charts.filter((c) => !c.empty).map((c) => [c.id, c.vega]));
  const records = recordsOf(sources);
  const how = {
    ...Object.fromEntries(
      MESSAGE_OPERATIONS.map((operation) => [chartId(operation), HOW_TO_READ[operation]]),
    ),
    'call-floor': HOW_TO_READ.floor,
  };
  const nav = [
    ...charts.filter((c) => !c.empty).map((c) => `<a href="#${c.id}">${escapeHtml(c.id)}</a>`),
    '<a href="#records">tables per record</a>',
    '<a href="#floor-table">floor</a>',
  ].join('');
  const body = `<h1>wasm-codec-bench report: messages</h1>
<p class="meta">Generated ${escapeHtml(generated)} by <code>npm run report</code> from ${headers.length} results file(s) of the messages workload (single records, operations per second); charts drawn by Vega ${escapeHtml(vegaVersion)} (inlined). Hover a dot for its values.</p>
<nav>${nav}</nav>
<section id="runs"><h2>Runs</h2>
${runsTable(headers)}
</section>
${charts.map((chart) => chartSection(chart, headlines, how[chart.id])).join('\n')}
<section id="records"><h2>Per record</h2>
<p class="how">ops/s: median operations per second (ns/op = 10^9 / ops/s). x JSON: ops/s over the JSON baseline's of the same record and place (above 1 = faster than JSON). Boundary share: the strategy's floor (the same marshalling with no codec call) over the path's ns/op, measured in the same page or process. Floor rows do no codec work; a path that cannot hold a record exactly is a failed row naming why; a strategy that does not offer a record has no line.</p>
${records.map((record) => recordSection(sources, record)).join('\n')}
</section>
${floorSection(sources)}`;
  return htmlPage({ title: 'wasm-codec-bench report: messages', body, specs, vegaSource });
}
