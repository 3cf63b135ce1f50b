// The report of the documents workload (run.workload 'documents'), found by
// name by src/report/index.mjs: per data set, the time table of every place
// side by side (x JSON and x the fastest JS library with their intervals,
// each within one run) with JBB's published figures as reference lines, the
// size table, and charts of the times and of the interop share. The model is
// in report-model.mjs, the charts in report-charts.mjs, the headlines in
// report-headlines.mjs; the HTML here.

import {
  escapeHtml,
  formatBytes,
  formatMs,
  formatRatio,
  formatShare,
  statusText,
} from '../../harness/format.mjs';
import { fastestText } from '../../harness/references.mjs';
import { VERDICT_LEGEND, formatWithInterval } from '../../harness/verdict.mjs';
import { htmlTable, reportPage } from '../../report/html.mjs';
import { JBB_SOURCE } from './jbb-reference.mjs';
import { INTEROP_CHART, chartId, documentCharts } from './report-charts.mjs';
import { COMPRESSION_CHART_ID, COMPRESSION_HOW } from '../../report/compression-chart.mjs';
import { documentHeadlines } from './report-headlines.mjs';
import { versusJsonText } from './tables.mjs';
import {
  JSON_CALLS,
  OPERATIONS,
  datasetEntry,
  datasetsOfSources,
  fastestPerSource,
  jbbTimeLines,
  jsonBytesOf,
  sizeLines,
  timeLines,
} from './report-model.mjs';
import { userFileOf, userFileText } from './model.mjs';

// ---- HTML ------------------------------------------------------------------------

const HOW_TO_READ = {
  [chartId('encode')]:
    'Median time of one encode (the JS value to bytes) of each data set, every path and place: the JSON baseline (JSON.stringify), the C++ codecs in wasm through val, text or tagged, through the Node-API addon (object, text, tagged; Node only), natively, and the pure-JS libraries. Each data set has its own log axis: compare paths within a panel.',
  [chartId('decode')]:
    'Median time of one decode (bytes to the JS value, checked against the data set after timing), against JSON.parse.',
  [COMPRESSION_CHART_ID]: COMPRESSION_HOW,
  [INTEROP_CHART]:
    'The share of a wasm call spent outside the codec: marshalling the value in or out and moving the bytes, (total - codec) / total, the median over the codecs measured through each strategy. What remains is the codec itself. The "(addon)" strategies are the same C++ through the Node-API addon: the other answer to what crossing costs.',
};

const TABLE_HOW = `Times: median ms of the timed runs. x JSON: ${JSON_CALLS.encode}/${JSON_CALLS.decode}'s median / the path's (above 1 = faster), the JSON baseline measured in the same process or page as the path. x fastest JS: the fastest pure-JS library of the same data set and place / the path (another process, the same run). Every ratio is taken within one results file: one place, one run; native runs have no JSON baseline and no JS library, so no ratio. Interop: the share of the call spent crossing JS <-> wasm (wasm paths), or JS <-> C++ through Node-API ("(addon)" paths: the same C++ as a native addon, Node only). ${VERDICT_LEGEND} A failed row names its error; n/a, why the format cannot hold the data set.`;

const JBB_NOTE = `JBB published: ${JBB_SOURCE}. Reference lines, not measured here: another machine, another Node.js and other data (its country polygons are not world-atlas's, its random JSON not this seed's), so they show the shape of the result, not a prediction.`;

function timeSection(sources, dataset) {
  const measured = timeLines(sources, dataset);
  const ok = (line) => line.row?.status === 'ok';
  const ratio = (key, operation) => (line) =>
    !ok(line)
      ? ''
      : key === 'vsJson'
        ? versusJsonText(line, operation, formatWithInterval)
        : formatWithInterval(line[key]?.[operation]);
  const columns = [
    { title: 'place', value: (line) => line.source ?? 'JBB (published)' },
    { title: 'path', value: (line) => line.label },
    ...OPERATIONS.map((operation) => ({
      title: `${operation} ms`,
      value: (line) =>
        line.reference
          ? formatMs(line[`${operation}Ms`])
          : ok(line)
            ? formatMs(line.row[operation]?.median)
            : '',
      num: true,
    })),
    ...OPERATIONS.map((operation) => ({
      title: `${operation} x JSON`,
      value: ratio('vsJson', operation),
      num: true,
    })),
    ...OPERATIONS.map((operation) => ({
      title: `${operation} x fastest JS`,
      value: ratio('vsFastest', operation),
      num: true,
    })),
    {
      title: 'interop enc / dec',
      value: (line) =>
        line.encodeShare === undefined && line.decodeShare === undefined
          ? ''
          : `${formatShare(line.encodeShare)} / ${formatShare(line.decodeShare)}`,
      num: true,
    },
    {
      title: 'status',
      value: (line) => (line.reference ? 'reference: published, not measured here' : statusText(line.row)),
      cls: (line) => (line.row?.status === 'failed' ? 'bad' : ''),
    },
  ];
  const reference = jbbTimeLines(dataset).map((line) => ({ ...line, reference: true }));
  const fastest = fastestPerSource(sources, dataset)
    .map(({ source, fastest: peers }) => `<li>${escapeHtml(`${source}: ${fastestText(peers)}`)}</li>`)
    .join('');
  return `${htmlTable(columns, [...measured, ...reference])}
${fastest ? `<p class="meta">Fastest JS library per place:</p><ul class="meta">${fastest}</ul>` : ''}`;
}

function sizeSection(sources, dataset) {
  const columns = [
    { title: 'format (library)', value: (line) => line.label },
    { title: 'places', value: (line) => (line.reference ? 'JBB (published)' : line.places.join(', ')) },
    { title: 'bytes', value: (line) => formatBytes(line.bytes), num: true },
    { title: 'gzip', value: (line) => (line.reference ? '' : formatBytes(line.gzipBytes)), num: true },
    { title: 'gzip -9', value: (line) => formatBytes(line.gzip9Bytes), num: true },
    { title: 'x JSON size', value: (line) => formatRatio(line.versusJson), num: true },
  ];
  return htmlTable(columns, sizeLines(sources, dataset));
}

function datasetSection(sources, dataset) {
  const entry = datasetEntry(dataset);
  const jsonBytes = jsonBytesOf(sources, dataset);
  const title = `${dataset}${entry ? `: ${entry.label}` : ''}`;
  const size = jsonBytes ? ` <small>(${escapeHtml(formatBytes(jsonBytes))} of JSON)</small>` : '';
  const jbb = jbbTimeLines(dataset).length > 0 ? `<p class="meta">${escapeHtml(JBB_NOTE)}</p>` : '';
  // A user's document: its file's size and document checksum, as its rows carry them.
  const file = userFileOf(
    sources.flatMap((source) => source.document.rows),
    dataset,
  );
  const what = entry && (file ? `${entry.what} (${userFileText(file)})` : entry.what);
  return `<section id="dataset-${escapeHtml(dataset)}"${file ? ' class="user-dataset"' : ''}><h3>${escapeHtml(title)}${size}</h3>
${what ? `<p class="how">${escapeHtml(what)}</p>` : ''}
<h4>Time</h4>
${timeSection(sources, dataset)}
<h4>Size</h4>
${sizeSection(sources, dataset)}
${jbb}</section>`;
}

// ---- the report's plug-in interface (src/report/index.mjs) -----------------------

/** What the report writes, for npm run report --help. */
export const help = `per data set, time and size tables of every place side by side (x JSON and
    x the fastest JS library with their intervals, interop share, raw / gzip / gzip -9 sizes) beside
    JBB's published figures, the time per data set and path (documents-encode, documents-decode) and
    the interop share per strategy (documents-interop), with the run headers`;

/** --compare works on the tuple workload's one-row-per-size results only. */
export const comparable = false;

/** The charts: [{ id, title, spec, empty }] in page order. */
export const charts = (sources) => documentCharts(sources);

/** What each chart says, by chart id. */
export const headlines = (sources) => documentHeadlines(sources);

/** The report page. */
export function html(input) {
  const { sources } = input;
  return reportPage(input, {
    title: 'wasm-codec-bench report: documents',
    about: ' of the documents workload (JSON documents, the JBB data sets)',
    hover: 'a dot',
    how: HOW_TO_READ,
    nav: [['datasets', 'tables per data set']],
    sections: `<section id="datasets"><h2>Per data set</h2>
<p class="how">${escapeHtml(TABLE_HOW)}</p>
${datasetsOfSources(sources)
  .map((dataset) => datasetSection(sources, dataset))
  .join('\n')}
</section>`,
  });
}
