// The report's data model and the comparison rule on small documents built
// in code: what each chart and table is computed from.

import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, test } from 'node:test';
import { compareRuns, judgeChange } from '../../src/report/compare.mjs';
import { latestResultsFiles } from '../../src/report/load.mjs';
import { labelOf, toSources } from '../../src/report/shared-model.mjs';
import { sizeLinesChart, unitRecords } from '../../src/report/unit-report.mjs';
import { moduleRecords, sizeRecords } from '../../src/report/bytes-charts.mjs';
import { closestStep, limitsView, penaltyRecords, rowsAt } from '../../src/workloads/tuples/own-views.mjs';
import { charts } from '../../src/workloads/tuples/report.mjs';
import { cleanlinessByPath } from '../../src/workloads/tuples/view.mjs';
import { baseline, documentOf, row, sourceOf, validateResults } from './report-helpers.mjs';

function valid(document) {
  assert.deepEqual(validateResults(document), { valid: true });
  return document;
}

describe('labels', () => {
  test('native, wasm, the JSON baseline and JS libraries are named as the runners name them', () => {
    assert.equal(labelOf(row({ codec: 'protobuf', interop: 'none', step: 1, jsonMB: 1 })), 'protobuf/native');
    assert.equal(labelOf(row({ codec: 'msgpack', interop: 'embind', step: 1, jsonMB: 1 })), 'msgpack/embind');
    assert.equal(labelOf(baseline({ step: 1, jsonMB: 1 })), 'json (js)');
    const records = row({
      codec: 'msgpack',
      impl: 'js',
      library: 'msgpackr 2.1.4',
      variant: 'records',
      step: 1,
      jsonMB: 1,
    });
    assert.equal(labelOf(records), 'msgpack (msgpackr) [records]');
    assert.equal(
      labelOf(row({ codec: 'bson', impl: 'js', library: 'bson 7.3.4', step: 1, jsonMB: 1 })),
      'bson (bson)',
    );
  });

  test('two files of one place get their file names', () => {
    const inputs = ['node-a.json', 'native-x.json', 'node-b.json'].map((file) => ({
      file: `/r/${file}`,
      document: documentOf(file.split('-')[0], []),
    }));
    assert.deepEqual(
      toSources(inputs).map((source) => source.source),
      ['native', 'node (node-a.json)', 'node (node-b.json)'],
    );
  });
});

describe('time and ratio', () => {
  // Two Node processes (batches), each with its own JSON baseline.
  const node = valid(
    documentOf('node', [
      baseline({ batch: 'raw/typed', step: 5, jsonMB: 1, encodeMs: 2, decodeMs: 3 }),
      row({ codec: 'raw', batch: 'raw/typed', step: 5, jsonMB: 1, encodeMs: 1, decodeMs: 1 }),
      baseline({ batch: 'raw/val', step: 5, jsonMB: 1, encodeMs: 4, decodeMs: 6 }),
      row({ codec: 'raw', interop: 'val', batch: 'raw/val', step: 5, jsonMB: 1, encodeMs: 1, decodeMs: 2 }),
    ]),
  );

  const ratios = (operation) =>
    unitRecords([sourceOf(node)], operation)
      .filter((r) => r.label !== 'json (js)')
      .map((r) => [r.label, r.versusJson]);

  test('a ratio uses the JSON baseline measured in the same process', () => {
    assert.deepEqual(ratios('encode'), [
      ['raw/typed', 2],
      ['raw/val', 4],
    ]);
    assert.deepEqual(
      ratios('decode').map(([, ratio]) => ratio),
      [3, 3],
    );
  });

  test('the baselines of several processes are one line: the median of their medians', () => {
    const records = unitRecords([sourceOf(node)], 'encode');
    const baselines = records.filter((r) => r.label === 'json (js)');
    assert.equal(baselines.length, 1);
    assert.equal(baselines[0].value, 3);
    assert.equal(records.length, 3);
  });

  test('a path measured in several batches is one mark: the median of its per-batch ratios', () => {
    const twice = valid(
      documentOf('node', [
        ...node.rows,
        row({ codec: 'raw', batch: 'raw/val', step: 5, jsonMB: 1, encodeMs: 1, decodeMs: 1 }),
      ]),
    );
    const records = unitRecords([sourceOf(twice)], 'encode');
    const typed = records.filter((r) => r.label === 'raw/typed');
    assert.equal(typed.length, 1);
    assert.equal(typed[0].versusJson, 3); // batches: 2 / 1 and 4 / 1
    const chart = sizeLinesChart(records, { title: 't', field: 'versusJson', yTitle: 'x JSON' });
    assert.deepEqual(
      chart.data.values.map((v) => [v.label, v.jsonMB, v.versusJson]),
      [
        ['raw/typed', 1, 3],
        ['raw/val', 1, 4],
      ],
      'the JSON baseline is the line at 1, not a line of its own',
    );
    assert.equal(chart.spec.layer[0].encoding.y.datum, 1);
  });

  test('native has no JSON baseline, so no ratio', () => {
    const native = valid(documentOf('native', [row({ codec: 'raw', interop: 'none', step: 5, jsonMB: 1 })]));
    const records = unitRecords([sourceOf(native)], 'encode');
    assert.equal(records.length, 1);
    assert.equal(records[0].versusJson, undefined);
  });
});

test('the chosen size is the nearest measured one on a log scale', () => {
  const document = documentOf(
    'node',
    [1, 3, 30].map((jsonMB, step) => row({ codec: 'raw', step, jsonMB })),
  );
  assert.equal(closestStep(document, 10).jsonMB, 30);
  assert.equal(closestStep(document, 5).jsonMB, 3);
  assert.equal(closestStep(document, 0.01).jsonMB, 1);
});

test('the breakdown stacks the three phases of each C++ path, JSON as a whole call, JS libraries left out', () => {
  const node = valid(
    documentOf('node', [
      baseline({ step: 1, jsonMB: 1, encodeMs: 5 }),
      row({
        codec: 'protobuf',
        step: 1,
        jsonMB: 1,
        encodeMs: 7,
        phases: { encode: [1, 2, 3], decode: [1, 1, 1] },
      }),
      row({ codec: 'protobuf', impl: 'js', library: 'pbf 5.1.2', step: 1, jsonMB: 1 }),
    ]),
  );
  const { spec } = charts([sourceOf(node)], { sizeMB: 10 }).find((chart) => chart.id === 'breakdown-encode');
  const records = spec.data.values;
  assert.deepEqual(spec.facet.row.sort, ['node at 1.0 MB']);
  assert.deepEqual(
    records.map((r) => [r.label, r.phase, r.ms, r.totalMs]),
    [
      ['json (js)', 'JSON (whole call)', 5, 5],
      ['protobuf/typed', 'marshal in (JS -> C++)', 1, 7],
      ['protobuf/typed', 'codec', 2, 7],
      ['protobuf/typed', 'bytes out (to JS)', 3, 7],
    ],
  );
});

test('the wasm penalty divides the wasm codec phase (median over strategies) by the native codec time of the same codec and size', () => {
  const native = valid(
    documentOf('native', [
      row({
        codec: 'msgpack',
        interop: 'none',
        step: 7,
        jsonMB: 2,
        phases: { encode: [0, 1, 0], decode: [0, 2, 0] },
      }),
      row({
        codec: 'msgpack',
        interop: 'none',
        step: 8,
        jsonMB: 4,
        phases: { encode: [0, 9, 0], decode: [0, 9, 0] },
      }),
    ]),
  );
  const node = valid(
    documentOf('node', [
      row({
        codec: 'msgpack',
        interop: 'typed',
        step: 7,
        jsonMB: 2,
        phases: { encode: [1, 2, 1], decode: [1, 2, 1] },
      }),
      row({
        codec: 'msgpack',
        interop: 'embind',
        step: 7,
        jsonMB: 2,
        phases: { encode: [1, 3, 1], decode: [1, 4, 1] },
      }),
      row({
        codec: 'msgpack',
        interop: 'val',
        step: 7,
        jsonMB: 2,
        phases: { encode: [1, 4, 1], decode: [1, 6, 1] },
      }),
      // No native row of this codec: no penalty.
      row({
        codec: 'raw',
        interop: 'typed',
        step: 7,
        jsonMB: 2,
        phases: { encode: [1, 1, 1], decode: [1, 1, 1] },
      }),
    ]),
  );
  const records = penaltyRecords([sourceOf(native), sourceOf(node)]);
  assert.deepEqual(
    records.map((r) => [r.codec, r.operation, r.step, r.penalty]),
    [
      ['msgpack', 'encode', 7, 3],
      ['msgpack', 'decode', 7, 2],
    ],
  );
  assert.deepEqual(penaltyRecords([sourceOf(node)]), []);
});

test('sizes are relative to the JSON text, one entry per format', () => {
  const node = valid(
    documentOf('node', [
      baseline({ step: 1, jsonMB: 1 }),
      row({ codec: 'raw', interop: 'typed', step: 1, jsonMB: 1 }),
      row({ codec: 'raw', interop: 'val', step: 1, jsonMB: 1 }),
    ]),
  );
  const records = sizeRecords([sourceOf(node)], (document) => rowsAt(document, 10));
  assert.deepEqual(
    records.map((r) => [r.format, r.measure, r.ratio]),
    [
      ['JSON text', 'encoded', 0.5],
      ['JSON text', 'gzip', 0.0625],
      ['raw (C++)', 'encoded', 0.5],
      ['raw (C++)', 'gzip', 0.0625],
    ],
  );
});

test('module sizes come from the run headers, one build listed once', () => {
  const modules = [{ codec: 'raw', wasmBytes: 2048, wasmGzipBytes: 1024, glueBytes: 10 }];
  const node = valid(documentOf('node', [], { modules }));
  const browser = valid(documentOf('browser', [], { modules }));
  const records = moduleRecords([sourceOf(node), sourceOf(browser)]);
  assert.deepEqual(
    records.map((r) => [r.codec, r.measure, r.kb]),
    [
      ['raw', 'wasm', 2],
      ['raw', 'wasm gzip', 1],
    ],
  );
});

/** The lines of the limits view's tables, by path: { <path>: cells }. */
const limitLines = (sources) =>
  Object.fromEntries(
    limitsView(sources)
      .filter((part) => part.table)
      .flatMap((part) => part.table.lines.map((line) => [line.cells[0], line.cells])),
  );

test("payload limits of a sweep: the view's summary, each path's largest ok payload and its failures", () => {
  const node = valid(
    documentOf('node', [
      row({ codec: 'raw', step: 1, jsonMB: 1 }),
      row({ codec: 'raw', step: 2, jsonMB: 10 }),
      row({ codec: 'raw', step: 4, jsonMB: 300, failed: 'raw: out of memory at 300 MB' }),
      row({ codec: 'raw', step: 3, jsonMB: 100, failed: 'raw: out of memory at 100 MB' }),
      row({ codec: 'protobuf', step: 1, jsonMB: 1 }),
    ]),
  );
  const parts = limitsView([sourceOf(node)]);
  assert.deepEqual(
    parts.filter((part) => part.heading).map((part) => part.heading),
    ['node'],
  );
  const lines = limitLines([sourceOf(node)]);
  assert.deepEqual(lines['raw/typed'], [
    'raw/typed',
    'largest ok payload 10.0 MB; 2 failed, first: raw: out of memory at 300 MB',
  ]);
  assert.deepEqual(lines['protobuf/typed'], ['protobuf/typed', 'largest ok payload 1.00 MB']);
});

test('payload limits of a --limits run are the console table of run.limits, with the seed figure beside them', () => {
  const node = documentOf('node', [
    baseline({ step: 1, jsonMB: 1, batch: 'json (js)' }),
    baseline({ step: 2, jsonMB: 2, batch: 'json (js)' }),
    row({ codec: 'raw', step: 1, jsonMB: 1, batch: 'raw/typed' }),
    row({ codec: 'raw', step: 2, jsonMB: 2, batch: 'raw/typed' }),
    row({ codec: 'raw', step: 3, jsonMB: 4, batch: 'raw/typed', failed: 'encode: raw: std::bad_alloc' }),
    row({ codec: 'avro', impl: 'js', library: 'avsc 5.7.9', step: 1, jsonMB: 1, batch: 'avsc' }),
  ]);
  const entry = (fields) => ({ place: 'node', ...fields });
  node.run.limits = [
    entry({
      codec: 'json',
      impl: 'js',
      interop: 'js',
      library: 'JSON.stringify/JSON.parse',
      batch: 'json (js)',
      largestOkMB: 2,
      largestOkItems: 20,
      failedAtMB: 3,
      cause: 'js-heap',
      reason: 'child process crashed (killed by SIGABRT): FATAL ERROR: Reached heap limit',
    }),
    entry({
      codec: 'raw',
      impl: 'cpp',
      interop: 'typed',
      batch: 'raw/typed',
      largestOkMB: 2,
      largestOkItems: 20,
      failedAtMB: 4,
      failedAtItems: 30,
      cause: 'out-of-memory',
      reason: 'encode: raw: std::bad_alloc',
    }),
    entry({
      codec: 'avro',
      impl: 'js',
      interop: 'js',
      library: 'avsc 5.7.9',
      batch: 'avsc',
      largestOkMB: 1,
      largestOkItems: 10,
      cause: 'none',
      reason: 'no failure up to --limits-max-mb 1',
    }),
  ];
  valid(node);
  const parts = limitsView([sourceOf(node)]);
  const [table] = parts.filter((part) => part.table);
  assert.deepEqual(table.table.header, [
    'path',
    'largest ok MB',
    'items',
    'failed at MB',
    'cause',
    'seed MB',
    'reason',
  ]);
  const lines = limitLines([sourceOf(node)]);
  assert.deepEqual(Object.keys(lines), ['json (js)', 'raw/typed', 'avro (avsc)']);
  assert.deepEqual(lines['json (js)'].slice(1, 6), ['2.0', '20', '3.0', 'js-heap', '298']);
  assert.match(lines['json (js)'][6], /heap limit/);
  assert.deepEqual(lines['raw/typed'].slice(3, 7), [
    '4.0',
    'out-of-memory',
    '-',
    'encode: raw: std::bad_alloc',
  ]);
  assert.deepEqual(lines['avro (avsc)'].slice(3, 7), [
    '-',
    'none',
    '372',
    'no failure up to --limits-max-mb 1',
  ]);
});

test("cleanliness (the view's, in the report per file): one line per path, unclean if any size was", () => {
  const clean = { plainObject: true, exactKeys: true, dataProperties: true, clean: true };
  const unclean = {
    plainObject: false,
    exactKeys: true,
    dataProperties: true,
    clean: false,
    detail: 'item 0 is a Foo',
  };
  const node = valid(
    documentOf('node', [
      row({ codec: 'avro', impl: 'js', library: 'avsc 5.7.9', step: 1, jsonMB: 1, cleanliness: clean }),
      row({ codec: 'avro', impl: 'js', library: 'avsc 5.7.9', step: 2, jsonMB: 2, cleanliness: unclean }),
      row({ codec: 'raw', step: 1, jsonMB: 1, cleanliness: clean }),
      row({ codec: 'raw', interop: 'val', step: 1, jsonMB: 1 }),
    ]),
  );
  const lines = cleanlinessByPath(node.rows);
  assert.deepEqual(
    lines.map((l) => [l.label, l.cleanliness.clean, l.cleanliness.detail]),
    [
      ['avro (avsc)', false, 'item 0 is a Foo'],
      ['raw/typed', true, undefined],
    ],
  );
});

describe('comparison rule', () => {
  test('2x slower with a small spread is flagged slower', () => {
    const verdict = judgeChange({ median: 10, mad: 0.2 }, { median: 20, mad: 0.4 });
    assert.equal(verdict.flagged, true);
    assert.equal(verdict.verdict, 'slower');
    assert.equal(verdict.relative, 1);
  });

  test('a change inside 3 MADs is not flagged, even above 5%', () => {
    const verdict = judgeChange({ median: 10, mad: 0.1 }, { median: 10.8, mad: 0.4 });
    assert.equal(verdict.flagged, false);
    assert.equal(verdict.verdict, '');
  });

  test('a change under 5% is not flagged, even outside 3 MADs', () => {
    assert.equal(judgeChange({ median: 10, mad: 0 }, { median: 10.4, mad: 0 }).flagged, false);
  });

  test('faster beyond the spread is flagged faster', () => {
    assert.equal(judgeChange({ median: 10, mad: 0.1 }, { median: 5, mad: 0.1 }).verdict, 'faster');
  });

  test('rows match by place, codec, impl, interop, variant and size; duplicates are merged', () => {
    const old = documentOf('node', [
      baseline({ batch: 'a', step: 1, jsonMB: 1, encodeMs: 1, encodeMad: 0.01 }),
      baseline({ batch: 'b', step: 1, jsonMB: 1, encodeMs: 3, encodeMad: 0.01 }),
      row({ codec: 'raw', step: 1, jsonMB: 1, encodeMs: 1 }),
      row({ codec: 'raw', step: 2, jsonMB: 2 }),
      row({ codec: 'msgpack', step: 1, jsonMB: 1 }),
    ]);
    const current = documentOf('node', [
      baseline({ batch: 'a', step: 1, jsonMB: 1, encodeMs: 2, encodeMad: 0.01 }),
      row({ codec: 'raw', step: 1, jsonMB: 1, encodeMs: 3 }),
      row({ codec: 'raw', variant: 'zero-copy', step: 1, jsonMB: 1 }),
      row({ codec: 'msgpack', step: 1, jsonMB: 1, failed: 'msgpack: broke' }),
    ]);
    const { lines, onlyOld, onlyNew, statusChanges } = compareRuns(old, current);
    const encode = lines.filter((l) => l.operation === 'encode');
    assert.deepEqual(
      encode.map((l) => [l.label, l.oldMedian, l.newMedian, l.verdict]),
      [
        // Old baselines 1 and 3: median 2, spread the MAD of the medians (1): no flag.
        ['json (js)', 2, 2, ''],
        ['raw/typed', 1, 3, 'slower'],
      ],
    );
    assert.deepEqual(
      onlyOld.map((r) => [r.label, r.step]),
      [['raw/typed', 2]],
    );
    assert.deepEqual(
      onlyNew.map((r) => r.label),
      ['raw/typed [zero-copy]'],
    );
    assert.deepEqual(
      statusChanges.map((r) => [r.label, r.change, r.error]),
      [['msgpack/typed', 'now fails', 'msgpack: broke']],
    );
  });
});

test('the default inputs are the newest file of each place in results/', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'wcb-report-latest-'));
  for (const name of [
    'node-2026-01-01T00-00-00Z.json',
    'node-2026-03-01T00-00-00Z.json',
    'browser-2026-02-01T00-00-00Z.json',
    'notes.json',
    'nodejs.txt',
  ]) {
    writeFileSync(path.join(dir, name), '{}');
  }
  assert.deepEqual(
    latestResultsFiles(dir).map((file) => path.basename(file)),
    ['node-2026-03-01T00-00-00Z.json', 'browser-2026-02-01T00-00-00Z.json'],
  );
  assert.deepEqual(latestResultsFiles(path.join(dir, 'missing')), []);
});
