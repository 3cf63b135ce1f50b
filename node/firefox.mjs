// Debian's Firefox ESR (SpiderMonkey) through puppeteer-core over WebDriver
// BiDi, for npm run bench:web --browser firefox and the Firefox smoke test.
// Playwright cannot drive this Firefox (its BiDi route fails at newPage on
// 153 ESR: emulation.setMediaFeaturesOverride is an unknown command), and
// its own patched Firefox cannot be downloaded here.

import puppeteer from 'puppeteer-core';
import { VIEWPORT } from './chromium.mjs';

export const FIREFOX = process.env.WCB_FIREFOX ?? '/usr/bin/firefox-esr';

// Firefox exposes no gc() to pages. This pref exposes TestUtils.gc()
// (https://testutils.spec.whatwg.org/), a full non-incremental GC and cycle
// collection, which the page calls before every timed operation
// (web/src/browser-info.mjs says when it runs). The measuring counterpart of
// Chromium's --js-flags=--expose-gc.
export const MEASURING_PREFS = Object.freeze({ 'dom.testing.testutils.enabled': true });

/**
 * Launches headless Firefox (a fresh temporary profile, removed on close).
 * `gc`: with MEASURING_PREFS. Resolves to { browser, newContext(), close() };
 * newContext() gives a fresh BiDi user context, whose page is { newPage(), close() }.
 */
export async function launchFirefox({ gc = false, headed = false } = {}) {
  const browser = await puppeteer.launch({
    browser: 'firefox',
    executablePath: FIREFOX,
    headless: !headed,
    defaultViewport: VIEWPORT,
    extraPrefsFirefox: gc ? { ...MEASURING_PREFS } : {},
  });
  return {
    browser,
    async newContext() {
      const context = await browser.createBrowserContext();
      return { newPage: () => context.newPage(), close: () => context.close() };
    },
    close: () => browser.close(),
  };
}
