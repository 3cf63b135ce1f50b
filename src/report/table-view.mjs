// The tables of a results view, once, and their three layouts: console text
// (viewText), page DOM (showView) and report HTML (viewHtml). A workload's
// view (its view.mjs) and the block tables (src/harness/block-tables.mjs)
// build the parts; nothing else lays a table out.
//
// A view is a list of parts:
// - { heading } a title line, { note, className } a paragraph;
// - { table: { title, header, align, lines, foot, className, attrs } }, each
//   line { cells, cellClasses, className, attrs } or a spanning { label,
//   text, className, attrs } (a failure, a note); foot lines go under the body;
// - { section: { className, attrs }, parts } a group (a unit, a block).
// attrs become the element's data-* on the page (tests and styles read them).

import { alignFirstLeft, escapeHtml, renderColumns } from '../harness/format.mjs';

const alignOf = (table) => table.align ?? alignFirstLeft(table.header);

/** The column titles of figures taken for both operations: "enc <name>", "dec <name>" of each name. */
export const encDecColumns = (...names) => names.flatMap((name) => [`enc ${name}`, `dec ${name}`]);

function tableText(table) {
  const lines = [...table.lines, ...(table.foot ?? [])].map((line) =>
    line.cells ? line.cells : { label: line.label, text: line.text },
  );
  const body = renderColumns(table.header, lines, alignOf(table));
  return table.title ? `${table.title}\n${body}` : body;
}

/** A view's parts as console text: parts apart by a blank line. */
export function viewText(parts) {
  return parts
    .map((part) => {
      if (part.section) return viewText(part.parts);
      if (part.table) return tableText(part.table);
      return part.heading ?? part.note ?? '';
    })
    .filter((text) => text !== '')
    .join('\n\n');
}

// `content`: text, or a node (the page's shipped-bytes bars).
function element(tag, content, className) {
  const node = document.createElement(tag);
  if (content != null) node.append(content);
  if (className) node.className = className;
  return node;
}

function lineNode(line, columns) {
  const tr = element('tr', undefined, line.className);
  Object.assign(tr.dataset, line.attrs);
  if (line.cells)
    line.cells.forEach((cell, column) => tr.append(element('td', cell, line.cellClasses?.[column])));
  else {
    // A label indented for the console (a line under a path's) stands flush in a table cell.
    tr.append(element('td', line.label.trim()));
    const cell = element('td', line.text);
    cell.colSpan = columns - 1;
    tr.append(cell);
  }
  return tr;
}

function tableNode(table) {
  const node = element('table', undefined, table.className);
  Object.assign(node.dataset, table.attrs);
  if (table.title) node.append(element('caption', table.title));
  const head = element('tr');
  for (const title of table.header) head.append(element('th', title));
  node.createTHead().append(head);
  const body = element('tbody');
  body.append(...table.lines.map((line) => lineNode(line, table.header.length)));
  node.append(body);
  if (table.foot?.length > 0) {
    const foot = element('tfoot');
    foot.append(...table.foot.map((line) => lineNode(line, table.header.length)));
    node.append(foot);
  }
  return node;
}

function partNodes(parts) {
  return parts.map((part) => {
    if (part.table) return tableNode(part.table);
    if (part.heading !== undefined) return element('h3', part.heading);
    if (part.note !== undefined) return element('p', part.note, part.className ?? 'note');
    const section = element('section', undefined, part.section.className);
    Object.assign(section.dataset, part.section.attrs);
    section.append(...partNodes(part.parts));
    return section;
  });
}

/** Lays a view's parts out in `container` (browser only). */
export function showView(container, parts) {
  container.replaceChildren(...partNodes(parts));
}

const classAttribute = (className) => (className ? ` class="${escapeHtml(className)}"` : '');
// attrs as data-* attributes, as the page has them in its dataset.
const dataAttributes = (attrs = {}) =>
  Object.entries(attrs)
    .filter(([, value]) => value !== undefined)
    .map(
      ([key, value]) => ` data-${key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}="${escapeHtml(value)}"`,
    )
    .join('');

function lineHtml(line, columns, align) {
  const cells = line.cells
    ? line.cells.map(
        (cell, column) =>
          `<td${classAttribute([align[column] === 'r' ? 'num' : '', line.cellClasses?.[column]].filter(Boolean).join(' '))}>${escapeHtml(cell)}</td>`,
      )
    : [
        `<td>${escapeHtml(line.label.trim())}</td>`,
        `<td colspan="${columns - 1}">${escapeHtml(line.text)}</td>`,
      ];
  return `<tr${classAttribute(line.className)}${dataAttributes(line.attrs)}>${cells.join('')}</tr>`;
}

/** A table part's table of `items`, a column each of [{ title, value(item), num? (right-aligned), cls?(item) }]. */
export const columnsTable = (columns, items, more) => ({
  header: columns.map((column) => column.title),
  lines: items.map((item) => ({
    cells: columns.map((column) => column.value(item)),
    cellClasses: columns.map((column) => column.cls?.(item)),
  })),
  align: columns.map((column) => (column.num ? 'r' : 'l')),
  ...more,
});

/** A table as report HTML. */
export function tableHtml(table) {
  const align = alignOf(table);
  const lines = (list) => list.map((line) => lineHtml(line, table.header.length, align)).join('\n');
  const head = table.header.map((title) => `<th>${escapeHtml(title)}</th>`).join('');
  const foot = table.foot?.length > 0 ? `<tfoot>${lines(table.foot)}</tfoot>` : '';
  const caption = table.title ? `<caption>${escapeHtml(table.title)}</caption>` : '';
  return `<table${classAttribute(table.className)}${dataAttributes(table.attrs)}>${caption}<thead><tr>${head}</tr></thead><tbody>${lines(table.lines)}</tbody>${foot}</table>`;
}

/** A view's parts as report HTML. */
export function viewHtml(parts) {
  return parts
    .map((part) => {
      if (part.table) return `<div class="view">${tableHtml(part.table)}</div>`;
      if (part.heading !== undefined) return `<h3>${escapeHtml(part.heading)}</h3>`;
      if (part.note !== undefined) return `<p class="how">${escapeHtml(part.note)}</p>`;
      return `<section${classAttribute(part.section.className)}${dataAttributes(part.section.attrs)}>${viewHtml(part.parts)}</section>`;
    })
    .join('\n');
}
