// Shared by the addon-*.test.mjs files (not a test itself): the Node-API
// addon of the native build, or why it is missing (the tests then skip, or
// fail under WCB_REQUIRE_BUILDS=1: wasm-helpers.mjs testWithBuild).
import { existsSync } from 'node:fs';
import { join } from 'node:path';

import { addonAvailable, loadAddon, readNativeCatalog } from '../../src/addon/load-addon.mjs';
import { REPO_ROOT } from '../../node/load-wasm.mjs';
import { addonCodecNames, createAddonCodec } from '../../src/harness/addon-codec.mjs';

/** false, or why the addon cannot be tested. */
export const missingAddon = addonAvailable('tuples')
  ? false
  : readNativeCatalog() === null
    ? 'no native build: run scripts/build-native.sh native-release (it builds the Node-API addon)'
    : 'the native build has no Node-API addon for tuples: run scripts/build-native.sh native-release';

/** The addon's exports (null when it is missing). */
export const addon = missingAddon ? null : loadAddon();

/** Every tuple codec of the addon ([] when it is missing). */
export const ADDON_CODECS = addon ? addonCodecNames(addon) : [];

/** One codec object per codec of the addon. */
export function addonCodecs() {
  return ADDON_CODECS.map((name) => createAddonCodec(addon, name));
}

/**
 * false, or why a bench:node run of `workload` with the addon's paths beside
 * wasm's cannot be tested: it needs the wasm build and the addon with that
 * workload.
 */
export function missingAddonRun(workload) {
  if (!existsSync(join(REPO_ROOT, 'build', 'wasm', 'build-info.json'))) {
    return 'build/wasm is missing: run scripts/build-wasm.sh';
  }
  return addonAvailable(workload)
    ? false
    : `the Node-API addon with the ${workload} workload is not built (scripts/build-native.sh native-release)`;
}
