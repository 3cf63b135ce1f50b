// What every workload's report shares: the sources (one per input file),
// the names, colour keys and order of paths, and each run's header facts.
// The records of each workload's charts and tables are in
// src/workloads/<name>/report-*.mjs.
//
// A "source" is one input file: its place (native, node, browser), or the
// place and file name when several files of one place are reported together.

import path from 'node:path';
import {
  DOCUMENTS_FLOOR_LABEL,
  isAddonRow,
  isDocumentsFloor,
  isJsonBaseline,
  isObjectFloor,
  isWasmRow,
} from '../catalog.mjs';
import { compressionSuffix } from '../harness/compressors.mjs';
import { groupBy } from '../harness/group-by.mjs';
import { codecRank } from './codec-order.mjs';

export const PLACES = ['native', 'node', 'browser'];
export const BASELINE_LABEL = 'JSON.stringify/parse';

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

/** "msgpackr 1.11.2" -> "msgpackr": the library name without its version. */
function libraryName(library) {
  return library ? library.replace(/\s+v?\d[\w.+-]*$/, '') : undefined;
}

/** A pure-JS peer as the runners' tables name it: "protobuf (pbf)", "bson (js)". */
/** The object floor's name in the report: plain JS between objects and typed arrays, no library. */
export const OBJECT_FLOOR_LABEL = 'object floor (plain JS)';

function jsLabel(row) {
  const library = libraryName(row.library);
  return library && library !== row.codec ? `${row.codec} (${library})` : `${row.codec} (js)`;
}

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

/**
 * The name of a path inside its place: "msgpack/typed" (wasm), "msgpack/typed
 * (addon)" (the Node-API addon, as the runners' tables name it), "protobuf"
 * (native), "JSON.stringify/parse", "msgpackr [records]".
 */
export function labelOf(row) {
  if (isObjectFloor(row)) return OBJECT_FLOOR_LABEL;
  if (isDocumentsFloor(row)) return DOCUMENTS_FLOOR_LABEL;
  let base;
  if (isJsonBaseline(row)) base = BASELINE_LABEL;
  else if (row.impl === 'js') base = jsLabel(row);
  else if (row.interop === 'none') base = row.codec;
  else base = `${row.codec}/${row.interop}${isAddonRow(row) ? ADDON_SUFFIX : ''}`;
  // A path through the compression stage is a path of its own (docs/design.md#compression).
  return `${row.variant ? `${base} [${row.variant}]` : base}${compressionSuffix(row.compression)}`;
}

/** The colour group of a path: its codec for C++, its library for JS, the baseline on its own. */
export function colorKeyOf(row) {
  if (isJsonBaseline(row)) return BASELINE_LABEL;
  if (isObjectFloor(row)) return OBJECT_FLOOR_LABEL;
  if (isDocumentsFloor(row)) return DOCUMENTS_FLOOR_LABEL;
  if (row.impl === 'js') return jsLabel(row);
  return row.codec;
}

export function compareBy(...keys) {
  return (a, b) => {
    for (const key of keys) {
      const [x, y] = [key(a), key(b)];
      if (x < y) return -1;
      if (x > y) return 1;
    }
    return 0;
  };
}

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

export function sortRows(rows) {
  const keyed = rows.map((row) => ({ row, key: pathOrder(row) }));
  keyed.sort((a, b) => {
    for (let i = 0; i < a.key.length; i++) {
      if (a.key[i] < b.key[i]) return -1;
      if (a.key[i] > b.key[i]) return 1;
    }
    return 0;
  });
  return keyed.map(({ row }) => row);
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

export { formatMB } from '../harness/format.mjs';

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
    // The messages workload: its record names, in the order first measured.
    records: [...new Set(rows.map((row) => row.record).filter((record) => record && record !== 'none'))],
  };
}
