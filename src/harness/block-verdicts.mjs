// The verdicts of a block run (docs/design.md#blocks), from its rows alone,
// so the runner's stopping rule, its tables, the page, the report and
// `report --compare` judge a results file alike. Every row of a block run
// names its block (the unit: a size, a record, a data set) and the process
// (or browser context) that measured it; ratios pair rows of one process.
// Browser-safe.

import { ADDON_PLACE, isJsonBaseline, pathLabel, workloadInfo } from '../catalog.mjs';
import { OPERATIONS } from './block.mjs';
import { operationStats } from './references.mjs';
import { isDecided, judgeAgainstSet, judgeRatios } from './paired.mjs';
import { isStartupRun, startupVerdicts } from './startup.mjs';

/**
 * How a workload's rows are judged: the operations and whether their
 * statistic is a rate (per-call workloads: operations per second, higher is
 * faster) or a time per payload.
 */
export function verdictOptionsOf(workload) {
  return verdictOptionsFor(workloadInfo(workload));
}

/** verdictOptionsOf for a workload entry itself (a plug-in folder's, before it is registered). */
export function verdictOptionsFor({ protocol }) {
  return { operations: OPERATIONS, higherIsFaster: protocol === 'per-call' };
}

/**
 * Whether the rows hold a block measured in more than one process (or
 * browser context): verdicts over processes. Readers decide by this, not by
 * how the run was planned; a block of one process (a --sweep's, an older
 * file's rows) is read with its rows' own within-process intervals.
 */
export function overProcesses(rows) {
  for (const processes of byBlockAndProcess(rows).values()) if (processes.size > 1) return true;
  return false;
}

/**
 * The verdicts of a results document whose blocks hold several processes
 * ([] otherwise); a start-up run's are its times to the first result
 * against the libraries (startup.mjs startupVerdicts).
 */
export function documentVerdicts({ run, rows }) {
  if (!overProcesses(rows)) return [];
  if (isStartupRun({ run })) return startupVerdicts(rows);
  return blockVerdicts(rows, { sets: run.protocol.blocks?.fastest, ...verdictOptionsOf(run.workload) });
}

/** The paths a block run judges: the C++ codecs (wasm or addon); the others are its references. */
export const isSubject = (row) => row.impl === 'cpp';

// Rows of each block, by process: Map block -> Map process -> rows.
function byBlockAndProcess(rows) {
  const blocks = new Map();
  for (const row of rows) {
    if (row.block === undefined) continue;
    if (!blocks.has(row.block)) blocks.set(row.block, new Map());
    const processes = blocks.get(row.block);
    if (!processes.has(row.process)) processes.set(row.process, []);
    processes.get(row.process).push(row);
  }
  return blocks;
}

/** A row's median of `operation`: ms per payload, or ops/s per call (references.mjs operationStats). */
export const medianOf = (row, operation) => (row ? operationStats(row, operation)?.stats.median : undefined);

// The per-process ratios of `subject` against the row `pickReference(rows,
// subjectRow)` picks among the process's ok rows, for one operation:
// reference over subject for times, subject over reference for rates
// (higherIsFaster), so above 1 the subject is faster.
function ratiosOf(processes, label, pickReference, operation, higherIsFaster) {
  const ratios = [];
  for (const rows of processes.values()) {
    const ok = rows.filter((row) => row.status === 'ok');
    const subject = ok.find((row) => pathLabel(row) === label);
    const reference = subject && pickReference(ok, subject);
    const [path, ref] = [medianOf(subject, operation), medianOf(reference, operation)];
    if (!(path > 0) || !(ref > 0)) continue;
    ratios.push(higherIsFaster ? path / ref : ref / path);
  }
  return ratios;
}

const sameFormat = (row, compression) => row.compression?.format === compression?.format;

/**
 * The reference of `subject` among `rows` that `isNamed(row)` names (its
 * uncompressed form): an uncompressed subject's is uncompressed; a
 * compressed one's is compressed in the same format (docs/design.md#compression:
 * a binary format gzipped against JSON gzipped), by the same compressor
 * when the block has that (node:zlib against node:zlib), else by the first
 * one it has (a path compressed in wasm against JSON through the place's
 * JS compressor).
 */
export function compressedReference(rows, subject, isNamed) {
  const named = rows.filter(isNamed);
  if (!subject.compression) return named.find((row) => !row.compression);
  const alike = named.filter((row) => sameFormat(row, subject.compression));
  return alike.find((row) => row.compression.where === subject.compression.where) ?? alike[0];
}

const uncompressedLabel = (row) => pathLabel({ ...row, compression: undefined });
const isJsonReference = (row) => isJsonBaseline({ ...row, compression: undefined });

/**
 * Every verdict of the run: one entry per (block, subject path, operation):
 * { block, label, row, operation, processes, json, fastest?, build? } where
 * `json` is the judgement against the JSON baseline of each process,
 * `fastest` against the fastest-library set of that operation (sets[operation]:
 * path labels), when the run has one, and `build`, for a second wasm build's
 * path, against the same path of the first build. `row` is the subject's first row (its
 * unit's fields). Options: operations, higherIsFaster (rates, e.g. ops/s).
 */
export function blockVerdicts(rows, { sets = {}, operations = OPERATIONS, higherIsFaster = false } = {}) {
  const verdicts = [];
  for (const [block, processes] of byBlockAndProcess(rows)) {
    const all = [...processes.values()].flat();
    const subjects = new Map();
    for (const row of all)
      if (isSubject(row) && !subjects.has(pathLabel(row))) subjects.set(pathLabel(row), row);
    const present = new Set(all.map(uncompressedLabel));
    for (const [label, row] of subjects) {
      for (const operation of operations) {
        const json = judgeRatios(
          ratiosOf(
            processes,
            label,
            (ok, subjectRow) => compressedReference(ok, subjectRow, isJsonReference),
            operation,
            higherIsFaster,
          ),
        );
        const entry = { block, label, row, operation, processes: processes.size, json };
        // A second wasm build's path against the first build's same path (plan.mjs withBuilds).
        if (row.build) {
          const firstBuild = pathLabel({ ...row, build: undefined });
          const same = (ok) => ok.find((other) => pathLabel(other) === firstBuild);
          entry.build = judgeRatios(ratiosOf(processes, label, same, operation, higherIsFaster));
        }
        const set = (sets[operation] ?? []).filter((name) => present.has(name));
        const ofSet = (name) => (ok, subjectRow) =>
          compressedReference(ok, subjectRow, (other) => uncompressedLabel(other) === name);
        if (set.length > 0) {
          entry.fastest = judgeAgainstSet(
            set.map((name) => ({
              name,
              comparison: judgeRatios(ratiosOf(processes, label, ofSet(name), operation, higherIsFaster)),
            })),
          );
        }
        verdicts.push(entry);
      }
    }
  }
  return verdicts;
}

/**
 * The best C++ path among `verdicts` (one block and operation): the highest
 * ratio against the fastest set, else against JSON, among the wasm paths
 * (the addon's with `addon`: another route) compared with JSON; a floor
 * codec (`floors`: raw) is no format a user would ship. A compared
 * build's path (its row's `build`: a toolchain A/B) is measured against the
 * default build's, not offered as the answer's.
 */
export function bestCpp(verdicts, floors, { addon = false } = {}) {
  const score = (verdict) => verdict.fastest?.ratio ?? verdict.json.ratio;
  return verdicts
    .filter(
      ({ row, json }) =>
        (row.place === ADDON_PLACE) === addon && !floors.includes(row.codec) && !row.build && json.n > 0,
    )
    .reduce((best, verdict) => (best && score(best) >= score(verdict) ? best : verdict), undefined);
}

/**
 * Any path of a block against the JSON baseline of each of its processes
 * (a library, say): the judgement of its per-process ratios.
 */
export function againstJson(rows, block, label, operation, higherIsFaster = false) {
  const processes = byBlockAndProcess(rows).get(block) ?? new Map();
  const json = (ok, subjectRow) => compressedReference(ok, subjectRow, isJsonReference);
  return judgeRatios(ratiosOf(processes, label, json, operation, higherIsFaster));
}

/**
 * Whether every comparison of `block` is decided (the stopping rule). A
 * comparison with no pair yet (its path failed in every process so far)
 * has nothing to decide and does not hold the block.
 */
export function blockDecided(verdicts, block) {
  const own = verdicts.filter((verdict) => verdict.block === block);
  const settled = (comparison) => !comparison || comparison.n === 0 || isDecided(comparison);
  return (
    own.length > 0 &&
    own.every((verdict) => settled(verdict.json) && settled(verdict.fastest) && settled(verdict.build))
  );
}
