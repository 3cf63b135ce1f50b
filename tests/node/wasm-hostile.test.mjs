// Hostile input through the wasm modules (docs/design.md#bad-input),
// beyond wasm-errors.test.mjs (truncations, bit flips, noise, 1,000 calls):
//   - the committed fuzz corpus (tests/fuzz/corpus/**: what the libFuzzer
//     targets found interesting, and every input that once crashed a
//     decoder) through every codec and strategy: the three strategies agree,
//     on the items or on the codec's Error;
//   - inputs crafted to make a decoder allocate, per format (counts and
//     lengths claiming 2^31 items or 4 GiB, megabyte-long tokens), through
//     every codec and strategy: a short Error naming the codec, nothing
//     allocated, no abort;
//   - 10,000 failing calls per codec and strategy: the wasm memory, the
//     bytes malloc hands out and the JS heap (after a full GC) end where
//     they started, within a small margin.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { before, describe, test } from 'node:test';

import { REPO_ROOT, listWasmCodecs, loadWasmCodec } from '../../node/load-wasm.mjs';
import { STRATEGIES } from '../../src/harness/wasm-codec.mjs';
import { assertSameItems, datasetWithItems, fullGc } from './wasm-helpers.mjs';

const CORPUS_DIR = path.join(REPO_ROOT, 'tests', 'fuzz', 'corpus');
// Error messages quote the input (a key, a token), never all of it: a
// megabyte-long key must not come back as a megabyte-long message.
const MAX_ERROR_LENGTH = 512;
const FAILING_CALLS = 10000;
const WARM_UP_CALLS = 3000;
// The wasm memory grows by 64 KiB pages and never shrinks: one page of slack.
const WASM_PAGE_BYTES = 64 * 1024;
// malloc'd bytes after the calls, against before them (after a warm-up
// pass, so the module's reused buffers have reached their size): a leak of
// one byte per call would show ten times over.
const ALLOCATED_MARGIN_BYTES = 1024;
// The JS heap after a full GC moves by some 10 KiB between two readings
// (V8's own bookkeeping, code it compiles); a leaked object per call (an
// Error is 100+ bytes, with its stack far more) adds 1+ MiB.
const JS_HEAP_MARGIN_BYTES = 128 * 1024;
const JS_HEAP_ROUNDS = 3;

/** Every file of the committed corpus, as { name: 'msgpack/crash-...', bytes }. */
function readCorpus() {
  const files = [];
  const visit = (folder) => {
    for (const entry of fs.readdirSync(folder, { withFileTypes: true })) {
      const full = path.join(folder, entry.name);
      if (entry.isDirectory()) visit(full);
      else if (entry.isFile()) {
        files.push({ name: path.relative(CORPUS_DIR, full), bytes: new Uint8Array(fs.readFileSync(full)) });
      }
    }
  };
  visit(CORPUS_DIR);
  return files.sort((a, b) => (a.name < b.name ? -1 : 1));
}

// ---- inputs crafted to make a decoder allocate what they claim ----

const utf8 = (text) => new TextEncoder().encode(text);
/** Concatenates bytes given as numbers, arrays and Uint8Arrays. */
const concat = (...parts) => {
  const chunks = parts.map((part) => (typeof part === 'number' ? [part] : part));
  const bytes = new Uint8Array(chunks.reduce((total, chunk) => total + chunk.length, 0));
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.length;
  }
  return bytes;
};
const littleEndian = (value, size) => {
  const bytes = [];
  let rest = BigInt(value);
  for (let i = 0; i < size; i++, rest >>= 8n) bytes.push(Number(rest & 0xffn));
  return bytes;
};
const bigEndian = (value, size) => littleEndian(value, size).reverse();

// raw: magic "WCBR", item size (u32), item count (u64), then the items.
const rawPayload = (itemSize, count, bodyBytes) =>
  concat(utf8('WCBR'), littleEndian(itemSize, 4), littleEndian(count, 8), new Uint8Array(bodyBytes));

// msgpack: {"items": <value>} and one valid item.
const MSGPACK_ITEMS = [0x81, 0xa5, ...utf8('items')];
const MSGPACK_ITEM = [0x83, 0xa1, 0x78, 0x01, 0xa1, 0x79, 0x02, 0xa1, 0x7a, 0x03];

// protobuf: an item is field 1, wire type 2 (tag 0x0a), then a varint length.
const varint = (value) => {
  const bytes = [];
  let rest = BigInt(value);
  while (rest >= 0x80n) {
    bytes.push(Number((rest & 0x7fn) | 0x80n));
    rest >>= 7n;
  }
  bytes.push(Number(rest));
  return bytes;
};

// flatbuffers: a valid buffer from the codec itself, patched where its
// offsets lead (the wire format followed by hand, as in the native tests).
function flatbufferLayout(bytes) {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const root = view.getUint32(0, true);
  const rootVtable = root - view.getInt32(root, true);
  const itemsField = root + view.getUint16(rootVtable + 4, true);
  const vector = itemsField + view.getUint32(itemsField, true);
  const firstItem = vector + 4 + view.getUint32(vector + 4, true);
  const itemVtable = firstItem - view.getInt32(firstItem, true);
  return { view, root, itemsField, vector, firstItem, itemVtable };
}
function patchedFlatbuffer(valid, patch) {
  const bytes = valid.slice();
  patch(flatbufferLayout(bytes));
  return bytes;
}

/** { codec: { what: bytes } }; `flatbufferValid` is the flatbuffers codec's encoding of a few items. */
function allocationTraps(flatbufferValid) {
  const GiB4 = 2n ** 32n;
  const traps = {
    raw: {
      'a count of 2^31 items over one item': rawPayload(24, 2n ** 31n, 24),
      'a count of 4 GiB worth of items over one item': rawPayload(24, GiB4 / 24n + 1n, 24),
      'the largest count, 2^64-1': rawPayload(24, 2n ** 64n - 1n, 24),
      'a count whose byte size wraps 64 bits': rawPayload(24, (2n ** 64n - 1n) / 24n + 2n, 24),
      'an item size of 4 GiB': rawPayload(2 ** 32 - 1, 1, 24),
    },
    json: {
      // JSON carries no lengths; what a parser may buffer is a token.
      'an exponent of 2^31': utf8('{"items":[{"x":1,"y":1e2147483648,"z":0}]}'),
      'a number of 1,000,000 digits': utf8(`{"items":[{"x":1,"y":1${'0'.repeat(1000000)},"z":0}]}`),
      'an unterminated string of 1,000,000 bytes': utf8(`{"items":[{"x":1,"y":"${'a'.repeat(1000000)}`),
      'an x of 2^64': utf8('{"items":[{"x":18446744073709551616,"y":1,"z":0}]}'),
      'a key of 1,000,000 bytes': utf8(`{"items":[{"${'k'.repeat(1000000)}":1}]}`),
    },
    msgpack: {
      'an array32 claiming 2^31 items, one present': concat(
        MSGPACK_ITEMS,
        0xdd,
        bigEndian(2 ** 31, 4),
        MSGPACK_ITEM,
      ),
      'an array32 claiming 2^32-1 items, none present': concat(MSGPACK_ITEMS, 0xdd, 0xff, 0xff, 0xff, 0xff),
      'a map32 item claiming 2^31 pairs': concat(MSGPACK_ITEMS, 0x91, 0xdf, bigEndian(2 ** 31, 4)),
      'a top-level map32 claiming 2^32-1 pairs': concat(0xdf, 0xff, 0xff, 0xff, 0xff, 0xa5, utf8('items')),
      'a str32 key claiming 4 GiB': concat(0x81, 0xdb, 0xff, 0xff, 0xff, 0xff, utf8('items')),
      'a str32 key of 1,000,000 bytes': concat(
        0x81,
        0xdb,
        bigEndian(1000000, 4),
        utf8('k'.repeat(1000000)),
        0x90,
      ),
      'a str32 y claiming 4 GiB': concat(MSGPACK_ITEMS, 0x91, 0x83, 0xa1, 0x79, 0xdb, 0xff, 0xff, 0xff, 0xff),
      'a bin32 claiming 4 GiB': concat(MSGPACK_ITEMS, 0xc6, 0xff, 0xff, 0xff, 0xff, 0x00),
      'an ext32 claiming 4 GiB': concat(MSGPACK_ITEMS, 0xc9, 0xff, 0xff, 0xff, 0xff, 0x01, 0x00),
    },
    protobuf: {
      'an item claiming 2^31-1 bytes': concat(0x0a, varint(2 ** 31 - 1), 0x08, 0x01),
      'an item claiming 4 GiB (wraps a 32-bit length)': concat(0x0a, varint(GiB4), 0x08, 0x01),
      'an item claiming 2^63-1 bytes': concat(0x0a, varint(2n ** 63n - 1n), 0x08, 0x01),
      'an unknown field claiming 4 GiB': concat(0x22, varint(GiB4 - 1n), 0x00),
      'an unknown field inside an item claiming 2^31-1 bytes': concat(0x0a, 0x06, 0x22, varint(2 ** 31 - 1)),
      'a valid item, then one claiming 2 GiB': concat(
        [0x0a, 0x02, 0x08, 0x01],
        0x0a,
        varint(2 ** 31 - 1),
        0x08,
      ),
    },
    flatbuffers: {
      'a vector length of 2^31': patchedFlatbuffer(flatbufferValid, (l) =>
        l.view.setUint32(l.vector, 2 ** 31, true),
      ),
      'a vector length of 2^32-1': patchedFlatbuffer(flatbufferValid, (l) =>
        l.view.setUint32(l.vector, 2 ** 32 - 1, true),
      ),
      'a root offset of 4 GiB': patchedFlatbuffer(flatbufferValid, (l) =>
        l.view.setUint32(0, 0xfffffff0, true),
      ),
      'an item vtable offset of 2 GiB': patchedFlatbuffer(flatbufferValid, (l) =>
        l.view.setUint32(l.firstItem, 0x80000000, true),
      ),
      'an item vtable claiming 64 KiB': patchedFlatbuffer(flatbufferValid, (l) =>
        l.view.setUint16(l.itemVtable, 0xfff0, true),
      ),
      'the items offset pointing 2 GiB away': patchedFlatbuffer(flatbufferValid, (l) =>
        l.view.setUint32(l.itemsField, 0x7ffffff0, true),
      ),
    },
  };
  return traps;
}

// ---- outcomes ----

/** { ok: true, items } or { ok: false, message }; anything but the codec's Error fails the test. */
function outcome(codec, strategy, bytes, label) {
  try {
    return { ok: true, items: codec.decode(strategy, bytes).items };
  } catch (error) {
    assert.ok(error instanceof Error, `${label}: threw ${String(error)}, not an Error`);
    assert.ok(
      error.message.startsWith(`${codec.name}: `) && error.message.length > codec.name.length + 2,
      `${label}: the error "${error.message.slice(0, 200)}" does not name the codec`,
    );
    assert.ok(
      error.message.length <= MAX_ERROR_LENGTH,
      `${label}: an error message of ${error.message.length} characters ("${error.message.slice(0, 100)}...")`,
    );
    return { ok: false, message: error.message };
  }
}

const corpus = readCorpus();
let flatbufferValid;
let traps;

before(async () => {
  const flatbuffers = await loadWasmCodec('flatbuffers');
  flatbufferValid = flatbuffers.encode('typed', datasetWithItems(3).items.slice(0, 3)).bytes;
  // The patches rely on this layout being found right: the vector holds the three items.
  const layout = flatbufferLayout(flatbufferValid.slice());
  assert.equal(layout.view.getUint32(layout.vector, true), 3);
  traps = allocationTraps(flatbufferValid);
});

test('the committed fuzz corpus has inputs for every codec', () => {
  for (const codecName of listWasmCodecs()) {
    assert.ok(
      corpus.some((file) => file.name.startsWith(`${codecName}${path.sep}`)),
      `no tests/fuzz/corpus/${codecName}/ inputs`,
    );
  }
});

for (const codecName of listWasmCodecs()) {
  describe(`wasm ${codecName}: hostile input`, () => {
    let codec;
    before(async () => {
      codec = await loadWasmCodec(codecName);
    });

    const assertStillWorks = (label) => {
      const items = datasetWithItems(50).items;
      for (const strategy of STRATEGIES) {
        const { bytes } = codec.encode(strategy, items);
        assertSameItems(codec.decode(strategy, bytes).items, items, `${label}: next ${strategy} round trip`);
      }
    };

    test('every corpus input: the three strategies agree, on the items or on the error', () => {
      let decoded = 0;
      let ownDecoded = 0;
      for (const file of corpus) {
        const [first, ...others] = STRATEGIES.map((strategy) =>
          outcome(codec, strategy, file.bytes, `${strategy} decode of ${file.name}`),
        );
        for (const [k, other] of others.entries()) {
          const label = `${STRATEGIES[k + 1]} vs ${STRATEGIES[0]} decode of ${file.name}`;
          assert.equal(other.ok, first.ok, `${label}: ${other.message ?? first.message}`);
          if (first.ok) assertSameItems(other.items, first.items, label);
          else assert.equal(other.message, first.message, label);
        }
        if (!first.ok) continue;
        decoded++;
        if (file.name.startsWith(`${codecName}${path.sep}`)) ownDecoded++;
        // What decodes encodes back to bytes holding the same items.
        for (const strategy of STRATEGIES) {
          const label = `${strategy} re-encode of ${file.name}`;
          const { bytes } = codec.encode(strategy, first.items);
          assertSameItems(codec.decode(strategy, bytes).items, first.items, label);
        }
      }
      // The codec's own folder holds valid encodings (the seeds fuzzing
      // started from, and variations of them); most of the corpus (other
      // formats, noise) does not decode.
      assert.ok(ownDecoded > 0, `none of tests/fuzz/corpus/${codecName}/ decodes`);
      assert.ok(decoded < corpus.length, 'not every corpus input decodes');
      assert.equal(codec.aborted, null);
      assertStillWorks('after the corpus');
    });

    test('inputs claiming 2^31 items or 4 GiB, megabyte tokens: a short Error naming the codec, nothing allocated', (t) => {
      const heapBefore = codec.heapBytes();
      let refused = 0;
      for (const [format, inputs] of Object.entries(traps)) {
        for (const [what, bytes] of Object.entries(inputs)) {
          for (const strategy of STRATEGIES) {
            const label = `${strategy} decode of ${format}'s ${what}`;
            const result = outcome(codec, strategy, bytes, label);
            // Aimed at this codec, it must fail; aimed at another format it
            // is just more hostile bytes (protobuf reads much as unknown fields).
            if (format === codecName) assert.equal(result.ok, false, `${label}: decoded`);
            if (!result.ok) refused++;
            assert.ok(codec.heapBytes() - heapBefore <= WASM_PAGE_BYTES, `${label}: the wasm memory grew`);
          }
        }
      }
      t.diagnostic(
        `${codecName}: ${refused} hostile decodes refused, wasm memory ${heapBefore} -> ${codec.heapBytes()} bytes`,
      );
      assert.equal(codec.aborted, null);
      assertStillWorks('after the allocation traps');
    });

    for (const strategy of STRATEGIES) {
      test(`${strategy}: ${FAILING_CALLS.toLocaleString('en')} failing calls, then the wasm, malloc and JS heaps are back where they started`, (t) => {
        // Corpus inputs this codec refuses, and every allocation trap it refuses.
        const failing = [];
        for (const { bytes } of corpus) {
          if (!outcome(codec, strategy, bytes, 'selection').ok) failing.push(bytes);
        }
        for (const inputs of Object.values(traps)) {
          for (const bytes of Object.values(inputs)) {
            if (!outcome(codec, strategy, bytes, 'selection').ok) failing.push(bytes);
          }
        }
        assert.ok(failing.length >= 20, `only ${failing.length} failing inputs`);

        // Warm-up: every input, and enough calls for V8 to have optimized
        // the call path, so the module's reused buffers have reached their
        // largest size and the JIT's code is in the JS heap before the
        // baseline is taken.
        for (let i = 0; i < Math.max(failing.length, WARM_UP_CALLS); i++) {
          outcome(codec, strategy, failing[i % failing.length], 'warm-up');
        }
        const measure = () => {
          fullGc();
          return {
            wasm: codec.heapBytes(),
            malloc: codec.allocatedBytes(),
            js: process.memoryUsage().heapUsed,
          };
        };
        const signed = (value) => (value >= 0 ? `+${value}` : String(value));

        // The JS heap reading can jump by a few hundred KiB once in a while
        // (V8 installing code it compiled in the background), so a round
        // whose JS heap ended above the margin is repeated from a new
        // baseline, at most JS_HEAP_ROUNDS times: noise does not repeat, a
        // leak grows every round. wasm memory and malloc are exact: every
        // round must pass them.
        let jsBackToBaseline = false;
        for (let round = 1; round <= JS_HEAP_ROUNDS && !jsBackToBaseline; round++) {
          const before = measure();
          let failures = 0;
          for (let i = 0; i < FAILING_CALLS; i++) {
            const bytes = failing[i % failing.length];
            if (!outcome(codec, strategy, bytes, `failing call ${i}`).ok) failures++;
          }
          const after = measure();
          t.diagnostic(
            `${codecName} ${strategy} round ${round}: ${failures} failing calls over ${failing.length} inputs; ` +
              `wasm memory ${before.wasm} -> ${after.wasm} B, ` +
              `malloc'd ${before.malloc} -> ${after.malloc} B, ` +
              `JS heap ${before.js} -> ${after.js} B (${signed(after.js - before.js)})`,
          );
          assert.equal(failures, FAILING_CALLS, 'every call failed');
          assert.equal(codec.aborted, null);
          assert.ok(
            after.wasm - before.wasm <= WASM_PAGE_BYTES,
            `wasm memory grew from ${before.wasm} to ${after.wasm}`,
          );
          assert.ok(
            Math.abs(after.malloc - before.malloc) <= ALLOCATED_MARGIN_BYTES,
            `malloc'd bytes went from ${before.malloc} to ${after.malloc}`,
          );
          jsBackToBaseline = after.js - before.js <= JS_HEAP_MARGIN_BYTES;
        }
        assert.ok(
          jsBackToBaseline,
          `the JS heap grew by more than ${JS_HEAP_MARGIN_BYTES} bytes in each of ${JS_HEAP_ROUNDS} rounds`,
        );
        assertStillWorks(`after ${FAILING_CALLS} failing ${strategy} calls`);
      });
    }
  });
}
