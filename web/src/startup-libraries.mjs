// The start-up page's loading of a JS library (docs/startup-memory.md#browsers):
// the registry's import() of an adapter (src/harness/peers.mjs) becomes the
// load of that adapter's own classic script, web/dist/startup-libraries/
// <adapter>.js (scripts/startup-page-build.mjs), so that what a start-up row
// counts as the library's load is its script's fetch, parse and evaluation.

import { STARTUP_LIBRARY_FOLDER, STARTUP_LIBRARY_GLOBAL } from './startup-files.mjs';

// Resolved against the bundle's own URL while it runs (currentScript is then set).
const base = globalThis.document?.currentScript?.src ?? globalThis.location?.href;

const loaded = new Map();
const waiting = new Map();

if (globalThis.document)
  globalThis[STARTUP_LIBRARY_GLOBAL] = (name, adapter) => {
    loaded.set(name, adapter);
    waiting.get(name)?.resolve(adapter);
  };

/** The URL of adapter `name`'s script. */
export const startupLibraryUrl = (name) => new URL(`${STARTUP_LIBRARY_FOLDER}/${name}.js`, base).href;

/** Resolves to adapter `name`'s module, adding its script on the first call. */
export function loadStartupLibrary(name) {
  if (loaded.has(name)) return Promise.resolve(loaded.get(name));
  if (!waiting.has(name)) {
    const url = startupLibraryUrl(name);
    let settle;
    const promise = new Promise((resolve, reject) => {
      settle = { resolve, reject };
      const script = document.createElement('script');
      script.src = url;
      script.onload = () =>
        loaded.has(name)
          ? resolve(loaded.get(name))
          : reject(new Error(`${url} loaded but defined no library`));
      script.onerror = () => reject(new Error(`${url} did not load: rebuild with npm run build:web`));
      document.head.append(script);
    });
    waiting.set(name, { ...settle, promise });
  }
  return waiting.get(name).promise;
}
