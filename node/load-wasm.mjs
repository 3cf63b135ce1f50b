// Loads the wasm codec modules of build/wasm (scripts/build-wasm.sh) in Node.
//
//   const codec = await loadWasmCodec('msgpack');   // see src/harness/wasm-codec.mjs
//   const info = readWasmBuildInfo();               // Emscripten version, flags, module sizes
//   const names = listWasmCodecs();                 // codecs with a built module
//
// Each workload has its own modules (src/wasm/CMakeLists.txt): wcb_<codec>
// for tuples, wcb_<codec>_messages (tuples + messages) for messages; pass
// { workload: 'messages' } for the latter.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { createWasmCodec } from '../src/harness/wasm-codec.mjs';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// WCB_WASM_BUILD_DIR, the variable scripts/build-wasm.sh builds into, points
// the default at another build (the tests of a build made elsewhere).
export const DEFAULT_WASM_BUILD_DIR = process.env.WCB_WASM_BUILD_DIR
  ? path.resolve(process.env.WCB_WASM_BUILD_DIR)
  : path.join(REPO_ROOT, 'build', 'wasm');

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

/** The build-info entries of a workload's modules ('tuples' or 'messages'). */
export function workloadModules(info, workload = 'tuples') {
  return (workload === 'messages' ? info.messageModules : info.modules) ?? [];
}

/** Names of the codecs built as wasm modules of a workload, in build order. */
export function listWasmCodecs(buildDir = DEFAULT_WASM_BUILD_DIR, workload = 'tuples') {
  return workloadModules(readWasmBuildInfo(buildDir), workload).map((module) => module.codec);
}

/** Paths of one codec's glue (.cjs) and .wasm for a workload. */
export function wasmModuleFiles(codec, buildDir = DEFAULT_WASM_BUILD_DIR, workload = 'tuples') {
  // Absolute, so require() never takes the path for a package name.
  buildDir = path.resolve(buildDir);
  const base = workload === 'messages' ? `wcb_${codec}_messages` : `wcb_${codec}`;
  return {
    glue: path.join(buildDir, `${base}.cjs`),
    wasm: path.join(buildDir, `${base}.wasm`),
  };
}

/**
 * A fresh instance of one codec's wasm module, wrapped by createWasmCodec.
 * Every call makes a new instance with its own memory.
 */
export async function loadWasmCodec(codec, { buildDir = DEFAULT_WASM_BUILD_DIR, workload = 'tuples' } = {}) {
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
