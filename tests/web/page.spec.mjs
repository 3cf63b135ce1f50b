// The browser page in headless Chromium (Playwright Test, Debian's
// /usr/bin/chromium): opened from disk and served with COOP/COEP, a small
// sweep of every codec and strategy, its tables, charts and results file,
// the "decode these bytes" box, and Stop.

import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { test } from '@playwright/test';
import { readWasmBuild } from '../../node/build-web.mjs';
import { codecsOf, isJsonText, isJsonUtf8Baseline } from '../../src/catalog.mjs';
import { startServer } from '../../node/serve.mjs';
import { selectSteps } from '../../src/workloads/tuples/dataset.mjs';
import { pathLabel } from '../../src/workloads/tuples/tuple-paths.mjs';
import { peerMeta, peersFor } from '../../src/harness/peers.mjs';
import { createResultsValidator } from '../../src/harness/validate.mjs';
import {
  PAGE_FILE_URL,
  SCREENSHOT_DIR,
  chartPoints,
  decodeBox,
  downloadResults,
  openPage,
  pageUrl,
  waitForRunEnd,
  watchErrors,
} from './browser.mjs';
import { assertSameBatchBaselines } from './isolation.mjs';
import { resultsSchema } from '../../src/workload-folders.mjs';

const STRATEGIES = ['val', 'embind', 'typed'];
// The pure-JS libraries the page runs (all checked by default), by their table label.
const PEER_LABELS = peersFor('browser').map((peer) => pathLabel(peerMeta(peer)));
// Two small sizes (about 0.1 and 0.3 MB of JSON), two repetitions: this
// checks that everything runs, it measures nothing. Big enough that JSON
// takes a few ticks of the coarse clock a file:// page gets (0.1 ms), so the
// ratio chart has points.
const TINY_SWEEP = { minMB: 0.1, maxMB: 0.35, perDecade: 2, repetitions: 2, warmup: 1 };
// Each path is measured with the JSON baseline beside it: two rows per path and size.
const PATHS = () => codecs.length * STRATEGIES.length + PEER_LABELS.length;

const validate = createResultsValidator(await resultsSchema());
// The page bundle is built by tests/web/global-setup.mjs.
const codecs = codecsOf(readWasmBuild().info, 'tuples');
// Codecs whose bytes are JSON text: their paths get the UTF-8 JSON baseline beside them.
const jsonTextCodecs = codecs.filter((codec) => isJsonText(readWasmBuild().info, codec));
const UTF8_ROWS_PER_SIZE = () => jsonTextCodecs.length * STRATEGIES.length;
let server;

test.beforeAll(async () => {
  server = await startServer();
});

test.afterAll(async () => {
  await server?.close();
});

/** The checks shared by the file:// and served runs; returns the results document. */
async function checkSweep(page, { crossOriginIsolated }) {
  assert.equal(await waitForRunEnd(page), 'done', await page.textContent('#status'));

  // A table row with numbers for every codec and strategy, at every size.
  const tables = await page.$$('#tables table[data-step]');
  assert.equal(tables.length, 2, 'one table per size');
  for (const table of tables) {
    // Under each JSON-text path, a line of its ratios against the UTF-8 baseline.
    const utf8Lines = await table.$$eval('tbody tr[data-role="utf8"]', (trs) =>
      trs.map((tr) => tr.textContent),
    );
    assert.equal(utf8Lines.length, UTF8_ROWS_PER_SIZE(), utf8Lines.join('\n'));
    for (const line of utf8Lines) assert.match(line, /^vs json \(js, utf-8\)/);
    const rows = await table.$$eval('tbody tr:not([data-role])', (trs) =>
      trs.map((tr) => ({
        path: tr.dataset.path,
        status: tr.dataset.status,
        cells: [...tr.cells].map((td) => td.textContent),
      })),
    );
    const expected = [
      'json (js)',
      ...(jsonTextCodecs.length > 0 ? ['json (js, utf-8)'] : []),
      'objects (js, floor)',
      ...codecs.flatMap((codec) => STRATEGIES.map((strategy) => `${codec}/${strategy}`)),
      ...PEER_LABELS,
    ];
    assert.deepEqual(rows.map((row) => row.path).sort(), expected.sort());
    for (const row of rows) {
      assert.equal(row.status, 'ok', `${row.path}: ${row.cells.join(' | ')}`);
      const [, encodeMs, decodeMs, bytes, gzip] = row.cells;
      for (const cell of [encodeMs, decodeMs])
        assert.ok(Number.isFinite(Number(cell)), `${row.path}: time '${cell}'`);
      for (const cell of [bytes, gzip])
        assert.match(cell, /^\d+(\.\d+)? (B|KB|MB)$/, `${row.path}: size '${cell}'`);
    }
  }

  // The pure-JS libraries: a fastest-library line per size, and what each
  // path's decode returns.
  for (const table of tables) {
    const fastest = await table.$eval('tfoot tr[data-role="fastest"]', (tr) => tr.textContent);
    // Decode names the fastest clean library, and the fastest overall beside it when that one is not clean.
    assert.match(
      fastest,
      /^fastest JS library.*encode .+ ms; decode \(clean\) .+ ms(; fastest overall, not clean: .+ ms)?$/,
    );
  }
  const cleanliness = await page.$$eval('#cleanliness tbody tr', (trs) =>
    trs.map((tr) => [tr.dataset.path, tr.dataset.clean]),
  );
  // JSON, UTF-8 JSON, the object floor and every path say what their decode returns.
  assert.equal(
    cleanliness.length,
    2 + Math.min(1, jsonTextCodecs.length) + codecs.length * STRATEGIES.length + PEER_LABELS.length,
  );
  const clean = new Map(cleanliness);
  assert.equal(clean.get('json (js)'), 'true');
  for (const codec of codecs) assert.equal(clean.get(`${codec}/typed`), 'true', `${codec}/typed`);
  assert.equal(clean.get('protobuf (protobufjs)'), 'false', 'protobufjs decodes to Message instances');

  // Both charts drew their series.
  for (const chart of ['#chart-time', '#chart-ratio']) {
    assert.ok((await chartPoints(page, chart)) >= PATHS(), `${chart} has drawn series`);
  }

  // What the page says about its clock, and the results file.
  const facts = await page.$eval('#environment', (list) => ({ ...list.dataset }));
  assert.equal(facts.crossOriginIsolated, String(crossOriginIsolated));
  assert.equal(await page.evaluate(() => globalThis.crossOriginIsolated), crossOriginIsolated);
  assert.match(await page.textContent('#validation'), /valid against results\.schema\.json/);

  const { name, document } = await downloadResults(page);
  assert.match(name, /^browser-.*\.json$/);
  const verdict = validate(document);
  assert.ok(verdict.valid, verdict.text);
  const { run, rows } = document;
  assert.equal(run.place, 'browser');
  assert.equal(run.finished, true);
  assert.equal(run.runtime.name, 'chromium');
  assert.match(run.runtime.version, /^\d+\.\d+/);
  assert.match(run.runtime.userAgent, /Chrome\//);
  assert.equal(run.protocol.crossOriginIsolated, crossOriginIsolated);
  assert.ok(run.protocol.timerResolutionMs > 0);
  assert.equal(String(run.protocol.timerResolutionMs), facts.timerResolutionMs);
  assert.deepEqual(run.protocol.codecs, codecs);
  assert.deepEqual(
    run.build.modules.map(({ codec }) => codec),
    codecs,
  );
  // Two sizes x (every path with its JSON baseline and object floor, and the UTF-8 baselines).
  assert.equal(rows.length, 2 * (3 * PATHS() + UTF8_ROWS_PER_SIZE()));
  const utf8 = rows.filter(isJsonUtf8Baseline);
  assert.ok(
    utf8.every((row) => jsonTextCodecs.includes(row.batch.split('/')[0])),
    'the UTF-8 baseline runs beside the JSON-text paths, in their batch',
  );
  // Every path's ratio is against the JSON measured beside it in this page.
  assert.equal(run.protocol.isolation, 'json-per-path');
  const batches = assertSameBatchBaselines(rows);
  assert.equal(batches.length, PATHS(), 'one batch per path');
  assert.ok(rows.every((row) => row.place === 'browser' && row.status === 'ok'));
  assert.deepEqual(
    run.protocol.peers,
    peersFor('browser').map((peer) => peer.name),
  );
  // CompressionStream has no level: no gzip-9 sizes in a page; every row says what decode returned.
  assert.ok(rows.every((row) => row.gzip9Bytes === undefined && typeof row.cleanliness?.clean === 'boolean'));
  return document;
}

test.describe('the page opened from disk (file://)', () => {
  test('runs a small sweep of every codec and strategy: tables, charts, valid results', async ({ page }) => {
    const errors = watchErrors(page);
    await openPage(page, pageUrl(PAGE_FILE_URL, { ...TINY_SWEEP, autorun: true }));
    await checkSweep(page, { crossOriginIsolated: false });
    assert.deepEqual(errors, []);
  });
});

test.describe('the page served by npm run serve', () => {
  test('is cross-origin isolated and runs a small sweep: tables, charts, valid results', async ({ page }) => {
    const errors = watchErrors(page);
    const response = await openPage(page, pageUrl(server.url, { ...TINY_SWEEP, autorun: true }));
    const headers = response.headers();
    assert.equal(headers['cross-origin-opener-policy'], 'same-origin');
    assert.equal(headers['cross-origin-embedder-policy'], 'require-corp');
    await checkSweep(page, { crossOriginIsolated: true });
    mkdirSync(SCREENSHOT_DIR, { recursive: true });
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'served-sweep.png'), fullPage: true });
    assert.deepEqual(errors, []);
  });

  test('decoding corrupted bytes shows the codec error, then a valid run succeeds', async ({ page }) => {
    const errors = watchErrors(page);
    await openPage(page, server.url);
    for (const codec of codecs) {
      await page.selectOption('#decode-codec', codec);
      await page.selectOption('#decode-strategy', 'typed');
      assert.equal((await decodeBox(page, '#decode-sample')).outcome, 'ok');
      const hex = await page.inputValue('#decode-input');

      // The sample itself decodes.
      const sample = await decodeBox(page);
      assert.equal(sample.outcome, 'ok');
      assert.match(sample.text, new RegExp(`^${codec}/typed: decoded 4 items`));

      // Truncated to 7 bytes: the codec's own error, naming it.
      for (const strategy of STRATEGIES) {
        await page.selectOption('#decode-strategy', strategy);
        await page.fill('#decode-input', hex.split(' ').slice(0, 7).join(' '));
        const truncated = await decodeBox(page);
        assert.equal(truncated.outcome, 'error');
        assert.match(truncated.text, new RegExp(`^Error: ${codec}: \\S`));
      }

      // The same module decodes valid bytes again.
      await page.fill('#decode-input', hex);
      const again = await decodeBox(page);
      assert.equal(again.outcome, 'ok', again.text);
    }

    // Input that is not bytes at all is reported without involving a codec.
    await page.selectOption('#decode-format', 'hex');
    await page.fill('#decode-input', 'abc');
    assert.match((await decodeBox(page)).text, /^Input: hex needs an even number of digits/);

    // Then a run through the page still succeeds.
    await page.fill('#min-mb', '0.001');
    await page.fill('#max-mb', '0.002');
    await page.fill('#repetitions', '1');
    await page.fill('#warmup', '0');
    await page.click('#run');
    assert.equal(await waitForRunEnd(page), 'done');
    const statuses = await page.$$eval('#tables table[data-step] tbody tr:not([data-role="utf8"])', (trs) =>
      trs.map((tr) => tr.dataset.status),
    );
    assert.equal(
      statuses.length,
      // JSON, UTF-8 JSON, the object floor, every path.
      2 + Math.min(1, jsonTextCodecs.length) + codecs.length * STRATEGIES.length + PEER_LABELS.length,
    );
    assert.ok(statuses.every((status) => status === 'ok'));
    assert.deepEqual(errors, []);
  });

  test('Stop ends a run early and keeps the rows measured so far', async ({ page }) => {
    // A sweep far too long to finish within the test, stopped after a few rows.
    const long = { minMB: 0.01, maxMB: 1, perDecade: 3, repetitions: 3, warmup: 1 };
    const errors = watchErrors(page);
    await openPage(page, pageUrl(server.url, { ...long, autorun: true }));
    await page.waitForFunction(() => document.querySelectorAll('#tables tbody tr').length >= 3, null, {
      timeout: 60_000,
    });
    await page.click('#stop');
    assert.equal(await waitForRunEnd(page), 'stopped');
    assert.match(await page.textContent('#status'), /^Stopped: kept the \d+ rows/);

    const { document } = await downloadResults(page);
    const verdict = validate(document);
    assert.ok(verdict.valid, verdict.text);
    assert.equal(document.run.finished, false);
    assert.ok(document.rows.length >= 3);
    const total = selectSteps(long).length * 3 * PATHS();
    assert.ok(
      document.rows.length < total,
      `stopped before the end (${document.rows.length} of ${total} rows)`,
    );
    // One line per path and size, the JSON baseline rows of a size in one line.
    const shown = await page.$$eval('#tables table[data-step] tbody tr', (trs) => trs.length);
    const jsonSizes = new Set(
      document.rows.filter((row) => row.codec === 'json' && row.impl === 'js').map((row) => row.step),
    );
    const pathRows = document.rows.filter((row) => !(row.codec === 'json' && row.impl === 'js'));
    assert.equal(shown, pathRows.length + jsonSizes.size, 'the tables keep every measured row');
    assert.deepEqual(errors, []);
  });
});
