// One process (or browser context) of a documents block (docs/design.md#blocks):
// every member of the block on one data set, round by round
// (src/harness/block.mjs). Browser-safe: bench:node's child and the page give
// it their own way of loading a path and a data set.

import { measureBlockJobMembers } from '../../harness/block.mjs';
import { compressedPath } from '../../harness/compressed-path.mjs';
import { createDocumentsFloorPath } from '../../harness/documents-floor.mjs';
import { formatBytes, formatMs } from '../../harness/format.mjs';
import { createJsonDocumentPath } from '../../harness/json-baseline.mjs';
import { documentMember, peerDocumentPath } from './measure.mjs';
import { failedDocumentRow, notApplicableRow } from './rows.mjs';

/** How a block's tables (console and page) name the block and show a median. */
export const BLOCK_UNIT = Object.freeze({
  title: (row) => `${row.dataset} (${formatBytes(row.jsonBytes)} of JSON)`,
  value: formatMs,
  valueName: 'ms',
});

// The references a block names: the JSON baseline and the documents floor,
// each made for the data set.
const BLOCK_REFERENCES = {
  json: () => ({ forDataset: (dataset) => peerDocumentPath(createJsonDocumentPath(), dataset) }),
  floor: () => ({ forDataset: () => createDocumentsFloorPath() }),
};

/**
 * Measures the block job { block, process, batch, dataset, members, rounds,
 * offset, warmup, sizes } and resolves to its rows. `loadDataset()` gives
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
    members.push(
      documentMember(path, {
        ...where,
        value,
        extra,
        env,
        sizes: job.sizes,
        ...(spec.operations && { operations: spec.operations }),
      }),
    );
  }
  const measured = await measureBlockJobMembers(members, job, env);
  return [...rows, ...measured];
}
