// The report of the tuples workload, found by name by src/report/index.mjs:
// time, speed vs JSON, where the time goes, the wasm penalty, sizes and
// module sizes against the JSON payload size, with the runs, limits and
// memory tables (the tables per size and what decode returns are the
// view's: view.mjs, src/report/file-report.mjs, as is what the charts say:
// each file's answer). Model, charts and HTML are in the
// report-*.mjs files beside this one.

import {
  SHIPPED_BYTES_CHART_ID,
  shippedBytesChart,
  shippedHeadlines,
  shippedSectionHtml,
} from '../../report/shipped-bytes.mjs';
import { readShippedBytes } from '../../report/shipped-bytes-file.mjs';
import { reportCharts } from './report-charts.mjs';
import { reportHtml, threeWaysSection } from './report-html.mjs';
import { OPERATIONS, PHASES, threeWaysRecords } from './report-model.mjs';
import { limitRows, memoryRows } from './report-size-model.mjs';

/** What the report writes, for npm run report --help. */
export const help = `time and speed vs JSON against payload size, where the time goes, the
    three ways to run the same C++ (native, wasm, the Node-API addon), the wasm penalty, encoded
    and module sizes (time-encode, time-decode, ratio-encode, ratio-decode, breakdown-encode,
    breakdown-decode, three-ways-encode, three-ways-decode, wasm-penalty, sizes, modules,
    compression (time against the bytes that leave, with --compress), shipped-bytes), run headers, the view's tables per file (per size, cleanliness), payload limits, memory, three-ways and shipped-bytes
    tables (the last from the wasm build's shipped-bytes.json, not from the results files)`;

/** --compare works on these results (one row per path and size). */
export const comparable = true;

/** The charts: [{ id, title, spec, empty }] in page order; `sizeMB` picks the breakdown's size. */
export const charts = (sources, { sizeMB }) => [
  ...reportCharts(sources, { sizeMB }),
  shippedBytesChart(readShippedBytes()),
];

/**
 * What each chart says, by chart id: the results files' charts say it in each
 * file's answer (src/report/file-report.mjs); the shipped bytes are the wasm
 * build's, no results file's.
 */
export const headlines = () => ({ [SHIPPED_BYTES_CHART_ID]: shippedHeadlines(readShippedBytes()) });

/** The report page. */
export function html(input) {
  const { sources, sizeMB } = input;
  return reportHtml(input, {
    limits: limitRows(sources),
    memory: memoryRows(sources, sizeMB),
    extraSections: [
      threeWaysSection(
        OPERATIONS.flatMap((operation) =>
          threeWaysRecords(sources, operation, sizeMB).lines.map((line) => ({ operation, ...line })),
        ),
        PHASES,
      ),
      { id: 'shipped-bytes-table', html: shippedSectionHtml(readShippedBytes()) },
    ].filter(Boolean),
  });
}
