// The documents workload through the Node-API addon (src/workloads/documents/
// addon-bindings.cpp, addon-documents.mjs): every document codec of the
// native build through each addon strategy (object, text, tagged) round-trips
// the quick data sets and the edge values; its bytes are the wasm module's;
// its phases add up; values that are not JSON-like, nesting past 256 levels,
// lone surrogates, repeated keys in binary formats and hostile bytes give an
// Error naming the codec (and the value's path), and the process goes on.
// Skipped when the addon is not built, unless WCB_REQUIRE_BUILDS=1.
import assert from 'node:assert/strict';
import { describe } from 'node:test';

import { addonAvailable, loadAddon } from '../../src/addon/load-addon.mjs';
import { listWasmCodecs, loadWasmCodec } from '../../node/load-wasm.mjs';
import { ADDON_PLACE, pathLabel } from '../../src/catalog.mjs';
import {
  ADDON_DOCUMENT_STRATEGIES,
  createAddonDocumentCodec,
  createAddonDocumentPath,
} from '../../src/workloads/documents/addon-documents.mjs';
import { makeDataset } from '../../src/workloads/documents/datasets.mjs';
import { firstDifference } from '../../src/workloads/documents/verify.mjs';
import { createWasmDocumentPath } from '../../src/workloads/documents/wasm-documents.mjs';
import workload from '../../src/workloads/documents/workload.mjs';
import { assertSameBytes, errorOf, seededRandom, testWithBuild } from './wasm-helpers.mjs';

const MISSING = addonAvailable('documents')
  ? false
  : 'the Node-API addon with the documents workload is not built (scripts/build-native.sh native-release)';

function codecs() {
  const addon = loadAddon();
  return addon.documentsCodecs().map((name) => createAddonDocumentCodec(addon, name));
}

function paths(codec) {
  return ADDON_DOCUMENT_STRATEGIES.map((strategy) => createAddonDocumentPath(codec, strategy));
}

function assertRoundTrip(path, value, label) {
  const { encoded, phases } = path.encode(value);
  assert.ok(encoded instanceof Uint8Array, `${label}: encode gave no bytes`);
  for (const phase of ['marshalInMs', 'codecMs', 'bytesOutMs'])
    assert.ok(phases[phase] >= 0, `${label}: encode ${phase} ${phases[phase]}`);
  path.prepareDecode();
  const decoded = path.decode(encoded);
  for (const phase of ['bytesInMs', 'codecMs', 'marshalOutMs'])
    assert.ok(decoded.phases[phase] >= 0, `${label}: decode ${phase} ${decoded.phases[phase]}`);
  const difference = firstDifference(value, decoded.value, { keyOrder: path.keyOrder !== false });
  assert.equal(difference, null, label);
  return encoded;
}

// Values at the edges of what the strategies carry.
const nested = (depth) => {
  let value = 'leaf';
  for (let i = 0; i < depth; i++) value = i % 2 ? { d: value } : [value];
  return value;
};
const EDGE_VALUES = {
  scalars: [null, true, false, 0, -1, 2 ** 53, -(2 ** 53), 0.1, 1e300, -5e-324, '', 'ü€😀'],
  'nested 256 deep': nested(255),
  'empty containers': { a: [], b: {}, c: [[], [{}]] },
  'a __proto__ key': JSON.parse('{"__proto__": {"x": 1}, "y": [1, 2]}'),
  'control characters': { text: Array.from({ length: 32 }, (_, i) => String.fromCharCode(i)).join('') },
  'numeric keys': { 1: 'one', 10: 'ten', b: 'bee' },
};

describe('documents through the Node-API addon', () => {
  testWithBuild('every codec x quick data set x addon strategy round-trips, phases >= 0', MISSING, {}, () => {
    assert.deepEqual(ADDON_DOCUMENT_STRATEGIES, workload.addonStrategies);
    const all = codecs();
    assert.ok(all.length > 0, 'the addon has no document codec');
    const datasets = workload.quick.datasets.map((id) => [id, makeDataset(id)]);
    for (const codec of all) {
      for (const path of paths(codec)) {
        assert.equal(path.place, ADDON_PLACE);
        assert.equal(pathLabel(path), `${codec.name}/${path.interop} (addon)`);
        for (const [id, value] of datasets) assertRoundTrip(path, value, `${pathLabel(path)} ${id}`);
        for (const [name, value] of Object.entries(EDGE_VALUES)) {
          assertRoundTrip(path, value, `${pathLabel(path)} ${name}`);
        }
      }
    }
  });

  testWithBuild('a __proto__ key decodes as an own property, as JSON.parse makes it', MISSING, {}, () => {
    for (const codec of codecs()) {
      for (const path of paths(codec)) {
        const { value } = path.decode(path.encode(EDGE_VALUES['a __proto__ key']).encoded);
        assert.equal(Object.getPrototypeOf(value), Object.prototype, pathLabel(path));
        assert.ok(Object.hasOwn(value, '__proto__'), pathLabel(path));
      }
    }
  });

  testWithBuild(
    "the addon writes the wasm module's bytes, and each decodes the other's",
    MISSING,
    {},
    async () => {
      const wasmCodecs = new Set(listWasmCodecs(undefined, 'documents'));
      const value = makeDataset('geo-110m');
      let compared = 0;
      for (const codec of codecs()) {
        if (!wasmCodecs.has(codec.name)) continue;
        const wasm = createWasmDocumentPath(
          await loadWasmCodec(codec.name, { workload: 'documents' }),
          'tagged',
        );
        const expected = wasm.encode(value).encoded;
        for (const path of paths(codec)) {
          const actual = path.encode(value).encoded;
          // A codec that does not keep key order (protobuf's Struct, a map)
          // writes the members in its hash map's order, which differs from
          // build to build: its bytes are compared through decoding only.
          if (codec.keyOrder !== false) {
            assertSameBytes(actual, expected, `${pathLabel(path)} vs ${codec.name}/tagged (wasm)`);
          }
          const back = wasm.decode(actual).value;
          assert.equal(firstDifference(value, back, { keyOrder: codec.keyOrder !== false }), null);
        }
        compared++;
      }
      if (wasmCodecs.size > 0) assert.ok(compared > 0, 'no codec in both the addon and the wasm build');
    },
  );

  testWithBuild('values that are not JSON-like: an Error naming the codec and the path', MISSING, {}, () => {
    const lone = { a: ['ok', 'x\ud800y'] };
    for (const codec of codecs()) {
      const prefix = `${codec.name}: `;
      for (const path of paths(codec)) {
        const label = pathLabel(path);
        const encode = (value) => path.encode(value);
        errorOf(() => encode({ a: [1, 2, undefined] }), prefix, `${label} undefined`);
        errorOf(() => encode({ when: new Date(0) }), prefix, `${label} Date`);
        errorOf(() => encode({ f: () => 1 }), prefix, `${label} function`);
        errorOf(() => encode(nested(257)), prefix, `${label} 257 deep`);
        errorOf(() => encode(lone), prefix, `${label} lone surrogate`);
        errorOf(() => encode({ big: 10n }), prefix, `${label} bigint`);
        errorOf(() => path.decode('bytes'), `${prefix}decode expects a Uint8Array`, label);
      }
      const object = createAddonDocumentPath(codec, 'object');
      const where = errorOf(() => object.encode({ a: [1, 2, undefined] }), prefix, 'object undefined');
      assert.equal(where.message, `${codec.name}: undefined at $.a[2]`);
      assert.match(
        errorOf(() => object.encode(nested(257)), prefix, 'deep').message,
        /nesting deeper than 256/,
      );
      assert.match(
        errorOf(() => object.encode(lone), prefix, 'lone').message,
        /lone surrogate at \$\.a\[1\]/,
      );
      class Point {
        x = 1;
      }
      assert.match(
        errorOf(() => object.encode({ p: new Point() }), prefix, 'class').message,
        /object of a class/,
      );
      // Still usable.
      assertRoundTrip(object, { ok: [1, 'two'] }, `${codec.name} after errors`);
    }
  });

  testWithBuild(
    "repeated keys and bad bytes (truncations, bit flips, random): the codec's Error, never a crash",
    MISSING,
    {},
    () => {
      const random = seededRandom(1919);
      const value = makeDataset(workload.quick.datasets.at(-1));
      for (const codec of codecs()) {
        for (const path of paths(codec)) {
          const label = pathLabel(path);
          const decodeOrError = (bytes, what) => {
            try {
              path.decode(bytes);
            } catch (error) {
              assert.ok(error instanceof Error, `${label} ${what}: threw ${String(error)}`);
              assert.ok(error.message.startsWith(`${codec.name}: `), `${label} ${what}: "${error.message}"`);
            }
          };
          const encoded = path.encode(value).encoded;
          for (let cut = 0; cut < encoded.length; cut += Math.max(1, encoded.length >> 5)) {
            decodeOrError(encoded.subarray(0, cut), `cut at ${cut}`);
          }
          for (let flip = 0; flip < 32; flip++) {
            const flipped = encoded.slice();
            flipped[random() % flipped.length] ^= 1 << (random() % 8);
            decodeOrError(flipped, 'bit flip');
          }
          for (let trial = 0; trial < 16; trial++) {
            decodeOrError(
              new Uint8Array(1 + (random() % 256)).map(() => random() & 0xff),
              'random bytes',
            );
          }
          assertRoundTrip(path, { still: 'usable' }, `${label} after hostile bytes`);
        }
        // A repeated key: JSON text keeps the last value, at the first
        // place, as JSON.parse does (json-text.test.mjs); msgpack refuses it.
        if (codec.name === 'json' || codec.name === 'rapidjson') {
          const text = '{"a":1,"b":2,"a":3}';
          const { value } = paths(codec)[0].decode(new TextEncoder().encode(text));
          assert.equal(JSON.stringify(value), JSON.stringify(JSON.parse(text)), `${codec.name} repeated key`);
        } else if (codec.name === 'msgpack') {
          const error = errorOf(
            () => paths(codec)[0].decode(new Uint8Array([0x82, 0xa1, 0x61, 0x01, 0xa1, 0x61, 0x02])),
            `${codec.name}: `,
            `${codec.name} repeated key`,
          );
          assert.match(error.message, /repeated key "a"/);
        }
      }
    },
  );

  testWithBuild('bad arguments to the addon itself: an Error naming the codec', MISSING, {}, () => {
    const addon = loadAddon();
    errorOf(() => addon.createDocumentCodec('no-such-codec'), 'no-such-codec: ', 'unknown codec');
    for (const name of addon.documentsCodecs()) {
      const c = addon.createDocumentCodec(name);
      errorOf(() => c.encodeText(4), `${name}: no input buffer`, 'no buffers');
      errorOf(
        () => c.setBuffers(new Uint8Array(4), new Uint8Array(4), [0, 0, 0]),
        `${name}: setBuffers`,
        'timings',
      );
      c.setBuffers(new Uint8Array(8), new Uint8Array(8), new Float64Array(3));
      errorOf(() => c.encodeTagged(9), `${name}: the input length`, 'past the buffer');
      errorOf(() => c.encodeTagged(8), `${name}: `, 'garbage tagged form');
      errorOf(() => c.encodeText(8), `${name}: `, 'garbage text');
      // Output that does not fit the output buffer comes back as a copy.
      const encoded = c.encodeObject({ longer: 'than eight bytes of tagged form' });
      const copy = c.decodeTagged(encoded);
      assert.ok(copy instanceof Uint8Array && copy.length > 8);
      c.releaseBuffers();
      assert.deepEqual(c.decodeObject(c.encodeObject([1, 'a'])), [1, 'a']);
    }
  });
});
