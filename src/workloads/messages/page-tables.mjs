// The page's tables of the messages workload, with the same columns and
// number formats as the Node runner's console tables (tables.mjs beside this
// file: messageRecordTables / messageFloorTable): one table per record (ops/s and
// ns/op of encode, decode and round trip, speed vs the JSON baseline, the
// boundary's share of each wasm call), then the per-call floor of every
// wasm module (the empty call).

import { pathLabel } from '../../catalog.mjs';
import { element, spanningRow, tableOf } from '../../report/dom.mjs';
import { MESSAGE_TABLE_LEGEND, messageFloorTable, messageRecordTables } from './tables.mjs';

export { MESSAGE_TABLE_LEGEND };

const BASELINE_LABEL = pathLabel({ codec: 'json', impl: 'js' });

export const FLOOR_TABLE_LEGEND =
  'Per-call floor (last table): an exported wasm function with no arguments and no work, called in a loop; ' +
  'any call into wasm costs at least this.';

/** A table line (cells, or { label, text } for a path that was not measured) as a <tr>. */
function tableRow(line, columns) {
  const tr = element('tr');
  if (Array.isArray(line)) {
    const [label] = line;
    // The JSON baselines of a record (one per batch) are one line, "json (js) x3".
    tr.dataset.path = label.replace(/ x\d+$/, '');
    tr.dataset.status = 'ok';
    if (tr.dataset.path === BASELINE_LABEL) tr.className = 'baseline';
    if (label.endsWith('[floor]')) tr.className = 'floor';
    for (const cell of line) tr.append(element('td', cell));
    return tr;
  }
  const status = line.text.startsWith('n/a') ? 'n/a' : 'failed';
  const failed = spanningRow(line.label, line.text, columns, status === 'n/a' ? 'not-applicable' : 'failed');
  Object.assign(failed.dataset, { path: line.label, status });
  return failed;
}

const table = (caption, header, lines) =>
  tableOf(
    caption,
    header,
    lines.map((line) => tableRow(line, header.length)),
    'messages',
  );

/** Renders one table per record, then the per-call floor table, into `container`. */
export function renderMessageTables(container, rows) {
  const tables = messageRecordTables(rows).map(({ record, title, header, lines }) => {
    const node = table(title, header, lines);
    node.dataset.record = record;
    return node;
  });
  const floor = messageFloorTable(rows);
  if (floor.lines.length > 0) {
    const node = table('Per-call floor: an empty exported wasm function', floor.header, floor.lines);
    node.dataset.role = 'call-floor';
    tables.push(node);
  }
  container.replaceChildren(...tables);
}
