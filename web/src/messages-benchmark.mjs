// The page's run of the `messages` workload, on the shared harness
// (src/harness/message-measure.mjs, the same measurement as the Node
// runner): the JSON baseline first, then each (codec, strategy) in a fresh
// instance of its wasm module (the page's stand-in for a fresh Node process)
// with its floors and the module's empty call, then each pure-JS peer that
// runs in a browser, record by record. Rows are handed out as they are
// measured, so a stopped run keeps what it has.

import { createJsonMessagePath } from '../../src/harness/json-baseline.mjs';
import {
  createWasmMessagePath,
  failedMessageRow,
  measureMessageBatch,
} from '../../src/harness/message-measure.mjs';
import { MESSAGE_NAMES } from '../../src/harness/messages.mjs';
import { createPeerMessagePath, findPeer, peerMeta } from '../../src/harness/peers.mjs';
import { PLACE, instantiateCodec, yieldToBrowser } from './benchmark.mjs';

/** The interop strategies the messages workload offers (typed is for arrays of tuples). */
export const MESSAGE_STRATEGIES = Object.freeze(['val', 'embind']);
/**
 * The codecs with a message codec (node/cli.mjs MESSAGE_CODECS, which the
 * page cannot import): raw is a memcpy of fixed-size items, no format for
 * records; the per-call floor stands for it.
 */
export const MESSAGE_CODECS = Object.freeze(['json', 'msgpack', 'protobuf', 'flatbuffers']);
export { MESSAGE_NAMES };

/** The batch label of the JSON baseline's rows (every ratio of the page uses it). */
export const JSON_BATCH = 'json';

/**
 * Runs the messages workload. options: { modules (from the bundle), codecs,
 * strategies (val/embind), peers (names), records, minRepMs, repetitions,
 * warmup, protoText, messagesProtoText, facts, signal, onRow(row),
 * onProgress({ done, total, label, record }) }. Resolves when done; rejects
 * with the signal's reason when stopped.
 */
export async function runMessagesBenchmark(options) {
  const { modules, codecs, records, facts, signal, onRow, onProgress } = options;
  const strategies = options.strategies.filter((strategy) => MESSAGE_STRATEGIES.includes(strategy));
  const peers = options.peers ?? [];
  const env = { gc: facts.gc, pause: yieldToBrowser, signal };
  const timing = {
    place: PLACE,
    minRepMs: options.minRepMs,
    warmup: options.warmup,
    repetitions: options.repetitions,
    env,
  };
  const total = records.length * (1 + codecs.length * strategies.length + peers.length);
  let done = 0;

  const batchOf = async (label, batch) => {
    await measureMessageBatch({
      ...timing,
      ...batch,
      records,
      batch: label,
      onProgress: ({ record }) => onProgress({ done, total, label, record }),
      onRow: (row) => {
        // One unit of progress per path and record (floors come with their path).
        if (row.variant !== 'floor') done += 1;
        onRow(row);
      },
    });
    await yieldToBrowser();
  };

  // A path that cannot be made fails on every record; the run goes on.
  const failEverywhere = (stub, label, error) => {
    for (const record of records) {
      done += 1;
      onRow(failedMessageRow(stub, { place: PLACE, record, batch: label }, error));
    }
    onProgress({ done, total, label, record: records.at(-1) });
  };

  await batchOf(JSON_BATCH, { subject: createJsonMessagePath() });
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
