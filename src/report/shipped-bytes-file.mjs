// Reads build/wasm/shipped-bytes.json (scripts/shipped-bytes.mjs) for the
// report: the wasm build the runners use (WCB_WASM_BUILD_DIR or build/wasm).
// Node only; the rendering is in shipped-bytes-rows.mjs.

import fs from 'node:fs';
import path from 'node:path';

import { DEFAULT_WASM_BUILD_DIR } from '../build-dirs.mjs';

/** The shipped-bytes data of a wasm build, or null when that build has none (not built yet). */
export function readShippedBytes(wasmDir = DEFAULT_WASM_BUILD_DIR) {
  const file = path.join(wasmDir, 'shipped-bytes.json');
  if (!fs.existsSync(file)) return null;
  return JSON.parse(fs.readFileSync(file, 'utf8'));
}
