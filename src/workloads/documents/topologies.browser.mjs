// The page's variant of topologies.mjs: each world-atlas topology is an
// asset of the page (web/src/assets.mjs), loaded when a run first makes a
// data set from it, so the page's first load does without them (4.5 MB of
// JSON, 3.7 MB of it the 1:10m one). A `wcb-asset:` import gives a function
// that resolves to the file's value (node/build-web.mjs).
import load110m from 'wcb-asset:world-atlas/countries-110m.json';
import load50m from 'wcb-asset:world-atlas/countries-50m.json';
import load10m from 'wcb-asset:world-atlas/countries-10m.json';

const LOADERS = { '110m': load110m, '50m': load50m, '10m': load10m };
const loaded = {};

/** The topology at `resolution` ('110m', '50m', '10m'), or undefined before loadTopology resolved. */
export const topology = (resolution) => loaded[resolution];

/** Resolves when the topology at `resolution` is loaded, loading it on the first call. */
export async function loadTopology(resolution) {
  loaded[resolution] ??= await LOADERS[resolution]();
}
