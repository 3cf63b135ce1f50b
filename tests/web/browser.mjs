// Helpers of the browser tests. The launcher itself is node/chromium-driver.mjs
// (npm run bench:web uses it too); it is re-exported here for the tests
// that launch their own browser.

import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export { CHROMIUM, launchBrowser, watchErrors } from '../../node/chromium-driver.mjs';
export { pageUrl } from '../../web/src/query.mjs';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
export const PAGE_FILE_URL = pathToFileURL(path.join(REPO_ROOT, 'web', 'index.html')).href;
export const SCREENSHOT_DIR = path.join(REPO_ROOT, 'build', 'web-tests');

/** Waits until the page has finished its run (done, stopped or error) and returns that state. */
export async function waitForRunEnd(page, { timeout = 120_000 } = {}) {
  await page.waitForFunction(() => ['done', 'stopped', 'error'].includes(document.body.dataset.state), null, {
    timeout,
    polling: 250,
  });
  return page.evaluate(() => document.body.dataset.state);
}

/** Opens `url` in `page` and waits until the page has started (state no longer 'loading'). */
export async function openPage(page, url) {
  const response = await page.goto(url);
  await page.waitForFunction(() => document.body.dataset.state !== 'loading');
  return response;
}

/**
 * The points a chart (web/src/charts.mjs: SVG) has drawn in its series (or
 * its rows of dots: one size, record or data set), in the element `selector`.
 */
export function chartPoints(page, selector) {
  return page.$$eval(`${selector} svg :is(g.series, g.dot-row) .mark`, (marks) => marks.length);
}

/** Clicks Download and returns the file's suggested name and parsed JSON. */
export async function downloadResults(page) {
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('#download')]);
  return {
    name: download.suggestedFilename(),
    document: JSON.parse(readFileSync(await download.path(), 'utf8')),
  };
}

/**
 * Clicks `selector` in the decode box (Decode, or the sample button) and
 * resolves to the outcome of that click, { outcome, text }: the page clears
 * the outcome when a decode starts and the box decodes asynchronously, so
 * reading it straight after the click can see the previous one.
 */
export async function decodeBox(page, selector = '#decode') {
  await page.$eval('#decode-output', (output) => {
    output.textContent = '';
    delete output.dataset.outcome;
  });
  await page.click(selector);
  await page.waitForFunction(() => document.querySelector('#decode-output').dataset.outcome !== undefined);
  return page.$eval('#decode-output', (output) => ({
    outcome: output.dataset.outcome,
    text: output.textContent,
  }));
}
