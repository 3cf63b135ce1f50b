// The browser page refuses inputs it would not run with, like the runners'
// options: a visible one-line message in the status line saying what is
// accepted, the input marked, nothing measured; started from the query
// string (npm run bench:web), its state becomes 'error' so the driver does
// not wait for a run that never starts. Headless Debian Chromium, page
// opened from disk.
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { after, before, describe, test } from 'node:test';
import { buildWeb } from '../../scripts/build-web.mjs';
import {
  CHROMIUM,
  PAGE_FILE_URL,
  launchBrowser,
  pageUrl,
  waitForRunEnd,
  watchErrors,
} from '../web/browser.mjs';

const skip = existsSync(CHROMIUM)
  ? false
  : `no Chromium at ${CHROMIUM} (scripts/setup.sh --browsers installs it)`;

describe('page inputs', { skip }, () => {
  let browser;
  let context;
  before(async () => {
    await buildWeb({ quiet: true });
    browser = await launchBrowser();
    context = await browser.newContext();
  });
  after(async () => browser?.close());

  async function refused(options, { input, message }) {
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto(pageUrl(PAGE_FILE_URL, { ...options, autorun: true }));
    assert.equal(await waitForRunEnd(page, { timeout: 30_000 }), 'error');
    const status = page.locator('#status');
    const text = await status.textContent();
    if (message instanceof RegExp) assert.match(text, message);
    else assert.equal(text, `Not started: ${message}`);
    assert.equal(await status.getAttribute('class'), 'error');
    assert.ok(await status.isVisible());
    if (input) assert.equal(await page.getAttribute(`#${input}`, 'aria-invalid'), 'true');
    assert.equal(await page.evaluate(() => globalThis.wcbPage.results()), undefined, 'nothing measured');
    assert.deepEqual(errors, []);
    return page;
  }

  test('numbers out of range, min above max, no size between them: refused with what is accepted', async () => {
    const cases = [
      [{ maxMB: 2048 }, 'max-mb', "Max MB: '2048' is not valid (accepted: a number > 0 and <= 1024)"],
      [{ minMB: 0 }, 'min-mb', "Min MB: '0' is not valid (accepted: a number > 0 and <= 1024)"],
      [{ minMB: 2, maxMB: 1 }, 'max-mb', 'Max MB 1 is below Min MB 2 (accepted: Max MB >= Min MB)'],
      [
        { repetitions: 2.5 },
        'repetitions',
        "Repetitions: '2.5' is not valid (accepted: an integer >= 1 and <= 10000)",
      ],
      [{ warmup: '' }, 'warmup', 'Warm-up: empty (accepted: an integer >= 0 and <= 10000)'],
      [
        { perDecade: 1000 },
        'per-decade',
        "Steps per decade: '1000' is not valid (accepted: a number >= 0 and <= 100)",
      ],
    ];
    for (const [options, input, message] of cases) {
      const page = await refused(options, { input, message });
      await page.close();
    }
    // The next size after 0.2 MB comes from the dataset: its value is not pinned here.
    const page = await refused(
      { minMB: 0.2, maxMB: 0.2001 },
      {
        input: 'max-mb',
        message:
          /^Not started: no payload size of the dataset lies between 0\.2 and 0\.2001 MB \(accepted: Max MB >= 0\.2\d+, the next size\)$/,
      },
    );
    await page.close();
  });

  test('a corrected value clears the mark; nothing to run is refused too', async () => {
    const page = await refused(
      { maxMB: 5000 },
      { input: 'max-mb', message: "Max MB: '5000' is not valid (accepted: a number > 0 and <= 1024)" },
    );
    await page.fill('#max-mb', '1');
    // The visible boxes: the messages workload's record boxes are hidden.
    for (const box of await page.$$('input[type="checkbox"]:visible')) await box.uncheck();
    await page.click('#run');
    assert.equal(
      await page.textContent('#status'),
      // The page's strategies are every workload's; the tuple workload names its own.
      'Not started: pick a codec and a strategy (val or embind or typed), or a JS library.',
    );
    assert.equal(
      await page.getAttribute('#max-mb', 'aria-invalid'),
      null,
      'the corrected input is no longer marked',
    );
    await page.close();
  });
});
