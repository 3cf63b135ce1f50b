// The page opens on the answer (docs/page.md), in headless Chromium: the
// project's own answer (web/answer.json) is the first screen at 1280x800
// (its table's first row and the Run button in view) and at phone width
// (every control at least 24 px tall, a cut table says that it scrolls); a
// loaded file's answer takes its place and is scrolled to; a permalink that
// names the user's own document asks for that file; the served page is
// compressed and its facts say what it transferred. Screenshots of the first
// screen go to WCB_SCREENSHOT_DIR (else build/web-tests/).

import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from '@playwright/test';
import { startServer } from '../../scripts/serve.mjs';
import { PAGE_FILE_URL, REPO_ROOT, SCREENSHOT_DIR, openPage, pageUrl, watchErrors } from './browser.mjs';

const ANSWER = JSON.parse(readFileSync(path.join(REPO_ROOT, 'web', 'answer.json'), 'utf8'));
const FIXTURE = path.join(REPO_ROOT, 'tests', 'fixtures', 'page', 'browser-tuples.json');
const SCREENS = process.env.WCB_SCREENSHOT_DIR ?? SCREENSHOT_DIR;

/** Whether the element of `selector` lies wholly inside the viewport as the page stands. */
function inView(page, selector) {
  return page.$eval(selector, (element) => {
    const box = element.getBoundingClientRect();
    return box.height > 0 && box.top >= 0 && box.bottom <= innerHeight && box.right <= innerWidth;
  });
}

/** The shown controls (inputs, selects, buttons, the file button, the permalink) under 24 px tall. */
function smallControls(page) {
  return page.evaluate(() =>
    [...document.querySelectorAll('input, select, button, textarea, .file-button, #permalink')]
      .filter((element) => element.getClientRects().length > 0 && !element.closest('[hidden]'))
      .filter((element) => element.getBoundingClientRect().height < 24)
      .map((element) => `${element.localName}#${element.id || element.name || element.textContent.trim()}`),
  );
}

test('at 1280x800 the first screen is the committed answer, its table first row and the Run button in view', async ({
  page,
}) => {
  const errors = watchErrors(page);
  await page.setViewportSize({ width: 1280, height: 800 });
  await openPage(page, PAGE_FILE_URL);
  const [first] = ANSWER.rows;
  const firstRow = '#project-answer-table tbody tr:first-child';
  assert.deepEqual(await page.$$eval(`${firstRow} td`, (cells) => cells.map((cell) => cell.textContent)), [
    first.shape.replace(/ \(.*$/, ''),
    first.place,
    ...[first.encode, first.decode].map((cell) => cell.text.replaceAll('**', '')),
  ]);
  assert.equal(
    await page.$$eval('#project-answer-table tbody tr', (rows) => rows.length),
    ANSWER.rows.length,
  );
  assert.ok(await inView(page, firstRow), 'the first row of the answer without scrolling');
  assert.ok(await inView(page, '#run'), 'the Run button without scrolling');
  assert.match(
    await page.textContent('#project-answer-source'),
    new RegExp(
      `measured ${ANSWER.date.slice(0, 10)} by scripts/bench\\.sh --answer on a ${ANSWER.machine.cpus}-core`,
    ),
  );
  // A dot per cell whose C++ path was compared, per operation; the line at 1x.
  for (const operation of ['encode', 'decode']) {
    const dots = await page.$$eval(`#chart-answer-${operation} svg g.dot-row`, (rows) => rows.length);
    assert.equal(dots, ANSWER.rows.filter((row) => row[operation]?.cpp).length, operation);
    assert.equal((await page.$$(`#chart-answer-${operation} svg line.reference`)).length, 1);
  }
  await page.screenshot({ path: path.join(SCREENS, 'first-screen-1280x800.png') });
  assert.deepEqual(errors, []);
});

test('at 390 px the answer comes first, every control is at least 24 px tall, a cut table says it scrolls', async ({
  page,
}) => {
  const errors = watchErrors(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await openPage(page, PAGE_FILE_URL);
  assert.ok(await inView(page, '#answer-section h2'));
  const firstRow = await page.$eval(
    '#project-answer-table tbody tr',
    (row) => row.getBoundingClientRect().top,
  );
  assert.ok(firstRow < 844, `the answer's first row at ${firstRow} px`);
  await page.screenshot({ path: path.join(SCREENS, 'first-screen-390x844.png') });
  assert.deepEqual(await smallControls(page), []);
  for (const workload of ['messages', 'documents']) {
    await page.selectOption('#workload', workload);
    assert.deepEqual(await smallControls(page), [], workload);
  }
  // The answer's table is wider than a phone: it scrolls in its box, and says so above it.
  await page.waitForSelector('#project-answer-table .scroll-hint');
  assert.match(await page.textContent('#project-answer-table .scroll-hint'), /scroll it sideways/);
  await page.setViewportSize({ width: 2400, height: 844 });
  await page.waitForFunction(() => !document.querySelector('#project-answer-table .scroll-hint'));
  assert.deepEqual(errors, []);
});

test("a loaded file's answer takes the place of the project's, scrolled to; its button brings the project's back", async ({
  page,
}) => {
  const errors = watchErrors(page);
  await page.setViewportSize({ width: 1280, height: 800 });
  await openPage(page, PAGE_FILE_URL);
  await page.evaluate(() => scrollTo(0, document.body.scrollHeight));
  await page.setInputFiles('#load-results', FIXTURE);
  await page.waitForFunction(() => document.body.dataset.shown === 'file');
  assert.equal(await page.isHidden('#project-answer'), true);
  assert.ok((await page.$$('#headlines li')).length > 0);
  const top = await page.$eval('#answer-section', (section) => section.getBoundingClientRect().top);
  assert.ok(Math.abs(top) < 2, `the answer at ${top} px from the top`);
  await page.click('#show-project-answer');
  assert.equal(await page.isVisible('#project-answer-table tbody tr'), true);
  assert.equal(await page.isHidden('#run-answer'), true);
  assert.deepEqual(errors, []);
});

test("a permalink naming the user's own document asks for that file, and Run waits for it", async ({
  page,
}) => {
  const errors = watchErrors(page);
  // The sender's link names the document (never its content).
  await openPage(page, PAGE_FILE_URL);
  await page.selectOption('#workload', 'documents');
  const file = {
    name: 'api.json',
    mimeType: 'application/json',
    buffer: Buffer.from(JSON.stringify({ description: 'Optional. The maximum epsilon value.' })),
  };
  await page.setInputFiles('#documents-file', file);
  await page.waitForSelector('input[name="dataset"][value="user:api.json"]');
  for (const box of await page.$$('input[name="dataset"]:checked'))
    if ((await box.getAttribute('value')) !== 'user:api.json') await box.uncheck();
  const link = new URL(await page.getAttribute('#permalink', 'href'));
  assert.equal(link.searchParams.get('datasets'), 'user:api.json');

  // The receiver: told which file, beside the picker, and in the run box.
  await openPage(page, pageUrl(PAGE_FILE_URL, { workload: 'documents', datasets: ['user:api.json'] }));
  const asked = /^This link measures your file api\.json: pick it under "Your own JSON" in the form/;
  assert.match(await page.textContent('#documents-awaited'), asked);
  assert.match(await page.textContent('#status'), asked);
  assert.equal(await page.isVisible('#documents-file'), true);
  await page.click('#run');
  assert.match(
    await page.textContent('#status'),
    /^Not started: this link measures your file api\.json: pick it/,
  );
  assert.equal(await page.evaluate(() => document.body.dataset.state), 'idle');
  await page.setInputFiles('#documents-file', file);
  await page.waitForSelector('input[name="dataset"][value="user:api.json"]:checked');
  assert.equal(await page.isHidden('#documents-awaited'), true);
  assert.deepEqual(errors, []);
});

test('served, the page comes compressed and its facts say what it transferred; from disk, that it is unknown', async ({
  page,
}) => {
  const errors = watchErrors(page);
  const server = await startServer();
  try {
    const response = await openPage(page, server.url);
    assert.equal(response.status(), 200);
    const script = await page.evaluate(async () => {
      const entry = performance
        .getEntriesByType('resource')
        .find((each) => each.name.endsWith('/dist/page.js'));
      return { encoded: entry.encodedBodySize, decoded: entry.decodedBodySize };
    });
    assert.ok(script.encoded < script.decoded / 2, JSON.stringify(script));
    await page.waitForSelector('dd[data-fact="Page transfer size"]');
    assert.match(
      await page.textContent('dd[data-fact="Page transfer size"]'),
      /^[\d.]+ (KB|MB) transferred for [\d.]+ MB of page, script and style \(compressed\)$/,
    );
  } finally {
    await server.close();
  }
  await openPage(page, PAGE_FILE_URL);
  await page.waitForSelector('dd[data-fact="Page transfer size"]');
  assert.equal(
    await page.textContent('dd[data-fact="Page transfer size"]'),
    'unknown (opened from disk: nothing transferred)',
  );
  assert.deepEqual(errors, []);
});
