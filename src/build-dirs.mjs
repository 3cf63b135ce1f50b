// Where the builds are, for Node code in src/ and node/ alike (src/ never
// imports node/: tests/node/import-direction.test.mjs).
//
// WCB_WASM_BUILD_DIR, the variable scripts/build-wasm.sh builds into, and
// WCB_NATIVE_BUILD_DIR point the defaults at other builds (the tests of a
// build made elsewhere, the catalog tests' copies).
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export const DEFAULT_WASM_BUILD_DIR = process.env.WCB_WASM_BUILD_DIR
  ? path.resolve(process.env.WCB_WASM_BUILD_DIR)
  : path.join(REPO_ROOT, 'build', 'wasm');

export const DEFAULT_NATIVE_BUILD_DIR = process.env.WCB_NATIVE_BUILD_DIR
  ? path.resolve(process.env.WCB_NATIVE_BUILD_DIR)
  : path.join(REPO_ROOT, 'build', 'native-release');
