// The messages workload through the wasm modules (src/workloads/messages/bindings.cpp,
// src/harness/wasm-codec.mjs `codec.messages`): every codec with a message
// adapter, through every strategy that offers a record, round-trips every
// record exactly; the strategies write the same bytes; bad bytes and bad JS
// records throw an Error naming the codec (and the field), never abort, never
// leak; the floors run.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';

import { listWasmCodecs, loadWasmCodec } from '../../node/load-wasm.mjs';
import { MESSAGE_NAMES, makeMessage, messageDifference } from '../../src/workloads/messages/records.mjs';
import { EMBIND_RECORDS, MESSAGE_STRATEGIES } from '../../src/workloads/messages/wasm-messages.mjs';
import { assertSameBytes, errorOf, isJsonTextCodec, seededRandom } from './wasm-helpers.mjs';

const WASM_PAGE_BYTES = 64 * 1024;

// Codecs with a messages module, as the build's catalog declares them.
const MESSAGE_CODECS = new Set(listWasmCodecs(undefined, 'messages'));

// Formats that name every field in the bytes: a record of another kind, a
// strict prefix or random bytes are always invalid. The schema formats do
// not say which record the bytes hold (protobuf: {value: true} is also a
// valid {value: 1}; the empty message is every record with default values),
// so for them such input decodes to something or fails, never aborts.
const SELF_DESCRIBING = new Set(['json', 'msgpack']);

const INT32_RANGE = 'an int32 (an integer from -2147483648 to 2147483647)';

/** Decodes or throws the codec's Error; anything else fails the test. Returns the record or null. */
function decodeOrCodecError(messages, codecName, strategy, name, bytes, label) {
  try {
    return messages.decode(strategy, name, bytes);
  } catch (error) {
    assert.ok(error instanceof Error, `${label}: threw ${String(error)}, not an Error`);
    assert.ok(error.message.startsWith(`${codecName}: `), `${label}: unexpected error "${error.message}"`);
    return null;
  }
}

function randomInputs(count, seed) {
  const random = seededRandom(seed);
  const inputs = [];
  for (let k = 0; k < count; k++) {
    const bytes = new Uint8Array(1 + (random() % 600));
    for (let i = 0; i < bytes.length; i++) bytes[i] = random() & 0xff;
    inputs.push(bytes);
  }
  return inputs;
}

/** Record `name` with `change(record)` applied. */
function changed(name, change) {
  const record = makeMessage(name);
  change(record);
  return record;
}

// Wrong JS records: [record name, what, record, path of the field the error
// must name, the problem ('missing' when the field is absent), and for the
// few values the tagged strategy's JS writer refuses before C++ sees them,
// its whole message after "<codec>: <record>: "].
const WRONG_RECORDS = [
  ['bool', 'a missing value', {}, 'value', 'missing'],
  ['bool', 'a number for a boolean', { value: 1 }, 'value', 'expected a boolean, got the number 1'],
  ['int', 'a string for an int32', { value: '12' }, 'value', `expected ${INT32_RANGE}, got a string`],
  [
    'int',
    '2**31 for an int32',
    { value: 2 ** 31 },
    'value',
    `expected ${INT32_RANGE}, got the number 2147483648`,
  ],
  ['int', 'NaN for an int32', { value: NaN }, 'value', `expected ${INT32_RANGE}, got the number NaN`],
  ['int', 'a fraction for an int32', { value: 1.5 }, 'value', `expected ${INT32_RANGE}, got the number 1.5`],
  ['double', 'null for a double', { value: null }, 'value', 'expected a number, got null'],
  ['string', 'a number for a string', { value: 42 }, 'value', 'expected a string, got the number 42'],
  [
    'nested',
    'a number for an object',
    { value: { level2: 7 } },
    'value.level2',
    'expected an object, got the number 7',
  ],
  [
    'nested',
    'a missing label',
    changed('nested', (record) => delete record.value.level2.level3.label),
    'value.level2.level3.label',
    'missing',
  ],
  [
    'nested',
    '-2**31 - 1 for a nested int32',
    changed('nested', (record) => (record.value.level2.level3.count = -(2 ** 31) - 1)),
    'value.level2.level3.count',
    `expected ${INT32_RANGE}, got the number -2147483649`,
  ],
  [
    'object1',
    'a number for thisIs',
    changed('object1', (record) => (record.thisIs = 7)),
    'thisIs',
    'expected a string, got the number 7',
  ],
  ['object2', 'a missing sub-object', changed('object2', (record) => delete record.sub), 'sub', 'missing'],
  [
    'object3',
    '2**31 for the innermost another',
    changed('object3', (record) => (record.sub.sub.another = 2 ** 31)),
    'sub.sub.another',
    `expected ${INT32_RANGE}, got the number 2147483648`,
  ],
  [
    'object3',
    'a string for the innermost object',
    changed('object3', (record) => (record.sub.sub = 'qux')),
    'sub.sub',
    'expected an object, got a string',
  ],
  ['array', 'a string element', { value: [1, 'x'] }, 'value[1]', `expected ${INT32_RANGE}, got a string`],
  ['array', 'an object for the array', { value: { length: 1 } }, 'value', 'expected an array, got an object'],
  [
    'record',
    'a string for createdAt',
    changed('record', (record) => (record.createdAt = '2026-11-30T12:34:56.789Z')),
    'createdAt',
    'expected a Date, got a string',
  ],
  [
    'record',
    'an Invalid Date',
    changed('record', (record) => (record.createdAt = new Date(NaN))),
    'createdAt',
    'expected a valid Date, got a Date',
  ],
  [
    'record',
    '2**31 for id',
    changed('record', (record) => (record.id = 2 ** 31)),
    'id',
    `expected ${INT32_RANGE}, got the number 2147483648`,
  ],
  ['record', 'a missing name', changed('record', (record) => delete record.name), 'name', 'missing'],
  [
    'record',
    'an object in tags',
    changed('record', (record) => (record.tags = [1, {}])),
    'tags[1]',
    'expected a boolean, a number or a string, got an object',
  ],
  [
    'binary',
    'an array for data',
    changed('binary', (record) => (record.data = [1, 2, 3])),
    'data',
    'expected a Uint8Array, got an array',
  ],
  [
    'binary',
    'an ArrayBuffer for data',
    changed('binary', (record) => (record.data = new ArrayBuffer(4))),
    'data',
    'expected a Uint8Array, got an object',
    'an ArrayBuffer at $.data (only plain objects, arrays, Dates and Uint8Arrays)',
  ],
];

// One instance per codec for the whole file (the modules are independent).
const codecNames = listWasmCodecs();

test('the catalog declares messages modules; every module has the per-call floor', async () => {
  assert.ok(MESSAGE_CODECS.size > 0, 'some codec serves the messages workload');
  for (const name of MESSAGE_CODECS) assert.ok(codecNames.includes(name), `${name} serves tuples too`);
  for (const codecName of codecNames) {
    const tuples = await loadWasmCodec(codecName);
    assert.equal(tuples.messages, null, `${codecName}: the tuple module has no message exports`);
    assert.equal(tuples.emptyCall(), undefined, `${codecName}: emptyCall`);
    if (!MESSAGE_CODECS.has(codecName)) continue;
    const codec = await loadWasmCodec(codecName, { workload: 'messages' });
    assert.notEqual(codec.messages, null, `${codecName}: messages`);
    assert.equal(codec.emptyCall(), undefined, `${codecName}: emptyCall`);
    assert.equal(codec.aborted, null);
  }
});

for (const codecName of codecNames.filter((name) => MESSAGE_CODECS.has(name))) {
  describe(`wasm ${codecName} messages`, () => {
    let codec;
    let messages;
    // The val encoding of every record: the reference bytes.
    const encoded = {};
    before(async () => {
      codec = await loadWasmCodec(codecName, { workload: 'messages' });
      messages = codec.messages;
      for (const name of MESSAGE_NAMES) encoded[name] = messages.encode('val', name, makeMessage(name));
    });
    after(() => assert.equal(codec.aborted, null, `${codecName}: the module aborted`));

    const supported = (strategy) => MESSAGE_NAMES.filter((name) => messages.supports(strategy, name));

    const assertStillRoundTrips = (label) => {
      for (const strategy of MESSAGE_STRATEGIES) {
        for (const name of supported(strategy)) {
          const bytes = messages.encode(strategy, name, makeMessage(name));
          assertSameBytes(bytes, encoded[name], `${label}: next ${strategy} encode of ${name}`);
          const difference = messageDifference(makeMessage(name), messages.decode(strategy, name, bytes));
          assert.equal(difference, null, `${label}: next ${strategy} decode of ${name}`);
        }
      }
    };

    test('describes itself: strategies, records per strategy', () => {
      assert.deepEqual(messages.strategies, ['val', 'embind', 'tagged']);
      assert.deepEqual(messages.names, MESSAGE_NAMES);
      assert.equal(typeof messages.libraryVersion, 'string');
      assert.notEqual(messages.libraryVersion, '');
      assert.deepEqual(supported('val'), MESSAGE_NAMES);
      assert.deepEqual(supported('embind'), Object.keys(EMBIND_RECORDS));
      assert.deepEqual(supported('embind'), [
        'bool',
        'int',
        'double',
        'string',
        'nested',
        'object1',
        'object2',
        'object3',
      ]);
      assert.equal(messages.supports('typed', 'bool'), false);
      assert.equal(messages.supports('val', 'nope'), false);
      assert.equal(messages.supports('val', '__proto__'), false);
      errorOf(
        () => messages.encode('embind', 'record', makeMessage('record')),
        `${codecName}: the embind`,
        'n/a',
      );
      errorOf(
        () => messages.decode('typed', 'bool', encoded.bool),
        `${codecName}: unknown messages strategy`,
        'typed',
      );
      errorOf(
        () => messages.encode('val', 'nope', {}),
        `${codecName}: unknown message record "nope"`,
        'nope',
      );
    });

    for (const strategy of MESSAGE_STRATEGIES) {
      test(`${strategy}: every record round-trips exactly, in the JS key order`, () => {
        for (const name of supported(strategy)) {
          const record = makeMessage(name);
          const bytes = messages.encode(strategy, name, record);
          assert.ok(bytes instanceof Uint8Array && bytes.length > 0, `${name}: encode`);
          assert.equal(
            messageDifference(makeMessage(name), record),
            null,
            `${name}: encode changed its input`,
          );
          const decoded = messages.decode(strategy, name, bytes);
          assert.equal(messageDifference(makeMessage(name), decoded), null, `${name}: decode`);
          assert.deepEqual(Object.keys(decoded), Object.keys(record), `${name}: key order`);
          assert.equal(Object.getPrototypeOf(decoded), Object.prototype, `${name}: a plain object`);
        }
      });

      test(`${strategy}: the same bytes as val, and decodes what val encoded`, () => {
        for (const name of supported(strategy)) {
          assertSameBytes(messages.encode(strategy, name, makeMessage(name)), encoded[name], `${name}`);
          const difference = messageDifference(
            makeMessage(name),
            messages.decode(strategy, name, encoded[name]),
          );
          assert.equal(difference, null, `${name}: decode of the val bytes`);
        }
      });

      test(`${strategy}: results are copies, not views of the wasm heap`, () => {
        const names = supported(strategy);
        const bytes = names.map((name) => messages.encode(strategy, name, makeMessage(name)));
        const decoded = names.map((name) => messages.decode(strategy, name, encoded[name]));
        // Later calls reuse the module's buffers; earlier results must not change.
        for (const name of names.toReversed()) {
          messages.encode(strategy, name, makeMessage(name));
          messages.decode(strategy, name, encoded[name]);
        }
        names.forEach((name, i) => {
          assertSameBytes(bytes[i], encoded[name], `${name}: encoded bytes after later calls`);
          assert.equal(
            messageDifference(makeMessage(name), decoded[i]),
            null,
            `${name}: decoded after later calls`,
          );
        });
        if (names.includes('binary')) {
          const { data } = decoded[names.indexOf('binary')];
          assert.equal(data.buffer.byteLength, data.length, 'binary data owns its buffer');
        }
      });

      test(`${strategy}: empty, truncated, random and wrong-record bytes throw "${codecName}: ..."`, () => {
        const strict = SELF_DESCRIBING.has(codecName);
        const check = (name, bytes, label) => {
          if (strict) {
            errorOf(() => messages.decode(strategy, name, bytes), `${codecName}: `, label);
          } else {
            decodeOrCodecError(messages, codecName, strategy, name, bytes, label);
          }
        };
        for (const name of supported(strategy)) {
          const valid = encoded[name];
          check(name, new Uint8Array(0), `${name}: empty bytes`);
          for (let cut = 1; cut < valid.length; cut++) {
            check(name, valid.slice(0, cut), `${name}: the first ${cut} of ${valid.length} bytes`);
          }
          for (const [k, bytes] of randomInputs(50, 17 + name.length).entries()) {
            check(name, bytes, `${name}: random input ${k} (${bytes.length} bytes)`);
          }
          // {value: -123456789} is a valid double record too.
          const others = MESSAGE_NAMES.filter(
            (other) => other !== name && !(name === 'double' && other === 'int'),
          );
          for (const other of others) {
            check(name, encoded[other], `${name}: the bytes of record ${other}`);
          }
        }
        assertStillRoundTrips('after bad bytes');
      });

      if (codecName === 'flatbuffers') {
        test(`${strategy}: flatbuffers refuses a root offset past the end and short buffers`, () => {
          for (const name of supported(strategy)) {
            for (const bytes of [new Uint8Array([0xfc, 0xff, 0xff, 0x7f, 0, 0, 0, 0]), new Uint8Array(3)]) {
              errorOf(() => messages.decode(strategy, name, bytes), `${codecName}: `, `${name}: ${bytes}`);
            }
          }
        });
      }

      test(`${strategy}: wrong JS records throw an Error naming the codec, the record and the field`, () => {
        for (const [name, what, record, path, problem, taggedMessage] of WRONG_RECORDS) {
          if (!messages.supports(strategy, name)) continue;
          const expected =
            strategy === 'tagged' && taggedMessage
              ? `${codecName}: ${name}: ${taggedMessage}`
              : `${codecName}: ${name}: field "${path}": ${problem}`;
          for (const call of ['encode', 'encodeFloor']) {
            const error = errorOf(
              () => messages[call](strategy, name, record),
              expected,
              `${call} ${name}, ${what}`,
            );
            assert.equal(error.message, expected, `${call} ${name}, ${what}`);
          }
        }
        for (const notRecord of [null, undefined, 42, 'text']) {
          for (const name of supported(strategy)) {
            const error = errorOf(
              () => messages.encode(strategy, name, notRecord),
              `${codecName}: ${name}: encode expects a record object`,
              `${name}: ${String(notRecord)}`,
            );
            assert.ok(error instanceof TypeError, `${name}: ${String(notRecord)}: a TypeError`);
          }
        }
        for (const notBytes of [undefined, [1, 2], new ArrayBuffer(2), 'text']) {
          errorOf(
            () => messages.decode(strategy, 'bool', notBytes),
            `${codecName}: decode expects a Uint8Array`,
            'bytes',
          );
        }
        assertStillRoundTrips('after wrong records');
      });

      test(`${strategy}: 1,000 failing calls neither leak nor grow the heap`, () => {
        const candidates = [];
        for (const name of supported(strategy)) {
          candidates.push(() => messages.decode(strategy, name, new Uint8Array(0)));
          candidates.push(() => messages.decode(strategy, name, encoded[name].slice(0, -1)));
          candidates.push(() => messages.decode(strategy, name, randomInputs(1, name.length)[0]));
        }
        for (const [name, , record] of WRONG_RECORDS) {
          if (messages.supports(strategy, name))
            candidates.push(() => messages.encode(strategy, name, record));
        }
        const fails = (call) => {
          try {
            call();
            return false;
          } catch (error) {
            assert.ok(error.message.startsWith(`${codecName}: `), error.message);
            return true;
          }
        };
        // The calls that fail (some bad bytes are valid protobuf); running
        // each once also lets reused buffers (input copy, error text) reach
        // their size before malloc's count is taken.
        const failing = candidates.filter(fails);
        assert.ok(failing.length >= supported(strategy).length, `only ${failing.length} failing calls`);
        const heapBefore = codec.heapBytes();
        const allocatedBefore = codec.allocatedBytes();
        for (let i = 0; i < 1000; i++) assert.ok(fails(failing[i % failing.length]), `call ${i} failed`);
        // Not to the byte: malloc hands out a whole free chunk when splitting
        // it would leave less than its smallest chunk (16 bytes), so the
        // same live blocks count a few bytes more or less depending on which
        // free chunk served them (a rapidjson record encode alternates 920 and
        // 928 bytes after its seventh call). A leak of one block per call
        // would add 16,000 bytes here.
        const grown = codec.allocatedBytes() - allocatedBefore;
        assert.ok(grown <= 64, `malloc'd bytes after 1,000 failing calls grew by ${grown}`);
        assert.ok(codec.heapBytes() - heapBefore <= WASM_PAGE_BYTES, 'the heap grew');
        assertStillRoundTrips('after 1,000 failing calls');
      });

      test(`${strategy}: 1,000 successful round trips allocate nothing that stays`, () => {
        const names = supported(strategy);
        const records = names.map(makeMessage);
        const roundTrip = () => {
          names.forEach((name, i) =>
            messages.decode(strategy, name, messages.encode(strategy, name, records[i])),
          );
        };
        roundTrip();
        const allocatedBefore = codec.allocatedBytes();
        for (let i = 0; i < 1000; i++) roundTrip();
        // malloc's count of bytes in use moves by a few bytes as free chunks
        // are split differently (seen: 8 to 24); a leak of even the smallest
        // chunk (16 bytes) per round trip would add 16,000.
        const growth = codec.allocatedBytes() - allocatedBefore;
        assert.ok(growth <= 256, `malloc'd bytes grew by ${growth} over 1,000 round trips`);
      });

      test(`${strategy}: the floors give the prepared bytes and record, without the codec`, () => {
        for (const name of supported(strategy)) {
          const record = makeMessage(name);
          messages.prepareFloor(strategy, name, encoded[name]);
          const bytes = messages.encodeFloor(strategy, name, record);
          assert.deepEqual(bytes, encoded[name], `${name}: encodeFloor returns the prepared bytes`);
          assert.notEqual(bytes.buffer, encoded[name].buffer, `${name}: as a copy`);
          assert.equal(
            messageDifference(makeMessage(name), record),
            null,
            `${name}: encodeFloor changed its input`,
          );
          for (let i = 0; i < 3; i++) {
            const decoded = messages.decodeFloor(strategy, name, encoded[name]);
            assert.equal(messageDifference(makeMessage(name), decoded), null, `${name}: decodeFloor ${i}`);
          }
          // No parsing: other bytes still give the prepared record.
          const other = messages.decodeFloor(strategy, name, new Uint8Array([1, 2, 3]));
          assert.equal(
            messageDifference(makeMessage(name), other),
            null,
            `${name}: decodeFloor parses nothing`,
          );
          const path = messages.forRecord(strategy, name);
          assert.deepEqual(path.encodeFloor(record), encoded[name], `${name}: forRecord().encodeFloor`);
          assert.equal(
            messageDifference(record, path.decodeFloor(encoded[name])),
            null,
            `${name}: forRecord().decodeFloor`,
          );
        }
        assert.equal(messages.emptyCall(), undefined);
        for (let i = 0; i < 1000; i++) messages.emptyCall();
      });
    }

    test('prepareFloor of bad bytes throws the codec error; the floors need a prepared record', async () => {
      const fresh = (await loadWasmCodec(codecName, { workload: 'messages' })).messages;
      for (const strategy of MESSAGE_STRATEGIES) {
        errorOf(
          () => fresh.decodeFloor(strategy, 'bool', encoded.bool),
          `${codecName}: a floor of "bool" before`,
          strategy,
        );
        assert.deepEqual(fresh.encodeFloor(strategy, 'bool', makeMessage('bool')), new Uint8Array(0));
      }
      if (SELF_DESCRIBING.has(codecName)) {
        errorOf(() => fresh.prepareFloor('val', 'bool', new Uint8Array(0)), `${codecName}: `, 'empty');
        errorOf(
          () => fresh.decodeFloor('val', 'bool', encoded.bool),
          `${codecName}: a floor of "bool" before`,
          'failed',
        );
      }
      fresh.prepareFloor('val', 'nested', encoded.nested);
      // One C++ message per record serves both strategies' floors.
      assert.equal(
        messageDifference(makeMessage('nested'), fresh.decodeFloor('embind', 'nested', encoded.nested)),
        null,
      );
    });

    test('val: a throwing getter reaches the caller as itself, and nothing leaks', () => {
      const record = makeMessage('record');
      Object.defineProperty(record, 'name', {
        enumerable: true,
        get() {
          throw new Error('getter says no');
        },
      });
      const run = () => {
        assert.throws(() => messages.encode('val', 'record', record), /getter says no/);
        assert.throws(() => messages.encodeFloor('val', 'record', record), /getter says no/);
      };
      run();
      const allocated = codec.allocatedBytes();
      for (let i = 0; i < 100; i++) run();
      assert.equal(codec.allocatedBytes(), allocated, "malloc'd bytes after 200 throwing getters");
      assertStillRoundTrips('after throwing getters');
    });

    test('val: a mixed array maps integers to int32 and the rest to double, exactly', () => {
      // JSON has no -0, NaN or Infinity (JSON.stringify writes 0, null,
      // null); msgpack writes a whole double as an integer, -0 as 0, like
      // msgpackr.
      const special = isJsonTextCodec(codecName)
        ? []
        : codecName === 'msgpack'
          ? [NaN, -Infinity]
          : [-0, NaN, -Infinity];
      const tags = [0, 2 ** 31, -(2 ** 31), -(2 ** 31) - 1, 0.5, -1e300, '', true, ...special];
      const record = changed('record', (r) => (r.tags = tags));
      const decoded = messages.decode('val', 'record', messages.encode('val', 'record', record));
      assert.equal(messageDifference(record, decoded), null);
    });
  });
}
