// One HTML table per payload size, with the same columns and number formats
// as the Node runner's console tables (tables.mjs beside this file), and the
// table of what each path's decode returns (cleanliness).

import { isJsonBaseline, isObjectFloor, pathLabel } from '../../catalog.mjs';
import { formatBytes, formatMs, formatShare, interopShare } from '../../harness/format.mjs';
import { formatVerdictRatio } from '../../harness/verdict.mjs';
import {
  CLEANLINESS_LEGEND,
  FASTEST_LABEL,
  TABLE_LEGEND,
  UTF8_LINE_LABEL,
  cleanlinessByPath,
  stepTitle,
  tableHeader,
  utf8Text,
} from './tables.mjs';
import {
  compareRow,
  compareWithFastest,
  compareWithFloor,
  fastestPeers,
  fastestText,
  isPeerRow,
  mergedStats,
  ownUtf8Baseline,
  referenceOf,
  rolesOf,
  utf8Representative,
} from '../../harness/references.mjs';
import { unitComparisons } from '../../harness/unit-comparisons.mjs';

export { CLEANLINESS_LEGEND, TABLE_LEGEND };

function element(tag, text, className) {
  const node = document.createElement(tag);
  if (text !== undefined) node.textContent = text;
  if (className) node.className = className;
  return node;
}

/**
 * The JSON baseline of `row`: the one measured in its own batch (same page
 * or browser context) at this size, else a stand-in for every batch's
 * (their medians' median).
 */
export function baselineOf(row, baselines) {
  return referenceOf(row, baselines);
}

/** One row standing for several rows of a reference path: their medians' median. */
function mergedRow(ok) {
  return { ...ok[0], encode: mergedStats(ok, 'encode'), decode: mergedStats(ok, 'decode') };
}

const ratioCells = (comparisons) => [
  formatVerdictRatio(comparisons?.encode),
  formatVerdictRatio(comparisons?.decode),
];

// No ratio where either median is 0: a coarse clock (a page that is not
// cross-origin isolated) rounds the fastest operations down to nothing.
function cellsOf(row, { baseline, fastest, floors = [], gzip9, xJson, xFastest, xFloor }) {
  return [
    formatMs(row.encode.median),
    formatMs(row.decode.median),
    formatBytes(row.encodedBytes),
    formatBytes(row.gzipBytes),
    ...(gzip9 ? [formatBytes(row.gzip9Bytes)] : []),
    ...(xJson ?? (isJsonBaseline(row) ? ['1.00x', '1.00x'] : ratioCells(compareRow(baseline, row)))),
    ...(xFastest ?? ratioCells(compareWithFastest(fastest, row))),
    ...(xFloor ?? (isObjectFloor(row) ? ['1.00x', '1.00x'] : ratioCells(compareWithFloor(row, floors)))),
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

// A line spanning the table after its label: the fastest JS library, a ratio against UTF-8 JSON.
function spanningRow(label, text, columns, role) {
  const tr = element('tr', undefined, role);
  tr.dataset.role = role;
  tr.append(element('td', label));
  const cell = element('td', text);
  cell.colSpan = columns - 1;
  tr.append(cell);
  return tr;
}

// Rows of one reference path (JSON, UTF-8 JSON, object floor) of a size as one line, their median.
function mergedTableRow(rows, options, columns) {
  const ok = rows.filter((row) => row.status === 'ok');
  const shown = ok.length > 0 ? { ...mergedRow(ok), batch: undefined } : rows[0];
  const runs = rows.length > 1 ? ` x${rows.length}` : '';
  return tableRow(shown, options, columns, `${pathLabel(shown)}${runs}`);
}

/**
 * Renders every row into `container`, one table per step, smallest first.
 * The fastest-JS-library line goes in the table's footer, so the body
 * holds one row per path (and a line against UTF-8 JSON under a codec
 * whose batch measured it); the JSON baseline rows of a size (one per path,
 * each measured beside it) are one line, their median; each path's ratio
 * uses the baseline of its own batch.
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
      const { baselines, utf8, floors, others } = rolesOf(stepRows);
      const options = {
        fastest: fastestPeers(stepRows),
        floors,
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
      // A merged reference line shows the ratios of one of its rows against its own batch's references.
      const shownOf = (rows) =>
        rows.find((row) => baselines.some((baseline) => baseline.batch === row.batch)) ?? rows[0];
      const xFloorOf = (shown) => ratioCells(shown && compareWithFloor(shown, floors));
      if (baselines.length > 0)
        body.append(
          mergedTableRow(
            baselines,
            {
              ...options,
              // JSON against the fastest library in its batch: the answer's figure (unit-comparisons.mjs).
              xFastest: ratioCells(unitComparisons(stepRows).of(baselines[0]).vsFastest),
              xFloor: xFloorOf(shownOf(baselines)),
            },
            header.length,
          ),
        );
      if (utf8.length > 0) {
        const shown = utf8Representative(utf8, baselines);
        const xJson = ratioCells(shown && compareRow(referenceOf(shown, baselines), shown));
        body.append(mergedTableRow(utf8, { ...options, xJson, xFloor: xFloorOf(shown) }, header.length));
      }
      if (floors.length > 0) {
        const shown = shownOf(floors);
        const xJson = ratioCells(shown && compareRow(referenceOf(shown, baselines), shown));
        body.append(mergedTableRow(floors, { ...options, xJson }, header.length));
      }
      for (const row of others) {
        body.append(tableRow(row, { ...options, baseline: baselineOf(row, baselines) }, header.length));
        const own = row.status === 'ok' ? ownUtf8Baseline(row, utf8) : undefined;
        if (own)
          body.append(
            spanningRow(UTF8_LINE_LABEL.trim(), utf8Text(compareRow(own, row)), header.length, 'utf8'),
          );
      }
      table.append(body);
      if (stepRows.some(isPeerRow)) {
        const foot = element('tfoot');
        foot.append(
          spanningRow(FASTEST_LABEL, fastestText(options.fastest, { page: true }), header.length, 'fastest'),
        );
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
