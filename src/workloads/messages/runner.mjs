// The messages workload's part of bench:node (node/bench.mjs): single small
// records, operations per second per record. One child per (codec, strategy)
// and per peer; each measures the JSON baseline, its subject and (wasm) the
// subject's floors record by record (docs/design.md#protocol).
// The runner passes ctx: { place, log, UsageError, runChildProcess, runUnitsJob }.

import { compressedMembers } from '../../harness/compressed-path.mjs';
import { fileURLToPath } from 'node:url';

import { addonAvailable, readNativeCatalog } from '../../../node/load-addon.mjs';
import { ADDON_PLACE, addonStrategiesOf, pathLabel } from '../../catalog.mjs';
import { formatOpsPerSec } from '../../harness/format.mjs';
import { createJsonBaselinePath } from '../../harness/json-baseline.mjs';
import { failedMessageRow } from '../../harness/message-measure.mjs';
import { resultsText } from '../../report/results-tables.mjs';
import { verdictOptionsOf } from '../../harness/block-verdicts.mjs';
import { blockMembers, committedSets, contenderJobs } from '../../harness/fastest-sets.mjs';
import { view } from './view.mjs';

/** By default, the peers that take part in this workload (peers.mjs `messages`). */
export const takesPeer = (peer) => peer.messages !== false;

/** Nothing to plan beyond the options. */
export function plan() {
  return {};
}

/** The header's protocol fields of this workload. */
export function protocolFields(options) {
  return {
    warmup: options.warmup,
    repetitions: options.repetitions,
    records: options.records,
    minRepMs: options.minRepMs,
  };
}

function baselineSubject() {
  const { codec, impl, interop, library } = createJsonBaselinePath();
  return { codec, impl, interop, library };
}

// The wasm loader of a real run; a test's fake loader measures fake
// codecs, beside which the real addon has no place.
const REAL_LOADER = fileURLToPath(new URL('../../../node/load-wasm.mjs', import.meta.url));

/**
 * The codecs of the run the Node-API addon runs too: all of them when the
 * native build has the addon for this workload (node/load-addon.mjs), none
 * with --no-addon (options.addon false) or a fake wasm loader.
 */
export function addonCodecs(options) {
  if (options.addon === false || options.loader !== REAL_LOADER || !addonAvailable('messages')) return [];
  const native = readNativeCatalog()?.codecs ?? [];
  const served = new Set(native.filter((entry) => entry.workloads?.includes('messages')).map((e) => e.name));
  return options.codecs.filter((codec) => served.has(codec));
}

/** The addon's jobs: one per codec and addon strategy (catalog addonStrategies). */
function addonJobs(options) {
  return addonCodecs(options).flatMap((codec) =>
    (options.addonStrategies ?? addonStrategiesOf('messages')).map((strategy) => ({
      codec,
      strategy,
      addon: true,
      batch: `${codec}/${strategy} (addon)`,
      subject: { place: ADDON_PLACE, codec, impl: 'cpp', interop: strategy },
    })),
  );
}

/** Every job of the run, one child each, in this order: wasm, the addon, peers. */
export function jobs(options, peers, registry) {
  return contenderJobs(
    [
      ...options.codecs.flatMap((codec) =>
        options.strategies.map((strategy) => ({
          codec,
          strategy,
          batch: `${codec}/${strategy}`,
          subject: { codec, impl: 'cpp', interop: strategy },
        })),
      ),
      ...addonJobs(options),
      ...peers.map((peer) => ({ peer: peer.name, batch: peer.name, subject: registry.peerMeta(peer) })),
    ],
    options.contenders,
  );
}

/**
 * A block run's libraries when --peers names none, each operation's set
 * and the C++ contenders (fastest-sets.mjs, contenders.json).
 */
export const { blockPeers, fastestSets, contenders } = committedSets(
  new URL('./contenders.json', import.meta.url),
);

/** How the block verdicts of this workload read its rows (operations per second). */
export const verdictOptions = verdictOptionsOf('messages');

/**
 * The blocks of a block run (docs/design.md#blocks), one per record: the
 * JSON baseline, every wasm and addon path of the run and the libraries of
 * the fastest sets (or --peers), in one process, round by round; a library
 * times the operations whose set it is in. `sets`: path labels (fastestSets).
 */
export function blockKinds(options, peers, registry, buildInfo, plan, sets) {
  const members = blockMembers(
    [{ reference: 'json', subject: baselineSubject() }],
    jobs(options, peers, registry),
    sets,
  );
  // The compression stage per call (docs/design.md#compression): node:zlib's synchronous compressors.
  const measured = options.compression ? compressedMembers(members, options.compression) : members;
  return options.records.map((record) => {
    const key = `messages@${record}`;
    return {
      key,
      label: `record ${record}`,
      job: { block: key, record, members: measured, rounds: options.repetitions },
      paths: measured.map((member) => member.subject),
      failedRow: (path, reason, job) => ({
        ...failedMessageRow(path, { place: 'node', record, batch: job.batch }, reason),
        block: key,
        process: job.process,
      }),
    };
  });
}

/** The fields every job's child needs beside the common ones. */
export function jobFields(options) {
  return {
    baselineSubject: baselineSubject(),
    records: options.records,
    minRepMs: options.minRepMs,
    messagesProtoFile: options.messagesProtoFile,
  };
}

/** The log line that announces the run. */
export function describePlan(options, allJobs) {
  if (options.mode === 'blocks') {
    return (
      `messages, block protocol: ${options.records.length} blocks (records ${options.records.join(', ')}) of ` +
      `${allJobs.length} paths + JSON, ${options.repetitions} rounds of >= ${options.minRepMs} ms repetitions + ` +
      `${options.warmup} warm-up per process; looks at ${options.looks.join(', ')} processes, budget ${options.budgetSeconds / 60} min`
    );
  }
  const addon = allJobs.filter((job) => job.addon).length;
  const wasm = allJobs.filter((job) => job.codec !== undefined).length - addon;
  const peers = allJobs.length - wasm - addon;
  return (
    `messages: ${wasm} codec/strategy pairs + ${addon} through the Node-API addon + ${peers} JS libraries x ${options.records.length} records ` +
    `(${options.records.join(', ')}), ${options.repetitions} repetitions of >= ${options.minRepMs} ms + ${options.warmup} warm-up`
  );
}

function sameMessageRow(row, path, record) {
  return (
    row.record === record &&
    (row.place === ADDON_PLACE) === (path.place === ADDON_PLACE) &&
    row.codec === path.codec &&
    row.impl === path.impl &&
    row.interop === path.interop &&
    row.variant === path.variant
  );
}

function describeMessageRow(row) {
  const label = `${pathLabel(row)} ${row.record}`;
  if (row.status === 'n/a') return `${label}: n/a (${row.reason})`;
  if (row.status !== 'ok') return `${label}: FAILED ${row.error}`;
  const parts = ['encode', 'decode', 'roundTrip']
    .filter((operation) => row[operation])
    .map((operation) => `${operation} ${formatOpsPerSec(row[operation].opsPerSec.median)}`);
  return `${label}: ${parts.join(', ')}`;
}

/**
 * One job over the records not yet measured: a record is done when the
 * baseline and the subject both have a row measured ok (or n/a: the path
 * does not offer it) in this job's process. The empty call is measured last,
 * so it goes again with any record left.
 */
export function runJob(job, context) {
  const units = {
    name: 'record',
    list: job.records,
    field: 'records',
    key: (record) => record,
    rowKey: (row) => row.record,
    leftText: (left) => `${left} records left`,
    at: (outcome, remaining) => remaining.indexOf(outcome.currentRecord),
    same: sameMessageRow,
    failedRow: (path, record, reason) =>
      failedMessageRow(path, { place: context.place, record, batch: job.batch }, reason),
    paths: [job.baselineSubject, job.subject],
    smaller: '',
    left: (count) => `${count} record(s) left`,
  };
  return context.runUnitsJob(job, units, {
    ...context,
    doneStatuses: ['ok', 'n/a'],
    remeasured: (row) => row.interop === 'call',
    describe: describeMessageRow,
  });
}

/** The console output at the end of a run. */
export function render(rows, run) {
  return resultsText(rows, run, view);
}

/** Nothing to add to the run header. */
export function prepareRun() {}

/** How many rows failed (n/a is not a failure). */
export const failedCount = (rows) => rows.filter((row) => row.status === 'failed').length;
