// The error contract of the wasm modules (docs/design.md#bad-input): decoding
// truncated, bit-flipped or random bytes throws a JS Error whose message
// names the codec ("<codec>: <problem>"), never aborts the module, the next
// valid call succeeds, and 1,000 failing calls neither leak nor grow the heap.
import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';

import { listWasmCodecs, loadWasmCodec } from '../../node/load-wasm.mjs';
import { STRATEGIES } from '../../src/harness/wasm-codec.mjs';
import { assertSameItems, datasetWithItems, errorOf, seededRandom } from './wasm-helpers.mjs';

const WASM_PAGE_BYTES = 64 * 1024;

// A protobuf message has no header and no terminator: cut at an item
// boundary, it is a valid message holding the first items. For that codec a
// truncation may decode, and then must give a strict prefix of the items.
const PREFIX_IS_VALID = new Set(['protobuf']);
// Codecs whose first four bytes are structure that every single-bit flip
// breaks (raw: magic; json: '{"it'; msgpack: map header and key; flatbuffers:
// root offset). protobuf starts with a field tag, and some flips of a tag
// still give a valid message.
const HEADER_FLIPS_DETECTED = new Set(['raw', 'json', 'msgpack', 'flatbuffers']);

const utf8 = (text) => new TextEncoder().encode(text);
const MSGPACK_ITEMS_KEY = [0x81, 0xa5, ...utf8('items')]; // {"items": ...

// Hostile inputs per codec: nesting deeper than any stack, and length fields
// claiming more than wasm memory can hold. Each must fail fast with the
// codec's error, without allocating what the input claims.
const HOSTILE_INPUTS = {
  raw: {
    // magic, item size 24, item count 2^40 (little-endian)
    'a header claiming 2^40 items': new Uint8Array([...utf8('WCBR'), 24, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0]),
  },
  json: {
    'arrays nested 100,000 deep': utf8('{"items":' + '['.repeat(100000) + ']'.repeat(100000) + '}'),
    'an unterminated 1,000,000-deep nesting': utf8('['.repeat(1000000)),
  },
  msgpack: {
    'arrays nested 100,000 deep': new Uint8Array([
      ...MSGPACK_ITEMS_KEY,
      ...new Array(100000).fill(0x91),
      0x90,
    ]),
    'an array32 claiming 2^32-1 items': new Uint8Array([...MSGPACK_ITEMS_KEY, 0xdd, 0xff, 0xff, 0xff, 0xff]),
    'a str32 key claiming 4 GiB': new Uint8Array([0x81, 0xdb, 0xff, 0xff, 0xff, 0xff]),
  },
  protobuf: {
    // field 1 (items), length-delimited, varint length 2^31-1
    'an item length claiming 2 GiB': new Uint8Array([0x0a, 0xff, 0xff, 0xff, 0xff, 0x07]),
  },
  flatbuffers: {
    'a root offset past the end': new Uint8Array([0xfc, 0xff, 0xff, 0x7f, 0, 0, 0, 0]),
  },
};

// An Error naming the codec and saying what is wrong.
function throwsCodecError(codecName, run, label) {
  const error = errorOf(run, `${codecName}: `, label);
  assert.ok(error.message.length > codecName.length + 2, `${label}: empty problem`);
}

/** Decodes or throws the codec's Error; anything else (an abort, another error) fails. */
function decodeOrCodecError(codec, strategy, bytes, label) {
  try {
    return codec.decode(strategy, bytes).items;
  } catch (error) {
    assert.ok(error instanceof Error, `${label}: threw ${String(error)}, not an Error`);
    assert.ok(error.message.startsWith(`${codec.name}: `), `${label}: unexpected error "${error.message}"`);
    return null;
  }
}

function flipBit(bytes, bit) {
  const copy = bytes.slice();
  copy[bit >>> 3] ^= 1 << (bit & 7);
  return copy;
}

function randomInputs(count, seed) {
  const random = seededRandom(seed);
  const inputs = [];
  for (let k = 0; k < count; k++) {
    const bytes = new Uint8Array(1 + (random() % 2000));
    for (let i = 0; i < bytes.length; i++) bytes[i] = random() & 0xff;
    inputs.push(bytes);
  }
  return inputs;
}

for (const codecName of listWasmCodecs()) {
  describe(`wasm ${codecName} error contract`, () => {
    const items = datasetWithItems(500).items;
    let codec;
    let valid;
    before(async () => {
      codec = await loadWasmCodec(codecName);
      valid = codec.encode('typed', items).bytes;
    });

    const assertStillWorks = (strategy, label) => {
      assertSameItems(codec.decode(strategy, valid).items, items, `${label}: next valid ${strategy} decode`);
      const { bytes } = codec.encode(strategy, items);
      assert.equal(bytes.length, valid.length, `${label}: next ${strategy} encode`);
    };

    test('malformed JS input throws a JS error and never aborts the module', () => {
      const throwingGetter = {
        get x() {
          throw new Error('getter says no');
        },
        y: 1,
        z: 2,
      };
      const run = () => {
        for (const strategy of STRATEGIES) {
          for (const notItems of [undefined, null, 42]) {
            assert.throws(() => codec.encode(strategy, notItems), {
              name: 'TypeError',
              message: new RegExp(`^${codecName}: encode expects an array`),
            });
          }
          for (const notBytes of [undefined, new ArrayBuffer(8), [1, 2, 3], 'text']) {
            assert.throws(() => codec.decode(strategy, notBytes), {
              name: 'TypeError',
              message: new RegExp(`^${codecName}: decode expects a Uint8Array`),
            });
          }
          assert.throws(
            () => codec.encode(strategy, [items[0], null]),
            { message: `${codecName}: item 1 is not an object (got null)` },
            `${strategy}: null item`,
          );
          // The JS exception unwinds through the C++ frames of the val
          // strategy and must reach the caller as itself. Not for embind:
          // its value_object conversion (Emscripten 3.1.6) allocates the
          // Item before reading the fields and leaks it when a getter throws.
          if (strategy !== 'embind') {
            assert.throws(
              () => codec.encode(strategy, [items[0], throwingGetter]),
              /getter says no/,
              strategy,
            );
          }
        }
      };
      run();
      const allocated = codec.allocatedBytes();
      run();
      assert.equal(codec.allocatedBytes(), allocated, "malloc'd bytes after a second round");
      // embind's throwing getter: an Error and no abort, though it leaks.
      assert.throws(() => codec.encode('embind', [items[0], throwingGetter]), /getter says no/);
      assert.equal(codec.aborted, null);
      for (const strategy of STRATEGIES) assertStillWorks(strategy, 'after malformed input');
    });

    for (const [what, bytes] of Object.entries(HOSTILE_INPUTS[codecName] ?? {})) {
      test(`hostile input, ${what}: the codec's Error, nothing allocated`, () => {
        for (const strategy of STRATEGIES) {
          const heapBefore = codec.heapBytes();
          throwsCodecError(codecName, () => codec.decode(strategy, bytes), `${strategy} decode of ${what}`);
          assert.ok(codec.heapBytes() - heapBefore <= WASM_PAGE_BYTES, `${strategy}: the heap grew`);
          assertStillWorks(strategy, `after ${what}`);
        }
      });
    }

    test('a payload too big for wasm memory is an Error, not an abort', () => {
      // An array-like claiming 2^31 items: more than a 4 GiB memory can hold,
      // refused before any item is read.
      const huge = { length: 2 ** 31 };
      for (const strategy of ['val', 'typed']) {
        throwsCodecError(codecName, () => codec.encode(strategy, huge), `${strategy} encode of 2^31 items`);
        assert.throws(() => codec.encode(strategy, huge), new RegExp(`^Error: ${codecName}: out of memory`));
        assertStillWorks(strategy, `after ${strategy} out of memory`);
      }
    });

    for (const strategy of STRATEGIES) {
      test(`${strategy}: truncated input throws "${codecName}: ..."`, () => {
        const cuts = [1, valid.length - 1];
        for (let k = 1; k < 8; k++) cuts.push(Math.floor((valid.length * k) / 8));
        for (const cut of cuts) {
          const label = `${strategy} decode of the first ${cut} of ${valid.length} bytes`;
          const truncated = valid.slice(0, cut);
          const mustThrow = !PREFIX_IS_VALID.has(codecName) || cut === 1 || cut === valid.length - 1;
          if (mustThrow) {
            throwsCodecError(codecName, () => codec.decode(strategy, truncated), label);
          } else {
            const decoded = decodeOrCodecError(codec, strategy, truncated, label);
            if (decoded !== null) {
              assert.ok(decoded.length < items.length, `${label}: not shorter`);
              assertSameItems(decoded, items.slice(0, decoded.length), `${label}: prefix`);
            }
          }
          assertStillWorks(strategy, label);
        }
      });

      test(`${strategy}: bit-flipped input throws "${codecName}: ..." or decodes, never aborts`, () => {
        // The formats carry no checksum: a flip inside a number is a valid
        // payload holding another number. A flip in the header is not.
        if (HEADER_FLIPS_DETECTED.has(codecName)) {
          for (let bit = 0; bit < 32; bit++) {
            throwsCodecError(
              codecName,
              () => codec.decode(strategy, flipBit(valid, bit)),
              `${strategy} header bit ${bit}`,
            );
          }
        }
        const random = seededRandom(7);
        for (let k = 0; k < 100; k++) {
          const bit = random() % (valid.length * 8);
          const label = `${strategy} decode with bit ${bit} flipped`;
          const decoded = decodeOrCodecError(codec, strategy, flipBit(valid, bit), label);
          // Which flips a codec notices is its format's business; a clean
          // decode or a clean error is the contract.
          if (decoded !== null) {
            for (const item of decoded) assert.equal(typeof item.y, 'number', label);
          }
        }
        assertStillWorks(strategy, 'after 100 bit flips');
      });

      test(`${strategy}: random input throws "${codecName}: ..."`, () => {
        for (const [k, bytes] of randomInputs(100, 1234).entries()) {
          throwsCodecError(
            codecName,
            () => codec.decode(strategy, bytes),
            `${strategy} random input ${k} (${bytes.length} bytes)`,
          );
        }
        assertStillWorks(strategy, 'after random inputs');
      });

      test(`${strategy}: 1,000 failing decodes neither leak nor grow the heap`, () => {
        const small = codec.encode(strategy, datasetWithItems(100).items).bytes;
        const failing = [small.slice(0, small.length - 1), small.slice(0, 1), ...randomInputs(8, 99)];
        codec.decode(strategy, small);
        const heapBefore = codec.heapBytes();
        // One pass first, so reused buffers (the input copy, the error
        // message) have reached their size before malloc's count is taken.
        for (const bytes of failing) decodeOrCodecError(codec, strategy, bytes, 'warm-up');
        const allocatedBefore = codec.allocatedBytes();
        let failures = 0;
        for (let i = 0; i < 1000; i++) {
          const bytes = failing[i % failing.length];
          if (decodeOrCodecError(codec, strategy, bytes, `failing call ${i}`) === null) failures++;
        }
        assert.equal(failures, 1000, 'every call failed');
        assert.equal(codec.allocatedBytes(), allocatedBefore, "malloc'd bytes after 1,000 failing calls");
        const heapAfter = codec.heapBytes();
        assert.ok(
          heapAfter - heapBefore <= WASM_PAGE_BYTES,
          `heap grew from ${heapBefore} to ${heapAfter} bytes over 1,000 failing calls`,
        );
        assertSameItems(codec.decode(strategy, small).items, datasetWithItems(100).items, 'next valid call');
      });
    }

    test('the module never aborted', () => {
      assert.equal(codec.aborted, null);
    });
  });
}
