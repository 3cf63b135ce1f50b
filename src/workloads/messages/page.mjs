// The messages workload in the page (web/src/page.mjs loads it by name): its
// options (records, min ms per repetition), its run on the shared harness
// (src/harness/message-measure.mjs, the same measurement as the Node
// runner), its tables and charts. The run: each (codec, strategy) in a
// fresh instance of its wasm module with its floors and the module's empty
// call, then each pure-JS peer that runs in a browser, record by record,
// with the JSON baseline re-measured beside it on each record (its own
// batch, order alternated by record), so every ratio is one of the same page
// state. Rows are handed out as they are measured, so a stopped run keeps
// what it has.

import { createJsonMessagePath } from '../../harness/json-baseline.mjs';
import { NO_RECORD, measureMessageBatch } from '../../harness/message-batch.mjs';
import { createWasmMessagePath, failedMessageRow } from '../../harness/message-measure.mjs';
import { createPeerMessagePath, findPeer, peerMeta } from '../../harness/peers.mjs';
import { recordSetsOf, recordsOf } from '../../catalog.mjs';
import { PLACE, instantiateCodec, yieldToBrowser } from '../../../web/src/runtime.mjs';
import { FLOOR_TABLE_LEGEND, MESSAGE_TABLE_LEGEND } from './view.mjs';

/** What the results view shows of the rows (tables, charts): web/src/results-view.mjs. */
export { view } from './view.mjs';
import { BLOCK_UNIT, measureMessageBlock } from './block.mjs';

export { protocolSchema, rowSchema } from './rows.mjs';

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
export const acceptsPeer = (peer) => peer.messages !== false;

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

/** The run header's protocol fields of this workload. */
export function protocolFields(options) {
  return { records: options.records, minRepMs: options.minRepMs };
}

/** Where the run is, for the status line. */
export function progressText({ record }) {
  return `on record "${record}"`;
}

/**
 * Runs the messages workload. options: { modules (this workload's, from the
 * bundle), codecs, strategies, peers (names), records, minRepMs,
 * repetitions, warmup, protoText, messagesProtoText, facts, signal,
 * onRow(row), onProgress({ done, total, label, record }) }. Resolves when
 * done; rejects with the signal's reason when stopped.
 */
export async function run(options) {
  const { modules, codecs, strategies, records, facts, signal, onRow, onProgress } = options;
  const peers = options.peers ?? [];
  const env = { gc: facts.gc, pause: yieldToBrowser, signal };
  const timing = {
    place: PLACE,
    minRepMs: options.minRepMs,
    warmup: options.warmup,
    repetitions: options.repetitions,
    env,
  };
  const total = records.length * 2 * (codecs.length * strategies.length + peers.length);
  let done = 0;

  // The path and the JSON baseline on every record, in one batch (the
  // path's label): JSON first on the 1st, 3rd... record, the path first on
  // the others. The module's empty call is measured after each record's
  // call; only the last one is kept, as when the records ran in one call.
  const batchOf = async (label, batch) => {
    const json = createJsonMessagePath();
    for (const [index, record] of records.entries()) {
      const last = index === records.length - 1;
      const measure = (part) =>
        measureMessageBatch({
          ...timing,
          ...part,
          records: [record],
          batch: label,
          onProgress: () => onProgress({ done, total, label, record }),
          onRow: (row) => {
            if (row.record === NO_RECORD && !last) return;
            // One unit of progress per row of a path or the baseline (floors come with their path).
            if (row.variant !== 'floor' && row.record !== NO_RECORD) done += 1;
            onRow(row);
          },
        });
      // jsonSecond: bench:web's context of an odd record, so the order alternates across contexts too.
      if ((index + (options.jsonSecond ? 1 : 0)) % 2 === 0) {
        await measure({ ...batch, baseline: json });
      } else {
        await measure(batch);
        await measure({ subject: json });
      }
    }
    await yieldToBrowser();
  };

  // A path that cannot be made fails on every record; the run goes on.
  const failEverywhere = (stub, label, error) => {
    for (const record of records) {
      done += 2;
      onRow(failedMessageRow(stub, { place: PLACE, record, batch: label }, error));
    }
    onProgress({ done, total, label, record: records.at(-1) });
  };

  for (const codecName of codecs) {
    const module = modules.find((candidate) => candidate.codec === codecName);
    for (const strategy of strategies) {
      signal?.throwIfAborted();
      const label = `${codecName}/${strategy}`;
      let codec;
      let subject;
      try {
        if (!module) throw new Error(`${codecName}: not in this page's wasm build`);
        codec = await instantiateCodec(module);
        subject = createWasmMessagePath(codec, strategy);
      } catch (error) {
        failEverywhere({ codec: codecName, impl: 'cpp', interop: strategy }, label, error);
        continue;
      }
      await batchOf(label, { subject, wasm: { codec, strategy } });
    }
  }
  for (const name of peers) {
    signal?.throwIfAborted();
    const peer = findPeer(name);
    let subject;
    try {
      if (!peer || !peer.places.includes(PLACE)) throw new Error(`${name}: not a peer of this page`);
      // createPeerMessagePath refuses a peer that is not part of the messages workload.
      subject = await createPeerMessagePath(peer, {
        protoText: options.protoText,
        messagesProtoText: options.messagesProtoText,
      });
    } catch (error) {
      const stub = peer ? peerMeta(peer) : { codec: name, impl: 'js', interop: 'js' };
      failEverywhere(stub, name, `load: ${error?.message ?? error}`);
      continue;
    }
    await batchOf(name, { subject });
  }
}

/** How the page's block tables name a block and show a median (src/harness/block-tables.mjs blockParts). */
export const blockUnit = BLOCK_UNIT;

/**
 * One browser context of bench:web's block protocol (docs/design.md#blocks):
 * the block job (one record) measured in this page, resolving to its rows.
 * options: the job, and { modules, facts, protoText, messagesProtoText, signal }.
 */
export function runBlock({ modules, facts, protoText, messagesProtoText, signal, ...job }) {
  const env = { gc: facts.gc, pause: yieldToBrowser, signal };
  const loadPath = async (spec) => {
    if (spec.peer !== undefined) {
      const peer = findPeer(spec.peer);
      if (!peer || !peer.places.includes(PLACE)) throw new Error(`${spec.peer}: not a peer of this page`);
      return createPeerMessagePath(peer, { protoText, messagesProtoText });
    }
    const module = modules.find((candidate) => candidate.codec === spec.codec);
    if (!module) throw new Error(`${spec.codec}: not in this page's wasm build`);
    return createWasmMessagePath(await instantiateCodec(module), spec.strategy);
  };
  return measureMessageBlock(job, { place: PLACE, loadPath, env });
}
