// The page at phone width (docs/page.md), in headless Chromium: at 390 and
// 400 px nothing is wider than the screen, before and after results files
// of each workload's widest tables are loaded; the tables scroll inside
// their own box and the charts scale to the column. Screenshots go to
// build/web-tests/ for a look.

import assert from 'node:assert/strict';
import path from 'node:path';
import { test } from '@playwright/test';
import { PAGE_FILE_URL, REPO_ROOT, SCREENSHOT_DIR, openPage, watchErrors } from './browser.mjs';

const FIXTURES = path.join(REPO_ROOT, 'tests', 'fixtures', 'page');
const FILES = ['browser-tuples.json', 'node-documents.json', 'node-documents-blocks.json'];

/** How wide the document is, and the elements that reach past the viewport (at most a few, named). */
function overflow(page) {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const wide = [...document.querySelectorAll('body *')]
      .filter((element) => {
        // What sits inside a box that scrolls sideways does not widen the page.
        for (let parent = element.parentElement; parent; parent = parent.parentElement)
          if (['auto', 'scroll'].includes(getComputedStyle(parent).overflowX)) return false;
        return element.getBoundingClientRect().right > width + 0.5;
      })
      .slice(0, 5)
      .map((element) => `${element.localName}${element.id ? `#${element.id}` : ''}.${element.className}`);
    return { scrollWidth: document.documentElement.scrollWidth, wide };
  });
}

for (const width of [390, 400]) {
  test(`at ${width} px the page does not scroll sideways, with any results file shown`, async ({ page }) => {
    const errors = watchErrors(page);
    await page.setViewportSize({ width, height: 800 });
    await openPage(page, PAGE_FILE_URL);
    const empty = await overflow(page);
    assert.ok(empty.scrollWidth <= width, `empty page: ${JSON.stringify(empty)}`);
    for (const file of FILES) {
      await page.setInputFiles('#load-results', path.join(FIXTURES, file));
      await page.waitForFunction(
        (file) => document.querySelector('#shown-source').textContent.startsWith(file),
        file,
      );
      const shown = await overflow(page);
      assert.ok(shown.scrollWidth <= width, `${file}: ${JSON.stringify(shown)}`);
      // The charts fit the column.
      for (const chart of await page.$$('.chart svg')) {
        const box = await chart.boundingBox(); // null when hidden (the project's answer, in a file's place)
        assert.ok(!box || box.width <= width, `${file}: a chart wider than the page`);
      }
      if (width === 400)
        await page.screenshot({
          path: path.join(SCREENSHOT_DIR, `page-narrow-${path.basename(file, '.json')}.png`),
          fullPage: true,
        });
    }
    assert.deepEqual(errors, []);
  });
}
