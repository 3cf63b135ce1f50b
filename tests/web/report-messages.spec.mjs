// npm run report on results of the messages workload: the model (ops/s per
// record, x JSON, the per-call floor), the HTML and SVG files, the HTML
// drawn in headless Chromium, the choice of the latest files per workload,
// and the clear refusal of tuple and message files mixed in one report.

import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test } from '@playwright/test';
import { pathToFileURL } from 'node:url';
import { latestResultsFiles } from '../../src/report/load.mjs';
import { unitRecords } from '../../src/report/unit-report.mjs';
import { callFloorRows } from '../../src/workloads/messages/report.mjs';
import { messageRecordTables } from '../../src/workloads/messages/view.mjs';
import { toSources } from '../../src/report/shared-model.mjs';
import { watchErrors } from './browser.mjs';
import { messagesDocument } from './messages-helpers.mjs';
import { REPO_ROOT, baseline, documentOf, validateResults } from './report-helpers.mjs';

const REPORT = path.join(REPO_ROOT, 'node', 'report.mjs');
const MESSAGE_CHARTS = [
  'messages-encode',
  'messages-ratio-encode',
  'messages-decode',
  'messages-ratio-decode',
  'messages-roundtrip',
  'messages-ratio-roundtrip',
  'messages-boundary-share',
  'call-floor',
];

function report(args) {
  return spawnSync(process.execPath, [REPORT, ...args], {
    encoding: 'utf8',
    cwd: REPO_ROOT,
    timeout: 120_000,
  });
}

function sourcesOf(...documents) {
  return toSources(documents.map((document, index) => ({ file: `file-${index}.json`, document })));
}

test.describe('the messages model', () => {
  const document = messagesDocument('browser');

  test('the fixture is a valid messages results file', () => {
    assert.deepEqual(validateResults(document), { valid: true });
  });

  test('ops/s per path and record, with x JSON against the baseline of the same record', () => {
    const records = unitRecords(sourcesOf(document), 'encode');
    const byKey = new Map(records.map((record) => [`${record.label}|${record.unit}`, record]));
    // bool: JSON, json/val, json/embind, msgpackr; record: JSON, json/val.
    // Floors, n/a and failed rows draw nothing.
    assert.equal(records.length, 6);
    assert.ok(!records.some((record) => record.label.includes('[floor]')));
    assert.equal(byKey.get('json/val|bool').value, 1e7);
    assert.equal(byKey.get('json/val|bool').versusJson, 0.25);
    assert.equal(byKey.get('msgpack (msgpackr)|bool').versusJson, 0.2);
    assert.equal(byKey.get('json (js)|record').versusJson, 1);
    const decode = unitRecords(sourcesOf(document), 'decode');
    assert.equal(decode.find((r) => r.label === 'json/val' && r.unit === 'record').versusJson, 4);
    // The fixture's rows carry no samples: no verdict.
    assert.equal(byKey.get('json/val|bool').verdict, 'unknown');
  });

  test('with samples, each x JSON carries its verdict against the same batch', () => {
    const withSamples = structuredClone(document);
    for (const row of withSamples.rows) {
      for (const operation of ['encode', 'decode', 'roundTrip']) {
        const stats = row[operation]?.opsPerSec;
        if (stats) stats.samples = [0.99, 1, 1.01].map((factor) => stats.median * factor);
      }
    }
    const byKey = new Map(
      unitRecords(sourcesOf(withSamples), 'encode').map((record) => [
        `${record.label}|${record.unit}`,
        record,
      ]),
    );
    assert.equal(byKey.get('json/val|bool').verdict, 'slower', '0.25x with a 1% spread');
    assert.equal(byKey.get('json (js)|bool').verdict, undefined, 'the baseline is not judged');
    assert.equal(byKey.get('json (js)|bool').versusJson, 1);
  });

  test('a table per record lists every path, floors, n/a and failures included', () => {
    const tables = messageRecordTables(document.rows);
    assert.deepEqual(
      tables.map((table) => table.record),
      ['bool', 'record'],
    );
    const { lines } = tables[1];
    const label = (line) => (Array.isArray(line) ? line[0] : line.label);
    assert.deepEqual(lines.map(label).sort(), [
      'bser (bser)',
      'json (js)',
      'json/embind',
      'json/val',
      'json/val [floor]',
    ]);
    const floor = lines.find((line) => label(line) === 'json/val [floor]');
    assert.equal(floor[4], '-', 'a floor has no round trip');
    assert.deepEqual(floor.slice(8, 11), ['-', '-', '-'], 'a floor is no codec: no x JSON');
    assert.deepEqual(lines.find((line) => label(line) === 'json/val').slice(11), ['50%', '25%']);
    assert.match(lines.find((line) => label(line) === 'bser (bser)').text, /^FAILED: /);
  });

  test('the per-call floor comes from the empty-call row of each module', () => {
    const lines = callFloorRows(sourcesOf(document));
    assert.equal(lines.length, 1);
    assert.equal(lines[0].codec, 'json');
    assert.equal(lines[0].nsPerOp, 20);
  });
});

test.describe('npm run report on messages results files', () => {
  let dir;

  test.beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'wcb-report-messages-'));
  });

  test('writes the HTML and one SVG per chart; the page draws them from disk with no error', async ({
    page,
  }) => {
    const files = ['node', 'browser'].map((place) => {
      const file = path.join(dir, `${place}-messages.json`);
      writeFileSync(file, JSON.stringify(messagesDocument(place)));
      return file;
    });
    const outDir = path.join(dir, 'report');
    const result = report([...files, '--out-dir', outDir]);
    assert.equal(result.status, 0, result.stderr);
    assert.deepEqual(
      readdirSync(outDir).sort(),
      ['index.html', ...MESSAGE_CHARTS.map((id) => `${id}.svg`)].sort(),
    );
    for (const id of MESSAGE_CHARTS) {
      const svg = readFileSync(path.join(outDir, `${id}.svg`), 'utf8');
      assert.match(svg, /class="mark-(symbol|rect)[^"]*"[^>]*><path/, `${id} has data marks`);
    }
    // What the charts show in words: each file's answer (the tables' comparisons).
    assert.match(
      result.stdout,
      /messages-encode: Messages, encode: operations per second per record and path\n/,
    );
    assert.match(
      result.stdout,
      /In Node 1 \(V8\) on record "bool": .*json\/val decodes this 4\.00x faster than JSON\.parse/,
    );

    const errors = watchErrors(page);
    await page.goto(pathToFileURL(path.join(outDir, 'index.html')).href);
    await page.waitForFunction(() => document.body.dataset.state !== 'loading', null, { timeout: 60_000 });
    assert.equal(await page.evaluate(() => document.body.dataset.state), 'done');
    const rendered = await page.$$eval('[data-chart]', (elements) =>
      elements.map((element) => [element.dataset.chart, element.dataset.rendered]),
    );
    assert.deepEqual(
      rendered,
      MESSAGE_CHARTS.map((id) => [id, 'true']),
    );
    // Per file (two places): one table per record, the floor table; the runs' records.
    const recordTables = await page.$$eval('#verdicts table[data-record]', (tables) =>
      tables.map((table) => [table.dataset.record, table.querySelectorAll('tbody tr').length]),
    );
    assert.deepEqual(
      recordTables.map(([record]) => record),
      ['bool', 'record', 'bool', 'record'],
    );
    assert.deepEqual(
      recordTables.filter(([record]) => record === 'record').map(([, lines]) => lines),
      [5, 5],
    );
    const recordText = await page.textContent('#verdicts table[data-record="record"]');
    assert.match(recordText, /n\/a: json\/embind: record "record" is not offered through embind/);
    assert.match(recordText, /FAILED: bser: cannot represent a Date/);
    assert.equal(
      await page.$$eval('#verdicts table[data-role="call-floor"] tbody tr', (rows) => rows.length),
      2,
    );
    assert.match(await page.textContent('#runs'), /bool, record/);
    assert.deepEqual(errors, []);
  });

  test('tuple and message files in one report are refused, naming the files of each workload', () => {
    const messages = path.join(dir, 'browser-messages.json');
    writeFileSync(messages, JSON.stringify(messagesDocument('browser')));
    const tuples = path.join(dir, 'node-tuples.json');
    const tupleDocument = documentOf('node', [baseline({ step: 1, jsonMB: 0.1 })]);
    assert.deepEqual(validateResults(tupleDocument), { valid: true });
    writeFileSync(tuples, JSON.stringify(tupleDocument));
    const out = path.join(dir, 'mixed');
    const result = report([tuples, messages, '--out-dir', out]);
    assert.equal(result.status, 1, result.stderr);
    assert.match(
      result.stderr,
      /different workloads \(tuples: node-tuples\.json; messages: browser-messages\.json\); report one workload at a time/,
    );
    assert.ok(!existsSync(path.join(out, 'index.html')), 'nothing written');

    // Message files compare by record (tests/node/compare-blocks.test.mjs).
    const compare = report(['--compare', messages, messages, '--out-dir', out]);
    assert.equal(compare.status, 0, compare.stderr);
    assert.match(compare.stdout, /\d+ row operations compared: 0 slower and 0 faster beyond the spread/);
  });

  test('the latest files are picked per workload; --workload messages reports them', () => {
    const resultsDir = path.join(dir, 'results');
    mkdirSync(resultsDir);
    const tuples = documentOf('browser', [baseline({ step: 1, jsonMB: 0.1 })]);
    writeFileSync(path.join(resultsDir, 'browser-2026-01-01T00-00-00Z.json'), JSON.stringify(tuples));
    writeFileSync(
      path.join(resultsDir, 'browser-messages-2026-02-01T00-00-00Z.json'),
      JSON.stringify(messagesDocument('browser')),
    );
    writeFileSync(path.join(resultsDir, 'browser-messages-2025-01-01T00-00-00Z.json'), '{"not": "results"}');
    writeFileSync(
      path.join(resultsDir, 'node-messages-2026-03-01T00-00-00Z.json'),
      JSON.stringify(messagesDocument('node')),
    );
    const names = (files) => files.map((file) => path.basename(file));
    assert.deepEqual(names(latestResultsFiles(resultsDir)), ['browser-2026-01-01T00-00-00Z.json']);
    assert.deepEqual(names(latestResultsFiles(resultsDir, { workload: 'messages' })), [
      'node-messages-2026-03-01T00-00-00Z.json',
      'browser-messages-2026-02-01T00-00-00Z.json',
    ]);
    const result = report(['--results-dir', resultsDir, '--workload', 'messages']);
    assert.equal(result.status, 0, result.stderr);
    assert.ok(existsSync(path.join(resultsDir, 'report', 'messages-encode.svg')));
    const tupleReport = report(['--results-dir', resultsDir, '--out-dir', path.join(dir, 'tuples')]);
    assert.equal(tupleReport.status, 0, tupleReport.stderr);
    assert.match(tupleReport.stdout, /Reporting .*browser-2026-01-01T00-00-00Z\.json\n/);
    const bad = report(['--workload', 'records']);
    assert.equal(bad.status, 2);
    assert.match(bad.stderr, /--workload: unknown value 'records' \(accepted: tuples, messages, documents\)/);
  });
});
