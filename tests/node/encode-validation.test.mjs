// Encode refuses items that are not {x: int32, y: number, z: number} in
// every strategy, with an Error naming the codec, the item and the field
// (docs/design.md#bad-input), where it used to write them coerced (2**31 as
// -2**31, 1.5 as 1, "7" as 7, a missing y as NaN). typed and embind check in
// JS (src/harness/wasm-items.mjs), val in C++ (its bindings), in the same words.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';

import { listWasmCodecs, loadWasmCodec } from '../../node/load-wasm.mjs';
import { invalidItemError, isItem } from '../../src/harness/wasm-items.mjs';
import { assertSameItems, datasetWithItems } from './wasm-helpers.mjs';

const STRATEGIES = ['typed', 'embind', 'val'];
const BAD_AT = 2;

// [what the item at BAD_AT is, the item, the message after "<codec>: item 2"]
const BAD_ITEMS = [
  ['null', null, ' is not an object (got null)'],
  ['undefined', undefined, ' is not an object (got undefined)'],
  ['a number', 5, ' is not an object (got 5)'],
  ['a string', 'item', ' is not an object (got "item")'],
  ['x = 2**31', { x: 2 ** 31, y: 1, z: 1 }, ': x must be an int32, got 2147483648'],
  ['x = -(2**31) - 1', { x: -(2 ** 31) - 1, y: 1, z: 1 }, ': x must be an int32, got -2147483649'],
  ['x = 1.5', { x: 1.5, y: 1, z: 1 }, ': x must be an int32, got 1.5'],
  ['x = -0', { x: -0, y: 1, z: 1 }, ': x must be an int32, got -0'],
  ['x = NaN', { x: NaN, y: 1, z: 1 }, ': x must be an int32, got NaN'],
  ['x = "7"', { x: '7', y: 1, z: 1 }, ': x must be an int32, got "7"'],
  ['x = true', { x: true, y: 1, z: 1 }, ': x must be an int32, got true'],
  ['x missing', { y: 1, z: 1 }, ': x is missing'],
  ['y = "a"', { x: 1, y: 'a', z: 1 }, ': y must be a number, got "a"'],
  ['y missing', { x: 1, z: 1 }, ': y is missing'],
  ['y = null', { x: 1, y: null, z: 1 }, ': y must be a number, got null'],
  ['z = 2n', { x: 1, y: 1, z: 2n }, ': z must be a number, got 2n'],
  ['z = {}', { x: 1, y: 1, z: {} }, ': z must be a number, got an object'],
  ['z = []', { x: 1, y: 1, z: [] }, ': z must be a number, got an array'],
  ['z = a Date', { x: 1, y: 1, z: new Date(0) }, ': z must be a number, got an object'],
  ['a function', () => 1, ' is not an object (got a function)'],
  ['z missing', { x: 1, y: 1 }, ': z is missing'],
];

test('the item check accepts exactly {x: int32 (not -0), y: number, z: number}', () => {
  for (const item of [
    { x: 0, y: 0, z: 0 },
    { x: -2147483648, y: NaN, z: Infinity },
    { x: 2147483647, y: -0, z: -Infinity },
    { x: 1, y: 2, z: 3, extra: 'ignored' },
  ]) {
    assert.ok(isItem(item), JSON.stringify(item));
  }
  for (const [what, item, words] of BAD_ITEMS) {
    assert.ok(!isItem(item), what);
    assert.equal(invalidItemError('codec', BAD_AT, item).message, `codec: item ${BAD_AT}${words}`, what);
  }
});

test('an x whose valueOf would answer an int32 is refused without calling it', () => {
  let called = false;
  const x = { valueOf: () => ((called = true), 7) };
  assert.ok(!isItem({ x, y: 1, z: 1 }));
  assert.equal(called, false);
});

for (const codecName of listWasmCodecs()) {
  describe(`encode validation: ${codecName}`, () => {
    for (const strategy of STRATEGIES) {
      test(`${codecName}/${strategy}: every bad item gives its exact error, and the module stays usable`, async () => {
        const codec = await loadWasmCodec(codecName);
        const good = datasetWithItems(5).items.slice(0, 5);
        for (const [what, item, words] of BAD_ITEMS) {
          const items = good.slice();
          items[BAD_AT] = item;
          assert.throws(
            () => codec.encode(strategy, items),
            (error) => {
              assert.ok(error instanceof Error, `${what}: an Error`);
              assert.equal(error.message, `${codecName}: item ${BAD_AT}${words}`, what);
              return true;
            },
            `${codecName}/${strategy}: ${what} must be refused`,
          );
          // The next valid call works and round-trips.
          const { bytes } = codec.encode(strategy, good);
          assertSameItems(
            codec.decode(strategy, bytes).items,
            good,
            `${codecName}/${strategy} after ${what}`,
          );
        }
        assert.equal(codec.aborted, null);
      });

      test(`${codecName}/${strategy}: the int32 bounds and an empty payload are accepted`, async () => {
        const codec = await loadWasmCodec(codecName);
        const items = [
          { x: -2147483648, y: 0.5, z: -1.25 },
          { x: 2147483647, y: 1e300, z: -1e-300 },
          { x: 0, y: 3, z: 4 },
        ];
        assertSameItems(codec.decode(strategy, codec.encode(strategy, items).bytes).items, items, 'bounds');
        assert.equal(codec.decode(strategy, codec.encode(strategy, []).bytes).items.length, 0);
      });
    }
  });
}
