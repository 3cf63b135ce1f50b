// Debian's Chromium through playwright-core (no browser download is possible
// here), for npm run bench:web; the Playwright Test config and the browser
// tests take the same executable and flags from here.

import { createRequire } from 'node:module';
import { chromium } from 'playwright-core';

export const CHROMIUM = process.env.WCB_CHROMIUM ?? '/usr/bin/chromium';

// Without the background-networking flags Chromium keeps trying the closed network.
export const CHROMIUM_ARGS = Object.freeze([
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
]);

// A benchmark run wants window.gc before every timed operation and precise JS heap figures;
// a start-up run the page's memory at once (performance.measureUserAgentSpecificMemory()
// otherwise resolves at the engine's next measurement, up to 20 s later).
export const MEASURING_ARGS = Object.freeze([
  '--js-flags=--expose-gc',
  '--enable-precise-memory-info',
  '--enable-blink-features=ForceEagerMeasureMemory',
]);

export const VIEWPORT = Object.freeze({ width: 1280, height: 900 });

/**
 * Launches headless Chromium (no persistent profile) for runs that want a
 * fresh browser context per page: `newContext()` gives one with the
 * viewport. `gc: false` leaves --expose-gc out of a measuring launch (to
 * see what the GC before each timed operation does to the spread).
 * Resolves to { browser, newContext(), close() }.
 */
export async function launchBrowser({ measuring = false, gc = measuring, headed = false } = {}) {
  const measuringArgs = MEASURING_ARGS.filter((arg) => gc || !arg.includes('expose-gc'));
  const args = [...CHROMIUM_ARGS, ...(measuring ? measuringArgs : [])];
  return driven(await chromium.launch({ executablePath: CHROMIUM, headless: !headed, args }));
}

// A playwright-core browser as bench:web drives it: fresh contexts with the viewport.
const driven = (browser) => ({
  browser,
  newContext: () => browser.newContext({ viewport: VIEWPORT, acceptDownloads: true }),
  close: () => browser.close(),
});

/**
 * Connects over CDP to a Chromium that is already running (started with
 * --remote-debugging-port): `endpoint` is its ws://.../devtools/browser/...
 * URL or its http://host:port. Resolves to { browser, newContext(),
 * close() }, as launchBrowser; close() closes the contexts made here and
 * disconnects, leaving the browser running.
 */
export async function connectChromium(endpoint) {
  return driven(await chromium.connectOverCDP(endpoint));
}

// Chromium's own notice, as a console error, that it ignored the server's
// COOP header on a page that is not a secure context (served over http at a
// LAN address, for a browser on another machine): the page's results record
// that it ran without isolation, so it is not a page error.
const COOP_IGNORED =
  /^The Cross-Origin-Opener-Policy header has been ignored, because the URL's origin was untrustworthy/;

/** Collects uncaught errors, console errors and failed requests of a page. */
export function watchErrors(page) {
  const errors = [];
  page.on('pageerror', (error) => errors.push(`uncaught: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error' && !COOP_IGNORED.test(message.text()))
      errors.push(`console.error: ${message.text()}`);
  });
  page.on('requestfailed', (request) =>
    errors.push(`request failed: ${request.url()} ${request.failure()?.errorText}`),
  );
  return errors;
}

/** The driver of the chromium place (src/places/chromium.mjs), as node/browsers.mjs takes it. */
export const BROWSER = {
  executable: () => CHROMIUM,
  driver: () =>
    `playwright-core ${createRequire(import.meta.url)('playwright-core/package.json').version} (CDP)`,
  launch: ({ gc, headed }) => launchBrowser({ measuring: true, gc, headed }),
  endpoint: 'CDP, ws://HOST:PORT/devtools/browser/ID or http://HOST:PORT',
  connect: connectChromium,
};
