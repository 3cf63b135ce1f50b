// Every wasm codec module, through every interop strategy, round-trips the
// growing tuple dataset at every growth step up to ~1 MB of JSON; the three
// strategies write the same bytes; repeated calls do not leak.
import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';

import { existsSync } from 'node:fs';
import { join } from 'node:path';
import {
  DEFAULT_WASM_BUILD_DIR,
  listWasmCodecs,
  loadWasmCodec,
  readWasmBuildInfo,
} from '../../node/load-wasm.mjs';
import { codecNames, codecsOf, modulesOf } from '../../src/catalog.mjs';
import { TupleDataset } from '../../src/workloads/tuples/dataset.mjs';
import { STRATEGIES } from '../../src/harness/wasm-codec.mjs';
import { assertSameBytes, assertSameItems, datasetWithItems } from './wasm-helpers.mjs';

const MAX_MB = 1;
test('build-info.json describes every codec module of its catalog', () => {
  const info = readWasmBuildInfo();
  assert.match(info.emscripten, /\d+\.\d+\.\d+/);
  assert.match(info.flags, /-sMODULARIZE=1/);
  const codecs = codecsOf(info, 'tuples');
  assert.ok(codecs.length > 0, 'the catalog declares tuple codecs');
  const modules = modulesOf(info);
  for (const codec of codecNames(info)) {
    assert.ok(
      modules.some((module) => module.codec === codec),
      `${codec} has a module`,
    );
  }
  for (const module of modules) {
    assert.ok(existsSync(join(DEFAULT_WASM_BUILD_DIR, module.glue)), module.glue);
    assert.ok(existsSync(join(DEFAULT_WASM_BUILD_DIR, module.wasm)), module.wasm);
    assert.ok(module.wasmBytes > 0 && module.wasmGzipBytes > 0 && module.glueBytes > 0, module.codec);
    assert.ok(module.wasmGzipBytes < module.wasmBytes, `${module.codec}: gzip is smaller`);
  }
});

for (const codecName of listWasmCodecs()) {
  describe(`wasm ${codecName}`, () => {
    let codec;
    before(async () => {
      codec = await loadWasmCodec(codecName);
    });

    test('names itself', () => {
      assert.equal(codec.name, codecName);
      assert.equal(typeof codec.libraryVersion, 'string');
      assert.notEqual(codec.libraryVersion, '');
      assert.deepEqual(codec.strategies, STRATEGIES);
    });

    test(`every strategy round-trips every growth step up to ${MAX_MB} MB`, () => {
      const dataset = new TupleDataset();
      let steps = 0;
      while (dataset.jsonMB <= MAX_MB) {
        const label = `${codecName} step ${dataset.index} (${dataset.items.length} items)`;
        const encodings = STRATEGIES.map((strategy) => {
          const { bytes, phases } = codec.encode(strategy, dataset.items);
          assert.ok(bytes instanceof Uint8Array && bytes.length > 0, `${label}: ${strategy} encode`);
          for (const phase of ['marshalInMs', 'codecMs', 'bytesOutMs']) {
            assert.ok(phases[phase] >= 0, `${label}: ${strategy} encode phase ${phase}`);
          }
          return bytes;
        });
        // Same items in, same codec: the strategies must not change a byte.
        assertSameBytes(encodings[1], encodings[0], `${label}: embind vs val encoding`);
        assertSameBytes(encodings[2], encodings[0], `${label}: typed vs val encoding`);
        for (const strategy of STRATEGIES) {
          const { items, phases } = codec.decode(strategy, encodings[0]);
          assertSameItems(items, dataset.items, `${label}: ${strategy} decode`);
          for (const phase of ['bytesInMs', 'codecMs', 'marshalOutMs']) {
            assert.ok(phases[phase] >= 0, `${label}: ${strategy} decode phase ${phase}`);
          }
        }
        dataset.grow();
        steps++;
      }
      assert.ok(steps > 50, `${steps} growth steps checked`);
    });

    test('encoded bytes are a copy that survives later calls and memory growth', () => {
      const small = datasetWithItems(100).items;
      for (const strategy of STRATEGIES) {
        const { bytes } = codec.encode(strategy, small);
        const kept = bytes.slice();
        // A bigger payload reuses the module's output buffer and may grow
        // the memory; the first result must not change.
        codec.encode(strategy, datasetWithItems(20000).items);
        assertSameBytes(bytes, kept, `${codecName} ${strategy}`);
        assertSameItems(codec.decode(strategy, bytes).items, small, `${codecName} ${strategy}`);
      }
    });

    test('decoded items are plain {x, y, z} objects', () => {
      const { bytes } = codec.encode('typed', datasetWithItems(10).items);
      for (const strategy of STRATEGIES) {
        const [first] = codec.decode(strategy, bytes).items;
        assert.equal(Object.getPrototypeOf(first), Object.prototype, strategy);
        assert.deepEqual(Object.keys(first), ['x', 'y', 'z'], strategy);
      }
    });

    test('repeated successful calls do not leak', () => {
      const items = datasetWithItems(2000).items;
      for (const strategy of STRATEGIES) {
        const run = () => codec.decode(strategy, codec.encode(strategy, items).bytes);
        run(); // sizes the module's reusable buffers
        const allocated = codec.allocatedBytes();
        const heap = codec.heapBytes();
        for (let i = 0; i < 50; i++) run();
        assert.equal(
          codec.allocatedBytes(),
          allocated,
          `${codecName} ${strategy}: malloc'd bytes after 50 calls`,
        );
        assert.equal(codec.heapBytes(), heap, `${codecName} ${strategy}: heap size after 50 calls`);
      }
    });

    test('an unknown strategy is an Error naming the codec', () => {
      assert.throws(() => codec.encode('simd', []), new RegExp(`^Error: ${codecName}: unknown strategy`));
      assert.throws(() => codec.decode('simd', new Uint8Array(4)), new RegExp(`^Error: ${codecName}: `));
    });
  });
}
