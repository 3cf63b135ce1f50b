// One process (or browser context) of a messages block (docs/design.md#blocks):
// every member of the block on one record, round by round, each round one
// calibrated repetition of calls per member and operation
// (src/harness/block.mjs, measure.mjs messageMember). Browser-safe:
// bench:node's child and the page give it their own way of loading a path.

import { measureBlockJobMembers } from '../../harness/block.mjs';
import { compressedMembers, compressorFor, withMessageCompression } from '../../harness/compressed-path.mjs';
import { formatOpsPerSec } from '../../harness/format.mjs';
import { createJsonBaselinePath } from '../../harness/json-baseline.mjs';
import { createJsonMessagePath } from './json-path.mjs';
import {
  MESSAGE_OPERATIONS,
  boundaryShare,
  emptyCallMember,
  failedMessageRow,
  floorMember,
  messageMember,
  notApplicableMessageRow,
} from './measure.mjs';
import { blockReference, withBuildOf } from '../../harness/rows.mjs';

/** How a block's tables (console and page) name the block and show a median. */
export const BLOCK_UNIT = Object.freeze({
  title: (row) => `record "${row.record}" (${row.jsonBytes} B of JSON)`,
  value: formatOpsPerSec,
  valueName: 'ops/s',
});

/** The answer's references: the JSON baseline. */
export const references = [blockReference('json', createJsonBaselinePath())];

/** A path's own references: the JSON baseline. */
export const pathReferences = () => references;

/** A path's own block times the round trip too, and a C++ path's floor beside it. */
export const pathJob = { operations: [...MESSAGE_OPERATIONS], floors: true };

/** ...and in the path's last record, its module's empty call. */
export const lastPathJob = { emptyCall: true };

/** The compression stage per call (docs/design.md#compression): node:zlib's synchronous compressors. */
export const compress = (members, compression) => compressedMembers(members, compression);

/** The run header's protocol fields of this workload (bench:node's and the page's). */
export function protocolFields(options) {
  return { records: options.records, minRepMs: options.minRepMs };
}

/** The units of the run: one block per record. */
export function units(options, plan, place) {
  return options.records.map((record) => ({
    key: `messages@${record}`,
    label: `record ${record}`,
    job: { record },
    failedRow: (path, reason, batch) => failedMessageRow(path, { place, record, batch }, reason),
  }));
}

/**
 * Measures the block job { block, process, batch, record, members, rounds,
 * offset, warmup, minRepMs, operations?, floors?, emptyCall? } and resolves
 * to its rows. `loadPath(spec)` resolves to { subject (the message path),
 * wasm? ({ codec, strategy } of a C++ path) } of a member that is not the
 * JSON baseline (spec: { codec, strategy, addon? } or { peer }). A member
 * that cannot load fails; a record it does not offer is n/a. `operations`:
 * what the paths time (default encode and decode); with `floors`, each C++
 * path's floor follows it, its row's boundaryShare from the two; with
 * `emptyCall`, each module's empty call comes last.
 */
export async function measureMessageBlock(job, { place, loadPath, env, onMember = () => {} }) {
  const where = { place, record: job.record, batch: job.batch };
  const extra = { block: job.block, process: job.process };
  const timing = { ...where, extra, minRepMs: job.minRepMs, env };
  const members = [];
  const floors = [];
  const emptyCalls = [];
  const rows = [];
  for (const spec of job.members) {
    await onMember(spec);
    let loaded;
    try {
      loaded = spec.reference ? { subject: createJsonMessagePath() } : await loadPath(spec);
      // A compressed member (docs/design.md#compression), per call: a synchronous compressor.
      if (spec.compression)
        loaded = { subject: withMessageCompression(loaded.subject, compressorFor(spec.compression, env)) };
    } catch (error) {
      rows.push({ ...failedMessageRow(spec.subject, where, `load: ${error?.message ?? error}`), ...extra });
      continue;
    }
    const { wasm } = loaded;
    const subject = withBuildOf(spec, loaded.subject);
    // The module's own members (its empty call, its floor) name its build as its path does.
    const ofBuild = (member) => (withBuildOf(spec, member.path), member);
    if (wasm && job.emptyCall) emptyCalls.push(ofBuild(emptyCallMember(wasm.codec, timing)));
    const notApplicable = subject.notApplicable?.(job.record);
    if (notApplicable) {
      rows.push({ ...notApplicableMessageRow(subject, where, notApplicable), ...extra });
      continue;
    }
    const member = messageMember(subject, {
      ...timing,
      ...(job.operations && { operations: job.operations }),
    });
    members.push(member);
    if (wasm && job.floors) {
      const floor = ofBuild(floorMember(wasm.codec, wasm.strategy, { ...timing, encodedOf: member.encoded }));
      members.push(floor);
      floors.push([member, floor]);
    }
  }
  // Each member already ran round trips for a while in its prepare step: the
  // rounds' warm-up is the job's count of repetitions alone.
  const all = [...members, ...emptyCalls];
  const measured = await measureBlockJobMembers(all, job, env, { minWarmupMs: 0 });
  for (const [member, floor] of floors) {
    const pathRow = measured[all.indexOf(member)];
    const share = boundaryShare(pathRow, measured[all.indexOf(floor)]);
    if (share) pathRow.boundaryShare = share;
  }
  return [...rows, ...measured];
}
