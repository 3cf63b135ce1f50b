// One process (or browser context) of a documents block (docs/design.md#blocks):
// every member of the block on one data set, round by round
// (src/harness/block.mjs). Browser-safe: bench:node's child and the page give
// it their own way of loading a path and a data set.

import { measureBlockJobMembers } from '../../harness/block.mjs';
import { compressedMembers, compressedPath } from '../../harness/compressed-path.mjs';
import { createDocumentsFloorPath } from './floor.mjs';
import { formatBytes, formatMs } from '../../harness/format.mjs';
import { createJsonDocumentPath, createJsonUtf8DocumentPath } from './json-path.mjs';
import { blockReference, withBuildOf } from '../../harness/rows.mjs';
import { documentMember, peerDocumentPath } from './measure.mjs';
import { failedDocumentRow, notApplicableRow } from './rows.mjs';
import { datasetFieldsIn } from './user-documents.mjs';

/** How a block's tables (console and page) name the block and show a median. */
export const BLOCK_UNIT = Object.freeze({
  title: (row) => `${row.dataset} (${formatBytes(row.jsonBytes)} of JSON)`,
  value: formatMs,
  valueName: 'ms',
});

// The references a block names: the JSON baseline (on strings, and on
// bytes) and the documents floor, each made for the data set.
const BLOCK_REFERENCES = {
  json: () => ({ forDataset: (dataset) => peerDocumentPath(createJsonDocumentPath(), dataset) }),
  jsonUtf8: () => ({ forDataset: (dataset) => peerDocumentPath(createJsonUtf8DocumentPath(), dataset) }),
  floor: () => ({ forDataset: () => createDocumentsFloorPath() }),
};

// The data sets measured: those of the run but a user's document that could not be read.
const datasets = (named, documents) =>
  named.filter((dataset) => !documents.some((entry) => entry.id === dataset && entry.error));

/** The answer's references: the JSON baseline and the documents floor. */
export const references = [
  blockReference('json', createJsonDocumentPath()),
  blockReference('floor', createDocumentsFloorPath()),
];

/** A path's own references: the JSON baseline (and on bytes, for a JSON-text codec). */
export const pathReferences = ({ jsonText = false }) => [
  references[0],
  ...(jsonText ? [blockReference('jsonUtf8', createJsonUtf8DocumentPath())] : []),
];

/** A path's own block measures what each path keeps alive too (its row's memory). */
export const pathJob = { memory: true };

/**
 * The block plan (src/harness/plan.mjs blockPlanOf): the user's documents
 * of the run, read by the runner before it plans (user-option.mjs
 * readRunDocuments; none in the page, whose documents are its data sets).
 */
export const blockPlan = (options) => ({ documents: options.documents ?? [] });

export { takesPeer } from './measure.mjs';

/** The members with the compression stage: no documents module compresses in wasm yet, its C++ paths take the JS compressors. */
export const compress = (members, compression) => compressedMembers(members, compression);

/** The units of the run: one block per data set. */
export function units(options, plan, place) {
  return datasets(options.datasets, plan.documents).map((dataset) => {
    const datasetFields = datasetFieldsIn(plan.documents, dataset);
    return {
      key: `documents@${dataset}`,
      label: dataset,
      job: { dataset },
      failedRow: (path, reason, batch) =>
        failedDocumentRow(path, { place, batch, dataset, datasetFields }, reason),
    };
  });
}

/**
 * Measures the block job { block, process, batch, dataset, members, rounds,
 * offset, warmup, sizes, memory? } and resolves to its rows. `loadDataset()` gives
 * { value, entry, datasetFields } (a user's document's fields too);
 * `loadSubject(spec)` gives { forDataset(entry) -> path } of a member that
 * is not the JSON baseline (spec: { codec, strategy, addon? } or { peer }).
 * A member that cannot load fails; one that cannot hold the data set is n/a.
 */
export async function measureDocumentBlock(
  job,
  { place, loadDataset, loadSubject, env, onMember = () => {} },
) {
  const { value, entry, datasetFields } = await loadDataset(job.dataset);
  const where = { place, batch: job.batch, dataset: job.dataset, datasetFields };
  const extra = { block: job.block, process: job.process };
  const members = [];
  const rows = [];
  for (const spec of job.members) {
    await onMember(spec);
    let subject;
    try {
      subject = spec.reference ? BLOCK_REFERENCES[spec.reference]() : await loadSubject(spec);
    } catch (error) {
      rows.push({ ...failedDocumentRow(spec.subject, where, `load: ${error?.message ?? error}`), ...extra });
      continue;
    }
    let path;
    try {
      path = subject.forDataset(entry);
    } catch (error) {
      rows.push({ ...notApplicableRow(spec.subject, where, error), ...extra });
      continue;
    }
    // A compressed member (docs/design.md#compression): the path through its compressor.
    if (spec.compression) path = compressedPath(path, spec.compression, env);
    withBuildOf(spec, path);
    members.push(
      documentMember(path, {
        ...where,
        value,
        extra,
        env,
        sizes: job.sizes,
        memory: Boolean(job.memory),
        ...(spec.operations && { operations: spec.operations }),
      }),
    );
  }
  const measured = await measureBlockJobMembers(members, job, env);
  return [...rows, ...measured];
}
