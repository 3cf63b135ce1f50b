// The world-atlas topologies the geo data sets are made from (datasets.mjs),
// as Node has them: static JSON imports, at hand once this module is loaded.
// The page bundles topologies.browser.mjs instead (node/build-web.mjs
// takes a module's .browser.mjs variant when there is one), which loads
// each topology on first use.
import countries110m from 'world-atlas/countries-110m.json' with { type: 'json' };
import countries50m from 'world-atlas/countries-50m.json' with { type: 'json' };
import countries10m from 'world-atlas/countries-10m.json' with { type: 'json' };

const TOPOLOGIES = { '110m': countries110m, '50m': countries50m, '10m': countries10m };

/** The topology at `resolution` ('110m', '50m', '10m'), or undefined when it is not loaded. */
export const topology = (resolution) => TOPOLOGIES[resolution];

/** Resolves when the topology at `resolution` is loaded: here it always is. */
export async function loadTopology() {}
