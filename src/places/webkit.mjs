// WebKit, a browser: JavaScriptCore in a page. bench:web drives WebKitGTK's
// MiniBrowser through its WebKitWebDriver over classic W3C WebDriver, on a
// virtual display (node/webkit-driver.mjs).

export default {
  name: 'webkit',
  kind: 'browser',
  label: 'WebKit',
  engine: 'JavaScriptCore',
  order: 6,
  driver: 'node/webkit-driver.mjs',
  // JavaScriptCore exposes no GC to pages (no gc(), no TestUtils; $vm is a restricted option in
  // release builds): the page allocates instead (web/src/browser-info.mjs; docs/decisions/browsers.md#webkit-gc).
  gc: {
    how: "the page's allocation pressure (~32 MB of short-lived objects; JavaScriptCore exposes no GC to pages)",
    missing: 'JavaScriptCore exposes no GC to pages',
  },
  // Its userAgent carries AppleWebKit's frozen 605.1.15: its version (WebKitGTK's 2.50.6) is the driver's.
  versionFromDriver: true,
  install: { debian: ['webkit2gtk-driver', 'libwebkit2gtk-4.1-0', 'xvfb'] },
  answer: { firstLookMinutes: 1.4 },
};
