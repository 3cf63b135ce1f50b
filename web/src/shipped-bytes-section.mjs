// The page's shipped-bytes section: what this page's wasm modules and the
// JS libraries cost to download (the build's shipped-bytes.json, inlined by
// scripts/build-web.mjs), the report's table (src/report/shipped-bytes-rows.mjs)
// laid out as the page's other tables, with each row's gzip size drawn as a bar.

import { shippedBytes } from 'wcb:bundled';
import { KIND_COLOURS, shippedParts, shippedRows } from '../../src/report/shipped-bytes-rows.mjs';
import { showView } from '../../src/report/table-view.mjs';

/** The table's parts with a column of gzip bars, or a note when the bundle has no data. */
function partsWithBars(shipped) {
  const rows = shippedRows(shipped);
  if (rows.length === 0) return [{ note: 'This bundle has no shipped-bytes data.' }];
  const largest = Math.max(...rows.map((row) => row.gzipBytes ?? 0));
  const bar = (row) => {
    const node = Object.assign(document.createElement('div'), {
      title: `${row.gzipBytes ?? 0} bytes gzip -9`,
    });
    node.style.cssText = `height:0.8em;background:${KIND_COLOURS[row.kind] ?? '#888'};width:${
      row.gzipBytes ? Math.max(1, (200 * row.gzipBytes) / largest) : 0
    }px`;
    return node;
  };
  const [note, { table }] = shippedParts(shipped);
  const lines = table.lines.map((line, index) => ({
    ...line,
    cells: [...line.cells, bar(rows[index])],
    attrs: { kind: rows[index].kind },
  }));
  return [note, { table: { ...table, header: [...table.header, 'gzip -9'], lines } }];
}

/** Adds the section after `after` (an element of the page); returns it. */
export function showShippedBytes(after, shipped = shippedBytes) {
  const section = Object.assign(document.createElement('section'), { id: 'shipped-bytes-section' });
  showView(section, partsWithBars(shipped));
  section.prepend(Object.assign(document.createElement('h2'), { textContent: 'Shipped bytes' }));
  after.after(section);
  return section;
}
