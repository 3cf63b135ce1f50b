// Verification of a documents decode (src/workloads/documents/verify.mjs):
// each kind of difference is found, at its path, and nothing else is.

import assert from 'node:assert/strict';
import { test } from 'node:test';

import { firstDifference, verifyDocument } from '../../src/workloads/documents/verify.mjs';

const geo = () => ({
  type: 'FeatureCollection',
  features: [0, 1, 2, 3].map((id) => ({
    type: 'Feature',
    id: String(id),
    properties: { name: `country ${id}`, 'key with space': id },
    geometry: {
      type: 'Polygon',
      coordinates: [
        [
          [id, 0.5],
          [1, 1.25],
          [id, 0.5],
        ],
      ],
    },
  })),
});

test('equal values: no difference, including -0 against 0 and NaN against NaN', () => {
  assert.equal(firstDifference(geo(), geo()), null);
  assert.equal(firstDifference([0, -0, NaN], [-0, 0, NaN]), null);
  assert.equal(firstDifference({}, {}), null);
  assert.equal(firstDifference('é😀', 'é😀'), null);
  assert.equal(firstDifference(null, null), null);
  // A decoder may build objects without a prototype: still plain objects.
  assert.equal(firstDifference({ a: 1 }, Object.assign(Object.create(null), { a: 1 })), null);
});

test('each kind of difference, at its path', () => {
  const cases = [
    [
      (v) => (v.features[3].geometry = [1]),
      '$.features[3].geometry: types differ (expected object, got array)',
    ],
    [
      (v) => (v.features[2].geometry.coordinates[0][1][1] = 1.2500000000000002),
      '$.features[2].geometry.coordinates[0][1][1]: numbers differ (expected 1.25, got 1.2500000000000002)',
    ],
    [(v) => (v.features[1].id = 1), '$.features[1].id: types differ (expected string, got number)'],
    [
      (v) => (v.features[0].properties.name = 'country O'),
      '$.features[0].properties.name: strings differ (expected "country 0", got "country O")',
    ],
    [(v) => v.features.pop(), '$.features: array lengths differ (expected 4, got 3)'],
    [
      (v) => delete v.features[1].properties['key with space'],
      '$.features[1].properties["key with space"]: key missing from the decoded value',
    ],
    [(v) => (v.features[1].bbox = []), '$.features[1].bbox: key not in the input'],
    [
      (v) => (v.features[0].properties['key with space'] = 9),
      '$.features[0].properties["key with space"]: numbers differ (expected 0, got 9)',
    ],
    [
      (v) => (v.features[2].properties.name = null),
      '$.features[2].properties.name: types differ (expected string, got null)',
    ],
    [(v) => (v.type = true), '$.type: types differ (expected string, got boolean)'],
  ];
  for (const [change, expected] of cases) {
    const actual = geo();
    change(actual);
    assert.equal(firstDifference(geo(), actual), expected);
  }
  assert.equal(firstDifference([true], [false]), '$[0]: values differ (expected true, got false)');
  assert.equal(firstDifference([NaN], [0]), '$[0]: numbers differ (expected NaN, got 0)');
  assert.equal(
    firstDifference({ "it's": 1 }, { "it's": 2 }),
    '$["it\'s"]: numbers differ (expected 1, got 2)',
  );
  assert.equal(
    firstDifference({ 'a\nb': 1 }, { 'a\nb': 2 }),
    '$["a\\nb"]: numbers differ (expected 1, got 2)',
  );
  assert.equal(firstDifference({ 19: 1 }, { 19: 2 }), '$["19"]: numbers differ (expected 1, got 2)');
});

test('key order counts unless keyOrder is false', () => {
  const expected = { type: 'Feature', id: '1', properties: {}, geometry: null };
  const reordered = { type: 'Feature', geometry: null, id: '1', properties: {} };
  assert.equal(
    firstDifference(expected, reordered),
    '$: key order differs (key 1 is "geometry", expected "id")',
  );
  assert.equal(firstDifference(expected, reordered, { keyOrder: false }), null);
  assert.equal(firstDifference({ x: { b: 1, a: 2 } }, { x: { a: 2, b: 1 } }, { keyOrder: false }), null);
  // Without order, values still count, and so do missing keys.
  assert.equal(
    firstDifference({ x: { b: 1, a: 2 } }, { x: { a: 3, b: 1 } }, { keyOrder: false }),
    '$.x.a: numbers differ (expected 2, got 3)',
  );
  assert.equal(
    firstDifference({ a: 1, b: 2 }, { a: 1, c: 2 }, { keyOrder: false }),
    '$.b: key missing from the decoded value',
  );
});

test("a library's own types are differences of type: Map, class instances, Buffer, bigint, Date", () => {
  class Point {
    constructor() {
      this.x = 1;
    }
  }
  assert.equal(
    firstDifference({ a: { x: 1 } }, { a: new Map([['x', 1]]) }),
    '$.a: types differ (expected object, got Map instance)',
  );
  assert.equal(
    firstDifference({ a: { x: 1 } }, { a: new Point() }),
    '$.a: types differ (expected object, got Point instance)',
  );
  assert.equal(
    firstDifference([[1, 2]], [Buffer.from([1, 2])]),
    '$[0]: types differ (expected array, got Buffer instance)',
  );
  assert.equal(
    firstDifference([[1, 2]], [new Uint8Array([1, 2])]),
    '$[0]: types differ (expected array, got Uint8Array instance)',
  );
  assert.equal(firstDifference({ n: 5 }, { n: 5n }), '$.n: types differ (expected number, got bigint)');
  assert.equal(
    firstDifference({ s: '2026' }, { s: new Date(0) }),
    '$.s: types differ (expected string, got Date instance)',
  );
});

test('verifyDocument throws the difference and who decoded it', () => {
  assert.doesNotThrow(() => verifyDocument(geo(), geo(), { by: 'x' }));
  const actual = geo();
  actual.features[3].geometry.type = 'MultiPolygon';
  assert.throws(
    () => verifyDocument(geo(), actual, { by: 'msgpack (msgpackr)' }),
    (error) =>
      error instanceof Error &&
      error.message ===
        '$.features[3].geometry.type: strings differ (expected "Polygon", got "MultiPolygon") (decoded by msgpack (msgpackr))',
  );
  const reordered = { b: 1, a: 2 };
  assert.throws(
    () => verifyDocument({ a: 2, b: 1 }, reordered, { by: 'p' }),
    /key order differs.*\(decoded by p\)$/,
  );
  assert.doesNotThrow(() => verifyDocument({ a: 2, b: 1 }, reordered, { keyOrder: false, by: 'p' }));
});

test('long strings are shortened in the message', () => {
  const difference = firstDifference(['a'.repeat(100)], ['b'.repeat(100)]);
  assert.ok(difference.length < 200, difference);
  assert.match(difference, /^\$\[0\]: strings differ \(expected "a+\.\.\., got "b+\.\.\.\)$/);
});

test('two long strings that share a long start are shown around their first difference', () => {
  const start = 'Optional. The maximum epsilon value that a query can contain before it is ';
  const difference = firstDifference({ text: `${start}rejected.` }, { text: `${start}refused.` });
  assert.equal(
    difference,
    '$.text: strings differ at character 76, lengths 83 and 82 ' +
      '(expected "... contain before it is rejected.", got "... contain before it is refused.")',
  );
});
