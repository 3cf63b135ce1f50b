// Loads the Node-API addon of the native build (src/addon; built by
// scripts/build-native.sh native-release) in Node.
//
//   const info = readNativeCatalog();             // build/native-release/catalog.json
//   const addon = loadAddon();                    // the addon's exports, or throws why not
//   addonAvailable(workload)                      // whether the build has it for a workload
//
// The catalog names the addon's file and the workloads it serves; every
// codec of such a workload is in it. Each workload's JS half wraps the
// exports (src/harness/addon-codec.mjs and its siblings).
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

import { DEFAULT_NATIVE_BUILD_DIR } from '../build-dirs.mjs';
import { DEFAULT_WORKLOAD, addonOf, addonServes, codecsOf } from '../catalog.mjs';

const require = createRequire(import.meta.url);

function missingBuild(what, buildDir) {
  return new Error(
    `${what} not found in ${buildDir}: run scripts/build-native.sh native-release to build it`,
  );
}

/** The native build's catalog.json, or null when there is no native build. */
export function readNativeCatalog(buildDir = DEFAULT_NATIVE_BUILD_DIR) {
  const file = path.join(buildDir, 'catalog.json');
  if (!fs.existsSync(file)) return null;
  return JSON.parse(fs.readFileSync(file, 'utf8'));
}

/** The addon's file, or null when the build has none (or it was not linked yet). */
export function addonFile(buildDir = DEFAULT_NATIVE_BUILD_DIR) {
  const catalog = readNativeCatalog(buildDir);
  const addon = catalog && addonOf(catalog);
  if (!addon) return null;
  const file = path.resolve(buildDir, addon.file);
  return fs.existsSync(file) ? file : null;
}

/** Whether the native build has an addon that serves `workload`. */
export function addonAvailable(workload = DEFAULT_WORKLOAD, buildDir = DEFAULT_NATIVE_BUILD_DIR) {
  const catalog = readNativeCatalog(buildDir);
  return catalog !== null && addonServes(catalog, workload) && addonFile(buildDir) !== null;
}

/**
 * The codecs of a run's `codecs` the addon measures too: those the native
 * build serves `workload` with; [] with --no-addon (`addon` false; a test's
 * own --loader says so too) or without an addon for the workload.
 */
export function addonCodecsOf({ addon, codecs }, workload) {
  if (addon === false || !addonAvailable(workload)) return [];
  const native = codecsOf(readNativeCatalog(), workload);
  return codecs.filter((codec) => native.includes(codec));
}

/**
 * The addon's exports (Node caches a loaded addon: every call in a process
 * gets the same one). Throws, saying what to build, when there is none.
 */
export function loadAddon(buildDir = DEFAULT_NATIVE_BUILD_DIR) {
  const file = addonFile(buildDir);
  if (!file) throw missingBuild('the Node-API addon (catalog.json `addon`)', buildDir);
  try {
    return require(file);
  } catch (error) {
    // Bun and Deno load Node-API addons too; a runtime that does not says so in the addon's rows.
    throw new Error(
      `this runtime (${path.basename(process.execPath)}) does not load the Node-API addon: ${error.message}`,
    );
  }
}
