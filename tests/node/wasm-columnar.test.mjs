// The columnar variant of the typed strategy (wasm-codec.mjs encodeColumns /
// decodeColumns, paths.mjs createWasmPath(codec, 'columnar')): columns in,
// the same bytes as the object strategies out, columns back; bad input is an
// Error naming the codec; as a measured path it is labelled and reported as
// not plain objects.
import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';

import { listWasmCodecs, loadWasmCodec } from '../../node/load-wasm.mjs';
import { TupleDataset } from '../../src/workloads/tuples/dataset.mjs';
import { measurePath } from '../../src/harness/payload-measure.mjs';
import { COLUMNAR, createWasmPath, pathLabel } from '../../src/harness/paths.mjs';
import { columnsFromItems, itemsFromColumns } from '../../src/harness/wasm-codec.mjs';
import { assertSameBytes, assertSameItems, datasetWithItems } from './wasm-helpers.mjs';

test('columnsFromItems and itemsFromColumns are inverses on the dataset', () => {
  const items = datasetWithItems(500).items;
  const columns = columnsFromItems(items);
  assert.ok(columns.x instanceof Int32Array);
  assert.ok(columns.y instanceof Float64Array && columns.z instanceof Float64Array);
  assert.equal(columns.x.length, items.length);
  assert.equal(columns.y[7], items[7].y);
  assertSameItems(itemsFromColumns(columns), items, 'round trip through columns');
});

for (const codecName of listWasmCodecs()) {
  describe(`wasm ${codecName} columnar`, () => {
    let codec;
    before(async () => {
      codec = await loadWasmCodec(codecName);
    });

    test('encodes the same bytes as typed and decodes them back to columns, step by step up to 0.5 MB', () => {
      const dataset = new TupleDataset();
      let steps = 0;
      while (dataset.jsonMB <= 0.5) {
        const label = `${codecName} step ${dataset.index} (${dataset.items.length} items)`;
        const expected = codec.encode('typed', dataset.items).bytes;
        const { bytes, phases } = codec.encodeColumns(columnsFromItems(dataset.items));
        assertSameBytes(bytes, expected, `${label}: columnar vs typed encoding`);
        for (const phase of ['marshalInMs', 'codecMs', 'bytesOutMs']) {
          assert.ok(phases[phase] >= 0, `${label}: encode phase ${phase}`);
        }
        const decoded = codec.decodeColumns(bytes);
        assert.ok(decoded.columns.x instanceof Int32Array, `${label}: x column`);
        assert.ok(decoded.columns.z instanceof Float64Array, `${label}: z column`);
        assertSameItems(itemsFromColumns(decoded.columns), dataset.items, `${label}: decode`);
        for (const phase of ['bytesInMs', 'codecMs', 'marshalOutMs']) {
          assert.ok(decoded.phases[phase] >= 0, `${label}: decode phase ${phase}`);
        }
        dataset.grow();
        steps++;
      }
      assert.ok(steps > 40, `${steps} growth steps checked`);
    });

    test('decoded columns are copies that survive later calls', () => {
      const small = datasetWithItems(100).items;
      const { bytes } = codec.encodeColumns(columnsFromItems(small));
      const { columns } = codec.decodeColumns(bytes);
      codec.decodeColumns(codec.encodeColumns(columnsFromItems(datasetWithItems(20000).items)).bytes);
      assertSameItems(itemsFromColumns(columns), small, `${codecName}: first decode after a bigger one`);
    });

    test('columns that are not Int32Array/Float64Array, or of different lengths, are refused', () => {
      const good = columnsFromItems(datasetWithItems(10).items);
      const typeError = new RegExp(`^TypeError: ${codecName}: encodeColumns expects`);
      assert.throws(() => codec.encodeColumns(null), typeError);
      assert.throws(() => codec.encodeColumns({ ...good, x: Array.from(good.x) }), typeError);
      assert.throws(() => codec.encodeColumns({ ...good, y: new Float32Array(good.y) }), typeError);
      assert.throws(
        () => codec.encodeColumns({ ...good, z: good.z.subarray(1) }),
        new RegExp(`^RangeError: ${codecName}: encodeColumns needs columns of one length`),
      );
      assert.throws(
        () => codec.decodeColumns([1, 2, 3]),
        new RegExp(`^TypeError: ${codecName}: decode expects`),
      );
    });

    test('bad bytes are an Error naming the codec, and the next call works', () => {
      const items = datasetWithItems(50).items;
      const { bytes } = codec.encodeColumns(columnsFromItems(items));
      assert.throws(() => codec.decodeColumns(bytes.subarray(0, 3)), new RegExp(`^Error: ${codecName}: `));
      assertSameItems(itemsFromColumns(codec.decodeColumns(bytes).columns), items, 'after the failure');
      assert.equal(codec.aborted, null);
    });

    test('as a path: typed interop, columnar variant, measured and reported as not plain objects', async () => {
      const path = createWasmPath(codec, COLUMNAR);
      assert.equal(path.interop, 'typed');
      assert.equal(path.variant, 'columnar');
      assert.equal(pathLabel(path), `${codecName}/typed [columnar]`);
      const dataset = datasetWithItems(300);
      const row = await measurePath(path, {
        place: 'node',
        step: dataset.step(),
        items: dataset.items,
        warmup: 0,
        repetitions: 2,
      });
      assert.equal(row.status, 'ok', row.error);
      assert.equal(row.variant, 'columnar');
      assert.equal(row.cleanliness.clean, false);
      assert.equal(row.cleanliness.plainObject, false);
      assert.equal(row.encodedBytes, codec.encode('typed', dataset.items).bytes.length);
    });
  });
}
