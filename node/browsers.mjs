// The browsers npm run bench:web drives (src/engines.mjs BROWSER_NAMES), each
// through the driver that can drive Debian's build of it: Chromium (V8)
// through playwright-core over CDP (node/chromium.mjs), Firefox ESR
// (SpiderMonkey) through puppeteer-core over WebDriver BiDi
// (node/firefox.mjs), WebKitGTK (JavaScriptCore) through its
// WebKitWebDriver over classic W3C WebDriver (node/webkit.mjs). All hand
// bench:web the same small interface, so its protocol does not depend on
// the browser, nor on whether bench:web launched it or connected to one
// already running (--connect: a Chromium over CDP, a Firefox or another
// WebDriver BiDi endpoint, a classic WebDriver endpoint such as
// safaridriver).

import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { BROWSER_NAMES } from '../src/engines.mjs';
import { CHROMIUM, connectChromium, launchBrowser } from './chromium.mjs';
import { FIREFOX, connectFirefox, launchFirefox } from './firefox.mjs';
import { RunError } from './run-file.mjs';
import { connectWebDriver } from './webdriver.mjs';
import { WEBKIT_DRIVER, launchWebKit } from './webkit.mjs';

const require = createRequire(import.meta.url);

/** The installed version of an npm package, read from its package.json. */
function packageVersion(name) {
  return JSON.parse(readFileSync(require.resolve(`${name}/package.json`), 'utf8')).version;
}

/** How long connecting to a running browser may take: an unreachable host otherwise waits for TCP's own timeout. */
export const CONNECT_TIMEOUT_MS = 30_000;

/**
 * What bench:web needs of each browser: its executable (and the Debian
 * package that installs it, where launch does not check its own), driver, launch, and
 * connect(endpoint) to one already running; `endpoint` says what --connect
 * takes for it; `gcHow` how the page gets a GC before each timed operation.
 */
export const BROWSERS = Object.freeze({
  chromium: {
    label: 'Chromium',
    executable: () => CHROMIUM,
    debianPackage: 'chromium',
    driver: () => `playwright-core ${packageVersion('playwright-core')} (CDP)`,
    gcHow: '--js-flags=--expose-gc: window.gc, synchronous',
    launch: ({ gc, headed }) => launchBrowser({ measuring: true, gc, headed }),
    endpoint: 'CDP, ws://HOST:PORT/devtools/browser/ID or http://HOST:PORT',
    connect: connectChromium,
  },
  firefox: {
    label: 'Firefox',
    executable: () => FIREFOX,
    debianPackage: 'firefox-esr',
    driver: () => `puppeteer-core ${packageVersion('puppeteer-core')} (WebDriver BiDi)`,
    gcHow: 'pref dom.testing.testutils.enabled: TestUtils.gc, run in the yield before each timed operation',
    launch: ({ gc, headed }) => launchFirefox({ gc, headed }),
    endpoint: 'WebDriver BiDi, ws://HOST:PORT or a Selenium Grid session URL',
    connect: connectFirefox,
  },
  webkit: {
    label: 'WebKit',
    executable: () => WEBKIT_DRIVER,
    driver: ({ connected }) => `${connected ? '' : 'WebKitWebDriver, '}classic W3C WebDriver over node:http`,
    // JavaScriptCore exposes no GC to pages (no gc(), no TestUtils; $vm is a
    // restricted option in release builds): the page allocates instead
    // (web/src/browser-info.mjs; docs/decisions.md#webkit-gc).
    gcHow:
      "the page's allocation pressure (~32 MB of short-lived objects; JavaScriptCore exposes no GC to pages)",
    launch: ({ headed, log }) => launchWebKit({ headed, log }),
    endpoint: 'classic W3C WebDriver, http://HOST:PORT (safaridriver, a Selenium Grid, WebKitWebDriver)',
    connect: connectWebDriver,
  },
});

if (BROWSER_NAMES.some((name) => !BROWSERS[name]))
  throw new Error(`node/browsers.mjs: no launcher for ${BROWSER_NAMES.filter((name) => !BROWSERS[name])}`);

/** Resolves as `promise` does, or rejects when `ms` pass first. */
function within(promise, ms, what) {
  let timer;
  const late = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: no answer within ${ms / 1000} s`)), ms);
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

/**
 * Launches browser `name` for measuring, or with `connect` (an endpoint
 * URL) connects to it already running: { name, label, driver, connected,
 * newContext(), close() } and `version`, the browser's full version; a
 * context gives { newPage(), close() }, and its pages answer goto,
 * evaluate, click and the events of watchErrors (chromium.mjs) alike in
 * both drivers. close() ends a launched browser and only disconnects from
 * a connected one. A connection that fails throws an Error naming the
 * endpoint and what it should be.
 */
export async function launchForRun(name, { gc = true, headed = false, connect, log } = {}) {
  const browser = BROWSERS[name];
  let driven;
  // A Node run installs no browser (scripts/setup.sh without --browsers): say so in one line.
  if (connect === undefined && browser.debianPackage && !existsSync(browser.executable()))
    throw new RunError(
      `not installed: ${browser.executable()} (Debian package ${browser.debianPackage}); scripts/setup.sh --browsers installs it`,
    );
  if (connect === undefined) driven = await browser.launch({ gc, headed, log });
  else {
    try {
      driven = await within(browser.connect(connect), CONNECT_TIMEOUT_MS, 'connecting');
    } catch (error) {
      const reason = String(error?.message ?? error).split('\n')[0];
      throw new Error(`cannot connect to ${connect} (${browser.label}: ${browser.endpoint}): ${reason}`);
    }
  }
  return {
    name,
    label: browser.label,
    driver: browser.driver({ connected: connect !== undefined }),
    connected: connect !== undefined,
    // The full version (the page sees "153.0" in Firefox's userAgent, the driver 153.8.0).
    version: String(await driven.browser.version()).replace(/^[a-z]+\//i, ''),
    newContext: () => driven.newContext(),
    close: () => driven.close(),
  };
}
