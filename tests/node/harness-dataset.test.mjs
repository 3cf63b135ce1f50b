import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { TupleDataset, selectSteps } from '../../src/workloads/tuples/dataset.mjs';
import { checksumItems } from '../../src/workloads/tuples/item-checksum.mjs';
import { datasetAtSteps } from '../../src/workloads/tuples/block.mjs';

const fixture = JSON.parse(readFileSync(new URL('../fixtures/dataset-steps.json', import.meta.url), 'utf8'));

test('the JS generator matches the fixture step by step', () => {
  assert.ok(fixture.steps.length >= 40);
  const dataset = new TupleDataset();
  for (const expected of fixture.steps) {
    const { items } = dataset;
    assert.equal(dataset.index, expected.index);
    assert.equal(items.length, expected.count, `count at step ${expected.index}`);
    assert.equal(dataset.jsonBytes, expected.jsonBytes, `jsonBytes at step ${expected.index}`);
    assert.equal(
      JSON.stringify({ items }).length,
      expected.jsonBytes,
      `JSON length at step ${expected.index}`,
    );
    assert.equal(checksumItems(items), expected.checksum, `checksum at step ${expected.index}`);
    assert.deepEqual(items.at(-1), expected.last, `last item at step ${expected.index}`);
    dataset.grow();
  }
});

test('jsonBytes stays equal to the real JSON length past the fixture (1.2 MB)', () => {
  const dataset = new TupleDataset();
  dataset.growToMB(1.2);
  assert.equal(dataset.jsonBytes, JSON.stringify({ items: dataset.items }).length);
});

test('datasetAtSteps replays the generator to each selected step', () => {
  const steps = selectSteps({ minMB: 0.01, maxMB: 0.2, perDecade: 3 });
  assert.ok(steps.length >= 3);
  const seen = [];
  for (const { step, items } of datasetAtSteps(steps)) {
    seen.push({ ...step });
    assert.equal(items.length, step.count);
    assert.equal(JSON.stringify({ items }).length, step.jsonBytes);
  }
  assert.deepEqual(seen, steps);
  assert.throws(() => [...datasetAtSteps([5, 3])], /ascend/);
});
