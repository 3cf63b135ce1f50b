// Where the builds are, for the Node-only modules of src/, node/ and
// scripts/: the repository's root and the default wasm and native build
// directories. WCB_WASM_BUILD_DIR (the variable scripts/build-wasm.sh builds
// into) and WCB_NATIVE_BUILD_DIR point them at another build: one made
// elsewhere, or the catalog tests' copies.
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export const DEFAULT_WASM_BUILD_DIR = process.env.WCB_WASM_BUILD_DIR
  ? path.resolve(process.env.WCB_WASM_BUILD_DIR)
  : path.join(REPO_ROOT, 'build', 'wasm');

export const DEFAULT_NATIVE_BUILD_DIR = process.env.WCB_NATIVE_BUILD_DIR
  ? path.resolve(process.env.WCB_NATIVE_BUILD_DIR)
  : path.join(REPO_ROOT, 'build', 'native-release');
