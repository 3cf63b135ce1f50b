// npm run report end to end: quick native, Node and browser runs made by the
// real runners into a temp folder, the report written from them (HTML and
// one SVG per chart), the HTML opened from disk in headless Chromium with
// every chart drawn and no error, and invalid inputs refused.

import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test } from '@playwright/test';
import { pathToFileURL } from 'node:url';
import { isJsonBaseline, isObjectFloor } from '../../src/catalog.mjs';
import { labelOf } from '../../src/report/shared-model.mjs';
import { watchErrors } from './browser.mjs';
import { REPO_ROOT, validateResults } from './report-helpers.mjs';

const NATIVE_BENCH = path.join(REPO_ROOT, 'build', 'native-release', 'src', 'native', 'wcb_native_bench');
const WASM_BUILD = path.join(REPO_ROOT, 'build', 'wasm', 'build-info.json');
const REPORT = path.join(REPO_ROOT, 'node', 'report.mjs');
const CHART_IDS = [
  'time-encode',
  'time-decode',
  'ratio-encode',
  'ratio-decode',
  'breakdown-encode',
  'breakdown-decode',
  'wasm-penalty',
  'sizes',
  'modules',
  'shipped-bytes',
];
// The three ways to run the same C++, drawn when the node run measured the
// Node-API addon (bench:node does by default when the native build has it).
const ADDON_CHART_IDS = ['three-ways-encode', 'three-ways-decode'];
const hasAddonRows = (file) =>
  JSON.parse(readFileSync(file, 'utf8')).rows.some((row) => row.place === 'node-addon');
const chartIds = (nodeFile) =>
  hasAddonRows(nodeFile)
    ? CHART_IDS.flatMap((id) => (id === 'breakdown-decode' ? [id, ...ADDON_CHART_IDS] : [id]))
    : CHART_IDS;

const missing = !existsSync(NATIVE_BENCH)
  ? 'the native runner is not built: run scripts/build-native.sh first (scripts/test.sh does)'
  : !existsSync(WASM_BUILD)
    ? 'build/wasm is missing: run scripts/build-wasm.sh first (scripts/test.sh does)'
    : false;

function run(command, args, options = {}) {
  const result = spawnSync(command, args, { encoding: 'utf8', cwd: REPO_ROOT, timeout: 300_000, ...options });
  return result;
}

function report(args) {
  return run(process.execPath, [REPORT, ...args]);
}

function assertRan(result, what) {
  assert.equal(result.status, 0, `${what}: exit ${result.status} ${result.signal ?? ''}\n${result.stderr}`);
}

// Runner options that keep the runs small: two codecs, two strategies, one
// JS library where the runner has them.
function smallRunOptions(script) {
  const help = run(process.execPath, [script, '--help']).stdout;
  const options = ['--quick', '--codecs', 'raw,protobuf', '--strategies', 'typed,val'];
  // The report's charts are drawn from the full matrix (a sweep) of each runner.
  if (help.includes('--sweep')) options.unshift('--sweep');
  if (help.includes('--peers')) options.push('--peers', 'msgpackr');
  return options;
}

test.describe('npm run report on quick runs', () => {
  test.skip(Boolean(missing), missing || '');
  let dir;
  let files;
  let outDir;
  let reportRun;

  test.beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'wcb-report-'));
    files = {
      native: path.join(dir, 'native-quick.json'),
      node: path.join(dir, 'node-quick.json'),
      browser: path.join(dir, 'browser-quick.json'),
    };
    assertRan(
      run(NATIVE_BENCH, ['--quick', '--codecs', 'raw,protobuf', '--out', files.native]),
      'native runner',
    );
    const nodeBench = path.join(REPO_ROOT, 'node', 'bench.mjs');
    assertRan(
      run(process.execPath, [nodeBench, ...smallRunOptions(nodeBench), '--out', files.node]),
      'node runner',
    );
    const webBench = path.join(REPO_ROOT, 'node', 'bench-web.mjs');
    assertRan(
      run(process.execPath, [webBench, ...smallRunOptions(webBench), '--out', files.browser]),
      'browser runner',
    );
    outDir = path.join(dir, 'report');
    reportRun = report([files.native, files.node, files.browser, '--out-dir', outDir]);
  });

  test('the quick runs are small, valid results files', () => {
    for (const file of Object.values(files)) {
      assert.deepEqual(validateResults(JSON.parse(readFileSync(file, 'utf8'))), { valid: true }, file);
    }
  });

  test('writes index.html and one SVG per chart, and prints what each chart shows', () => {
    assertRan(reportRun, 'report');
    const written = readdirSync(outDir).sort();
    const ids = chartIds(files.node);
    assert.deepEqual(written, ['index.html', ...ids.map((id) => `${id}.svg`)].sort());
    for (const id of ids) {
      const svg = readFileSync(path.join(outDir, `${id}.svg`), 'utf8');
      assert.match(svg, /^<svg [^>]*xmlns="http:\/\/www.w3.org\/2000\/svg"/, id);
      // Drawn marks (lines, bars), not just an empty frame.
      assert.match(svg, /class="mark-(line|rect)[^"]*"[^>]*><path/, `${id} has data marks`);
      assert.ok(reportRun.stdout.includes(`${id}: `), `title of ${id} printed`);
    }
    // What the charts show in words: each file's answer, under the file's name.
    assert.match(reportRun.stdout, /\n {2}In Node .* at 0\.48 MB: /);
  });

  test('the HTML opens from disk and draws every chart with no error and no network', async ({ page }) => {
    const errors = watchErrors(page);
    const requests = [];
    page.on('request', (request) => requests.push(request.url()));
    const url = pathToFileURL(path.join(outDir, 'index.html')).href;
    await page.goto(url);
    await page.waitForFunction(() => document.body.dataset.state !== 'loading', null, { timeout: 60_000 });
    assert.equal(await page.evaluate(() => document.body.dataset.state), 'done');
    const charts = await page.evaluate(() =>
      [...document.querySelectorAll('[data-chart]')].map((element) => ({
        id: element.dataset.chart,
        rendered: element.dataset.rendered,
        marks: element.querySelectorAll('svg g[class^="mark-"] path').length,
      })),
    );
    assert.deepEqual(
      charts.map((chart) => chart.id),
      chartIds(files.node),
    );
    for (const chart of charts) {
      assert.equal(chart.rendered, 'true', chart.id);
      assert.ok(chart.marks > 0, `${chart.id} draws marks`);
    }
    assert.deepEqual(errors, []);
    assert.deepEqual(requests, [url], 'the page loads nothing but itself');

    const runs = await page.$$eval('#runs table tr:first-child th', (cells) =>
      cells.map((cell) => cell.textContent),
    );
    assert.deepEqual(runs, ['', 'native', 'node', 'browser']);
    // One limits line per path of every file (the view's summary), but the references that never failed.
    const limitRows = await page.$$eval('#limits tbody tr', (rows) => rows.length);
    const paths = Object.values(files).map((file) => {
      const { rows } = JSON.parse(readFileSync(file, 'utf8'));
      const reference = (row) => isJsonBaseline(row) || isObjectFloor(row);
      const shown = rows.filter(
        (row) =>
          !reference(row) || rows.some((other) => labelOf(other) === labelOf(row) && other.status !== 'ok'),
      );
      return new Set(shown.map(labelOf)).size;
    });
    assert.equal(limitRows, paths[0] + paths[1] + paths[2]);
  });

  test('without paths it reports the newest file of each place in --results-dir', () => {
    const resultsDir = path.join(dir, 'results');
    mkdirSync(resultsDir);
    copyFileSync(files.native, path.join(resultsDir, 'native-2026-01-01T00-00-00Z.json'));
    copyFileSync(files.node, path.join(resultsDir, 'node-2026-02-01T00-00-00Z.json'));
    // An older Node file that would be refused if it were picked.
    writeFileSync(path.join(resultsDir, 'node-2025-12-31T00-00-00Z.json'), '{"not": "results"}');
    const result = report(['--results-dir', resultsDir]);
    assertRan(result, 'report of the latest files');
    assert.match(
      result.stdout,
      /Reporting .*native-2026-01-01T00-00-00Z\.json, .*node-2026-02-01T00-00-00Z\.json\n/,
    );
    assert.ok(existsSync(path.join(resultsDir, 'report', 'index.html')));
    assert.ok(existsSync(path.join(resultsDir, 'report', 'wasm-penalty.svg')));
  });

  test('--size-mb picks the nearest measured size for the breakdown', () => {
    const result = report([files.node, '--out-dir', path.join(dir, 'small'), '--size-mb', '0.1']);
    assertRan(result, 'report --size-mb 0.1');
    const svg = readFileSync(path.join(dir, 'small', 'breakdown-encode.svg'), 'utf8');
    assert.match(svg, /0\.10 MB/);
  });

  test('an invalid results file is refused, naming the file and the first schema error', () => {
    const document = JSON.parse(readFileSync(files.node, 'utf8'));
    document.rows[1].jsonMB = -1;
    const invalid = path.join(dir, 'node-invalid.json');
    writeFileSync(invalid, JSON.stringify(document));
    const out = path.join(dir, 'refused');
    const result = report([files.native, invalid, '--out-dir', out]);
    assert.equal(result.status, 1, result.stderr);
    assert.ok(result.stderr.includes(invalid), result.stderr);
    assert.match(result.stderr, /first error at \/rows\/1\/jsonMB: must be >= 0/);
    assert.ok(!existsSync(path.join(out, 'index.html')), 'nothing written');

    const notJson = path.join(dir, 'browser-broken.json');
    writeFileSync(notJson, '{"schemaVersion": 1,');
    const broken = report([notJson, '--out-dir', out]);
    assert.equal(broken.status, 1);
    assert.match(broken.stderr, new RegExp(`${notJson.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}: not JSON`));
  });
});

test('nothing to report and bad options are explained', () => {
  const empty = mkdtempSync(path.join(tmpdir(), 'wcb-report-empty-'));
  const none = report(['--results-dir', empty]);
  assert.equal(none.status, 1);
  assert.match(none.stderr, /no results files in .*run npm run bench:node/);
  const bad = report(['--size-mb', 'ten']);
  assert.equal(bad.status, 2);
  assert.match(bad.stderr, /--size-mb: 'ten' is not valid/);
  const unknown = report(['--colour']);
  assert.equal(unknown.status, 2);
  assert.match(unknown.stderr, /--colour/);
});
