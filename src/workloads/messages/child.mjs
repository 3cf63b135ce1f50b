// The messages workload in a child process of bench:node (node/child.mjs):
// one process of a block (job.members: docs/design.md#blocks), every member
// ({ codec, strategy [, addon: true] }, { peer } or the JSON baseline) on one
// record (block.mjs). Messages: { type: 'progress', record, unit }.
// ctx: { place, send, environment({ limits }), importModule(file), readText(file) }.

import { measureMessageBlock } from './block.mjs';
import { createPeerMessagePath, createWasmMessagePath } from './measure.mjs';

async function loadMessageSubject(job, ctx) {
  if (job.peer !== undefined) {
    const registry = await ctx.importModule(job.peerRegistry);
    const peer = registry.findPeer(job.peer);
    if (!peer) throw new Error(`no peer '${job.peer}' in ${job.peerRegistry}`);
    if (typeof registry.loadPeerPath !== 'function')
      throw new Error(`${job.peerRegistry} has no loadPeerPath()`);
    let messagesProtoText;
    try {
      messagesProtoText = ctx.readText(job.messagesProtoFile);
    } catch {
      // Only the protobuf peers need it; they say so when it is missing.
    }
    return { subject: await createPeerMessagePath(peer, { messagesProtoText }, registry) };
  }
  if (job.addon) {
    // The same C++ behind Node-API (addon-messages.mjs): its rows say place node-addon.
    const { loadAddon } = await import('../../addon/load-addon.mjs');
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

/** One process of a block: resolves to its rows (node/child.mjs sends them when the block is done). */
export function measureJob(job, ctx) {
  const env = ctx.environment({ limits: false });
  return measureMessageBlock(job, {
    place: ctx.place,
    // compressor: the place's own (bench:node: node:zlib) for compressed members.
    env: { now: env.now, gc: env.gc, compressor: env.compressor, onFirstCall: env.onFirstCall },
    loadPath: (spec) => loadMessageSubject({ ...job, ...spec }, ctx),
    onMember: (spec) => ctx.send({ type: 'progress', record: job.record, unit: spec.label }),
  });
}
