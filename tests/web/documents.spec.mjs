// The documents workload in the browser page and in npm run bench:web
// (headless Chromium): the workload selector with its data set checklist
// and libraries, a tiny run from disk (one small data set, one repetition,
// no warm-up, one codec and strategy, a library, the JSON baselines beside
// them) with its tables, JBB's reference rows and a valid results file, the
// decode box on this workload's
// modules with bad bytes, and bench:web with a data set per browser context.
// Skipped when the wasm build has no documents modules.

import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { test } from '@playwright/test';
import { isJsonBaseline, isJsonUtf8Baseline } from '../../src/catalog.mjs';
import documents from '../../src/workloads/documents/workload.mjs';
import {
  PAGE_FILE_URL,
  REPO_ROOT,
  decodeBox,
  downloadResults,
  openPage,
  pageUrl,
  waitForRunEnd,
  watchErrors,
} from './browser.mjs';
import { CODEC, STRATEGY, built, codecs, serveThePage, validate } from './documents-helpers.mjs';

const execute = promisify(execFile);
const TINY = { workload: 'documents', repetitions: 1, warmup: 0, codecs: [CODEC], strategies: [STRATEGY] };
const serverUrl = serveThePage();

/** Indexes in `rows` of each batch's JSON baseline and path rows, by data set. */
function orderOf(rows, batch, dataset) {
  const at = rows
    .map((row, index) => ({ row, index }))
    .filter(({ row }) => row.batch === batch && row.dataset === dataset);
  const json = at.filter(({ row }) => isJsonBaseline(row)).map(({ index }) => index);
  const path = at
    .filter(({ row }) => !isJsonBaseline(row) && !isJsonUtf8Baseline(row))
    .map(({ index }) => index);
  assert.equal(json.length, 1, `${batch} ${dataset}: one JSON baseline`);
  assert.equal(path.length, 1, `${batch} ${dataset}: one path row`);
  return { jsonFirst: json[0] < path[0] };
}

test.describe('the documents workload of the page', () => {
  test.skip(!built, 'the wasm build has no documents modules (scripts/build-wasm.sh)');
  test.describe.configure({ timeout: 300_000 });

  test('the selector shows the data sets (the small ones checked) and the libraries of documents', async ({
    page,
  }) => {
    const errors = watchErrors(page);
    await openPage(page, serverUrl());
    assert.ok(!(await page.isVisible('#dataset-choices')), 'no data sets for tuples');
    await page.selectOption('#workload', 'documents');
    for (const id of ['#min-mb', '#max-mb', '#per-decade', '#record-choices', '#min-rep-ms'])
      assert.ok(!(await page.isVisible(id)), `${id} hidden for documents`);
    for (const id of ['#dataset-choices', '#repetitions', '#warmup'])
      assert.ok(await page.isVisible(id), `${id} shown for documents`);
    const boxes = await page.$$eval('input[name="dataset"]', (inputs) =>
      inputs.map((input) => [input.value, input.checked]),
    );
    assert.deepEqual(
      boxes,
      documents.datasets.map((id) => [id, documents.quick.datasets.includes(id)]),
    );
    for (const strategy of documents.strategies)
      assert.ok(await page.isVisible(`input[name="strategy"][value="${strategy}"]`), strategy);
    assert.ok(!(await page.isVisible('input[name="strategy"][value="typed"]')));
    // Libraries of the documents workload only (geobuf holds GeoJSON alone), and not the tuple-only ones.
    assert.ok(await page.isVisible('input[name="peer"][value="geobuf"]'));
    assert.ok(await page.isVisible('input[name="peer"][value="msgpackr"]'));
    assert.ok(!(await page.isVisible('input[name="peer"][value="pbf"]')));
    assert.equal(await page.textContent('#tables-title'), 'Results per data set');

    for (const input of await page.$$('input[name="dataset"]')) await input.uncheck();
    await page.click('#run');
    assert.match(await page.textContent('#status'), /^Not started: pick at least one data set/);

    // Back to tuples: its controls again, and geobuf is not offered there.
    await page.selectOption('#workload', 'tuples');
    assert.ok(await page.isVisible('#min-mb'));
    assert.ok(!(await page.isVisible('#dataset-choices')));
    assert.ok(!(await page.isVisible('input[name="peer"][value="geobuf"]')));
    assert.deepEqual(errors, []);
  });

  test('a tiny run from disk: ok rows beside JSON, the time and size tables, JBB reference rows', async ({
    page,
  }) => {
    const options = { ...TINY, datasets: ['geo-110m'], peers: ['msgpackr'] };
    const errors = watchErrors(page);
    await openPage(page, pageUrl(PAGE_FILE_URL, { ...options, autorun: true }));
    assert.equal(await waitForRunEnd(page), 'done', await page.textContent('#status'));

    const time = await page.$$eval(
      '#tables table[data-role="time"][data-dataset="geo-110m"] tbody tr',
      (trs) =>
        trs.map((tr) => ({
          path: tr.dataset.path,
          role: tr.dataset.role,
          status: tr.dataset.status,
          cells: [...tr.cells].map((td) => td.textContent),
        })),
    );
    const line = (label) => time.find((candidate) => candidate.path === label);
    const label = `${CODEC}/${STRATEGY}`;
    for (const path of ['json (js)', label, 'msgpack (msgpackr)'])
      assert.equal(line(path)?.status, 'ok', `${path}: ${JSON.stringify(time)}`);
    const [, encodeMs, decodeMs, encVsJson, decVsJson] = line(label).cells;
    for (const cell of [encodeMs, decodeMs]) assert.ok(Number(cell) >= 0, `time '${cell}'`);
    for (const cell of [encVsJson, decVsJson]) assert.match(cell, /^~?\d+(\.\d+)?x\??$|^-$/);
    // The wasm path's interop share is shown.
    assert.match(line(label).cells.slice(-2).join(' '), /\d+%/);
    const jbb = time.filter((row) => row.role === 'jbb').map((row) => row.cells[0]);
    assert.deepEqual(jbb, ['JBB published: JSON', 'JBB published: BSON', 'JBB published: MsgPack']);
    const sizes = await page.$$eval(
      '#tables table[data-role="size"][data-dataset="geo-110m"] tbody tr',
      (trs) => trs.map((tr) => tr.cells[0].textContent),
    );
    assert.ok(sizes.includes(`${CODEC} (C++)`) && sizes.includes('msgpack (msgpackr)'), sizes.join());
    assert.ok(sizes.includes('JBB published: MsgPack'));

    assert.match(await page.textContent('#validation'), /valid against results\.schema\.json/);
    const { name, document } = await downloadResults(page);
    assert.match(name, /^browser-documents-.*\.json$/);
    const verdict = validate(document);
    assert.ok(verdict.valid, verdict.text);
    assert.equal(document.run.workload, 'documents');
    assert.equal(document.run.finished, true);
    assert.deepEqual(document.run.protocol.datasets, ['geo-110m']);
    assert.equal(document.run.protocol.isolation, 'json-per-path');
    const { rows } = document;
    assert.ok(
      rows.every((row) => row.place === 'browser' && row.dataset === 'geo-110m' && row.status === 'ok'),
    );
    assert.ok(rows.every((row) => row.encode.n === 1 && row.jsonBytes > 400_000));
    // json's bytes are JSON text: the UTF-8 baseline beside it; every batch has its JSON, first (1st data set).
    assert.deepEqual(rows.map((row) => row.batch).sort(), [label, label, label, 'msgpackr', 'msgpackr']);
    assert.ok(rows.some((row) => row.batch === label && isJsonUtf8Baseline(row)));
    for (const batch of [label, 'msgpackr']) assert.equal(orderOf(rows, batch, 'geo-110m').jsonFirst, true);
    const wasm = rows.find((row) => row.impl === 'cpp');
    assert.ok(wasm.encodePhases && wasm.decodePhases, 'the wasm path is timed in phases');
    assert.deepEqual(errors, []);
  });

  test('the decode box decodes a documents sample and names the codec on bad bytes', async ({ page }) => {
    const errors = watchErrors(page);
    await openPage(page, pageUrl(serverUrl(), { workload: 'documents' }));
    const offered = await page.$$eval('#decode-codec option', (options) =>
      options.map((option) => option.value),
    );
    assert.deepEqual(offered, codecs, "the documents modules' codecs");
    const strategies = await page.$$eval('#decode-strategy option', (options) =>
      options.map((option) => option.value),
    );
    assert.deepEqual(strategies, documents.strategies);
    for (const codec of codecs) {
      await page.selectOption('#decode-codec', codec);
      await page.selectOption('#decode-strategy', STRATEGY);
      const sample = await decodeBox(page, '#decode-sample');
      assert.equal(sample.outcome, 'ok', sample.text);
      const decoded = await decodeBox(page, '#decode');
      assert.equal(decoded.outcome, 'ok', decoded.text);
      assert.match(decoded.text, new RegExp(`^${codec}/${STRATEGY}: decoded a document from \\d+ bytes`));
      assert.match(decoded.text, /"name":"Île de la Cité"/);

      // Bytes cut short: the codec's own error, named, and the page goes on.
      const hex = await page.inputValue('#decode-input');
      await page.fill('#decode-input', hex.split(' ').slice(0, 5).join(' '));
      const bad = await decodeBox(page, '#decode');
      assert.equal(bad.outcome, 'error');
      assert.match(bad.text, new RegExp(`^Error: ${codec}: \\S`));
    }
    // The tuples workload gets its own modules back.
    await page.selectOption('#workload', 'tuples');
    await page.selectOption('#decode-strategy', 'typed');
    assert.equal(await page.inputValue('#decode-strategy'), 'typed');
    assert.deepEqual(errors, []);
  });
});

test.describe('bench:web --workload documents', () => {
  test.skip(!built, 'the wasm build has no documents modules (scripts/build-wasm.sh)');
  test.describe.configure({ timeout: 480_000 });

  test('each data set of each path in its own context, JSON beside it, results valid', async () => {
    const directory = mkdtempSync(path.join(tmpdir(), 'wcb-documents-web-'));
    try {
      const out = path.join(directory, 'browser-documents.json');
      const small = documents.quick.datasets.filter((id) => id !== 'geo-110m').slice(-1)[0];
      const args = [
        '--workload',
        'documents',
        '--sweep',
        '--datasets',
        `geo-110m,${small}`,
        '--codecs',
        CODEC,
      ];
      args.push('--strategies', STRATEGY, '--peers', 'geobuf', '--repetitions', '1', '--warmup', '0');
      const { stdout } = await execute(
        process.execPath,
        [path.join(REPO_ROOT, 'node', 'bench-web.mjs'), ...args, '--out', out],
        {
          timeout: 420_000,
        },
      );
      const document = JSON.parse(readFileSync(out, 'utf8'));
      const verdict = validate(document);
      assert.ok(verdict.valid, verdict.text);
      const { run, rows } = document;
      assert.equal(run.workload, 'documents');
      assert.equal(run.finished, true);
      assert.deepEqual(run.protocol.datasets, ['geo-110m', small], "the run's data sets, not one context's");
      assert.equal(run.protocol.isolation, 'context-per-block');
      const label = `${CODEC}/${STRATEGY}`;
      // Each data set of the path a block in a fresh context: its rows in the block's order, JSON first.
      assert.equal(orderOf(rows, label, 'geo-110m').jsonFirst, true);
      assert.equal(orderOf(rows, label, small).jsonFirst, true);
      // geobuf holds GeoJSON only: n/a (not failed) outside it, with JSON still measured beside it.
      const geobuf = rows.filter((row) => row.batch === 'geobuf' && row.codec === 'geobuf');
      assert.equal(geobuf.find((row) => row.dataset === small)?.status, 'n/a');
      assert.ok(rows.filter((row) => row.batch === 'geobuf' && isJsonBaseline(row)).length === 2);
      assert.ok(rows.filter((row) => row.impl === 'cpp').every((row) => row.status === 'ok'));
      assert.match(stdout, /^geo-110m .*: time per call$/m);
      assert.match(stdout, /JBB published: MsgPack/);
    } finally {
      rmSync(directory, { recursive: true, force: true });
    }
  });
});
