// Firefox, a browser: SpiderMonkey in a page. bench:web drives Debian's
// Firefox ESR through puppeteer-core over WebDriver BiDi (node/firefox-driver.mjs).

export default {
  name: 'firefox',
  kind: 'browser',
  label: 'Firefox',
  engine: 'SpiderMonkey',
  order: 5,
  driver: 'node/firefox-driver.mjs',
  gc: {
    how: 'pref dom.testing.testutils.enabled: TestUtils.gc, run in the yield before each timed operation',
    missing: 'start Firefox with the pref dom.testing.testutils.enabled for TestUtils.gc',
  },
  install: { debian: ['firefox-esr'] },
  answer: { firstLookMinutes: 2.25 },
};
