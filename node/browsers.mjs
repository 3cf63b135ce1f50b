// The browsers npm run bench:web drives (the browser places, src/places/), each
// through the driver that can drive Debian's build of it: Chromium (V8)
// through playwright-core over CDP (node/chromium-driver.mjs), Firefox ESR
// (SpiderMonkey) through puppeteer-core over WebDriver BiDi
// (node/firefox-driver.mjs), WebKitGTK (JavaScriptCore) through its
// WebKitWebDriver over classic W3C WebDriver (node/webkit-driver.mjs). All hand
// bench:web the same small interface, so its protocol does not depend on
// the browser, nor on whether bench:web launched it or connected to one
// already running (--connect: a Chromium over CDP, a Firefox or another
// WebDriver BiDi endpoint, a classic WebDriver endpoint such as
// safaridriver).

import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { places } from '../src/places.mjs';
import { REPO_ROOT } from './options.mjs';
import { RunError } from './run-file.mjs';

/** How long connecting to a running browser may take: an unreachable host otherwise waits for TCP's own timeout. */
export const CONNECT_TIMEOUT_MS = 30_000;

/**
 * What bench:web needs of each browser, by name: its declaration's label,
 * `gcHow` (how the page gets a GC before each timed operation) and
 * `versionFromDriver` (the page cannot tell its version), and its
 * driver module's BROWSER: executable(), driver({ connected }), launch(),
 * connect(endpoint) to one already running, and `endpoint`, what --connect
 * takes for it.
 */
export const BROWSERS = Object.freeze(
  Object.fromEntries(
    await Promise.all(
      Object.values(await places())
        .filter((place) => place.kind === 'browser')
        .map(async (place) => {
          const { BROWSER } = await import(pathToFileURL(join(REPO_ROOT, place.driver)).href);
          const { label, gc, versionFromDriver = false, install } = place;
          const debianPackages = install?.debian ?? [];
          return [
            place.name,
            Object.freeze({ label, gcHow: gc.how, versionFromDriver, debianPackages, ...BROWSER }),
          ];
        }),
    ),
  ),
);

/** Resolves as `promise` does, or rejects with `late()` (an Error) when `ms` pass first. */
export function within(promise, ms, lateError) {
  let timer;
  const late = new Promise((_, reject) => {
    timer = setTimeout(() => reject(lateError()), Math.max(0, ms));
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
  const packages = browser.debianPackages;
  if (connect === undefined && packages.length > 0 && !existsSync(browser.executable()))
    throw new RunError(
      `not installed: ${browser.executable()} (Debian package ${packages[0]}); scripts/setup.sh --browsers installs ${packages.length > 1 ? 'them' : 'it'}`,
    );
  if (connect === undefined) driven = await browser.launch({ gc, headed, log });
  else {
    try {
      driven = await within(
        browser.connect(connect),
        CONNECT_TIMEOUT_MS,
        () => new Error(`connecting: no answer within ${CONNECT_TIMEOUT_MS / 1000} s`),
      );
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
