// The page's tables of the documents workload, from the same table data as
// the console's (model.mjs: timeTable, sizeTable, interopShares) and with
// its columns (tables.mjs TIME_HEADER): per data set, the time table (each
// path, its ratios against the JSON baseline of its own batch and the
// fastest JS library, its interop share) with JBB's published figures in
// labelled reference rows, then the size table.

import { formatBytes, formatMs, formatShare } from '../../harness/format.mjs';
import { fastestText } from '../../harness/references.mjs';
import { VERDICT_LEGEND, formatVerdictRatio } from '../../harness/verdict.mjs';
import { JBB_FORMATS, JBB_SOURCE, jbbReference } from './jbb-reference.mjs';
import { datasetTitle, datasetsOf, interopShares, sizeTable, timeTable, userFileOf } from './model.mjs';
import { TIME_HEADER } from './tables.mjs';

export const DOCUMENT_TABLE_LEGEND =
  "Times: median ms of the timed runs. xJSON = JSON.stringify/parse's median / this path's (>1 = faster), " +
  'the JSON baseline measured beside the path in this page. xBestJS = the fastest pure-JS library of the ' +
  'data set / this path. interop = (total - codec) / total: the share of the call spent crossing JS <-> wasm. ' +
  `${VERDICT_LEGEND} JBB published (grey rows): ${JBB_SOURCE}; another machine and other data, a reference ` +
  'for the shape only.';

// JBB's rows stand apart from the measured ones.
const REFERENCE_STYLE = 'color: #666; font-style: italic;';

const SIZE_HEADER = ['format (library)', 'bytes', 'gzip', 'x JSON size'];

function element(tag, text, className) {
  const node = document.createElement(tag);
  if (text !== undefined) node.textContent = text;
  if (className) node.className = className;
  return node;
}

function table(caption, header, rows) {
  const node = element('table', undefined, 'documents');
  node.append(element('caption', caption));
  node.createTHead().append(element('tr'));
  for (const title of header) node.tHead.rows[0].append(element('th', title));
  const body = element('tbody');
  body.append(...rows);
  node.append(body);
  return node;
}

/** A <tr> of text cells; `attributes` go to its dataset. */
function tableRow(cells, attributes, className) {
  const tr = element('tr', undefined, className);
  if (className === 'reference') tr.style.cssText = REFERENCE_STYLE;
  Object.assign(tr.dataset, attributes);
  for (const cell of cells) tr.append(element('td', cell));
  return tr;
}

const shareCell = (share) => (share === undefined ? '-' : formatShare(share));

/** One path's line of the time table: its cells, or the reason it has none. */
function timeRow({ row, label, vsJson, vsFastest, encodeShare, decodeShare }) {
  const attributes = { path: label, status: row.status, impl: row.impl };
  if (row.status !== 'ok') {
    const text = row.status === 'n/a' ? `n/a: ${row.reason}` : `FAILED: ${row.error}`;
    const tr = tableRow([label], attributes, row.status === 'n/a' ? 'not-applicable' : 'failed');
    const cell = element('td', text);
    cell.colSpan = TIME_HEADER.length - 1;
    tr.append(cell);
    return tr;
  }
  const cells = [
    label,
    formatMs(row.encode.median),
    formatMs(row.decode.median),
    vsJson ? formatVerdictRatio(vsJson.encode) : '1.00x',
    vsJson ? formatVerdictRatio(vsJson.decode) : '1.00x',
    formatVerdictRatio(vsFastest?.encode),
    formatVerdictRatio(vsFastest?.decode),
    shareCell(encodeShare),
    shareCell(decodeShare),
  ];
  return tableRow(cells, attributes, vsJson ? undefined : 'baseline');
}

/** JBB's published figures for the data set as reference rows (none when it published none). */
function jbbTimeRows(dataset) {
  const reference = jbbReference(dataset);
  if (!reference) return [];
  return JBB_FORMATS.map((format) => {
    const { encodeMs, decodeMs } = reference[format];
    const cells = [`JBB published: ${format}`, formatMs(encodeMs), formatMs(decodeMs)];
    return tableRow([...cells, ...Array(TIME_HEADER.length - 3).fill('')], { role: 'jbb' }, 'reference');
  });
}

function sizeRows(rows, dataset, jsonBytes) {
  const lines = sizeTable(rows, dataset).map((line) =>
    tableRow(
      [
        line.label,
        formatBytes(line.bytes),
        formatBytes(line.gzipBytes),
        jsonBytes ? (line.bytes / jsonBytes).toFixed(2) : '-',
      ],
      { path: line.label },
    ),
  );
  const reference = jbbReference(dataset);
  for (const format of reference ? JBB_FORMATS : []) {
    // JBB published gzip -9 sizes; the page's gzip (CompressionStream) has no level.
    const { bytes, gzip9Bytes } = reference[format];
    const cells = [`JBB published: ${format}`, formatBytes(bytes), `${formatBytes(gzip9Bytes)} (-9)`, ''];
    lines.push(tableRow(cells, { role: 'jbb' }, 'reference'));
  }
  return lines;
}

function sharesText(rows, dataset) {
  const parts = Object.entries(interopShares(rows, dataset)).map(
    ([strategy, { encode, decode }]) =>
      `${strategy}: encode ${shareCell(encode)}, decode ${shareCell(decode)}`,
  );
  return parts.length > 0 ? `Interop share (median over codecs): ${parts.join('; ')}.` : '';
}

/** Renders every data set's time and size tables into `container`. */
export function renderDocumentTables(container, rows) {
  const sections = datasetsOf(rows).map((dataset) => {
    const time = timeTable(rows, dataset);
    const section = element('section', undefined, 'dataset');
    section.dataset.dataset = dataset;
    if (userFileOf(rows, dataset)) section.classList.add('user-dataset');
    const timeNode = table(`${datasetTitle(rows, dataset, time.jsonBytes)}: time per call`, TIME_HEADER, [
      ...time.lines.map(timeRow),
      ...jbbTimeRows(dataset),
    ]);
    timeNode.dataset.dataset = dataset;
    timeNode.dataset.role = 'time';
    const sizeNode = table(`${dataset}: encoded size`, SIZE_HEADER, sizeRows(rows, dataset, time.jsonBytes));
    sizeNode.dataset.dataset = dataset;
    sizeNode.dataset.role = 'size';
    const notes = [
      `Fastest JS library: ${fastestText(time.fastest, { page: true })}.`,
      sharesText(rows, dataset),
    ];
    section.append(timeNode, ...notes.filter(Boolean).map((text) => element('p', text, 'note')), sizeNode);
    return section;
  });
  container.replaceChildren(...sections);
}
