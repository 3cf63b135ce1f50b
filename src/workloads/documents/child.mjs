// The documents workload in a child process of bench:node (node/child.mjs):
// one (codec, strategy) of wasm or of the Node-API addon (job.addon), or one pure-JS peer, on the data sets it is given
// (one per child in a run): the JSON baseline first, then the subject, in
// this process; or one process of a block (job.members: docs/design.md#blocks),
// every member on one data set, round by round.
// Messages: 'ready', { type: 'progress', unit }, 'row', 'done'.
// ctx: { place, send, environment(), importModule(file), readText(file) }.
// A user's document (job.documents: { id, file, documentChecksum }) is read
// from its file again here, a fresh value as a built-in set is made afresh.

import { readUserDocumentFile } from '../../../node/user-documents.mjs';
import { compressedPaths } from '../../harness/compressed-path.mjs';
import { createJsonDocumentPaths } from '../../harness/json-baseline.mjs';
import { sink } from '../../harness/measure.mjs';
import { isUserDataset, makeDataset } from './datasets.mjs';
import { measureDocumentBlock } from './block.mjs';
import { measureDocument, peerDocumentPath } from './measure.mjs';
import { failedDocumentRow, notApplicableRow } from './rows.mjs';
import { datasetFieldsIn, userDatasetEntry, userDatasetFields } from './user-documents.mjs';

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

/**
 * The value of data set `dataset` and what names it in a row: { value,
 * entry (what forDataset gets), datasetFields }. Throws for a user's file
 * that cannot be read, or that changed since the run read it first.
 */
function loadDataset(dataset, job) {
  if (!isUserDataset(dataset)) return { value: makeDataset(dataset), entry: dataset, datasetFields: {} };
  const recorded = (job.documents ?? []).find((entry) => entry.id === dataset);
  const read = readUserDocumentFile(recorded.file);
  if (read.documentChecksum !== recorded.documentChecksum)
    throw new Error(
      `${read.fileName}: the file changed since the run started (document checksum ${read.documentChecksum} now, ${recorded.documentChecksum} then)`,
    );
  return {
    value: read.value,
    entry: userDatasetEntry(dataset, read.value),
    datasetFields: userDatasetFields(recorded),
  };
}

/** One process of a block: its rows go to the parent when the block is done. */
async function measureBlockJob(job, ctx) {
  const rows = await measureDocumentBlock(job, {
    place: ctx.place,
    env: ctx.environment({ limits: false }),
    loadDataset: (dataset) => loadDataset(dataset, job),
    loadSubject: (spec) => loadSubject({ ...job, ...spec }, ctx),
    onMember: (spec) => ctx.send({ type: 'progress', unit: spec.label }),
  });
  for (const row of rows) await ctx.send({ type: 'row', row });
}

/** Measures one job and sends its rows, then 'done'. */
export async function measureJob(job, ctx) {
  const { send, place } = ctx;
  if (job.members) {
    await measureBlockJob(job, ctx);
    await send({ type: 'done', sink: sink() });
    return;
  }
  let subject;
  try {
    subject = await loadSubject(job, ctx);
  } catch (error) {
    const reason = `load: ${error?.message ?? error}`;
    for (const dataset of job.datasets) {
      await send({
        type: 'row',
        row: failedDocumentRow(
          job.subject,
          { place, batch: job.batch, dataset, datasetFields: datasetFieldsIn(job.documents, dataset) },
          reason,
        ),
      });
    }
    await send({ type: 'done', end: 'load-failed', error: reason });
    return;
  }
  await send({ type: 'ready', library: subject.library });
  const env = ctx.environment({ limits: false });
  for (const dataset of job.datasets) {
    await send({ type: 'progress', unit: dataset });
    let loaded;
    try {
      loaded = loadDataset(dataset, job);
    } catch (error) {
      const where = {
        place,
        batch: job.batch,
        dataset,
        datasetFields: datasetFieldsIn(job.documents, dataset),
      };
      for (const stub of [...createJsonDocumentPaths(job), job.subject])
        await send({ type: 'row', row: failedDocumentRow(stub, where, error) });
      continue;
    }
    const { value, entry, datasetFields } = loaded;
    const context = {
      place,
      batch: job.batch,
      dataset,
      datasetFields,
      value,
      warmup: job.warmup,
      repetitions: job.repetitions,
      env,
    };
    const baselines = createJsonDocumentPaths(job).map((baseline) => peerDocumentPath(baseline, entry));
    for (const baseline of baselines) {
      await send({ type: 'row', row: await measureDocument(baseline, context) });
    }
    let path;
    try {
      path = subject.forDataset(entry);
    } catch (error) {
      await send({ type: 'row', row: notApplicableRow(job.subject, context, error) });
      continue;
    }
    await send({ type: 'row', row: await measureDocument(path, context) });
    // The compression stage's variants of the baseline and the path (docs/design.md#compression).
    for (const compressed of compressedPaths([...baselines, path], job.compression?.variants, env)) {
      await send({ type: 'row', row: await measureDocument(compressed, context) });
    }
  }
  await send({ type: 'done', sink: sink() });
}
