// The page answers and can be shared (docs/page.md), in headless Chromium,
// served and from disk: a tiny tuples run gives a sentence per size and the phase
// breakdown and writes its form to the address, which opens the same form
// in a new page; results files of another place (the fixtures of
// tests/fixtures/page/, real tiny runs of bench:web and bench:node) load by
// the file input and by a drop into the same answer, tables and charts, and
// a file that is not one gets one line naming it and its first problem;
// a default bench:node file (the block protocol) draws its charts and
// phases from the medians over processes; the permalink says which files
// it leaves out; each chart exports as an SVG (parsed) and a PNG (checked).

import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from '@playwright/test';
import { engineLabel } from '../../src/engines.mjs';
import { createResultsValidator } from '../../src/harness/validate.mjs';
import { startServer } from '../../node/serve.mjs';
import { PAGE_FILE_URL, REPO_ROOT, chartPoints, openPage, waitForRunEnd, watchErrors } from './browser.mjs';
import { resultsSchema } from '../../src/workload-folders.mjs';

const FIXTURES = path.join(REPO_ROOT, 'tests', 'fixtures', 'page');
const BROWSER_FIXTURE = path.join(FIXTURES, 'browser-tuples.json');
const NODE_FIXTURE = path.join(FIXTURES, 'node-documents.json');
const BLOCKS_FIXTURE = path.join(FIXTURES, 'node-documents-blocks.json');
const readJson = (file) => JSON.parse(readFileSync(file, 'utf8'));
const validate = createResultsValidator(await resultsSchema());

// A tuples run small enough for a test: two codecs through one strategy, one library, two sizes.
const TINY = {
  codec: ['json', 'msgpack'],
  strategy: ['typed'],
  peer: ['msgpackr'],
  numbers: { 'min-mb': '0.05', 'max-mb': '0.12', 'per-decade': '2', repetitions: '3', warmup: '0' },
};

/** Every control of the run form as it stands: the workload, each box's state, each number as typed. */
function formState(page) {
  return page.evaluate(() => ({
    workload: document.querySelector('#workload').value,
    boxes: [...document.querySelectorAll('#controls input[type="checkbox"]')].map(
      (box) => `${box.name}=${box.value}:${box.checked}`,
    ),
    numbers: [...document.querySelectorAll('#controls input[type="number"]')].map(
      (input) => `${input.id}=${input.value}`,
    ),
  }));
}

/** Sets the tuples form to TINY by clicking and typing, as a user would. */
async function fillTinyForm(page) {
  for (const name of ['codec', 'strategy', 'peer']) {
    const boxes = await page.$$(`input[name="${name}"]`);
    for (const box of boxes) {
      if (!(await box.isVisible())) continue;
      const value = await box.getAttribute('value');
      await box.setChecked(TINY[name].includes(value));
    }
  }
  for (const [id, value] of Object.entries(TINY.numbers)) await page.fill(`#${id}`, value);
}

/** The sentences of the answer: [{ unit, winners, text }]. */
const answerLines = (page) =>
  page.$$eval('#headlines li', (items) =>
    items.map((item) => ({ unit: item.dataset.unit, winners: item.dataset.winners, text: item.textContent })),
  );

/** Waits until the page shows the results file `name`. */
async function waitForFile(page, name) {
  await page.waitForFunction(
    (name) =>
      document.body.dataset.shown === 'file' &&
      document.querySelector('#shown-source').textContent.startsWith(name),
    name,
  );
}

/** Drops a file with `text` named `name` on the page, as a drag from the desktop would. */
function dropFile(page, name, text) {
  return page.evaluate(
    ([name, text]) => {
      const transfer = new DataTransfer();
      transfer.items.add(new File([text], name, { type: 'application/json' }));
      for (const type of ['dragenter', 'dragover', 'drop'])
        document
          .querySelector('#tables-section')
          .dispatchEvent(new DragEvent(type, { dataTransfer: transfer, bubbles: true, cancelable: true }));
    },
    [name, text],
  );
}

let server;

test.beforeAll(async () => {
  server = await startServer();
});

test.afterAll(async () => {
  await server?.close();
});

test('a tiny tuples run answers per size, shows its phases, and its address opens the same form', async ({
  page,
  context,
}) => {
  const errors = watchErrors(page);
  // Served: cross-origin isolated, a clock fine enough for the phases of a 0.05 MB call.
  await openPage(page, server.url);
  await fillTinyForm(page);

  // The address carries the form as it was set, and the permalink is the address.
  const url = new URL(page.url());
  assert.equal(url.searchParams.get('workload'), 'tuples');
  // Of the boxes tuples shows, the link lists those checked (others keep their state in it too).
  for (const [key, name] of [
    ['codecs', 'codec'],
    ['strategies', 'strategy'],
    ['peers', 'peer'],
  ]) {
    const shown = await page.$$eval(`input[name="${name}"]`, (boxes) =>
      boxes.filter((box) => box.checkVisibility()).map((box) => box.value),
    );
    const listed = url.searchParams.get(key).split(',');
    assert.deepEqual(
      shown.filter((value) => listed.includes(value)),
      TINY[name],
      key,
    );
  }
  assert.equal(await page.getAttribute('#permalink', 'href'), page.url());

  await page.click('#run');
  assert.equal(await waitForRunEnd(page), 'done', await page.textContent('#status'));

  // One sentence per size, in words, with both operations; the first says it is this browser's.
  const sizes = await page.$$eval('#tables table[data-step]', (tables) =>
    tables.map((table) => table.dataset.step),
  );
  assert.equal(sizes.length, 2);
  const lines = await answerLines(page);
  assert.deepEqual(
    lines.map((line) => line.unit),
    sizes,
  );
  for (const line of lines) {
    assert.match(
      line.text,
      /^In this browser at \d[\d.]* MB: .+ encodes this .+\. .+ decodes this .+\.$/,
      line.text,
    );
    // Every figure is a claim or says it is within noise.
    assert.match(line.text, /(\d+\.\d+x (faster|slower) than|within noise of)/, line.text);
    assert.match(line.winners, /^encode:(wasm|library|json) decode:(wasm|library|json)$/);
  }
  assert.match(await page.getAttribute('#headlines li', 'title'), /encode vs .+: ~?\d+\.\d+x/);

  // The phases of the C++ paths at the largest size, JSON's whole call beside them.
  assert.equal(await page.isVisible('#phases-figure'), true);
  assert.equal(await page.inputValue('#chart-unit'), sizes.at(-1));
  const bars = await page.$$eval('#chart-phases svg g.bar', (groups) =>
    groups.map((group) => ({
      label: group.dataset.label,
      segments: group.querySelectorAll('rect.segment').length,
      total: group.querySelectorAll('line.total').length,
    })),
  );
  assert.deepEqual(
    bars.map((bar) => bar.label),
    ['json (js)', 'json/typed', 'msgpack/typed'],
  );
  for (const bar of bars.slice(1)) assert.ok(bar.segments >= 2 && bar.total === 1, JSON.stringify(bar));
  await page.selectOption('#chart-operation', 'decode');
  assert.match(await page.textContent('#chart-phases'), /decode: where the time goes/);
  assert.match(await page.textContent('#chart-phases'), /marshal out \(C\+\+ -> JS\)/);

  // The permalink in a new page: the same form, and the same address.
  const permalink = await page.getAttribute('#permalink', 'href');
  const before = await formState(page);
  const other = await context.newPage();
  await openPage(other, permalink);
  assert.deepEqual(await formState(other), before);
  assert.equal(other.url(), permalink);
  // A link never starts a run by itself.
  assert.equal(await other.evaluate(() => document.body.dataset.state), 'idle');
  assert.deepEqual(errors, []);
});

test('results files of another place load into the answer, tables and charts; a bad one gets one line', async ({
  page,
}) => {
  const errors = watchErrors(page);
  await openPage(page, PAGE_FILE_URL);

  // A bench:web run (Chromium, tuples) through the file input.
  const browserRun = readJson(BROWSER_FIXTURE);
  await page.setInputFiles('#load-results', BROWSER_FIXTURE);
  await waitForFile(page, 'browser-tuples.json');
  const steps = [...new Set(browserRun.rows.map((row) => String(row.step)))];
  assert.deepEqual(
    await page.$$eval('#tables table[data-step]', (tables) => tables.map((table) => table.dataset.step)),
    steps,
  );
  const lines = await answerLines(page);
  assert.equal(lines.length, steps.length);
  for (const line of lines)
    assert.ok(line.text.startsWith(`In ${engineLabel(browserRun.run.runtime)} at `), line.text);
  for (const chart of ['#chart-time', '#chart-ratio']) assert.ok((await chartPoints(page, chart)) > 0, chart);
  assert.ok((await page.$$('#chart-phases svg g.bar')).length >= 2);
  assert.match(await page.textContent('#validation'), /valid against results\.schema\.json/);
  assert.equal(await page.isDisabled('#download'), true, 'the file is not offered back as this page run');

  // A bench:node run (Node, documents) dropped on the page: the form follows its workload.
  const nodeRun = readJson(NODE_FIXTURE);
  await dropFile(page, 'node-documents.json', readFileSync(NODE_FIXTURE, 'utf8'));
  await waitForFile(page, 'node-documents.json');
  assert.equal(await page.inputValue('#workload'), 'documents');
  const datasets = [...new Set(nodeRun.rows.map((row) => row.dataset))];
  assert.deepEqual(
    await page.$$eval('#tables section.dataset', (sections) =>
      sections.map((section) => section.dataset.dataset),
    ),
    datasets,
  );
  const nodeLines = await answerLines(page);
  assert.deepEqual(
    nodeLines.map((line) => line.text.slice(0, line.text.indexOf(':'))),
    datasets.map((dataset) => `In ${engineLabel(nodeRun.run.runtime)} on ${dataset}`),
  );
  assert.ok((await chartPoints(page, '#chart-time')) > 0);
  assert.ok((await page.$$('#chart-phases svg g.bar')).length >= 2);
  assert.match(new URL(page.url()).searchParams.get('workload'), /^documents$/);

  // Not a results file: one line naming the file and the schema's first error; what was shown stays.
  const notResults = { schemaVersion: 1, rows: [] };
  await page.setInputFiles('#load-results', {
    name: 'not-results.json',
    mimeType: 'application/json',
    buffer: Buffer.from(JSON.stringify(notResults)),
  });
  await page.waitForSelector('#load-error:not([hidden])');
  assert.equal(
    await page.textContent('#load-error'),
    `not-results.json: not a results file: ${validate(notResults).text}`,
  );
  assert.ok((await page.textContent('#shown-source')).startsWith('node-documents.json'));
  await dropFile(page, 'notes.json', 'these are notes');
  await page.waitForFunction(() =>
    document.querySelector('#load-error').textContent.startsWith('notes.json'),
  );
  assert.match(await page.textContent('#load-error'), /^notes\.json: not JSON \(.+\)$/);

  // A good file clears the error.
  await page.setInputFiles('#load-results', BROWSER_FIXTURE);
  await waitForFile(page, 'browser-tuples.json');
  assert.equal(await page.isHidden('#load-error'), true);
  assert.deepEqual(errors, []);
});

test('a default bench:node file (the block protocol) draws its charts and phases; the link says it leaves the file out', async ({
  page,
}) => {
  const errors = watchErrors(page);
  await openPage(page, PAGE_FILE_URL);
  assert.equal(await page.isHidden('#permalink-left-out'), true);
  const blocks = readJson(BLOCKS_FIXTURE);
  await page.setInputFiles('#load-results', BLOCKS_FIXTURE);
  await waitForFile(page, 'node-documents-blocks.json');
  // Its verdict tables, one block per data set.
  assert.equal((await page.$$('#tables section.block')).length, 1);
  // One data set: a row of dots per path, every path that timed encode, JSON's speed at the line of 1.
  const encoders = new Set(
    blocks.rows
      .filter((row) => row.status === 'ok' && row.encode)
      .map((row) => JSON.stringify([row.codec, row.interop, row.library, row.variant])),
  );
  for (const chart of ['#chart-time', '#chart-ratio'])
    assert.equal(await page.$$eval(`${chart} svg g.dot-row`, (rows) => rows.length), encoders.size, chart);
  assert.match(
    await page.textContent('#chart-time'),
    /encode: median time \(median over processes, log scale\), geo-110m/,
  );
  assert.equal((await page.$$('#chart-ratio svg line.reference')).length, 1);
  for (const figure of ['time', 'ratio', 'phases'])
    assert.equal(await page.isDisabled(`figure[data-chart="${figure}"] [data-export="svg"]`), false, figure);
  assert.equal(await page.isHidden('#charts-note'), true);
  // The phases of its C++ paths, from the medians over processes, JSON's whole call for scale.
  const bars = await page.$$eval('#chart-phases svg g.bar', (groups) =>
    groups.map((group) => group.dataset.label),
  );
  assert.deepEqual(bars, ['json (js)', 'msgpack/tagged', 'json/tagged']);
  // Decode: the paths that timed decode (a library of one operation's fastest set draws in that one).
  await page.selectOption('#chart-operation', 'decode');
  const decoders = blocks.rows.filter((row) => row.status === 'ok' && row.decode);
  assert.equal(
    await page.$$eval('#chart-time svg g.dot-row', (rows) => rows.length),
    new Set(decoders.map((row) => JSON.stringify([row.codec, row.interop, row.library, row.variant]))).size,
  );
  assert.match(await page.textContent('#chart-phases'), /decode: where the time goes on geo-110m/);
  // The permalink carries the form, not the file: it says so.
  assert.equal(
    await page.textContent('#permalink-left-out'),
    'Not in the link: the results file node-documents-blocks.json (files stay on this machine: whoever opens the link must load it again).',
  );
  assert.deepEqual(errors, []);
});

test("the permalink says it leaves out the user's own document", async ({ page }) => {
  const errors = watchErrors(page);
  await openPage(page, PAGE_FILE_URL);
  await page.selectOption('#workload', 'documents');
  await page.setInputFiles('#documents-file', {
    name: 'api.json',
    mimeType: 'application/json',
    buffer: Buffer.from(JSON.stringify({ description: 'Optional. The maximum epsilon value.' })),
  });
  await page.waitForSelector('input[name="dataset"][value="user:api.json"]');
  assert.match(
    await page.textContent('#permalink-left-out'),
    /^Not in the link: your document user:api\.json \(files stay on this machine: whoever opens the link must load it again\)\.$/,
  );
  // Unchecked, it is not in the run the link describes: nothing to say.
  await page.uncheck('input[name="dataset"][value="user:api.json"]');
  assert.equal(await page.isHidden('#permalink-left-out'), true);
  assert.deepEqual(errors, []);
});

test('each chart exports as an SVG and a PNG of the same picture', async ({ page }) => {
  const errors = watchErrors(page);
  await openPage(page, PAGE_FILE_URL);
  await page.setInputFiles('#load-results', BROWSER_FIXTURE);
  await waitForFile(page, 'browser-tuples.json');
  for (const chart of ['time', 'ratio', 'phases']) {
    const figure = `figure[data-chart="${chart}"]`;
    const save = async (format) => {
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.click(`${figure} [data-export="${format}"]`),
      ]);
      return { name: download.suggestedFilename(), bytes: readFileSync(await download.path()) };
    };

    const svg = await save('svg');
    assert.equal(svg.name, `wcb-tuples-${chart}-encode.svg`);
    // Parsed by the browser's XML parser: well-formed, an <svg> of the drawn chart's size and marks.
    const parsed = await page.evaluate(
      ([text, chart]) => {
        const root = new DOMParser().parseFromString(text, 'image/svg+xml').documentElement;
        const shown = document.querySelector(`#chart-${chart} svg`);
        const marks = (element) =>
          element.querySelectorAll('g.series .mark, g.dot-row .mark, g.bar rect.segment').length;
        return {
          error:
            root.querySelector('parsererror')?.textContent ??
            (root.localName === 'svg' ? null : root.localName),
          size: [root.getAttribute('width'), root.getAttribute('height')],
          shownSize: [shown.getAttribute('width'), shown.getAttribute('height')],
          marks: marks(root),
          shownMarks: marks(shown),
        };
      },
      [svg.bytes.toString('utf8'), chart],
    );
    assert.equal(parsed.error, null);
    assert.deepEqual(parsed.size, parsed.shownSize);
    assert.ok(parsed.marks > 0 && parsed.marks === parsed.shownMarks, JSON.stringify(parsed));

    const png = await save('png');
    assert.equal(png.name, `wcb-tuples-${chart}-encode.png`);
    assert.deepEqual([...png.bytes.subarray(0, 8)], [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    // IHDR: the SVG's size, twice over.
    assert.deepEqual(
      [png.bytes.readUInt32BE(16), png.bytes.readUInt32BE(20)],
      parsed.size.map((value) => 2 * Number(value)),
    );
  }
  assert.deepEqual(errors, []);
});
