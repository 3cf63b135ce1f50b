// The one model of every chart, the report's and the page's: a record per
// measured (source, unit, path, operation), taken from the same comparisons
// as the view's tables (src/harness/unit-comparisons.mjs). Browser-safe:
// the report orders the paths by the catalog (model.mjs sortRows, which
// reads the build from disk), the page keeps the rows' order.

import { isJsonBaseline, pathLabel } from '../catalog.mjs';
import { medianOf } from '../harness/block-verdicts.mjs';
import { interopShare } from '../harness/format.mjs';
import { groupBy } from '../harness/group-by.mjs';
import { unitComparisons } from '../harness/unit-comparisons.mjs';
import { unitsOf } from './headline.mjs';

// a per-call workload's floors of a C++ path (its marshalling alone, its empty call): no codec work to chart.
const isCodecFloor = (row) => row.impl === 'cpp' && row.variant === 'floor';

/** The share of a call spent crossing: the row's boundary share, else (total - codec) / total of its phases. */
const shareOf = (row, operation) =>
  row.boundaryShare?.[operation] ?? interopShare(row[operation], row[`${operation}Phases`]);

/**
 * One record per measured (source, unit, path) of `operation`:
 * { source, place, unit, label, value (ms, or ops/s per call), perCall,
 * versusJson, low, high, verdict, share, row }. versusJson and its verdict
 * (or a single run's interval) are the tables' own comparison; rows whose
 * blocks hold several processes come as block-rows.mjs makes them. `order`
 * orders a unit's rows.
 */
export function unitRecords(sources, operation, order = (rows) => rows) {
  const records = [];
  for (const source of sources) {
    const rows = source.document.rows.filter(
      (row) => row.status === 'ok' && !isCodecFloor(row) && medianOf(row, operation) > 0,
    );
    for (const unit of unitsOf(rows)) {
      const comparisons = unitComparisons(unit.rows);
      // One record per path: a path measured in several batches is one mark (unit-comparisons.mjs figure).
      for (const group of groupBy(order(unit.rows), pathLabel).values()) {
        const [row] = group;
        const { value, vsJson: json } = comparisons.figure(group, operation);
        records.push({
          source: source.source,
          place: source.place,
          unit: String(unit.key),
          label: pathLabel(row),
          value,
          perCall: row[operation].opsPerSec !== undefined,
          versusJson: isJsonBaseline(row) ? 1 : json?.ratio,
          low: json?.low,
          high: json?.high,
          // A block's medians over processes carry no samples: their verdicts are the block tables'.
          verdict: row.processes === undefined ? json?.verdict : undefined,
          share: row.impl === 'cpp' && row.interop !== 'none' ? shareOf(row, operation) : undefined,
          row,
        });
      }
    }
  }
  return records;
}
