// What every workload's report shares: the sources (one per input file),
// the names, colour keys and order of paths, and each run's header facts.
// The records of each workload's charts and tables are in
// src/workloads/<name>/ (report.mjs, view.mjs).
//
// A "source" is one input file: its place (native, node, browser), or the
// place and file name when several files of one place are reported together.

import path from 'node:path';
import { PLACES, isAddonRow, isFloor, isJsonBaseline, isWasmRow, pathLabel } from '../catalog.mjs';
import { groupBy } from '../harness/group-by.mjs';
import { codecRank } from './codec-order.mjs';

// The three ways to run a codec's C++: natively, in wasm (typed ... val), and
// through the Node-API addon (its strategies are named "<strategy> (addon)").
const HOW_ORDER = [
  'native',
  'typed',
  'tagged',
  'embind',
  'text',
  'val',
  'typed (addon)',
  'tagged (addon)',
  'text (addon)',
  'object (addon)',
  'js',
];

export { isAddonRow, isWasmRow };

/** The suffix that tells an addon path from the wasm path of the same strategy name. */
export const ADDON_SUFFIX = ' (addon)';
/**
 * How the report qualifies an addon path's ratio against its wasm counterpart:
 * both come from one run, each from its own child process, so the ratio is
 * not a same-process one and carries no noise verdict.
 */
export const ACROSS_PROCESSES = 'same run, another process';

/**
 * The name of a path, as the console and the page name it (catalog.mjs
 * pathLabel): "msgpack/typed", "msgpack/typed (addon)", "json (js)",
 * "msgpack (msgpackr) [records]"; a native path is "msgpack/native".
 */
export const labelOf = pathLabel;

/** The JSON baseline's name. */
export const BASELINE_LABEL = labelOf({ codec: 'json', impl: 'js', interop: 'js' });

/** How a path crosses its boundary: its strategy without the variant (native, typed, typed (addon), js ...). */
function baseHowOf(row) {
  if (row.impl === 'js') return 'js';
  if (row.interop === 'none') return 'native';
  return isAddonRow(row) ? `${row.interop}${ADDON_SUFFIX}` : row.interop;
}

/**
 * How a path crosses (or not) the boundary into C++: native, the wasm
 * strategies (val, embind, typed...), the addon's ("typed (addon)",
 * "object (addon)"), js; a variant in brackets.
 */
export function howOf(row) {
  const how = baseHowOf(row);
  return row.variant ? `${how} [${row.variant}]` : how;
}

/** The colour group of a path: its codec for C++, its library for JS (the baseline's is its own), a floor on its own. */
export function colorKeyOf(row) {
  if (row.impl !== 'js') return row.codec;
  return isFloor(row) ? labelOf(row) : labelOf({ ...row, variant: undefined, compression: undefined });
}

/** Orders by each key function in turn. */
export const compareBy =
  (...keys) =>
  (a, b) =>
    compareKeys(
      keys.map((key) => key(a)),
      keys.map((key) => key(b)),
    );

export function rank(list, value) {
  const index = list.indexOf(value);
  return index === -1 ? list.length : index;
}

/** Sort key of a path: baseline first, then C++ codecs in project order, then JS libraries. */
function pathOrder(row) {
  return [
    isJsonBaseline(row) ? 0 : row.impl === 'js' ? 2 : 1,
    codecRank(row.codec),
    row.codec,
    rank(HOW_ORDER, baseHowOf(row)),
    labelOf(row),
  ];
}

/** The row of `rows` whose JSON size is nearest `sizeMB` on a log scale, or undefined. */
export function nearestRow(rows, sizeMB) {
  let best;
  for (const row of rows) {
    const distance = Math.abs(Math.log(row.jsonMB / sizeMB));
    if (!best || distance < best.distance) best = { row, distance };
  }
  return best?.row;
}

/** Orders two sort keys (arrays) element by element. */
function compareKeys(a, b) {
  for (let i = 0; i < a.length; i++) {
    if (a[i] < b[i]) return -1;
    if (a[i] > b[i]) return 1;
  }
  return 0;
}

export function sortRows(rows) {
  const keyed = rows.map((row) => ({ row, key: pathOrder(row) }));
  return keyed.sort((a, b) => compareKeys(a.key, b.key)).map(({ row }) => row);
}

/**
 * The inputs as sources: [{ source, place, file, document }], in place order
 * (native, node, browser), a file name added to the source name when one
 * place has several files.
 */
export function toSources(inputs) {
  const perPlace = groupBy(inputs, (input) => input.document.run.place);
  const sources = [];
  for (const place of PLACES) {
    for (const input of perPlace.get(place) ?? []) {
      const name = perPlace.get(place).length > 1 ? `${place} (${path.basename(input.file)})` : place;
      sources.push({ source: name, place, file: input.file, document: input.document });
    }
  }
  return sources;
}

/** The facts of one input file for the report header. */
export function headerOf(source) {
  const { run, rows } = source.document;
  const failed = rows.filter((row) => row.status !== 'ok').length;
  return {
    source: source.source,
    file: source.file,
    place: run.place,
    date: run.date,
    finished: run.finished,
    machine: run.machine,
    runtime: run.runtime,
    build: run.build,
    protocol: run.protocol,
    rowCount: rows.length,
    failedCount: failed,
    workload: run.workload,
    sizesMB: [...new Set(rows.map((row) => row.jsonMB))].sort((a, b) => a - b),
    // A per-call workload: its record names, in the order first measured.
    records: [...new Set(rows.map((row) => row.record).filter((record) => record && record !== 'none'))],
  };
}
