// The tuple codecs through the Node-API addon (src/workloads/tuples/addon-bindings.cpp,
// src/harness/addon-codec.mjs): round trips through every strategy and the
// columnar variant, the addon's bytes against the wasm modules' and the
// native runner's, the item check worded as wasm's, and hostile input (a
// clean Error naming the codec, the process alive, nothing leaked). Skipped
// without the native build's addon, or failing under WCB_REQUIRE_BUILDS=1.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';

import { REPO_ROOT, listWasmCodecs, loadWasmCodec } from '../../node/load-wasm.mjs';
import { readNativeCatalog } from '../../src/addon/load-addon.mjs';
import { addonStrategiesOf, codecsOf } from '../../src/catalog.mjs';
import { COLUMNAR, createAddonPath } from '../../src/harness/paths.mjs';
import { columnsFromItems, itemsFromColumns } from '../../src/harness/wasm-items.mjs';
import { conformanceSteps, exportNativeEncodings, missingWasm } from './conformance-support.mjs';
import { ADDON_CODECS, addon, addonCodecs, missingAddon } from './addon-helpers.mjs';
import {
  assertSameBytes,
  assertSameItems,
  datasetWithItems,
  fullGc,
  isJsonTextCodec,
  seededRandom,
  testWithBuild,
} from './wasm-helpers.mjs';

const STRATEGIES = addonStrategiesOf('tuples');
const MAX_ERROR_LENGTH = 512;

/** Round trip of `items` through every strategy and columnar; returns the bytes of each. */
function roundTrip(codec, items, label) {
  const out = {};
  for (const strategy of STRATEGIES) {
    const { bytes, phases } = codec.encode(strategy, items);
    assert.ok(bytes instanceof Uint8Array, `${label} ${strategy}: bytes`);
    assert.deepEqual(Object.keys(phases), ['marshalInMs', 'codecMs', 'bytesOutMs']);
    for (const ms of Object.values(phases))
      assert.ok(ms >= 0, `${label} ${strategy}: ${JSON.stringify(phases)}`);
    codec.poisonOutputs();
    const decoded = codec.decode(strategy, bytes);
    assert.deepEqual(Object.keys(decoded.phases), ['bytesInMs', 'codecMs', 'marshalOutMs']);
    for (const ms of Object.values(decoded.phases)) assert.ok(ms >= 0, `${label} ${strategy} decode phases`);
    assertSameItems(decoded.items, items, `${label} ${strategy}`);
    out[strategy] = bytes;
  }
  const columns = columnsFromItems(items);
  const { bytes } = codec.encodeColumns(columns);
  codec.poisonOutputs();
  const { columns: decoded } = codec.decodeColumns(bytes);
  assert.ok(
    decoded.x instanceof Int32Array && decoded.y instanceof Float64Array && decoded.z instanceof Float64Array,
  );
  assertSameItems(itemsFromColumns(decoded), items, `${label} columnar`);
  out.columnar = bytes;
  return out;
}

/** `call`'s outcome: its result, or the Error it threw, checked against the contract. */
function outcome(codecName, call, label) {
  try {
    return { value: call() };
  } catch (error) {
    assert.ok(error instanceof Error, `${label}: threw ${error}`);
    assert.ok(
      error.message.startsWith(`${codecName}: `),
      `${label}: the Error names the codec: ${error.message}`,
    );
    assert.ok(error.message.length <= MAX_ERROR_LENGTH, `${label}: a ${error.message.length}-byte message`);
    return { error: error.message };
  }
}

testWithBuild('the native catalog names the addon, and it holds every tuple codec', missingAddon, {}, () => {
  const catalog = readNativeCatalog();
  assert.ok(catalog.addon.workloads.includes('tuples'));
  assert.deepEqual(ADDON_CODECS, codecsOf(catalog, 'tuples'));
  assert.ok(addon.info().workloads.includes('tuples'));
  for (const codec of addonCodecs()) {
    assert.equal(typeof codec.libraryVersion, 'string');
    assert.ok(codec.libraryVersion.length > 0);
  }
});

testWithBuild(
  'round trips: every codec, strategy and columnar, empty to some 50,000 items',
  missingAddon,
  {},
  () => {
    for (const codec of addonCodecs()) {
      for (const count of [0, 1, 7, 1000, 50_000]) {
        const items = count === 0 ? [] : datasetWithItems(count).items;
        const bytes = roundTrip(codec, items, `${codec.name} ${items.length} items`);
        // One encoding whatever the boundary.
        assertSameBytes(bytes.typed, bytes.object, `${codec.name}: typed vs object`);
        assertSameBytes(bytes.columnar, bytes.object, `${codec.name}: columnar vs object`);
      }
      if (!isJsonTextCodec(codec.name)) {
        // What JSON text cannot hold: NaN, infinities, -0 in y and z; int32's ends in x.
        const special = [
          { x: 2 ** 31 - 1, y: NaN, z: -0 },
          { x: -(2 ** 31), y: Infinity, z: -Infinity },
          { x: 0, y: Number.MIN_VALUE, z: -Number.MAX_VALUE },
        ];
        roundTrip(codec, special, `${codec.name} special values`);
      }
    }
  },
);

testWithBuild('paths: place node-addon, no module, columnar as a variant of typed', missingAddon, {}, () => {
  const [codec] = addonCodecs();
  for (const strategy of [...STRATEGIES, COLUMNAR]) {
    const path = createAddonPath(codec, strategy);
    assert.equal(path.place, 'node-addon');
    assert.equal(path.impl, 'cpp');
    assert.equal(path.interop, strategy === COLUMNAR ? 'typed' : strategy);
    assert.equal(path.variant, strategy === COLUMNAR ? 'columnar' : undefined);
    assert.equal(path.module, undefined);
    const items = datasetWithItems(100).items;
    const { encoded } = path.encode(items);
    path.prepareDecode();
    const decoded = path.decode(encoded).items;
    assertSameItems(path.toPlainItems ? path.toPlainItems(decoded) : decoded, items, strategy);
  }
  assert.throws(() => createAddonPath(codec, 'val'), /unknown addon strategy 'val'/);
});

testWithBuild(
  "conformance: the addon writes the wasm modules' bytes and the native runner's, every step up to 1 MB",
  missingAddon || missingWasm,
  { timeout: 600_000 },
  async (t) => {
    const steps = conformanceSteps();
    const wasmCodecs = listWasmCodecs();
    for (const codec of addonCodecs()) {
      const native = exportNativeEncodings(codec.name, steps, { note: (text) => t.diagnostic(text) });
      const wasm = wasmCodecs.includes(codec.name) ? await loadWasmCodec(codec.name) : null;
      try {
        const dataset = datasetWithItems(0);
        for (const step of steps) {
          while (dataset.index < step.index) dataset.grow();
          const bytes = codec.encode('typed', dataset.items).bytes;
          if (native)
            assertSameBytes(bytes, native.bytes(step), `${codec.name} step ${step.index}: addon vs native`);
          if (wasm) {
            assertSameBytes(
              bytes,
              wasm.encode('typed', dataset.items).bytes,
              `${codec.name} step ${step.index}: addon vs wasm`,
            );
          }
        }
      } finally {
        native?.cleanup();
      }
    }
  },
);

testWithBuild("wrong items: the same Error as wasm's, in every strategy", missingAddon, {}, async () => {
  const good = datasetWithItems(5).items.slice(0, 5);
  const cases = [
    [{ x: 1.5, y: 0, z: 0 }, 'item 3: x must be an int32, got 1.5'],
    [{ x: 2 ** 31, y: 0, z: 0 }, 'item 3: x must be an int32, got 2147483648'],
    [{ x: -0, y: 0, z: 0 }, 'item 3: x must be an int32, got -0'],
    [{ x: '7', y: 0, z: 0 }, 'item 3: x must be an int32, got "7"'],
    [{ y: 0, z: 0 }, 'item 3: x is missing'],
    [{ x: 1, y: null, z: 0 }, 'item 3: y must be a number, got null'],
    [{ x: 1, y: 0, z: 1n }, 'item 3: z must be a number, got 1n'],
    [{ x: 1, y: 0, z: [] }, 'item 3: z must be a number, got an array'],
    [null, 'item 3 is not an object (got null)'],
    [undefined, 'item 3 is not an object (got undefined)'],
    [42, 'item 3 is not an object (got 42)'],
  ];
  const wasm = missingWasm ? null : await loadWasmCodec(ADDON_CODECS[0]);
  for (const codec of addonCodecs()) {
    for (const [bad, problem] of cases) {
      const items = [...good.slice(0, 3), bad, good[4]];
      for (const strategy of STRATEGIES) {
        assert.throws(
          () => codec.encode(strategy, items),
          { message: `${codec.name}: ${problem}` },
          strategy,
        );
      }
      if (wasm && codec.name === wasm.name) {
        assert.throws(() => wasm.encode('val', items), { message: `${codec.name}: ${problem}` }, 'wasm val');
      }
    }
    // Not an array, not bytes, wrong columns: an Error naming the codec.
    for (const strategy of STRATEGIES) {
      assert.throws(() => codec.encode(strategy, 'items'), new RegExp(`^TypeError: ${codec.name}: `));
      assert.throws(() => codec.decode(strategy, [1, 2]), new RegExp(`^TypeError: ${codec.name}: `));
    }
    assert.throws(
      () => codec.encodeColumns({ x: new Float64Array(1) }),
      new RegExp(`${codec.name}: encodeColumns`),
    );
    // A getter that throws: its Error, and the codec goes on.
    const throwing = Object.defineProperty({}, 'x', {
      get() {
        throw new Error('getter says no');
      },
    });
    assert.throws(() => codec.encode('object', [good[0], throwing]), /getter says no/);
    roundTrip(codec, good, `${codec.name} after wrong items`);
  }
});

testWithBuild(
  'the native class refuses wrong arguments with an Error naming the codec',
  missingAddon,
  {},
  () => {
    const stats = new Float64Array(3);
    assert.throws(() => new addon.TuplesCodec('nope', stats), /no tuple codec 'nope'/);
    assert.throws(() => new addon.TuplesCodec(ADDON_CODECS[0]), /TuplesCodec expects/);
    for (const name of ADDON_CODECS) {
      const native = new addon.TuplesCodec(name, stats);
      const named = new RegExp(`^Error: ${name}: `);
      assert.throws(() => native.encodeObject({ length: 3 }), named);
      assert.throws(() => native.encodeTyped(new ArrayBuffer(24), 2), named);
      assert.throws(() => native.encodeTyped(new ArrayBuffer(24), -1), named);
      assert.throws(() => native.encodeTyped(new Uint8Array(24), 1), named);
      assert.throws(() => native.decodeTyped(new Uint16Array(4)), named);
      assert.throws(() => native.decodeObject(), named);
      assert.throws(
        () => native.encodeColumns(new Int32Array(2), new Float64Array(2), new Float64Array(1)),
        named,
      );
      assert.throws(() => native.decodeColumns('bytes'), named);
    }
  },
);

testWithBuild(
  'hostile bytes: truncations, bit flips, noise and the fuzz corpus',
  missingAddon,
  { timeout: 300_000 },
  () => {
    const items = datasetWithItems(200).items;
    const random = seededRandom(19);
    const corpusDir = path.join(REPO_ROOT, 'tests', 'fuzz', 'corpus');
    for (const codec of addonCodecs()) {
      const valid = codec.encode('typed', items).bytes;
      const inputs = [];
      for (let cut = 0; cut < valid.length; cut += Math.max(1, Math.floor(valid.length / 64))) {
        inputs.push([`truncated to ${cut}`, valid.slice(0, cut)]);
      }
      for (let n = 0; n < 100; n++) {
        const flipped = valid.slice();
        const bit = random() % (valid.length * 8);
        flipped[bit >> 3] ^= 1 << (bit & 7);
        inputs.push([`bit ${bit} flipped`, flipped]);
      }
      for (let n = 0; n < 50; n++) {
        const noise = new Uint8Array(1 + (random() % 300));
        for (let i = 0; i < noise.length; i++) noise[i] = random() & 0xff;
        inputs.push([`noise ${n}`, noise]);
      }
      const folder = path.join(corpusDir, codec.name);
      if (fs.existsSync(folder)) {
        for (const file of fs.readdirSync(folder)) {
          inputs.push([`corpus ${file}`, new Uint8Array(fs.readFileSync(path.join(folder, file)))]);
        }
      }
      for (const [what, bytes] of inputs) {
        const label = `${codec.name} ${what}`;
        const object = outcome(codec.name, () => codec.decode('object', bytes).items, `${label} object`);
        const typed = outcome(codec.name, () => codec.decode('typed', bytes).items, `${label} typed`);
        const columns = outcome(
          codec.name,
          () => itemsFromColumns(codec.decodeColumns(bytes).columns),
          `${label} columnar`,
        );
        // The three boundaries agree: the same items, or the same Error.
        assert.equal(typed.error, object.error, `${label}: typed vs object`);
        assert.equal(columns.error, object.error, `${label}: columnar vs object`);
        if (object.error === undefined) {
          assertSameItems(typed.value, object.value, `${label}: typed vs object`);
          assertSameItems(columns.value, object.value, `${label}: columnar vs object`);
        }
      }
      roundTrip(codec, items, `${codec.name} after hostile input`);
    }
  },
);

testWithBuild(
  "failing calls leak nothing: malloc's bytes end where they started",
  missingAddon,
  { timeout: 300_000 },
  () => {
    const CALLS = 5000;
    // The whole process's malloc (V8 and Node allocate too): a leak of 64
    // bytes per call would add 320 KB, far beyond what the process moves by.
    const MARGIN = 192 * 1024;
    const items = datasetWithItems(500).items;
    for (const codec of addonCodecs()) {
      const valid = codec.encode('typed', items).bytes;
      const failing = [
        valid.slice(0, Math.floor(valid.length / 2)),
        valid.slice(0, 1),
        new Uint8Array([0xff, 0xff, 0xff, 0xff, 0xff]),
      ].filter(
        (bytes) => outcome(codec.name, () => codec.decode('typed', bytes), 'probe').error !== undefined,
      );
      assert.ok(failing.length > 0, `${codec.name}: some input fails`);
      const badItems = [...items.slice(0, 100), { x: 0.5, y: 0, z: 0 }];
      const run = (calls) => {
        for (let i = 0; i < calls; i++) {
          const strategy = STRATEGIES[i % STRATEGIES.length];
          assert.throws(() => codec.decode(strategy, failing[i % failing.length]));
          assert.throws(() => codec.encode(strategy, badItems));
        }
      };
      run(CALLS / 5);
      fullGc();
      const before = addon.allocatedBytes();
      run(CALLS);
      fullGc();
      const after = addon.allocatedBytes();
      assert.ok(
        after - before < MARGIN,
        `${codec.name}: malloc'd bytes from ${before} to ${after} over ${CALLS * 2} failing calls`,
      );
      roundTrip(codec, items, `${codec.name} after failing calls`);
    }
  },
);
