// The documents workload in a child process of bench:node (node/child.mjs):
// one process of a block (job.members: docs/design.md#blocks), every member
// (wasm or Node-API addon paths, pure-JS peers, the references) on one data
// set, round by round.
// Messages: { type: 'progress', unit }.
// ctx: { place, send, environment(), importModule(file), readText(file) }.
// A user's document (job.documents: { id, file, documentChecksum }) is read
// from its file again here, a fresh value as a built-in set is made afresh.

import { isUserDataset, makeDataset } from './datasets.mjs';
import { measureDocumentBlock } from './block.mjs';
import { createPeerDocumentPath, peerDocumentPath } from './measure.mjs';
import { readUserDocumentFile } from './user-document-file.mjs';
import { userDatasetEntry, userDatasetFields } from './user-documents.mjs';

async function loadSubject(job, ctx) {
  if (job.peer !== undefined) {
    const registry = await ctx.importModule(job.peerRegistry);
    const peer = registry.findDocumentPeer(job.peer);
    if (!peer) throw new Error(`no peer '${job.peer}' in ${job.peerRegistry}`);
    const path = await createPeerDocumentPath(peer, {}, registry);
    return { library: path.library, forDataset: (dataset) => peerDocumentPath(path, dataset) };
  }
  if (job.addon) {
    // The same C++ behind Node-API (addon-documents.mjs): its rows say place node-addon.
    const { loadAddon } = await import('../../addon/load-addon.mjs');
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

/** One process of a block: resolves to its rows (node/child.mjs sends them when the block is done). */
export function measureJob(job, ctx) {
  return measureDocumentBlock(job, {
    place: ctx.place,
    env: ctx.environment({ limits: false }),
    loadDataset: (dataset) => loadDataset(dataset, job),
    loadSubject: (spec) => loadSubject({ ...job, ...spec }, ctx),
    onMember: (spec) => ctx.send({ type: 'progress', unit: spec.label }),
  });
}
