// The documents workload in a child process of bench:node (node/child.mjs):
// one (codec, strategy) of wasm or of the Node-API addon (job.addon), or one pure-JS peer, on the data sets it is given
// (one per child in a run): the JSON baseline first, then the subject, in
// this process. Messages: 'ready', { type: 'progress', unit }, 'row', 'done'.
// ctx: { place, send, environment(), importModule(file), readText(file) }.

import { createJsonDocumentPaths } from '../../harness/json-baseline.mjs';
import { sink } from '../../harness/measure.mjs';
import { makeDataset } from './datasets.mjs';
import { measureDocument, peerDocumentPath } from './measure.mjs';
import { failedDocumentRow, notApplicableRow } from './rows.mjs';

async function loadSubject(job, ctx) {
  if (job.peer !== undefined) {
    const registry = await ctx.importModule(job.peerRegistry);
    const peer = registry.findDocumentPeer(job.peer);
    if (!peer) throw new Error(`no peer '${job.peer}' in ${job.peerRegistry}`);
    const path = await registry.createPeerDocumentPath(peer);
    return { library: path.library, forDataset: (dataset) => peerDocumentPath(path, dataset) };
  }
  if (job.addon) {
    // The same C++ behind Node-API (addon-documents.mjs): its rows say place node-addon.
    const { loadAddon } = await import('../../../node/load-addon.mjs');
    const { createAddonDocumentCodec, createAddonDocumentPath } = await import('./addon-documents.mjs');
    const path = createAddonDocumentPath(createAddonDocumentCodec(loadAddon(), job.codec), job.strategy);
    return { library: path.library, forDataset: () => path };
  }
  const loader = await ctx.importModule(job.loader);
  const { createWasmDocumentPath } = await import('./wasm-documents.mjs');
  const codec = await loader.loadWasmCodec(job.codec, { buildDir: job.buildDir, workload: 'documents' });
  const path = createWasmDocumentPath(codec, job.strategy);
  return { library: path.library, forDataset: () => path };
}

/** Measures one job and sends its rows, then 'done'. */
export async function measureJob(job, ctx) {
  const { send, place } = ctx;
  let subject;
  try {
    subject = await loadSubject(job, ctx);
  } catch (error) {
    const reason = `load: ${error?.message ?? error}`;
    for (const dataset of job.datasets) {
      await send({
        type: 'row',
        row: failedDocumentRow(job.subject, { place, batch: job.batch, dataset }, reason),
      });
    }
    await send({ type: 'done', end: 'load-failed', error: reason });
    return;
  }
  await send({ type: 'ready', library: subject.library });
  const env = ctx.environment({ limits: false });
  for (const dataset of job.datasets) {
    await send({ type: 'progress', unit: dataset });
    const value = makeDataset(dataset);
    const context = {
      place,
      batch: job.batch,
      dataset,
      value,
      warmup: job.warmup,
      repetitions: job.repetitions,
      env,
    };
    for (const baseline of createJsonDocumentPaths(job)) {
      await send({ type: 'row', row: await measureDocument(peerDocumentPath(baseline, dataset), context) });
    }
    let path;
    try {
      path = subject.forDataset(dataset);
    } catch (error) {
      await send({ type: 'row', row: notApplicableRow(job.subject, context, error) });
      continue;
    }
    await send({ type: 'row', row: await measureDocument(path, context) });
  }
  await send({ type: 'done', sink: sink() });
}
