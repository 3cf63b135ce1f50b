// The page's tables are DOM: the few element builders every workload's
// page-tables.mjs uses. Browser only (document).

/** An element with its text and class, when given. */
export function element(tag, text, className) {
  const node = document.createElement(tag);
  if (text !== undefined) node.textContent = text;
  if (className) node.className = className;
  return node;
}

/** A <table> of `className` with its caption (if any), a header row of `header` and `rows` (<tr>s) as its body. */
export function tableOf(caption, header, rows, className) {
  const node = element('table', undefined, className);
  if (caption !== undefined) node.append(element('caption', caption));
  node.createTHead().append(element('tr'));
  for (const title of header) node.tHead.rows[0].append(element('th', title));
  const body = element('tbody');
  body.append(...rows);
  node.append(body);
  return node;
}

/** A <tr> of a label and one cell spanning the other `columns` - 1: a failure, a note. */
export function spanningRow(label, text, columns, className) {
  const tr = element('tr', undefined, className);
  tr.append(element('td', label));
  const cell = element('td', text);
  cell.colSpan = columns - 1;
  tr.append(cell);
  return tr;
}
