// A block run's rows as one row per path and block (docs/design.md#blocks),
// the shape a single run's rows have: its statistic the median over
// processes of each process's median, its phases likewise. A block is
// measured in several processes (or browser contexts) and every path of it
// is paired with the JSON of the same process, so the rows of one block
// share one batch here: a speed against JSON divides JSON's median over
// processes by the path's. A path of a block may time one operation only (a
// library of one operation's fastest set). The charts of the page and the
// report draw these; the verdicts (with their intervals) stay the block
// tables' and the answer's.

import { pathLabel } from '../catalog.mjs';
import { OPERATIONS } from '../harness/block.mjs';
import { medianOf } from '../harness/block-verdicts.mjs';
import { median } from '../harness/stats.mjs';
import { groupBy } from '../harness/group-by.mjs';

const isOk = (row) => row.status === 'ok';

/** The median over `rows` of each phase of `operation` ({ key: ms }), or undefined when none has phases. */
function medianPhases(rows, operation) {
  const phased = rows.map((row) => row[`${operation}Phases`]).filter(Boolean);
  if (phased.length === 0) return undefined;
  const keys = [...new Set(phased.flatMap((phases) => Object.keys(phases)))];
  return Object.fromEntries(
    keys.map((key) => [key, median(phased.map((phases) => phases[key]).filter(Number.isFinite))]),
  );
}

/** The statistic of `operation` over `rows` (one path, one block) in the shape of a single row's. */
function medianStats(rows, operation) {
  const timed = rows.filter((row) => row[operation]);
  if (timed.length === 0) return undefined;
  const value = median(timed.map((row) => medianOf(row, operation)));
  const perCall = timed[0][operation].opsPerSec !== undefined;
  return perCall ? { opsPerSec: { median: value } } : { median: value };
}

/**
 * One row per path of every block of `rows` (a block run's), in the order
 * the paths first came: the first ok row's fields, with `batch` the block
 * (so each path pairs with its block's JSON), `processes` the count of its
 * ok rows, and each of `operations`' median and phases over processes
 * (per call: encode, decode and round trip). A path
 * that measured ok in no process keeps its first row (failed or n/a).
 */
export function blockChartRows(rows, operations = OPERATIONS) {
  const blocks = rows.filter((row) => row.block !== undefined);
  return [...groupBy(blocks, (row) => `${row.block}\u0000${pathLabel(row)}`).values()].map((group) => {
    const ok = group.filter(isOk);
    const batch = `block ${group[0].block}`;
    if (ok.length === 0) return { ...group[0], batch };
    const merged = { ...ok[0], batch, processes: ok.length };
    delete merged.process;
    for (const operation of operations) {
      const stats = medianStats(ok, operation);
      if (stats) merged[operation] = stats;
      else delete merged[operation];
      const phases = medianPhases(ok, operation);
      if (phases) merged[`${operation}Phases`] = phases;
      else delete merged[`${operation}Phases`];
    }
    return merged;
  });
}
