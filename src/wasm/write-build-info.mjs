// Writes build/wasm/build-info.json after the modules are linked: the build
// configuration CMake recorded (Emscripten version, flags, profile) plus each
// module's shipped size. Run by the wcb_wasm_build_info target:
//   node write-build-info.mjs <build-config.json> <build-info.json> <wcb_codec.cjs>...
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

// Gzip at the highest level, as a server precompressing static assets would.
const GZIP_LEVEL = 9;

const [configPath, outputPath, ...gluePaths] = process.argv.slice(2);
if (!configPath || !outputPath) {
  console.error('usage: write-build-info.mjs <build-config.json> <build-info.json> <module.cjs>...');
  process.exit(2);
}

const config = JSON.parse(fs.readFileSync(configPath, 'utf8'));
// wcb_<codec>.cjs serves the tuple workload, wcb_<codec>_messages.cjs the
// messages workload (src/wasm/CMakeLists.txt).
const MESSAGES_SUFFIX = '_messages';
const allModules = gluePaths.map((gluePath) => {
  const base = path.basename(gluePath, '.cjs');
  const wasm = fs.readFileSync(path.join(path.dirname(gluePath), `${base}.wasm`));
  const workload = base.endsWith(MESSAGES_SUFFIX) ? 'messages' : 'tuples';
  return {
    codec: base.replace(/^wcb_/, '').replace(new RegExp(`${MESSAGES_SUFFIX}$`), ''),
    workload,
    glue: path.basename(gluePath),
    wasm: `${base}.wasm`,
    wasmBytes: wasm.length,
    wasmGzipBytes: zlib.gzipSync(wasm, { level: GZIP_LEVEL }).length,
    glueBytes: fs.statSync(gluePath).size,
  };
});

// `emcc --version` prints a banner; the version is its last x.y.z.
const emscriptenVersion = (config.emscripten.match(/\d+\.\d+\.\d+/g) ?? [config.emscripten]).pop();

const info = {
  emscripten: emscriptenVersion,
  profile: config.profile,
  exceptions: config.exceptions,
  flags: `compile: ${config.compileFlags}; link: ${config.linkFlags}`,
  compileFlags: config.compileFlags,
  linkFlags: config.linkFlags,
  gzip: `zlib level ${GZIP_LEVEL}`,
  // The tuple modules, then those with the messages workload's exports too.
  modules: allModules.filter((module) => module.workload === 'tuples'),
  messageModules: allModules.filter((module) => module.workload === 'messages'),
};
fs.writeFileSync(outputPath, JSON.stringify(info, null, 2) + '\n');
