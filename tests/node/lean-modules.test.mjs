// The lean tuple modules (src/workloads/tuples/lean-bindings.cpp,
// src/harness/lean-codec.mjs) against the embind ones, for every codec of
// the build's catalog:
//   - the catalog lists a lean module for every tuple codec, smaller than the embind one;
//   - round trip through typed and columnar, and the same bytes as the
//     embind module's typed path (which its own conformance tests tie to
//     native C++);
//   - bad items and bad bytes: the same Error as the embind module's typed
//     path, naming the codec; the committed fuzz corpus, truncations, bit
//     flips and inputs claiming huge counts never abort the module;
//   - a few thousand failing calls leave malloc's bytes where they were;
//   - the runners pick it: a typed path made from it records module 'lean';
//   - loading one does not load Node's fetch implementation (a start-up cost).
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { before, describe, test } from 'node:test';

import {
  REPO_ROOT,
  listWasmCodecs,
  loadLeanCodec,
  loadWasmCodec,
  readWasmBuildInfo,
} from '../../node/load-wasm.mjs';
import { codecsOf } from '../../src/catalog.mjs';
import { LEAN_MODULE, leanModuleOf } from '../../src/harness/lean-codec.mjs';
import { COLUMNAR, createWasmPath } from '../../src/harness/paths.mjs';
import { columnsFromItems, itemsFromColumns } from '../../src/harness/wasm-items.mjs';
import { assertSameBytes, assertSameItems, datasetWithItems, seededRandom } from './wasm-helpers.mjs';

const CORPUS_DIR = path.join(REPO_ROOT, 'tests', 'fuzz', 'corpus');
const MAX_ERROR_LENGTH = 512;
const FAILING_CALLS = 2000;
const ALLOCATED_MARGIN_BYTES = 1024;

const info = readWasmBuildInfo();
const codecs = listWasmCodecs();

/** The committed corpus files of one codec's tuple decoder (tests/fuzz/corpus/<codec>/). */
function corpusOf(codec) {
  const folder = path.join(CORPUS_DIR, codec);
  if (!fs.existsSync(folder)) return [];
  return fs
    .readdirSync(folder)
    .sort()
    .map((name) => ({
      name: `${codec}/${name}`,
      bytes: new Uint8Array(fs.readFileSync(path.join(folder, name))),
    }));
}

/** { ok, items } or { ok: false, message }: the codec's Error, checked to name it. */
function outcome(codec, run, label) {
  try {
    return { ok: true, items: run() };
  } catch (error) {
    assert.ok(error instanceof Error, `${label}: threw ${String(error)}, not an Error`);
    assert.ok(
      error.message.startsWith(`${codec.name}: `),
      `${label}: "${error.message.slice(0, 200)}" does not name the codec`,
    );
    assert.ok(
      error.message.length <= MAX_ERROR_LENGTH,
      `${label}: an error of ${error.message.length} characters`,
    );
    return { ok: false, message: error.message };
  }
}

/** Bytes that claim far more than they hold, per format (as wasm-hostile.test.mjs crafts them). */
const CLAIMS = {
  // magic "WCBR", item size 24 (u32 LE), a count of 2^31 (u64 LE), one item.
  raw: [
    new Uint8Array([
      0x57,
      0x43,
      0x42,
      0x52,
      24,
      0,
      0,
      0,
      0,
      0,
      0,
      0x80,
      0,
      0,
      0,
      0,
      ...new Array(24).fill(1),
    ]),
  ],
  // {"items": array32 of 2^32-1 items}, none present.
  msgpack: [new Uint8Array([0x81, 0xa5, 0x69, 0x74, 0x65, 0x6d, 0x73, 0xdd, 0xff, 0xff, 0xff, 0xff])],
  // field 1 claiming 2^31-1 bytes.
  protobuf: [new Uint8Array([0x0a, 0xff, 0xff, 0xff, 0xff, 0x07, 0x08, 0x01])],
  json: [new TextEncoder().encode(`{"items":[{"x":1,"y":1${'0'.repeat(100000)},"z":0}]}`)],
};

test('the catalog lists a lean module for every tuple codec, smaller than its embind module', () => {
  assert.deepEqual(codecs, codecsOf(info, 'tuples'));
  for (const codec of codecs) {
    const lean = leanModuleOf(info, codec);
    assert.ok(lean, `${codec}: no lean module in build-info.json`);
    assert.match(lean.wasm, /_lean\.wasm$/);
    assert.ok(
      lean.wasmGzipBytes > 0 && lean.wasmGzipBytes <= lean.wasmBytes,
      `${codec}: sizes ${JSON.stringify(lean)}`,
    );
    const embind = info.catalog.codecs.find((entry) => entry.name === codec).modules.tuples;
    assert.ok(
      lean.wasmBytes < embind.wasmBytes,
      `${codec}: lean ${lean.wasmBytes} B, embind ${embind.wasmBytes} B`,
    );
  }
});

test("loading a lean module from its bytes leaves Node's fetch implementation unloaded (20-39 ms of a start-up)", () => {
  // A fresh process: this one may have loaded it for another test.
  const script = `
    const { loadLeanCodec } = await import(${JSON.stringify(path.join(REPO_ROOT, 'node', 'load-wasm.mjs'))});
    const codec = await loadLeanCodec(${JSON.stringify(codecs[0])});
    const loaded = process.moduleLoadList.filter((name) => name.includes('undici'));
    console.log(JSON.stringify({ name: codec.name, loaded }));`;
  const output = execFileSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' });
  assert.deepEqual(JSON.parse(output), { name: codecs[0], loaded: [] });
});

for (const name of codecs) {
  describe(`lean ${name}`, () => {
    let lean;
    let embind;
    let dataset;
    before(async () => {
      lean = await loadLeanCodec(name);
      embind = await loadWasmCodec(name);
      dataset = datasetWithItems(3000);
    });

    test('names its codec and library as the embind module does', () => {
      assert.equal(lean.name, name);
      assert.equal(lean.libraryVersion, embind.libraryVersion);
      assert.equal(lean.module, LEAN_MODULE);
      assert.deepEqual(lean.strategies, ['typed']);
    });

    test("typed and columnar round trip, with the embind typed path's bytes", () => {
      for (const count of [0, 1, 7, dataset.items.length]) {
        const items = dataset.items.slice(0, count);
        const expected = embind.encode('typed', items).bytes;
        const { bytes, phases } = lean.encode('typed', items);
        assertSameBytes(bytes, expected, `${name} typed encode of ${count} items`);
        for (const phase of ['marshalInMs', 'codecMs', 'bytesOutMs']) assert.ok(phases[phase] >= 0, phase);
        assertSameItems(lean.decode('typed', bytes).items, items, `${name} typed decode of ${count} items`);
        assertSameBytes(
          lean.encodeColumns(columnsFromItems(items)).bytes,
          expected,
          `${name} columns encode`,
        );
        const { columns } = lean.decodeColumns(bytes);
        assert.ok(columns.x instanceof Int32Array && columns.y instanceof Float64Array);
        assertSameItems(itemsFromColumns(columns), items, `${name} columns decode of ${count} items`);
      }
      assert.equal(lean.aborted, null);
    });

    test('decodes into fresh output: poisoned outputs never pass for decoded items', () => {
      const items = dataset.items.slice(0, 50);
      const bytes = lean.encode('typed', items).bytes;
      lean.poisonOutputs();
      assertSameItems(lean.decode('typed', bytes).items, items, `${name} after poisonOutputs`);
    });

    test("bad items: the embind typed path's Error, and the next call works", () => {
      const good = dataset.items.slice(0, 3);
      for (const bad of [
        null,
        { x: 1.5, y: 0, z: 0 },
        { x: 1, y: '2', z: 0 },
        { x: 2 ** 31, y: 0, z: 0 },
        { x: -0, y: 1, z: 1 },
      ]) {
        const items = [...good, bad];
        let leanError;
        let embindError;
        try {
          lean.encode('typed', items);
        } catch (error) {
          leanError = error.message;
        }
        try {
          embind.encode('typed', items);
        } catch (error) {
          embindError = error.message;
        }
        assert.ok(embindError, 'the embind module accepted a bad item');
        assert.equal(leanError, embindError);
        assert.match(leanError, new RegExp(`^${name}: item 3`));
      }
      assert.throws(() => lean.encode('typed', 'items'), new RegExp(`^TypeError: ${name}: encode expects`));
      assert.throws(() => lean.decode('typed', [1, 2]), new RegExp(`^TypeError: ${name}: decode expects`));
      assert.throws(() => lean.encode('val', good), /the lean module has typed only/);
      assertSameItems(lean.decode('typed', lean.encode('typed', good).bytes).items, good, 'after the errors');
    });

    test('hostile bytes (fuzz corpus, truncations, bit flips, noise, huge claims): the embind typed outcome, never an abort', () => {
      const valid = embind.encode('typed', dataset.items.slice(0, 20)).bytes;
      const random = seededRandom(17);
      const inputs = [...corpusOf(name)];
      for (let cut = 0; cut < valid.length; cut += Math.max(1, valid.length >> 5)) {
        inputs.push({ name: `truncated to ${cut}`, bytes: valid.slice(0, cut) });
      }
      for (let i = 0; i < 64; i++) {
        const bytes = valid.slice();
        bytes[random() % bytes.length] ^= 1 << (random() % 8);
        inputs.push({ name: `bit flip ${i}`, bytes });
      }
      for (let i = 0; i < 16; i++) {
        inputs.push({
          name: `noise ${i}`,
          bytes: Uint8Array.from({ length: 1 + (random() % 200) }, () => random() & 255),
        });
      }
      for (const [i, bytes] of (CLAIMS[name] ?? []).entries()) inputs.push({ name: `claim ${i}`, bytes });
      let failures = 0;
      for (const { name: what, bytes } of inputs) {
        const label = `${name}: ${what}`;
        const fromLean = outcome(lean, () => lean.decode('typed', bytes).items, label);
        const fromEmbind = outcome(embind, () => embind.decode('typed', bytes).items, label);
        assert.equal(
          fromLean.ok,
          fromEmbind.ok,
          `${label}: lean ${fromLean.message ?? 'decoded'}, embind ${fromEmbind.message ?? 'decoded'}`,
        );
        if (fromLean.ok) assertSameItems(fromLean.items, fromEmbind.items, label);
        else assert.equal(fromLean.message, fromEmbind.message, label);
        const columns = outcome(lean, () => lean.decodeColumns(bytes).columns, `${label} (columns)`);
        assert.equal(columns.ok, fromLean.ok, `${label}: columns and typed disagree`);
        if (!fromLean.ok) failures += 1;
        assert.equal(lean.aborted, null, `${label}: the module aborted`);
      }
      assert.ok(failures > 0, 'no input failed: the hostile inputs test nothing');
    });

    test(`${FAILING_CALLS} failing calls leave malloc's bytes where they were`, () => {
      const bad = new Uint8Array([0xc1, 0xc1, 0xc1, 0xc1, 0xff, 0xff, 0xff, 0xff, 0x00, 0x01]);
      const fail = () => assert.throws(() => lean.decode('typed', bad));
      for (let i = 0; i < 200; i++) fail();
      const before = lean.allocatedBytes();
      for (let i = 0; i < FAILING_CALLS; i++) fail();
      assert.ok(
        lean.allocatedBytes() - before <= ALLOCATED_MARGIN_BYTES,
        `${lean.allocatedBytes() - before} bytes more`,
      );
      assert.equal(lean.aborted, null);
      lean.releaseBuffers();
      assert.ok(lean.heapBytes() > 0);
    });

    test('as a path: typed and columnar record module lean', () => {
      const typed = createWasmPath(lean, 'typed');
      const columnar = createWasmPath(lean, COLUMNAR);
      assert.equal(typed.module, 'lean');
      assert.equal(columnar.module, 'lean');
      assert.equal(createWasmPath(embind, 'typed').module, 'embind');
      assert.throws(() => createWasmPath(lean, 'val'), /unknown strategy 'val'/);
    });
  });
}
