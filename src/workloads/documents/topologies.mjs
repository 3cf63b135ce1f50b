// The world-atlas topologies the geo data sets are made from (datasets.mjs),
// as Node has them: each read on first use, so a process holds only the one
// its data set needs (all three held 45 MB of a documents child's 52 MB heap,
// and every forced GC walked them: docs/decisions.md). The page bundles
// topologies.browser.mjs instead (scripts/build-web.mjs takes a module's
// .browser.mjs variant when there is one), which fetches each one as an asset.
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const FILES = {
  '110m': 'world-atlas/countries-110m.json',
  '50m': 'world-atlas/countries-50m.json',
  '10m': 'world-atlas/countries-10m.json',
};

/** The topology at `resolution` ('110m', '50m', '10m'), read the first time it is asked for. */
export const topology = (resolution) => (FILES[resolution] ? require(FILES[resolution]) : undefined);

/** Resolves when the topology at `resolution` is loaded: here it loads when topology() first asks. */
export async function loadTopology() {}
