// What a browser user downloads for each way of encoding and decoding the
// tuple items: build/wasm/shipped-bytes.json, written by the page build
// (scripts/build-web.mjs) next to build-info.json, read by the report
// (src/report/shipped-bytes-rows.mjs) and the page.
//
//   modules: each tuple module of the build's catalog, embind and lean: the
//     .wasm and its glue (embind: Emscripten's .cjs; lean: src/harness/lean-loader.mjs),
//   peers:   each pure-JS library of the registry (src/harness/peers.mjs),
//     bundled from a generated entry that takes only its adapter's
//     createPeerPath (the encode and decode this project calls).
//
// Every piece of JS goes through the same esbuild minification a user's
// bundler would apply (format esm, browser, minify); every size is raw and
// gzip -9 (as build-info.json's). A peer that runs in Node only, or does not
// bundle, carries the reason instead of sizes.
//
//   written by `npm run build:web` (scripts/build-wasm.sh runs it) whenever the page is rebuilt

import { build } from 'esbuild';
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

import { catalogOf, codecsOf, DEFAULT_WORKLOAD, moduleOf } from '../src/catalog.mjs';
import { LEAN_MODULE, LEAN_ZLIB_MODULE, leanModuleOf, leanZlibModuleOf } from '../src/harness/lean-codec.mjs';
import { PEERS, peerMeta } from '../src/harness/peers.mjs';
import { REPO_ROOT } from '../node/options.mjs';

const GZIP_LEVEL = 9;
const LEAN_LOADER = path.join(REPO_ROOT, 'src', 'harness', 'lean-loader.mjs');
const PEERS_FILE = path.join(REPO_ROOT, 'src', 'harness', 'peers.mjs');
export const SHIPPED_BYTES_FILE = 'shipped-bytes.json';

const gzipBytes = (bytes) => zlib.gzipSync(bytes, { level: GZIP_LEVEL }).length;

/** { bytes, gzipBytes } of a buffer. */
const sizesOf = (buffer) => ({ bytes: buffer.length, gzipBytes: gzipBytes(buffer) });

/**
 * Minified esbuild output of `entry` (a file, or { contents, resolveDir }) as
 * a Buffer. Throws when something would be left out of the bundle (a
 * require() esbuild cannot follow): the size would be too small.
 */
async function minified(entry, { plugins = [], external = [] } = {}) {
  const input =
    typeof entry === 'string'
      ? { entryPoints: [entry] }
      : { stdin: { contents: entry.contents, resolveDir: entry.resolveDir, loader: 'js' } };
  const result = await build({
    ...input,
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'browser',
    target: ['chrome100', 'firefox100', 'safari15'],
    external,
    legalComments: 'none',
    logLevel: 'silent',
    plugins,
    write: false,
  });
  const left = result.warnings.find((warning) =>
    /require|not be included|could not resolve/i.test(warning.text),
  );
  if (left) throw new Error(left.text);
  return Buffer.from(result.outputFiles[0].contents);
}

/**
 * The adapter file a registry entry loads: its load() is
 * `() => import('./peers/<name>.mjs')` (possibly wrapped), relative to peers.mjs.
 */
export function adapterOf(peer) {
  const match = /import\(\s*['"`]([^'"`]+)['"`]\s*\)/.exec(String(peer.load));
  if (!match) throw new Error(`${peer.name}: cannot tell which adapter its load() imports`);
  return path.resolve(path.dirname(PEERS_FILE), match[1]);
}

/**
 * One row per tuple module of the build (embind, then lean and lean+zlib,
 * the lean module with the compression stage, when built), codecs in
 * catalog order.
 */
async function moduleRows(info, wasmDir) {
  const leanGlue = sizesOf(await minified(LEAN_LOADER));
  // Emscripten's glue requires these only on its Node code path.
  const glueOptions = { external: ['fs', 'path'] };
  const rows = [];
  for (const codec of codecsOf(info, DEFAULT_WORKLOAD)) {
    const embind = moduleOf(info, codec, DEFAULT_WORKLOAD);
    const lean = leanModuleOf(info, codec, DEFAULT_WORKLOAD);
    const glue = sizesOf(await minified(path.join(wasmDir, embind.glue), glueOptions));
    rows.push(moduleRow(codec, 'embind', embind.wasm, wasmDir, embind.glue, glue));
    const leanZlib = leanZlibModuleOf(info, codec, DEFAULT_WORKLOAD);
    for (const [module, entry] of [
      [LEAN_MODULE, lean],
      [LEAN_ZLIB_MODULE, leanZlib],
    ]) {
      if (entry && existsSync(path.join(wasmDir, entry.wasm)))
        rows.push(
          moduleRow(codec, module, entry.wasm, wasmDir, path.relative(REPO_ROOT, LEAN_LOADER), leanGlue),
        );
    }
  }
  return rows;
}

function moduleRow(codec, module, wasmFile, wasmDir, glueFile, glue) {
  const wasm = sizesOf(readFileSync(path.join(wasmDir, wasmFile)));
  return {
    codec,
    workload: DEFAULT_WORKLOAD,
    module,
    wasm: wasmFile,
    glue: glueFile,
    wasmBytes: wasm.bytes,
    wasmGzipBytes: wasm.gzipBytes,
    glueBytes: glue.bytes,
    glueGzipBytes: glue.gzipBytes,
    totalBytes: wasm.bytes + glue.bytes,
    // Two files, each gzipped on its own, as a server sends them.
    totalGzipBytes: wasm.gzipBytes + glue.gzipBytes,
  };
}

/** One row per registry peer: its bundle's sizes, or why there is none. */
async function peerRows(plugins) {
  return Promise.all(
    PEERS.map(async (peer) => {
      const { codec, library, variant } = peerMeta(peer);
      const row = { name: peer.name, codec, library, ...(variant ? { variant } : {}) };
      if (!peer.places.includes('browser')) return { ...row, error: 'runs in Node only' };
      try {
        const adapter = adapterOf(peer);
        const entry = `export { createPeerPath } from ${JSON.stringify(adapter)};`;
        const sizes = sizesOf(
          await minified({ contents: entry, resolveDir: path.dirname(adapter) }, { plugins }),
        );
        return { ...row, entry: path.relative(REPO_ROOT, adapter), ...sizes };
      } catch (error) {
        const why = error?.errors?.[0]?.text ?? String(error?.message ?? error).split('\n')[0];
        return { ...row, error: `does not bundle: ${why}` };
      }
    }),
  );
}

/**
 * Writes <wasmDir>/shipped-bytes.json from the build's catalog and the peer
 * registry. `plugins`: the esbuild plugins the page bundles peers with
 * (build-web.mjs's shims), so a peer bundles here as it does there.
 */
export async function writeShippedBytes(wasmDir, { plugins = [] } = {}) {
  const info = JSON.parse(readFileSync(path.join(wasmDir, 'build-info.json'), 'utf8'));
  if (!catalogOf(info)) throw new Error(`${wasmDir}/build-info.json has no catalog: rebuild the wasm`);
  const esbuildVersion = JSON.parse(
    readFileSync(path.join(REPO_ROOT, 'node_modules', 'esbuild', 'package.json'), 'utf8'),
  ).version;
  const shipped = {
    workload: DEFAULT_WORKLOAD,
    gzip: `zlib level ${GZIP_LEVEL}`,
    minifier: `esbuild ${esbuildVersion} (bundle, minify, esm, browser)`,
    modules: await moduleRows(info, wasmDir),
    peers: await peerRows(plugins),
  };
  const file = path.join(wasmDir, SHIPPED_BYTES_FILE);
  const temporary = `${file}.tmp-${process.pid}`;
  writeFileSync(temporary, JSON.stringify(shipped, null, 2) + '\n');
  renameSync(temporary, file);
  return { file, shipped };
}
