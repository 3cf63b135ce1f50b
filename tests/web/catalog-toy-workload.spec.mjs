// A toy third workload added as one folder (tests/fixtures/toy-workload/
// counters, its page and report parts beside the runner's) to a copy of the
// repository, with a wasm build whose catalog declares it and a codec
// `tally` for it (a JS stand-in for the module): the page offers and runs
// it, bench:web measures it, the report draws it. No other file is edited.

import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import {
  copyFileSync,
  cpSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { test } from '@playwright/test';
import { DEFAULT_WASM_DIR } from '../../scripts/build-web.mjs';
import { modulesOf } from '../../src/catalog.mjs';
import { REPO_ROOT, downloadResults, openPage, pageUrl, waitForRunEnd, watchErrors } from './browser.mjs';

const run = promisify(execFile);
const TOY = path.join(REPO_ROOT, 'tests', 'fixtures', 'toy-workload', 'counters');
// The stand-in for the tally module: Emscripten's glue is a CommonJS factory too.
const TALLY_GLUE = `module.exports = async function factory() {
  return {
    codecName: () => 'tally',
    libraryVersion: () => 'tally 1.0',
    encodeCounter: (name, count) => new TextEncoder().encode(name + '=' + count),
  };
};
`;
let copy;
let wasmDir;

/** The repository's JS, page and scripts, with the toy workload's folder added. */
function copyWithToy(dir) {
  for (const part of ['node', 'src', 'proto', 'scripts'])
    cpSync(path.join(REPO_ROOT, part), path.join(dir, part), { recursive: true });
  mkdirSync(path.join(dir, 'web'));
  // Every part of the page but its build output, so a file the page gains is copied too.
  for (const part of readdirSync(path.join(REPO_ROOT, 'web')).filter((name) => name !== 'dist'))
    cpSync(path.join(REPO_ROOT, 'web', part), path.join(dir, 'web', part), { recursive: true });
  copyFileSync(path.join(REPO_ROOT, 'package.json'), path.join(dir, 'package.json'));
  symlinkSync(path.join(REPO_ROOT, 'node_modules'), path.join(dir, 'node_modules'));
  const folder = path.join(dir, 'src', 'workloads', 'counters');
  mkdirSync(folder);
  for (const file of readdirSync(TOY).filter((name) => name.endsWith('.mjs')))
    copyFileSync(path.join(TOY, file), path.join(folder, file));
}

/** The wasm build with the toy workload and its codec declared in the catalog. */
function buildWithToy(target) {
  mkdirSync(target);
  const info = JSON.parse(readFileSync(path.join(DEFAULT_WASM_DIR, 'build-info.json'), 'utf8'));
  for (const { glue, wasm } of modulesOf(info))
    for (const file of [glue, wasm]) copyFileSync(path.join(DEFAULT_WASM_DIR, file), path.join(target, file));
  const module = {
    glue: 'wcb_tally_counters.cjs',
    wasm: 'wcb_tally_counters.wasm',
    wasmBytes: 8,
    wasmGzipBytes: 8,
    glueBytes: TALLY_GLUE.length,
  };
  writeFileSync(path.join(target, module.glue), TALLY_GLUE);
  writeFileSync(path.join(target, module.wasm), Buffer.from([0, 0x61, 0x73, 0x6d, 1, 0, 0, 0]));
  info.catalog = {
    workloads: [...info.catalog.workloads, 'counters'],
    codecs: [
      ...info.catalog.codecs,
      { name: 'tally', workloads: ['counters'], modules: { counters: module } },
    ],
  };
  writeFileSync(path.join(target, 'build-info.json'), JSON.stringify(info, null, 2));
}

const env = () => ({ ...process.env, WCB_WASM_BUILD_DIR: wasmDir });

test.beforeAll(async () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'wcb-toy-web-'));
  copy = path.join(dir, 'repo');
  wasmDir = path.join(dir, 'wasm');
  mkdirSync(copy);
  copyWithToy(copy);
  buildWithToy(wasmDir);
  await run(process.execPath, [path.join(copy, 'scripts', 'build-web.mjs'), '--force'], { env: env() });
});

test.afterAll(() => {
  if (copy) rmSync(path.dirname(copy), { recursive: true, force: true });
});

test('the page offers the toy workload with its codec and records, and runs it', async ({ page }) => {
  const errors = watchErrors(page);
  const pageFile = pathToFileURL(path.join(copy, 'web', 'index.html')).href;
  await openPage(page, pageFile);
  const workloads = await page.$$eval('#workload option', (options) => options.map((option) => option.value));
  assert.deepEqual(workloads, ['tuples', 'messages', 'documents', 'counters']);
  assert.ok(!(await page.isVisible('input[name="codec"][value="tally"]')), 'tally is no tuples codec');
  await page.selectOption('#workload', 'counters');
  assert.ok(await page.isVisible('input[name="codec"][value="tally"]'));
  assert.ok(!(await page.isVisible('input[name="codec"][value="raw"]')));
  assert.ok(!(await page.isVisible('#min-mb')));
  assert.ok(await page.isVisible('#min-rep-ms'));
  const records = await page.$$eval('input[name="record"]', (inputs) =>
    inputs.filter((input) => input.offsetParent !== null).map((input) => input.value),
  );
  assert.deepEqual(records, ['small', 'large']);

  const options = {
    workload: 'counters',
    codecs: ['tally'],
    strategies: ['val'],
    peers: [],
    repetitions: 1,
    warmup: 0,
    minRepMs: 1,
    autorun: true,
  };
  await openPage(page, pageUrl(pageFile, options));
  assert.equal(await waitForRunEnd(page), 'done', await page.textContent('#status'));
  assert.match(await page.textContent('#validation'), /valid against results\.schema\.json/);
  const { name, document } = await downloadResults(page);
  assert.match(name, /^browser-counters-.*\.json$/);
  assert.equal(document.run.workload, 'counters');
  assert.deepEqual(
    document.rows.map((row) => `${row.batch} ${row.record} ${row.status} ${row.encodedBytes}`),
    ['tally/val small ok 7', 'tally/val large ok 7'],
  );
  assert.deepEqual(errors, []);
});

test('bench:web measures the toy workload and the report draws it', async ({ page }) => {
  const out = path.join(path.dirname(copy), 'results', 'browser-counters-2026-01-01T00-00-00Z.json');
  const args = [
    '--workload',
    'counters',
    '--codecs',
    'tally',
    '--no-peers',
    '--repetitions',
    '1',
    '--warmup',
    '0',
  ];
  const { stdout, stderr } = await run(
    process.execPath,
    [path.join(copy, 'node', 'bench-web.mjs'), ...args, '--min-rep-ms', '1', '--out', out],
    {
      env: env(),
      timeout: 180_000,
    },
  );
  assert.match(
    stderr,
    /counters: 2 blocks \(the sweep: each path with its references at each unit\), 1 paths/,
  );
  assert.match(stdout, /^tally\/val large ok 7 B$/m);
  const document = JSON.parse(readFileSync(out, 'utf8'));
  assert.equal(document.run.workload, 'counters');
  assert.equal(document.rows.length, 2);

  const outDir = path.join(path.dirname(copy), 'report');
  const report = path.join(copy, 'node', 'report.mjs');
  const result = await run(
    process.execPath,
    [report, '--results-dir', path.dirname(out), '--workload', 'counters', '--out-dir', outDir],
    { env: env() },
  );
  assert.match(result.stdout, /counters-bytes: Counters: encoded bytes per record\n {2}2 counters encoded/);
  assert.deepEqual(readdirSync(outDir).sort(), ['counters-bytes.svg', 'index.html']);
  const errors = watchErrors(page);
  await page.goto(pathToFileURL(path.join(outDir, 'index.html')).href);
  await page.waitForFunction(() => document.body.dataset.state !== 'loading', null, { timeout: 60_000 });
  assert.equal(await page.evaluate(() => document.body.dataset.state), 'done');
  assert.equal(await page.$$eval('#counters-table tbody tr', (rows) => rows.length), 2);
  assert.deepEqual(errors, []);
});
