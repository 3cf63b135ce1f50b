// Playwright Test for the browser tests (tests/web/*.spec.mjs), in Debian's
// Chromium: no browser download is possible here. Two workers: a spec spends
// much of its time waiting on the page (docs/decisions/test-speed.md). On a
// failure the HTML report and the trace stay under test-results/ (CI keeps
// that folder).

import { defineConfig } from '@playwright/test';
import { CHROMIUM, CHROMIUM_ARGS, VIEWPORT } from './node/chromium-driver.mjs';

export default defineConfig({
  testDir: 'tests/web',
  testMatch: '**/*.spec.mjs',
  globalSetup: './tests/web/global-setup.mjs',
  workers: 2,
  fullyParallel: false,
  forbidOnly: Boolean(process.env.CI),
  // A test runs a small sweep or a quick run of every runner: minutes, not seconds.
  timeout: 600_000,
  outputDir: 'test-results/artifacts',
  reporter: [['list'], ['html', { outputFolder: 'test-results/report', open: 'never' }]],
  use: {
    browserName: 'chromium',
    headless: true,
    viewport: VIEWPORT,
    acceptDownloads: true,
    trace: 'retain-on-failure',
    launchOptions: { executablePath: CHROMIUM, args: [...CHROMIUM_ARGS] },
  },
});
