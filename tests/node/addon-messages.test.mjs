// The messages workload through the Node-API addon (src/workloads/messages/
// addon-bindings.cpp, addon-messages.mjs): every message codec of the native
// build, through each addon strategy, round-trips every record exactly; its
// bytes are the wasm module's for the same record; the floors and the empty
// call run; bad bytes, bad JS values and bad arguments throw an Error naming
// the codec (and the record and field), and the process goes on.
// Skipped when the addon is not built, unless WCB_REQUIRE_BUILDS=1.
import assert from 'node:assert/strict';
import { describe } from 'node:test';

import { addonAvailable, loadAddon } from '../../src/addon/load-addon.mjs';
import { listWasmCodecs, loadWasmCodec } from '../../node/load-wasm.mjs';
import { ADDON_PLACE, addonStrategiesOf } from '../../src/catalog.mjs';
import {
  createWasmMessagePath,
  emptyCallPath,
  wasmFloorPath,
} from '../../src/workloads/messages/measure.mjs';
import { createAddonMessageCodec } from '../../src/workloads/messages/addon-messages.mjs';
import { MESSAGE_NAMES, makeMessage, messageDifference } from '../../src/workloads/messages/records.mjs';
import { assertSameBytes, errorOf, seededRandom, testWithBuild } from './wasm-helpers.mjs';

const MISSING = addonAvailable('messages')
  ? false
  : 'the Node-API addon with the messages workload is not built (scripts/build-native.sh native-release)';
const STRATEGIES = addonStrategiesOf('messages');
// Formats that name every field in the bytes: a strict prefix or random
// bytes are always invalid (the schema formats may read them as a record).
const SELF_DESCRIBING = new Set(['json', 'msgpack', 'rapidjson']);

function codecs() {
  const addon = loadAddon();
  return addon.messagesCodecs().map((name) => createAddonMessageCodec(addon, name));
}

/** Decodes, or throws the codec's Error; anything else fails. */
function decodeOrCodecError(codec, strategy, name, bytes, label) {
  try {
    return codec.messages.decode(strategy, name, bytes);
  } catch (error) {
    assert.ok(error instanceof Error, `${label}: threw ${String(error)}`);
    assert.ok(error.message.startsWith(`${codec.name}: `), `${label}: "${error.message}" names no codec`);
    return null;
  }
}

function assertRoundTrip(codec, strategy, name) {
  const label = `${codec.name}/${strategy} (addon) ${name}`;
  const bytes = codec.messages.encode(strategy, name, makeMessage(name));
  assert.ok(bytes instanceof Uint8Array && bytes.length > 0, `${label}: encode gave no bytes`);
  codec.messages.forRecord(strategy, name).prepareDecode();
  const decoded = codec.messages.decode(strategy, name, bytes);
  assert.equal(messageDifference(makeMessage(name), decoded), null, label);
  return bytes;
}

describe('messages through the Node-API addon', () => {
  testWithBuild(
    'every codec x record x addon strategy round-trips exactly, both strategies write the same bytes',
    MISSING,
    {},
    () => {
      const all = codecs();
      assert.ok(all.length > 0, 'the addon has no message codec');
      assert.deepEqual(STRATEGIES, ['object', 'tagged']);
      for (const codec of all) {
        assert.equal(codec.place, ADDON_PLACE);
        for (const name of MESSAGE_NAMES) {
          const [first, ...others] = STRATEGIES.map((strategy) => assertRoundTrip(codec, strategy, name));
          for (const bytes of others)
            assertSameBytes(bytes, first, `${codec.name} ${name}: tagged vs object`);
        }
      }
    },
  );

  testWithBuild("the addon writes the wasm module's bytes for every record", MISSING, {}, async () => {
    const wasmCodecs = new Set(listWasmCodecs(undefined, 'messages'));
    let compared = 0;
    for (const codec of codecs()) {
      if (!wasmCodecs.has(codec.name)) continue;
      const wasm = await loadWasmCodec(codec.name, { workload: 'messages' });
      for (const name of MESSAGE_NAMES) {
        const expected = wasm.messages.encode('val', name, makeMessage(name));
        for (const strategy of STRATEGIES) {
          const actual = codec.messages.encode(strategy, name, makeMessage(name));
          assertSameBytes(actual, expected, `${codec.name}/${strategy} (addon) ${name} vs wasm val`);
          // And each decodes the other's bytes.
          assert.equal(
            messageDifference(makeMessage(name), wasm.messages.decode('tagged', name, actual)),
            null,
          );
        }
        compared++;
      }
    }
    if (wasmCodecs.size > 0) assert.ok(compared > 0, 'no codec in both the addon and the wasm build');
  });

  testWithBuild('paths, floors and the empty call carry place node-addon and run', MISSING, {}, () => {
    for (const codec of codecs()) {
      for (const strategy of STRATEGIES) {
        const path = createWasmMessagePath(codec, strategy);
        assert.equal(path.place, ADDON_PLACE);
        assert.equal(wasmFloorPath(codec, strategy).place, ADDON_PLACE);
        const calls = codec.messages.forRecord(strategy, 'record');
        const record = makeMessage('record');
        const bytes = calls.encode(record);
        // One C++ message per record serves both strategies' floors.
        if (strategy === STRATEGIES[0]) {
          errorOf(
            () => calls.decodeFloor(bytes),
            `${codec.name}: a floor of "record" before prepareFloor`,
            'floor',
          );
        }
        calls.prepareFloor(bytes);
        assertSameBytes(calls.encodeFloor(record), bytes, `${codec.name}/${strategy} encode floor`);
        assert.equal(messageDifference(record, calls.decodeFloor(bytes)), null);
      }
      assert.equal(emptyCallPath(codec).place, ADDON_PLACE);
      assert.equal(codec.messages.emptyCall(), undefined);
    }
  });

  testWithBuild(
    'poisoned outputs: the floor before prepareFloor marshals the empty record, a decode after poisonOutputs the record',
    MISSING,
    {},
    () => {
      const addon = loadAddon();
      for (const name of addon.messagesCodecs()) {
        const c = addon.createMessageCodec(name);
        const bytes = c.encodeObject(6, makeMessage('record'));
        // The reused messages start empty: what a skipped decode would hand back.
        assert.notEqual(messageDifference(makeMessage('record'), c.decodeFloorObject(6, bytes)), null);
        c.poisonOutputs();
        assert.equal(messageDifference(makeMessage('record'), c.decodeObject(6, bytes)), null);
        c.poisonOutputs();
        c.setBuffers(new Uint8Array(1024), new Uint8Array(1024));
        const decoded = c.decodeTagged(6, bytes);
        assert.equal(typeof decoded, 'number', `${name}: the tagged record fits 1 KB`);
      }
    },
  );

  testWithBuild('bad JS values: an Error naming the codec, the record and the field', MISSING, {}, () => {
    for (const codec of codecs()) {
      for (const strategy of STRATEGIES) {
        const encode = (name, record) => codec.messages.encode(strategy, name, record);
        const prefix = `${codec.name}: `;
        errorOf(
          () => encode('record', null),
          `${prefix}record: encode expects a record object, not null`,
          strategy,
        );
        errorOf(() => encode('bool', { value: 1 }), `${prefix}bool: `, strategy);
        errorOf(() => encode('int', { value: 2 ** 31 }), `${prefix}int: `, strategy);
        errorOf(() => encode('nested', { value: { level2: 5 } }), `${prefix}nested: `, strategy);
        const object3 = makeMessage('object3');
        object3.sub.sub.another = 1.5;
        errorOf(
          () => encode('object3', object3),
          `${prefix}object3: field "sub.sub.another": expected an int32`,
          strategy,
        );
        const record = makeMessage('record');
        record.createdAt = '2026-11-30';
        const error = errorOf(() => encode('record', record), `${prefix}record: `, strategy);
        assert.match(error.message, /createdAt/);
        const binary = makeMessage('binary');
        binary.data = [1, 2, 3];
        errorOf(() => encode('binary', binary), `${prefix}binary: `, strategy);
        errorOf(
          () => codec.messages.decode(strategy, 'record', 'bytes'),
          `${prefix}decode expects a Uint8Array`,
          strategy,
        );
      }
      if (STRATEGIES.includes('object')) {
        const record = makeMessage('record');
        record.createdAt = '2026-11-30';
        errorOf(
          () => codec.messages.encode('object', 'record', record),
          `${codec.name}: record: field "createdAt": expected a Date, got a string`,
          'object wording',
        );
      }
    }
  });

  testWithBuild('bad arguments to the addon itself: an Error naming the codec', MISSING, {}, () => {
    const addon = loadAddon();
    errorOf(() => addon.createMessageCodec('no-such-codec'), 'no-such-codec: ', 'unknown codec');
    assert.throws(() => addon.createMessageCodec(42), TypeError);
    for (const name of addon.messagesCodecs()) {
      const c = addon.createMessageCodec(name);
      errorOf(() => c.encodeObject(99, {}), `${name}: unknown record kind`, 'kind 99');
      errorOf(() => c.encodeObject('record', {}), `${name}: unknown record kind`, 'kind string');
      errorOf(() => c.decodeObject(0, [1, 2]), `${name}: decode expects a Uint8Array`, 'array bytes');
      errorOf(() => c.encodeTagged(6, 10), `${name}: no tagged buffers`, 'no buffers');
      errorOf(() => c.setBuffers(new Uint8Array(4), 'out'), `${name}: setBuffers`, 'bad buffers');
      c.setBuffers(new Uint8Array(64), new Uint8Array(64));
      errorOf(() => c.encodeTagged(6, 65), `${name}: the input length`, 'past the buffer');
      errorOf(() => c.encodeTagged(6, -1), `${name}: the input length`, 'negative length');
      // Garbage where a tagged record should be.
      errorOf(() => c.encodeTagged(6, 64), `${name}: `, 'garbage tagged form');
      errorOf(() => c.prepareFloor(6, new Uint8Array([0xff])), `${name}: `, 'bad floor bytes');
      // The codec still works.
      assert.equal(
        messageDifference(makeMessage('int'), c.decodeObject(1, c.encodeObject(1, makeMessage('int')))),
        null,
      );
    }
  });

  testWithBuild(
    "hostile bytes (truncations, bit flips, random bytes): a record or the codec's Error, never a crash",
    MISSING,
    {},
    () => {
      const random = seededRandom(19);
      for (const codec of codecs()) {
        for (const strategy of STRATEGIES) {
          for (const name of MESSAGE_NAMES) {
            const bytes = codec.messages.encode(strategy, name, makeMessage(name));
            for (let length = 0; length < bytes.length; length += Math.max(1, bytes.length >> 4)) {
              const label = `${codec.name}/${strategy} ${name} cut at ${length}`;
              const decoded = decodeOrCodecError(codec, strategy, name, bytes.slice(0, length), label);
              if (SELF_DESCRIBING.has(codec.name) && length < bytes.length) {
                assert.equal(decoded, null, `${label}: a strict prefix decoded`);
              }
            }
            for (let flip = 0; flip < 16; flip++) {
              const flipped = bytes.slice();
              flipped[random() % flipped.length] ^= 1 << (random() % 8);
              decodeOrCodecError(codec, strategy, name, flipped, `${codec.name}/${strategy} ${name} flipped`);
            }
            for (let trial = 0; trial < 8; trial++) {
              const noise = new Uint8Array(1 + (random() % 64)).map(() => random() & 0xff);
              decodeOrCodecError(codec, strategy, name, noise, `${codec.name}/${strategy} ${name} random`);
            }
          }
          // Still usable afterwards.
          assertRoundTrip(codec, strategy, 'record');
        }
      }
    },
  );
});
