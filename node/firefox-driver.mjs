// Debian's Firefox ESR (SpiderMonkey) through puppeteer-core over WebDriver
// BiDi, for npm run bench:web --browser firefox and the Firefox smoke test.
// Playwright cannot drive this Firefox (its BiDi route fails at newPage on
// 153 ESR: emulation.setMediaFeaturesOverride is an unknown command), and
// its own patched Firefox cannot be downloaded here.

import { createRequire } from 'node:module';
import puppeteer from 'puppeteer-core';
import { VIEWPORT } from './chromium-driver.mjs';

export const FIREFOX = process.env.WCB_FIREFOX ?? '/usr/bin/firefox-esr';

// Firefox exposes no gc() to pages. This pref exposes TestUtils.gc()
// (https://testutils.spec.whatwg.org/), a full non-incremental GC and cycle
// collection, which the page calls before every timed operation
// (web/src/browser-info.mjs says when it runs). The measuring counterpart of
// Chromium's --js-flags=--expose-gc.
export const MEASURING_PREFS = Object.freeze({ 'dom.testing.testutils.enabled': true });

/** A context made by puppeteer-core's browser: a fresh BiDi user context, as bench:web uses it. */
async function newUserContext(browser) {
  const context = await browser.createBrowserContext();
  return { newPage: () => context.newPage(), close: () => context.close() };
}

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
  return { browser, newContext: () => newUserContext(browser), close: () => browser.close() };
}

/**
 * The WebSocket URL of a WebDriver BiDi endpoint: Firefox prints
 * "WebDriver BiDi listening on ws://host:port", where a new session is at
 * /session; an endpoint with a path of its own (Selenium Grid's
 * /session/<id>/se/bidi) is taken as it is.
 */
export function bidiSessionUrl(endpoint) {
  const url = new URL(endpoint);
  if (url.pathname === '/' || url.pathname === '') url.pathname = '/session';
  return url.href;
}

/**
 * Connects over WebDriver BiDi to a browser that is already running
 * (Firefox started with --remote-debugging-port, or a Selenium Grid
 * session). Resolves to { browser, newContext(), close() }, as
 * launchFirefox; close() closes the contexts made here and disconnects,
 * leaving the browser running. Its pages' viewport is the browser's own.
 */
export async function connectFirefox(endpoint) {
  const browser = await puppeteer.connect({
    browserWSEndpoint: bidiSessionUrl(endpoint),
    protocol: 'webDriverBiDi',
  });
  const contexts = new Set();
  return {
    browser,
    async newContext() {
      const context = await newUserContext(browser);
      contexts.add(context);
      return {
        newPage: context.newPage,
        close: async () => {
          contexts.delete(context);
          await context.close();
        },
      };
    },
    async close() {
      for (const context of contexts) await context.close().catch(() => {});
      await browser.disconnect();
    },
  };
}

/** The driver of the firefox place (src/places/firefox.mjs), as node/browsers.mjs takes it. */
export const BROWSER = {
  executable: () => FIREFOX,
  driver: () =>
    `puppeteer-core ${createRequire(import.meta.url)('puppeteer-core/package.json').version} (WebDriver BiDi)`,
  launch: ({ gc, headed }) => launchFirefox({ gc, headed }),
  endpoint: 'WebDriver BiDi, ws://HOST:PORT or a Selenium Grid session URL',
  connect: connectFirefox,
};
