// Checks that a browser results document pairs every path with a JSON
// baseline measured beside it: same batch, same size or record. Every run is
// a plan of blocks: the page run by hand (json-per-path) and bench:web (a
// fresh browser context per block, context-per-block) measure a path and its
// JSON in one block, round by round in a rotating order, and write their
// rows in the block's order, JSON first. Files from before blocks alternated
// JSON first and second from unit to unit.

import assert from 'node:assert/strict';
import { isJsonBaseline, isJsonUtf8Baseline, isObjectFloor } from '../../src/catalog.mjs';

// A row's unit: the tuple size (step) or the messages record.
const unitOf = (row) => (row.record !== undefined ? `record ${row.record}` : `step ${row.step}`);

// The rows that are timed beside the baseline: not the UTF-8 baseline or the
// object floor (references measured next to the JSON one), not the messages'
// floors, not the module's empty call.
const isPathRow = (row) =>
  !isJsonBaseline(row) &&
  !isJsonUtf8Baseline(row) &&
  !isObjectFloor(row) &&
  row.variant !== 'floor' &&
  row.record !== 'none';

/** Whether JSON comes first at the `position`-th unit of a batch, by protocol.isolation. */
const JSON_FIRST = {
  'json-per-path': () => true,
  'context-per-block': () => true,
  'context-per-size': (position) => position % 2 === 0,
  'context-per-record': (position) => position % 2 === 0,
};

/** Asserts the same-batch pairing and the order of `isolation`; returns the batches. */
export function assertSameBatchBaselines(rows, isolation = 'json-per-path') {
  const jsonFirstAt = JSON_FIRST[isolation];
  assert.ok(jsonFirstAt, `an isolation with a known order: ${isolation}`);
  const batches = new Map();
  for (const [index, row] of rows.entries()) {
    assert.equal(typeof row.batch, 'string', `every row has a batch: ${JSON.stringify(row).slice(0, 120)}`);
    if (!batches.has(row.batch)) batches.set(row.batch, []);
    batches.get(row.batch).push({ row, index });
  }
  for (const [batch, entries] of batches) {
    // A path that could not be loaded has failed rows and no baseline beside them.
    const measured = entries.filter(({ row }) => isPathRow(row) && row.status !== 'failed');
    if (entries.every(({ row }) => row.status === 'failed')) continue;
    const units = [...new Set(measured.map(({ row }) => unitOf(row)))];
    assert.ok(units.length > 0, `batch ${batch} has a path row`);
    for (const [position, unit] of units.entries()) {
      const at = entries.filter(({ row }) => unitOf(row) === unit);
      const json = at.filter(({ row }) => isJsonBaseline(row));
      const path = at.filter(({ row }) => isPathRow(row) && row.status !== 'failed');
      assert.equal(json.length, 1, `batch ${batch}, ${unit}: one JSON baseline row`);
      assert.equal(path.length, 1, `batch ${batch}, ${unit}: one path row`);
      const jsonFirst = json[0].index < path[0].index;
      assert.equal(jsonFirst, jsonFirstAt(position), `batch ${batch}, ${unit}: the order of ${isolation}`);
    }
  }
  return [...batches.keys()];
}
