// The page's shipped-bytes section: what this page's wasm modules and the
// JS libraries cost to download (the build's shipped-bytes.json, inlined by
// scripts/build-web.mjs), as the report shows it (src/report/shipped-bytes.mjs),
// with each row's gzip size drawn as a bar.

import { shippedBytes } from 'wcb:bundled';
import { SHIPPED_COLUMNS, shippedNote, shippedRows } from '../../src/report/shipped-bytes.mjs';

const KIND_COLOURS = { 'wasm embind': '#e45756', 'wasm lean': '#f58518', 'JS library': '#4c78a8' };

function element(tag, properties = {}, children = []) {
  const node = Object.assign(document.createElement(tag), properties);
  node.append(...children);
  return node;
}

/** Adds the section after `after` (an element of the page); returns it. */
export function showShippedBytes(after, shipped = shippedBytes) {
  const section = element('section', { id: 'shipped-bytes-section' }, [
    element('h2', { textContent: 'Shipped bytes' }),
  ]);
  const rows = shippedRows(shipped);
  if (rows.length === 0) {
    section.append(
      element('p', { className: 'note', textContent: 'This bundle has no shipped-bytes data.' }),
    );
  } else {
    section.append(element('p', { className: 'note', textContent: shippedNote(shipped) }));
    const largest = Math.max(...rows.map((row) => row.gzipBytes ?? 0));
    const head = element('tr', {}, [
      ...SHIPPED_COLUMNS.map((column) => element('th', { textContent: column.title })),
      element('th', { textContent: 'gzip -9' }),
    ]);
    const body = rows.map((row) => {
      const cells = SHIPPED_COLUMNS.map((column) =>
        element('td', { className: column.num ? 'num' : '', textContent: column.value(row) }),
      );
      const bar = element('div', { title: `${row.gzipBytes ?? 0} bytes gzip -9` });
      bar.style.cssText = `height:0.8em;background:${KIND_COLOURS[row.kind] ?? '#888'};width:${
        row.gzipBytes ? Math.max(1, (200 * row.gzipBytes) / largest) : 0
      }px`;
      const line = element('tr', {}, [...cells, element('td', {}, [bar])]);
      line.setAttribute('data-kind', row.kind);
      return line;
    });
    const table = element('table', { className: 'shipped-bytes' }, [
      element('thead', {}, [head]),
      element('tbody', {}, body),
    ]);
    section.append(table);
  }
  after.after(section);
  return section;
}
