// The tuples workload in the page (web/src/page.mjs loads it by name): its
// options (payload sizes), its blocks on the shared harness (block.mjs), its
// tables and charts. Each block's wasm paths in a fresh instance of their
// module.
//
// Sizes: gzipBytes comes from the browser's CompressionStream, which has no
// compression level, so browser rows carry no gzip9Bytes.

import { TupleDataset } from './dataset.mjs';
import { createWasmPath } from '../../harness/paths.mjs';
import { createPeerPath, findPeer } from '../../harness/peers.mjs';
import { measureTupleBlock } from './block.mjs';

export { protocolSchema, rowSchema } from './rows.mjs';
import { PLACE, instantiateCodec, memberModule, pageEnvironment } from '../../../web/src/runtime.mjs';
import { CLEANLINESS_LEGEND, TABLE_LEGEND } from './view.mjs';

/** What the results view shows of the rows (tables, charts): web/src/results-view.mjs. */
export { view } from './view.mjs';

export const texts = {
  option: 'tuples: the growing dataset, time per payload size',
  sizes: 'Sizes and repetitions',
  tables: 'Results per size',
  time: 'Median time (ms) vs JSON payload size (MB), log-log.',
  ratio: 'Speed vs JSON: JSON time / path time (above 1 = faster than JSON.stringify/JSON.parse).',
  legend: TABLE_LEGEND,
  extraLegend: CLEANLINESS_LEGEND,
};

/** The numeric inputs of the form this workload reads (besides repetitions and warm-up). */
export const inputs = ['minMB', 'maxMB', 'perDecade'];

/** The operations the charts can show. */
export const operations = ['encode', 'decode'];

/** Every JS library of the page takes part. */
export const acceptsPeer = () => true;

/**
 * The options of this workload from the form: `read.number(key, label)`
 * reads a numeric input within the catalog's bounds, `refuse(key, text)`
 * throws the page's input error.
 */
export function readOptions(read, refuse) {
  const options = {
    minMB: read.number('minMB', 'Min MB'),
    maxMB: read.number('maxMB', 'Max MB'),
    perDecade: read.number('perDecade', 'Steps per decade'),
  };
  if (options.maxMB < options.minMB)
    refuse('maxMB', `Max MB ${options.maxMB} is below Min MB ${options.minMB} (accepted: Max MB >= Min MB)`);
  // The first growth step at or above Min MB must not pass Max MB (the
  // dataset is only grown to Min MB here; the run selects the rest).
  const dataset = new TupleDataset();
  dataset.growToMB(options.minMB);
  if (dataset.jsonMB > options.maxMB) {
    refuse(
      'maxMB',
      `no payload size of the dataset lies between ${options.minMB} and ${options.maxMB} MB ` +
        `(accepted: Max MB >= ${dataset.jsonMB.toPrecision(3)}, the next size)`,
    );
  }
  return options;
}

/** Why a run with these options cannot start, or undefined. */
export function refusal() {
  return undefined;
}

/** Where the run is, for the status line. */
export function progressText({ step }) {
  return `at ${step.jsonMB.toFixed(3)} MB (${step.count.toLocaleString('en-US')} items)`;
}

/** What a block holds and measures (the planner's: src/harness/plan.mjs). */
export { blockPlan, pathJob, pathReferences, protocolFields, references, units } from './block.mjs';

/**
 * One block process (docs/design.md#blocks), of the page's run or a browser
 * context of bench:web's: the block job measured in this page, resolving to
 * its rows. options: the job, and { modules (this workload's, from the
 * bundle, with those of the builds compared), facts, protoText, signal,
 * watch? }; `watch` (the start-up page's: web/src/startup-page.mjs) is told
 * of each member's load (onMember) and first calls (onFirstCall).
 */
export function runBlock({ modules, facts, protoText, signal, watch = {}, ...job }) {
  const env = pageEnvironment(facts, signal, watch);
  const loadPath = async (spec) => {
    if (spec.peer !== undefined) {
      const peer = findPeer(spec.peer);
      if (!peer || !peer.places.includes(PLACE)) throw new Error(`${spec.peer}: not a peer of this page`);
      return createPeerPath(peer, { protoText });
    }
    const compress = spec.compression?.where === 'wasm';
    const module = memberModule(modules, spec);
    return createWasmPath(await instantiateCodec(module, spec.strategy, { compress }), spec.strategy);
  };
  return measureTupleBlock(job, { place: PLACE, env, loadPath, onMember: watch.onMember });
}
