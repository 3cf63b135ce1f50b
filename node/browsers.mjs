// The browsers npm run bench:web drives (src/engines.mjs BROWSER_NAMES), each
// through the driver that can drive Debian's build of it: Chromium (V8)
// through playwright-core over CDP (node/chromium.mjs), Firefox ESR
// (SpiderMonkey) through puppeteer-core over WebDriver BiDi
// (node/firefox.mjs). Both hand bench:web the same small interface, so its
// protocol does not depend on the browser.

import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { BROWSER_NAMES } from '../src/engines.mjs';
import { CHROMIUM, launchBrowser } from './chromium.mjs';
import { FIREFOX, launchFirefox } from './firefox.mjs';

const require = createRequire(import.meta.url);

/** The installed version of an npm package, read from its package.json. */
function packageVersion(name) {
  return JSON.parse(readFileSync(require.resolve(`${name}/package.json`), 'utf8')).version;
}

/** What bench:web needs of each browser: its executable, driver and launch. */
export const BROWSERS = Object.freeze({
  chromium: {
    label: 'Chromium',
    executable: () => CHROMIUM,
    driver: () => `playwright-core ${packageVersion('playwright-core')} (CDP)`,
    gcHow: '--js-flags=--expose-gc: window.gc, synchronous',
    launch: ({ gc, headed }) => launchBrowser({ measuring: true, gc, headed }),
  },
  firefox: {
    label: 'Firefox',
    executable: () => FIREFOX,
    driver: () => `puppeteer-core ${packageVersion('puppeteer-core')} (WebDriver BiDi)`,
    gcHow: 'pref dom.testing.testutils.enabled: TestUtils.gc, run in the yield before each timed operation',
    launch: ({ gc, headed }) => launchFirefox({ gc, headed }),
  },
});

if (BROWSER_NAMES.some((name) => !BROWSERS[name]))
  throw new Error(`node/browsers.mjs: no launcher for ${BROWSER_NAMES.filter((name) => !BROWSERS[name])}`);

/**
 * Launches browser `name` for measuring: { name, label, driver, newContext(),
 * close() } and `version`, the browser's full version; a context gives { newPage(), close() }, and its pages answer
 * goto, evaluate, click and the events of watchErrors (chromium.mjs) alike
 * in both drivers.
 */
export async function launchForRun(name, { gc = true, headed = false } = {}) {
  const browser = BROWSERS[name];
  const launched = await browser.launch({ gc, headed });
  return {
    name,
    label: browser.label,
    driver: browser.driver(),
    // The full version (the page sees "153.0" in Firefox's userAgent, the driver 153.8.0).
    version: String(await launched.browser.version()).replace(/^[a-z]+\//i, ''),
    newContext: () => launched.newContext(),
    close: () => launched.close(),
  };
}
