// The files of a wasm build that the page bundles: each module's glue, .wasm
// and lean modules, read from the build's build-info.json, and those of a
// compared build (bench:web --build-dir A,B). scripts/build-web.mjs bundles
// them; the runners and tests read a build's info through it.

import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { WORKLOADS, catalogOf, isJsonText, modulesOf } from '../src/catalog.mjs';
import { leanModuleOf, leanZlibModuleOf } from '../src/harness/lean-codec.mjs';
import { DEFAULT_WASM_BUILD_DIR as DEFAULT_WASM_DIR } from '../node/load-wasm.mjs';

/**
 * The wasm build's modules ({ codec, workload, glue, wasm, lean? } with
 * absolute paths, from its catalog: src/catalog.mjs modulesOf; lean: the
 * lean module's .wasm when built) and its info.
 */
export function readWasmBuild(wasmDir = DEFAULT_WASM_DIR) {
  const infoPath = path.join(wasmDir, 'build-info.json');
  if (!existsSync(infoPath)) {
    throw new Error(
      `no wasm build in ${wasmDir} (missing build-info.json): run bash scripts/build-wasm.sh first`,
    );
  }
  const info = JSON.parse(readFileSync(infoPath, 'utf8'));
  const listed = catalogOf(info) ? modulesOf(info) : [];
  if (listed.length === 0) throw new Error(`${infoPath} lists no modules`);
  const modules = listed.map(({ codec, workload, glue, wasm }) => {
    const files = {
      codec,
      workload,
      jsonText: isJsonText(info, codec),
      glue: path.resolve(wasmDir, glue),
      wasm: path.resolve(wasmDir, wasm),
    };
    // A lean module is optional: a copy of a build without its file (a
    // test's) is a build without lean modules, and the page uses embind.
    const lean = leanModuleOf(info, codec, workload);
    if (lean && existsSync(path.resolve(wasmDir, lean.wasm))) files.lean = path.resolve(wasmDir, lean.wasm);
    // The lean module with the compression stage, an asset of its own (loaded
    // only by a path compressed in wasm: docs/design.md#compression).
    const leanZlib = leanZlibModuleOf(info, codec, workload);
    if (leanZlib && existsSync(path.resolve(wasmDir, leanZlib.wasm)))
      files.leanZlib = path.resolve(wasmDir, leanZlib.wasm);
    for (const file of [files.glue, files.wasm, files.lean ?? files.wasm]) {
      if (!existsSync(file))
        throw new Error(`${codec}: ${file} is listed in ${infoPath} but missing; rebuild the wasm`);
    }
    return files;
  });
  return { infoPath, info, modules };
}

/**
 * The modules of a compared build (--build-dir A,B) that the page takes:
 * those of the workloads whose blocks compare builds (their entry's
 * comparesBuilds), with the build's tag and info file.
 */
export function comparedWasmBuild({ dir, tag }) {
  const { infoPath, modules } = readWasmBuild(dir);
  const compares = (workload) => WORKLOADS.some((entry) => entry.name === workload && entry.comparesBuilds);
  return { tag, infoPath, modules: modules.filter((module) => compares(module.workload)) };
}
