// The messages workload in a child process of bench:node (node/child.mjs):
// { codec, strategy [, addon: true] } or { peer }, plus { records, minRepMs, warmup,
// repetitions, messagesProtoFile, ... }: the JSON baseline, the subject and
// (wasm) its floors, record by record (src/harness/message-batch.mjs
// measureMessageBatch); or one process of a block (job.members:
// docs/design.md#blocks), every member on one record. Messages: 'ready', { type: 'progress', record,
// recordNumber, recordCount }, 'row', 'done'.
// ctx: { place, send, environment({ limits }), importModule(file), readText(file) }.

import * as jsonBaseline from '../../harness/json-baseline.mjs';
import { measureMessageBlock } from './block.mjs';
import { measureMessageBatch } from '../../harness/message-batch.mjs';
import { createWasmMessagePath, failedMessageRow, messageSink } from '../../harness/message-measure.mjs';

// The JSON baseline of the messages workload (json-baseline.mjs), looked up
// by name so the tuple workload runs whether or not it exists.
function loadJsonMessagePath() {
  if (typeof jsonBaseline.createJsonMessagePath !== 'function') {
    throw new Error('src/harness/json-baseline.mjs has no createJsonMessagePath()');
  }
  return jsonBaseline.createJsonMessagePath();
}

async function loadMessageSubject(job, ctx) {
  if (job.peer !== undefined) {
    const registry = await ctx.importModule(job.peerRegistry);
    const peer = registry.findPeer(job.peer);
    if (!peer) throw new Error(`no peer '${job.peer}' in ${job.peerRegistry}`);
    if (typeof registry.createPeerMessagePath !== 'function') {
      throw new Error(`${job.peerRegistry} has no createPeerMessagePath()`);
    }
    let messagesProtoText;
    try {
      messagesProtoText = ctx.readText(job.messagesProtoFile);
    } catch {
      // Only the protobuf peers need it; they say so when it is missing.
    }
    return { subject: await registry.createPeerMessagePath(peer, { messagesProtoText }) };
  }
  if (job.addon) {
    // The same C++ behind Node-API (addon-messages.mjs): its rows say place node-addon.
    const { loadAddon } = await import('../../../node/load-addon.mjs');
    const { createAddonMessageCodec } = await import('./addon-messages.mjs');
    const codec = createAddonMessageCodec(loadAddon(), job.codec);
    return { subject: createWasmMessagePath(codec, job.strategy), wasm: { codec, strategy: job.strategy } };
  }
  const loader = await ctx.importModule(job.loader);
  const codec = await loader.loadWasmCodec(job.codec, { buildDir: job.buildDir, workload: 'messages' });
  if (!codec.messages) {
    throw new Error(
      `${job.codec}: the module has no message codec (no messages exports in this build; raw never has one)`,
    );
  }
  return { subject: createWasmMessagePath(codec, job.strategy), wasm: { codec, strategy: job.strategy } };
}

/** One process of a block: its rows go to the parent when the block is done. */
async function measureBlockJob(job, ctx) {
  const env = ctx.environment({ limits: false });
  const rows = await measureMessageBlock(job, {
    place: ctx.place,
    // compressor: the place's own (bench:node: node:zlib) for compressed members.
    env: { now: env.now, gc: env.gc, compressor: env.compressor },
    loadPath: async (spec) => (await loadMessageSubject({ ...job, ...spec }, ctx)).subject,
    onMember: (spec) => ctx.send({ type: 'progress', record: job.record, unit: spec.label }),
  });
  for (const row of rows) await ctx.send({ type: 'row', row });
}

/** Measures one job and sends its rows, then 'done'. */
export async function measureJob(job, ctx) {
  const { send, place: PLACE } = ctx;
  if (job.members) {
    await measureBlockJob(job, ctx);
    await send({ type: 'done', sink: messageSink() });
    return;
  }
  const context = { place: PLACE, batch: job.batch };
  let loaded;
  try {
    loaded = await loadMessageSubject(job, ctx);
  } catch (error) {
    const reason = `load: ${error?.message ?? error}`;
    for (const record of job.records) {
      await send({ type: 'row', row: failedMessageRow(job.subject, { ...context, record }, reason) });
    }
    await send({ type: 'done', end: 'load-failed', error: reason });
    return;
  }
  let baseline;
  let baselineError;
  try {
    baseline = loadJsonMessagePath();
  } catch (error) {
    baselineError = `load: ${error?.message ?? error}`;
  }
  await send({ type: 'ready', library: loaded.subject.library });
  const env = ctx.environment({ limits: false });
  await measureMessageBatch({
    baseline,
    subject: loaded.subject,
    wasm: loaded.wasm,
    records: job.records,
    place: PLACE,
    batch: job.batch,
    minRepMs: job.minRepMs,
    warmup: job.warmup,
    repetitions: job.repetitions,
    env: { now: env.now, gc: env.gc },
    onProgress: async ({ record, recordNumber, recordCount }) => {
      await send({ type: 'progress', record, recordNumber, recordCount });
      if (baselineError) {
        const row = failedMessageRow(job.baselineSubject, { ...context, record }, baselineError);
        await send({ type: 'row', row });
      }
    },
    onRow: (row) => send({ type: 'row', row }),
  });
  await send({ type: 'done', sink: messageSink() });
}
