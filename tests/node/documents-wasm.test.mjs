// The documents workload's wasm side: every codec whose catalog entry lists
// `documents`, through each interop strategy (val, text, tagged;
// src/workloads/documents/wasm-documents.mjs), and the tagged form's JS
// writer and reader (tagged-writer.mjs, tagged-reader.mjs) on their own. Round trips by deep equality,
// errors that name the codec and the value's path, hostile bytes, and the
// module staying usable after every failure.
import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';

import { listWasmCodecs, loadWasmCodec } from '../../node/load-wasm.mjs';
import { MAX_DEPTH } from '../../src/tagged/tagged-form.mjs';
import { readTagged, writeTagged } from './tagged-bytes.mjs';
import {
  DOCUMENT_STRATEGIES,
  createWasmDocumentPath,
} from '../../src/workloads/documents/wasm-documents.mjs';
import { seededRandom, testWithBuild } from './wasm-helpers.mjs';

// ---- deep equality, as docs/documents.md#verification defines it ----

const isPlain = (value) => {
  const prototype = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
};

// The first difference ("$.a[2]: ...") or null. -0 equals 0 (the number
// rule and JSON text both write -0 as 0); key order counts when `keyOrder`.
function difference(expected, actual, keyOrder, path = '$') {
  if (typeof expected === 'number') {
    return typeof actual === 'number' && (expected === actual || (expected !== expected && actual !== actual))
      ? null
      : `${path}: ${actual} instead of ${expected}`;
  }
  if (expected === null || typeof expected !== 'object') {
    return expected === actual
      ? null
      : `${path}: ${JSON.stringify(actual)} instead of ${JSON.stringify(expected)}`;
  }
  if (actual === null || typeof actual !== 'object') return `${path}: ${typeof actual} instead of an object`;
  if (Array.isArray(expected)) {
    if (!Array.isArray(actual)) return `${path}: not an array`;
    if (actual.length !== expected.length) return `${path}: length ${actual.length}, not ${expected.length}`;
    for (let i = 0; i < expected.length; i++) {
      const found = difference(expected[i], actual[i], keyOrder, `${path}[${i}]`);
      if (found) return found;
    }
    return null;
  }
  if (Array.isArray(actual) || !isPlain(actual)) return `${path}: not a plain object`;
  const keys = Object.keys(expected);
  const actualKeys = Object.keys(actual);
  const sameKeys = keyOrder
    ? keys.join('\u0000') === actualKeys.join('\u0000')
    : [...keys].sort().join('\u0000') === [...actualKeys].sort().join('\u0000');
  if (!sameKeys) return `${path}: keys ${JSON.stringify(actualKeys)}, not ${JSON.stringify(keys)}`;
  for (const key of keys) {
    const found = difference(expected[key], actual[key], keyOrder, `${path}.${key}`);
    if (found) return found;
  }
  return null;
}

function assertSameValue(actual, expected, keyOrder, label) {
  const found = difference(expected, actual, keyOrder);
  if (found) assert.fail(`${label}: ${found}`);
}

// ---- sample values ----

const nested = (depth) => {
  let value = { leaf: [depth, 'end'] };
  for (let i = 0; i < depth; i++) value = i % 2 ? { level: i, child: value } : [i, value];
  return value;
};

const ALL_CONTROL_CHARACTERS = Array.from({ length: 32 }, (_, i) => String.fromCharCode(i)).join('');

const SAMPLES = {
  'nested objects': { a: { b: { c: [1, { d: 'e' }] } }, f: [{ g: null }, { h: [true, false] }] },
  'GeoJSON-like': {
    type: 'FeatureCollection',
    features: [
      {
        type: 'Feature',
        id: '004',
        properties: { name: 'Afghanistan', 'name:fr': 'Afghanistan', pop: 41128771 },
        geometry: {
          type: 'Polygon',
          coordinates: [
            [
              [61.210817, 35.650072],
              [62.230651, 35.270664],
              [-60.803193, -29.479226],
              [61.210817, 35.650072],
            ],
          ],
        },
      },
      { type: 'Feature', properties: {}, geometry: null },
    ],
  },
  strings: {
    ascii: 'plain',
    accents: 'Ελληνικά, français, Zürich, 中文, 日本語',
    emoji: '😀 👍🏽 🇫🇷 family: 👨‍👩‍👧',
    escapes: 'quote " backslash \\ slash / \b\f\n\r\t',
    controls: ALL_CONTROL_CHARACTERS,
    separators: 'line\u2028paragraph\u2029',
    nul: 'a\u0000b',
    long: 'é'.repeat(100) + 'x'.repeat(1000),
    longAscii: 'abcdefghij'.repeat(50),
    empty: '',
    'ключ 🔑': 'non-ASCII key',
    'key with spaces': 1,
    '': 'empty key',
    19: 'an integer-like key',
  },
  numbers: [
    0,
    -0,
    1,
    -1,
    42,
    2 ** 31 - 1,
    -(2 ** 31),
    2 ** 31,
    -(2 ** 31) - 1,
    2 ** 53,
    -(2 ** 53),
    2 ** 53 + 2,
    2 ** 64,
    0.1,
    -1.5,
    1e-7,
    1e21,
    5e-324,
    1.7976931348623157e308,
    Math.PI,
  ],
  'empty containers': { object: {}, array: [], arrays: [[], [[]]], objects: [{}, { a: {} }] },
  'nesting 30 deep': nested(30),
  'an array at the top': [1, 'two', { three: 3 }],
  'a string at the top': 'top-level string',
  'a number at the top': 12.5,
  'null at the top': null,
  'an empty object at the top': {},
};

// ---- the tagged form in JS alone ----

describe('documents tagged form (JS)', () => {
  test('writes the documented bytes of a small value', () => {
    // The same value and bytes as tests/native/documents_tagged_test.cpp.
    const value = { a: [1, -2, 2.5, 'é', null, true, false], '': {} };
    const expected = [
      7, 2, 0, 0, 0, 2, 0, 0, 0, 97, 6, 7, 0, 0, 0, 3, 1, 0, 0, 0, 3, 0xfe, 0xff, 0xff, 0xff, 4, 0, 0, 0, 0,
      0, 0, 0x04, 0x40, 5, 2, 0, 0, 0, 0xc3, 0xa9, 0, 2, 1, 0, 0, 0, 0, 7, 0, 0, 0, 0,
    ];
    assert.deepEqual([...writeTagged(value)], expected);
    assert.deepEqual(readTagged(Uint8Array.from(expected)), value);
  });

  test('round trips every sample, growing its buffer from 1 byte', () => {
    for (const [name, value] of Object.entries(SAMPLES)) {
      assertSameValue(readTagged(writeTagged(value, 1)), value, true, name);
    }
  });

  test('keeps a "__proto__" key as an own property, as JSON.parse does', () => {
    const value = JSON.parse('{"__proto__": {"x": 1}, "y": 2}');
    const back = readTagged(writeTagged(value));
    assert.equal(Object.getPrototypeOf(back), Object.prototype);
    assert.deepEqual(Object.keys(back), ['__proto__', 'y']);
    assert.deepEqual(back.__proto__, { x: 1 }); // eslint-disable-line no-proto
  });

  test('refuses values that are not JSON-like, naming their path', () => {
    const cases = [
      [{ a: [1, undefined] }, /^undefined at \$\.a\[1\]$/],
      [{ a: { f() {} } }, /^a function at \$\.a\.f$/],
      [{ 'odd key': 10n }, /^a bigint at \$\["odd key"\]$/],
      [{ a: Symbol('s') }, /^a symbol at \$\.a$/],
      [{ when: new Date(0) }, /^a Date at \$\.when \(only plain objects and arrays\)$/],
      [[new Map()], /^a Map at \$\[0\]/],
      [[new Uint8Array(2)], /^a Uint8Array at \$\[0\]/],
      [{ a: ['ok', 'lone \ud800 high'] }, /^a string with a lone surrogate at \$\.a\[1\]/],
      [{ a: 'x'.repeat(100) + '\udc00' }, /^a string with a lone surrogate at \$\.a/],
      [{ ['k\ud800']: 1 }, /^a key with a lone surrogate at \$\["k\\ud800"\]/],
      [nested(MAX_DEPTH + 5), /^nesting deeper than 256 levels/],
    ];
    for (const [value, message] of cases) {
      assert.throws(() => writeTagged(value), { name: 'ValueError', message });
    }
    const cycle = { a: [] };
    cycle.a.push(cycle);
    assert.throws(() => writeTagged(cycle), /nesting deeper than 256 levels \(or a cycle\)/);
  });

  test('reads hostile bytes as errors, never past the end', () => {
    const whole = writeTagged(SAMPLES['nested objects']);
    for (let length = 0; length < whole.length; length++) {
      assert.throws(() => readTagged(whole.subarray(0, length)), /^Error: tagged form: /, `cut at ${length}`);
    }
    assert.throws(() => readTagged(Uint8Array.of(9)), /unknown tag 9 at byte 0/);
    assert.throws(() => readTagged(Uint8Array.of(0, 0)), /bytes left after the value/);
    assert.throws(() => readTagged(Uint8Array.of(6, 0xff, 0xff, 0xff, 0xff)), /end inside a value/);
    assert.throws(() => readTagged(Uint8Array.of(5, 1, 0, 0, 0, 0xff)), /not valid UTF-8/);
    const deep = new Uint8Array(5 * 300 + 1);
    for (let i = 0; i < 300; i++) deep.set([6, 1, 0, 0, 0], 5 * i);
    assert.throws(() => readTagged(deep), /nesting deeper than 256/);
  });
});

// ---- the wasm modules ----

let codecNames = [];
let missing = false;
try {
  codecNames = listWasmCodecs(undefined, 'documents');
  if (codecNames.length === 0) missing = 'the wasm build has no documents modules';
} catch (error) {
  missing = error.message;
}
// Before any module is built, one placeholder test says why it skipped.
if (missing) codecNames = ['json'];

const utf8 = (text) => new TextEncoder().encode(text);

// Errors must start with the codec's name.
function assertCodecError(run, codec, pattern, label) {
  let error;
  try {
    run();
  } catch (caught) {
    error = caught;
  }
  assert.ok(error instanceof Error, `${label}: no error thrown`);
  assert.ok(error.message.startsWith(`${codec}: `), `${label}: "${error.message}" does not name ${codec}`);
  if (pattern) assert.match(error.message, pattern, label);
}

for (const name of codecNames) {
  describe(`documents wasm: ${name}`, () => {
    let codec;
    let paths;
    before(async () => {
      if (missing) return;
      codec = await loadWasmCodec(name, { workload: 'documents' });
      paths = Object.fromEntries(DOCUMENT_STRATEGIES.map((s) => [s, createWasmDocumentPath(codec, s)]));
    });

    const roundTrip = (path, value) => {
      const { encoded, phases } = path.encode(value);
      assert.ok(encoded instanceof Uint8Array && encoded.length > 0);
      path.prepareDecode();
      const decoded = path.decode(encoded);
      return { encoded, encodePhases: phases, ...decoded };
    };

    // The module still round trips after a failure.
    const assertUsable = (path, label) => {
      const value = SAMPLES['GeoJSON-like'];
      assertSameValue(roundTrip(path, value).value, value, path.keyOrder, `${label}, then a valid value`);
    };

    for (const strategy of DOCUMENT_STRATEGIES) {
      testWithBuild(`${name}/${strategy}: round trips every sample`, missing, {}, () => {
        const path = paths[strategy];
        assert.equal(path.interop, strategy);
        assert.equal(path.keyOrder, codec.exports.keepsKeyOrder());
        for (const [sample, value] of Object.entries(SAMPLES)) {
          const { value: back, phases, encodePhases } = roundTrip(path, value);
          assertSameValue(back, value, path.keyOrder, `${name}/${strategy}: ${sample}`);
          for (const phase of ['marshalInMs', 'codecMs', 'bytesOutMs']) assert.ok(encodePhases[phase] >= 0);
          for (const phase of ['bytesInMs', 'codecMs', 'marshalOutMs']) assert.ok(phases[phase] >= 0);
        }
      });

      testWithBuild(`${name}/${strategy}: a tagged input larger than the first buffer`, missing, {}, () => {
        const value = Array.from({ length: 5000 }, (_, i) => ({ id: i, name: `név ${i}`, tags: ['a', 'b'] }));
        value.push({ long: '€'.repeat(100000) });
        assertSameValue(roundTrip(paths[strategy], value).value, value, paths[strategy].keyOrder, strategy);
      });

      testWithBuild(
        `${name}/${strategy}: values that are not JSON-like are errors naming the path`,
        missing,
        {},
        () => {
          const path = paths[strategy];
          const cases = [
            [{ a: [1, undefined] }, /undefined at \$\.a\[1\]/],
            [{ a: { f: () => 1 } }, /a function at \$\.a\.f/],
            [{ a: [2n] }, /a bigint at \$\.a\[0\]/],
            [{ when: new Date(0) }, /a Date at \$\.when/],
            [{ a: 'lone \ud83d surrogate' }, /lone surrogate at \$\.a/],
            [{ a: '\udc00' }, /lone surrogate at \$\.a/],
            // Fails only once the buffer has grown: the module must still work.
            [{ big: 'x'.repeat(300000), bad: undefined }, /undefined at \$\.bad/],
          ];
          for (const [value, pattern] of cases) {
            assertCodecError(() => path.encode(value), name, pattern, `${strategy} ${pattern}`);
            assertUsable(path, `${strategy} ${pattern}`);
          }
        },
      );

      testWithBuild(
        `${name}/${strategy}: hostile bytes are errors and the module stays usable`,
        missing,
        {},
        () => {
          const path = paths[strategy];
          const { encoded } = path.encode(SAMPLES['GeoJSON-like']);
          const next = seededRandom(0x5eed);
          const inputs = {
            'half the encoding': encoded.subarray(0, encoded.length >> 1),
            'the encoding less its last byte': encoded.subarray(0, encoded.length - 1),
            'ff bytes': new Uint8Array(64).fill(0xff),
            'random bytes': Uint8Array.from({ length: 256 }, () => next() >>> 24),
          };
          for (const [label, bytes] of Object.entries(inputs)) {
            path.prepareDecode();
            let value;
            try {
              ({ value } = path.decode(bytes));
            } catch (error) {
              assert.ok(error.message.startsWith(`${name}: `), `${label}: "${error.message}"`);
              assertUsable(path, `${strategy}: ${label}`);
              continue;
            }
            // Some formats read some cut or random bytes as a (different) valid
            // document; that must at least be a JSON-like value.
            assert.ok(label !== 'half the encoding' || name === 'protobuf', `${label}: decoded ${value}`);
            assertSameValue(value, JSON.parse(JSON.stringify(value)), true, `${label} decoded`);
            assertUsable(path, `${strategy}: ${label}`);
          }
        },
      );

      testWithBuild(`${name}/${strategy}: prepareDecode leaves no stale output`, missing, {}, () => {
        const path = paths[strategy];
        const first = { first: [1, 2, 3] };
        const second = ['second', { value: 2.5 }];
        const firstBytes = path.encode(first).encoded;
        const secondBytes = path.encode(second).encoded;
        path.prepareDecode();
        assertSameValue(path.decode(firstBytes).value, first, path.keyOrder, 'first');
        path.prepareDecode();
        assertSameValue(path.decode(secondBytes).value, second, path.keyOrder, 'second after poison');
        path.prepareDecode();
        assertSameValue(path.decode(firstBytes).value, first, path.keyOrder, 'first again');
        // A failing decode after the poison hands back nothing of the last value.
        path.prepareDecode();
        assert.throws(
          () => path.decode(new Uint8Array(16).fill(0xff)),
          (error) => error.message.startsWith(name),
        );
      });
    }

    if (name === 'json') {
      testWithBuild(
        'json: NaN and Infinity are errors naming the path, in every strategy',
        missing,
        {},
        () => {
          for (const strategy of DOCUMENT_STRATEGIES) {
            for (const bad of [NaN, Infinity, -Infinity]) {
              const label = `${strategy} ${bad}`;
              assertCodecError(() => paths[strategy].encode({ a: [0, bad] }), 'json', /\$\.a\[1\]/, label);
              assertUsable(paths[strategy], label);
            }
          }
        },
      );

      testWithBuild(
        'json: the JS tagged writer matches the C++ reader (same text as JSON.stringify)',
        missing,
        {},
        () => {
          const values = [
            { a: 1, b: [true, false, null], c: 'é😀\n"\\', d: { e: [] } },
            [1, -2, 0.5, 1e21, 2 ** 31, -(2 ** 53), 'x'.repeat(40)],
            'just text',
            0.1,
            { 'key with spaces': { nested: ['ü', ''] } },
          ];
          for (const value of values) {
            const text = new TextDecoder().decode(paths.tagged.encode(value).encoded);
            assert.equal(text, JSON.stringify(value));
          }
        },
      );

      testWithBuild('json: decoding an integer beyond 2^53 is an error naming the path', missing, {}, () => {
        for (const strategy of DOCUMENT_STRATEGIES) {
          const bytes = utf8('{"ok": 1, "big": [9007199254740993]}');
          assertCodecError(() => paths[strategy].decode(bytes), 'json', /2\^53.*\$\.big\[0\]/, strategy);
          assertUsable(paths[strategy], strategy);
        }
      });

      testWithBuild('json: nesting is limited to 256 in every strategy', missing, {}, () => {
        const deep = (depth) => {
          let value = 1;
          for (let i = 0; i < depth; i++) value = [value];
          return value;
        };
        for (const strategy of DOCUMENT_STRATEGIES) {
          assertSameValue(roundTrip(paths[strategy], deep(MAX_DEPTH)).value, deep(MAX_DEPTH), true, strategy);
          assertCodecError(
            () => paths[strategy].encode(deep(MAX_DEPTH + 1)),
            'json',
            /nesting deeper than 256/,
            strategy,
          );
          assertUsable(paths[strategy], strategy);
        }
      });

      testWithBuild('json: a "__proto__" key comes back as an own property', missing, {}, () => {
        for (const strategy of DOCUMENT_STRATEGIES) {
          const { value } = paths[strategy].decode(utf8('{"__proto__": {"x": 1}, "y": 2}'));
          assert.equal(Object.getPrototypeOf(value), Object.prototype, strategy);
          assert.deepEqual(Object.keys(value), ['__proto__', 'y'], strategy);
        }
      });
    }
  });
}
