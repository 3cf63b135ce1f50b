// The messages workload's `tagged` strategy (docs/design.md#strategies):
// the shared tagged form's extended mode in JS (a Date as tag 8, a
// Uint8Array as tag 9, -0 kept), which documents keep refusing, and the
// C++ reader and writer of src/workloads/messages/tagged_record.h through
// every messages module: exact round trips of values beyond the workload's
// records, val's bytes, errors naming the codec, the record and the field,
// hostile tagged bytes, and the input buffer growing. wasm-messages.test.mjs
// runs the tests every strategy shares (round trips, bad bytes, leaks,
// floors) on tagged too.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';

import { listWasmCodecs, loadWasmCodec } from '../../node/load-wasm.mjs';
import { TAG, readTagged, writeTagged } from './tagged-bytes.mjs';
import { MESSAGE_NAMES, makeMessage, messageDifference } from '../../src/workloads/messages/records.mjs';
import { messagesOf } from '../../src/workloads/messages/wasm-messages.mjs';
import { assertSameBytes, isJsonTextCodec } from './wasm-helpers.mjs';

const EXTENDED = { extended: true };
const MESSAGE_CODECS = listWasmCodecs(undefined, 'messages');

const f64 = (value) => [...new Uint8Array(Float64Array.of(value).buffer)];
const u32 = (value) => [...new Uint8Array(Uint32Array.of(value).buffer)];
// A new key (h = its UTF-8 length << 1, then the bytes); keyRef(n): the key numbered n again.
const key = (text) => [...u32(Buffer.byteLength(text) * 2), ...Buffer.from(text)];
const keyRef = (number) => u32(2 * number + 1);

/** `name`'s record with `change(record)` applied. */
function changed(name, change) {
  const record = makeMessage(name);
  change(record);
  return record;
}

describe('the tagged form, extended mode (JS)', () => {
  test('a Date is tag 8 (float64 ms), a Uint8Array tag 9 (u32 length, bytes), -0 a float64', () => {
    const value = { d: new Date(-1234), b: Uint8Array.of(1, 2, 255), z: -0, i: 7 };
    const expected = [
      TAG.object,
      ...u32(4),
      ...key('d'),
      8,
      ...f64(-1234),
      ...key('b'),
      9,
      ...u32(3),
      1,
      2,
      255,
      ...key('z'),
      TAG.float64,
      ...f64(-0),
      ...key('i'),
      TAG.int32,
      ...u32(7),
    ];
    const bytes = writeTagged(value, 1, EXTENDED);
    assert.deepEqual([...bytes], expected);
    const back = readTagged(bytes, EXTENDED);
    assert.equal(messageDifference(value, back), null);
    assert.ok(back.d instanceof Date && back.b instanceof Uint8Array);
    assert.equal(back.b.buffer.byteLength, 3, 'the bytes are a copy, not a view of the input');
    assert.ok(Object.is(back.z, -0));
  });

  test('every record round-trips through the JS writer and reader alone', () => {
    for (const name of MESSAGE_NAMES) {
      const back = readTagged(writeTagged(makeMessage(name), 1, EXTENDED), EXTENDED);
      assert.equal(messageDifference(makeMessage(name), back), null, name);
    }
  });

  test('documents keep refusing a Date and a Uint8Array, and tags 8 and 9; -0 stays an int32', () => {
    assert.throws(() => writeTagged({ d: new Date(0) }), {
      name: 'ValueError',
      message: 'a Date at $.d (only plain objects and arrays)',
    });
    assert.throws(() => writeTagged([Uint8Array.of(1)]), {
      name: 'ValueError',
      message: 'a Uint8Array at $[0] (only plain objects and arrays)',
    });
    assert.throws(() => readTagged(Uint8Array.of(8, ...f64(0))), /unknown tag 8 at byte 0/);
    assert.throws(() => readTagged(Uint8Array.of(9, ...u32(0))), /unknown tag 9 at byte 0/);
    assert.deepEqual([...writeTagged(-0)], [TAG.int32, 0, 0, 0, 0]);
  });

  test('extended mode still refuses what no record holds, naming the path', () => {
    const cases = [
      [{ a: new Map() }, 'a Map at $.a (only plain objects, arrays, Dates and Uint8Arrays)'],
      [
        { a: new ArrayBuffer(1) },
        'an ArrayBuffer at $.a (only plain objects, arrays, Dates and Uint8Arrays)',
      ],
      [{ a: [1, 'x\ud800'] }, 'a string with a lone surrogate at $.a[1] (UTF-8 cannot hold it)'],
      [{ a: undefined }, 'undefined at $.a'],
      [{ a: 1n }, 'a bigint at $.a'],
    ];
    for (const [value, message] of cases) {
      assert.throws(() => writeTagged(value, 256, EXTENDED), { name: 'ValueError', message });
    }
    // Bytes that end inside a Date or a Uint8Array.
    assert.throws(() => readTagged(Uint8Array.of(8, 0, 0), EXTENDED), /end inside a value/);
    assert.throws(() => readTagged(Uint8Array.of(9, ...u32(5), 1), EXTENDED), /end inside a value/);
  });
});

for (const codecName of MESSAGE_CODECS) {
  describe(`tagged through wasm ${codecName} messages`, () => {
    let codec;
    let messages;
    before(async () => {
      codec = await loadWasmCodec(codecName, { workload: 'messages' });
      messages = messagesOf(codec);
    });
    after(() => assert.equal(codec.aborted, null, `${codecName}: the module aborted`));

    // Encodes through tagged and val, checks the bytes agree, decodes through
    // tagged and checks the record comes back exactly, and as val decodes
    // it. `codecKeeps` false: the format itself changes the value (JSON text
    // has no -0; msgpack's decoder reads a -0 in a mixed array as the int 0),
    // so only the agreement with val is checked.
    const assertRoundTrip = (name, record, label, codecKeeps = true) => {
      const bytes = messages.encode('tagged', name, record);
      assertSameBytes(bytes, messages.encode('val', name, record), `${label}: the bytes of val`);
      const back = messages.decode('tagged', name, bytes);
      if (codecKeeps) assert.equal(messageDifference(record, back), null, `${label}: round trip`);
      assert.equal(messageDifference(messages.decode('val', name, bytes), back), null, `${label}: as val`);
    };

    test('every record: val bytes, exact round trip, floors', () => {
      for (const name of MESSAGE_NAMES) {
        assertRoundTrip(name, makeMessage(name), name);
        const bytes = messages.encode('val', name, makeMessage(name));
        messages.prepareFloor('tagged', name, bytes);
        assertSameBytes(
          messages.encodeFloor('tagged', name, makeMessage(name)),
          bytes,
          `${name}: encode floor`,
        );
        assert.equal(messageDifference(makeMessage(name), messages.decodeFloor('tagged', name, bytes)), null);
      }
    });

    test('values beyond the records: -0, extremes, the epoch, empty and large fields', () => {
      const cases = [
        ['double -0', 'double', { value: -0 }],
        ['double tiny', 'double', { value: Number.MIN_VALUE }],
        ['double max', 'double', { value: -Number.MAX_VALUE }],
        ['int extremes', 'array', { value: [-(2 ** 31), 2 ** 31 - 1, 0, -1] }],
        ['empty array', 'array', { value: [] }],
        ['empty string', 'string', { value: '' }],
        ['tags -0 and doubles', 'record', changed('record', (r) => (r.tags = [-0, 2 ** 31, 0.5, 'é', true]))],
        ['score -0', 'record', changed('record', (r) => (r.score = -0))],
        ['before the epoch', 'record', changed('record', (r) => (r.createdAt = new Date(-86_400_001)))],
        [
          'the end of 9999 (the json codec writes years 0000-9999)',
          'record',
          changed('record', (r) => (r.createdAt = new Date(253_402_300_799_999))),
        ],
        ['empty data', 'binary', { name: '', data: new Uint8Array(0) }],
        // Larger than the input buffer's first size: it grows, and the memory may.
        ['a long string', 'string', { value: 'ü€𝄞'.repeat(50_000) }],
        ['100 KB of bytes', 'binary', { name: 'big', data: new Uint8Array(100_000).map((_, i) => i * 7) }],
      ];
      for (const [label, name, record] of cases) {
        const negativeZero = label.includes('-0');
        const keeps =
          !negativeZero || (codecName !== 'json' && !(codecName === 'msgpack' && label.startsWith('tags')));
        assertRoundTrip(name, record, label, keeps);
      }
      // The grown buffer serves the next small calls.
      for (const name of MESSAGE_NAMES) assertRoundTrip(name, makeMessage(name), `${name} after growth`);
    });

    test('NaN: refused by the codec whose format cannot hold it, else kept exactly', () => {
      const record = changed('record', (r) => (r.score = NaN));
      if (isJsonTextCodec(codecName)) {
        for (const strategy of ['tagged', 'val']) {
          assert.throws(() => messages.encode(strategy, 'record', record), {
            message: new RegExp(`^${codecName}: record: field "score": NaN`),
          });
        }
      } else {
        assertRoundTrip('record', record, 'NaN score');
      }
    });

    test('bad values: an error naming the codec, the record and the field; the module goes on', () => {
      const prefix = `${codecName}: `;
      const cases = [
        [
          'record',
          changed('record', (r) => (r.id = '7')),
          'record: field "id": expected an int32 (an integer from -2147483648 to 2147483647), got a string',
        ],
        [
          'record',
          changed('record', (r) => (r.balance = 'x')),
          'record: field "balance": expected a number, got a string',
        ],
        [
          'record',
          changed('record', (r) => (r.latitude = 1e300)),
          'record: field "latitude": expected a float32 number, got the number 1e+300, outside its range',
        ],
        ['record', changed('record', (r) => delete r.createdAt), 'record: field "createdAt": missing'],
        [
          'record',
          changed('record', (r) => (r.createdAt = new Date(NaN))),
          'record: field "createdAt": expected a valid Date, got a Date',
        ],
        [
          'record',
          changed('record', (r) => (r.name = new Date(0))),
          'record: field "name": expected a string, got a Date',
        ],
        [
          'record',
          changed('record', (r) => (r.tags = [1, null])),
          'record: field "tags[1]": expected a boolean, a number or a string, got null',
        ],
        ['record', changed('record', (r) => (r.extra = 1)), 'record: unexpected key "extra"'],
        [
          'record',
          changed('record', (r) => (r.name = 'Ada \udc00')),
          'record: a string with a lone surrogate at $.name (UTF-8 cannot hold it)',
        ],
        [
          'record',
          changed('record', (r) => (r.tags = ['\ud83d'])),
          'record: a string with a lone surrogate at $.tags[0] (UTF-8 cannot hold it)',
        ],
        [
          'nested',
          changed('nested', (r) => (r.value.level2.level3.label = 'x\ud800')),
          'nested: a string with a lone surrogate at $.value.level2.level3.label (UTF-8 cannot hold it)',
        ],
        [
          'nested',
          changed('nested', (r) => (r.value.level2.x = 1)),
          'nested: field "value.level2": unexpected key "x"',
        ],
        [
          'nested',
          changed('nested', (r) => delete r.value.level2.level3.count),
          'nested: field "value.level2.level3.count": missing',
        ],
        ['binary', { name: 'b', data: [1, 2] }, 'binary: field "data": expected a Uint8Array, got an array'],
        [
          'int',
          { value: 0.5 },
          'int: field "value": expected an int32 (an integer from -2147483648 to 2147483647), got the number 0.5',
        ],
        ['bool', { value: 1 }, 'bool: field "value": expected a boolean, got the number 1'],
      ];
      for (const [name, record, message] of cases) {
        for (const call of ['encode', 'encodeFloor']) {
          assert.throws(
            () => messages[call]('tagged', name, record),
            { message: prefix + message },
            `${call}: ${message}`,
          );
        }
      }
      for (const name of MESSAGE_NAMES) assertRoundTrip(name, makeMessage(name), `${name} after errors`);
    });

    test('hostile tagged bytes from JS: errors, never an abort or a read past the end', () => {
      const m = codec.exports;
      const call = (kind, bytes, length = bytes.length) => {
        const pointer = m.messageInputBuffer(Math.max(bytes.length, 1), 0);
        assert.notEqual(pointer, 0);
        m.HEAPU8.set(bytes, pointer);
        const view = m.encodeMessageTagged(kind, length);
        const outcome = m.lastCall();
        assert.equal(view, null, `${[...bytes]} is refused`);
        assert.equal(outcome.ok, false);
        return outcome.error;
      };
      const bool = MESSAGE_NAMES.indexOf('bool');
      const array = MESSAGE_NAMES.indexOf('array');
      const record = MESSAGE_NAMES.indexOf('record');
      const valueKey = key('value');
      const cases = [
        [bool, [], /^\w+: bool: tagged form: the bytes end inside a value at byte 0$/],
        [bool, [TAG.object, ...u32(1), ...valueKey, 42], /bool: tagged form: unknown tag 42 at byte 14$/],
        [
          bool,
          [TAG.object, ...u32(1), ...valueKey, TAG.true, 0],
          /bool: tagged form: bytes left after the record \(1\)/,
        ],
        [
          bool,
          [TAG.object, ...u32(2), ...valueKey, TAG.true, ...valueKey, TAG.true],
          /bool: duplicate key "value"/,
        ],
        [
          bool,
          [TAG.object, ...u32(1000), ...valueKey, TAG.true],
          /bool: tagged form: the bytes end inside a value/,
        ],
        [bool, [TAG.object, ...u32(1), ...u32(0xfffffffe)], /the bytes end inside a value/],
        [
          bool,
          [TAG.object, ...u32(1), ...keyRef(0), TAG.true],
          /bool: tagged form: key number 0 before that key \(0 keys so far\) at byte 5$/,
        ],
        [
          bool,
          [TAG.object, ...u32(2), ...valueKey, TAG.true, ...keyRef(0), TAG.true],
          /bool: duplicate key "value"/,
        ],
        [bool, [TAG.array, ...u32(0)], /bool: expected a record object, got an array/],
        [
          array,
          [TAG.object, ...u32(1), ...valueKey, TAG.array, ...u32(0x7fffffff), TAG.int32],
          /array: tagged form: a count larger than the bytes left/,
        ],
        [
          array,
          [TAG.object, ...u32(1), ...valueKey, TAG.array, ...u32(1), TAG.float64, ...f64(2 ** 31)],
          /array: field "value\[0\]": expected an int32 .*got the number 2147483648/,
        ],
        [
          MESSAGE_NAMES.indexOf('string'),
          [TAG.object, ...u32(1), ...valueKey, TAG.string, ...u32(2), 0xc3, 0x28],
          /string: field "value": a string that is not valid UTF-8/,
        ],
      ];
      // A Date's time must be an integer a Date can hold.
      const withDate = (ms) => {
        const bytes = [...writeTagged(makeMessage('record'), 256, EXTENDED)];
        const at = bytes.indexOf(
          8,
          bytes.findIndex((_, i) => String.fromCharCode(...bytes.slice(i, i + 9)) === 'createdAt') + 9,
        );
        bytes.splice(at + 1, 8, ...f64(ms));
        return bytes;
      };
      cases.push([record, withDate(0.5), /record: field "createdAt": a Date of 0.5 ms, which no Date holds/]);
      cases.push([record, withDate(8.64e15 + 1), /record: field "createdAt": a Date of 8640000000000001 ms/]);
      for (const [kind, bytes, pattern] of cases) {
        assert.match(call(kind, Uint8Array.from(bytes)), pattern, `${[...bytes]}`);
      }
      // A length past the input buffer, and an unknown kind.
      const capacity = 64;
      const pointer = m.messageInputBuffer(capacity, 0);
      assert.notEqual(pointer, 0);
      assert.equal(m.encodeMessageTagged(bool, 1 << 30), null);
      assert.match(m.lastCall().error, /the input length exceeds the input buffer/);
      assert.equal(m.encodeMessageTagged(99, 0), null);
      assert.match(m.lastCall().error, /unknown record kind 99/);
      for (const name of MESSAGE_NAMES)
        assertRoundTrip(name, makeMessage(name), `${name} after hostile bytes`);
    });
  });
}
