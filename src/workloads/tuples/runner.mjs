// The tuple workload's part of bench:node (node/bench.mjs): its paths and
// units (payload sizes) as the planner takes them (src/harness/plan.mjs), the
// protocol fields of its header, --limits (its own growth protocol) and its
// console tables. checkRun() gets ctx: { place, log, UsageError, runChildProcess }
// (and may return the run's options, changed).

import { addonStrategiesOf, pathLabel } from '../../catalog.mjs';
import { createJsonBaselinePath } from '../../harness/json-baseline.mjs';
import { resultsText } from '../../report/results-tables.mjs';
import { viewText } from '../../report/table-view.mjs';
import { verdictOptionsOf } from '../../harness/block-verdicts.mjs';
import { committedSets, runnerPaths } from '../../harness/fastest-sets.mjs';
import { subjectOf } from '../../harness/rows.mjs';
import { runLimitsJob } from './limits.mjs';
import { limitsParts, view } from './view.mjs';
import { addonAvailable, addonCodecsOf, addonFile, readNativeCatalog } from '../../addon/load-addon.mjs';
import { RunError } from '../../run-error.mjs';

/**
 * The codecs of `codecs` that the run measures through the Node-API addon
 * too (src/harness/addon-codec.mjs): [] with --no-addon, or when the native
 * build has no addon for tuples. With the addon strategies of the catalog
 * and, when --strategies asks for it, columnar (as for wasm).
 */
function addonPlan(options) {
  const strategies = [...(options.addonStrategies ?? addonStrategiesOf('tuples'))];
  if (options.strategies.includes('columnar')) strategies.push('columnar');
  return { codecs: addonCodecsOf(options, 'tuples'), strategies };
}

/** Why the run has no addon paths, or null when it has them (or was told not to). */
function missingAddon(options) {
  if (options.addon === false || addonAvailable('tuples')) return null;
  return readNativeCatalog() === null || addonFile() === null
    ? 'the Node-API addon is not built (scripts/build-native.sh native-release builds it)'
    : 'the native build has no addon for the tuple workload';
}

/** What the run needs of this machine before it is planned: the addon, when it runs (else it says why not). */
export function checkRun(options, { log }) {
  const missing = options.limits ? null : missingAddon(options);
  if (missing && process.env.WCB_REQUIRE_BUILDS === '1') {
    throw new RunError(`${missing}, and WCB_REQUIRE_BUILDS=1 requires it (or run with --no-addon)`);
  }
  if (missing) log(`no addon paths: ${missing}`);
}

/** Every path of the run, in this order: wasm, the same C++ through the addon, the libraries. */
export function paths(options, peers, registry, buildInfo) {
  return runnerPaths(options, { peers, registry, buildInfo, addon: addonPlan(options) });
}

// What a block of this workload holds and measures (browser-safe: the page plans with it too).
export { blockPlan, compress, pathJob, pathReferences, protocolFields, references, units } from './block.mjs';

/**
 * A block run's libraries when --peers names none, each operation's set
 * and the C++ contenders (fastest-sets.mjs, contenders.json).
 */
export const { blockPeers, fastestSets, contenders } = committedSets(
  new URL('./contenders.json', import.meta.url),
);

/** How the block verdicts of this workload read its rows (times per payload). */
export const verdictOptions = verdictOptionsOf('tuples');

/**
 * --limits: the JSON baseline, every wasm path and every library, each in
 * its own child grown until it fails (limits.mjs).
 */
export async function runLimits({ options, store, peers, registry, buildInfo, jobFields, log, ...ctx }) {
  const baseline = { baseline: true, subject: subjectOf(createJsonBaselinePath()) };
  baseline.batch = pathLabel(baseline.subject);
  const jobs = [baseline, ...runnerPaths(options, { peers, registry, buildInfo })];
  log(
    `limits: JSON + ${jobs.length - 1 - peers.length} codec/strategy pairs + ${peers.length} JS libraries, each grown from ` +
      `${options.minMB} MB (${options.perDecade || 'every step'} per decade) until it fails or passes ${options.maxMB} MB`,
  );
  for (const [number, path] of jobs.entries()) {
    const job = { ...path, ...jobFields };
    const prefix = `[${number + 1}/${jobs.length}] ${job.batch}`;
    const onStart = (child) => {
      store.setChild(child);
      log(`${prefix}: child process ${child.pid}`);
    };
    await runLimitsJob(job, { ...ctx, log, options, store, prefix, onStart });
  }
}

/** The console output at the end of a run. */
export function render(rows, run, options) {
  if (options.limits) return viewText(limitsParts(run.limits ?? []));
  return resultsText(rows, run, view);
}

/** Prepares the run header of a new or resumed run (--limits keeps its entries). */
export function prepareRun(run, options) {
  if (options.limits) run.limits = [...(run.limits ?? [])];
}

/** How many rows failed (the last log line). */
export const failedCount = (rows) => rows.filter((row) => row.status !== 'ok').length;
