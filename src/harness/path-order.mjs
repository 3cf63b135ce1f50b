// Rows grouped and ordered by path, for the tables of every workload.

import { pathLabel } from '../catalog.mjs';

/** One key per path: its implementation and label. */
export function pathKey(row) {
  return `${row.impl}:${pathLabel(row)}`;
}

/** The order in which paths first appear in `rows`: key -> rank. */
export function orderOfPaths(rows) {
  const order = new Map();
  for (const row of rows) if (!order.has(pathKey(row))) order.set(pathKey(row), order.size);
  return order;
}
