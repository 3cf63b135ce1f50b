// The tuples workload in the page (web/src/page.mjs loads it by name): its
// options (payload sizes), its blocks on the shared harness (block.mjs), its
// tables and charts. Each block's wasm paths in a fresh instance of their
// module.
//
// Sizes: gzipBytes comes from the browser's CompressionStream, which has no
// compression level, so browser rows carry no gzip9Bytes.

import { TupleDataset, selectSteps } from './dataset.mjs';
import { isJsonBaseline } from '../../harness/json-baseline.mjs';
import { createWasmPath, pathLabel } from '../../harness/paths.mjs';
import { createPeerPath, findPeer } from '../../harness/peers.mjs';
import { BLOCK_UNIT, measureTupleBlock } from './block.mjs';

export { protocolSchema, rowSchema } from './rows.mjs';

/** How the page's block tables name a block and show a median (web/src/block-results.mjs). */
export const blockUnit = BLOCK_UNIT;
import { PLACE, instantiateCodec, yieldToBrowser } from '../../../web/src/runtime.mjs';
import {
  CLEANLINESS_LEGEND,
  TABLE_LEGEND,
  baselineOf,
  renderCleanliness,
  renderTables,
} from './page-tables.mjs';

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

/** What the units of a run are made from: the payload sizes between the bounds. */
export const blockPlan = (options) => ({ steps: selectSteps(options) });

/** What a block holds and measures (the planner's: src/harness/plan.mjs). */
export { pathJob, pathReferences, references, units } from './block.mjs';

/**
 * One block process (docs/design.md#blocks), of the page's run or a browser
 * context of bench:web's: the block job measured in this page, resolving to
 * its rows. options: the job, and { modules (this workload's, from the
 * bundle), facts, protoText, signal }.
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

/**
 * Aligned series: x = the JSON sizes in MB, then one array per path with
 * `valueOf(row, baselineRow)` at each size (null where missing), where
 * baselineRow is the JSON row of the row's own batch (baselineOf). The JSON
 * baseline's own series is the median of its batches.
 */
function seriesData(rows, valueOf) {
  const okRows = rows.filter((row) => row.status === 'ok');
  const steps = [...new Set(okRows.map((row) => row.step))].sort((a, b) => a - b);
  const sizeOfStep = new Map(okRows.map((row) => [row.step, row.jsonMB]));
  const baselinesAt = new Map(steps.map((step) => [step, []]));
  for (const row of okRows) if (isJsonBaseline(row)) baselinesAt.get(row.step).push(row);
  const paths = new Map();
  for (const row of okRows) {
    const label = pathLabel(row);
    if (!paths.has(label)) paths.set(label, { row, values: new Map() });
    const baselines = baselinesAt.get(row.step);
    const baseline = baselineOf(isJsonBaseline(row) ? { batch: undefined } : row, baselines);
    const value = valueOf(isJsonBaseline(row) ? baseline : row, baseline);
    // Log scales: a zero or negative value (a coarse clock) cannot be drawn.
    if (Number.isFinite(value) && value > 0) paths.get(label).values.set(row.step, value);
  }
  const x = steps.map((step) => sizeOfStep.get(step));
  const series = [...paths.entries()]
    .filter(([, { values }]) => values.size > 0)
    .map(([label, { row, values }]) => ({
      label,
      row,
      values: steps.map((step) => values.get(step) ?? null),
    }));
  return { x, series };
}

function drawCharts(charts, rows, operation) {
  const time = seriesData(rows, (row) => row[operation].median);
  if (time.x.length === 0) return;
  charts.draw('time', { title: `${operation}: median time`, yLabel: 'ms', ...time });
  // The baseline is the flat line at 1.
  const ratio = seriesData(rows, (row, baseline) =>
    isJsonBaseline(row) ? 1 : baseline && baseline[operation].median / row[operation].median,
  );
  if (ratio.x.length === 0) return;
  charts.draw('ratio', {
    title: `${operation}: speed vs JSON (x faster)`,
    yLabel: 'JSON time / time',
    ...ratio,
  });
}

/** Tables (one per size), what decode returns (the extra section), and the charts of `operation`. */
export function render({ tables, extra, charts, operation }, rows) {
  renderTables(tables, rows);
  renderCleanliness(extra, rows);
  charts.clear();
  drawCharts(charts, rows, operation);
}
