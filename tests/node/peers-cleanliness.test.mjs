// src/harness/cleanliness.mjs: what counts as a clean decoded item, and that
// each way of being unclean is caught and named.
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { checkCleanliness, inspectItem } from '../../src/harness/cleanliness.mjs';

const CLEAN = { plainObject: true, exactKeys: true, dataProperties: true, clean: true };

test('plain {x, y, z} literals, JSON.parse output and structuredClone copies are clean', () => {
  assert.deepEqual(
    checkCleanliness([
      { x: 1, y: 2.5, z: 3 },
      { z: 0, y: -1, x: 7 },
    ]),
    CLEAN,
  );
  assert.deepEqual(checkCleanliness(JSON.parse('[{"x":1,"y":2,"z":3}]')), CLEAN);
  assert.deepEqual(checkCleanliness(structuredClone([{ x: 1, y: 2, z: 3 }])), CLEAN);
  assert.deepEqual(checkCleanliness([]), CLEAN, 'no item, nothing unclean');
});

test('a class instance is not a plain object, even with exactly x, y, z', () => {
  class Item {
    constructor(x, y, z) {
      this.x = x;
      this.y = y;
      this.z = z;
    }
  }
  const result = checkCleanliness([{ x: 1, y: 2, z: 3 }, new Item(1, 2, 3)]);
  assert.equal(result.plainObject, false);
  assert.equal(result.exactKeys, true);
  assert.equal(result.dataProperties, true);
  assert.equal(result.clean, false);
  assert.match(result.detail, /^item 1 is an Item instance, not a plain object$/);

  class Message {}
  const Anonymous = (() => class extends Message {})();
  const subclass = Object.assign(new Anonymous(), { x: 1, y: 2, z: 3 });
  assert.match(checkCleanliness([subclass]).detail, /an instance of a subclass of Message/);
  const bare = Object.assign(Object.create(null), { x: 1, y: 2, z: 3 });
  assert.match(checkCleanliness([bare]).detail, /null prototype, not a plain object/);
});

test('an extra, missing or renamed key is caught, enumerable or not, string or symbol', () => {
  const extra = checkCleanliness([{ x: 1, y: 2, z: 3, w: 4 }]);
  assert.deepEqual(
    { ...extra, detail: undefined },
    { plainObject: true, exactKeys: false, dataProperties: true, clean: false, detail: undefined },
  );
  assert.match(extra.detail, /has extra own properties w/);

  const hidden = { x: 1, y: 2, z: 3 };
  Object.defineProperty(hidden, '$type', { value: 'Item', enumerable: false });
  assert.equal(checkCleanliness([hidden]).exactKeys, false, 'a non-enumerable extra property');

  const tagged = { x: 1, y: 2, z: 3, [Symbol('meta')]: true };
  assert.match(checkCleanliness([tagged]).detail, /Symbol\(meta\)/);

  const renamed = checkCleanliness([{ x: 1, y: 2, zz: 3 }]);
  assert.equal(renamed.exactKeys, false);
  assert.equal(renamed.dataProperties, false, 'z is not there at all');
  assert.match(renamed.detail, /extra own properties zz; lacks own properties z/);
});

test('a getter or setter, or a non-enumerable field, is not a data property', () => {
  const withGetter = {
    x: 1,
    y: 2,
    get z() {
      return 3;
    },
  };
  const result = checkCleanliness([withGetter]);
  assert.equal(result.plainObject, true);
  assert.equal(result.exactKeys, true);
  assert.equal(result.dataProperties, false);
  assert.equal(result.clean, false);
  assert.match(result.detail, /z is an accessor \(getter\/setter\), not a data property/);

  const setterOnly = { x: 1, y: 2 };
  Object.defineProperty(setterOnly, 'z', { set() {}, enumerable: true });
  assert.equal(checkCleanliness([setterOnly]).dataProperties, false);

  const hiddenY = { x: 1, z: 3 };
  Object.defineProperty(hiddenY, 'y', { value: 2, enumerable: false });
  assert.match(checkCleanliness([hiddenY]).detail, /y is not enumerable/);
});

test('fields served by a prototype (getters on a class) are named as such', () => {
  class Wrapped {
    #values = [1, 2, 3];
    get x() {
      return this.#values[0];
    }
    get y() {
      return this.#values[1];
    }
    get z() {
      return this.#values[2];
    }
  }
  const finding = inspectItem(new Wrapped());
  assert.equal(finding.plainObject, false);
  assert.equal(finding.exactKeys, false);
  assert.equal(finding.dataProperties, false);
  assert.ok(finding.problems.some((problem) => /x, y, z come from the prototype/.test(problem)));
});

test('a result that is not an array is a wrapper to unwrap', () => {
  for (const wrapper of [{ items: [{ x: 1, y: 2, z: 3 }] }, new Map(), null, 'text']) {
    const result = checkCleanliness(wrapper);
    assert.deepEqual(
      { ...result, detail: undefined },
      { plainObject: false, exactKeys: false, dataProperties: false, clean: false, detail: undefined },
    );
    assert.match(result.detail, /not an array of items: a wrapper to unwrap/);
  }
  assert.match(checkCleanliness([1, 2]).detail, /^item 0 is number, not an object$/);
});

test('large results are sampled, but the first and last items are always checked', () => {
  const items = Array.from({ length: 50_000 }, (_, i) => ({ x: i, y: i, z: i }));
  assert.deepEqual(checkCleanliness(items, { sampleLimit: 100 }), CLEAN);
  items[items.length - 1] = { x: 1, y: 2, z: 3, extra: true };
  const result = checkCleanliness(items, { sampleLimit: 100 });
  assert.equal(result.exactKeys, false);
  assert.match(result.detail, /^item 49999 /);
  // Below the limit every item is checked.
  const small = Array.from({ length: 500 }, () => ({ x: 1, y: 2, z: 3 }));
  small[123] = { x: 1, y: 2 };
  assert.match(checkCleanliness(small).detail, /^item 123 lacks own properties z$/);
});
