// bench:web --startup's part on the Node side (docs/startup-memory.md#browsers).
// scripts/serve.mjs compresses a file on its first request and keeps the
// result: the first wave of a start-up run would pay a brotli compression
// (quality 9, ~100 ms for a module) inside its fetch, which no real server
// of static files does per request. So every file the start-up page loads
// is asked for once, in each encoding a browser may accept, before the
// first context opens.

import { readdirSync } from 'node:fs';
import path from 'node:path';
import { WEB_ROOT } from '../scripts/serve.mjs';
import {
  STARTUP_BUNDLE,
  STARTUP_LIBRARY_FOLDER,
  STARTUP_PAGE,
  STARTUP_WASM_FOLDER,
} from '../web/src/startup-files.mjs';

// Chromium asks for br on localhost, Firefox over plain http for gzip only.
const ENCODINGS = ['br', 'gzip'];

/** The start-up page's files, as URL paths relative to the served root. */
export function startupFiles(root = WEB_ROOT) {
  const dist = path.join(root, 'dist');
  const inFolder = (folder) => readdirSync(path.join(dist, folder)).map((name) => `dist/${folder}/${name}`);
  return [
    STARTUP_PAGE,
    `dist/${STARTUP_BUNDLE}`,
    ...inFolder(STARTUP_WASM_FOLDER),
    ...inFolder(STARTUP_LIBRARY_FOLDER),
  ];
}

/**
 * Asks the server at `pageBase` for every start-up file in every encoding,
 * so that each is compressed before a wave's fetch; rejects naming a file
 * the server does not give (a page build without the start-up page).
 */
export async function warmStartupFiles(pageBase, files = startupFiles()) {
  for (const file of files) {
    for (const encoding of ENCODINGS) {
      const response = await fetch(new URL(file, pageBase), { headers: { 'Accept-Encoding': encoding } });
      await response.arrayBuffer();
      if (!response.ok) throw new Error(`${file}: the server answered ${response.status}`);
    }
  }
  return files.length;
}
