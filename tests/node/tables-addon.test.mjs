// The console tables of bench:node with the Node-API addon's rows (place
// node-addon): each addon path is a line of its own, labelled "(addon)",
// with its xJSON and xFloor against its own batch's references, xBestJS
// against the same fastest library, its interop share; the messages floor
// table names the addon's empty call; the documents interop shares keep
// the addon's strategies apart from wasm's. Synthetic rows: wasm rows
// copied with place node-addon and the addon's strategy.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { resultsText } from '../../src/report/results-tables.mjs';
import { view as documentView } from '../../src/workloads/documents/view.mjs';
import {
  messageFloorTable,
  messageRecordTables,
  view as messageView,
} from '../../src/workloads/messages/view.mjs';
import { view as tupleView } from '../../src/workloads/tuples/view.mjs';

const ADDON = 'node-addon';
const stats = (median) => ({ median, samples: [0.99, 1, 1.01].map((k) => k * median) });

function tupleRow(fields, encode, decode, phases) {
  return {
    place: 'node',
    step: 5,
    items: 50,
    jsonBytes: 1000,
    jsonMB: 1000 / 2 ** 20,
    status: 'ok',
    encodedBytes: 500,
    gzipBytes: 100,
    encode: stats(encode),
    decode: stats(decode),
    ...(phases && {
      encodePhases: { marshalInMs: phases[0], codecMs: phases[1], bytesOutMs: phases[2] },
      decodePhases: { bytesInMs: phases[0], codecMs: phases[1], marshalOutMs: phases[2] },
    }),
    ...fields,
  };
}

const json = (batch, ms) =>
  tupleRow({ codec: 'json', impl: 'js', interop: 'js', library: 'JSON.stringify/JSON.parse', batch }, ms, ms);
const floor = (batch, ms) =>
  tupleRow({ codec: 'objects', impl: 'js', interop: 'js', variant: 'floor', batch }, ms, ms);
const cells = (text, label) => {
  const line = text.split('\n').find((candidate) => candidate.startsWith(`${label} `));
  assert.ok(line, `a line for ${label}`);
  return line
    .slice(label.length)
    .trim()
    .split(/\s{2,}/);
};

test('tuples: an addon path is its own line, its ratios against its own batch, its interop share', () => {
  const rows = [
    json('msgpack/typed', 10),
    floor('msgpack/typed', 2),
    tupleRow(
      { codec: 'msgpack', impl: 'cpp', interop: 'typed', module: 'lean', batch: 'msgpack/typed' },
      5,
      5,
      [1, 3, 1],
    ),
    // Another process: its JSON baseline and floor differ from the wasm path's.
    json('msgpack/typed (addon)', 12),
    floor('msgpack/typed (addon)', 3),
    tupleRow(
      { place: ADDON, codec: 'msgpack', impl: 'cpp', interop: 'typed', batch: 'msgpack/typed (addon)' },
      4,
      6,
      [1, 2, 1],
    ),
    tupleRow(
      { place: ADDON, codec: 'msgpack', impl: 'cpp', interop: 'object', batch: 'msgpack/object (addon)' },
      20,
      20,
      [15, 3, 2],
    ),
    tupleRow(
      { codec: 'msgpack', impl: 'js', interop: 'js', library: 'msgpackr 2.1.4', batch: 'msgpackr' },
      8,
      8,
    ),
  ];
  const text = resultsText(rows, { workload: 'tuples' }, tupleView);
  assert.match(text, /"\(addon\)" path/, 'the legend says what an addon path is');
  // path, encode ms, decode ms, bytes, gzip, enc/dec xJSON, enc/dec xBestJS, enc/dec xFloor, enc/dec interop.
  assert.deepEqual(cells(text, 'msgpack/typed'), [
    '5.00',
    '5.00',
    '500 B',
    '100 B',
    '2.00x',
    '2.00x',
    '1.60x',
    '1.60x',
    '0.40x',
    '0.40x',
    '40%',
    '40%',
  ]);
  // 12 / 4 and 12 / 6 against its own batch's JSON; 8 / 4 and 8 / 6 against the library; 3 / 4 and 3 / 6 its floor.
  assert.deepEqual(cells(text, 'msgpack/typed (addon)'), [
    '4.00',
    '6.00',
    '500 B',
    '100 B',
    '3.00x',
    '2.00x',
    '2.00x',
    '1.33x',
    '0.75x',
    '0.50x',
    '50%',
    '67%',
  ]);
  // Its own batch measured no JSON baseline: the batches' merged one stands in (median of 10 and 12).
  assert.equal(cells(text, 'msgpack/object (addon)')[4], '0.55x');
  assert.equal(cells(text, 'msgpack/object (addon)').at(-2), '85%');
});

const opsStats = (opsPerSec) => ({
  opsPerSec: { median: opsPerSec, samples: [0.99, 1, 1.01].map((k) => k * opsPerSec) },
  nsPerOp: 1e9 / opsPerSec,
  callsPerRep: 1000,
});

function messageRow(fields, ops) {
  const row = { place: 'node', record: 'record', status: 'ok', ...fields };
  if (row.interop === 'call') return { ...row, record: 'none', encode: opsStats(ops[0]) };
  Object.assign(row, { encodedBytes: 40, jsonBytes: 60, encode: opsStats(ops[0]), decode: opsStats(ops[1]) });
  if (row.variant !== 'floor') row.roundTrip = opsStats(ops[2]);
  return row;
}

test('messages: addon paths and their floors are lines of their own; the addon empty call is named', () => {
  const jsonBaseline = (batch, ops) =>
    messageRow(
      { codec: 'json', impl: 'js', interop: 'js', library: 'JSON.stringify/JSON.parse', batch },
      ops,
    );
  const rows = [
    jsonBaseline('msgpack/tagged', [1e6, 1e6, 5e5]),
    messageRow(
      { codec: 'msgpack', impl: 'cpp', interop: 'tagged', batch: 'msgpack/tagged' },
      [5e5, 5e5, 2.5e5],
    ),
    messageRow(
      { codec: 'msgpack', impl: 'cpp', interop: 'call', variant: 'floor', batch: 'msgpack/tagged' },
      [1e8],
    ),
    jsonBaseline('msgpack/tagged (addon)', [2e6, 2e6, 1e6]),
    messageRow(
      {
        place: ADDON,
        codec: 'msgpack',
        impl: 'cpp',
        interop: 'tagged',
        batch: 'msgpack/tagged (addon)',
        boundaryShare: { encode: 0.25, decode: 0.5 },
      },
      [1e6, 4e6, 8e5],
    ),
    messageRow(
      {
        place: ADDON,
        codec: 'msgpack',
        impl: 'cpp',
        interop: 'tagged',
        variant: 'floor',
        batch: 'msgpack/tagged (addon)',
      },
      [4e6, 8e6],
    ),
    messageRow(
      {
        place: ADDON,
        codec: 'msgpack',
        impl: 'cpp',
        interop: 'call',
        variant: 'floor',
        batch: 'msgpack/tagged (addon)',
      },
      [2.5e8],
    ),
  ];
  const [table] = messageRecordTables(rows);
  const line = (label) => table.lines.find((candidate) => candidate[0] === label);
  // ops/s against its own batch's JSON: 1e6 / 2e6, 4e6 / 2e6, 8e5 / 1e6.
  assert.deepEqual(line('msgpack/tagged (addon)').slice(8), ['0.50x', '2.00x', '0.80x', '25%', '50%']);
  assert.deepEqual(line('msgpack/tagged').slice(8, 11), ['0.50x', '0.50x', '0.50x']);
  assert.ok(line('msgpack/tagged (addon) [floor]'), 'the addon floor is its own line');
  assert.deepEqual(messageFloorTable(rows).lines, [
    ['msgpack', '100 M/s', '10.0', '1'],
    ['msgpack (addon)', '250 M/s', '4.00', '1'],
  ]);
  const text = resultsText(rows, { workload: 'messages' }, messageView);
  assert.match(text, /Per-call floor: .*Node-API addon/);
  assert.match(text, /^msgpack\/tagged \(addon\) +1 +0 +0 +0\.50x +2\.00x +0\.80x +25% +50%$/m);
});

test('documents: the interop share of each addon strategy apart from wasm', () => {
  const row = (fields, ms, codecMs) => ({
    place: 'node',
    impl: 'cpp',
    dataset: 'geo-110m',
    status: 'ok',
    jsonBytes: 1000,
    encodedBytes: 500,
    gzipBytes: 100,
    encode: stats(ms),
    decode: stats(ms),
    encodePhases: { marshalInMs: 0, codecMs, bytesOutMs: ms - codecMs },
    decodePhases: { bytesInMs: 0, codecMs, marshalOutMs: ms - codecMs },
    ...fields,
  });
  const text = resultsText(
    [
      row({ codec: 'msgpack', interop: 'tagged', batch: 'msgpack/tagged' }, 10, 5),
      row({ place: ADDON, codec: 'msgpack', interop: 'tagged', batch: 'msgpack/tagged (addon)' }, 10, 8),
    ],
    { workload: 'documents' },
    documentView,
  );
  assert.match(text, /^msgpack\/tagged \(addon\) /m);
  assert.match(
    text,
    /Interop share \(median over codecs\): tagged encode 50%, decode 50%; tagged \(addon\) encode 20%, decode 20%/,
  );
});
