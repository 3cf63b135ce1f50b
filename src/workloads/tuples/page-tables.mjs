// One HTML table per payload size, with the same columns and number formats
// as the Node runner's console tables (tables.mjs beside this file), and the
// table of what each path's decode returns (cleanliness).

import { isJsonBaseline, pathLabel } from '../../catalog.mjs';
import {
  formatBytes,
  formatMs,
  formatRatio,
  formatShare,
  interopShare,
  speedRatio,
} from '../../harness/format.mjs';
import {
  CLEANLINESS_LEGEND,
  FASTEST_LABEL,
  TABLE_LEGEND,
  cleanlinessByPath,
  fastestPeers,
  isPeerRow,
  stepTitle,
  tableHeader,
} from './tables.mjs';
import { median } from '../../harness/stats.mjs';

export { CLEANLINESS_LEGEND, TABLE_LEGEND };

function element(tag, text, className) {
  const node = document.createElement(tag);
  if (text !== undefined) node.textContent = text;
  if (className) node.className = className;
  return node;
}

/**
 * The JSON baseline of `row`: the one measured in its own batch (same page
 * or browser context) at this size, else the median of every batch's.
 */
export function baselineOf(row, baselines) {
  const ok = baselines.filter((baseline) => baseline.status === 'ok');
  const own = ok.find((baseline) => baseline.batch === row.batch);
  if (own) return own;
  return ok.length > 0 ? mergedBaseline(ok) : undefined;
}

/** One row standing for several JSON baseline rows: their medians' median. */
function mergedBaseline(ok) {
  const at = (operation) => ({ ...ok[0][operation], median: median(ok.map((row) => row[operation].median)) });
  return { ...ok[0], encode: at('encode'), decode: at('decode') };
}

// No ratio where either median is 0: a coarse clock (a page that is not
// cross-origin isolated) rounds the fastest operations down to nothing.
function cellsOf(row, { baseline, fastest, gzip9 }) {
  const versus = (reference, operation) => formatRatio(speedRatio(reference, row[operation].median));
  return [
    formatMs(row.encode.median),
    formatMs(row.decode.median),
    formatBytes(row.encodedBytes),
    formatBytes(row.gzipBytes),
    ...(gzip9 ? [formatBytes(row.gzip9Bytes)] : []),
    isJsonBaseline(row) ? '1.00x' : versus(baseline?.encode.median, 'encode'),
    isJsonBaseline(row) ? '1.00x' : versus(baseline?.decode.median, 'decode'),
    versus(fastest?.encode.encode.median, 'encode'),
    versus(fastest?.decode.decode.median, 'decode'),
    formatShare(interopShare(row.encode, row.encodePhases)),
    formatShare(interopShare(row.decode, row.decodePhases)),
  ];
}

function tableRow(row, options, columns, label = pathLabel(row)) {
  const tr = element('tr');
  tr.dataset.path = pathLabel(row);
  tr.dataset.status = row.status;
  tr.dataset.impl = row.impl;
  if (row.batch !== undefined) tr.dataset.batch = row.batch;
  tr.append(element('td', label));
  if (row.status !== 'ok') {
    tr.className = 'failed';
    const cell = element('td', `failed: ${row.error}`);
    cell.colSpan = columns - 1;
    tr.append(cell);
    return tr;
  }
  if (isJsonBaseline(row)) tr.className = 'baseline';
  for (const text of cellsOf(row, options)) tr.append(element('td', text));
  return tr;
}

// The line naming the fastest JS library of a size (encode and decode).
function fastestRow(fastest, columns) {
  const tr = element('tr', undefined, 'fastest');
  tr.dataset.role = 'fastest';
  tr.append(element('td', FASTEST_LABEL));
  const text = fastest
    ? ['encode', 'decode']
        .map(
          (operation) =>
            `${operation}: ${pathLabel(fastest[operation])} ${formatMs(fastest[operation][operation].median)} ms`,
        )
        .join('; ')
    : 'no JS library measured ok at this size';
  const cell = element('td', text);
  cell.colSpan = columns - 1;
  tr.append(cell);
  return tr;
}

/**
 * Renders every row into `container`, one table per step, smallest first.
 * The fastest-JS-library line goes in the table's footer, so the body
 * holds exactly one row per path; the JSON baseline rows of a size (one per
 * path, each measured beside it) are one line, their median; each path's
 * ratio uses the baseline of its own batch.
 */
export function renderTables(container, rows) {
  const bySteps = new Map();
  for (const row of rows) {
    if (!bySteps.has(row.step)) bySteps.set(row.step, []);
    bySteps.get(row.step).push(row);
  }
  const tables = [...bySteps.entries()]
    .sort(([a], [b]) => a - b)
    .map(([step, stepRows]) => {
      const baselines = stepRows.filter(isJsonBaseline);
      const options = {
        fastest: fastestPeers(stepRows),
        gzip9: stepRows.some((row) => row.gzip9Bytes !== undefined),
      };
      const header = tableHeader(options);
      const table = element('table');
      table.dataset.step = String(step);
      table.append(element('caption', stepTitle(stepRows[0])));
      const head = element('tr');
      for (const title of header) head.append(element('th', title));
      table.append(element('thead'));
      table.tHead.append(head);
      const body = element('tbody');
      if (baselines.length > 0) {
        const ok = baselines.filter((row) => row.status === 'ok');
        const shown = ok.length > 0 ? { ...mergedBaseline(ok), batch: undefined } : baselines[0];
        const runs = baselines.length > 1 ? ` x${baselines.length}` : '';
        body.append(tableRow(shown, options, header.length, `${pathLabel(shown)}${runs}`));
      }
      for (const row of stepRows.filter((row) => !isJsonBaseline(row)))
        body.append(tableRow(row, { ...options, baseline: baselineOf(row, baselines) }, header.length));
      table.append(body);
      if (stepRows.some(isPeerRow)) {
        const foot = element('tfoot');
        foot.append(fastestRow(options.fastest, header.length));
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
  const table = element('table', undefined, 'cleanliness');
  const head = element('tr');
  for (const title of ['path', 'plain object', 'exact keys x, y, z', 'data properties', 'clean', 'detail'])
    head.append(element('th', title));
  table.append(element('thead'));
  table.tHead.append(head);
  const body = element('tbody');
  for (const { label, cleanliness } of entries) {
    const tr = element('tr');
    tr.dataset.path = label;
    tr.dataset.clean = String(cleanliness.clean);
    tr.append(element('td', label));
    for (const key of ['plainObject', 'exactKeys', 'dataProperties', 'clean']) {
      tr.append(element('td', cleanliness[key] ? 'yes' : 'no', cleanliness[key] ? 'yes' : 'no'));
    }
    tr.append(element('td', cleanliness.detail ?? ''));
    body.append(tr);
  }
  table.append(body);
  container.replaceChildren(table);
}
