// Bundles the browser page (web/src/page.mjs) into web/dist/page.js and
// web/dist/page.css with esbuild: one classic IIFE script that holds the
// shared harness, uPlot, the wasm build's info, the results schema, the
// pure-JS peer libraries that run in a browser and the texts of
// proto/tuple.proto and proto/messages.proto (for protobufjs). What a run
// needs only when it runs goes into assets, web/dist/assets/<name>.js, which
// the page loads on first use (web/src/assets.mjs;
// docs/decisions/page.md#lazy-page): each codec's Emscripten glue with its .wasm
// bytes (and its lean module's), and each file a page module imports as
// `wcb-asset:<package>/<file>.json` (the documents workload's topologies).
// Assets are classic scripts too: no fetch() and no ES module imports at run
// time, so the page works opened from disk (file://).
//
// A page module's `X.browser.mjs` beside it replaces `X.mjs` in the page:
// its variant for a browser (src/workloads/documents/topologies.browser.mjs).
//
//   npm run build:web [-- --force] [-- --wasm-dir DIR]
//
// The wasm build is build/wasm unless --wasm-dir DIR or the environment
// variable WCB_WASM_BUILD_DIR (the one scripts/build-wasm.sh and the Node
// runner use) names another one, e.g. a build with new exports.
//
// Rebuilds only when an input is newer than the bundle (see isStale).

import { build } from 'esbuild';
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { comparedWasmBuild, readWasmBuild } from './wasm-build-files.mjs';
import { SHIPPED_BYTES_FILE, writeShippedBytes } from './shipped-bytes.mjs';
import { generatePeerCode } from './generate-peers.mjs';
import { ASSET_FOLDER, ASSET_GLOBAL } from '../web/src/assets.mjs';
import { STARTUP_BUNDLE } from '../web/src/startup-files.mjs';
import { buildStartupPage } from './startup-page-build.mjs';
import { writeAtomically } from '../node/run-file.mjs';
import { DEFAULT_WASM_BUILD_DIR as DEFAULT_WASM_DIR, REPO_ROOT } from '../node/load-wasm.mjs';

export const WEB_DIST = path.join(REPO_ROOT, 'web', 'dist');
export const PAGE_BUNDLE = path.join(WEB_DIST, 'page.js');
const ENTRY = path.join(REPO_ROOT, 'web', 'src', 'page.mjs');
const SCHEMA = path.join(REPO_ROOT, 'src', 'results.schema.json');
const PROTO = path.join(REPO_ROOT, 'proto', 'tuple.proto');
const MESSAGES_PROTO = path.join(REPO_ROOT, 'proto', 'messages.proto');
const SHIMS = path.join(REPO_ROOT, 'web', 'src', 'shims');
const ASSETS_MODULE = path.join(REPO_ROOT, 'web', 'src', 'assets.mjs');
// Modules only the Node-only peers of src/harness/peers.mjs import (bser, cbor, msgpack5,
// v8.serialize): the page never loads those peers, so they become stubs.
const NODE_ONLY_MODULES = ['node:v8', 'bser', 'cbor', 'msgpack5'];
// The wasm build the page bundles: build/wasm, or WCB_WASM_BUILD_DIR's.
export { DEFAULT_WASM_DIR };
// Where the page's modules come from (the runners and tests import it from here).
export { readWasmBuild };

/** An asset's name, from what it holds: lower-case letters, digits and dashes. */
const assetName = (...parts) =>
  parts
    .join('-')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

/** The script of asset `name` that hands `expression` to the page (web/src/assets.mjs). */
const defineAsset = (name, expression) =>
  `globalThis[${JSON.stringify(ASSET_GLOBAL)}](${JSON.stringify(name)}, ${expression});`;

// The module the page imports as 'wcb:bundled': each wasm module's entry
// loads its glue and bytes as an asset of their own. A compared build's
// (--build-dir A,B) modules come after the first build's, each entry and
// asset named by the build's tag, with its build info in comparedBuilds.
function bundledModuleSource({ infoPath, modules, compared }, assets) {
  const lines = [
    `import { loadAsset } from ${JSON.stringify(ASSETS_MODULE)};`,
    `import buildInfo from ${JSON.stringify(infoPath)};`,
    `import shippedBytes from ${JSON.stringify(path.join(path.dirname(infoPath), SHIPPED_BYTES_FILE))};`,
    `import resultsSchema from ${JSON.stringify(SCHEMA)};`,
    `import protoText from ${JSON.stringify(PROTO)};`,
    `import messagesProtoText from ${JSON.stringify(MESSAGES_PROTO)};`,
  ];
  // load() resolves to { factory, wasmBinary, leanWasmBinary: the lean module's bytes or null } (web/src/runtime.mjs).
  const entry = ({ codec, workload, jsonText, glue, wasm, lean, leanZlib }, build) => {
    const named = build === undefined ? [] : [build];
    const name = assetName('wasm', codec, workload, ...named);
    const zlibName = assetName(name, 'zlib');
    if (leanZlib)
      assets.set(zlibName, {
        entry: [
          `import leanZlibWasmBinary from ${JSON.stringify(leanZlib)};`,
          defineAsset(zlibName, 'leanZlibWasmBinary'),
        ].join('\n'),
      });
    assets.set(name, {
      entry: [
        `import factory from ${JSON.stringify(glue)};`,
        `import wasmBinary from ${JSON.stringify(wasm)};`,
        lean ? `import leanWasmBinary from ${JSON.stringify(lean)};` : 'const leanWasmBinary = null;',
        defineAsset(name, '{ factory, wasmBinary, leanWasmBinary }'),
      ].join('\n'),
    });
    return (
      `  { codec: ${JSON.stringify(codec)}, workload: ${JSON.stringify(workload)}, jsonText: ${jsonText}, ` +
      (build ? `build: ${JSON.stringify(build)}, ` : '') +
      `load: () => loadAsset(${JSON.stringify(name)})` +
      (leanZlib ? `, loadZlib: () => loadAsset(${JSON.stringify(zlibName)})` : '') +
      ' },'
    );
  };
  const entries = [
    ...modules.map((module) => entry(module)),
    ...compared.flatMap((build) => build.modules.map((module) => entry(module, build.tag))),
  ];
  lines.push(`export const modules = [\n${entries.join('\n')}\n];`);
  compared.forEach((build, index) =>
    lines.push(`import comparedInfo${index} from ${JSON.stringify(build.infoPath)};`),
  );
  const comparedList = compared.map(
    (build, index) => `{ tag: ${JSON.stringify(build.tag)}, info: comparedInfo${index} }`,
  );
  lines.push(`export const comparedBuilds = [${comparedList.join(', ')}];`);
  lines.push('export { buildInfo, shippedBytes, resultsSchema, protoText, messagesProtoText };');
  return lines.join('\n');
}

function bundledModulePlugin(wasmBuild, assets) {
  return {
    name: 'wcb-bundled',
    setup(esbuild) {
      esbuild.onResolve({ filter: /^wcb:bundled$/ }, () => ({ path: 'bundled', namespace: 'wcb' }));
      esbuild.onLoad({ filter: /.*/, namespace: 'wcb' }, () => ({
        contents: bundledModuleSource(wasmBuild, assets),
        resolveDir: REPO_ROOT,
        loader: 'js',
      }));
    },
  };
}

/**
 * `import load from 'wcb-asset:<package>/<file>.json'` in a page module:
 * the file becomes an asset, and `load()` resolves to its value.
 */
function lazyJsonPlugin(assets) {
  return {
    name: 'wcb-asset',
    setup(esbuild) {
      esbuild.onResolve({ filter: /^wcb-asset:/ }, async (args) => {
        const specifier = args.path.slice('wcb-asset:'.length);
        if (!specifier.endsWith('.json'))
          return { errors: [{ text: `${args.path}: only a .json file can be a lazy asset` }] };
        const resolved = await esbuild.resolve(specifier, {
          resolveDir: args.resolveDir,
          kind: 'import-statement',
        });
        if (resolved.errors.length > 0) return { errors: resolved.errors };
        const name = assetName(specifier.replace(/\.json$/, ''));
        assets.set(name, { json: resolved.path });
        return { path: name, namespace: 'wcb-asset' };
      });
      esbuild.onLoad({ filter: /.*/, namespace: 'wcb-asset' }, (args) => ({
        contents:
          `import { loadAsset } from ${JSON.stringify(ASSETS_MODULE)};\n` +
          `export default () => loadAsset(${JSON.stringify(args.path)});`,
        resolveDir: REPO_ROOT,
        loader: 'js',
      }));
    },
  };
}

/** A relative import of `X.mjs` resolves to `X.browser.mjs` when that file is beside it. */
function browserVariantPlugin() {
  return {
    name: 'wcb-browser-variant',
    setup(esbuild) {
      esbuild.onResolve({ filter: /^\.\.?\/.*\.mjs$/ }, (args) => {
        if (args.resolveDir.includes(`${path.sep}node_modules${path.sep}`)) return undefined;
        const variant = path.resolve(args.resolveDir, args.path.replace(/\.mjs$/, '.browser.mjs'));
        return existsSync(variant) ? { path: variant } : undefined;
      });
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

/**
 * True when the bundle in `outDir` is missing, of other builds (`comparedDirs`:
 * those compared with `wasmDir`'s) or older than any file it was built from.
 */
export function isStale(wasmDir = DEFAULT_WASM_DIR, outDir = WEB_DIST, comparedDirs = []) {
  const bundle = path.join(outDir, 'page.js');
  const metaFile = path.join(outDir, 'meta.json');
  if (!existsSync(bundle) || !existsSync(metaFile)) return true;
  // bench:web --startup's page (scripts/startup-page-build.mjs); an A/B page has none.
  if (comparedDirs.length === 0 && !existsSync(path.join(outDir, STARTUP_BUNDLE))) return true;
  const builtAt = statSync(bundle).mtimeMs;
  let meta;
  try {
    meta = JSON.parse(readFileSync(metaFile, 'utf8'));
  } catch {
    return true;
  }
  if (meta.wasmDir !== wasmDir || !Array.isArray(meta.assets)) return true;
  if (`${meta.comparedDirs ?? []}` !== `${comparedDirs}`) return true;
  if (meta.assets.some((name) => !existsSync(assetFile(outDir, name)))) return true;
  const inputs = [...meta.inputs, fileURLToPath(import.meta.url), path.join(wasmDir, 'build-info.json')];
  return inputs.some((file) => !existsSync(file) || statSync(file).mtimeMs > builtAt);
}

/** The file of asset `name` in the page build `outDir` (web/src/assets.mjs loads it from there). */
const assetFile = (outDir, name) => path.join(outDir, ASSET_FOLDER, `${name}.js`);

// What the page and its assets are bundled with.
const COMMON_OPTIONS = {
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
  write: false,
};

/** A build input's absolute path, or undefined for a plugin's module (namespace:path). */
const inputFile = (input) => (/^[\w-]+:/.test(input) ? undefined : path.resolve(REPO_ROOT, input));

/**
 * The scripts of `assets` (name -> { entry } or { json }): { outputs:
 * [{ path, contents }], inputs }. A wasm module's entry is bundled by
 * esbuild; a JSON file is written as the text JSON.parse reads (V8's
 * advice for large data: faster to parse than the same object literal).
 */
async function assetScripts(assets, outDir) {
  const entries = [...assets].filter(([, asset]) => asset.entry !== undefined);
  const outputs = [];
  const inputs = [];
  if (entries.length > 0) {
    const result = await build({
      ...COMMON_OPTIONS,
      entryPoints: entries.map(([name]) => ({
        in: `wcb-asset-entry:${name}`,
        out: path.join(ASSET_FOLDER, name),
      })),
      outdir: outDir,
      plugins: [
        {
          name: 'wcb-asset-entry',
          setup(esbuild) {
            esbuild.onResolve({ filter: /^wcb-asset-entry:/ }, (args) => ({
              path: args.path.slice('wcb-asset-entry:'.length),
              namespace: 'wcb-asset-entry',
            }));
            esbuild.onLoad({ filter: /.*/, namespace: 'wcb-asset-entry' }, (args) => ({
              contents: assets.get(args.path).entry,
              resolveDir: REPO_ROOT,
              loader: 'js',
            }));
          },
        },
      ],
    });
    outputs.push(...result.outputFiles);
    inputs.push(...Object.keys(result.metafile.inputs).map(inputFile));
  }
  for (const [name, asset] of assets) {
    if (asset.json === undefined) continue;
    const text = JSON.stringify(JSON.parse(readFileSync(asset.json, 'utf8')));
    outputs.push({
      path: assetFile(outDir, name),
      contents: `${defineAsset(name, `JSON.parse(${JSON.stringify(text)})`)}\n`,
    });
    inputs.push(asset.json);
  }
  return { outputs, inputs: inputs.filter(Boolean) };
}

/** Removes the asset scripts of earlier builds that this one no longer has. */
function removeOtherAssets(outDir, assets) {
  const folder = path.join(outDir, ASSET_FOLDER);
  for (const file of readdirSync(folder))
    if (!assets.has(file.replace(/\.js$/, ''))) rmSync(path.join(folder, file), { force: true });
}

/**
 * Builds the bundle and its assets when stale (or always with force) into
 * `outDir` (web/dist; a test may build a page of another wasm build
 * elsewhere); `comparedBuilds` ([{ dir, tag }]: the builds after the first of
 * bench:web --build-dir A,B) adds their modules. Resolves to { built:
 * boolean, bundle, bytes (page.js's), assetBytes (all assets') }.
 */
export async function buildWeb({
  force = false,
  wasmDir = DEFAULT_WASM_DIR,
  outDir = WEB_DIST,
  quiet = false,
  comparedBuilds = [],
} = {}) {
  const bundle = path.join(outDir, 'page.js');
  const comparedDirs = comparedBuilds.map(({ dir }) => dir);
  // The protobuf peers' generated code (build/peers-generated), which the bundle imports.
  generatePeerCode({ quiet });
  if (!force && !isStale(wasmDir, outDir, comparedDirs))
    return { built: false, bundle, bytes: statSync(bundle).size };
  const wasmBuild = { ...readWasmBuild(wasmDir), compared: comparedBuilds.map(comparedWasmBuild) };
  // An A/B page (scripts/build-compared-page.mjs) serves no start-up run
  // (bench:web refuses --startup with two builds) and shows the first
  // build's shipped bytes as the default page left them, unless the build
  // is newer than that table.
  const abPage = comparedBuilds.length > 0;
  const shippedBytes = path.join(wasmDir, SHIPPED_BYTES_FILE);
  const shippedBytesCurrent =
    existsSync(shippedBytes) &&
    statSync(shippedBytes).mtimeMs >= statSync(path.join(wasmDir, 'build-info.json')).mtimeMs;
  // shipped-bytes.json first: the page shows it (scripts/shipped-bytes.mjs).
  if (!abPage || !shippedBytesCurrent) await writeShippedBytes(wasmDir, { plugins: [peersPlugin()] });
  mkdirSync(path.join(outDir, ASSET_FOLDER), { recursive: true });
  // Name -> what it holds: the plugins add every asset the page refers to while it is bundled.
  const assets = new Map();
  const page = await build({
    ...COMMON_OPTIONS,
    entryPoints: [ENTRY],
    outfile: bundle,
    // No workload folder describes itself (workload.mjs) unless one was added: not worth a warning.
    logOverride: { 'empty-glob': 'silent' },
    plugins: [
      bundledModulePlugin(wasmBuild, assets),
      lazyJsonPlugin(assets),
      browserVariantPlugin(),
      peersPlugin(),
    ],
  });
  // Before the assets are written: its modules may name assets too.
  const startup = abPage
    ? { outputs: [], inputs: [] }
    : await buildStartupPage({
        common: COMMON_OPTIONS,
        plugins: [
          bundledModulePlugin(wasmBuild, assets),
          lazyJsonPlugin(assets),
          browserVariantPlugin(),
          peersPlugin(),
        ],
        peerPlugins: [peersPlugin()],
        outDir,
        wasmBuild,
      });
  const scripts = await assetScripts(assets, outDir);
  // Written whole then renamed: a page loading (or a run checking) the
  // bundle while another process rebuilds it sees the old files or the new
  // ones, never a half-written script. The assets first, page.js last:
  // isStale dates it.
  const outputs = [
    ...scripts.outputs,
    ...startup.outputs,
    ...page.outputFiles.sort((a, b) => (a.path === bundle) - (b.path === bundle)),
  ];
  for (const output of outputs) writeAtomically(output.path, output.contents);
  removeOtherAssets(outDir, assets);
  const inputs = [
    ...Object.keys(page.metafile.inputs).map(inputFile).filter(Boolean),
    ...scripts.inputs,
    ...startup.inputs,
  ];
  writeAtomically(
    path.join(outDir, 'meta.json'),
    JSON.stringify(
      { wasmDir, comparedDirs, assets: [...assets.keys()], inputs: [...new Set(inputs)] },
      null,
      2,
    ) + '\n',
  );
  const bytes = statSync(bundle).size;
  const assetBytes = [...assets.keys()].reduce(
    (sum, name) => sum + statSync(assetFile(outDir, name)).size,
    0,
  );
  if (!quiet) {
    const codecs = wasmBuild.modules.map(({ codec, workload }) => `${codec} (${workload})`).join(', ');
    console.log(
      `built ${path.relative(REPO_ROOT, bundle)} (${(bytes / 1024).toFixed(0)} KB; codecs: ${codecs}) and ` +
        `${assets.size} assets loaded on first use (${path.relative(REPO_ROOT, path.join(outDir, ASSET_FOLDER))}, ${(assetBytes / 1024).toFixed(0)} KB)`,
    );
  }
  return { built: true, bundle, bytes, assetBytes };
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
