// Writes what a workload's default blocks hold (src/workloads/<name>/contenders.json,
// docs/design.md#contenders) from results of every path, per place (node,
// or the browser's runtime name):
// - libraries, from runs that held every library (--sweep): per operation, the pure-JS libraries whose
//   median came within LIBRARY_FACTOR of the fastest library's at some unit
//   (size, record, data set), at most MAX_LIBRARIES, the closest first; a
//   decode counts only when it returns plain values (the row's cleanliness,
//   where the workload has one);
// - cpp, from a run of every path (one whose blocks were not already cut to
//   contenders): the C++ paths whose median came within
//   CPP_FACTOR of the best C++ path's of their place (wasm, or the addon) at
//   some unit and operation, at most MAX_CPP of each place, the closest first.
// The file keeps the places the given results do not hold.
//
//   node scripts/contenders.mjs RUN.json [RUN.json...]

import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  ADDON_PLACE,
  floorCodecsOf,
  isJsonBaseline,
  isObjectFloor,
  libraryName,
  pathLabel,
  workloadInfo,
} from '../src/catalog.mjs';
import { OPERATIONS } from '../src/harness/block.mjs';
import { medianOf } from '../src/harness/block-verdicts.mjs';
import { median } from '../src/harness/stats.mjs';
import { ALL_PEERS, peerMeta, peersFor } from '../src/harness/peers.mjs';
import { registerWorkloadFolders } from '../src/workload-folders.mjs';
import { REPO_ROOT } from '../node/options.mjs';
import { runCommand } from '../node/run-file.mjs';

export const LIBRARY_FACTOR = 2;
export const MAX_LIBRARIES = 4;
export const CPP_FACTOR = 1.3;
export const MAX_CPP = 3;

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

/**
 * Per operation, a Map of the names `nameOf(row)` of `rows` within `factor`
 * of the fastest at some unit to { best, units }: their best ratio to the
 * fastest (1 = the fastest somewhere) and at how many units they were
 * within it. A block run has a row per process: a path's time at a unit is
 * the median over them.
 */
function withinFactor(document, rows, { factor, nameOf, counts = () => true }) {
  const perCall = workloadInfo(document.run.workload).protocol === 'per-call';
  const unitOf = (row) => row.step ?? row.record ?? row.dataset;
  const found = {};
  for (const operation of OPERATIONS) {
    const best = new Map();
    for (const unit of new Set(rows.map(unitOf))) {
      const times = new Map();
      for (const row of rows) {
        const value = medianOf(row, operation);
        const name = nameOf(row);
        if (unitOf(row) !== unit || !(value > 0) || !name || !counts(row, operation)) continue;
        // Time per operation, whatever the workload reports (ops/s: its inverse).
        times.set(name, [...(times.get(name) ?? []), perCall ? 1 / value : value]);
      }
      const medians = [...times].map(([name, values]) => [name, median(values)]);
      const fastest = Math.min(...medians.map(([, time]) => time));
      for (const [name, time] of medians) {
        if (time / fastest > factor) continue;
        const { best: ratio = Infinity, units = 0 } = best.get(name) ?? {};
        best.set(name, { best: Math.min(ratio, time / fastest), units: units + 1 });
      }
    }
    found[operation] = best;
  }
  return found;
}

/** The names of `found` (a Map of withinFactor), the closest first, at most `max`. */
function ranked(found, max) {
  return [...found]
    .sort(([, a], [, b]) => a.best - b.best || b.units - a.units)
    .slice(0, max)
    .map(([name]) => name);
}

/** { encode: [names], decode: [names] }: the libraries of one --sweep, by the rule above. */
export function librariesOf(document) {
  const libraries = document.rows.filter(
    (row) =>
      row.status === 'ok' &&
      row.impl === 'js' &&
      !isJsonBaseline(row) &&
      !isObjectFloor(row) &&
      row.variant !== 'utf-8',
  );
  const found = withinFactor(document, libraries, {
    factor: LIBRARY_FACTOR,
    nameOf: peerNameOf,
    counts: (row, operation) => operation !== 'decode' || row.cleanliness?.clean !== false,
  });
  return Object.fromEntries(
    OPERATIONS.map((operation) => [operation, ranked(found[operation], MAX_LIBRARIES)]),
  );
}

/**
 * The C++ paths of a block (path labels) from one run of every path: the
 * contenders by the rule above, then the floor codec's paths the run had
 * (a raw memcpy codec: what the boundary alone costs, the reference each
 * C++ path's phases are read against).
 */
export function cppOf(document) {
  const floors = floorCodecsOf(document.run);
  const ok = document.rows.filter((row) => row.status === 'ok' && row.impl === 'cpp' && !row.compression);
  const cpp = ok.filter((row) => !floors.includes(row.codec));
  const paths = [];
  const floorPaths = [];
  for (const addon of [false, true]) {
    const placed = (row) => (row.place === ADDON_PLACE) === addon;
    floorPaths.push(...new Set(ok.filter((row) => placed(row) && floors.includes(row.codec)).map(pathLabel)));
    const here = cpp.filter(placed);
    const found = withinFactor(document, here, { factor: CPP_FACTOR, nameOf: pathLabel });
    // Both operations as one: a path's best ratio in either, its units in both.
    const both = new Map();
    for (const [name, { best, units }] of OPERATIONS.flatMap((operation) => [...found[operation]])) {
      const seen = both.get(name) ?? { best: Infinity, units: 0 };
      both.set(name, { best: Math.min(seen.best, best), units: seen.units + units });
    }
    paths.push(...ranked(both, MAX_CPP));
  }
  return [...paths, ...floorPaths];
}

const describe = (run) =>
  `${run.date} ${run.runtime.name} ${run.runtime.version} on ${run.machine.cpuModel ?? 'unknown CPU'}`;

/**
 * Whether a run held every library of its place that takes part in the
 * workload (its runner's takesPeer): only then can it pick the fastest
 * (a --sweep holds them all; a default run, the committed sets alone).
 */
function heldEveryLibrary(run, takesPeer = () => true) {
  const held = new Set([...(run.protocol.peers ?? []), ...Object.keys(run.protocol.peersNotRun ?? {})]);
  return peersFor(run.place === 'browser' ? 'browser' : 'node', ALL_PEERS)
    .filter(takesPeer)
    .every((peer) => held.has(peer.name));
}

async function main(files) {
  if (files.length === 0) {
    process.stderr.write('usage: node scripts/contenders.mjs RUN.json [RUN.json...]\n');
    return 2;
  }
  await registerWorkloadFolders();
  const runs = files.map((file) => ({ file, document: JSON.parse(readFileSync(file, 'utf8')) }));
  const workloads = new Set(runs.map(({ document }) => document.run.workload));
  if (workloads.size !== 1)
    throw new Error(`results of one workload only (given: ${[...workloads].join(', ')})`);
  const [workload] = workloads;
  const target = join(REPO_ROOT, 'src', 'workloads', workload, 'contenders.json');
  const committed = JSON.parse(readFileSync(target, 'utf8'));
  const { takesPeer } = await import(
    pathToFileURL(join(REPO_ROOT, 'src', 'workloads', workload, 'runner.mjs')).href
  );
  for (const { file, document } of runs) {
    const place = placeOf(document.run);
    if (document.run.protocol.blocks?.contenders)
      throw new Error(`${file}: its blocks held the contenders only; give a run of every path`);
    const paths = cppOf(document);
    committed.cpp[place] = { from: describe(document.run), paths };
    process.stdout.write(`${place}: C++ ${paths.join(', ')}\n`);
    if (!heldEveryLibrary(document.run, takesPeer)) continue;
    const sets = librariesOf(document);
    committed.libraries[place] = { from: describe(document.run), ...sets };
    const text = OPERATIONS.map((operation) => `${operation} ${sets[operation].map(libraryName).join(', ')}`);
    process.stdout.write(`${place}: libraries ${text.join('; ')}\n`);
  }
  const prettier = await import('prettier');
  writeFileSync(
    target,
    await prettier.format(JSON.stringify(committed), {
      ...(await prettier.resolveConfig(target)),
      parser: 'json',
    }),
  );
  process.stdout.write(`wrote ${target}\n`);
  return 0;
}

runCommand('contenders', main, { url: import.meta.url, told: () => true });
