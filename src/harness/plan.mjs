// The planner (docs/design.md#blocks): every run of bench:node, bench:web
// and the page is a plan of blocks, made here from the workload's
// description and the options, and run by one block runner (node/blocks.mjs
// in bench:node and bench:web, web/src/run-controls.mjs in the page). The
// default plan is the answer: one block per unit holding the references, the
// C++ contenders and the fastest libraries, in as many processes as the
// stopping rule asks. --sweep is a bigger plan: one block per path and unit
// holding the path and its own references (what a sweep child measured), in
// one process each. Nothing after this file knows which plan it runs.
//
// A workload describes itself (its runner.mjs in Node, its page.mjs in the
// page; the browser-safe parts in its block.mjs) with:
//   blockPlan?(options)  what its units are made from (blockPlanOf)
//   paths(options, peers, registry, buildInfo)  every path of the run: { codec,
//                      strategy, addon?, peer?, batch, subject, jsonText? }
//   units(options, plan, place)  [{ key, label, job, failedRow(path, reason, batch) }]
//   references        the answer's references ({ reference, subject })
//   pathReferences(path)  the references a path's own block holds
//   pathJob?          what a path's own block measures beside the answer's
//                     (memory; a round trip, floors)
//   lastPathJob?      the same, in the block of a path's last unit only
//   compress?(members, compression)  the members with the compression stage
//   blockPeers?, fastestSets?, contenders?, verdictOptions?  (fastest-sets.mjs)
// Browser-safe.

import { ADDON_PLACE, isFloorCodec, pathLabel } from '../catalog.mjs';
import { OPERATIONS } from './block.mjs';
import { blockDecided, blockVerdicts } from './block-verdicts.mjs';
import { EQUIVALENCE, LEVEL } from './paired.mjs';
import { STARTUP_JOB, startupPaths, startupRow } from './startup.mjs';

// A sweep has no time budget: every block of it runs once. The header's
// field wants a number; a month is longer than any sweep.
const NO_BUDGET_SECONDS = 30 * 24 * 3600;

/**
 * The block plan of a run: what its units are made from (the payload
 * sizes; the user's own data sets, read before), from the
 * workload's `blockPlan(options)` (its block.mjs, re-exported by its runner
 * and its page), {} for a workload whose options say it all. The same for
 * bench:node, bench:web and the page.
 */
export const blockPlanOf = (workload, options) => workload.blockPlan?.(options) ?? {};

/** Whether the options ask for the sweep's plan. */
const isSweep = (options) => options.mode === 'sweep';
/** Whether they ask for the start-up plan (--startup: each path alone in fresh processes, harness/startup.mjs). */
const isStartup = (options) => options.mode === 'startup';

/**
 * The schedule of the plan: when it looks and its budget (a sweep: one
 * process per block; a start-up plan: its first look, as it decides nothing).
 */
export function scheduleOf(options) {
  if (isSweep(options)) return { looks: [1], budgetSeconds: NO_BUDGET_SECONDS };
  if (isStartup(options)) return { looks: options.looks.slice(0, 1), budgetSeconds: options.budgetSeconds };
  return { looks: options.looks, budgetSeconds: options.budgetSeconds };
}

/**
 * The libraries the run asks for (registry names; undefined: all): --peers,
 * else the answer's fastest sets of `place` (throws when the workload has
 * none there), else (a sweep) every one.
 */
export function requestedPeers(workload, options, place) {
  if (options.peers !== undefined || isSweep(options) || !workload.blockPeers) return options.peers;
  return workload.blockPeers(place);
}

/**
 * Every path of a run (a workload's `paths`), in this order: each codec
 * through each strategy in wasm, the same C++ through the Node-API addon
 * (`addon`: { codecs, strategies }), the libraries (`peerMeta(peer)`: a
 * library's subject); `jsonText(codec)`: the codec's bytes are JSON text.
 * `columnar` is the typed strategy handing back typed-array columns,
 * labelled as a variant of typed (its rows say interop typed).
 */
export function runPaths({ codecs, strategies, addon, peers, peerMeta, jsonText = () => false }) {
  const cpp = (codec, strategy, place) => {
    const subject = {
      ...(place && { place }),
      codec,
      impl: 'cpp',
      ...(strategy === 'columnar' ? { interop: 'typed', variant: 'columnar' } : { interop: strategy }),
    };
    const batch = place ? pathLabel(subject) : `${codec}/${strategy}`;
    return {
      codec,
      strategy,
      ...(place && { addon: true }),
      batch,
      ...(jsonText(codec) && { jsonText: true }),
      subject,
    };
  };
  return [
    ...codecs.flatMap((codec) => strategies.map((strategy) => cpp(codec, strategy))),
    ...(addon?.codecs ?? []).flatMap((codec) =>
      addon.strategies.map((strategy) => cpp(codec, strategy, ADDON_PLACE)),
    ),
    ...peers.map((peer) => ({ peer: peer.name, batch: peer.name, subject: peerMeta(peer) })),
  ];
}

/**
 * The paths with those of more wasm builds (--build-dir A,B of bench:node and bench:web):
 * each C++-in-wasm path again per build of `builds` ([{ dir, tag, codecs }],
 * the builds after the first), when that build has its codec, loaded from
 * its `dir` and labelled by its `tag`
 * (the subject's `build`: "msgpack/typed [3.1.69]"), so a block holds the
 * same path from both builds and judges them like any two members.
 */
export function withBuilds(paths, builds = []) {
  const wasm = paths.filter((path) => path.codec !== undefined && !path.addon && path.peer === undefined);
  return [
    ...paths,
    ...builds.flatMap(({ dir, tag, codecs }) =>
      wasm
        .filter((path) => codecs.includes(path.codec))
        .map((path) => ({
          ...path,
          buildDir: dir,
          batch: `${path.batch} [${tag}]`,
          subject: { ...path.subject, build: tag },
        })),
    ),
  ];
}

/**
 * A block member's `operations` when it is a library in the set of one
 * operation only ({} otherwise): it is timed in that one (harness/block.mjs).
 */
function setOperations(sets, label) {
  const own = OPERATIONS.filter((operation) => sets[operation].includes(label));
  return own.length > 0 && own.length < OPERATIONS.length ? { operations: own } : {};
}

/**
 * The members of a block: its `references` ({ reference, subject }) and a
 * member per path ({ codec, strategy, addon?, peer?, subject }), a library
 * timed in the operations of its sets only; each with its `label`.
 */
function blockMembers(references, paths, sets) {
  return [
    ...references,
    ...paths.map(({ codec, strategy, addon, peer, buildDir, subject }) => ({
      codec,
      strategy,
      addon,
      peer,
      ...(buildDir && { buildDir }),
      subject,
      ...(peer !== undefined && setOperations(sets, pathLabel(subject))),
    })),
  ].map((member) => ({ ...member, label: pathLabel(member.subject) }));
}

/**
 * The run's plan in `place` (a browser's name, or node; its rows say
 * `rowPlace`): { blocks (blocks.mjs kinds), contenders,
 * sets (each operation's fastest set, path labels), header (the protocol
 * fields that say how it was planned, for people and for the verdicts),
 * decided(rows, key), description (a line for the log) }. options.peers:
 * the --peers given, if any.
 */
export function planRun(
  workload,
  { options, place, rowPlace = place, peers, registry, buildInfo, plan = blockPlanOf(workload, options) },
) {
  const sweep = isSweep(options);
  const named = sweep ? peers.map((peer) => peer.name) : options.peers;
  const sets = workload.fastestSets?.(place, peers, { peers: named }) ?? { encode: [], decode: [] };
  const contenders = sweep ? undefined : workload.contenders?.(place, options);
  const paths = withBuilds(
    workload.paths({ ...options, contenders }, peers, registry, buildInfo),
    options.builds,
  );
  const units = workload.units(options, plan, rowPlace);
  const pathGroups = (chosen, references, job) =>
    chosen.map((path) => ({
      // The path's own block of each unit is measured once: its rows' batch is the path's.
      batch: path.batch,
      suffix: `/${path.batch}`,
      members: blockMembers(references(path), [path], sets),
      job,
      last: sweep ? (workload.lastPathJob ?? {}) : {},
    }));
  const startup = isStartup(options);
  const isFloor = (codec) => buildInfo !== undefined && isFloorCodec(buildInfo, codec);
  const groups = startup
    ? pathGroups(
        startupPaths(paths, { contenders, sets, isFloor, named: Boolean(named) }),
        () => [],
        STARTUP_JOB,
      )
    : sweep
      ? pathGroups(paths, workload.pathReferences, workload.pathJob ?? {})
      : [{ suffix: '', members: blockMembers(workload.references, paths, sets), job: {}, last: {} }];
  const blocks = groups.flatMap(({ batch, suffix, members, job, last }) => {
    const measured =
      options.compression && workload.compress ? workload.compress(members, options.compression) : members;
    return units.map((unit, index) => {
      const key = `${unit.key}${suffix}`;
      return {
        key,
        ...(batch && { batch }),
        label: `${unit.label}${suffix && ` ${suffix.slice(1)}`}`,
        job: {
          ...unit.job,
          ...job,
          ...(index === units.length - 1 && last),
          block: key,
          members: measured,
          rounds: job.rounds ?? options.repetitions,
        },
        paths: measured.map((member) => member.subject),
        failedRow: (path, reason, blockJob) => {
          const row = {
            ...unit.failedRow(path, reason, blockJob.batch),
            block: key,
            process: blockJob.process,
          };
          return startup ? startupRow(row, { unit: unit.key }, {}) : row;
        },
      };
    });
  });
  const schedule = scheduleOf(options);
  const verdictOptions = { sets, ...workload.verdictOptions };
  const what = sweep
    ? 'the sweep: each path with its references at each unit'
    : startup
      ? 'start-up: each path alone, a fresh process per sample'
      : 'the answer';
  const description =
    `${options.workload}: ${blocks.length} block${blocks.length === 1 ? '' : 's'} (${what}), ` +
    `${paths.length} paths, ${startup ? STARTUP_JOB.rounds : options.repetitions} rounds + ${startup ? 0 : options.warmup} warm-up per process; ` +
    (sweep
      ? 'one process each'
      : `looks at ${schedule.looks.join(', ')} processes, budget ${+(schedule.budgetSeconds / 60).toFixed(2)} min`);
  return {
    blocks,
    description,
    contenders,
    sets,
    schedule,
    header: {
      mode: sweep ? 'sweep' : startup ? 'startup' : 'blocks',
      blocks: {
        ...schedule,
        level: LEVEL,
        equivalence: [EQUIVALENCE.low, EQUIVALENCE.high],
        fastest: sets,
        ...(contenders && { contenders }),
      },
    },
    decided:
      workload.verdictOptions && !startup
        ? (rows, key) =>
            blockDecided(
              blockVerdicts(
                rows.filter((row) => row.block === key),
                verdictOptions,
              ),
              key,
            )
        : () => false,
  };
}
