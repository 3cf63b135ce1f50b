// The report of the documents workload (run.workload 'documents'), found by
// name by src/report/index.mjs: the generic report (src/report/unit-report.mjs)
// per data set, with the interop share and the compression trade-off. The
// tables per data set, with JBB's published figures, are the view's
// (view.mjs, src/report/file-report.mjs); JBB's figures are not drawn:
// another machine, another Node.js, other data.

import { COMPRESSION_HOW, compressionChart } from '../../report/compression-chart.mjs';
import { reportFor } from '../../report/unit-report.mjs';
import { view } from './view.mjs';

const id = (kind, operation) =>
  kind === 'time' ? `documents-${operation}` : `documents-${kind}-${operation}`;
export const INTEROP_CHART = 'documents-interop';

export const { help, charts, headlines, html } = reportFor({
  name: 'documents',
  view,
  id,
  share: INTEROP_CHART,
  // Time against the bytes that leave, with the compression stage (docs/design.md#compression).
  own: (sources) => [compressionChart(sources, { unitOf: (row) => row.dataset, unitTitle: 'data set' })],
  about: ' of the documents workload (JSON documents, the JBB data sets)',
  help: `per file, the answer and the view's time and size tables per data set (x JSON and x the
    fastest JS library, interop share, sizes) beside JBB's published figures, the time and the
    speed vs JSON per data set and path (documents-encode, documents-ratio-encode, ...) and the
    interop share per path (documents-interop), with the run headers`,
  how: {
    [id('time', 'encode')]:
      'Median time of one encode (the JS value to bytes) of each data set, every path and place: the JSON baseline (JSON.stringify), the C++ codecs in wasm through val, text or tagged, through the Node-API addon (Node only), natively, and the pure-JS libraries. Each data set has its own log axis: compare paths within a panel.',
    [id('time', 'decode')]:
      'Median time of one decode (bytes to the JS value, checked against the data set after timing), against JSON.parse.',
    compression: COMPRESSION_HOW,
    [INTEROP_CHART]:
      'The share of a C++ call spent outside the codec: marshalling the value in or out and moving the bytes, (total - codec) / total. "(addon)" paths are the same C++ through the Node-API addon.',
  },
});
