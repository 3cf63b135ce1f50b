// The Node-API addon's rows in the report (place node-addon, in a node
// results file): their own labels, never merged with or picked as the wasm
// path of the same strategy, the ratios they take (their own batch's JSON,
// the wasm counterpart of the same run, another process), the three ways
// to run the same C++ (tuples), ns/op through wasm and the addon beside
// each one's empty call (messages), the addon's own verdicts and shares
// (documents) and the engines side by side. Synthetic rows: wasm rows
// copied with place node-addon and the addon's strategy.

import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
// The engines' labels come from the places' declarations, registered when they are read.
import '../../src/places.mjs';
import { engineComparison } from '../../src/report/engines-side-by-side.mjs';
import { howOf, labelOf, sortRows, toSources } from '../../src/report/shared-model.mjs';
import { interopShares } from '../../src/workloads/documents/model.mjs';
import { unitRecords } from '../../src/report/unit-report.mjs';
import {
  BOUNDARY_CHART,
  callFloorRows,
  charts as messageCharts,
} from '../../src/workloads/messages/report.mjs';
import { viewHtml } from '../../src/report/table-view.mjs';
import { penaltyRecords } from '../../src/workloads/tuples/own-views.mjs';
import { charts as tuplesCharts } from '../../src/workloads/tuples/report.mjs';
import { NATIVE_WAY, threeWaysParts, threeWaysRecords } from '../../src/workloads/tuples/three-ways.mjs';
import { messageRow, messagesDocument } from './messages-helpers.mjs';
import { baseline, documentOf, row, sourceOf, validateResults } from './report-helpers.mjs';

const ADDON = 'node-addon';

/** A copy of `fields` as the addon's row: place node-addon (documentOf sets every row's place). */
const addon = (fields) => ({ ...fields, addon: true });

/** documentOf, then the addon's rows get their place: a node run holds both. */
function nodeDocument(rows) {
  const document = documentOf('node', rows);
  document.rows = document.rows.map(({ addon: isAddon, ...fields }) =>
    isAddon ? { ...fields, place: ADDON } : fields,
  );
  assert.deepEqual(validateResults(document), { valid: true });
  return document;
}

const at10 = { step: 5, jsonMB: 10 };

// One node run: msgpack through wasm typed and the addon's typed and object
// paths, each in its own process with its own JSON baseline.
const node = nodeDocument([
  baseline({ batch: 'msgpack/typed', ...at10, encodeMs: 20, decodeMs: 40 }),
  row({
    codec: 'msgpack',
    interop: 'typed',
    batch: 'msgpack/typed',
    ...at10,
    encodeMs: 10,
    decodeMs: 16,
    phases: { encode: [2, 5, 3], decode: [4, 6, 6] },
  }),
  baseline({ batch: 'msgpack/typed (addon)', ...at10, encodeMs: 22, decodeMs: 44 }),
  addon(
    row({
      codec: 'msgpack',
      interop: 'typed',
      batch: 'msgpack/typed (addon)',
      ...at10,
      encodeMs: 8,
      decodeMs: 10,
      phases: { encode: [1, 5, 2], decode: [2, 6, 2] },
    }),
  ),
  baseline({ batch: 'msgpack/object (addon)', ...at10, encodeMs: 20, decodeMs: 40 }),
  addon(
    row({
      codec: 'msgpack',
      interop: 'object',
      batch: 'msgpack/object (addon)',
      ...at10,
      encodeMs: 40,
      decodeMs: 50,
      phases: { encode: [30, 5, 5], decode: [1, 6, 43] },
    }),
  ),
]);
const native = documentOf('native', [
  row({ codec: 'msgpack', interop: 'none', ...at10, phases: { encode: [0, 4, 0], decode: [0, 5, 0] } }),
]);
const sources = () => [sourceOf(native), sourceOf(node)];

describe('tuples', () => {
  test('an addon path is named as the runners name it, apart from the wasm path of the same strategy', () => {
    const [typedWasm, typedAddon, objectAddon] = node.rows.filter((r) => r.impl === 'cpp');
    assert.equal(labelOf(typedWasm), 'msgpack/typed');
    assert.equal(labelOf(typedAddon), 'msgpack/typed (addon)');
    assert.equal(labelOf(objectAddon), 'msgpack/object (addon)');
    assert.equal(howOf(typedAddon), 'typed (addon)');
    assert.equal(howOf({ ...typedAddon, variant: 'columnar' }), 'typed (addon) [columnar]');
    assert.equal(labelOf({ ...typedAddon, variant: 'columnar' }), 'msgpack/typed (addon) [columnar]');
    // The three ways of one codec stand together: wasm's strategies, then the addon's.
    assert.deepEqual(sortRows([objectAddon, typedAddon, typedWasm]).map(labelOf), [
      'msgpack/typed',
      'msgpack/typed (addon)',
      'msgpack/object (addon)',
    ]);
  });

  test('times and ratios keep the addon rows apart, each against its own batch', () => {
    const times = unitRecords([sourceOf(node)], 'encode').filter((r) => r.label !== 'json (js)');
    assert.deepEqual(
      times.map((r) => [r.label, r.value]),
      [
        ['msgpack/typed', 10],
        ['msgpack/typed (addon)', 8],
        ['msgpack/object (addon)', 40],
      ],
    );
    assert.deepEqual(
      times.map((r) => [r.label, r.versusJson]),
      [
        ['msgpack/typed', 2],
        ['msgpack/typed (addon)', 22 / 8],
        ['msgpack/object (addon)', 0.5],
      ],
    );
    const breakdown = tuplesCharts([sourceOf(node)], { sizeMB: 10 }).find((c) => c.id === 'breakdown-decode');
    const addonPhases = breakdown.spec.data.values
      .filter((r) => r.label === 'msgpack/typed (addon)')
      .map((r) => [r.phase, r.ms]);
    assert.deepEqual(addonPhases, [
      ['bytes in (JS -> C++)', 2],
      ['codec', 6],
      ['marshal out (C++ -> JS)', 2],
    ]);
  });

  test('the penalty: the addon codec phase against native is its own record, never in the wasm median', () => {
    const records = penaltyRecords(sources());
    assert.deepEqual(
      records.map((r) => [r.source, r.place, r.operation, r.codecMs, r.penalty]),
      [
        ['node', 'node', 'encode', 5, 5 / 4],
        ['node', 'node', 'decode', 6, 6 / 5],
        ['node (addon)', ADDON, 'encode', 5, 5 / 4],
        ['node (addon)', ADDON, 'decode', 6, 6 / 5],
      ],
    );
    assert.equal(records[0].wasmMs, 5);
    assert.equal(records[2].wasmMs, undefined, 'an addon record has no wasm time');
  });

  test('three ways to run the same C++: native codec, wasm typed, addon typed and per field, phases and ratios', () => {
    const { lines, records } = threeWaysRecords(sources(), 'encode', 10);
    assert.deepEqual(
      lines.map((line) => [line.way, line.label, line.totalMs, line.codecMs, line.boundaryMs]),
      [
        [NATIVE_WAY, 'msgpack (native, 10 MB)', 4, 4, undefined],
        ['wasm typed', 'msgpack/typed', 10, 5, 5],
        ['addon typed', 'msgpack/typed (addon)', 8, 5, 3],
        ['addon object (per field)', 'msgpack/object (addon)', 40, 5, 35],
      ],
    );
    const byWay = new Map(lines.map((line) => [line.way, line]));
    // Ratios within the node file only: wasm typed's whole call / this one's.
    assert.equal(byWay.get('addon typed').versusWasmTyped, 10 / 8);
    assert.equal(byWay.get('addon object (per field)').versusWasmTyped, 10 / 40);
    assert.equal(byWay.get('wasm typed').versusWasmTyped, undefined);
    assert.equal(byWay.get(NATIVE_WAY).versusWasmTyped, undefined, 'no ratio across files');
    assert.equal(byWay.get('addon typed').boundaryShare, 3 / 8);
    assert.equal(byWay.get('addon typed').sameBatch, false);
    // The stacked bars: the native codec alone, then each way's three phases.
    assert.deepEqual(
      records.filter((r) => r.way === 'addon typed').map((r) => [r.phase, r.ms, r.totalMs]),
      [
        ['marshal in (JS -> C++)', 1, 8],
        ['codec', 5, 8],
        ['bytes out (to JS)', 2, 8],
      ],
    );
    assert.deepEqual(
      records.filter((r) => r.way === NATIVE_WAY).map((r) => [r.phase, r.ms]),
      [['codec', 4]],
    );
  });

  test('the three-ways charts and table appear with addon rows, and only then', () => {
    const charts = tuplesCharts(sources(), { sizeMB: 10 });
    const chart = (list, id) => list.find((c) => c.id === id);
    for (const id of ['three-ways-encode', 'three-ways-decode']) assert.equal(chart(charts, id).empty, false);
    const html = viewHtml(threeWaysParts(sources(), 10));
    assert.match(html, /<td>addon typed<\/td><td>msgpack\/typed \(addon\)<\/td>/);
    assert.match(html, /1\.25x/);

    // A node run without the addon: no three ways, nothing else changes.
    const wasmOnly = nodeDocument(node.rows.filter((r) => r.place !== ADDON).map((r) => ({ ...r })));
    const without = tuplesCharts([sourceOf(native), sourceOf(wasmOnly)], { sizeMB: 10 });
    assert.equal(chart(without, 'three-ways-encode').empty, true);
    assert.deepEqual(threeWaysParts([sourceOf(native), sourceOf(wasmOnly)], 10), []);
    assert.deepEqual(
      penaltyRecords([sourceOf(native), sourceOf(wasmOnly)]).map((r) => r.place),
      ['node', 'node'],
    );
  });
});

describe('messages', () => {
  // The fixture's node run plus the addon's json/object path on "record",
  // its floor and its own empty call (10 ns; wasm's is 20 ns).
  function messagesWithAddon() {
    const document = messagesDocument('node');
    const addonRow = (fields) => ({ ...messageRow(fields), place: ADDON });
    document.rows.push(
      messageRow({
        place: 'node',
        codec: 'json',
        impl: 'js',
        library: 'JSON.stringify/JSON.parse',
        batch: 'json/object (addon)',
        record: 'record',
        ops: [4e6, 2e6, 1e6],
      }),
      addonRow({
        codec: 'json',
        interop: 'object',
        library: 'nlohmann_json 3.11.2',
        batch: 'json/object (addon)',
        record: 'record',
        ops: [2e6, 1.6e7, 1e6],
        boundaryShare: { encode: 0.4, decode: 0.2 },
      }),
      addonRow({
        codec: 'json',
        interop: 'object',
        variant: 'floor',
        library: 'nlohmann_json 3.11.2',
        batch: 'json/object (addon)',
        record: 'record',
        ops: [5e6, 8e7],
      }),
      addonRow({
        codec: 'json',
        interop: 'call',
        variant: 'floor',
        batch: 'json/object (addon)',
        record: 'none',
        ops: [1e8],
      }),
    );
    assert.deepEqual(validateResults(document), { valid: true });
    return toSources([{ file: 'node-messages.json', document }]);
  }

  test('ops/s records and the empty calls keep the addon apart', () => {
    const sourcesWithAddon = messagesWithAddon();
    const records = unitRecords(sourcesWithAddon, 'encode').filter((r) => r.unit === 'record');
    const viaAddon = records.find((r) => r.label === 'json/object (addon)');
    // Against the JSON of its own batch (4e6 ops/s): 2e6 / 4e6.
    assert.equal(viaAddon.versusJson, 0.5);
    assert.equal(viaAddon.share, 0.4, 'its own boundary share');
    assert.ok(records.some((r) => r.label === 'json/val'));
    assert.ok(!records.some((r) => r.label.includes('[floor]')), 'floors are not paths');
    assert.deepEqual(
      callFloorRows(sourcesWithAddon).map((line) => [line.module, line.boundary, line.nsPerOp]),
      [
        ['json', 'wasm', 20],
        ['json (addon)', 'addon', 10],
      ],
    );
  });

  test('ns/op through wasm and the addon, each beside its own empty call', () => {
    const chart = messageCharts(messagesWithAddon()).find((chart) => chart.id === BOUNDARY_CHART);
    assert.equal(chart.empty, false);
    const values = chart.spec.data.values.filter((value) => value.unit === 'record');
    const path = (label) => values.find((v) => v.label === label && v.operation === 'encode');
    assert.deepEqual([path('json/val').boundary, path('json/val').nsPerOp], ['wasm', 1000]);
    assert.deepEqual(
      [path('json/object (addon)').boundary, path('json/object (addon)').nsPerOp],
      ['addon', 500],
    );
    const rules = values.filter((v) => v.kind === 'empty call').map((v) => [v.boundary, v.nsPerOp]);
    assert.deepEqual(rules, [
      ['wasm', 20],
      ['addon', 10],
    ]);
    // Without the addon: no such chart.
    const plain = toSources([{ file: 'node-messages.json', document: messagesDocument('node') }]);
    assert.equal(messageCharts(plain).find((chart) => chart.id === BOUNDARY_CHART).empty, true);
  });
});

describe('documents', () => {
  const stats = (median) => ({ median, samples: [0.99, 1, 1.01].map((k) => k * median) });
  const documentRow = (fields, encode, decode, codecMs) => ({
    place: 'node',
    impl: 'cpp',
    dataset: 'geo-110m',
    status: 'ok',
    jsonBytes: 1000,
    encodedBytes: 500,
    gzipBytes: 100,
    encode: stats(encode),
    decode: stats(decode),
    ...(codecMs !== undefined && {
      encodePhases: { marshalInMs: 1, codecMs, bytesOutMs: 1 },
      decodePhases: { bytesInMs: 1, codecMs, marshalOutMs: 1 },
    }),
    ...fields,
  });
  const json = (batch) =>
    documentRow(
      { codec: 'json', impl: 'js', interop: 'js', library: 'JSON.stringify/JSON.parse', batch },
      10,
      10,
    );
  const rows = [
    json('msgpack/tagged'),
    documentRow({ codec: 'msgpack', interop: 'tagged', batch: 'msgpack/tagged' }, 5, 5, 4),
    json('msgpack/tagged (addon)'),
    // Faster than any wasm path: it must not be named the best wasm path.
    documentRow(
      { place: ADDON, codec: 'msgpack', interop: 'tagged', batch: 'msgpack/tagged (addon)' },
      2,
      2,
      1,
    ),
  ];
  const documentSources = [
    {
      source: 'node',
      place: 'node',
      file: 'node-documents.json',
      document: { run: { place: 'node' }, rows },
    },
  ];

  test('interop shares per strategy: the addon tagged apart from wasm tagged', () => {
    const shares = interopShares(rows, 'geo-110m');
    assert.deepEqual(Object.keys(shares), ['tagged', 'tagged (addon)']);
    assert.equal(shares.tagged.encode, 1 / 5);
    assert.equal(shares['tagged (addon)'].encode, 1 / 2);
  });

  test('each path against the JSON of its own batch, the addon apart, with its share', () => {
    const records = unitRecords(documentSources, 'encode');
    const of = (label) => records.find((record) => record.label === label);
    assert.deepEqual([of('msgpack/tagged').versusJson, of('msgpack/tagged').verdict], [2, 'faster']);
    assert.equal(of('msgpack/tagged (addon)').versusJson, 5);
    assert.equal(of('msgpack/tagged').share, 1 / 5);
    assert.equal(of('msgpack/tagged (addon)').share, 1 / 2);
    assert.equal(of('json (js)').versusJson, 1);
  });
});

test('engines side by side: an addon path is a Node-only line of its own', () => {
  const at = (fields, encode) => ({
    status: 'ok',
    step: 20,
    jsonMB: 9.8,
    encode: { median: encode, samples: [0.99, 1, 1.01].map((k) => k * encode) },
    decode: { median: encode, samples: [0.99, 1, 1.01].map((k) => k * encode) },
    ...fields,
  });
  const jsonRow = (place, batch, ms) =>
    at({ place, codec: 'json', impl: 'js', interop: 'js', library: 'JSON.stringify/JSON.parse', batch }, ms);
  const typedRow = (place, ms) =>
    at(
      {
        place,
        codec: 'msgpack',
        impl: 'cpp',
        interop: 'typed',
        batch: `msgpack/typed${place === ADDON ? ' (addon)' : ''}`,
      },
      ms,
    );
  const nodeRows = [
    jsonRow('node', 'msgpack/typed', 10),
    typedRow('node', 5),
    jsonRow('node', 'msgpack/typed (addon)', 10),
    typedRow(ADDON, 2),
  ];
  const browserRows = [jsonRow('browser', 'msgpack/typed', 20), typedRow('browser', 4)];
  const comparison = engineComparison(
    [
      {
        source: 'node',
        place: 'node',
        document: { run: { runtime: { name: 'node', version: 'v20' } }, rows: nodeRows },
      },
      {
        source: 'browser',
        place: 'browser',
        document: { run: { runtime: { name: 'chromium', version: '156' } }, rows: browserRows },
      },
    ],
    { sizeMB: 10 },
  );
  const encode = comparison.tables.find((table) => table.operation === 'encode');
  const cells = (label) => encode.lines.find((line) => line.path === label).cells;
  assert.deepEqual(
    cells('msgpack/typed').map((cell) => cell.time),
    ['5.00', '4.00'],
  );
  const [inNode, inBrowser] = cells('msgpack/typed (addon)');
  assert.deepEqual([inNode.time, inNode.xJson], ['2.00', '5.00x']);
  assert.equal(inBrowser, undefined, 'no addon in a browser');
});
