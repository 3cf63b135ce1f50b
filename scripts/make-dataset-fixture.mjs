// Writes tests/fixtures/dataset-steps.json: item count, JSON size and checksum
// of the first 40 growth steps, computed straight from the growth rule of
// docs/design.md#dataset
// (not from src/workloads/tuples/dataset.mjs), so both generators are checked against
// an independent reference.
import { writeFileSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { checksumItems } from '../src/workloads/tuples/item-checksum.mjs';

const STEPS = 40;
const TEN_MB = 10 * 1024 * 1024;

let rows = [
  [1, 4.1040000000000004, 1.1009999999999994],
  [2, 4.371033333333333, 0.36703333333333266],
  [3, 5.171833333333334, 0.4337666666666671],
  [4, 6.473133333333333, 0.36703333333333354],
];
const payload = () => ({ items: rows.map(([x, y, z]) => ({ x, y, z })) });

const steps = [];
for (let index = 0; index < STEPS; index++) {
  const { items } = payload();
  const jsonBytes = JSON.stringify({ items }).length;
  const last = items[items.length - 1];
  steps.push({ index, count: items.length, jsonBytes, checksum: checksumItems(items), last });
  const f = jsonBytes <= TEN_MB ? 8 : 4;
  rows = rows.concat(
    rows.slice(0, Math.round(rows.length / f)).map(([x, y, z]) => [x + 1, y + 1 / 3, z + 1 / 3]),
  );
}

const out = join(dirname(fileURLToPath(import.meta.url)), '..', 'tests', 'fixtures', 'dataset-steps.json');
mkdirSync(dirname(out), { recursive: true });
writeFileSync(
  out,
  JSON.stringify({ generatedBy: 'scripts/make-dataset-fixture.mjs', steps }, null, 1) + '\n',
);
console.log(`wrote ${steps.length} steps to ${out}`);
