// The third engine's smoke test: the page in WebKitGTK's MiniBrowser
// (JavaScriptCore) through WebKitWebDriver over classic WebDriver, on an
// Xvfb display (node/webkit-driver.mjs): served, a tiny sweep in one session, the
// results valid against the schema and recording the engine, its clock, its
// isolation and its GC (allocation pressure); npm run bench:web --browser
// webkit running a tiny block with every row verified, and with --no-gc;
// a driver killed mid-run
// failing that block's context alone, a browser killed under a script
// failing that script; a machine without the packages told so in one line. It checks that everything runs; it measures nothing.
// scripts/setup.sh --browsers installs webkit2gtk-driver, libwebkit2gtk-4.1-0 and xvfb:
// a missing one fails here.

import assert from 'node:assert/strict';
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { buildWeb } from '../../scripts/build-web.mjs';
import { startServer } from '../../scripts/serve.mjs';
import { createResultsValidator } from '../../src/harness/validate.mjs';
import { resultsSchema } from '../../src/workload-folders.mjs';
import { launchWebKit, missingPieces } from '../../node/webkit-driver.mjs';
import { watchErrors } from '../../node/chromium-driver.mjs';
import { GC_METHODS } from '../../web/src/browser-info.mjs';
import { REPO_ROOT, pageUrl } from './browser.mjs';

const BENCH_WEB = path.join(REPO_ROOT, 'node', 'bench-web.mjs');
// One tiny size, one path and one library: enough for the page to measure, time nothing.
const TINY = {
  minMB: 0.05,
  maxMB: 0.06,
  repetitions: 2,
  warmup: 1,
  codecs: ['msgpack'],
  strategies: ['typed'],
  peers: ['msgpackr'],
  autorun: true,
};
// Two tiny blocks (two sizes), two contexts each, one path and no library.
const TINY_BLOCKS = [
  ...['--min-mb', '0.05', '--max-mb', '0.12', '--per-decade', '3'],
  ...['--codecs', 'msgpack', '--strategies', 'typed', '--no-peers'],
  ...['--looks', '2', '--repetitions', '2', '--warmup', '1'],
];
const TIMEOUT = { timeout: 300_000 };

let webkit;
let server;
let validate;
let scratch;

before(async () => {
  assert.equal(missingPieces({ display: true }), '');
  await buildWeb({ quiet: true });
  validate = createResultsValidator(await resultsSchema());
  server = await startServer();
  webkit = await launchWebKit();
  scratch = mkdtempSync(path.join(tmpdir(), 'wcb-webkit-'));
});

after(async () => {
  await webkit?.close();
  await server?.close();
  if (scratch) rmSync(scratch, { recursive: true, force: true });
});

/** Polls `page` until `predicate` (a page function) is true, or fails after `ms`. */
async function until(page, predicate, ms = 240_000) {
  const deadline = Date.now() + ms;
  while (!(await page.evaluate(predicate))) {
    assert.ok(Date.now() < deadline, `not within ${ms / 1000} s: ${predicate}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** Runs bench:web with `args` (and `env`); resolves to { code, stdout, stderr } whatever the exit code. */
function benchWeb(args, { env = process.env, onStderr = () => {} } = {}) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [BENCH_WEB, ...args], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    const timer = setTimeout(() => child.kill(), 240_000);
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
      onStderr(stderr);
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

/** A results file of bench:web --browser webkit, checked against the schema and for what WebKit records. */
function checkedRun(out, { gc = true } = {}) {
  const document = JSON.parse(readFileSync(out, 'utf8'));
  const check = validate(document);
  assert.ok(check.valid, check.text);
  const { runtime, protocol } = document.run;
  assert.equal(runtime.name, 'webkit');
  assert.equal(runtime.engine, 'JavaScriptCore');
  // WebKitGTK's own version, from the driver: not the userAgent's frozen AppleWebKit/605.1.15.
  assert.match(runtime.version, /^2\.\d+\.\d+$/);
  assert.match(runtime.driver, /^WebKitWebDriver, classic W3C WebDriver/);
  assert.equal(runtime.connected, false);
  assert.equal(protocol.crossOriginIsolated, true);
  assert.ok(protocol.timerResolutionMs < 1, `clock ${protocol.timerResolutionMs} ms`);
  // JavaScriptCore exposes no GC to pages: allocation pressure, unless --no-gc.
  assert.equal(protocol.gc, gc);
  assert.equal(protocol.gcMethod, gc ? GC_METHODS.pressure : undefined);
  return document;
}

test(
  'WebKit: the page served with COOP/COEP runs a tiny sweep; isolated, a fine clock, allocation pressure',
  TIMEOUT,
  async () => {
    const context = await webkit.newContext();
    try {
      const page = await context.newPage();
      const errors = watchErrors(page);
      await page.goto(pageUrl(server.url, TINY));
      await until(page, () => ['done', 'stopped', 'error'].includes(document.body.dataset.state));
      const [state, status] = await page.evaluate(() => [
        document.body.dataset.state,
        document.getElementById('status').textContent,
      ]);
      assert.equal(state, 'done', status);
      const document = JSON.parse(await page.evaluate(() => JSON.stringify(globalThis.wcbPage.results())));
      const check = validate(document);
      assert.ok(check.valid, check.text);
      const { run, rows } = document;
      assert.equal(run.runtime.name, 'webkit');
      assert.equal(run.runtime.engine, 'JavaScriptCore');
      assert.match(run.runtime.userAgent, /AppleWebKit\/[\d.]+/);
      assert.equal(run.protocol.crossOriginIsolated, true);
      assert.ok(run.protocol.timerResolutionMs < 1, `clock ${run.protocol.timerResolutionMs} ms`);
      assert.equal(run.protocol.gc, true);
      assert.equal(run.protocol.gcMethod, GC_METHODS.pressure);
      assert.ok(rows.length > 0);
      for (const row of rows) assert.equal(row.status, 'ok', `${row.codec}/${row.interop}: ${row.error}`);
      const facts = await page.evaluate(() =>
        Object.fromEntries(
          [...document.querySelectorAll('[data-fact]')].map((node) => [node.dataset.fact, node.textContent]),
        ),
      );
      assert.equal(facts.Engine, 'JavaScriptCore');
      assert.match(
        facts['GC before each timed op'],
        /^allocation pressure \(~32 MB of short-lived objects: JavaScriptCore exposes no GC/,
      );
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  },
);

test(
  'npm run bench:web --browser webkit: a tiny block, every row verified, the engine recorded',
  TIMEOUT,
  async () => {
    const out = path.join(scratch, 'blocks.json');
    const { code, stderr } = await benchWeb(['--browser', 'webkit', ...TINY_BLOCKS, '--out', out]);
    assert.equal(code, 0, stderr);
    assert.match(stderr, /WebKitWebDriver \(pid \d+\) at http:\/\/127\.0\.0\.1:\d+, display :\d+/);
    assert.doesNotMatch(stderr, /no GC/);
    const { run, rows } = checkedRun(out);
    assert.equal(run.protocol.mode, 'blocks');
    assert.equal(run.finished, true);
    assert.ok(rows.length > 0);
    // Verified: every decode checked before it counted.
    for (const row of rows) assert.equal(row.status, 'ok', `${row.codec}/${row.interop}: ${row.error}`);
    assert.ok(rows.some((row) => row.codec === 'msgpack' && row.interop === 'typed'));
    assert.deepEqual(
      run.blocks.map((block) => block.processes),
      run.blocks.map(() => 2),
    );
    // --no-gc: no allocation pressure either (the page's gc=0).
    const without = path.join(scratch, 'no-gc.json');
    const noGc = await benchWeb(['--browser', 'webkit', ...TINY_BLOCKS, '--no-gc', '--out', without]);
    assert.equal(noGc.code, 0, noGc.stderr);
    checkedRun(without, { gc: false });
  },
);

test(
  'a WebKitWebDriver killed mid-run fails that context alone; the next context starts it again',
  TIMEOUT,
  async () => {
    const out = path.join(scratch, 'killed.json');
    let killed;
    const { code, stderr } = await benchWeb(['--browser', 'webkit', ...TINY_BLOCKS, '--out', out], {
      onStderr(text) {
        // The driver bench:web started, killed while its first block context opens its session or page.
        const pid = /WebKitWebDriver \(pid (\d+)\)/.exec(text)?.[1];
        if (killed || !pid || !/wave 1\/2 .*: process 1/.test(text)) return;
        killed = Number(pid);
        setTimeout(() => process.kill(killed, 'SIGKILL'), 300);
      },
    });
    assert.ok(killed, stderr);
    assert.equal(code, 0, stderr);
    assert.match(stderr, new RegExp(`WebKitWebDriver \\(pid ${killed}\\) exited: starting it again`));
    assert.match(stderr, /process 1: browser context failed: /);
    const { rows, run } = checkedRun(out);
    assert.equal(run.finished, true);
    const failed = rows.filter((row) => row.status === 'failed');
    assert.ok(failed.length > 0, 'the killed context left failed rows');
    for (const row of failed) assert.match(row.error, /browser context failed/);
    // Every other context of the run measured.
    const byBatch = (status) => new Set(rows.filter((row) => row.status === status).map((row) => row.batch));
    assert.deepEqual([byBatch('failed').size, byBatch('ok').size], [1, 3], stderr);
  },
);

// A Node run installs no browser: bench:web then says in one line what to install and how.
for (const [browser, variable, label, debianPackage] of [
  ['webkit', 'WCB_WEBKIT_DRIVER', 'WebKit', 'webkit2gtk-driver'],
  ['chromium', 'WCB_CHROMIUM', 'Chromium', 'chromium'],
  ['firefox', 'WCB_FIREFOX', 'Firefox', 'firefox-esr'],
])
  test(
    `a machine without ${label}: one line naming what is missing and how to install it`,
    TIMEOUT,
    async () => {
      const missing = path.join(scratch, 'no-such', browser);
      const { code, stderr } = await benchWeb(
        ['--browser', browser, ...TINY_BLOCKS, '--out', path.join(scratch, 'x.json')],
        { env: { ...process.env, [variable]: missing } },
      );
      assert.equal(code, 1, stderr);
      const last = stderr.trimEnd().split('\n').at(-1);
      const installs = browser === 'webkit' ? 'installs them' : 'installs it';
      assert.equal(
        last,
        `bench:web: ${label}: not installed: ${missing} (Debian package ${debianPackage}); scripts/setup.sh --browsers ${installs}`,
      );
    },
  );

test('a MiniBrowser killed under a script fails that script; the next session runs', TIMEOUT, async () => {
  let driverPid;
  const own = await launchWebKit({ log: (text) => (driverPid = /pid (\d+)/.exec(text)?.[1] ?? driverPid) });
  try {
    const context = await own.newContext();
    const page = await context.newPage();
    await page.goto('data:text/html,<p>x</p>');
    // The session's browser: the driver's child.
    const [browserPid] = execFileSync('ps', ['-o', 'pid=', '--ppid', driverPid], { encoding: 'utf8' })
      .trim()
      .split(/\s+/)
      .map(Number);
    assert.ok(browserPid > 0);
    setTimeout(() => process.kill(browserPid, 'SIGKILL'), 500);
    await assert.rejects(page.evaluate(() => new Promise(() => {})));
    await context.close();
    const next = await own.newContext();
    const nextPage = await next.newPage();
    await nextPage.goto('data:text/html,ok');
    assert.equal(await nextPage.evaluate(() => document.body.textContent), 'ok');
    await next.close();
  } finally {
    await own.close();
  }
});
