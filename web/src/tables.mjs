// One HTML table per payload size, with the same columns and number formats
// as the Node runner's console tables (src/harness/table.mjs).

import { isJsonBaseline } from '../../src/harness/json-baseline.mjs';
import { pathLabel } from '../../src/harness/paths.mjs';
import {
  TABLE_LEGEND,
  formatBytes,
  formatMs,
  formatRatio,
  formatShare,
  interopShare,
  stepTitle,
} from '../../src/harness/table.mjs';

export { TABLE_LEGEND };

const HEADER = [
  'path',
  'encode ms',
  'decode ms',
  'bytes',
  'gzip',
  'enc xJSON',
  'dec xJSON',
  'enc interop',
  'dec interop',
];

function element(tag, text, className) {
  const node = document.createElement(tag);
  if (text !== undefined) node.textContent = text;
  if (className) node.className = className;
  return node;
}

function cellsOf(row, baseline) {
  // No ratio where either median is 0: a coarse clock (a page that is not
  // cross-origin isolated) rounds the fastest operations down to nothing.
  const ratio = (operation) => {
    const [reference, own] = [baseline?.[operation].median, row[operation].median];
    return reference > 0 && own > 0 ? reference / own : undefined;
  };
  return [
    formatMs(row.encode.median),
    formatMs(row.decode.median),
    formatBytes(row.encodedBytes),
    formatBytes(row.gzipBytes),
    isJsonBaseline(row) ? '1.00x' : formatRatio(ratio('encode')),
    isJsonBaseline(row) ? '1.00x' : formatRatio(ratio('decode')),
    formatShare(interopShare(row.encode, row.encodePhases)),
    formatShare(interopShare(row.decode, row.decodePhases)),
  ];
}

function tableRow(row, baseline) {
  const tr = element('tr');
  tr.dataset.path = pathLabel(row);
  tr.dataset.status = row.status;
  tr.append(element('td', pathLabel(row)));
  if (row.status !== 'ok') {
    tr.className = 'failed';
    const cell = element('td', `failed: ${row.error}`);
    cell.colSpan = HEADER.length - 1;
    tr.append(cell);
    return tr;
  }
  if (isJsonBaseline(row)) tr.className = 'baseline';
  for (const text of cellsOf(row, baseline)) tr.append(element('td', text));
  return tr;
}

/** Renders every row into `container`, one table per step, smallest first. */
export function renderTables(container, rows) {
  const bySteps = new Map();
  for (const row of rows) {
    if (!bySteps.has(row.step)) bySteps.set(row.step, []);
    bySteps.get(row.step).push(row);
  }
  const tables = [...bySteps.entries()]
    .sort(([a], [b]) => a - b)
    .map(([step, stepRows]) => {
      const baseline = stepRows.find((row) => isJsonBaseline(row) && row.status === 'ok');
      const table = element('table');
      table.dataset.step = String(step);
      table.append(element('caption', stepTitle(stepRows[0])));
      const head = element('tr');
      for (const title of HEADER) head.append(element('th', title));
      table.append(element('thead'));
      table.tHead.append(head);
      const body = element('tbody');
      for (const row of stepRows) body.append(tableRow(row, baseline));
      table.append(body);
      return table;
    });
  container.replaceChildren(...tables);
}
