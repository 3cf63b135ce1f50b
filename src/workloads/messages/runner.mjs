// The messages workload's part of bench:node (node/bench.mjs): single small
// records, operations per second per record (docs/design.md#protocol); its
// paths and units (records) as the planner takes them (src/harness/plan.mjs).

import { join } from 'node:path';
import { addonCodecsOf } from '../../addon/load-addon.mjs';
import { REPO_ROOT } from '../../build-dirs.mjs';
import { addonStrategiesOf } from '../../catalog.mjs';
import { resultsText } from '../../report/results-tables.mjs';
import { verdictOptionsOf } from '../../harness/block-verdicts.mjs';
import { committedSets, runnerPaths } from '../../harness/fastest-sets.mjs';
import { view } from './view.mjs';

/** By default, the peers that take part in this workload. */
export { takesPeer } from './measure.mjs';

/** Every path of the run, in this order: wasm, the addon, peers (plan.mjs runPaths). */
export function paths(options, peers, registry) {
  const addon = {
    codecs: addonCodecsOf(options, 'messages'),
    strategies: options.addonStrategies ?? addonStrategiesOf('messages'),
  };
  return runnerPaths(options, { peers, registry, addon });
}

/**
 * A block run's libraries when --peers names none, each operation's set
 * and the C++ contenders (fastest-sets.mjs, contenders.json).
 */
export const { blockPeers, fastestSets, contenders } = committedSets(
  new URL('./contenders.json', import.meta.url),
);

/** How the block verdicts of this workload read its rows (operations per second). */
export const verdictOptions = verdictOptionsOf('messages');

// What a block of this workload holds and measures (browser-safe: the page plans with it too).
export {
  compress,
  lastPathJob,
  pathJob,
  pathReferences,
  protocolFields,
  references,
  units,
} from './block.mjs';

/** The fields every child needs beside its block: the protobuf libraries read the schema's text. */
export function jobFields(options) {
  return { minRepMs: options.minRepMs, messagesProtoFile: join(REPO_ROOT, 'proto', 'messages.proto') };
}

/** The console output at the end of a run. */
export function render(rows, run) {
  return resultsText(rows, run, view);
}

/** How many rows failed (n/a is not a failure). */
export const failedCount = (rows) => rows.filter((row) => row.status === 'failed').length;
