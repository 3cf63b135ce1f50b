// The second engine's smoke test: the page in Debian's Firefox ESR
// (SpiderMonkey) through puppeteer-core over WebDriver BiDi (node/firefox-driver.mjs),
// opened from disk and served, a tiny sweep in each, the results valid
// against the schema and recording the engine and its forced GC, a bad
// input's error shown in the page, and npm run bench:web --browser firefox
// on both protocols, and the compression stage (CompressionStream and zlib
// in wasm reading each other's bytes, a compressed run). It checks that everything runs; it measures nothing.
// scripts/setup.sh --browsers installs firefox-esr: a missing one fails here.

import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { after, before, test } from 'node:test';
import { buildWeb, readWasmBuild } from '../../scripts/build-web.mjs';
import { startServer } from '../../scripts/serve.mjs';
import { codecsOf } from '../../src/catalog.mjs';
import { createResultsValidator } from '../../src/harness/validate.mjs';
import { resultsSchema } from '../../src/workload-folders.mjs';
import { GC_METHODS } from '../../web/src/browser-info.mjs';
import { FIREFOX, launchFirefox } from '../../node/firefox-driver.mjs';
import { watchErrors } from '../../node/chromium-driver.mjs';
import { PAGE_FILE_URL, REPO_ROOT, pageUrl } from './browser.mjs';
import { SHARED_FORMATS, checkCrossRead, crossReadInPage } from './compress-in-page.mjs';

const run = promisify(execFile);
const BENCH_WEB = path.join(REPO_ROOT, 'node', 'bench-web.mjs');
// Two tiny sizes, one path and one library: enough for the page to measure, time nothing.
const TINY = {
  minMB: 0.05,
  maxMB: 0.12,
  perDecade: 3,
  repetitions: 2,
  warmup: 1,
  codecs: ['msgpack'],
  strategies: ['typed', 'val'],
  peers: ['msgpackr'],
  autorun: true,
};
const TIMEOUT = { timeout: 300_000 };

let firefox;
let server;
let validate;
let scratch;

before(async () => {
  assert.ok(
    existsSync(FIREFOX),
    `no Firefox at ${FIREFOX}: scripts/setup.sh --browsers installs firefox-esr`,
  );
  await buildWeb({ quiet: true });
  validate = createResultsValidator(await resultsSchema());
  server = await startServer();
  firefox = await launchFirefox({ gc: true });
  scratch = mkdtempSync(path.join(tmpdir(), 'wcb-firefox-'));
});

after(async () => {
  await firefox?.close();
  await server?.close();
  if (scratch) rmSync(scratch, { recursive: true, force: true });
});

/** A page in a fresh user context; `use(page, errors)` runs with it. */
async function withPage(use) {
  const context = await firefox.newContext();
  try {
    const page = await context.newPage();
    const errors = watchErrors(page);
    return await use(page, errors);
  } finally {
    await context.close();
  }
}

/** Waits until the page's run ends and returns its state (done, stopped, error). */
async function runEnd(page) {
  await page.waitForFunction(() => ['done', 'stopped', 'error'].includes(document.body.dataset.state), {
    timeout: 240_000,
    polling: 250,
  });
  return page.evaluate(() => document.body.dataset.state);
}

/** The page's results document, checked against the schema and for what Firefox records. */
async function checkedResults(page, { crossOriginIsolated }) {
  const document = JSON.parse(await page.evaluate(() => JSON.stringify(globalThis.wcbPage.results())));
  const check = validate(document);
  assert.ok(check.valid, check.text);
  const { run: header, rows } = document;
  assert.equal(header.runtime.name, 'firefox');
  assert.equal(header.runtime.engine, 'SpiderMonkey');
  assert.equal(header.protocol.crossOriginIsolated, crossOriginIsolated);
  // Launched with dom.testing.testutils.enabled: TestUtils.gc before each timed operation.
  assert.equal(header.protocol.gc, true);
  assert.equal(header.protocol.gcMethod, GC_METHODS.testUtils);
  assert.ok(rows.length > 0);
  for (const row of rows) assert.equal(row.status, 'ok', `${row.codec}/${row.interop}: ${row.error}`);
  const paths = new Set(rows.map((row) => `${row.codec}/${row.interop}`));
  for (const strategy of TINY.strategies) assert.ok(paths.has(`msgpack/${strategy}`), [...paths].join(', '));
  return document;
}

test('Firefox: the page opened from disk (file://) runs a tiny sweep; the results are valid', TIMEOUT, () =>
  withPage(async (page, errors) => {
    await page.goto(pageUrl(PAGE_FILE_URL, TINY));
    assert.equal(await runEnd(page), 'done', await page.$eval('#status', (node) => node.textContent));
    await checkedResults(page, { crossOriginIsolated: false });
    assert.equal(await page.$eval('[data-fact="Engine"]', (node) => node.textContent), 'SpiderMonkey');
    assert.deepEqual(errors, []);
  }),
);

test('Firefox: the page served with COOP/COEP is cross-origin isolated, with a finer clock', TIMEOUT, () =>
  withPage(async (page, errors) => {
    await page.goto(pageUrl(server.url, TINY));
    assert.equal(await runEnd(page), 'done', await page.$eval('#status', (node) => node.textContent));
    const { run: header } = await checkedResults(page, { crossOriginIsolated: true });
    // From disk Firefox rounds performance.now() to 1 ms; isolated, finer.
    assert.ok(header.protocol.timerResolutionMs < 1, `clock ${header.protocol.timerResolutionMs} ms`);
    assert.deepEqual(errors, []);
  }),
);

test('Firefox: corrupted bytes in the decode box give the codec error in the page', TIMEOUT, () =>
  withPage(async (page, errors) => {
    await page.goto(server.url);
    await page.waitForFunction(() => document.body.dataset.state !== 'loading', { timeout: 60_000 });
    const [codec] = codecsOf(readWasmBuild().info, 'tuples').filter((name) => name !== 'raw');
    const outcome = () =>
      page.evaluate(() => {
        const output = document.querySelector('#decode-output');
        return { outcome: output.dataset.outcome, text: output.textContent };
      });
    const decode = async (text) => {
      await page.evaluate((value) => {
        const output = document.querySelector('#decode-output');
        delete output.dataset.outcome;
        document.querySelector('#decode-input').value = value;
      }, text);
      await page.click('#decode');
      await page.waitForFunction(
        () => document.querySelector('#decode-output').dataset.outcome !== undefined,
      );
      return outcome();
    };
    await page.select('#decode-codec', codec);
    await page.select('#decode-strategy', 'typed');
    await page.click('#decode-sample');
    await page.waitForFunction(() => document.querySelector('#decode-input').value !== '');
    const hex = await page.$eval('#decode-input', (input) => input.value);

    const valid = await decode(hex);
    assert.equal(valid.outcome, 'ok', valid.text);
    // Truncated to 7 bytes: the codec's own error, naming it.
    const truncated = await decode(hex.split(' ').slice(0, 7).join(' '));
    assert.equal(truncated.outcome, 'error');
    assert.match(truncated.text, new RegExp(`^Error: ${codec}: \\S`));
    // The same module decodes valid bytes again.
    assert.equal((await decode(hex)).outcome, 'ok');
    assert.deepEqual(errors, []);
  }),
);

test(
  'Firefox: zlib in the module and CompressionStream read each other; bad bytes are an Error naming both',
  TIMEOUT,
  () =>
    withPage(async (page, errors) => {
      await page.goto(server.url);
      await page.waitForFunction(() => document.body.dataset.state !== 'loading', { timeout: 60_000 });
      checkCrossRead(await crossReadInPage(page));
      assert.deepEqual(errors, []);
    }),
);

test(
  'npm run bench:web --browser firefox: both protocols write valid results recording the engine',
  TIMEOUT,
  async () => {
    const runs = [
      [
        'tuples',
        ['--sweep', '--min-mb', '0.05', '--max-mb', '0.06', '--codecs', 'msgpack', '--strategies', 'typed'],
        ['--peers', 'msgpackr', '--repetitions', '1', '--warmup', '0'],
      ],
      [
        'messages',
        ['--workload', 'messages', '--sweep', '--records', 'int', '--codecs', 'json'],
        ['--no-peers', '--quick'],
      ],
      [
        // The compression stage runs in the block protocol: two contexts of one block.
        'tuples-compressed',
        ['--min-mb', '0.05', '--max-mb', '0.06', '--codecs', 'msgpack', '--strategies', 'typed'],
        ['--no-peers', '--looks', '2', '--repetitions', '1', '--warmup', '0'],
        ['--compress', `none,${SHARED_FORMATS.join(',')}`, '--compressors', 'stream,wasm'],
      ],
    ];
    for (const [name, ...args] of runs) {
      const out = path.join(scratch, `${name}.json`);
      const { stderr } = await run(
        process.execPath,
        [BENCH_WEB, '--browser', 'firefox', ...args.flat(), '--out', out],
        {
          timeout: 240_000,
        },
      );
      assert.match(stderr, /puppeteer-core .*WebDriver BiDi/, name);
      const document = JSON.parse(readFileSync(out, 'utf8'));
      const check = validate(document);
      assert.ok(check.valid, `${name}: ${check.text}`);
      assert.equal(document.run.runtime.engine, 'SpiderMonkey', name);
      assert.match(document.run.runtime.driver, /^puppeteer-core /, name);
      assert.equal(document.run.protocol.crossOriginIsolated, true, name);
      assert.equal(document.run.protocol.gcMethod, GC_METHODS.testUtils, name);
      assert.equal(document.run.finished, true, name);
      assert.ok(
        document.rows.every((row) => row.status !== 'failed'),
        name,
      );
      if (name === 'tuples-compressed') {
        // Each format by Firefox's CompressionStream and by zlib in the module, smaller than the codec's bytes.
        const compressed = document.rows.filter((row) => row.compression && row.status === 'ok');
        const seen = new Set(
          compressed.map(({ compression }) => `${compression.format} ${compression.where}`),
        );
        for (const format of SHARED_FORMATS)
          for (const where of ['CompressionStream', 'wasm'])
            assert.ok(seen.has(`${format} ${where}`), [...seen].join(', '));
        for (const row of compressed)
          assert.ok(row.compression.compressedBytes < row.encodedBytes, row.compression.where);
      }
    }
  },
);
