// The view of a workload that brings none (a plug-in folder with only its
// workload.mjs and rows): one table per unit (a size, a record, a data set),
// a line per row with its status, its bytes and the median of each
// operation it timed, in its protocol's figure (ms, or ops/s per call).

import { pathLabel } from '../catalog.mjs';
import { formatBytes, formatMs, formatOpsPerSec, statusText } from '../harness/format.mjs';
import { OPERATIONS } from '../harness/block.mjs';
import { operationStats } from '../harness/references.mjs';
import { unitsOf } from './headline.mjs';

const FIGURES = [...OPERATIONS, 'roundTrip'];

function figure(row, operation) {
  const timed = operationStats(row, operation);
  if (!timed) return '-';
  return timed.higherIsFaster ? formatOpsPerSec(timed.stats.median) : formatMs(timed.stats.median);
}

/** One table per unit of `rows`. */
function tables(rows) {
  const operations = FIGURES.filter((operation) => rows.some((row) => row[operation]));
  return unitsOf(rows).map(({ key, text, rows: own }) => ({
    table: {
      title: text,
      header: ['path', 'bytes', ...operations],
      attrs: { unit: String(key) },
      lines: own.map((row) => {
        const attrs = { path: pathLabel(row), status: row.status };
        if (row.status !== 'ok')
          return { label: pathLabel(row), text: statusText(row), className: 'failed', attrs };
        return {
          cells: [pathLabel(row), formatBytes(row.encodedBytes), ...operations.map((op) => figure(row, op))],
          attrs,
        };
      }),
    },
  }));
}

/** A view (src/report/results-tables.mjs) for any rows. */
export const genericView = {
  block: { title: (row) => String(row.block), value: formatMs, valueName: 'median' },
  legend: 'Medians of the timed repetitions: ms per payload, or operations per second per call.',
  tables,
};
