// The messages workload's part of bench:node (node/bench.mjs): single small
// records, operations per second per record (docs/design.md#protocol); its
// paths and units (records) as the planner takes them (src/harness/plan.mjs).

import { fileURLToPath } from 'node:url';

import { addonAvailable, readNativeCatalog } from '../../../node/load-addon.mjs';
import { ADDON_PLACE, addonStrategiesOf } from '../../catalog.mjs';
import { resultsText } from '../../report/results-tables.mjs';
import { verdictOptionsOf } from '../../harness/block-verdicts.mjs';
import { committedSets, contenderJobs } from '../../harness/fastest-sets.mjs';
import { view } from './view.mjs';

/** By default, the peers that take part in this workload (peers.mjs `messages`). */
export const takesPeer = (peer) => peer.messages !== false;

/** Nothing to plan beyond the options. */
export function plan() {
  return {};
}

/** The header's protocol fields of this workload. */
export function protocolFields(options) {
  return {
    warmup: options.warmup,
    repetitions: options.repetitions,
    records: options.records,
    minRepMs: options.minRepMs,
  };
}

// The wasm loader of a real run; a test's fake loader measures fake
// codecs, beside which the real addon has no place.
const REAL_LOADER = fileURLToPath(new URL('../../../node/load-wasm.mjs', import.meta.url));

/**
 * The codecs of the run the Node-API addon runs too: all of them when the
 * native build has the addon for this workload (node/load-addon.mjs), none
 * with --no-addon (options.addon false) or a fake wasm loader.
 */
function addonCodecs(options) {
  if (options.addon === false || options.loader !== REAL_LOADER || !addonAvailable('messages')) return [];
  const native = readNativeCatalog()?.codecs ?? [];
  const served = new Set(native.filter((entry) => entry.workloads?.includes('messages')).map((e) => e.name));
  return options.codecs.filter((codec) => served.has(codec));
}

/** The addon's jobs: one per codec and addon strategy (catalog addonStrategies). */
function addonJobs(options) {
  return addonCodecs(options).flatMap((codec) =>
    (options.addonStrategies ?? addonStrategiesOf('messages')).map((strategy) => ({
      codec,
      strategy,
      addon: true,
      batch: `${codec}/${strategy} (addon)`,
      subject: { place: ADDON_PLACE, codec, impl: 'cpp', interop: strategy },
    })),
  );
}

/** Every path of the run, in this order: wasm, the addon, peers. */
export function paths(options, peers, registry) {
  return contenderJobs(
    [
      ...options.codecs.flatMap((codec) =>
        options.strategies.map((strategy) => ({
          codec,
          strategy,
          batch: `${codec}/${strategy}`,
          subject: { codec, impl: 'cpp', interop: strategy },
        })),
      ),
      ...addonJobs(options),
      ...peers.map((peer) => ({ peer: peer.name, batch: peer.name, subject: registry.peerMeta(peer) })),
    ],
    options.contenders,
  );
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
export { compress, lastPathJob, pathJob, pathReferences, references, units } from './block.mjs';

/** The fields every child needs beside its block. */
export function jobFields(options) {
  return { minRepMs: options.minRepMs, messagesProtoFile: options.messagesProtoFile };
}

/** The console output at the end of a run. */
export function render(rows, run) {
  return resultsText(rows, run, view);
}

/** Nothing to add to the run header. */
export function prepareRun() {}

/** How many rows failed (n/a is not a failure). */
export const failedCount = (rows) => rows.filter((row) => row.status === 'failed').length;
