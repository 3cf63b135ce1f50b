// The tagged form's JS writer and reader (src/workloads/documents/tagged-*.mjs)
// against a reference writer and reader written here from the table in
// docs/documents.md#the-tagged-form alone, so a fast path that drifts from
// the contract shows: key numbers across nested objects, thousands of
// distinct keys, a key repeated in one object, strings on both routes
// (Node's Buffer and TextEncoder/TextDecoder) giving the same bytes and
// values, hostile key numbers; and the documents floor (its path and its
// member in a documents block).
import assert from 'node:assert/strict';
import { after, describe, test } from 'node:test';

import { isFloor, pathLabel } from '../../src/catalog.mjs';
import {
  DOCUMENTS_FLOOR_LABEL,
  createDocumentsFloorPath,
  isDocumentsFloor,
} from '../../src/workloads/documents/floor.mjs';
import { isPeerRow, isReferenceRow } from '../../src/harness/references.mjs';
import { measureDocumentBlock } from '../../src/workloads/documents/block.mjs';
import { datasetInfo, makeDataset, prepareDataset } from '../../src/workloads/documents/datasets.mjs';
import { viewText } from '../../src/report/table-view.mjs';
import { floorPhaseParts } from '../../src/workloads/documents/view.mjs';
import { useBuffer } from '../../src/workloads/documents/tagged-form.mjs';
import { TaggedReader } from '../../src/workloads/documents/tagged-reader.mjs';
import { TaggedWriter } from '../../src/workloads/documents/tagged-writer.mjs';
import { readTagged, writeTagged } from './tagged-bytes.mjs';

// ---- the reference: plain, slow, from the table ----

const utf8 = new TextEncoder();

function referenceWrite(value) {
  const out = [];
  const keys = new Map();
  const u32 = (n) => out.push(n & 0xff, (n >>> 8) & 0xff, (n >>> 16) & 0xff, (n >>> 24) & 0xff);
  const visit = (item) => {
    if (item === null) out.push(0);
    else if (item === false) out.push(1);
    else if (item === true) out.push(2);
    else if (typeof item === 'number') {
      if (Number.isInteger(item) && item >= -(2 ** 31) && item < 2 ** 31) {
        out.push(3);
        u32(item >>> 0);
      } else {
        out.push(4, ...new Uint8Array(Float64Array.of(item).buffer));
      }
    } else if (typeof item === 'string') {
      const bytes = utf8.encode(item);
      out.push(5);
      u32(bytes.length);
      out.push(...bytes);
    } else if (Array.isArray(item)) {
      out.push(6);
      u32(item.length);
      item.forEach(visit);
    } else {
      const names = Object.keys(item);
      out.push(7);
      u32(names.length);
      for (const name of names) {
        if (keys.has(name)) u32(2 * keys.get(name) + 1);
        else {
          keys.set(name, keys.size);
          const bytes = utf8.encode(name);
          u32(2 * bytes.length);
          out.push(...bytes);
        }
        visit(item[name]);
      }
    }
  };
  visit(value);
  return Uint8Array.from(out);
}

function referenceRead(bytes) {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const text = new TextDecoder('utf-8', { fatal: true });
  const keys = [];
  let at = 0;
  const u32 = () => {
    const n = view.getUint32(at, true);
    at += 4;
    return n;
  };
  const string = (length) => text.decode(bytes.subarray(at, (at += length)));
  const visit = () => {
    const tag = bytes[at++];
    switch (tag) {
      case 0:
        return null;
      case 1:
        return false;
      case 2:
        return true;
      case 3:
        return ((at += 4), view.getInt32(at - 4, true));
      case 4:
        return ((at += 8), view.getFloat64(at - 8, true));
      case 5:
        return string(u32());
      case 6:
        return Array.from({ length: u32() }, visit);
      case 7: {
        const object = {};
        for (let count = u32(); count > 0; count--) {
          const h = u32();
          let name;
          if (h % 2 === 0) keys.push((name = string(h / 2)));
          else name = keys[(h - 1) / 2];
          Object.defineProperty(object, name, {
            value: visit(),
            writable: true,
            enumerable: true,
            configurable: true,
          });
        }
        return object;
      }
      default:
        throw new Error(`reference: tag ${tag}`);
    }
  };
  const value = visit();
  assert.equal(at, bytes.length, 'reference: the whole value');
  return value;
}

// ---- values ----

const u32 = (n) => [n & 0xff, (n >>> 8) & 0xff, (n >>> 16) & 0xff, (n >>> 24) & 0xff];
const newKey = (text) => [...u32(2 * Buffer.byteLength(text)), ...Buffer.from(text)];
const keyRef = (number) => u32(2 * number + 1);

const manyKeys = Object.fromEntries(
  Array.from({ length: 5000 }, (_, i) => [`key ${i} é`, i % 7 === 0 ? `v${i}` : i]),
);
const SAMPLES = {
  'nested objects sharing keys': {
    type: 'FeatureCollection',
    features: [
      {
        type: 'Feature',
        properties: { name: 'a', type: 'x' },
        geometry: { type: 'Point', coordinates: [1.5, 2] },
      },
      { type: 'Feature', properties: { name: 'b' }, geometry: { type: 'Point', coordinates: [-1, 2.25] } },
    ],
  },
  'thousands of distinct keys': { outer: manyKeys, again: [manyKeys, { 'key 4999 é': true }] },
  'strings of every length and width': Object.fromEntries(
    [0, 1, 7, 8, 9, 31, 63, 64, 65, 200, 5000].flatMap((n) => [
      [`ascii ${n}`, 'a'.repeat(n)],
      [`two-byte ${n}`, 'é'.repeat(n)],
      [`three-byte ${n}`, '€'.repeat(n)],
      [`astral ${n}`, '😀'.repeat(n)],
      [`mixed ${n}`, [...'aé€😀'.repeat(n)].slice(0, n).join('')],
      [`U+FFFD ${n}`, '\ufffd'.repeat(n)],
      [`é key ${'k'.repeat(n)}`, n],
    ]),
  ),
  numbers: [0, -1, 2 ** 31 - 1, -(2 ** 31), 2 ** 31, 1.5, -2.25, 1e300, Number.MAX_SAFE_INTEGER, 5e-324],
  'empty ones': [{}, [], '', { '': '' }],
  'a "__proto__" key': JSON.parse('{"a": {"__proto__": 1}, "__proto__": {"a": 2}}'),
};

function onBothRoutes(run) {
  try {
    useBuffer(true);
    const withBuffer = run('buffer');
    useBuffer(false);
    const without = run('no buffer');
    return [withBuffer, without];
  } finally {
    useBuffer(true);
  }
}

describe('the tagged form against the reference', () => {
  after(() => useBuffer(true));

  test('writes the reference bytes and reads them back, on both string routes', () => {
    for (const [name, value] of Object.entries(SAMPLES)) {
      const expected = referenceWrite(value);
      const [a, b] = onBothRoutes((route) => {
        const bytes = writeTagged(value);
        assert.deepEqual(bytes, expected, `${name} (${route})`);
        assert.deepEqual(readTagged(expected), value, `${name} (${route})`);
        assert.deepEqual(referenceRead(bytes), value, `${name} (${route}): the reference reads it`);
        return bytes;
      });
      assert.deepEqual(a, b, name);
    }
  });

  test('the documents data sets: the reference bytes, and the same value back', async () => {
    for (const id of ['geo-110m', 'jbb-repeated']) {
      await prepareDataset(id);
      const value = makeDataset(id);
      const bytes = writeTagged(value);
      assert.deepEqual(bytes, referenceWrite(value), id);
      onBothRoutes((route) => assert.deepEqual(readTagged(bytes), value, `${id} (${route})`));
    }
  });

  test('numbers keys per value written: each value starts from key 0', () => {
    const writer = new TaggedWriter(() => assert.fail('no growth'));
    const bytes = new Uint8Array(64);
    const first = writer.write({ a: 1 }, bytes, 0, 64);
    const again = bytes.slice(0, first);
    assert.equal(writer.write({ a: 1 }, bytes, 0, 64), first);
    assert.deepEqual(bytes.slice(0, first), again);
    assert.deepEqual([...again], [7, ...u32(1), ...newKey('a'), 3, ...u32(1)]);
  });

  test('refers to a key written before, across nested objects', () => {
    const value = { a: { b: 1, a: 2 }, b: [{ a: 3 }] };
    assert.deepEqual(
      [...writeTagged(value)],
      [
        7, ...u32(2), ...newKey('a'),
        7, ...u32(2), ...newKey('b'), 3, ...u32(1), ...keyRef(0), 3, ...u32(2),
        ...keyRef(1), 6, ...u32(1), 7, ...u32(1), ...keyRef(0), 3, ...u32(3),
      ], // prettier-ignore
    );
  });

  test('reads a key repeated in one object as JSON.parse does: the last value at the first place', () => {
    const bytes = Uint8Array.from([
      7, ...u32(3), ...newKey('a'), 3, ...u32(1), ...newKey('b'), 3, ...u32(2), ...keyRef(0), 3, ...u32(3),
    ]); // prettier-ignore
    const value = readTagged(bytes);
    assert.deepEqual(value, JSON.parse('{"a": 1, "b": 2, "a": 3}'));
    assert.deepEqual(Object.keys(value), ['a', 'b']);
    // A key written as new again takes a new number (the messages C++ writer does so).
    const twice = Uint8Array.from([
      7, ...u32(2), ...newKey('a'), 0, ...newKey('a'), 1, 
    ]); // prettier-ignore
    assert.deepEqual(readTagged(twice), { a: false });
    const __proto__ = readTagged(
      Uint8Array.from([7, ...u32(2), ...newKey('__proto__'), 3, ...u32(1), ...keyRef(0), 3, ...u32(2)]),
    );
    assert.equal(Object.getPrototypeOf(__proto__), Object.prototype);
    assert.deepEqual(Object.getOwnPropertyDescriptor(__proto__, '__proto__').value, 2);
  });

  test('refuses a key number not given yet, and cut or bad keys, naming the byte', () => {
    assert.throws(
      () => readTagged(Uint8Array.from([7, ...u32(1), ...keyRef(0), 0])),
      /^Error: tagged form: key number 0 before that key \(0 keys so far\) at byte 5$/,
    );
    assert.throws(
      () => readTagged(Uint8Array.from([7, ...u32(2), ...newKey('a'), 0, ...keyRef(1), 0])),
      /key number 1 before that key \(1 keys so far\) at byte 11$/,
    );
    assert.throws(
      () => readTagged(Uint8Array.from([7, ...u32(1), ...u32(0xfffffffe)])),
      /end inside a value/,
    );
    onBothRoutes(() => {
      for (const length of [3, 100]) {
        const bad = [...Buffer.from('a'.repeat(length - 1)), 0xff];
        assert.throws(
          () => readTagged(Uint8Array.from([7, ...u32(1), ...u32(2 * length), ...bad, 0])),
          /^Error: tagged form: a string that is not valid UTF-8 at byte 9$/,
        );
        assert.throws(
          () => readTagged(Uint8Array.from([5, ...u32(length), ...bad])),
          /^Error: tagged form: a string that is not valid UTF-8 at byte 5$/,
        );
      }
    });
  });

  test('checks UTF-8 alike on both routes: overlong, surrogates, beyond U+10FFFF, cut', () => {
    const bad = [
      [0xc0, 0x80],
      [0xe0, 0x80, 0x80],
      [0xed, 0xa0, 0x80],
      [0xf4, 0x90, 0x80, 0x80],
      [0xf8, 0x80, 0x80, 0x80],
      [0xe2, 0x82],
      [0x80],
    ];
    for (const sequence of bad) {
      for (const padding of [0, 100]) {
        const bytes = [...Buffer.from('x'.repeat(padding)), ...sequence];
        onBothRoutes((route) =>
          assert.throws(
            () => readTagged(Uint8Array.from([5, ...u32(bytes.length), ...bytes])),
            /not valid UTF-8/,
            `${sequence} after ${padding} (${route})`,
          ),
        );
      }
    }
  });

  test('refuses lone surrogates on both routes, short and long', () => {
    for (const text of ['\ud800', 'a\udc00', 'x'.repeat(100) + '\ud800', '\udc00\ud800']) {
      onBothRoutes(() => {
        assert.throws(() => writeTagged({ a: [text] }), {
          name: 'ValueError',
          message: 'a string with a lone surrogate at $.a[0] (UTF-8 cannot hold it)',
        });
        assert.throws(() => writeTagged({ [text]: 1 }), {
          name: 'ValueError',
          message: /^a key with a lone surrogate/,
        });
      });
    }
  });

  test('a reader reads other bytes of the same buffer, and a read inside a read', () => {
    const reader = new TaggedReader();
    const a = writeTagged({ a: 1.5 });
    const b = writeTagged([2.5, { b: 'c' }]);
    const both = new Uint8Array(a.length + b.length);
    both.set(a);
    both.set(b, a.length);
    assert.deepEqual(reader.read(both, 0, a.length), { a: 1.5 });
    assert.deepEqual(reader.read(both, a.length, both.length), [2.5, { b: 'c' }]);
    assert.deepEqual(reader.read(both.subarray(a.length)), [2.5, { b: 'c' }]);
  });
});

describe('the documents floor', () => {
  test('is a reference, not a library, named as the tables name it', () => {
    const path = createDocumentsFloorPath();
    assert.ok(isDocumentsFloor(path) && isFloor(path) && isReferenceRow(path));
    assert.ok(!isPeerRow(path));
    assert.equal(pathLabel(path), DOCUMENTS_FLOOR_LABEL);
  });

  test('encodes into its ready buffer and decodes the same value', async () => {
    await prepareDataset('geo-110m');
    const value = makeDataset('geo-110m');
    const path = createDocumentsFloorPath();
    const { encoded } = path.encode(value);
    assert.deepEqual(encoded, referenceWrite(value));
    assert.deepEqual(path.decode(encoded).value, value);
    const again = path.encode(value).encoded;
    assert.equal(again.buffer, encoded.buffer, 'the buffer is reused');
  });

  test('is measured in a documents block beside the JSON baseline', async () => {
    const id = 'unmapped-s51';
    await prepareDataset(id);
    const value = makeDataset(id);
    const rows = await measureDocumentBlock(
      {
        block: `documents@${id}`,
        process: 0,
        batch: 'references',
        dataset: id,
        members: [{ reference: 'json' }, { reference: 'floor' }],
        rounds: 2,
        warmup: 1,
      },
      {
        place: 'node',
        loadDataset: async () => ({ value, entry: datasetInfo(id), datasetFields: {} }),
        loadSubject: () => assert.fail('only references'),
        env: {},
      },
    );
    const floor = rows.find(isDocumentsFloor);
    assert.ok(floor, `rows: ${rows.map(pathLabel)}`);
    assert.equal(floor.status, 'ok', floor.error);
    assert.equal(pathLabel(floor), DOCUMENTS_FLOOR_LABEL);
    assert.ok(floor.encode.median > 0 && floor.decode.median > 0);
  });

  test('a block run shows the marshal phases of each C++ path against the floor', () => {
    const floor = createDocumentsFloorPath();
    const cpp = { codec: 'msgpack', impl: 'cpp', interop: 'tagged', library: 'msgpack-cxx 4' };
    const rows = [1, 2, 3].flatMap((process) => [
      { ...floor, block: 'documents@x', process, status: 'ok', encode: { median: 2 }, decode: { median: 4 } },
      {
        ...cpp,
        block: 'documents@x',
        process,
        status: 'ok',
        encode: { median: 9 },
        decode: { median: 9 },
        encodePhases: { marshalInMs: 1 + process, codecMs: 1, bytesOutMs: 0.1 },
        decodePhases: { bytesInMs: 0.1, codecMs: 1, marshalOutMs: 8 },
      },
    ]);
    // The medians over processes: marshal in 3 and out 8 ms, the floor 2 and 4 ms.
    const [, { table }] = floorPhaseParts(rows);
    assert.deepEqual(table.attrs, { block: 'documents@x', role: 'floor-phases' });
    assert.deepEqual(table.lines, [
      { cells: ['msgpack/tagged', '3.00', '2.00', '0.67x', '8.00', '4.00', '0.50x'] },
    ]);
    const text = viewText(floorPhaseParts(rows));
    assert.match(text, /documents floor \(JS walk\)/);
    assert.match(text, /msgpack\/tagged +3\.\d+ +2\.\d+ +0\.67x +8\.\d+ +4\.\d+ +0\.50x/);
    assert.deepEqual(floorPhaseParts(rows.filter((row) => !isDocumentsFloor(row))), []);
  });
});
