// A user's own JSON documents in the page and in npm run bench:web
// (docs/documents.md#bring-your-own-data): a file dropped on the documents
// workload's drop zone becomes the checked data set user:<file name>, runs
// like a built-in one and its tables and results name it as the user's; a
// file picked that is not JSON is refused naming the file and the place;
// bench:web serves --documents to each fresh context, and a file that is
// not JSON fails alone while the other runs. Skipped when the wasm build has
// no documents modules.

import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { test } from '@playwright/test';
import { documentChecksum, formatChecksum } from '../../src/workloads/documents/checksum.mjs';
import { REPO_ROOT, downloadResults, openPage, pageUrl, waitForRunEnd, watchErrors } from './browser.mjs';
import { CODEC, STRATEGY, built, serveThePage, validate } from './documents-helpers.mjs';

const execute = promisify(execFile);
const serverUrl = serveThePage();
// No built-in data set: the user's file alone.
const TINY = {
  workload: 'documents',
  repetitions: 1,
  warmup: 0,
  codecs: [CODEC],
  strategies: [STRATEGY],
  peers: ['msgpackr'],
  datasets: [],
};

// A small shop export, with what JSON.parse does to key order (the integer-like key first).
const SHOP = {
  store: 'Île de la Cité',
  orders: [
    { id: 1, items: [{ sku: 'A-1', qty: 2, price: 9.99 }], paid: true },
    { id: 2, items: [], paid: false, note: null, 7: 'integer-like key' },
  ],
};
const SHOP_TEXT = `${JSON.stringify(SHOP, null, 2)}\n`;
const SHOP_ID = 'user:shop.json';

/** The drop zone's (or picker's) outcome once the page has read the files: { outcome, text }. */
async function fileStatus(page, act) {
  await page.$eval('#documents-file-status', (status) => delete status.dataset.outcome);
  await act();
  await page.waitForFunction(() => document.querySelector('#documents-file-status').dataset.outcome);
  return page.$eval('#documents-file-status', (status) => ({
    outcome: status.dataset.outcome,
    text: status.textContent,
  }));
}

/** Drops files ({ name, text }) on the drop zone, as a user dragging them from the desktop. */
function drop(page, files) {
  return page.evaluate((list) => {
    const transfer = new DataTransfer();
    for (const { name, text } of list)
      transfer.items.add(new File([text], name, { type: 'application/json' }));
    const zone = document.getElementById('documents-drop');
    for (const type of ['dragenter', 'dragover', 'drop'])
      zone.dispatchEvent(new DragEvent(type, { dataTransfer: transfer, bubbles: true, cancelable: true }));
  }, files);
}

const datasetBoxes = (page) =>
  page.$$eval('input[name="dataset"]', (inputs) =>
    inputs
      .filter((input) => input.checked)
      .map((input) => [input.value, input.parentElement.textContent.trim()]),
  );

test.describe("a user's own documents in the page", () => {
  test.skip(!built, 'the wasm build has no documents modules (scripts/build-wasm.sh)');
  test.describe.configure({ timeout: 300_000 });

  test("a dropped file runs as a data set, its tables and results labelled as the user's", async ({
    page,
  }) => {
    const errors = watchErrors(page);
    await openPage(page, pageUrl(serverUrl(), TINY));
    assert.ok(await page.isVisible('#documents-drop'), 'the drop zone of the documents workload');
    assert.ok(await page.isVisible('#documents-file'), 'the file picker');
    assert.deepEqual(await datasetBoxes(page), [], 'no data set checked yet');

    const dropped = await fileStatus(page, () => drop(page, [{ name: 'shop.json', text: SHOP_TEXT }]));
    assert.equal(dropped.outcome, 'ok', dropped.text);
    const checksum = formatChecksum(documentChecksum(JSON.parse(SHOP_TEXT)));
    assert.match(
      dropped.text,
      new RegExp(
        `^user:shop\\.json: your file, \\d+ B, document checksum ${checksum}; measured in this page, nothing leaves this machine\\.$`,
      ),
    );
    const [[value, label]] = await datasetBoxes(page);
    assert.equal(value, SHOP_ID);
    assert.match(label, /^user:shop\.json \(your file, \d+ B, document checksum 0x[0-9a-f]{8}\)$/);

    await page.click('#run');
    assert.equal(await waitForRunEnd(page), 'done', await page.textContent('#status'));
    const section = page.locator(`#tables section.user-dataset[data-dataset="${SHOP_ID}"]`);
    assert.match(
      await section.locator('table[data-role="time"] caption').textContent(),
      new RegExp(
        `^user:shop\\.json \\(your file, ${new TextEncoder().encode(SHOP_TEXT).byteLength} B, document checksum ${checksum}; \\d+ B of JSON\\): time per call$`,
      ),
    );
    const statuses = await section
      .locator('table[data-role="time"] tbody tr')
      .evaluateAll((trs) => trs.map((tr) => [tr.dataset.path, tr.dataset.status]));
    assert.deepEqual(
      statuses.map(([, status]) => status),
      statuses.map(() => 'ok'),
      JSON.stringify(statuses),
    );
    assert.ok(statuses.some(([label_]) => label_ === `${CODEC}/${STRATEGY}`));
    assert.ok(statuses.some(([label_]) => label_ === 'msgpack (msgpackr)'));

    // The answer names the user's file and the routes compared on it.
    const headline = page.locator(`#headlines li[data-unit="${SHOP_ID}"]`);
    assert.match(
      await headline.textContent(),
      new RegExp(
        `^In this browser on ${SHOP_ID.replace('.', '\\.')}: .*(encodes|decodes) this .*(${CODEC}/${STRATEGY}|msgpackr|JSON)`,
      ),
    );
    // The permalink carries the form and names the file (its content stays on
    // this machine): a new page opened at it has the same workload, codec and
    // library checked, and asks for the file.
    const permalink = await page.getAttribute('#permalink', 'href');
    assert.equal(permalink, page.url());
    const shared = new URL(permalink);
    assert.equal(shared.searchParams.get('workload'), 'documents');
    assert.deepEqual(shared.searchParams.get('datasets').split(','), [SHOP_ID]);
    assert.ok(
      !permalink.includes(encodeURIComponent(SHOP_TEXT.slice(0, 12))),
      'no file content leaves the page',
    );
    const other = await page.context().newPage();
    await openPage(other, permalink);
    assert.equal(await other.inputValue('#workload'), 'documents');
    assert.ok(await other.isChecked(`input[name="codec"][value="${CODEC}"]`));
    assert.ok(await other.isChecked('input[name="peer"][value="msgpackr"]'));
    assert.match(await other.textContent('#documents-awaited'), /^This link measures your file shop\.json/);
    await other.close();

    const { document } = await downloadResults(page);
    const verdict = validate(document);
    assert.ok(verdict.valid, verdict.text);
    assert.deepEqual(document.run.protocol.datasets, [SHOP_ID]);
    assert.deepEqual(document.run.protocol.documents, [
      { id: SHOP_ID, fileBytes: new TextEncoder().encode(SHOP_TEXT).byteLength, documentChecksum: checksum },
    ]);
    assert.ok(document.rows.length > 0);
    for (const row of document.rows) {
      assert.equal(row.dataset, SHOP_ID);
      assert.equal(row.documentChecksum, checksum);
      assert.equal(row.jsonBytes, new TextEncoder().encode(JSON.stringify(JSON.parse(SHOP_TEXT))).byteLength);
    }
    assert.deepEqual(errors, []);
  });

  test('a picked file that is not JSON is refused naming it and the place; an NDJSON file is an array of lines', async ({
    page,
  }) => {
    const errors = watchErrors(page);
    await openPage(page, pageUrl(serverUrl(), TINY));
    const refused = await fileStatus(page, () =>
      page.setInputFiles('#documents-file', {
        name: 'notes.json',
        mimeType: 'application/json',
        buffer: Buffer.from('{"a": 1,\n "b": two}\n'),
      }),
    );
    assert.equal(refused.outcome, 'error');
    assert.equal(refused.text, "notes.json: not JSON: line 2, column 7: 't' where a value should start");
    assert.deepEqual(await datasetBoxes(page), [], 'nothing offered');

    const lines = await fileStatus(page, () =>
      page.setInputFiles('#documents-file', {
        name: 'events.ndjson',
        mimeType: 'application/x-ndjson',
        buffer: Buffer.from('{"id":1}\n{"id":2}\n'),
      }),
    );
    assert.equal(lines.outcome, 'ok', lines.text);
    const checksum = formatChecksum(documentChecksum([{ id: 1 }, { id: 2 }]));
    assert.match(lines.text, new RegExp(`document checksum ${checksum}`));
    assert.deepEqual(
      (await datasetBoxes(page)).map(([value]) => value),
      ['user:events.ndjson'],
    );
    assert.deepEqual(errors, []);
  });
});

test.describe('bench:web --workload documents --documents', () => {
  test.skip(!built, 'the wasm build has no documents modules (scripts/build-wasm.sh)');
  test.describe.configure({ timeout: 480_000 });

  test("each page fetches the user's file; a file that is not JSON fails alone", async () => {
    const directory = mkdtempSync(path.join(tmpdir(), 'wcb-documents-user-web-'));
    try {
      const shop = path.join(directory, 'shop.json');
      const notes = path.join(directory, 'notes.json');
      writeFileSync(shop, SHOP_TEXT);
      writeFileSync(notes, 'not JSON\n');
      const out = path.join(directory, 'browser-documents.json');
      const args = [
        '--workload',
        'documents',
        '--sweep',
        '--documents',
        shop,
        '--documents',
        notes,
        '--codecs',
        CODEC,
      ];
      args.push('--strategies', STRATEGY, '--peers', 'msgpackr', '--repetitions', '1', '--warmup', '0');
      const { stdout, stderr } = await execute(
        process.execPath,
        [path.join(REPO_ROOT, 'node', 'bench-web.mjs'), ...args, '--out', out],
        { timeout: 420_000 },
      );
      const document = JSON.parse(readFileSync(out, 'utf8'));
      const verdict = validate(document);
      assert.ok(verdict.valid, verdict.text);
      const { run, rows } = document;
      assert.equal(run.finished, true);
      assert.deepEqual(run.protocol.datasets, [SHOP_ID, 'user:notes.json']);
      assert.deepEqual(
        run.protocol.documents.map(({ id, file, error }) => [id, file, error]),
        [
          [SHOP_ID, shop, undefined],
          [
            'user:notes.json',
            notes,
            "notes.json: not JSON: line 1, column 1: 'n' where a value should start",
          ],
        ],
      );
      const shopRows = rows.filter((row) => row.dataset === SHOP_ID);
      assert.ok(shopRows.length >= 4, 'the path, the library, JSON beside each');
      assert.ok(
        shopRows.every((row) => row.status === 'ok' && row.place === 'browser'),
        JSON.stringify(shopRows),
      );
      const notesRows = rows.filter((row) => row.dataset === 'user:notes.json');
      assert.deepEqual(
        notesRows.map(({ batch, status }) => [batch, status]),
        [['json', 'failed']],
      );
      assert.match(stderr, /documents: user:notes\.json is not measured: notes\.json: not JSON/);
      assert.match(
        stdout,
        /^user:shop\.json \(your file, \d+ B, document checksum 0x[0-9a-f]{8}; \d+ B of JSON\): time per call$/m,
      );
    } finally {
      rmSync(directory, { recursive: true, force: true });
    }
  });
});
