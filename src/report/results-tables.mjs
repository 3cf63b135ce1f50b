// The tables of any results file, decided by its rows, not by how the run
// was planned: rows whose blocks hold several processes give verdicts over
// processes (src/harness/block-tables.mjs); rows of one process per unit (a
// --sweep, the page run by hand, an older file, a native run) give the
// workload's own tables, each ratio with the single process's interval
// (labelled SINGLE_RUN_LABEL). A workload's view (its view.mjs `view`):
// - block: block.mjs BLOCK_UNIT, how a block is named and a median shown;
// - legend, tables(rows, run): the per-unit tables of one process;
// - more?(rows): tables after either kind (e.g. phases against a floor);
// - own?(rows), ownLegend: the workload's own view (e.g. cleanliness);
// plus its description (unit, metric, higherIsBetter, operations), which the
// report reads (src/report/unit-report.mjs reportFor).

import { blockParts } from '../harness/block-tables.mjs';
import { overProcesses, verdictOptionsOf } from '../harness/block-verdicts.mjs';
import { SINGLE_RUN_LABEL } from '../harness/verdict.mjs';
import { viewText } from './table-view.mjs';

/** The tables of a run's rows (the page's too): verdicts over processes, or the view's per unit; then its `more`. */
export const tableParts = (rows, run, view) => [
  ...(overProcesses(rows)
    ? blockParts(rows, run, { unit: view.block, ...verdictOptionsOf(run.workload) })
    : view.tables(rows, run)),
  ...(view.more?.(rows) ?? []),
];

/** The view parts of a run's rows, with the legends; `view` is the workload's. */
export function resultParts(rows, run, view) {
  const single = overProcesses(rows)
    ? []
    : [{ note: SINGLE_RUN_LABEL }, { note: view.legend, className: 'legend' }];
  const own = view.own?.(rows) ?? [];
  return [
    ...single,
    ...tableParts(rows, run, view),
    ...(own.length > 0 ? [{ note: view.ownLegend }, ...own] : []),
  ];
}

/** The console text of a run's rows (each runner's `render`). */
export const resultsText = (rows, run, view) => viewText(resultParts(rows, run, view));
