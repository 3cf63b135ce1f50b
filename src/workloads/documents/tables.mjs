// The console tables of the documents workload: per data set, the time table
// (each path, its ratios against JSON and the fastest JS library, its
// interop share), JBB's published figures beside it, and the size table.
// Any place can print them from a results file.

import { alignFirstLeft, formatBytes, formatMs, formatShare, renderColumns } from '../../harness/format.mjs';
import { fastestText } from '../../harness/references.mjs';
import { VERDICT_LEGEND, formatVerdictRatio } from '../../harness/verdict.mjs';
import { JBB_FORMATS, JBB_SOURCE, jbbReference } from './jbb-reference.mjs';
import { datasetTitle, datasetsOf, interopShares, sizeTable, timeTable } from './model.mjs';

export const TIME_HEADER = [
  'path',
  'encode ms',
  'decode ms',
  'enc xJSON',
  'dec xJSON',
  'enc xBestJS',
  'dec xBestJS',
  'enc interop',
  'dec interop',
];

export const LEGEND =
  "Times: median ms of the timed runs. xJSON = JSON.stringify/parse's median / this path's (>1 = faster), " +
  'the JSON baseline measured in the same process. xBestJS = the fastest pure-JS library of the data set / ' +
  'this path (another process). interop = (total - codec) / total: the share of the call spent crossing ' +
  'JS <-> wasm, or JS <-> C++ through Node-API for a "(addon)" path (the same C++ as a native addon, ' +
  `bench:node only). ${VERDICT_LEGEND}`;

function timeLine({ row, label, vsJson, vsFastest, encodeShare, decodeShare }) {
  if (row.status === 'n/a') return { label, text: `n/a: ${row.reason}` };
  if (row.status !== 'ok') return { label, text: `FAILED: ${row.error}` };
  return [
    label,
    formatMs(row.encode.median),
    formatMs(row.decode.median),
    formatVerdictRatio(vsJson?.encode),
    formatVerdictRatio(vsJson?.decode),
    formatVerdictRatio(vsFastest?.encode),
    formatVerdictRatio(vsFastest?.decode),
    encodeShare === undefined ? '-' : formatShare(encodeShare),
    decodeShare === undefined ? '-' : formatShare(decodeShare),
  ];
}

/** JBB's published figures for the data set, as reference lines (none when it has none). */
function jbbLines(dataset) {
  const reference = jbbReference(dataset);
  if (!reference) return [];
  return JBB_FORMATS.map((format) => {
    const { encodeMs, decodeMs } = reference[format];
    return [`JBB published: ${format}`, formatMs(encodeMs), formatMs(decodeMs), '', '', '', '', '', ''];
  });
}

const SIZE_HEADER = ['format (library)', 'bytes', 'gzip', 'gzip-9', 'x JSON size'];

function sizeLines(rows, dataset, jsonBytes) {
  const lines = sizeTable(rows, dataset).map((line) => [
    line.label,
    formatBytes(line.bytes),
    formatBytes(line.gzipBytes),
    line.gzip9Bytes === undefined ? '-' : formatBytes(line.gzip9Bytes),
    jsonBytes ? `${(line.bytes / jsonBytes).toFixed(2)}` : '-',
  ]);
  const reference = jbbReference(dataset);
  if (reference) {
    for (const format of JBB_FORMATS) {
      const { bytes, gzip9Bytes } = reference[format];
      lines.push([`JBB published: ${format}`, formatBytes(bytes), '', formatBytes(gzip9Bytes), '']);
    }
  }
  return lines;
}

function sharesText(rows, dataset) {
  const shares = interopShares(rows, dataset);
  const parts = Object.entries(shares).map(
    ([strategy, { encode, decode }]) =>
      `${strategy} encode ${encode === undefined ? '-' : formatShare(encode)}, decode ${decode === undefined ? '-' : formatShare(decode)}`,
  );
  return parts.length > 0 ? `interop share (median over codecs): ${parts.join('; ')}` : '';
}

/** Every data set's tables, then the legend. */
export function renderDocumentTables(rows) {
  const sections = datasetsOf(rows).map((dataset) => {
    const table = timeTable(rows, dataset);
    return [
      `== ${datasetTitle(rows, dataset, table.jsonBytes)}`,
      renderColumns(
        TIME_HEADER,
        [...table.lines.map(timeLine), ...jbbLines(dataset)],
        alignFirstLeft(TIME_HEADER),
      ),
      `fastest JS library: ${fastestText(table.fastest)}`,
      sharesText(rows, dataset),
      '',
      renderColumns(SIZE_HEADER, sizeLines(rows, dataset, table.jsonBytes), alignFirstLeft(SIZE_HEADER)),
    ]
      .filter((part) => part !== '')
      .join('\n');
  });
  return [...sections, LEGEND, `JBB published: ${JBB_SOURCE}.`].join('\n\n');
}
