// Bundles the browser page (web/src/page.mjs) into web/dist/page.js and
// web/dist/page.css with esbuild: one classic IIFE script that holds the
// shared harness, uPlot, every codec's Emscripten glue and its .wasm bytes,
// the wasm build's info, the results schema, the pure-JS peer libraries that
// run in a browser and the texts of proto/tuple.proto and
// proto/messages.proto (for protobufjs). No fetch() and no ES module imports
// at run time, so the page works opened from disk (file://).
//
//   npm run build:web [-- --force] [-- --wasm-dir DIR]
//
// The wasm build is build/wasm unless --wasm-dir DIR or the environment
// variable WCB_WASM_BUILD_DIR (the one scripts/build-wasm.sh and the Node
// runner use) names another one, e.g. a build with new exports.
//
// Rebuilds only when an input is newer than the bundle (see isStale).

import { build } from 'esbuild';
import { existsSync, readFileSync, renameSync, statSync, writeFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { catalogOf, isJsonText, modulesOf } from '../src/catalog.mjs';
import { leanModuleOf } from '../src/harness/lean-codec.mjs';
import { SHIPPED_BYTES_FILE, writeShippedBytes } from './shipped-bytes.mjs';
import { generatePeerCode } from './generate-peers.mjs';

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const WEB_DIST = path.join(REPO_ROOT, 'web', 'dist');
export const PAGE_BUNDLE = path.join(WEB_DIST, 'page.js');
const ENTRY = path.join(REPO_ROOT, 'web', 'src', 'page.mjs');
const SCHEMA = path.join(REPO_ROOT, 'src', 'results.schema.json');
const PROTO = path.join(REPO_ROOT, 'proto', 'tuple.proto');
const MESSAGES_PROTO = path.join(REPO_ROOT, 'proto', 'messages.proto');
const SHIMS = path.join(REPO_ROOT, 'web', 'src', 'shims');
// Modules only the Node-only peers of src/harness/peers.mjs import (bser, cbor, msgpack5,
// v8.serialize): the page never loads those peers, so they become stubs.
const NODE_ONLY_MODULES = ['node:v8', 'bser', 'cbor', 'msgpack5'];
export const DEFAULT_WASM_DIR = process.env.WCB_WASM_BUILD_DIR
  ? path.resolve(process.env.WCB_WASM_BUILD_DIR)
  : path.join(REPO_ROOT, 'build', 'wasm');

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
    for (const file of [files.glue, files.wasm, files.lean ?? files.wasm]) {
      if (!existsSync(file))
        throw new Error(`${codec}: ${file} is listed in ${infoPath} but missing; rebuild the wasm`);
    }
    return files;
  });
  return { infoPath, info, modules };
}

// The module the page imports as 'wcb:bundled'.
function bundledModuleSource({ infoPath, modules }) {
  const lines = [
    `import buildInfo from ${JSON.stringify(infoPath)};`,
    `import shippedBytes from ${JSON.stringify(path.join(path.dirname(infoPath), SHIPPED_BYTES_FILE))};`,
    `import resultsSchema from ${JSON.stringify(SCHEMA)};`,
    `import protoText from ${JSON.stringify(PROTO)};`,
    `import messagesProtoText from ${JSON.stringify(MESSAGES_PROTO)};`,
  ];
  modules.forEach(({ glue, wasm, lean }, index) => {
    lines.push(`import factory${index} from ${JSON.stringify(glue)};`);
    lines.push(`import wasm${index} from ${JSON.stringify(wasm)};`);
    if (lean) lines.push(`import lean${index} from ${JSON.stringify(lean)};`);
  });
  // leanWasmBinary: the lean module's bytes (web/src/runtime.mjs), or null.
  const entries = modules.map(
    ({ codec, workload, jsonText, lean }, index) =>
      `  { codec: ${JSON.stringify(codec)}, workload: ${JSON.stringify(workload)}, jsonText: ${jsonText}, ` +
      `factory: factory${index}, wasmBinary: wasm${index}, leanWasmBinary: ${lean ? `lean${index}` : 'null'} },`,
  );
  lines.push(`export const modules = [\n${entries.join('\n')}\n];`);
  lines.push('export { buildInfo, shippedBytes, resultsSchema, protoText, messagesProtoText };');
  return lines.join('\n');
}

function bundledModulePlugin(wasmBuild) {
  return {
    name: 'wcb-bundled',
    setup(esbuild) {
      esbuild.onResolve({ filter: /^wcb:bundled$/ }, () => ({ path: 'bundled', namespace: 'wcb' }));
      esbuild.onLoad({ filter: /.*/, namespace: 'wcb' }, () => ({
        contents: bundledModuleSource(wasmBuild),
        resolveDir: REPO_ROOT,
        loader: 'js',
      }));
    },
  };
}

const escapeRegExp = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * What the pure-JS peers need to run in a page, and nothing more: avsc's
 * types require Node's `util` (a few functions, web/src/shims/util.mjs) and
 * `buffer` (the npm polyfill resolves by name); js-binary and avro-js (its utils) use a free
 * `Buffer`, given the polyfill by an import added to its files only, so no
 * other library sees a `Buffer` global and switches to its Node code path.
 */
export function peersPlugin() {
  const nodeOnly = new RegExp(`^(${NODE_ONLY_MODULES.map(escapeRegExp).join('|')})$`);
  return {
    name: 'wcb-peers',
    setup(esbuild) {
      esbuild.onResolve({ filter: /^util$/ }, () => ({ path: path.join(SHIMS, 'util.mjs') }));
      esbuild.onResolve({ filter: nodeOnly }, (args) => ({ path: args.path, namespace: 'wcb-node-only' }));
      esbuild.onLoad({ filter: /.*/, namespace: 'wcb-node-only' }, (args) => ({
        contents: `throw new Error(${JSON.stringify(`${args.path} runs in Node only, not in this page`)});`,
        loader: 'js',
      }));
      esbuild.onLoad({ filter: /[\\/]node_modules[\\/](js-binary|avro-js)[\\/].*\.js$/ }, async (args) => ({
        contents: `var Buffer = require('buffer').Buffer;\n${readFileSync(args.path, 'utf8')}`,
        loader: 'js',
        resolveDir: path.dirname(args.path),
      }));
    },
  };
}

/** True when the bundle in `outDir` is missing or older than any file it was built from. */
export function isStale(wasmDir = DEFAULT_WASM_DIR, outDir = WEB_DIST) {
  const bundle = path.join(outDir, 'page.js');
  const metaFile = path.join(outDir, 'meta.json');
  if (!existsSync(bundle) || !existsSync(metaFile)) return true;
  const builtAt = statSync(bundle).mtimeMs;
  let meta;
  try {
    meta = JSON.parse(readFileSync(metaFile, 'utf8'));
  } catch {
    return true;
  }
  if (meta.wasmDir !== wasmDir) return true;
  const inputs = [...meta.inputs, fileURLToPath(import.meta.url), path.join(wasmDir, 'build-info.json')];
  return inputs.some((file) => !existsSync(file) || statSync(file).mtimeMs > builtAt);
}

function writeAtomically(file, contents) {
  const temporary = `${file}.tmp-${process.pid}`;
  writeFileSync(temporary, contents);
  renameSync(temporary, file);
}

/**
 * Builds the bundle when stale (or always with force) into `outDir`
 * (web/dist; a test may build a page of another wasm build elsewhere).
 * Resolves to { built: boolean, bundle, bytes }.
 */
export async function buildWeb({
  force = false,
  wasmDir = DEFAULT_WASM_DIR,
  outDir = WEB_DIST,
  quiet = false,
} = {}) {
  const bundle = path.join(outDir, 'page.js');
  // The protobuf peers' generated code (build/peers-generated), which the bundle imports.
  generatePeerCode({ quiet });
  if (!force && !isStale(wasmDir, outDir)) return { built: false, bundle, bytes: statSync(bundle).size };
  const wasmBuild = readWasmBuild(wasmDir);
  // shipped-bytes.json first: the page shows it (scripts/shipped-bytes.mjs).
  await writeShippedBytes(wasmDir, { plugins: [peersPlugin()] });
  mkdirSync(outDir, { recursive: true });
  const result = await build({
    entryPoints: [ENTRY],
    outfile: bundle,
    bundle: true,
    format: 'iife',
    platform: 'browser',
    target: ['chrome100', 'firefox100', 'safari15'],
    // The .wasm bytes become a Uint8Array inside the script, the .proto a string.
    loader: { '.wasm': 'binary', '.proto': 'text' },
    // The Emscripten glue requires these only on its Node code path.
    external: ['fs', 'path'],
    metafile: true,
    legalComments: 'eof',
    logLevel: 'warning',
    // No workload folder describes itself (workload.mjs) unless one was added: not worth a warning.
    logOverride: { 'empty-glob': 'silent' },
    plugins: [bundledModulePlugin(wasmBuild), peersPlugin()],
    write: false,
  });
  // Written whole then renamed: a page loading (or a run checking) the
  // bundle while another process rebuilds it sees the old files or the new
  // ones, never a half-written script. page.js last: isStale dates it.
  const outputs = [...result.outputFiles].sort((a, b) => (a.path === bundle) - (b.path === bundle));
  for (const output of outputs) writeAtomically(output.path, output.contents);
  const inputs = Object.keys(result.metafile.inputs)
    .filter((input) => !input.startsWith('wcb:'))
    .map((input) => path.resolve(REPO_ROOT, input));
  writeAtomically(path.join(outDir, 'meta.json'), JSON.stringify({ wasmDir, inputs }, null, 2) + '\n');
  const bytes = statSync(bundle).size;
  if (!quiet) {
    const codecs = wasmBuild.modules.map(({ codec, workload }) => `${codec} (${workload})`).join(', ');
    console.log(
      `built ${path.relative(REPO_ROOT, bundle)} (${(bytes / 1024).toFixed(0)} KB; codecs: ${codecs})`,
    );
  }
  return { built: true, bundle, bytes };
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const force = process.argv.includes('--force');
  const wasmDirAt = process.argv.indexOf('--wasm-dir');
  const wasmDir =
    wasmDirAt === -1 ? DEFAULT_WASM_DIR : path.resolve(process.argv[wasmDirAt + 1] ?? DEFAULT_WASM_DIR);
  buildWeb({ force, wasmDir }).then(
    ({ built }) => {
      if (!built) console.log(`${path.relative(REPO_ROOT, PAGE_BUNDLE)} is up to date`);
    },
    (error) => {
      console.error(`build:web failed: ${error.message}`);
      process.exitCode = 1;
    },
  );
}
