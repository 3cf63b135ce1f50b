// The tuple dataset at the selected growth steps, smallest first: the
// payload of a tuple block (src/workloads/tuples/block.mjs).

import { TupleDataset } from '../workloads/tuples/dataset.mjs';

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
