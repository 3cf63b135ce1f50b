// The page's first load carries the page alone: the wasm modules and the
// documents workload's topologies are assets (web/src/assets.mjs), loaded
// when a run first needs them, served or from disk; an asset that does not
// load fails its paths with a message saying how to rebuild
// (docs/decisions/page.md#lazy-page).

import assert from 'node:assert/strict';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { test } from '@playwright/test';
import { buildWeb, readWasmBuild } from '../../node/build-web.mjs';
import { startServer } from '../../node/serve.mjs';
import { buildWorkloads, codecsOf } from '../../src/catalog.mjs';
import { PAGE_FILE_URL, REPO_ROOT, openPage, pageUrl, waitForRunEnd, watchErrors } from './browser.mjs';

const info = readWasmBuild().info;
const [CODEC] = codecsOf(info, 'tuples').filter((codec) => codec !== 'raw');
// One path at one tiny size: which assets a run loads, not what it measures.
const TINY = {
  minMB: 0.05,
  maxMB: 0.06,
  repetitions: 1,
  warmup: 0,
  codecs: [CODEC],
  strategies: ['typed'],
  peers: [],
};
// What the first load may weigh, index.html, page.css and page.js together:
// 15.1 MB when every module and topology was inlined, 3.1 MB without them.
const FIRST_LOAD_LIMIT = 4_000_000;

let server;

test.beforeAll(async () => {
  server = await startServer();
});

test.afterAll(async () => {
  await server?.close();
});

/** Records the page's requests: { files() (paths under web/), bytes() (bodies and headers) }. */
function recordRequests(page, base) {
  const finished = [];
  page.on('requestfinished', (request) => finished.push(request));
  return {
    files: () => finished.map((request) => request.url().slice(base.length)),
    async bytes() {
      const sizes = await Promise.all(finished.map((request) => request.sizes()));
      return sizes.reduce((sum, size) => sum + size.responseBodySize + size.responseHeadersSize, 0);
    },
  };
}

const assetsOf = (files) => files.filter((file) => file.startsWith('dist/assets/')).sort();

test('the first load is the page alone: no wasm module and no data set until a run needs one', async ({
  page,
}) => {
  const errors = watchErrors(page);
  const requests = recordRequests(page, server.url);
  await openPage(page, server.url);
  await page.waitForFunction(() => document.body.dataset.state === 'idle');
  assert.deepEqual(requests.files().sort(), ['', 'dist/page.css', 'dist/page.js']);
  const bytes = await requests.bytes();
  assert.ok(bytes < FIRST_LOAD_LIMIT, `first load ${bytes} bytes, over ${FIRST_LOAD_LIMIT}`);

  // A run of one codec loads that codec's module of the workload, once.
  await page.goto(pageUrl(server.url, { ...TINY, autorun: true }));
  assert.equal(await waitForRunEnd(page), 'done', await page.textContent('#status'));
  assert.deepEqual(assetsOf(requests.files()), [`dist/assets/wasm-${CODEC}-tuples.js`]);
  assert.deepEqual(errors, []);
});

test('a documents run loads its codec and the topology of its data set, from disk too', async ({ page }) => {
  test.skip(!buildWorkloads(info).includes('documents'), 'the wasm build has no documents modules');
  const [codec] = codecsOf(info, 'documents');
  const options = {
    ...TINY,
    workload: 'documents',
    codecs: [codec],
    strategies: ['tagged'],
    datasets: ['geo-110m'],
  };
  const errors = watchErrors(page);
  const base = pathToFileURL(path.join(REPO_ROOT, 'web')).href + '/';
  const requests = recordRequests(page, base);
  await openPage(page, pageUrl(PAGE_FILE_URL, { ...options, autorun: true }));
  assert.equal(await waitForRunEnd(page), 'done', await page.textContent('#status'));
  assert.deepEqual(assetsOf(requests.files()), [
    `dist/assets/wasm-${codec}-documents.js`,
    'dist/assets/world-atlas-countries-110m.js',
  ]);
  const rows = await page.evaluate(() => globalThis.wcbPage.results().rows);
  assert.ok(rows.length > 0 && rows.every((row) => row.status === 'ok' && row.dataset === 'geo-110m'));
  assert.deepEqual(errors, []);
});

test('a module whose asset is missing fails its paths with how to rebuild; the run goes on', async ({
  page,
}) => {
  const other = codecsOf(info, 'tuples').find((codec) => codec !== CODEC);
  const site = mkdtempSync(path.join(tmpdir(), 'wcb-lazy-'));
  try {
    mkdirSync(path.join(site, 'dist'));
    copyFileSync(path.join(REPO_ROOT, 'web', 'index.html'), path.join(site, 'index.html'));
    await buildWeb({ outDir: path.join(site, 'dist'), force: true, quiet: true });
    rmSync(path.join(site, 'dist', 'assets', `wasm-${CODEC}-tuples.js`));
    const url = pageUrl(pathToFileURL(path.join(site, 'index.html')).href, {
      ...TINY,
      codecs: [CODEC, other],
      autorun: true,
    });
    await openPage(page, url);
    assert.equal(await waitForRunEnd(page), 'done', await page.textContent('#status'));
    const rows = await page.evaluate(() => globalThis.wcbPage.results().rows);
    const missing = rows.filter((row) => row.codec === CODEC && row.impl === 'cpp');
    assert.ok(missing.length > 0);
    for (const row of missing) {
      assert.equal(row.status, 'failed');
      assert.match(
        row.error,
        new RegExp(`/wasm-${CODEC}-tuples\\.js did not load: rebuild with npm run build:web$`),
      );
    }
    const loaded = rows.filter((row) => row.codec === other && row.impl === 'cpp');
    assert.ok(loaded.length > 0 && loaded.every((row) => row.status === 'ok'), JSON.stringify(loaded));
  } finally {
    rmSync(site, { recursive: true, force: true });
  }
});
