// The report's engines side by side (src/report/engines-side-by-side.mjs) and how
// npm run report finds each browser's latest file: plain functions on
// made-up results, no browser.

import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { engineOf } from '../../src/engines.mjs';
import {
  engineComparison,
  enginesSection,
  enginesText,
  withEnginesSection,
} from '../../src/report/engines-side-by-side.mjs';
import { latestResultsFiles } from '../../src/report/load.mjs';

const samples = (ms) => ({ median: ms, samples: [ms * 0.99, ms, ms * 1.01] });

/** A tuples row at step 10 (1.1 MB) or 20 (9.8 MB). */
function row(fields, { encode, decode, step = 20 }) {
  return {
    place: 'browser',
    status: 'ok',
    step,
    jsonMB: step === 20 ? 9.8 : 1.1,
    encode: samples(encode),
    decode: samples(decode),
    ...fields,
  };
}

const json = (batch, times) => row({ codec: 'json', impl: 'js', interop: 'js', batch }, times);
const typed = (times) =>
  row({ codec: 'msgpack', impl: 'cpp', interop: 'typed', batch: 'msgpack/typed' }, times);
const peer = (times) =>
  row({ codec: 'msgpack', impl: 'js', interop: 'js', library: 'msgpackr 2.1.4', batch: 'msgpackr' }, times);

function source(name, runtime, rows) {
  return {
    source: name,
    place: runtime.name === 'node' ? 'node' : 'browser',
    document: { run: { runtime }, rows },
  };
}

// The same path in two engines: JSON and the library differ between them, so
// a ratio taken across engines would differ from the one taken within each.
const chromium = source('browser (a)', { name: 'chromium', version: '156.0.1', engine: 'V8' }, [
  json('msgpack/typed', { encode: 10, decode: 20 }),
  typed({ encode: 5, decode: 10 }),
  json('msgpackr', { encode: 10, decode: 20 }),
  peer({ encode: 2.5, decode: 5 }),
  typed({ encode: 0.5, decode: 1, step: 10 }),
]);
const firefox = source('browser (b)', { name: 'firefox', version: '153.8.0', engine: 'SpiderMonkey' }, [
  json('msgpack/typed', { encode: 20, decode: 40 }),
  typed({ encode: 5, decode: 8 }),
  json('msgpackr', { encode: 20, decode: 40 }),
  peer({ encode: 10, decode: 16 }),
]);
const native = source('native', { name: 'g++', version: '12' }, [typed({ encode: 1, decode: 2 })]);

test('each runtime has its engine; native code has none', () => {
  assert.equal(engineOf({ name: 'node', version: 'v20' }), 'V8');
  assert.equal(engineOf({ name: 'chromium', version: '156' }), 'V8');
  assert.equal(engineOf({ name: 'firefox', version: '153' }), 'SpiderMonkey');
  assert.equal(engineOf({ name: 'firefox', version: '153', engine: 'Other' }), 'Other');
  assert.equal(engineOf({ name: 'g++', version: '12' }), undefined);
});

test('engines side by side: the same path at the size nearest --size-mb, ratios within each engine', () => {
  const comparison = engineComparison([native, chromium, firefox], { sizeMB: 10 });
  assert.deepEqual(
    comparison.columns.map((column) => column.label),
    ['Chromium 156.0.1 (V8)', 'Firefox 153.8.0 (SpiderMonkey)'],
  );
  const encode = comparison.tables.find((table) => table.operation === 'encode');
  assert.equal(encode.unit, '10 MB');
  assert.deepEqual(encode.at, ['9.8 MB', '9.8 MB']);
  const line = (table, label) => table.lines.find((candidate) => candidate.path === label).cells;
  const [inChromium, inFirefox] = line(encode, 'msgpack/typed');
  // 5 ms in both; against each engine's own JSON (10 and 20 ms) and library (2.5 and 10 ms).
  assert.deepEqual([inChromium.time, inChromium.xJson, inChromium.xBest], ['5.00', '2.00x', '0.50x']);
  assert.deepEqual([inFirefox.time, inFirefox.xJson, inFirefox.xBest], ['5.00', '4.00x', '2.00x']);
  // The JSON line: its own time in each engine.
  assert.deepEqual(
    line(encode, 'json (js)').map((cell) => cell.time),
    ['10.0', '20.0'],
  );
  const text = enginesText(comparison);
  assert.match(text, /encode at 10 MB: \[1\] Chromium 156\.0\.1 \(V8\) at 9\.8 MB, \[2\] Firefox 153\.8\.0/);
  const html = enginesSection(comparison);
  assert.match(html, /<section id="engines">/);
  assert.match(html, /Firefox 153\.8\.0 \(SpiderMonkey\) at 9\.8 MB/);
  const page = '<body><h1>x</h1>\n<script type="application/json" id="chart-specs">{}</script></body>';
  assert.ok(
    withEnginesSection(page, comparison).indexOf('id="engines"') <
      withEnginesSection(page, comparison).indexOf('chart-specs'),
  );
});

test('WebKit is JavaScriptCore; an engine whose GC is allocation pressure says so beside its figures', () => {
  assert.equal(engineOf({ name: 'webkit', version: '2.50.6' }), 'JavaScriptCore');
  assert.equal(engineOf({ name: 'safari', version: '18.2' }), 'JavaScriptCore');
  const webkit = source('browser (c)', { name: 'webkit', version: '2.50.6', engine: 'JavaScriptCore' }, [
    json('msgpack/typed', { encode: 30, decode: 30 }),
    typed({ encode: 6, decode: 9 }),
  ]);
  webkit.document.run.protocol = { gc: true, gcMethod: 'allocation pressure' };
  const comparison = engineComparison([chromium, firefox, webkit], { sizeMB: 10 });
  assert.deepEqual(
    comparison.columns.map((column) => column.label),
    [
      'Chromium 156.0.1 (V8)',
      'Firefox 153.8.0 (SpiderMonkey)',
      'WebKit 2.50.6 (JavaScriptCore), GC: allocation pressure',
    ],
  );
  const encode = comparison.tables.find((table) => table.operation === 'encode');
  const inWebKit = encode.lines.find((line) => line.path === 'msgpack/typed').cells[2];
  assert.deepEqual([inWebKit.time, inWebKit.xJson], ['6.00', '5.00x']);
});

test('one engine alone has nothing to set beside it', () => {
  assert.equal(engineComparison([native, chromium], { sizeMB: 10 }), undefined);
  assert.equal(enginesText(undefined), '');
  assert.equal(withEnginesSection('<body></body>', undefined), '<body></body>');
});

test('npm run report takes the latest file of each browser, the default one first', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'wcb-report-engines-'));
  try {
    for (const name of [
      'node-2026-01-01T00-00-00Z.json',
      'browser-2026-01-01T00-00-00Z.json',
      'browser-2026-02-01T00-00-00Z.json',
      'browser-firefox-2026-03-01T00-00-00Z.json',
      'browser-firefox-2026-01-01T00-00-00Z.json',
      'browser-messages-firefox-2026-04-01T00-00-00Z.json',
      'browser-messages-2026-04-01T00-00-00Z.json',
      'browser-webkit-2026-02-01T00-00-00Z.json',
      'browser-webkit-2026-01-01T00-00-00Z.json',
    ])
      writeFileSync(path.join(dir, name), '{}');
    const names = (files) => files.map((file) => path.basename(file));
    assert.deepEqual(names(latestResultsFiles(dir)), [
      'node-2026-01-01T00-00-00Z.json',
      'browser-2026-02-01T00-00-00Z.json',
      'browser-firefox-2026-03-01T00-00-00Z.json',
      'browser-webkit-2026-02-01T00-00-00Z.json',
    ]);
    assert.deepEqual(names(latestResultsFiles(dir, { workload: 'messages' })), [
      'browser-messages-2026-04-01T00-00-00Z.json',
      'browser-messages-firefox-2026-04-01T00-00-00Z.json',
    ]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
