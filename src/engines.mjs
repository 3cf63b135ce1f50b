// The JavaScript (and wasm) engine behind each runtime, and the browsers
// npm run bench:web drives. Declared once, browser-safe: the page records
// its engine in the results header, bench:web takes --browser from here,
// and the report sets engines side by side and finds each browser's files.

/** Engine by runtime name (run.runtime.name of a results file). */
const ENGINE_OF_RUNTIME = {
  node: 'V8',
  chromium: 'V8',
  chrome: 'V8',
  edge: 'V8',
  opera: 'V8',
  firefox: 'SpiderMonkey',
  safari: 'JavaScriptCore',
  // A WebKit other than Apple's Safari (WebKitGTK's MiniBrowser, GNOME Web): its own version, not Safari's.
  webkit: 'JavaScriptCore',
};

/** The engine of a results header's runtime ({ name, engine? }), or undefined (native code). */
export function engineOf(runtime) {
  return runtime?.engine ?? ENGINE_OF_RUNTIME[String(runtime?.name).toLowerCase()];
}

const CAPITALIZED = {
  node: 'Node',
  chromium: 'Chromium',
  firefox: 'Firefox',
  chrome: 'Chrome',
  safari: 'Safari',
  webkit: 'WebKit',
};

/** "Bun 1.4.4", "Node v24.22.3": a runtime and its version, for a reader (the addon's rows take it). */
export function runtimeLabel(runtime) {
  const name = CAPITALIZED[runtime.name] ?? runtime.name.charAt(0).toUpperCase() + runtime.name.slice(1);
  return `${name} ${runtime.version}`;
}

/**
 * "Firefox 153.8.0 (SpiderMonkey)", "Node v20.20.2 (V8 11.3)", "Bun 1.4.4 (JavaScriptCore)": a
 * runtime and its engine, for a reader.
 */
export function engineLabel(runtime) {
  const engine = engineOf(runtime);
  return `${runtimeLabel(runtime)} (${engine}${runtime.v8 ? ` ${runtime.v8.split('.').slice(0, 2).join('.')}` : ''})`;
}

/** The browsers bench:web drives, in run order; the first is the default. */
export const BROWSER_NAMES = Object.freeze(['chromium', 'firefox', 'webkit']);
export const DEFAULT_BROWSER = BROWSER_NAMES[0];

/**
 * The name a browser's results files carry before the date
 * (results/browser-firefox-<date>.json), so the report can pick the latest
 * of each browser; the default browser's files keep their older name
 * (results/browser-<date>.json).
 */
export function resultsFileTag(browser) {
  return browser === DEFAULT_BROWSER ? undefined : browser;
}

/** The browsers whose results files carry their name (resultsFileTag). */
export const TAGGED_BROWSERS = Object.freeze(BROWSER_NAMES.filter((name) => resultsFileTag(name)));
