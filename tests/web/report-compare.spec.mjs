// npm run report -- --compare OLD NEW on the committed fixtures
// (tests/fixtures/report/make-compare-fixtures.mjs made them from two real
// quick Node runs): the row made 2x slower is flagged, the row moved within
// its spread is not, and compare.html draws its chart with no error.

import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test } from '@playwright/test';
import { pathToFileURL } from 'node:url';
import { watchErrors } from './browser.mjs';
import { REPO_ROOT } from './report-helpers.mjs';

const FIXTURES = path.join(REPO_ROOT, 'tests', 'fixtures', 'report');
const OLD = path.join(FIXTURES, 'compare-old.json');
const NEW = path.join(FIXTURES, 'compare-new.json');

function compare(args) {
  return spawnSync(process.execPath, [path.join(REPO_ROOT, 'node', 'report.mjs'), '--compare', ...args], {
    encoding: 'utf8',
    cwd: REPO_ROOT,
    timeout: 120_000,
  });
}

/** The console table line of one path, size and operation, split into cells. */
function tableLine(stdout, label, mb, operation) {
  const line = stdout.split('\n').find((text) => {
    const cells = text.trim().split(/\s{2,}/);
    return cells[0] === 'node' && cells[1] === label && cells[2] === mb && cells[3] === operation;
  });
  assert.ok(line, `a line for ${label} ${mb} MB ${operation}`);
  return line.trim().split(/\s{2,}/);
}

test.describe('--compare OLD NEW', () => {
  let outDir;
  let result;

  test.beforeAll(async () => {
    outDir = mkdtempSync(path.join(tmpdir(), 'wcb-compare-'));
    result = compare([OLD, NEW, '--out-dir', outDir]);
  });

  test('flags the row made 2x slower', () => {
    assert.equal(result.status, 0, result.stderr);
    const cells = tableLine(result.stdout, 'protobuf/val', '0.48', 'encode');
    assert.equal(cells[6], '+100%');
    assert.equal(cells.at(-1), 'SLOWER');
  });

  test('does not flag the row that moved 8% within its spread', () => {
    const cells = tableLine(result.stdout, 'protobuf/typed', '0.23', 'decode');
    assert.equal(cells[6], '+8.0%');
    // No flag cell: the line ends with the 3xMAD column.
    assert.equal(cells.length, 8);
  });

  test('states the rule and a summary', () => {
    assert.match(
      result.stdout,
      /flagged when \|Δ median\| > 3 × max\(MAD old, MAD new\) and \|Δ median\| > 5% of the old median/,
    );
    assert.match(result.stdout, /48 row operations compared: \d+ slower and \d+ faster beyond the spread/);
    assert.match(result.stdout, /wrote .*compare\.html and .*compare\.svg/);
  });

  test('compare.html draws its chart with no error and lists the flagged row', async ({ page }) => {
    const errors = watchErrors(page);
    await page.goto(pathToFileURL(path.join(outDir, 'compare.html')).href);
    await page.waitForFunction(() => document.body.dataset.state !== 'loading', null, { timeout: 60_000 });
    assert.equal(await page.evaluate(() => document.body.dataset.state), 'done');
    const marks = await page.evaluate(
      () =>
        document.querySelectorAll('[data-chart="compare"][data-rendered="true"] svg g[class^="mark-"] path')
          .length,
    );
    assert.ok(marks > 0, 'the chart draws points');
    const flagged = await page.$$eval('#flagged tbody tr', (rows) =>
      rows.map((row) => [...row.cells].map((cell) => cell.textContent)),
    );
    assert.ok(
      flagged.some(
        ([place, label, mb, operation, , , , , , flag]) =>
          [place, label, mb, operation, flag].join(' ') === 'node protobuf/val 0.48 encode slower',
      ),
      JSON.stringify(flagged),
    );
    assert.ok(
      !flagged.some(
        ([, label, mb, operation]) => `${label} ${mb} ${operation}` === 'protobuf/typed 0.23 decode',
      ),
    );
    assert.deepEqual(errors, []);
  });

  test('a run compared with itself flags nothing', () => {
    const same = compare([OLD, OLD, '--out-dir', outDir]);
    assert.equal(same.status, 0, same.stderr);
    assert.match(
      same.stdout,
      /48 row operations compared: 0 slower and 0 faster beyond the spread, 48 within it/,
    );
  });

  test('--compare needs exactly two files', () => {
    const one = compare([OLD]);
    assert.equal(one.status, 2);
    assert.match(
      one.stderr,
      /--compare takes exactly two results files, OLD and NEW \(got 1; accepted: --compare OLD NEW\)/,
    );
  });
});
