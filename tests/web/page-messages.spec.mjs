// The page's messages workload in headless Chromium: the workload selector
// (record checklist and min ms per repetition instead of sizes), a tiny run
// (one record, two repetitions, 1 ms repetitions) with its tables, chart and
// valid results file, Stop, and the "decode these bytes" box still working
// for tuples afterwards.

import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { test } from '@playwright/test';
import { loadWasmCodec } from '../../node/load-wasm.mjs';
import { DEFAULT_WASM_DIR } from '../../node/build-web.mjs';
import { startServer } from '../../node/serve.mjs';
import { MESSAGE_NAMES } from '../../src/workloads/messages/records.mjs';
import { messagesOf } from '../../src/workloads/messages/wasm-messages.mjs';
import { recordSetsOf, recordsOf } from '../../src/catalog.mjs';
import { createResultsValidator } from '../../src/harness/validate.mjs';
import { assertSameBatchBaselines } from './isolation.mjs';
import {
  SCREENSHOT_DIR,
  chartPoints,
  decodeBox,
  downloadResults,
  openPage,
  pageUrl,
  waitForRunEnd,
  watchErrors,
} from './browser.mjs';
import { resultsSchema } from '../../src/workload-folders.mjs';
// Checks that everything runs; it measures nothing.
const TINY = { workload: 'messages', records: ['bool'], repetitions: 2, warmup: 0, minRepMs: 1 };

const validate = createResultsValidator(await resultsSchema());
let server;
// Whether the page's wasm build has the message exports (wasm-messages.mjs messagesOf).
let wasmMessages;

// The page bundle is built by tests/web/global-setup.mjs.
test.beforeAll(async () => {
  wasmMessages =
    messagesOf(await loadWasmCodec('json', { buildDir: DEFAULT_WASM_DIR, workload: 'messages' })) !== null;
  server = await startServer();
});

test.afterAll(async () => {
  await server?.close();
});

test.describe('the messages workload of the page', () => {
  test.describe.configure({ timeout: 300_000 });

  test('the workload selector swaps the size controls for the record checklist', async ({ page }) => {
    const errors = watchErrors(page);
    await openPage(page, server.url);
    assert.equal(await page.inputValue('#workload'), 'tuples');
    assert.ok(await page.isVisible('#min-mb'));
    assert.ok(!(await page.isVisible('#record-choices')));
    assert.ok(!(await page.isVisible('#min-rep-ms')));

    await page.selectOption('#workload', 'messages');
    for (const id of ['#min-mb', '#max-mb', '#per-decade', '#cleanliness-section'])
      assert.ok(!(await page.isVisible(id)), `${id} hidden for messages`);
    for (const id of ['#record-choices', '#min-rep-ms', '#repetitions', '#warmup'])
      assert.ok(await page.isVisible(id), `${id} shown for messages`);
    const records = await page.$$eval('input[name="record"]', (inputs) =>
      inputs.map((input) => [input.value, input.checked]),
    );
    // Every record is offered; the default ones are checked, the small objects only on request.
    const defaults = recordsOf('messages');
    assert.deepEqual(
      records,
      MESSAGE_NAMES.map((name) => [name, defaults.includes(name)]),
    );
    // The set's button checks exactly its records.
    await page.click('#record-choices button:has-text("only small-values")');
    assert.deepEqual(
      await page.$$eval('input[name="record"]:checked', (inputs) => inputs.map((input) => input.value)),
      recordSetsOf('messages')['small-values'],
    );
    // typed moves arrays of tuples: no strategy of the messages workload; raw has no message codec.
    assert.ok(!(await page.isVisible('input[name="strategy"][value="typed"]')));
    assert.ok(!(await page.isVisible('input[name="codec"][value="raw"]')));
    assert.ok(await page.isVisible('input[name="codec"][value="json"]'));
    assert.ok(await page.isVisible('input[name="strategy"][value="embind"]'));
    assert.equal(await page.textContent('#tables-title'), 'Results per record');

    // A bad value is refused, naming the field and what it accepts (the runners' bound,
    // src/catalog.mjs); no record neither.
    await page.fill('#min-rep-ms', '100000');
    await page.click('#run');
    assert.match(
      await page.textContent('#status'),
      /^Not started: Min ms per repetition: '100000' is not valid \(accepted: a number > 0 and <= 10000\)/,
    );
    await page.fill('#min-rep-ms', '1');
    for (const input of await page.$$('input[name="record"]')) await input.uncheck();
    await page.click('#run');
    assert.match(await page.textContent('#status'), /^Not started: pick at least one record/);

    await page.selectOption('#workload', 'tuples');
    assert.ok(await page.isVisible('#min-mb'));
    assert.ok(!(await page.isVisible('#record-choices')));
    assert.deepEqual(errors, []);
  });

  test('a tiny run: a table per record with the floors, a chart, a valid results file', async ({ page }) => {
    const options = {
      ...TINY,
      codecs: ['json'],
      strategies: ['val', 'embind', 'tagged'],
      peers: ['msgpackr'],
    };
    const errors = watchErrors(page);
    await openPage(page, pageUrl(server.url, { ...options, autorun: true }));
    assert.equal(await waitForRunEnd(page), 'done', await page.textContent('#status'));

    const tables = await page.$$eval('#tables table', (nodes) =>
      nodes.map((node) => node.dataset.record ?? node.dataset.role),
    );
    const lines = await page.$$eval('#tables table[data-record="bool"] tbody tr', (trs) =>
      trs.map((tr) => ({ path: tr.dataset.path, status: tr.dataset.status, text: tr.textContent })),
    );
    const line = (label) => lines.find((candidate) => candidate.path === label);
    assert.equal(line('json (js)').status, 'ok');
    assert.equal(line('msgpack (msgpackr)')?.status, 'ok', JSON.stringify(lines));
    if (wasmMessages) {
      assert.deepEqual(tables, ['bool', 'call-floor', 'summary']);
      const wasmLabels = ['json/val', 'json/embind', 'json/tagged'];
      for (const label of wasmLabels.flatMap((label) => [label, `${label} [floor]`]))
        assert.equal(line(label)?.status, 'ok', `${label}: ${JSON.stringify(lines)}`);
      // The share of the boundary is shown for the wasm paths.
      for (const label of wasmLabels) assert.match(line(label).text, /\d+%/, label);
      const floors = await page.$$eval('#tables table[data-role="call-floor"] tbody tr', (trs) => trs.length);
      assert.ok(floors >= 1, 'the empty call of the json module');
    } else {
      // A wasm build without message exports: the wasm paths fail, named, and the run goes on.
      assert.deepEqual(tables, ['bool']);
      for (const label of ['json/val', 'json/embind', 'json/tagged']) {
        assert.equal(line(label)?.status, 'failed');
        assert.match(line(label).text, /json: no message codec in this module/);
      }
    }
    assert.ok((await chartPoints(page, '#chart-time')) > 0, 'the ops/s chart draws points');
    await page.selectOption('#chart-operation', 'roundTrip');
    // One record: a dot per path, the record named in the title.
    assert.match(
      await page.textContent('#chart-time'),
      /round trip: operations per second \(log scale\), bool/,
    );

    assert.match(await page.textContent('#validation'), /valid against results\.schema\.json/);
    const { name, document } = await downloadResults(page);
    assert.match(name, /^browser-messages-.*\.json$/);
    const verdict = validate(document);
    assert.ok(verdict.valid, verdict.text);
    assert.equal(document.run.workload, 'messages');
    assert.equal(document.run.finished, true);
    assert.deepEqual(document.run.protocol.records, ['bool']);
    assert.equal(document.run.protocol.minRepMs, 1);
    assert.equal(document.run.protocol.minMB, undefined);
    // Every path against the JSON measured beside it in this page.
    assert.equal(document.run.protocol.isolation, 'json-per-path');
    assert.deepEqual(assertSameBatchBaselines(document.rows).sort(), [
      'json/embind',
      'json/tagged',
      'json/val',
      'msgpackr',
    ]);
    assert.ok(document.rows.every((row) => row.place === 'browser' && ['bool', 'none'].includes(row.record)));
    const ok = document.rows.filter((row) => row.status === 'ok' && row.variant !== 'floor');
    assert.ok(ok.every((row) => row.encode.opsPerSec.n === 2 && row.roundTrip.callsPerRep >= 1));

    mkdirSync(SCREENSHOT_DIR, { recursive: true });
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'messages-run.png'), fullPage: true });
    assert.deepEqual(errors, []);
  });

  test('Stop keeps the rows; the decode box then still decodes tuples and reports bad input', async ({
    page,
  }) => {
    // Every record at 20 ms repetitions: far longer than the test waits.
    const long = { workload: 'messages', minRepMs: 20, repetitions: 7, warmup: 2, codecs: ['json'] };
    const errors = watchErrors(page);
    await openPage(page, pageUrl(server.url, { ...long, peers: [], autorun: true }));
    await page.waitForFunction(() => document.querySelectorAll('#tables tbody tr').length >= 2, null, {
      timeout: 60_000,
    });
    await page.click('#stop');
    assert.equal(await waitForRunEnd(page), 'stopped');
    assert.match(await page.textContent('#status'), /^Stopped: kept the \d+ rows/);
    const { document } = await downloadResults(page);
    const verdict = validate(document);
    assert.ok(verdict.valid, verdict.text);
    assert.equal(document.run.finished, false);
    assert.ok(document.rows.length >= 2);
    assert.ok(document.rows.length < MESSAGE_NAMES.length * 3, 'stopped before the end');

    await page.selectOption('#decode-codec', 'msgpack');
    await page.selectOption('#decode-strategy', 'typed');
    assert.equal((await decodeBox(page, '#decode-sample')).outcome, 'ok');
    assert.match((await decodeBox(page)).text, /^msgpack\/typed: decoded 4 items/);
    await page.fill('#decode-input', '93 01');
    const bad = await decodeBox(page);
    assert.equal(bad.outcome, 'error');
    assert.match(bad.text, /^Error: msgpack: \S/);
    await page.selectOption('#decode-format', 'hex');
    await page.fill('#decode-input', 'abc');
    assert.match((await decodeBox(page)).text, /^Input: hex needs an even number of digits/);
    assert.deepEqual(errors, []);
  });
});
