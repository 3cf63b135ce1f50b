// The documents workload's part of bench:node (node/bench.mjs): its paths
// and units (data sets) as the planner takes them (src/harness/plan.mjs), the
// protocol fields of its header and its console tables (docs/documents.md).
// checkRun() gets ctx: { place, log, UsageError, runChildProcess }.

import { addonCodecsOf } from '../../addon/load-addon.mjs';
import { resultsText } from '../../report/results-tables.mjs';
import { verdictOptionsFor } from '../../harness/block-verdicts.mjs';
import { committedSets, runnerPaths } from '../../harness/fastest-sets.mjs';
import { createJsonDocumentPath } from './json-path.mjs';
import { failedDocumentRow } from './rows.mjs';
import { view } from './view.mjs';
import { userDatasetFields } from './user-documents.mjs';
import { readRunDocuments } from './user-option.mjs';
import workload from './workload.mjs';

// The rows' schema and failed rows live in rows.mjs, which the page imports
// too: this module plans Node's paths (node/load-addon.mjs), the page cannot.
export { rowSchema } from './rows.mjs';

/** A user's documents (--documents), read once before the run is planned, as bench:web reads them. */
export function checkRun(options, { log }) {
  if (!options.documents) return undefined;
  const { datasets, recordedDocuments: recorded = [] } = options;
  return { ...options, documents: readRunDocuments(options.documents, { datasets, log, recorded }) };
}

export function protocolFields(options, plan = { documents: [] }) {
  return {
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

/** Every path of the run, in this order: wasm, the addon, peers (plan.mjs runPaths). */
export function paths(options, peers, registry, buildInfo) {
  const addon = {
    codecs: addonCodecsOf(options, 'documents'),
    strategies: options.addonStrategies ?? [...workload.addonStrategies],
  };
  return runnerPaths(options, { peers, registry, addon, buildInfo });
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

// What a block of this workload holds and measures (browser-safe: the page plans with it too).
export { blockPlan, compress, pathJob, pathReferences, references, takesPeer, units } from './block.mjs';

/** What every child needs beside its block: the user's documents, to read again. */
export const jobFields = (options, plan) => ({ documents: plan.documents.filter((entry) => !entry.error) });

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
