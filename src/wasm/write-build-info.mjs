// Writes build/wasm/build-info.json after the modules are linked: the build
// configuration CMake recorded (Emscripten version, flags, profile), the
// catalog (workloads, codecs, each codec's module per workload) and each
// module's shipped size. Run by the wcb_wasm_build_info target:
//   node write-build-info.mjs <build-config.json> <catalog.json> <build-info.json>
// The modules sit beside build-info.json.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

// Gzip at the highest level, as a server precompressing static assets would.
const GZIP_LEVEL = 9;

const [configPath, catalogPath, outputPath] = process.argv.slice(2);
if (!configPath || !catalogPath || !outputPath) {
  console.error('usage: write-build-info.mjs <build-config.json> <catalog.json> <build-info.json>');
  process.exit(2);
}

const config = JSON.parse(fs.readFileSync(configPath, 'utf8'));
const catalog = JSON.parse(fs.readFileSync(catalogPath, 'utf8'));
const moduleDir = path.dirname(outputPath);

/** A module's file names plus its sizes (raw and gzipped wasm, glue when it has one). */
function withSizes(module) {
  const wasm = fs.readFileSync(path.join(moduleDir, module.wasm));
  const sizes = { wasmBytes: wasm.length, wasmGzipBytes: zlib.gzipSync(wasm, { level: GZIP_LEVEL }).length };
  if (module.glue) sizes.glueBytes = fs.statSync(path.join(moduleDir, module.glue)).size;
  return { ...module, ...sizes };
}

for (const codec of catalog.codecs) {
  // `lean`: the lean modules, standalone wasm without a glue file (src/wasm/CMakeLists.txt).
  // `leanZlib`: the lean modules with the compression stage.
  for (const modules of [codec.modules, codec.lean ?? {}, codec.leanZlib ?? {}]) {
    for (const workload of Object.keys(modules)) modules[workload] = withSizes(modules[workload]);
  }
}

// `emcc --version` prints a banner; the version is its last x.y.z.
const emscriptenVersion = (config.emscripten.match(/\d+\.\d+\.\d+/g) ?? [config.emscripten]).pop();

const info = {
  // Which compiler built the modules: a results file names each path's build by it.
  toolchain: {
    name: config.toolchain || `emscripten-${emscriptenVersion}`,
    emscripten: emscriptenVersion,
    clang: config.clang,
  },
  emscripten: emscriptenVersion,
  profile: config.profile,
  exceptions: config.exceptions,
  flags: `compile: ${config.compileFlags}; link: ${config.linkFlags}`,
  compileFlags: config.compileFlags,
  linkFlags: config.linkFlags,
  gzip: `zlib level ${GZIP_LEVEL}`,
  catalog,
};
fs.writeFileSync(outputPath, JSON.stringify(info, null, 2) + '\n');
