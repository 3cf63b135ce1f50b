// Shared by the browser tests and npm run bench:web: Debian's Chromium
// through playwright-core (no browser download is possible here), and a
// watch on everything the page reports as an error.

import { chromium } from 'playwright-core';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
export const PAGE_FILE_URL = pathToFileURL(path.join(REPO_ROOT, 'web', 'index.html')).href;
export const CHROMIUM = process.env.WCB_CHROMIUM ?? '/usr/bin/chromium';

const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/**
 * Launches headless Chromium with a fresh profile directory. `measuring`
 * adds the flags a benchmark run wants: window.gc before every timed
 * operation and precise JS heap figures. Resolves to { context, close() }.
 */
export async function launchChromium({ measuring = false, headed = false } = {}) {
  const userDataDir = mkdtempSync(path.join(tmpdir(), 'wcb-chromium-'));
  const args = [...CHROMIUM_ARGS];
  if (measuring) args.push('--js-flags=--expose-gc', '--enable-precise-memory-info');
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: CHROMIUM,
    headless: !headed,
    args,
    acceptDownloads: true,
    viewport: { width: 1280, height: 900 },
  });
  return {
    context,
    async close() {
      await context.close();
      rmSync(userDataDir, { recursive: true, force: true });
    },
  };
}

/** Collects uncaught errors and console errors of a page. */
export function watchErrors(page) {
  const errors = [];
  page.on('pageerror', (error) => errors.push(`uncaught: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`console.error: ${message.text()}`);
  });
  page.on('requestfailed', (request) =>
    errors.push(`request failed: ${request.url()} ${request.failure()?.errorText}`),
  );
  return errors;
}

/** The page URL with the run options in its query string (see web/src/page.mjs applyQuery). */
export function pageUrl(base, options = {}) {
  const url = new URL(base);
  const params = {
    // The messages workload: its selector, records and min ms per repetition.
    workload: options.workload === 'messages' ? 'messages' : undefined,
    records: options.records?.join(','),
    minRepMs: options.minRepMs,
    codecs: options.codecs?.join(','),
    strategies: options.strategies?.join(','),
    // [] (no JS library) gives an empty list, which the page honours.
    peers: options.peers?.join(','),
    minMB: options.minMB,
    maxMB: options.maxMB,
    perDecade: options.perDecade,
    repetitions: options.repetitions,
    warmup: options.warmup,
    autorun: options.autorun ? '1' : undefined,
    preciseMemory: options.preciseMemory ? '1' : undefined,
  };
  for (const [key, value] of Object.entries(params))
    if (value !== undefined) url.searchParams.set(key, String(value));
  return url.href;
}

/** Waits until the page has finished its run (done, stopped or error) and returns that state. */
export async function waitForRunEnd(page, { timeout = 120_000 } = {}) {
  await page.waitForFunction(() => ['done', 'stopped', 'error'].includes(document.body.dataset.state), null, {
    timeout,
    polling: 250,
  });
  return page.evaluate(() => document.body.dataset.state);
}
