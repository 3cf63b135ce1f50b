// The page's tables of the documents workload, with the console's cells
// (tables.mjs: timeCells, jbbTimeCells, sizeCells, sharesText): per data
// set, the time table (each path, its ratios against the JSON baseline of
// its own batch and the fastest JS library, its interop share) with JBB's
// published figures in labelled reference rows, then the size table.

import { isJsonBaseline } from '../../catalog.mjs';
import { statusText } from '../../harness/format.mjs';
import { fastestText } from '../../harness/references.mjs';
import { VERDICT_LEGEND } from '../../harness/verdict.mjs';
import { element, spanningRow, tableOf } from '../../report/dom.mjs';
import { JBB_SOURCE } from './jbb-reference.mjs';
import { datasetTitle, datasetsOf, timeTable, userFileOf } from './model.mjs';
import { TIME_HEADER, jbbTimeCells, sharesText, sizeCells, timeCells } from './tables.mjs';

export const DOCUMENT_TABLE_LEGEND =
  "Times: median ms of the timed runs. xJSON = JSON.stringify/parse's median / this path's (>1 = faster), " +
  'the JSON baseline measured beside the path in this page. xBestJS = the fastest pure-JS library of the ' +
  'data set / this path. interop = (total - codec) / total: the share of the call spent crossing JS <-> wasm. ' +
  `${VERDICT_LEGEND} JBB published (grey rows): ${JBB_SOURCE}; another machine and other data, a reference ` +
  'for the shape only.';

// JBB's rows stand apart from the measured ones.
const REFERENCE_STYLE = 'color: #666; font-style: italic;';

/** A <tr> of text cells; `attributes` go to its dataset. */
function tableRow(cells, attributes, className) {
  const tr = element('tr', undefined, className);
  if (className === 'reference') tr.style.cssText = REFERENCE_STYLE;
  Object.assign(tr.dataset, attributes);
  for (const cell of cells) tr.append(element('td', cell));
  return tr;
}

/** One path's line of the time table: its cells, or the reason it has none. */
function timeRow(line) {
  const { row, label } = line;
  const attributes = { path: label, status: row.status, impl: row.impl };
  if (row.status !== 'ok') {
    const tr = spanningRow(
      label,
      statusText(row),
      TIME_HEADER.length,
      row.status === 'n/a' ? 'not-applicable' : 'failed',
    );
    Object.assign(tr.dataset, attributes);
    return tr;
  }
  return tableRow([label, ...timeCells(line)], attributes, isJsonBaseline(row) ? 'baseline' : undefined);
}

/** Renders every data set's time and size tables into `container`. */
export function renderDocumentTables(container, rows) {
  const sections = datasetsOf(rows).map((dataset) => {
    const time = timeTable(rows, dataset);
    const section = element('section', undefined, 'dataset');
    section.dataset.dataset = dataset;
    if (userFileOf(rows, dataset)) section.classList.add('user-dataset');
    const jbbRow = (cells) => tableRow(cells, { role: 'jbb' }, 'reference');
    const timeNode = tableOf(
      `${datasetTitle(rows, dataset, time.jsonBytes)}: time per call`,
      TIME_HEADER,
      [...time.lines.map(timeRow), ...jbbTimeCells(dataset).map(jbbRow)],
      'documents',
    );
    timeNode.dataset.dataset = dataset;
    timeNode.dataset.role = 'time';
    const sizes = sizeCells(rows, dataset, time.jsonBytes);
    const sizeRows = sizes.lines.map((cells) => tableRow(cells, { path: cells[0] }));
    const sizeNode = tableOf(
      `${dataset}: encoded size`,
      sizes.header,
      [...sizeRows, ...sizes.jbb.map(jbbRow)],
      'documents',
    );
    sizeNode.dataset.dataset = dataset;
    sizeNode.dataset.role = 'size';
    const shares = sharesText(rows, dataset);
    const notes = [
      `Fastest JS library: ${fastestText(time.fastest, { page: true })}.`,
      shares && `${shares[0].toUpperCase()}${shares.slice(1)}.`,
    ];
    section.append(timeNode, ...notes.filter(Boolean).map((text) => element('p', text, 'note')), sizeNode);
    return section;
  });
  container.replaceChildren(...sections);
}
