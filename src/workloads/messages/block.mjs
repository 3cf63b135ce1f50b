// One process (or browser context) of a messages block (docs/design.md#blocks):
// every member of the block on one record, round by round, each round one
// calibrated repetition of calls per member and operation
// (src/harness/block.mjs, message-measure.mjs messageMember). Browser-safe:
// bench:node's child and the page give it their own way of loading a path.

import { measureBlockJobMembers } from '../../harness/block.mjs';
import { compressorFor, withMessageCompression } from '../../harness/compressed-path.mjs';
import { formatOpsPerSec } from '../../harness/format.mjs';
import { createJsonMessagePath } from '../../harness/json-baseline.mjs';
import { failedMessageRow, messageMember, notApplicableMessageRow } from '../../harness/message-measure.mjs';

/** How a block's tables (console and page) name the block and show a median. */
export const BLOCK_UNIT = Object.freeze({
  title: (row) => `record "${row.record}" (${row.jsonBytes} B of JSON)`,
  value: formatOpsPerSec,
  valueName: 'ops/s',
});

/**
 * Measures the block job { block, process, batch, record, members, rounds,
 * offset, warmup, minRepMs } and resolves to its rows. `loadPath(spec)`
 * makes the message path of a member that is not the JSON baseline (spec: {
 * codec, strategy, addon? } or { peer }). A member that cannot load fails;
 * a record it does not offer is n/a.
 */
export async function measureMessageBlock(job, { place, loadPath, env, onMember = () => {} }) {
  const where = { place, record: job.record, batch: job.batch };
  const extra = { block: job.block, process: job.process };
  const members = [];
  const rows = [];
  for (const spec of job.members) {
    await onMember(spec);
    let path;
    try {
      path = spec.reference ? createJsonMessagePath() : await loadPath(spec);
      // A compressed member (docs/design.md#compression), per call: a synchronous compressor.
      if (spec.compression) path = withMessageCompression(path, compressorFor(spec.compression, env));
    } catch (error) {
      rows.push({ ...failedMessageRow(spec.subject, where, `load: ${error?.message ?? error}`), ...extra });
      continue;
    }
    const notApplicable = path.notApplicable?.(job.record);
    if (notApplicable) {
      rows.push({ ...notApplicableMessageRow(path, where, notApplicable), ...extra });
      continue;
    }
    members.push(messageMember(path, { ...where, extra, minRepMs: job.minRepMs, env }));
  }
  // Each member already ran round trips for a while in its prepare step: the
  // rounds' warm-up is the job's count of repetitions alone.
  return [...rows, ...(await measureBlockJobMembers(members, job, env, { minWarmupMs: 0 }))];
}
