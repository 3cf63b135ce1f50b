// The start-up page's part of the page build (scripts/build-web.mjs;
// docs/startup-memory.md#browsers). `bench:web --startup` measures what a
// page pays to load one path, so the start-up page must load each one as a
// real page would, not from the main page's bundle:
//
// - each wasm module as a file of its own, web/dist/wasm/<name>.wasm, which
//   the served page fetches and compiles with WebAssembly.compileStreaming,
//   and each Emscripten glue as web/dist/wasm/<name>.js, a classic script
//   (the main page embeds the bytes in classic scripts so that it also
//   works from file://, which a start-up run never is);
// - each JS library's adapter as a classic script of its own,
//   web/dist/startup-libraries/<adapter>.js, whose loading is the library's
//   parse and evaluation;
// - the start-up bundle, web/dist/startup.js: the harness and the workloads'
//   page modules with none of those inside (the registry's import() of an
//   adapter becomes the load of its script).

import { build } from 'esbuild';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from '../src/build-dirs.mjs';
import {
  STARTUP_BUNDLE,
  STARTUP_LIBRARY_FOLDER,
  STARTUP_LIBRARY_GLOBAL,
  STARTUP_WASM_FOLDER,
  servedWasmFile,
} from '../web/src/startup-files.mjs';

const ENTRY = path.join(REPO_ROOT, 'web', 'src', 'startup-page.mjs');
const PEERS_REGISTRY = path.join(REPO_ROOT, 'src', 'harness', 'peers.mjs');
const LIBRARY_LOADER = path.join(REPO_ROOT, 'web', 'src', 'startup-libraries.mjs');
// The registry's lazy import of an adapter: `import('./peers/<adapter>.mjs')`.
const ADAPTER_IMPORT = /import\(\s*'\.\/peers\/([\w.-]+)\.mjs'\s*\)/g;
// The files that import adapters so: the registry, and a workload's entry that brings libraries of its own.
const WORKLOADS_DIR = path.join(REPO_ROOT, 'src', 'workloads');
const REGISTRIES = [
  PEERS_REGISTRY,
  ...readdirSync(WORKLOADS_DIR).map((name) => path.join(WORKLOADS_DIR, name, 'workload.mjs')),
].filter((file) => existsSync(file) && readFileSync(file, 'utf8').match(ADAPTER_IMPORT));

/** The adapters the registries import lazily: name (its file's without .mjs) -> file. */
const adaptersOf = () =>
  new Map(
    REGISTRIES.flatMap((registry) =>
      [...readFileSync(registry, 'utf8').matchAll(ADAPTER_IMPORT)].map(([, name]) => [
        name,
        path.join(path.dirname(registry), 'peers', `${name}.mjs`),
      ]),
    ),
  );

/**
 * In the start-up bundle, the registry's `import('./peers/<adapter>.mjs')`
 * becomes `loadStartupLibrary('<adapter>')`: the adapter, and the library
 * it bundles, load from a script of their own when a path asks for them.
 */
function libraryScriptsPlugin() {
  return {
    name: 'wcb-startup-libraries',
    setup(esbuild) {
      const escaped = REGISTRIES.map((file) => file.replace(/[\\^$.*+?()[\]{}|]/g, '\\$&'));
      esbuild.onLoad({ filter: new RegExp(`^(${escaped.join('|')})$`) }, (args) => ({
        contents:
          `import { loadStartupLibrary } from ${JSON.stringify(LIBRARY_LOADER)};\n` +
          readFileSync(args.path, 'utf8').replace(
            ADAPTER_IMPORT,
            (_, name) => `loadStartupLibrary(${JSON.stringify(name)})`,
          ),
        loader: 'js',
        resolveDir: path.dirname(args.path),
      }));
    },
  };
}

/** Copies of the wasm build's files a start-up page fetches: each module's glue, .wasm and lean .wasm. */
function wasmFiles(wasmBuild, outDir) {
  const files = new Map();
  // `lean`: the lean module's .wasm when the build has it (readWasmBuild);
  // a build made for a test may have none.
  for (const { glue, wasm, lean } of wasmBuild.modules) {
    for (const file of [glue, wasm, lean]) if (file) files.set(file, servedWasmFile(path.basename(file)));
  }
  return [...files].map(([file, name]) => ({
    path: path.join(outDir, STARTUP_WASM_FOLDER, name),
    contents: readFileSync(file),
  }));
}

/**
 * Builds the start-up page's files into `outDir` (not written: the caller
 * writes them as it writes the page's). `common`: the page's esbuild
 * options; `plugins`: the page's (the bundled build info, assets, browser
 * variants, the libraries' shims); `wasmBuild`: build-web's readWasmBuild.
 * Resolves to { outputs: [{ path, contents }], inputs }.
 */
export async function buildStartupPage({ common, plugins, peerPlugins, outDir, wasmBuild }) {
  const bundle = await build({
    ...common,
    entryPoints: [ENTRY],
    outfile: path.join(outDir, STARTUP_BUNDLE),
    logOverride: { 'empty-glob': 'silent' },
    plugins: [libraryScriptsPlugin(), ...plugins],
  });
  const adapters = adaptersOf();
  // One classic script per adapter: the library bundled with it, handed to the start-up page.
  const libraries = await build({
    ...common,
    entryPoints: [...adapters.keys()].map((name) => ({ in: `wcb-startup-library:${name}`, out: name })),
    outdir: path.join(outDir, STARTUP_LIBRARY_FOLDER),
    plugins: [
      {
        name: 'wcb-startup-library-entry',
        setup(esbuild) {
          esbuild.onResolve({ filter: /^wcb-startup-library:/ }, (args) => ({
            path: args.path.slice('wcb-startup-library:'.length),
            namespace: 'wcb-startup-library',
          }));
          esbuild.onLoad({ filter: /.*/, namespace: 'wcb-startup-library' }, (args) => ({
            contents:
              `import * as adapter from ${JSON.stringify(adapters.get(args.path))};\n` +
              `globalThis[${JSON.stringify(STARTUP_LIBRARY_GLOBAL)}](${JSON.stringify(args.path)}, adapter);`,
            resolveDir: path.dirname(adapters.get(args.path)),
            loader: 'js',
          }));
        },
      },
      ...peerPlugins,
    ],
  });
  const inputs = [bundle, libraries].flatMap((result) => Object.keys(result.metafile.inputs));
  return {
    outputs: [...libraries.outputFiles, ...wasmFiles(wasmBuild, outDir), ...bundle.outputFiles],
    inputs: inputs.filter((input) => !/^[\w-]+:/.test(input)).map((input) => path.resolve(REPO_ROOT, input)),
  };
}
