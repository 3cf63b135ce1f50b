// Chromium, a browser: V8 in a page. bench:web drives Debian's build through
// playwright-core over CDP (node/chromium-driver.mjs, the driver).

export default {
  name: 'chromium',
  kind: 'browser',
  label: 'Chromium',
  engine: 'V8',
  order: 4,
  // The node/ module that launches it or connects to one running (its BROWSER; node/browsers.mjs imports it).
  driver: 'node/chromium-driver.mjs',
  gc: {
    how: '--js-flags=--expose-gc: window.gc, synchronous',
    // What the page says when it has none: how to give it one.
    missing: 'start Chromium with --js-flags=--expose-gc',
  },
  install: { debian: ['chromium'] },
  // Minutes one answer run takes to its first look here, for a workload of answerWeight 1 (src/workloads/<name>/workload.mjs).
  answer: { firstLookMinutes: 2.2 },
};
