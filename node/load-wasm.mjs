// Loads the wasm codec modules of build/wasm (scripts/build-wasm.sh) in Node.
//
//   const codec = await loadWasmCodec('msgpack');   // see src/harness/wasm-codec.mjs
//   const info = readWasmBuildInfo();               // Emscripten version, flags, catalog
//   const names = listWasmCodecs();                 // codecs with a built module
//
// Each workload has its own module per codec; the build's catalog
// (src/catalog.mjs) names its glue and .wasm files: pass { workload } for a
// workload other than the default.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

import { DEFAULT_WASM_BUILD_DIR, REPO_ROOT } from '../src/build-dirs.mjs';
import { DEFAULT_WORKLOAD, codecsOf, moduleOf } from '../src/catalog.mjs';
import { createLeanCodec, leanModuleOf, leanZlibModuleOf } from '../src/harness/lean-codec.mjs';
import { createWasmCodec } from '../src/harness/wasm-codec.mjs';

export { DEFAULT_WASM_BUILD_DIR, REPO_ROOT };

const require = createRequire(import.meta.url);

function missingBuild(what, buildDir) {
  return new Error(`${what} not found in ${buildDir}: run scripts/build-wasm.sh to build the wasm modules`);
}

/** build/wasm/build-info.json: { emscripten, profile, exceptions, flags, gzip, catalog }. */
export function readWasmBuildInfo(buildDir = DEFAULT_WASM_BUILD_DIR) {
  const file = path.join(buildDir, 'build-info.json');
  if (!fs.existsSync(file)) throw missingBuild('build-info.json', buildDir);
  return JSON.parse(fs.readFileSync(file, 'utf8'));
}

/** Names of the codecs built as wasm modules of a workload, in declaration order. */
export function listWasmCodecs(buildDir = DEFAULT_WASM_BUILD_DIR, workload = DEFAULT_WORKLOAD) {
  return codecsOf(readWasmBuildInfo(buildDir), workload);
}

/**
 * Paths of one codec's glue (.cjs) and .wasm for a workload, as the build's
 * catalog names them; an error when the build has no such module.
 */
export function wasmModuleFiles(codec, buildDir = DEFAULT_WASM_BUILD_DIR, workload = DEFAULT_WORKLOAD) {
  // Absolute, so require() never takes the path for a package name.
  buildDir = path.resolve(buildDir);
  const module = moduleOf(readWasmBuildInfo(buildDir), codec, workload);
  if (!module) throw missingBuild(`${workload} wasm module for codec '${codec}'`, buildDir);
  return { glue: path.join(buildDir, module.glue), wasm: path.join(buildDir, module.wasm) };
}

/**
 * A fresh instance of one codec's wasm module, wrapped by createWasmCodec.
 * Every call makes a new instance with its own memory.
 */
export async function loadWasmCodec(
  codec,
  { buildDir = DEFAULT_WASM_BUILD_DIR, workload = DEFAULT_WORKLOAD } = {},
) {
  buildDir = path.resolve(buildDir);
  const files = wasmModuleFiles(codec, buildDir, workload);
  if (!fs.existsSync(files.glue) || !fs.existsSync(files.wasm)) {
    const names = `${path.basename(files.glue)} + ${path.basename(files.wasm)}`;
    throw missingBuild(`${workload} wasm module for codec '${codec}' (${names})`, buildDir);
  }
  const factory = require(files.glue);
  // Emscripten 3.1.6's loader would fetch() the file path under Node 20; the
  // bytes are handed over instead.
  return createWasmCodec(factory, { wasmBinary: fs.readFileSync(files.wasm) });
}

/**
 * A fresh instance of one codec's lean module (src/harness/lean-codec.mjs:
 * the typed strategy and its columnar variant), or null when the build has
 * no lean module for it (or its file is missing). `compress`: the lean
 * module with the compression stage in it (leanZlibModuleOf).
 */
export async function loadLeanCodec(
  codec,
  { buildDir = DEFAULT_WASM_BUILD_DIR, workload = DEFAULT_WORKLOAD, compress = false } = {},
) {
  buildDir = path.resolve(buildDir);
  const info = readWasmBuildInfo(buildDir);
  const module = compress ? leanZlibModuleOf(info, codec, workload) : leanModuleOf(info, codec, workload);
  if (!module) return null;
  const file = path.join(buildDir, module.wasm);
  // Optional, as in the page's bundle (scripts/build-web.mjs): a copy of a
  // build without the file is a build without lean modules.
  if (!fs.existsSync(file)) return null;
  return createLeanCodec(fs.readFileSync(file));
}
