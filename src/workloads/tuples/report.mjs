// The report of the tuples workload, found by name by src/report/index.mjs:
// the generic report (src/report/unit-report.mjs) with time and speed vs JSON
// as lines over the payload size, and its own views: where the time goes,
// the wasm penalty, the three ways to run the same C++, sizes and module
// sizes (report-charts.mjs), the payload limits, memory, three-ways and
// shipped-bytes tables (report-html.mjs). The tables per size and what
// decode returns are the view's (view.mjs, src/report/file-report.mjs), as
// is what the charts say: each file's answer.

import { formatMB } from '../../harness/format.mjs';
import {
  SHIPPED_BYTES_CHART_ID,
  shippedBytesChart,
  shippedHeadlines,
  shippedSectionHtml,
} from '../../report/shipped-bytes.mjs';
import { readShippedBytes } from '../../report/shipped-bytes-file.mjs';
import { reportFor } from '../../report/unit-report.mjs';
import { reportCharts } from './report-charts.mjs';
import { EMPTY_REASON, HOW_TO_READ, limitsSection, memorySection, threeWaysSection } from './report-html.mjs';
import { OPERATIONS, PHASES, threeWaysRecords } from './report-model.mjs';
import { limitRows, memoryRows } from './report-size-model.mjs';

/** The three-ways table of both operations at the chosen size: { id, html } or undefined. */
const threeWays = (sources, sizeMB) =>
  threeWaysSection(
    OPERATIONS.flatMap((operation) =>
      threeWaysRecords(sources, operation, sizeMB).lines.map((line) => ({ operation, ...line })),
    ),
    PHASES,
  );

export const { help, comparable, charts, headlines, html } = reportFor({
  name: 'tuples',
  title: 'wasm-codec-bench report',
  overSize: true,
  hover: 'a point or bar',
  comparable: true,
  help: `time and speed vs JSON against payload size, where the time goes, the
    three ways to run the same C++ (native, wasm, the Node-API addon), the wasm penalty, encoded
    and module sizes (time-encode, time-decode, ratio-encode, ratio-decode, breakdown-encode,
    breakdown-decode, three-ways-encode, three-ways-decode, wasm-penalty, sizes, modules,
    compression (time against the bytes that leave, with --compress), shipped-bytes), run headers, the view's tables per file (per size, cleanliness), payload limits, memory, three-ways and shipped-bytes
    tables (the last from the wasm build's shipped-bytes.json, not from the results files)`,
  // `sizeMB` picks the breakdown's size.
  own: (sources, { sizeMB }) => [...reportCharts(sources, { sizeMB }), shippedBytesChart(readShippedBytes())],
  // The shipped bytes are the wasm build's, no results file's: no file's answer says them.
  headlines: () => ({ [SHIPPED_BYTES_CHART_ID]: shippedHeadlines(readShippedBytes()) }),
  about: ({ sizeMB }) => `; breakdown and sizes at the size nearest ${formatMB(sizeMB)} MB`,
  how: HOW_TO_READ,
  empty: EMPTY_REASON,
  nav: (sources, { sizeMB }) =>
    ['limits', 'memory', threeWays(sources, sizeMB)?.id, 'shipped-bytes-table']
      .filter(Boolean)
      .map((id) => [id, id]),
  sections: (sources, { sizeMB }) =>
    [
      limitsSection(limitRows(sources)),
      memorySection(memoryRows(sources, sizeMB)),
      threeWays(sources, sizeMB)?.html,
      shippedSectionHtml(readShippedBytes()),
    ]
      .filter(Boolean)
      .join('\n'),
});
