// The documents workload's part of bench:node (node/bench.mjs): one child per
// job ((codec, strategy) or pure-JS peer) and data set, the JSON baseline
// measured first in each (docs/documents.md). The runner passes
// ctx: { place, log, UsageError, runChildProcess, runUnitsJob }.

import { fileURLToPath } from 'node:url';

import { addonAvailable, readNativeCatalog } from '../../../node/load-addon.mjs';
import { ADDON_PLACE, isJsonText, pathLabel } from '../../catalog.mjs';
import { formatMs } from '../../harness/format.mjs';
import { createJsonDocumentPaths } from '../../harness/json-baseline.mjs';
import { failedDocumentRow } from './rows.mjs';
import { renderDocumentTables } from './tables.mjs';
import workload from './workload.mjs';

const workloadAddonStrategies = () => [...workload.addonStrategies];

// The rows' schema and failed rows live in rows.mjs, which the page imports
// too: this module plans Node's jobs (node/load-addon.mjs), the page cannot.
export { failedDocumentRow, notApplicableRow, rowSchema } from './rows.mjs';

/** Every data set of the run is known by id: nothing else to plan. */
export const plan = () => ({});

export function protocolFields(options) {
  return { warmup: options.warmup, repetitions: options.repetitions, datasets: options.datasets };
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
  if (options.addon === false || options.loader !== REAL_LOADER || !addonAvailable('documents')) return [];
  const native = readNativeCatalog()?.codecs ?? [];
  const served = new Set(native.filter((entry) => entry.workloads?.includes('documents')).map((e) => e.name));
  return options.codecs.filter((codec) => served.has(codec));
}

/** Every job of the run, one child per data set each, in this order: wasm, the addon, peers. */
export function jobs(options, peers, registry, buildInfo) {
  const jsonText = (codec) => buildInfo && isJsonText(buildInfo, codec) && { jsonText: true };
  return [
    ...options.codecs.flatMap((codec) =>
      options.strategies.map((strategy) => ({
        codec,
        strategy,
        batch: `${codec}/${strategy}`,
        ...jsonText(codec),
        subject: { codec, impl: 'cpp', interop: strategy },
      })),
    ),
    ...addonCodecs(options).flatMap((codec) =>
      workloadAddonStrategies().map((strategy) => ({
        codec,
        strategy,
        addon: true,
        batch: `${codec}/${strategy} (addon)`,
        ...jsonText(codec),
        subject: { place: ADDON_PLACE, codec, impl: 'cpp', interop: strategy },
      })),
    ),
    ...peers.map((peer) => ({ peer: peer.name, batch: peer.name, subject: registry.peerMeta(peer) })),
  ];
}

/** By default, the peers that take part in this workload (peers.mjs `documents`). */
export const takesPeer = (peer) => peer.documents === true;

export const jobFields = (options) => ({ datasets: options.datasets });

export function describePlan(options, allJobs) {
  const addon = allJobs.filter((job) => job.addon).length;
  const wasm = allJobs.filter((job) => job.codec !== undefined).length - addon;
  const peers = allJobs.length - wasm - addon;
  return (
    `documents: ${wasm} codec/strategy pairs + ${addon} through the Node-API addon + ${peers} JS libraries x ${options.datasets.length} data sets ` +
    `(${options.datasets.join(', ')}), ${options.repetitions} runs + ${options.warmup} warm-up`
  );
}

const sameRow = (row, path, dataset) =>
  row.dataset === dataset &&
  (row.place === ADDON_PLACE) === (path.place === ADDON_PLACE) &&
  row.codec === path.codec &&
  row.impl === path.impl &&
  row.interop === path.interop &&
  row.variant === path.variant;

function describeRow(row) {
  const label = `${pathLabel(row)} ${row.dataset}`;
  if (row.status === 'n/a') return `${label}: n/a (${row.reason})`;
  if (row.status !== 'ok') return `${label}: FAILED ${row.error}`;
  return `${label}: encode ${formatMs(row.encode.median)} ms, decode ${formatMs(row.decode.median)} ms`;
}

/** One job over the data sets not yet measured, a fresh child for each. */
export function runJob(job, context) {
  const units = {
    name: 'data set',
    list: job.datasets,
    field: 'datasets',
    key: (dataset) => dataset,
    rowKey: (row) => row.dataset,
    leftText: (left) => `${left} data sets left`,
    at: (outcome, remaining) => remaining.indexOf(outcome.currentUnit),
    same: sameRow,
    failedRow: (path, dataset, reason) =>
      failedDocumentRow(path, { place: context.place, batch: job.batch, dataset }, reason),
    paths: [...createJsonDocumentPaths(job), job.subject],
    smaller: ' on an earlier data set',
    left: (count) => `${count} data set(s) left`,
  };
  return context.runUnitsJob(job, units, { ...context, doneStatuses: ['ok', 'n/a'], describe: describeRow });
}

export function render(rows) {
  return renderDocumentTables(rows);
}

export function prepareRun() {}

/** How many rows failed (n/a is not a failure). */
export const failedCount = (rows) => rows.filter((row) => row.status === 'failed').length;
