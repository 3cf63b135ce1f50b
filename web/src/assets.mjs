// The page's assets: what a run loads only when it needs it (each wasm
// module with its glue, each data set's source file), kept out of the
// page's bundle so the first load carries the page alone
// (docs/decisions/page.md#lazy-page). node/build-web.mjs writes each one as a
// classic script, dist/assets/<name>.js, that hands its value to
// ASSET_GLOBAL; the page adds a <script> element for it on first use. A
// classic script, not fetch() or an ES module import: Chromium blocks those
// from file://, and the page also works opened from disk.

/** The function an asset script calls with its name and value. */
export const ASSET_GLOBAL = 'wcbDefineAsset';

/** Where the asset scripts are, beside the page's bundle (dist/page.js). */
export const ASSET_FOLDER = 'assets';

// Resolved against the bundle's own URL, so the assets are found wherever
// the page's HTML is. Read while the bundle runs: currentScript is then set.
const base = globalThis.document?.currentScript?.src ?? globalThis.location?.href;

const values = new Map();
const loading = new Map();

if (globalThis.document) globalThis[ASSET_GLOBAL] = (name, value) => values.set(name, value);

/** Resolves to the value of asset `name`, adding its script on the first call. */
export function loadAsset(name) {
  if (!loading.has(name)) {
    const url = new URL(`${ASSET_FOLDER}/${name}.js`, base).href;
    const loaded = new Promise((resolve, reject) => {
      const script = document.createElement('script');
      script.src = url;
      script.onload = () =>
        values.has(name)
          ? resolve(values.get(name))
          : reject(new Error(`${url} loaded but defined no asset ${name}: rebuild with npm run build:web`));
      script.onerror = () => reject(new Error(`${url} did not load: rebuild with npm run build:web`));
      document.head.append(script);
    });
    // A failed load is tried again next time.
    loaded.catch(() => loading.delete(name));
    loading.set(name, loaded);
  }
  return loading.get(name);
}
