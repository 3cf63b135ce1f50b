// The messages workload in the page (web/src/page.mjs loads it by name): its
// options (records, min ms per repetition), its blocks on the shared harness
// (block.mjs, the same measurement as the Node runner), its tables and
// charts. Each block's wasm paths in a fresh instance of their module.

import { createPeerMessagePath, createWasmMessagePath, takesPeer } from './measure.mjs';
import { findPeer } from '../../harness/peers.mjs';
import { recordSetsOf, recordsOf } from '../../catalog.mjs';
import { PLACE, instantiateCodec, memberModule, yieldToBrowser } from '../../../web/src/runtime.mjs';
import { FLOOR_TABLE_LEGEND, MESSAGE_TABLE_LEGEND } from './view.mjs';
import { measureMessageBlock } from './block.mjs';

export { protocolSchema, rowSchema } from './rows.mjs';

/** What the results view shows of the rows (tables, charts): web/src/results-view.mjs. */
export { view } from './view.mjs';

export const texts = {
  option: 'messages: single records, operations per second',
  sizes: 'Repetitions',
  tables: 'Results per record',
  time: 'Operations per second of every path on each record (log scale); floors are in the tables.',
  ratio:
    'Speed vs JSON: path ops/s / JSON ops/s on the same record (above 1 = faster than JSON.stringify/JSON.parse).',
  legend: `${MESSAGE_TABLE_LEGEND} ${FLOOR_TABLE_LEGEND}`,
};

/** The numeric inputs of the form this workload reads (besides repetitions and warm-up). */
export const inputs = ['minRepMs'];

const ALL_RECORDS = recordsOf('messages', { optional: true });

/** The records a run can pick from, in the checklist; those checked at first; the sets that check theirs. */
export const records = ALL_RECORDS;
export const defaultRecords = recordsOf('messages');
export const recordSets = recordSetsOf('messages');

/** The operations the charts can show. */
export const operations = ['encode', 'decode', 'roundTrip'];

/** A library that takes no part in the messages workload is not offered. */
export const acceptsPeer = takesPeer;

/** The options of this workload from the form (see tuples/page.mjs). */
export function readOptions(read) {
  return {
    records: read.checked('record'),
    minRepMs: read.number('minRepMs', 'Min ms per repetition'),
  };
}

/** Why a run with these options cannot start, or undefined. */
export function refusal(options) {
  return options.records.length === 0 ? 'pick at least one record.' : undefined;
}

/** Where the run is, for the status line. */
export function progressText({ record }) {
  return `on record "${record}"`;
}

/** What a block holds and measures (the planner's: src/harness/plan.mjs). */
export { lastPathJob, pathJob, pathReferences, protocolFields, references, units } from './block.mjs';

/**
 * One block process (docs/design.md#blocks), of the page's run or a browser
 * context of bench:web's: the block job (one record) measured in this page,
 * resolving to its rows. options: the job, and { modules (this workload's,
 * from the bundle), facts, protoText, messagesProtoText, signal }.
 */
export function runBlock({ modules, facts, protoText, messagesProtoText, signal, watch = {}, ...job }) {
  // `watch`: the start-up page's (web/src/startup-page.mjs), told of each member's load and first calls.
  const env = { gc: facts.gc, pause: yieldToBrowser, signal, onFirstCall: watch.onFirstCall };
  const loadPath = async (spec) => {
    if (spec.peer !== undefined) {
      const peer = findPeer(spec.peer);
      if (!peer || !peer.places.includes(PLACE)) throw new Error(`${spec.peer}: not a peer of this page`);
      // createPeerMessagePath refuses a peer that is not part of the messages workload.
      return { subject: await createPeerMessagePath(peer, { protoText, messagesProtoText }) };
    }
    const module = memberModule(modules, spec);
    const codec = await instantiateCodec(module);
    return { subject: createWasmMessagePath(codec, spec.strategy), wasm: { codec, strategy: spec.strategy } };
  };
  return measureMessageBlock(job, { place: PLACE, loadPath, env, onMember: watch.onMember });
}
