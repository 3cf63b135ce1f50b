// A decoder that does nothing must not pass verification. Decode outputs are
// reused from call to call (the wasm module's items, src/core/sentinel.h), so
// a decoder that skipped its work after its first call would hand back the
// previous call's correct items. measurePath fills reused storage with a
// sentinel before every decode that counts (path.prepareDecode), outside the
// timer; these tests show a lazy decoder caught with it and passing without.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';

import { listWasmCodecs, loadWasmCodec } from '../../node/load-wasm.mjs';
import { createJsonMessagePath } from '../../src/workloads/messages/json-path.mjs';
import { measurePath } from '../../src/harness/payload-measure.mjs';
import { measureMessageBlock } from '../../src/workloads/messages/block.mjs';
import { createWasmPath } from '../../src/harness/paths.mjs';
import { itemsFromHeap } from '../../src/harness/wasm-items.mjs';
import { TupleDataset } from '../../src/workloads/tuples/dataset.mjs';
import { testWithBuild } from './wasm-helpers.mjs';

// The sentinel of src/core/sentinel.h: x = INT32_MIN, y and z one NaN payload.
const SENTINEL_X = -2147483648;
const SENTINEL_NAN_BITS = 0x7ff85e471e150badn;

function payload(mb = 0.05) {
  const dataset = new TupleDataset();
  dataset.growToMB(mb);
  return { step: dataset.step(), items: dataset.items };
}

const measure = (path) =>
  measurePath(path, { place: 'node', warmup: 1, minWarmupMs: 0, repetitions: 3, ...payload() });

// A JS path that decodes into storage it keeps, as the wasm module does, and
// is lazy: after its first decode it hands back that storage untouched.
// With `sentinel`, its prepareDecode fills the storage as the module's
// poisonOutputs does.
function lazyJsPath({ sentinel }) {
  const storage = [];
  let decoded = false;
  const path = {
    codec: 'lazy-js',
    impl: 'cpp',
    interop: 'typed',
    library: 'lazy 1.0',
    encode: (items) => ({ encoded: new TextEncoder().encode(JSON.stringify(items)) }),
    decode(bytes) {
      if (!decoded) {
        const items = JSON.parse(new TextDecoder().decode(bytes));
        for (let i = 0; i < items.length; i++) storage[i] = items[i];
        storage.length = items.length;
        decoded = true;
      }
      return { items: storage };
    },
    bytesOf: (bytes) => bytes,
  };
  if (sentinel) {
    path.prepareDecode = () => {
      for (let i = 0; i < storage.length; i++) storage[i] = { x: SENTINEL_X, y: NaN, z: NaN };
    };
  }
  return path;
}

describe('a lazy decoder (decodes once, then returns its reused storage)', () => {
  test('with the sentinel before each decode: the row fails, naming the codec', async (t) => {
    const row = await measure(lazyJsPath({ sentinel: true }));
    t.diagnostic(`row: status ${row.status}, error "${row.error}"`);
    assert.equal(row.status, 'failed');
    assert.match(
      row.error,
      /^timed decode 1: decoded items differ from the input: .*\(decoded by lazy-js\/typed\)$/,
    );
  });

  test('without the sentinel: the same lazy decoder passes (what the sentinel prevents)', async (t) => {
    const row = await measure(lazyJsPath({ sentinel: false }));
    t.diagnostic(`row: status ${row.status}${row.error ? `, error "${row.error}"` : ''}`);
    assert.equal(row.status, 'ok', row.error);
  });
});

// The messages workload's version: the module decodes into one message per
// record that it reuses (src/workloads/messages/bindings.cpp); a lazy
// decoder hands back the record it holds. The sentinel state is an empty
// record, as the module's poisonOutputs leaves it.
function lazyMessagePath({ sentinel }) {
  const json = createJsonMessagePath();
  return {
    codec: 'lazy-messages',
    impl: 'cpp',
    interop: 'val',
    library: 'lazy 1.0',
    forRecord(name) {
      const calls = json.forRecord(name);
      let held = null;
      const decode = (text) => (held ??= calls.decode(text));
      const prepareDecode = () => {
        if (held !== null) for (const key of Object.keys(held)) delete held[key];
      };
      return { encode: calls.encode, decode, ...(sentinel && { prepareDecode }) };
    },
  };
}

describe('a lazy message decoder (decodes once, then returns the record it holds)', () => {
  // The path alone in a block on one record: its row.
  const measureRecord = async (path) => {
    const job = { block: 'b', process: 0, batch: 'b', record: 'record', members: [{ subject: path }] };
    const loadPath = async () => ({ subject: path });
    const [row] = await measureMessageBlock(
      { ...job, rounds: 2, warmup: 1, minRepMs: 0.2 },
      { place: 'node', loadPath },
    );
    return { row };
  };

  test('with the sentinel before each repetition: the row fails, naming the stage', async (t) => {
    const { row } = await measureRecord(lazyMessagePath({ sentinel: true }));
    t.diagnostic(`row: status ${row.status}, error "${row.error}"`);
    assert.equal(row.status, 'failed');
    assert.equal(row.codec, 'lazy-messages');
    assert.match(row.error, /^verify after decode: decoded record differs/);
  });

  test('without the sentinel: the same lazy decoder passes', async (t) => {
    const { row } = await measureRecord(lazyMessagePath({ sentinel: false }));
    t.diagnostic(`row: status ${row.status}${row.error ? `, error "${row.error}"` : ''}`);
    assert.equal(row.status, 'ok', row.error);
  });
});

// The same over a real module: the first decode is the codec's, later ones
// only read the module's decode output again (decodedItems) without decoding.
function lazyWasmPath(codec, { sentinel }) {
  const honest = createWasmPath(codec, 'typed');
  let count = -1;
  const lazy = {
    ...honest,
    codec: `lazy-${codec.name}`,
    decode(bytes) {
      if (count < 0) {
        const result = honest.decode(bytes);
        count = result.items.length;
        return result;
      }
      const m = codec.exports;
      return { items: itemsFromHeap(m.HEAP32, m.HEAPF64, m.decodedItems(), count) };
    },
  };
  if (!sentinel) delete lazy.prepareDecode;
  return lazy;
}

const codecNames = listWasmCodecs();
// A build made before src/wasm/module.cpp exported poisonOutputs.
const probe = await loadWasmCodec(codecNames[0]);
const noPoison = probe.hasPoisonOutputs ? false : 'build/wasm has no poisonOutputs export: rebuild it';

describe('a lazy decoder over each wasm module (typed, reading the module output again)', () => {
  for (const codecName of codecNames) {
    testWithBuild(`${codecName}: caught with poisonOutputs, passes without it`, noPoison, {}, async (t) => {
      const caught = await measure(lazyWasmPath(await loadWasmCodec(codecName), { sentinel: true }));
      const missed = await measure(lazyWasmPath(await loadWasmCodec(codecName), { sentinel: false }));
      t.diagnostic(`with the sentinel: ${caught.status}, "${caught.error}"`);
      t.diagnostic(`without: ${missed.status}`);
      assert.equal(caught.status, 'failed');
      assert.match(caught.error, new RegExp(`^timed decode 1: .*\\(decoded by lazy-${codecName}/typed\\)$`));
      assert.equal(missed.status, 'ok', missed.error);
    });
  }
});

describe('poisonOutputs fills the decode output of every tuple module with the sentinel', () => {
  for (const codecName of codecNames) {
    testWithBuild(
      `${codecName}: after a decode, poisonOutputs() leaves only sentinel items in decodedItems`,
      noPoison,
      {},
      async () => {
        const codec = await loadWasmCodec(codecName);
        assert.equal(typeof codec.exports.poisonOutputs, 'function', `${codecName} exports poisonOutputs`);
        const { items } = payload(0.02);
        const { bytes } = codec.encode('typed', items);
        const decoded = codec.decode('typed', bytes).items;
        assert.equal(decoded.length, items.length);

        codec.poisonOutputs();
        const m = codec.exports;
        const pointer = m.decodedItems();
        // The bits, read through integer views: a NaN read as a JS number may
        // lose its payload.
        const words = new BigUint64Array(m.HEAPU8.buffer, pointer, items.length * 3);
        const int32 = new Int32Array(m.HEAPU8.buffer, pointer, items.length * 6);
        for (let i = 0; i < items.length; i++) {
          const bits = [int32[6 * i], words[3 * i + 1], words[3 * i + 2]];
          if (bits[0] !== SENTINEL_X || bits[1] !== SENTINEL_NAN_BITS || bits[2] !== SENTINEL_NAN_BITS) {
            assert.fail(
              `${codecName}: item ${i} after poisonOutputs is ${bits.join(', ')}, not the sentinel`,
            );
          }
        }
        // What the typed strategy would build from it: no item of the payload.
        const seen = itemsFromHeap(m.HEAP32, m.HEAPF64, pointer, items.length);
        assert.ok(
          seen.every((item) => item.x === SENTINEL_X && Number.isNaN(item.y) && Number.isNaN(item.z)),
        );
        // And the module decodes normally again.
        assert.equal(codec.decode('typed', bytes).items[items.length - 1].x, items[items.length - 1].x);
      },
    );
  }
});
