// Loads the wasm codec modules of build/wasm (scripts/build-wasm.sh) in Node.
//
//   const codec = await loadWasmCodec('msgpack');   // see src/harness/wasm-codec.mjs
//   const info = readWasmBuildInfo();               // Emscripten version, flags, module sizes
//   const names = listWasmCodecs();                 // codecs with a built module
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { createWasmCodec } from '../src/harness/wasm-codec.mjs';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const DEFAULT_WASM_BUILD_DIR = path.join(REPO_ROOT, 'build', 'wasm');

const require = createRequire(import.meta.url);

function missingBuild(what, buildDir) {
  return new Error(`${what} not found in ${buildDir}: run scripts/build-wasm.sh to build the wasm modules`);
}

/** build/wasm/build-info.json: { emscripten, profile, exceptions, flags, gzip, modules: [...] }. */
export function readWasmBuildInfo(buildDir = DEFAULT_WASM_BUILD_DIR) {
  const file = path.join(buildDir, 'build-info.json');
  if (!fs.existsSync(file)) throw missingBuild('build-info.json', buildDir);
  return JSON.parse(fs.readFileSync(file, 'utf8'));
}

/** Names of the codecs built as wasm modules, in build order. */
export function listWasmCodecs(buildDir = DEFAULT_WASM_BUILD_DIR) {
  return readWasmBuildInfo(buildDir).modules.map((module) => module.codec);
}

/** Paths of one codec's glue (.cjs) and .wasm. */
export function wasmModuleFiles(codec, buildDir = DEFAULT_WASM_BUILD_DIR) {
  // Absolute, so require() never takes the path for a package name.
  buildDir = path.resolve(buildDir);
  return {
    glue: path.join(buildDir, `wcb_${codec}.cjs`),
    wasm: path.join(buildDir, `wcb_${codec}.wasm`),
  };
}

/**
 * A fresh instance of one codec's wasm module, wrapped by createWasmCodec.
 * Every call makes a new instance with its own memory.
 */
export async function loadWasmCodec(codec, { buildDir = DEFAULT_WASM_BUILD_DIR } = {}) {
  buildDir = path.resolve(buildDir);
  const files = wasmModuleFiles(codec, buildDir);
  if (!fs.existsSync(files.glue) || !fs.existsSync(files.wasm)) {
    throw missingBuild(`wasm module for codec '${codec}' (wcb_${codec}.cjs + .wasm)`, buildDir);
  }
  const factory = require(files.glue);
  // Emscripten 3.1.6's loader would fetch() the file path under Node 20; the
  // bytes are handed over instead.
  return createWasmCodec(factory, { wasmBinary: fs.readFileSync(files.wasm) });
}
