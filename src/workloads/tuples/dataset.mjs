// The growing tuple dataset (docs/design.md#dataset), bit-identical to
// src/workloads/tuples/dataset.cpp.
//
// Start with four rows and grow by appending
//   rows.slice(0, Math.round(rows.length / f)).map(([x, y, z]) => [x + 1, y + 1/3, z + 1/3])
// with f = 8 while the payload's JSON text is at most 10 MiB and f = 4 above
// (decided from the size before each growth step). The payload is
// { items: [{ x, y, z }, ...] }.

import { BYTES_PER_MB } from '../../harness/format.mjs';

export { BYTES_PER_MB };
export const SLOW_GROWTH_ABOVE_BYTES = 10 * BYTES_PER_MB;

export const SEED_ROWS = [
  [1, 4.1040000000000004, 1.1009999999999994],
  [2, 4.371033333333333, 0.36703333333333266],
  [3, 5.171833333333334, 0.4337666666666671],
  [4, 6.473133333333333, 0.36703333333333354],
];

// '{"items":[]}' and '{"x":,"y":,"z":}' around the numbers.
const ENVELOPE_BYTES = 12;
const ITEM_KEYS_BYTES = 16;

function itemJsonLength(item) {
  return ITEM_KEYS_BYTES + String(item.x).length + String(item.y).length + String(item.z).length;
}

/**
 * The dataset at successive growth steps. `items` is a plain array of
 * {x, y, z} objects that grows in place; `jsonBytes` is the length of
 * JSON.stringify({ items }), kept up to date without serializing.
 */
export class TupleDataset {
  constructor() {
    this.items = [];
    this.index = 0;
    this.jsonBytes = ENVELOPE_BYTES;
    for (const [x, y, z] of SEED_ROWS) this.#append({ x, y, z });
  }

  #append(item) {
    if (this.items.length > 0) this.jsonBytes += 1;
    this.jsonBytes += itemJsonLength(item);
    this.items.push(item);
  }

  get jsonMB() {
    return this.jsonBytes / BYTES_PER_MB;
  }

  /** A description of the current step. */
  step() {
    return { index: this.index, count: this.items.length, jsonBytes: this.jsonBytes, jsonMB: this.jsonMB };
  }

  grow() {
    const factor = this.jsonBytes <= SLOW_GROWTH_ABOVE_BYTES ? 8 : 4;
    const added = Math.round(this.items.length / factor);
    for (let i = 0; i < added; i++) {
      const { x, y, z } = this.items[i];
      this.#append({ x: x + 1, y: y + 1 / 3, z: z + 1 / 3 });
    }
    this.index += 1;
  }

  growToMB(mb) {
    while (this.jsonMB < mb) this.grow();
  }
}

/**
 * Sizes a sweep aims at: `minMB`, then the points 10^(k / perDecade) above it
 * up to `maxMB` (a fixed log grid, so 0.1..30 MB at 3 per decade aims at
 * 0.1, 0.215, 0.464, 1, 2.15, 4.64, 10, 21.5).
 */
export function gridTargets(minMB, maxMB, perDecade) {
  const targets = [minMB];
  for (let k = Math.floor(Math.log10(minMB) * perDecade) + 1; ; k++) {
    const target = 10 ** (k / perDecade);
    if (target > maxMB) break;
    if (target > minMB) targets.push(target);
  }
  return targets;
}

/**
 * Growth steps whose JSON size lies in [minMB, maxMB]: with `perDecade` > 0
 * the first step at or above each of gridTargets(); with 0, every step.
 * src/workloads/tuples/native/step_selection.cpp applies the same rule, so native, Node and
 * browser rows land on the same payload sizes.
 */
export function selectSteps({ minMB, maxMB, perDecade = 0 }) {
  const dataset = new TupleDataset();
  const lowest = Math.max(minMB, dataset.jsonMB);
  const targets = perDecade > 0 ? gridTargets(lowest, maxMB, perDecade) : [];
  const chosen = [];
  let next = 0;
  while (dataset.jsonMB <= maxMB) {
    const mb = dataset.jsonMB;
    if (mb >= lowest) {
      if (perDecade === 0) {
        chosen.push(dataset.step());
      } else if (next < targets.length && mb >= targets[next]) {
        chosen.push(dataset.step());
        while (next < targets.length && targets[next] <= mb) next++;
      }
    }
    dataset.grow();
  }
  return chosen;
}
