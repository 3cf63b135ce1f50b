// The documents workload's part of bench:node (node/bench.mjs): one child per
// job ((codec, strategy) or pure-JS peer) and data set, the JSON baseline
// measured first in each (docs/documents.md). The runner passes
// ctx: { place, log, UsageError, runChildProcess, runUnitsJob }.

import { fileURLToPath } from 'node:url';

import { addonAvailable, readNativeCatalog } from '../../../node/load-addon.mjs';
import { measuredDatasets, readRunDocuments } from '../../../node/user-documents.mjs';
import { ADDON_PLACE, isJsonText, pathLabel } from '../../catalog.mjs';
import { formatMs } from '../../harness/format.mjs';
import { createJsonDocumentPath, createJsonDocumentPaths } from '../../harness/json-baseline.mjs';
import { resultsText } from '../../report/results-tables.mjs';
import { verdictOptionsFor } from '../../harness/block-verdicts.mjs';
import { blockMembers, committedSets, contenderJobs } from '../../harness/fastest-sets.mjs';
import { compressedMembers } from '../../harness/compressed-path.mjs';
import { createDocumentsFloorPath } from '../../harness/documents-floor.mjs';
import { subjectOf } from '../../harness/rows.mjs';
import { RunError } from '../../../node/run-file.mjs';
import { userFileText } from './model.mjs';
import { failedDocumentRow } from './rows.mjs';
import { view } from './view.mjs';
import { datasetFieldsIn, userDatasetFields } from './user-documents.mjs';
import workload from './workload.mjs';

const workloadAddonStrategies = () => [...workload.addonStrategies];

// The rows' schema and failed rows live in rows.mjs, which the page imports
// too: this module plans Node's jobs (node/load-addon.mjs), the page cannot.
export { failedDocumentRow, notApplicableRow, rowSchema } from './rows.mjs';

/**
 * The user's documents of the run (--documents), each read once here:
 * { documents: node/user-documents.mjs readRunDocuments' entries }. One
 * that cannot be read or parsed is left out of the jobs (planRows gives its
 * row). The data sets the project makes are known by id.
 */
export function plan(options, { log }) {
  const recorded = options.recordedDocuments ?? [];
  return {
    documents: readRunDocuments(options.documents ?? [], { datasets: options.datasets, log, recorded }),
  };
}

export function protocolFields(options, plan = { documents: [] }) {
  return {
    warmup: options.warmup,
    repetitions: options.repetitions,
    datasets: options.datasets,
    ...(plan.documents.length > 0 && { documents: plan.documents }),
  };
}

/**
 * The rows of the run's data sets that nothing measures: a user's document
 * that could not be read or parsed has one, the JSON baseline's (JSON.parse
 * is what refused it), failed with the error naming the file and the place.
 */
export function planRows(plan, place) {
  return plan.documents
    .filter((entry) => entry.error)
    .map((entry) =>
      failedDocumentRow(
        createJsonDocumentPath(),
        { place, batch: 'json', dataset: entry.id, datasetFields: userDatasetFields(entry) },
        entry.error,
      ),
    );
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
  return contenderJobs(
    [
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
        (options.addonStrategies ?? workloadAddonStrategies()).map((strategy) => ({
          codec,
          strategy,
          addon: true,
          batch: `${codec}/${strategy} (addon)`,
          ...jsonText(codec),
          subject: { place: ADDON_PLACE, codec, impl: 'cpp', interop: strategy },
        })),
      ),
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

/** How the block verdicts of this workload read its rows (times per payload). */
// From the folder's own entry: importing the runner must not need the catalog's registration.
export const verdictOptions = verdictOptionsFor(workload);

/**
 * The blocks of a block run (docs/design.md#blocks), one per data set: the
 * JSON baseline, every wasm and addon path of the run and the libraries of
 * the fastest sets (or --peers), in one process, round by round; a library
 * times the operations whose set it is in. `sets`: path labels (fastestSets).
 */
export function blockKinds(options, peers, registry, buildInfo, plan, sets) {
  const members = blockMembers(
    [
      { reference: 'json', subject: subjectOf(createJsonDocumentPath()) },
      { reference: 'floor', subject: subjectOf(createDocumentsFloorPath()) },
    ],
    jobs(options, peers, registry, buildInfo),
    sets,
  );
  // No documents module compresses in wasm yet: its C++ paths take the JS compressors.
  const measured = options.compression ? compressedMembers(members, options.compression) : members;
  return measuredDatasets(options.datasets, plan.documents).map((dataset) => {
    const key = `documents@${dataset}`;
    const datasetFields = datasetFieldsIn(plan.documents, dataset);
    return {
      key,
      label: dataset,
      job: { block: key, dataset, members: measured, rounds: options.repetitions },
      paths: measured.map((member) => member.subject),
      failedRow: (path, reason, job) => ({
        ...failedDocumentRow(path, { place: 'node', batch: job.batch, dataset, datasetFields }, reason),
        block: key,
        process: job.process,
      }),
    };
  });
}

/** By default, the peers that take part in this workload (peers.mjs `documents`). */
export const takesPeer = (peer) => peer.documents === true;

export const jobFields = (options, plan) => ({
  datasets: measuredDatasets(options.datasets, plan.documents),
  documents: plan.documents.filter((entry) => !entry.error),
});

export function describePlan(options, allJobs, plan) {
  if (options.mode === 'blocks') {
    const datasets = measuredDatasets(options.datasets, plan.documents);
    return (
      `documents, block protocol: ${datasets.length} blocks (${datasets.join(', ')}) of ${allJobs.length} paths + JSON, ` +
      `${options.repetitions} rounds + ${options.warmup} warm-up per process; looks at ${options.looks.join(', ')} processes, ` +
      `budget ${options.budgetSeconds / 60} min`
    );
  }
  const addon = allJobs.filter((job) => job.addon).length;
  const wasm = allJobs.filter((job) => job.codec !== undefined).length - addon;
  const peers = allJobs.length - wasm - addon;
  const datasets = measuredDatasets(options.datasets, plan.documents);
  const named = datasets.map((dataset) => {
    const entry = plan.documents.find((document) => document.id === dataset);
    return entry ? `${dataset}: ${userFileText(entry)}` : dataset;
  });
  return (
    `documents: ${wasm} codec/strategy pairs + ${addon} through the Node-API addon + ${peers} JS libraries x ${datasets.length} data sets ` +
    `(${named.join(', ')}), ${options.repetitions} runs + ${options.warmup} warm-up`
  );
}

const sameRow = (row, path, dataset) =>
  row.dataset === dataset &&
  (row.place === ADDON_PLACE) === (path.place === ADDON_PLACE) &&
  row.codec === path.codec &&
  row.impl === path.impl &&
  row.interop === path.interop &&
  row.variant === path.variant &&
  row.compression === undefined;

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
      failedDocumentRow(
        path,
        {
          place: context.place,
          batch: job.batch,
          dataset,
          datasetFields: datasetFieldsIn(job.documents, dataset),
        },
        reason,
      ),
    paths: [...createJsonDocumentPaths(job), job.subject],
    smaller: ' on an earlier data set',
    left: (count) => `${count} data set(s) left`,
  };
  return context.runUnitsJob(job, units, { ...context, doneStatuses: ['ok', 'n/a'], describe: describeRow });
}

export function render(rows, run) {
  return resultsText(rows, run, view);
}

/** Adds the rows of the data sets nothing measures (planRows), unless a resumed file holds them. */
export function prepareRun(run, options, { plan, store }) {
  const held = (row) => store.rows.some((kept) => kept.dataset === row.dataset && kept.batch === row.batch);
  store.rows.push(...planRows(plan, run.place).filter((row) => !held(row)));
}

/** How many rows failed (n/a is not a failure). */
export const failedCount = (rows) => rows.filter((row) => row.status === 'failed').length;
