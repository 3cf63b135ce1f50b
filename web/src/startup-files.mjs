// Where the start-up page (web/startup.html, docs/startup-memory.md#browsers)
// finds what it loads, as files a page fetches: scripts/startup-page-build.mjs
// writes them there, web/src/startup-page.mjs loads them. Plain JS, no DOM:
// the build imports it too.

/** The start-up page's bundle, beside the page's (web/dist/startup.js). */
export const STARTUP_BUNDLE = 'startup.js';

/** The folder of the served .wasm files and their Emscripten glue, under web/dist/. */
export const STARTUP_WASM_FOLDER = 'wasm';

/** The folder of one classic script per JS library's adapter, under web/dist/. */
export const STARTUP_LIBRARY_FOLDER = 'startup-libraries';

/** The global an adapter's script hands its module to: (adapter name, module). */
export const STARTUP_LIBRARY_GLOBAL = 'wcbDefineStartupLibrary';

/**
 * The served name of a file of the wasm build: a .wasm keeps its name; a
 * glue .cjs becomes .js, the type a browser runs as a script
 * (scripts/serve.mjs sends .cjs as application/octet-stream, with nosniff).
 */
export const servedWasmFile = (file) => file.replace(/\.cjs$/, '.js');

/** The global a glue script's MODULARIZE factory is, named after its file (wcb_msgpack.cjs: wcb_msgpack). */
export const glueGlobal = (file) => file.replace(/^.*\//, '').replace(/\.c?js$/, '');

/** The start-up page, beside the page (web/startup.html), relative to the served root. */
export const STARTUP_PAGE = 'startup.html';
