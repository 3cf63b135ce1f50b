// One HTML table per payload size, with the same columns and number formats
// as the Node runner's console tables (tables.mjs beside this file), and the
// table of what each path's decode returns (cleanliness).

import { isJsonBaseline, pathLabel } from '../../catalog.mjs';
import { formatYesNo } from '../../harness/format.mjs';
import { groupBy } from '../../harness/group-by.mjs';
import { orderOfPaths } from '../../harness/path-order.mjs';
import { referenceOf } from '../../harness/references.mjs';
import { element, spanningRow, tableOf } from '../../report/dom.mjs';
import {
  CLEANLINESS_LEGEND,
  TABLE_LEGEND,
  cleanlinessByPath,
  stepLines,
  stepOptions,
  stepTitle,
  tableHeader,
} from './tables.mjs';

export { CLEANLINESS_LEGEND, TABLE_LEGEND };

/**
 * The JSON baseline of `row`: the one measured in its own batch (same page
 * or browser context) at this size, else a stand-in for every batch's
 * (their medians' median).
 */
export function baselineOf(row, baselines) {
  return referenceOf(row, baselines);
}

/** A line of stepLines as a <tr>: a path's (its row's facts in its dataset), or a spanning note. */
function lineRow({ role, label, row, cells, text }, columns) {
  if (role) {
    const tr = spanningRow(label.trim(), text, columns, role);
    tr.dataset.role = role;
    return tr;
  }
  const tr = cells
    ? element('tr', undefined, isJsonBaseline(row) ? 'baseline' : undefined)
    : spanningRow(label, text, columns, 'failed');
  Object.assign(tr.dataset, { path: pathLabel(row), status: row.status, impl: row.impl });
  if (row.batch !== undefined) tr.dataset.batch = row.batch;
  for (const cell of cells ? [label, ...cells] : []) tr.append(element('td', cell));
  return tr;
}

/**
 * Renders every row into `container`, one table per step, smallest first,
 * with the console's lines (tables.mjs stepLines): the fastest-JS-library
 * line goes in the table's footer, so the body holds one row per path (and
 * a line against UTF-8 JSON under a codec whose batch measured it).
 */
export function renderTables(container, rows) {
  const order = orderOfPaths(rows);
  const tables = [...groupBy(rows, (row) => row.step).entries()]
    .sort(([a], [b]) => a - b)
    .map(([step, stepRows]) => {
      const options = { ...stepOptions(stepRows), page: true };
      const header = tableHeader(options);
      const lines = stepLines(stepRows, order, options);
      const body = lines
        .filter((line) => line.role !== 'fastest')
        .map((line) => lineRow(line, header.length));
      const table = tableOf(stepTitle(stepRows[0]), header, body);
      table.dataset.step = String(step);
      const fastest = lines.filter((line) => line.role === 'fastest');
      if (fastest.length > 0) {
        const foot = element('tfoot');
        foot.append(...fastest.map((line) => lineRow(line, header.length)));
        table.append(foot);
      }
      return table;
    });
  container.replaceChildren(...tables);
}

/** Renders the cleanliness table (one row per path) into `container`. */
export function renderCleanliness(container, rows) {
  const entries = cleanlinessByPath(rows);
  if (entries.length === 0) return container.replaceChildren();
  const header = ['path', 'plain object', 'exact keys x, y, z', 'data properties', 'clean', 'detail'];
  const body = entries.map(({ label, cleanliness }) => {
    const tr = element('tr');
    tr.dataset.path = label;
    tr.dataset.clean = String(cleanliness.clean);
    tr.append(element('td', label));
    for (const key of ['plainObject', 'exactKeys', 'dataProperties', 'clean']) {
      const answer = formatYesNo(cleanliness[key]);
      tr.append(element('td', answer, answer));
    }
    tr.append(element('td', cleanliness.detail ?? ''));
    return tr;
  });
  container.replaceChildren(tableOf(undefined, header, body, 'cleanliness'));
}
