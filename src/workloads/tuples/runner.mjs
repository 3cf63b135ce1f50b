// The tuple workload's part of bench:node (node/bench.mjs): its jobs, the
// protocol fields of its header, how a job runs (the sweep over payload
// sizes, or --limits), its progress lines and its console tables.
// The runner passes ctx: { place, log, UsageError, runChildProcess, runUnitsJob }.

import {
  ADDON_PLACE,
  addonStrategiesOf,
  codecsOf,
  isJsonBaseline,
  isJsonText,
  pathLabel,
} from '../../catalog.mjs';
import { formatBytes, formatMs, formatRatio } from '../../harness/format.mjs';
import { createJsonBaselinePath, createReferencePaths } from '../../harness/json-baseline.mjs';
import { createObjectFloorPath } from '../../harness/object-floor.mjs';
import { failedRow } from '../../harness/measure.mjs';
import { selectSteps } from './dataset.mjs';
import { resultsText } from '../../report/results-tables.mjs';
import { viewText } from '../../report/table-view.mjs';
import { verdictOptionsOf } from '../../harness/block-verdicts.mjs';
import { blockMembers, committedSets, contenderJobs } from '../../harness/fastest-sets.mjs';
import { compressedMembers } from '../../harness/compressed-path.mjs';
import { subjectOf } from '../../harness/rows.mjs';
import { runLimitsJob } from './limits.mjs';
import { limitsParts, view } from './view.mjs';
import { addonAvailable, addonFile, readNativeCatalog } from '../../../node/load-addon.mjs';
import { RunError } from '../../../node/run-file.mjs';

/**
 * The codecs of `codecs` that the run measures through the Node-API addon
 * too (src/harness/addon-codec.mjs): [] with --no-addon, or when the native
 * build has no addon for tuples. With the addon strategies of the catalog
 * and, when --strategies asks for it, columnar (as for wasm).
 */
function addonPlan(options) {
  if (options.addon === false || !addonAvailable('tuples')) return { codecs: [], strategies: [] };
  const native = codecsOf(readNativeCatalog(), 'tuples');
  const strategies = options.addonStrategies ?? addonStrategiesOf('tuples');
  if (options.strategies.includes('columnar')) strategies.push('columnar');
  return { codecs: options.codecs.filter((codec) => native.includes(codec)), strategies };
}

/** Why the run has no addon paths, or null when it has them (or was told not to). */
function missingAddon(options) {
  if (options.addon === false || addonAvailable('tuples')) return null;
  return readNativeCatalog() === null || addonFile() === null
    ? 'the Node-API addon is not built (scripts/build-native.sh native-release builds it)'
    : 'the native build has no addon for the tuple workload';
}

// The place a block's failed row names (an addon path names its own).
const PLACE_OF_RUN = 'node';

/** The subject of the JSON baseline's own job (--limits). */
function baselineSubject() {
  return subjectOf(createJsonBaselinePath());
}

/**
 * The run's plan, checked: { steps } of the sweep ([] with --limits); a
 * UsageError when no step lies between the bounds.
 */
export function plan(options, { UsageError, log }) {
  const missing = options.mode === 'limits' ? null : missingAddon(options);
  if (missing && process.env.WCB_REQUIRE_BUILDS === '1') {
    throw new RunError(`${missing}, and WCB_REQUIRE_BUILDS=1 requires it (or run with --no-addon)`);
  }
  if (missing) log(`no addon paths: ${missing}`);
  if (options.mode === 'limits') return { steps: [] };
  const steps = selectSteps({ minMB: options.minMB, maxMB: options.maxMB, perDecade: options.perDecade });
  if (steps.length === 0) {
    throw new UsageError(
      `no growth step between --min-mb ${options.minMB} and --max-mb ${options.maxMB} (accepted: a wider range)`,
    );
  }
  return { steps };
}

/** The header's protocol fields of this workload. */
export function protocolFields(options) {
  return {
    mode: options.mode,
    warmup: options.warmup,
    repetitions: options.repetitions,
    minMB: options.minMB,
    maxMB: options.maxMB,
    stepsPerDecade: options.perDecade,
  };
}

/** Every job of the run, one child each, in this order. */
export function jobs(options, peers, registry, buildInfo) {
  const wasmJobs = options.codecs.flatMap((codec) =>
    options.strategies.map((strategy) => ({
      codec,
      strategy,
      batch: `${codec}/${strategy}`,
      ...(buildInfo && isJsonText(buildInfo, codec) && { jsonText: true }),
      // `columnar` is the typed strategy handing back typed-array columns,
      // labelled as a variant of typed (its rows say interop typed).
      subject:
        strategy === 'columnar'
          ? { codec, impl: 'cpp', interop: 'typed', variant: 'columnar' }
          : { codec, impl: 'cpp', interop: strategy },
    })),
  );
  // The same C++ through the Node-API addon, beside the wasm jobs (the
  // sweep only: --limits grows the wasm paths).
  const addon = options.mode === 'limits' ? { codecs: [] } : addonPlan(options);
  const addonJobs = addon.codecs.flatMap((codec) =>
    addon.strategies.map((strategy) => {
      const subject =
        strategy === 'columnar'
          ? { place: ADDON_PLACE, codec, impl: 'cpp', interop: 'typed', variant: 'columnar' }
          : { place: ADDON_PLACE, codec, impl: 'cpp', interop: strategy };
      return {
        addon: true,
        codec,
        strategy,
        batch: pathLabel(subject),
        ...(buildInfo && isJsonText(buildInfo, codec) && { jsonText: true }),
        subject,
      };
    }),
  );
  const peerJobs = peers.map((peer) => ({
    peer: peer.name,
    batch: peer.name,
    subject: registry.peerMeta(peer),
  }));
  // The sweep measures the baseline in every child; --limits gives it its own.
  const baseline = { baseline: true, subject: baselineSubject() };
  baseline.batch = pathLabel(baseline.subject);
  return contenderJobs(
    [...(options.mode === 'limits' ? [baseline] : []), ...wasmJobs, ...addonJobs, ...peerJobs],
    options.contenders,
  );
}

/**
 * The blocks of a block run (docs/design.md#blocks), one per size: the JSON
 * baseline, the object floor, every wasm and addon path of the run and the
 * libraries of the fastest sets (or --peers), in one process, round by
 * round. Each block's rows are judged together (src/harness/block-verdicts.mjs);
 * `sets`: the fastest sets as path labels (fastestSets).
 */
export function blockKinds(options, peers, registry, buildInfo, { steps }, sets) {
  const paths = jobs({ ...options, mode: 'sweep' }, peers, registry, buildInfo);
  const references = [
    { reference: 'json', subject: subjectOf(createJsonBaselinePath()) },
    { reference: 'floor', subject: subjectOf(createObjectFloorPath()) },
  ];
  const members = blockMembers(references, paths, sets);
  const measured = options.compression
    ? compressedMembers(members, options.compression, compressesInModule)
    : members;
  return steps.map((step) => {
    const key = `tuples@${step.index}`;
    return {
      key,
      label: formatBytes(step.jsonBytes),
      job: { block: key, step, members: measured, rounds: options.repetitions },
      paths: measured.map((member) => member.subject),
      failedRow: (path, reason, job) => ({
        ...failedRow(path, { place: PLACE_OF_RUN, step, batch: job.batch }, reason),
        block: key,
        process: job.process,
      }),
    };
  });
}

/**
 * Which members of a tuple block compress in their wasm module
 * (docs/design.md#compression): the typed path of a wasm codec, which runs
 * on the lean module (src/wasm/compress_calls.h).
 */
export const compressesInModule = (member) =>
  member.codec !== undefined && !member.addon && member.strategy === 'typed';

/**
 * A block run's libraries when --peers names none, each operation's set
 * and the C++ contenders (fastest-sets.mjs, contenders.json).
 */
export const { blockPeers, fastestSets, contenders } = committedSets(
  new URL('./contenders.json', import.meta.url),
);

/** How the block verdicts of this workload read its rows (times per payload). */
export const verdictOptions = verdictOptionsOf('tuples');

/** The fields every job's child needs beside the common ones. */
export function jobFields() {
  return {};
}

const sizesOf = (steps) => steps.map((step) => formatBytes(step.jsonBytes)).join(', ');

/** The log line that announces the run. */
export function describePlan(options, allJobs, { steps }) {
  if (options.mode === 'blocks') {
    const looks = options.looks.join(', ');
    return (
      `block protocol: ${steps.length} blocks (${sizesOf(steps)}) of ` +
      `${allJobs.length} paths + JSON and the object floor, ${options.repetitions} rounds + ${options.warmup} warm-up ` +
      `per process; looks at ${looks} processes, budget ${options.budgetSeconds / 60} min`
    );
  }
  const wasm = allJobs.filter((job) => job.codec !== undefined && !job.addon).length;
  const addon = allJobs.filter((job) => job.addon).length;
  const peers = allJobs.filter((job) => job.peer !== undefined).length;
  if (options.mode === 'limits') {
    return (
      `limits: JSON + ${wasm} codec/strategy pairs + ${peers} JS libraries, each grown from ` +
      `${options.minMB} MB (${options.perDecade || 'every step'} per decade) until it fails or passes ${options.maxMB} MB`
    );
  }
  const addonText = addon > 0 ? ` + ${addon} addon codec/strategy pairs` : '';
  return `${wasm} codec/strategy pairs${addonText} + ${peers} JS libraries x ${steps.length} sizes (${sizesOf(steps)}), ${options.repetitions} runs + ${options.warmup} warm-up`;
}

// `place`: the run's; an addon path's rows say their own (node-addon).
function sameRow(row, path, step, place) {
  return (
    row.step === step.index &&
    row.place === (path.place ?? place) &&
    row.codec === path.codec &&
    row.impl === path.impl &&
    row.interop === path.interop &&
    row.variant === path.variant &&
    row.compression === undefined
  );
}

function describeRow(row, baselines) {
  const label = pathLabel(row);
  if (row.status !== 'ok') return `${label}: FAILED ${row.error}`;
  const baseline = baselines.get(`${row.batch}:${row.step}`);
  const ratio =
    baseline && baseline !== row
      ? ` (${formatRatio(baseline.encode.median / row.encode.median)}, ${formatRatio(baseline.decode.median / row.decode.median)} vs JSON)`
      : '';
  return `${label}: encode ${formatMs(row.encode.median)} ms, decode ${formatMs(row.decode.median)} ms${ratio}`;
}

/**
 * One job: with --limits its path grows until it fails; in the sweep the
 * baseline and the path are measured at each size not yet measured ok.
 */
export function runJob(job, context) {
  if (context.options.mode === 'limits') return runLimitsJob(job, context);
  const { steps } = context.plan;
  // The JSON baseline(s) and the job's subject (a wasm codec through a strategy, or a JS peer).
  const paths = [...createReferencePaths(job), job.subject];
  const baselines = new Map();
  const keep = (row) => {
    if (row.batch === job.batch && isJsonBaseline(row) && row.status === 'ok')
      baselines.set(`${row.batch}:${row.step}`, row);
  };
  const units = {
    name: 'size',
    list: steps,
    field: 'steps',
    key: (step) => step.index,
    rowKey: (row) => row.step,
    leftText: (left, total) => `${left} of ${total} sizes left`,
    at: (outcome, remaining) =>
      outcome.currentStep ? remaining.findIndex((step) => step.index === outcome.currentStep.index) : -1,
    same: (row, path, step) => sameRow(row, path, step, context.place),
    failedRow: (path, step, reason) =>
      failedRow(path, { place: context.place, step, batch: job.batch }, reason),
    paths,
    smaller: ' at a smaller size',
    left: (count) => `${count} larger size(s)`,
  };
  return context.runUnitsJob(job, units, {
    ...context,
    beforeStart: () => context.store.rows.forEach(keep),
    describe: (row) => {
      keep(row);
      const stepNumber = steps.findIndex((step) => step.index === row.step) + 1;
      return `size ${stepNumber}/${steps.length} (${formatBytes(row.jsonBytes)}) ${describeRow(row, baselines)}`;
    },
  });
}

/** The console output at the end of a run. */
export function render(rows, run, options) {
  if (options.mode === 'limits') return viewText(limitsParts(run.limits ?? []));
  return resultsText(rows, run, view);
}

/** Prepares the run header of a new or resumed run (--limits keeps its entries). */
export function prepareRun(run, options) {
  if (options.mode === 'limits') run.limits = [...(run.limits ?? [])];
}

/** How many rows failed (the last log line). */
export const failedCount = (rows) => rows.filter((row) => row.status !== 'ok').length;
