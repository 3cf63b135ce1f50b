// One process (or browser context) of a tuple block (docs/design.md#blocks):
// every member of the block on the payload of one size, round by round
// (src/harness/block.mjs). Browser-safe: bench:node's child and the page
// give it their own way of loading a member's path.

import { measureBlockJobMembers } from '../../harness/block.mjs';
import { compressedMembers, compressedPath } from '../../harness/compressed-path.mjs';
import { formatBytes, formatMs } from '../../harness/format.mjs';
import { createJsonBaselinePath, createJsonUtf8BaselinePath } from '../../harness/json-baseline.mjs';
import { expectationOf, failedRow, pathMember } from '../../harness/payload-measure.mjs';
import { createObjectFloorPath } from '../../harness/object-floor.mjs';
import { blockReference, withBuildOf } from '../../harness/rows.mjs';
import { UsageError } from '../../options/table.mjs';
import { TupleDataset, selectSteps } from './dataset.mjs';

/** How a block's tables (console and page) name the block and show a median. */
export const BLOCK_UNIT = Object.freeze({
  title: (row) => `${formatBytes(row.jsonBytes)} (${row.items.toLocaleString('en-US')} items)`,
  value: formatMs,
  valueName: 'ms',
});

/** The references a block names: the JSON baseline (on strings, and on bytes) and the object floor. */
export const BLOCK_REFERENCES = {
  json: createJsonBaselinePath,
  jsonUtf8: createJsonUtf8BaselinePath,
  floor: createObjectFloorPath,
};

/**
 * The block plan (src/harness/plan.mjs blockPlanOf): the payload sizes
 * between the bounds, { steps } (none with --limits, which grows each path
 * itself); a UsageError when no step lies between them.
 */
export function blockPlan(options) {
  if (options.limits) return { steps: [] };
  const steps = selectSteps(options);
  if (steps.length === 0) {
    throw new UsageError(
      `no growth step between --min-mb ${options.minMB} and --max-mb ${options.maxMB} (accepted: a wider range)`,
    );
  }
  return { steps };
}

/** The run header's protocol fields of this workload (bench:node's and the page's). */
export function protocolFields(options) {
  return { minMB: options.minMB, maxMB: options.maxMB, stepsPerDecade: options.perDecade };
}

/** The units of the run: one block per payload size. */
export function units(options, { steps }, place) {
  return steps.map((step) => ({
    key: `tuples@${step.index}`,
    label: formatBytes(step.jsonBytes),
    job: { step },
    failedRow: (path, reason, batch) => failedRow(path, { place, step, batch }, reason),
  }));
}

/**
 * The tuple dataset at each wanted step, smallest first: `steps` holds step
 * indexes or step objects ({ index, ... } as selectSteps returns them),
 * ascending. Yields { step, items }; `items` grows in place, so use it
 * before the next iteration.
 */
export function* datasetAtSteps(steps) {
  const dataset = new TupleDataset();
  for (const wanted of steps) {
    const index = typeof wanted === 'number' ? wanted : wanted.index;
    if (index < dataset.index) throw new Error(`steps must ascend: ${index} after ${dataset.index}`);
    while (dataset.index < index) dataset.grow();
    yield { step: dataset.step(), items: dataset.items };
  }
}

/** The answer's references: the JSON baseline and the object floor. */
export const references = [
  blockReference('json', createJsonBaselinePath()),
  blockReference('floor', createObjectFloorPath()),
];

/** A path's own references: the JSON baseline (and on bytes, for a JSON-text codec) and the object floor. */
export function pathReferences({ jsonText = false }) {
  return [
    references[0],
    ...(jsonText ? [blockReference('jsonUtf8', createJsonUtf8BaselinePath())] : []),
    references[1],
  ];
}

/** A path's own block measures what each path keeps alive too (its row's memory). */
export const pathJob = { memory: true };

/**
 * Which members of a tuple block compress in their wasm module
 * (docs/design.md#compression): the typed path of a wasm codec, which runs
 * on the lean module (src/wasm/compress_calls.h).
 */
export const compressesInModule = (member) =>
  member.codec !== undefined && !member.addon && member.strategy === 'typed';

/** The members with the compression stage. */
export const compress = (members, compression) => compressedMembers(members, compression, compressesInModule);

/**
 * Measures the block job { block, process, batch, step, members, rounds,
 * offset, warmup, sizes, memory? } and resolves to its rows (with `memory`,
 * what each member keeps alive). `loadPath(spec)` makes
 * the path of a member that is not a reference (spec: { codec, strategy,
 * addon? } or { peer }); a member it cannot make has a failed row and the
 * others go on. `onMember(spec)` is told before each member is loaded.
 */
export async function measureTupleBlock(job, { place, loadPath, env, onMember = () => {} }) {
  const [{ step, items }] = datasetAtSteps([job.step]);
  const expected = expectationOf(items);
  const where = { place, step, batch: job.batch };
  const extra = { block: job.block, process: job.process };
  const members = [];
  const rows = [];
  for (const spec of job.members) {
    await onMember(spec, step);
    try {
      const plain = spec.reference ? BLOCK_REFERENCES[spec.reference]() : await loadPath(spec);
      // A compressed member (docs/design.md#compression): the path through its compressor.
      const path = withBuildOf(spec, spec.compression ? compressedPath(plain, spec.compression, env) : plain);
      members.push(
        pathMember(path, {
          ...where,
          items,
          expected,
          extra,
          env,
          sizes: job.sizes,
          heapGrowth: Boolean(job.memory),
          ...(spec.operations && { operations: spec.operations }),
        }),
      );
    } catch (error) {
      rows.push({ ...failedRow(spec.subject, where, `load: ${error?.message ?? error}`), ...extra });
    }
  }
  const measured = await measureBlockJobMembers(members, job, env);
  return [...rows, ...measured];
}
