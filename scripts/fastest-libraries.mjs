// Writes a workload's fastest-library sets (src/workloads/<name>/fastest-libraries.mjs)
// from sweep results (docs/design.md#blocks): per place (node, or the
// browser's runtime name) and operation, the pure-JS libraries whose median
// came within FACTOR of the fastest library's at some unit (size, record,
// data set) of the sweep, at most MAX of them, the closest first. A decode
// counts only when it returns plain values (the row's cleanliness, where the
// workload has one): the block verdicts compare a path with what a user
// would pick instead of JSON.parse. The file keeps the places the given
// results do not hold.
//
//   node scripts/fastest-libraries.mjs SWEEP.json [SWEEP.json...]

import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { isJsonBaseline, isObjectFloor, libraryName, workloadInfo } from '../src/catalog.mjs';
import { OPERATIONS, isBlockRun } from '../src/harness/block.mjs';
import { medianOf } from '../src/harness/block-verdicts.mjs';
import { ALL_PEERS, peerMeta } from '../src/harness/peers.mjs';
import { registerWorkloadFolders } from '../src/workload-folders.mjs';
import { REPO_ROOT } from '../node/options.mjs';

export const FACTOR = 2;
export const MAX = 4;

/** The registry name of a library row ('msgpackr-records' for msgpackr's records variant). */
function peerNameOf(row) {
  const peer = ALL_PEERS.find((candidate) => {
    const meta = peerMeta(candidate);
    return meta.library === row.library && meta.variant === row.variant && meta.codec === row.codec;
  });
  return peer?.name;
}

/** The place a results file speaks for: node, or the browser's runtime name. */
function placeOf(run) {
  return run.place === 'browser' ? String(run.runtime.name).toLowerCase() : run.place;
}

/** { encode: [names], decode: [names] } of one results document, by the rule above. */
export function setsOf(document) {
  const perCall = workloadInfo(document.run.workload).protocol === 'per-call';
  const libraries = document.rows.filter(
    (row) =>
      row.status === 'ok' &&
      row.impl === 'js' &&
      !isJsonBaseline(row) &&
      !isObjectFloor(row) &&
      row.variant !== 'utf-8',
  );
  const unitOf = (row) => row.step ?? row.record ?? row.dataset;
  const sets = {};
  for (const operation of OPERATIONS) {
    // Per library, its best ratio to the fastest over the units (1 = the fastest somewhere).
    const best = new Map();
    for (const unit of new Set(libraries.map(unitOf))) {
      const here = libraries.filter(
        (row) =>
          unitOf(row) === unit &&
          medianOf(row, operation) > 0 &&
          (operation !== 'decode' || row.cleanliness?.clean !== false),
      );
      // Time per operation, whatever the workload reports (ops/s: its inverse).
      const time = (row) => (perCall ? 1 / medianOf(row, operation) : medianOf(row, operation));
      const fastest = Math.min(...here.map(time));
      for (const row of here) {
        const name = peerNameOf(row);
        const ratio = time(row) / fastest;
        if (name && ratio <= FACTOR) best.set(name, Math.min(best.get(name) ?? Infinity, ratio));
      }
    }
    sets[operation] = [...best.entries()]
      .sort((a, b) => a[1] - b[1])
      .slice(0, MAX)
      .map(([name]) => name);
  }
  return sets;
}

async function main(files) {
  if (files.length === 0) {
    process.stderr.write('usage: node scripts/fastest-libraries.mjs SWEEP.json [SWEEP.json...]\n');
    return 2;
  }
  await registerWorkloadFolders();
  const documents = files.map((file) => ({ file, document: JSON.parse(readFileSync(file, 'utf8')) }));
  const workloads = new Set(documents.map(({ document }) => document.run.workload));
  if (workloads.size !== 1)
    throw new Error(`results of one workload only (given: ${[...workloads].join(', ')})`);
  const [workload] = workloads;
  const target = join(REPO_ROOT, 'src', 'workloads', workload, 'fastest-libraries.mjs');
  const { FASTEST_LIBRARIES: current = {}, FASTEST_LIBRARIES_SOURCES: sources = {} } = await import(
    pathToFileURL(target).href
  ).catch(() => ({}));
  const places = { ...current };
  const from = { ...sources };
  for (const { file, document } of documents) {
    if (isBlockRun(document.run)) throw new Error(`${file}: a block run; give a --sweep run`);
    const place = placeOf(document.run);
    places[place] = setsOf(document);
    from[place] =
      `${document.run.date} ${document.run.runtime.name} ${document.run.runtime.version} on ${document.run.machine.cpuModel ?? 'unknown CPU'}`;
    const text = OPERATIONS.map(
      (operation) => `${operation} ${places[place][operation].map(libraryName).join(', ')}`,
    );
    process.stdout.write(`${place}: ${text.join('; ')}\n`);
  }
  const body = `// The fastest-library sets of the ${workload} workload's block runs
// (docs/design.md#blocks), per place and operation: the registry names of
// the libraries a path must beat to be "faster than the fastest library".
// Written by scripts/fastest-libraries.mjs from sweep results (its rule:
// within ${FACTOR}x of the fastest library at some unit of the sweep, decode
// among libraries returning plain values, at most ${MAX}); do not edit by hand.

export const FASTEST_LIBRARIES_FILE = 'src/workloads/${workload}/fastest-libraries.mjs';

/** The sweep each place's sets come from. */
export const FASTEST_LIBRARIES_SOURCES = ${JSON.stringify(from, null, 2)};

export const FASTEST_LIBRARIES = ${JSON.stringify(places, null, 2)};
`;
  writeFileSync(target, body);
  process.stdout.write(`wrote ${target}\n`);
  return 0;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error) => {
    process.stderr.write(`fastest-libraries: ${error.message}\n`);
    process.exit(1);
  },
);
