// The tuples workload in the page (web/src/page.mjs loads it by name): its
// options (payload sizes), its run on the shared harness, its tables and
// charts. The sweep: each (codec, strategy) in a fresh instance of its wasm
// module, then each pure-JS peer that runs in a browser, every one over the
// same growth steps with the JSON baseline re-measured beside it at each
// step (its own batch, order alternated by step), so every ratio is one of
// the same page state. Rows are handed out as they are measured, so a
// stopped run keeps what it has.
//
// Sizes: gzipBytes comes from the browser's CompressionStream, which has no
// compression level, so browser rows carry no gzip9Bytes.

import { TupleDataset, selectSteps } from './dataset.mjs';
import { createReferencePaths } from '../../harness/json-baseline.mjs';
import { failedRow } from '../../harness/measure.mjs';
import { createWasmPath } from '../../harness/paths.mjs';
import { createPeerPath, findPeer, peerMeta } from '../../harness/peers.mjs';
import { datasetAtSteps, measureStep } from '../../harness/sweep.mjs';
import { BLOCK_UNIT, measureTupleBlock } from './block.mjs';

export { protocolSchema, rowSchema } from './rows.mjs';

/** How the page's block tables name a block and show a median (src/harness/block-tables.mjs blockParts). */
export const blockUnit = BLOCK_UNIT;
import { PLACE, instantiateCodec, yieldToBrowser } from '../../../web/src/runtime.mjs';
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

/** The run header's protocol fields of this workload. */
export function protocolFields(options) {
  return { minMB: options.minMB, maxMB: options.maxMB, stepsPerDecade: options.perDecade };
}

/** Where the run is, for the status line. */
export function progressText({ step }) {
  return `at ${step.jsonMB.toFixed(3)} MB (${step.count.toLocaleString('en-US')} items)`;
}

/**
 * The references (JSON baselines, object floor) first at the 1st, 3rd...
 * size, the path first at the others: neither always runs in the other's wake.
 */
const jsonOrder = (position, path, references) =>
  position % 2 === 0 ? [...references, path] : [path, ...references];

/**
 * Runs the sweep. options: { modules (this workload's, from the bundle),
 * codecs, strategies, peers (names), protoText, minMB, maxMB, perDecade,
 * repetitions, warmup, facts, signal, onRow(row), onProgress({ done, total,
 * label, step }) }. Resolves when done; rejects with the signal's reason
 * when stopped.
 */
export async function run(options) {
  const { modules, codecs, strategies, minMB, maxMB, perDecade, facts, signal, onRow, onProgress } = options;
  const peers = options.peers ?? [];
  const steps = selectSteps({ minMB, maxMB, perDecade });
  if (steps.length === 0)
    throw new Error(`no growth step of the dataset lies between ${minMB} and ${maxMB} MB`);
  const env = {
    gc: facts.gc,
    jsHeapUsed: facts.jsHeapUsed,
    pause: yieldToBrowser,
    signal,
  };
  const measureOptions = { place: PLACE, warmup: options.warmup, repetitions: options.repetitions, env };
  // The rows of one path at one step: its own and one per reference beside
  // it (createReferencePaths says which: a JSON-text path has one more).
  const rowsPerStep = (jsonText = false) => 1 + createReferencePaths({ jsonText }).length;
  const isJsonText = (codecName) => modules.find((module) => module.codec === codecName)?.jsonText === true;
  const codecRows = codecs.reduce((sum, codecName) => sum + rowsPerStep(isJsonText(codecName)), 0);
  const total = steps.length * (strategies.length * codecRows + peers.length * rowsPerStep());
  let done = 0;
  const report = (label, step) => onProgress({ done, total, label, step });
  // The path and the JSON baseline(s) at every step, in one batch (the
  // path's label): the tables pair a row with the baseline of its own batch.
  const sweep = async (path, label, jsonText = false) => {
    const references = createReferencePaths({ jsonText });
    // jsonSecond: bench:web's context of an odd size, so the order alternates across contexts too.
    let position = options.jsonSecond ? 1 : 0;
    for (const { step, items } of datasetAtSteps(steps)) {
      report(label, step);
      await measureStep({
        ...measureOptions,
        batch: label,
        paths: jsonOrder(position++, path, references),
        step,
        items,
        onRow: (row) => {
          done += 1;
          onRow(row);
        },
      });
    }
  };

  // A path that cannot be made fails every size; the sweep goes on.
  const failEverywhere = (stub, label, error, jsonText = false) => {
    for (const step of steps) {
      done += rowsPerStep(jsonText);
      onRow(failedRow(stub, { place: PLACE, step, batch: label }, error));
    }
    report(label, steps[steps.length - 1]);
  };

  for (const codecName of codecs) {
    const module = modules.find((candidate) => candidate.codec === codecName);
    for (const strategy of strategies) {
      signal?.throwIfAborted();
      let path;
      try {
        if (!module) throw new Error(`${codecName}: not in this page's wasm build`);
        path = createWasmPath(await instantiateCodec(module, strategy), strategy);
      } catch (error) {
        failEverywhere(
          { codec: codecName, impl: 'cpp', interop: strategy },
          `${codecName}/${strategy}`,
          error,
          isJsonText(codecName),
        );
        continue;
      }
      await sweep(path, `${codecName}/${strategy}`, module.jsonText === true);
      await yieldToBrowser();
    }
  }
  for (const name of peers) {
    signal?.throwIfAborted();
    const peer = findPeer(name);
    let path;
    try {
      if (!peer || !peer.places.includes(PLACE)) throw new Error(`${name}: not a peer of this page`);
      path = await createPeerPath(peer, { protoText: options.protoText });
    } catch (error) {
      const stub = peer ? peerMeta(peer) : { codec: name, impl: 'js', interop: 'js' };
      failEverywhere(stub, name, `load: ${error?.message ?? error}`);
      continue;
    }
    await sweep(path, name);
    await yieldToBrowser();
  }
  return steps;
}

/**
 * One browser context of bench:web's block protocol (docs/design.md#blocks):
 * the block job measured in this page, resolving to its rows. options: the
 * job, and { modules, facts, protoText, signal } as for run().
 */
export function runBlock({ modules, facts, protoText, signal, ...job }) {
  const env = { gc: facts.gc, jsHeapUsed: facts.jsHeapUsed, pause: yieldToBrowser, signal };
  const loadPath = async (spec) => {
    if (spec.peer !== undefined) {
      const peer = findPeer(spec.peer);
      if (!peer || !peer.places.includes(PLACE)) throw new Error(`${spec.peer}: not a peer of this page`);
      return createPeerPath(peer, { protoText });
    }
    const module = modules.find((candidate) => candidate.codec === spec.codec);
    if (!module) throw new Error(`${spec.codec}: not in this page's wasm build`);
    const compress = spec.compression?.where === 'wasm';
    return createWasmPath(await instantiateCodec(module, spec.strategy, { compress }), spec.strategy);
  };
  return measureTupleBlock(job, { place: PLACE, env, loadPath });
}
