// The tuple workload in a child process of bench:node (node/child.mjs): one
// process of a block (job.members: docs/design.md#blocks), or with --limits
// one (codec, strategy), pure-JS peer or the JSON baseline grown until it fails.
// ctx: { place, send, environment({ limits }), importModule(file), readText(file) }.

import { createJsonBaselinePath } from '../../harness/json-baseline.mjs';
import { servesLean } from '../../harness/lean-codec.mjs';
import { sink } from '../../harness/block.mjs';
import { measurePath } from '../../harness/payload-measure.mjs';
import { createAddonPath, createWasmPath, pathLabel } from '../../harness/paths.mjs';
import { createAddonCodec } from '../../harness/addon-codec.mjs';
import { measureTupleBlock } from './block.mjs';
import { TupleDataset, gridTargets } from './dataset.mjs';

async function loadPeerPath(job, ctx) {
  const registry = await ctx.importModule(job.peerRegistry);
  const peer = registry.findPeer(job.peer);
  if (!peer) throw new Error(`no peer '${job.peer}' in ${job.peerRegistry}`);
  const protoText = ctx.readText(job.protoFile);
  return registry.createPeerPath(peer, { protoText });
}

async function loadPath(job, ctx) {
  if (job.baseline) return createJsonBaselinePath();
  if (job.peer !== undefined) return loadPeerPath(job, ctx);
  if (job.addon) {
    // The native build's Node-API addon (node/load-addon.mjs finds it).
    const { loadAddon } = await import('../../addon/load-addon.mjs');
    return createAddonPath(createAddonCodec(loadAddon(), job.codec), job.strategy);
  }
  const loader = await ctx.importModule(job.loader);
  // The typed and columnar paths run on the codec's lean module when the
  // build has one (src/harness/lean-codec.mjs); a loader without lean
  // modules (a test's) gives the embind one.
  const lean = servesLean(job.strategy)
    ? await loader.loadLeanCodec?.(job.codec, {
        buildDir: job.buildDir,
        // A member compressed in wasm runs on the lean module with zlib in it.
        compress: job.compression?.where === 'wasm',
      })
    : null;
  const codec = lean ?? (await loader.loadWasmCodec(job.codec, { buildDir: job.buildDir }));
  return createWasmPath(codec, job.strategy);
}

/**
 * --limits: grows the dataset on the grid of src/workloads/tuples/dataset.mjs's
 * selectSteps (the same steps a sweep with these bounds selects) and
 * measures `path` at each selected step above `afterStep`, until a row
 * fails or the next selected step would be larger than `maxMB`.
 */
async function measureLimits(path, job, env, { send, place: PLACE }) {
  const { minMB, maxMB, perDecade, afterStep = -1 } = job.limits;
  const dataset = new TupleDataset();
  const lowest = Math.max(minMB, dataset.jsonMB);
  const targets = perDecade > 0 ? gridTargets(lowest, maxMB, perDecade) : [];
  let next = 0;
  let measured = 0;
  for (;;) {
    // Grow to the next selected step: the first at or above the next grid
    // target (every step when perDecade is 0).
    const targetMB = perDecade > 0 ? targets[next] : Math.max(lowest, dataset.jsonMB);
    if (targetMB === undefined || targetMB > maxMB) return 'cap';
    if (dataset.index >= afterStep) await send({ type: 'growing', targetMB });
    try {
      while (dataset.jsonMB < targetMB && dataset.jsonMB <= maxMB) dataset.grow();
    } catch (error) {
      await send({ type: 'grow-failed', targetMB, error: String(error?.message ?? error) });
      return 'failed';
    }
    if (dataset.jsonMB > maxMB) return 'cap';
    const step = dataset.step();
    if (perDecade > 0) while (next < targets.length && targets[next] <= step.jsonMB) next++;
    if (step.index > afterStep) {
      measured += 1;
      await send({ type: 'progress', stepNumber: measured, step, path: pathLabel(path) });
      const row = await measurePath(path, {
        place: PLACE,
        step,
        items: dataset.items,
        warmup: job.warmup,
        repetitions: job.repetitions,
        batch: job.batch,
        env,
      });
      await send({ type: 'row', row });
      if (row.status !== 'ok') return 'failed';
    }
    if (perDecade === 0) dataset.grow();
  }
}

/**
 * Measures one job: a block's process (resolves to its rows, which
 * node/child.mjs sends when the block is done), or --limits (sends its
 * rows as they come, then 'done').
 */
export async function measureJob(job, ctx) {
  const { send } = ctx;
  if (job.members) {
    return measureTupleBlock(job, {
      place: ctx.place,
      env: ctx.environment({ limits: false }),
      loadPath: (spec) => loadPath({ ...job, ...spec }, ctx),
      onMember: (spec, step) => ctx.send({ type: 'progress', step, unit: spec.label }),
    });
  }
  let path;
  try {
    path = await loadPath(job, ctx);
  } catch (error) {
    // Nothing grows: the limit is "none".
    await send({ type: 'done', end: 'load-failed', error: `load: ${error?.message ?? error}` });
    return;
  }
  await send({ type: 'ready', library: path.library });
  const end = await measureLimits(path, job, ctx.environment({ limits: true }), ctx);
  await send({ type: 'done', end, sink: sink() });
}
