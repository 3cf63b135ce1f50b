// The report of the documents workload (run.workload 'documents'), found by
// name by src/report/index.mjs: charts of the times per data set and of the
// interop share. The tables per data set, with JBB's published figures, are
// the view's (view.mjs, src/report/file-report.mjs). The model is in
// report-model.mjs, the charts in report-charts.mjs, the headlines in
// report-headlines.mjs.

import { reportPage } from '../../report/html.mjs';
import { INTEROP_CHART, chartId, documentCharts } from './report-charts.mjs';
import { COMPRESSION_CHART_ID, COMPRESSION_HOW } from '../../report/compression-chart.mjs';
import { documentHeadlines } from './report-headlines.mjs';

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

// ---- the report's plug-in interface (src/report/index.mjs) -----------------------

/** What the report writes, for npm run report --help. */
export const help = `per file, the view's time and size tables per data set (x JSON and x the
    fastest JS library with their intervals, interop share, sizes) beside JBB's published figures,
    the time per data set and path (documents-encode, documents-decode) and
    the interop share per strategy (documents-interop), with the run headers`;

/** --compare works on the tuple workload's one-row-per-size results only. */
export const comparable = false;

/** The charts: [{ id, title, spec, empty }] in page order. */
export const charts = (sources) => documentCharts(sources);

/** What each chart says, by chart id. */
export const headlines = (sources) => documentHeadlines(sources);

/** The report page: the charts (the tables per data set are the view's, src/report/file-report.mjs). */
export function html(input) {
  return reportPage(input, {
    title: 'wasm-codec-bench report: documents',
    about: ' of the documents workload (JSON documents, the JBB data sets)',
    hover: 'a dot',
    how: HOW_TO_READ,
    sections: '',
  });
}
