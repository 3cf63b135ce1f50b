// A sweep: every path measured at every selected growth step of the tuple
// dataset, smallest first. Async so a page can await it and stay responsive;
// each row is handed to `onRow` as soon as it is measured.

import { TupleDataset } from '../workloads/tuples/dataset.mjs';
import { expectationOf, measurePath } from './measure.mjs';

/**
 * Walks the dataset to each wanted step. `steps` holds step indexes or
 * step objects ({ index, ... } as returned by selectSteps), ascending.
 * Yields { step, items }; `items` grows in place, so use it before the
 * next iteration.
 */
export function* datasetAtSteps(steps) {
  const dataset = new TupleDataset();
  for (const wanted of steps) {
    const index = typeof wanted === 'number' ? wanted : wanted.index;
    if (index < dataset.index) throw new Error(`steps must ascend: ${index} after ${dataset.index}`);
    while (dataset.index < index) dataset.grow();
    yield { step: dataset.step(), items: dataset.items };
  }
}

/**
 * Measures every path at one step (one payload), in order, and resolves to
 * their rows. The unit a page awaits between two sizes.
 */
export async function measureStep({
  paths,
  step,
  items,
  expected = expectationOf(items),
  onRow = () => {},
  onPath = () => {},
  ...options
}) {
  const rows = [];
  for (let p = 0; p < paths.length; p++) {
    onPath(paths[p], p);
    const row = await measurePath(paths[p], { ...options, step, items, expected });
    rows.push(row);
    onRow(row);
  }
  return rows;
}

/**
 * Measures every path at every step. Options are those of measurePath plus:
 *   onRow(row)                    each finished row
 *   onProgress({ stepNumber, stepCount, step, path, pathNumber, pathCount })
 *                                 before each measurement
 * Resolves to all rows.
 */
export async function runSweep({ paths, steps, onRow = () => {}, onProgress = () => {}, ...options }) {
  const rows = [];
  let stepNumber = 0;
  for (const { step, items } of datasetAtSteps(steps)) {
    stepNumber += 1;
    const onPath = (path, p) =>
      onProgress({
        stepNumber,
        stepCount: steps.length,
        step,
        path,
        pathNumber: p + 1,
        pathCount: paths.length,
      });
    rows.push(...(await measureStep({ ...options, paths, step, items, onRow, onPath })));
  }
  return rows;
}
