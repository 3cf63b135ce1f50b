// The answer in words (src/report/headline.mjs): which route leads per unit
// and operation, and every figure worded by its verdict (faster or slower
// only when the interval excludes 1).

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { headlines, operationSentence, unitsOf, whereText } from '../../src/report/headline.mjs';
import { median } from '../../src/harness/stats.mjs';
// The places' labels and engines, as the report and the page have them registered.
import '../../src/places.mjs';

const JSON_LIBRARY = 'JSON.stringify/JSON.parse';
// Five repetitions around a median, tight enough that a 1.2x difference is a claim.
const around = (value) => [0.99, 1, 1.01, 0.995, 1.005].map((factor) => value * factor);
const stats = (samples) => ({ median: median(samples), samples });

/** A per-payload row at one size: encode and decode samples (ms) around the given medians. */
function payloadRow(fields, encodeMs, decodeMs) {
  const samples = (value) => (Array.isArray(value) ? value : around(value));
  return {
    place: 'browser',
    status: 'ok',
    step: 12,
    items: 100,
    jsonBytes: 1_100_000,
    jsonMB: 1.05,
    ...fields,
    encode: stats(samples(encodeMs)),
    decode: stats(samples(decodeMs)),
  };
}

const json = (batch, encodeMs, decodeMs) =>
  payloadRow({ codec: 'json', impl: 'js', interop: 'js', library: JSON_LIBRARY, batch }, encodeMs, decodeMs);
const wasm = (codec, interop, encodeMs, decodeMs, extra = {}) =>
  payloadRow({ codec, impl: 'cpp', interop, batch: `${codec}/${interop}`, ...extra }, encodeMs, decodeMs);
const library = (codec, name, encodeMs, decodeMs, extra = {}) =>
  payloadRow(
    {
      codec,
      impl: 'js',
      interop: 'js',
      library: `${name} 1.0.0`,
      batch: name,
      cleanliness: { clean: true },
      ...extra,
    },
    encodeMs,
    decodeMs,
  );

const browserRun = { place: 'browser', workload: 'tuples', runtime: { name: 'chromium', version: '156.0' } };

test('the best wasm path leads: its ratios against its own JSON and the fastest library, as claims', () => {
  const rows = [
    json('msgpack/typed', 10, 10),
    wasm('msgpack', 'typed', 5, 20),
    json('json/typed', 10, 10),
    wasm('json', 'typed', 8, 30),
    json('msgpackr', 10, 10),
    library('msgpack', 'msgpackr', 7.5, 8),
  ];
  const sentence = operationSentence(rows, 'encode');
  assert.equal(sentence.winner, 'wasm');
  assert.equal(sentence.subject, 'msgpack/typed');
  assert.equal(
    sentence.text,
    'msgpack/typed encodes this 2.00x faster than JSON.stringify and 1.50x faster than msgpackr (the fastest JS library).',
  );
  assert.deepEqual(
    sentence.clauses.map((clause) => [clause.role, clause.comparison.verdict]),
    [
      ['json', 'faster'],
      ['library', 'faster'],
    ],
  );
});

test('a library leads: named first, against the best wasm path and its own JSON', () => {
  const rows = [
    json('msgpack/typed', 10, 10),
    wasm('msgpack', 'typed', 5, 18),
    json('msgpackr', 10, 12),
    library('msgpack', 'msgpackr', 7.5, 10),
  ];
  const sentence = operationSentence(rows, 'decode');
  assert.equal(sentence.winner, 'library');
  assert.equal(
    sentence.text,
    'msgpackr decodes this 1.80x faster than msgpack/typed (the best wasm path) and 1.20x faster than JSON.parse.',
  );
});

test('JSON leads: each other route against the JSON of its own batch', () => {
  // The wasm path's batch measured JSON at 10 ms, the library's at 12 ms: each ratio uses its own.
  const rows = [json('msgpack/typed', 10, 10), wasm('msgpack', 'typed', 15, 20), json('msgpackr', 12, 10)];
  rows.push(library('msgpack', 'msgpackr', 18, 25));
  const sentence = operationSentence(rows, 'encode');
  assert.equal(sentence.winner, 'json');
  assert.equal(
    sentence.text,
    'JSON.stringify encodes this 1.50x faster than msgpack/typed (the best wasm path) and 1.50x faster than msgpackr (the fastest JS library).',
  );
});

test('a ratio whose interval contains 1 is said to be within noise, with its mark', () => {
  const rows = [
    json('msgpack/typed', [10, 9, 11, 10.5, 9.5], 10),
    wasm('msgpack', 'typed', [9.8, 9, 11.2, 10.4, 9.3], 20),
  ];
  const { text, clauses } = operationSentence(rows, 'encode');
  assert.equal(clauses[0].comparison.verdict, 'within noise');
  assert.match(text, /^msgpack\/typed encodes this within noise of JSON\.stringify \(~1\.0\dx\)\.$/);
});

test('with fewer than 3 repetitions only a 2x difference is a claim, and the sentence says why', () => {
  const rows = [json('msgpack/typed', [10, 10], 10), wasm('msgpack', 'typed', [6.5, 6.7], 20)];
  const { text } = operationSentence(rows, 'encode');
  assert.match(text, /within noise of JSON\.stringify \(~1\.5\dx, fewer than 3 samples\)/);
  const twice = [json('msgpack/typed', [10, 10], 10), wasm('msgpack', 'typed', [4, 4], 20)];
  assert.match(operationSentence(twice, 'encode').text, /encodes this 2\.50x faster than JSON\.stringify\.$/);
});

test('a path slower than the one it is compared with is said to be slower', () => {
  // msgpackr is the fastest by median, but slower than its own batch's JSON; the wasm path's JSON was slower.
  const rows = [
    json('msgpack/typed', 20, 10),
    wasm('msgpack', 'typed', 12, 10),
    json('msgpackr', 8, 10),
    library('msgpack', 'msgpackr', 10, 10),
  ];
  const { winner, text } = operationSentence(rows, 'encode');
  assert.equal(winner, 'json');
  assert.match(text, /1\.67x slower than msgpack\/typed \(the best wasm path\)/);
});

test('decode counts only plain objects: a library that is not clean and a columnar variant are left out', () => {
  const rows = [
    json('msgpack/typed', 10, 10),
    wasm('msgpack', 'typed', 5, 12),
    json('msgpack/typed [columnar]', 10, 10),
    wasm('msgpack', 'typed', 5, 2, { variant: 'columnar', batch: 'msgpack/typed [columnar]' }),
    json('protobufjs', 10, 10),
    library('protobuf', 'protobufjs', 9, 3, { cleanliness: { clean: false } }),
    json('msgpackr', 10, 10),
    library('msgpack', 'msgpackr', 9, 15),
  ];
  const sentence = operationSentence(rows, 'decode');
  assert.equal(sentence.subject, 'JSON.parse');
  assert.match(sentence.text, /than msgpack\/typed \(the best wasm path\)/);
  assert.match(sentence.text, /than msgpackr \(the fastest JS library giving plain objects\)/);
  // A wasm path whose decode is recorded not clean is not the wasm route either.
  const notClean = [json('a/val', 10, 10), wasm('a', 'val', 5, 2, { cleanliness: { clean: false } })];
  assert.equal(operationSentence(notClean, 'decode'), undefined);
});

test("the addon's paths are not wasm paths, and a unit with one route has nothing to compare", () => {
  const rows = [
    { ...json('msgpack/typed (addon)', 10, 10), place: 'node' },
    { ...wasm('msgpack', 'typed', 2, 2), place: 'node-addon', batch: 'msgpack/typed (addon)' },
    { ...json('msgpack/typed', 10, 10), place: 'node' },
    { ...wasm('msgpack', 'typed', 8, 8), place: 'node' },
  ];
  assert.equal(operationSentence(rows, 'encode').subject, 'msgpack/typed');
  assert.match(operationSentence(rows, 'encode').text, /1\.25x faster than JSON\.stringify/);

  const native = {
    run: { place: 'native', workload: 'tuples', runtime: { name: 'g++', version: '12' } },
    rows: [{ ...wasm('msgpack', 'none', 1, 1), place: 'native' }],
  };
  const [line] = headlines(native);
  assert.equal(line.sentences.length, 0);
  assert.match(line.text, /^Natively at 1\.1 MB: no two of .+: nothing to compare\.$/);
});

test('per-call rows (messages): rates, higher is faster, one line per record', () => {
  const ops = (value) => ({ opsPerSec: stats(around(value)), nsPerOp: 1e9 / value });
  const call = (fields, encode, decode) => ({
    place: 'node',
    status: 'ok',
    record: 'int',
    ...fields,
    encode: ops(encode),
    decode: ops(decode),
    roundTrip: ops(Math.min(encode, decode) / 2),
  });
  const rows = [
    call(
      { codec: 'json', impl: 'js', interop: 'js', library: JSON_LIBRARY, batch: 'msgpack/tagged' },
      1e6,
      1e6,
    ),
    call({ codec: 'msgpack', impl: 'cpp', interop: 'tagged', batch: 'msgpack/tagged' }, 2e6, 5e5),
    call(
      { codec: 'msgpack', impl: 'cpp', interop: 'tagged', variant: 'floor', batch: 'msgpack/tagged' },
      9e6,
      9e6,
    ),
    call({ codec: 'json', impl: 'js', interop: 'js', library: JSON_LIBRARY, batch: 'msgpackr' }, 1e6, 1e6),
    call(
      { codec: 'msgpack', impl: 'js', interop: 'js', library: 'msgpackr 2.1.4', batch: 'msgpackr' },
      1.5e6,
      1.2e6,
    ),
    // The module's empty call measures no record: it is no unit and no path.
    call(
      { codec: 'msgpack', impl: 'cpp', interop: 'call', record: 'none', batch: 'msgpack/tagged' },
      5e7,
      5e7,
    ),
  ];
  const run = {
    place: 'node',
    workload: 'messages',
    runtime: { name: 'node', version: 'v20.20.2', v8: '11.3.244.8' },
  };
  const lines = headlines({ run, rows });
  assert.deepEqual(
    lines.map((line) => line.unit),
    ['on record "int"'],
  );
  assert.equal(
    lines[0].text,
    'In Node v20.20.2 (V8 11.3) on record "int": msgpack/tagged encodes this 2.00x faster than JSON.stringify and ' +
      '1.33x faster than msgpackr (the fastest JS library). msgpackr decodes this 2.40x faster than ' +
      'msgpack/tagged (the best wasm path) and 1.20x faster than JSON.parse.',
  );
});

test('units: sizes from the smallest, data sets in the order measured; where a run measured', () => {
  const at = (step, jsonMB) => ({ ...json('a', 1, 1), step, jsonMB });
  assert.deepEqual(
    unitsOf([at(30, 10.5), at(4, 0.05), at(12, 1.04)]).map(({ key, text }) => [key, text]),
    [
      [4, 'at 0.050 MB'],
      [12, 'at 1.0 MB'],
      [30, 'at 11 MB'],
    ],
  );
  const dataset = (name) => ({ ...json('a', 1, 1), step: undefined, dataset: name });
  assert.deepEqual(
    unitsOf([dataset('jbb-random'), dataset('geo-110m'), dataset('jbb-random')]).map(({ text }) => text),
    ['on jbb-random', 'on geo-110m'],
  );
  assert.equal(whereText(browserRun, { here: true }), 'In this browser');
  assert.equal(whereText(browserRun), 'In Chromium 156.0 (V8)');
});
