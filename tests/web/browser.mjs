// Helpers of the browser tests. The launcher itself is node/chromium.mjs
// (npm run bench:web uses it too); it is re-exported here for the tests
// that launch their own browser.

import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export { CHROMIUM, launchChromium, watchErrors } from '../../node/chromium.mjs';
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

/** Pixels of a canvas that are clearly coloured (the series; grid, axes and text are grey or black). */
export function colouredPixels(page, selector) {
  return page.evaluate((selector) => {
    const canvas = document.querySelector(selector);
    if (!canvas || canvas.width === 0 || canvas.height === 0) return 0;
    const { data } = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height);
    let count = 0;
    for (let i = 0; i < data.length; i += 4) {
      const [r, g, b, a] = [data[i], data[i + 1], data[i + 2], data[i + 3]];
      if (a > 128 && Math.max(r, g, b) - Math.min(r, g, b) > 80) count += 1;
    }
    return count;
  }, selector);
}

/** Clicks Download and returns the file's suggested name and parsed JSON. */
export async function downloadResults(page) {
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('#download')]);
  return {
    name: download.suggestedFilename(),
    document: JSON.parse(readFileSync(await download.path(), 'utf8')),
  };
}
