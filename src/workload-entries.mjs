// The catalog of workloads, filled from their folders (src/workloads/<name>/
// workload.mjs), the lookups over it, and the bounds of the run options (the
// CLI and the page accept the same values). Browser-safe; imported through
// src/catalog.mjs.

import FOLDER_WORKLOADS from './workloads/index.mjs';

/**
 * The workloads (docs/design.md#dataset, #protocol), each the default export
 * of a folder's workload.mjs (src/workloads/index.mjs; registerWorkload).
 * `protocol` names the measuring protocol: 'per-payload' (time and phases
 * per payload size) or 'per-call' (operations per second of one small
 * record). `strategies`: run by default; `optionalStrategies`: accepted when
 * asked for; `addonStrategies`: the Node-API addon's. `defaults`, `quick`,
 * `limits`: the run options of bench:node (and the page, except where
 * `browser` overrides them); `records`, `optionalRecords`, `recordSets`: a
 * per-call workload's units; `blocks`, `blocksQuick`: see BLOCKS; `breakEven`:
 * the units of --break-even (docs/startup-memory.md), over its `blocks`.
 */
export const WORKLOADS = [];
export const WORKLOAD_NAMES = [];
export const PROTOCOLS = Object.freeze(['per-payload', 'per-call']);

/** Every strategy name of any workload, in first-seen order (colours, dashes). */
export const ALL_STRATEGIES = [];

/**
 * Adds a workload: the default export of a folder's workload.mjs (those of
 * src/workloads/index.mjs at once; Node and the page the other folders they
 * find). Idempotent.
 */
export function registerWorkload(entry) {
  if (WORKLOAD_NAMES.includes(entry.name)) return;
  if (!PROTOCOLS.includes(entry.protocol)) {
    throw new Error(
      `workload '${entry.name}': unknown protocol '${entry.protocol}' (known: ${PROTOCOLS.join(', ')})`,
    );
  }
  const frozen = Object.freeze({ optionalStrategies: [], ...entry });
  WORKLOADS.push(frozen);
  WORKLOAD_NAMES.push(frozen.name);
  for (const strategy of [...frozen.strategies, ...frozen.optionalStrategies]) {
    if (!ALL_STRATEGIES.includes(strategy)) ALL_STRATEGIES.push(strategy);
  }
}

for (const entry of FOLDER_WORKLOADS) registerWorkload(entry);

/** The workload of a results file that names none in its file name: the first folder's. */
export const DEFAULT_WORKLOAD = WORKLOADS[0].name;

/**
 * The workload's part of a results file name (node-<kind>-<date>.json), or
 * undefined for the default workload, whose files carry none.
 */
export function resultsKind(workload) {
  return DEFAULT_WORKLOAD === workload ? undefined : workload;
}

/** A workload's entry of WORKLOADS; throws naming the known ones. */
export function workloadInfo(name) {
  const workload = WORKLOADS.find((entry) => entry.name === name);
  if (!workload) throw new Error(`unknown workload '${name}' (known: ${WORKLOAD_NAMES.join(', ')})`);
  return workload;
}

/**
 * The addon's strategies of a workload (its `addonStrategies`; [] when the
 * workload has none). Their names follow the wasm ones where the idea is the
 * same (typed, tagged, text); `object` is the counterpart of `val`: C++
 * reads and builds the JS objects field by field through Node-API.
 */
export function addonStrategiesOf(workload) {
  return [...(workloadInfo(workload).addonStrategies ?? [])];
}

/** The strategies of a workload; with `optional`, those accepted on request too. */
export function strategiesOf(workload, { optional = false } = {}) {
  const info = workloadInfo(workload);
  return optional ? [...info.strategies, ...info.optionalStrategies] : [...info.strategies];
}

/**
 * The records of a workload ([] when it has none): those it runs by
 * default; with `optional`, those it runs on request too (every record, in
 * its order).
 */
export function recordsOf(workload, { optional = false } = {}) {
  const info = workloadInfo(workload);
  return [...(info.records ?? []), ...(optional ? (info.optionalRecords ?? []) : [])];
}

/** The named sets of records of a workload (name -> records; {} when it has none). */
export function recordSetsOf(workload) {
  return { ...(workloadInfo(workload).recordSets ?? {}) };
}

/**
 * `names` (records or names of the workload's record sets) as records: each
 * set replaced by its records, in place, without repeats. A name that is
 * neither is kept, for the caller to refuse.
 */
export function expandRecordSets(workload, names) {
  const sets = recordSetsOf(workload);
  return [...new Set(names.flatMap((name) => sets[name] ?? [name]))];
}

/**
 * The block protocol (docs/design.md#blocks): a block is one unit (a size, a
 * record, a data set) with the paths compared there, measured round by
 * round in one fresh process or browser context; the verdicts are taken
 * over processes. `looks`: how many processes a block has when the stopping
 * rule looks at it (a block whose comparisons are all decided stops);
 * `budgetMinutes`: the whole run's limit. A workload takes part when its
 * entry has `blocks` (its defaults in that mode) and `blocksQuick`.
 */
export const BLOCKS = Object.freeze({
  looks: Object.freeze([6, 10, 14]),
  budgetMinutes: 9,
  quick: Object.freeze({ looks: Object.freeze([6]), budgetMinutes: 3 }),
});

/**
 * Upper bounds of the run options, one set for every runner and the page:
 * they keep a typo from hanging or exhausting the machine (Node's timers wait
 * at most 2^31 - 1 ms). minRepMs: 10000 (the page allowed 60000 before).
 */
export const BOUNDS = Object.freeze({
  sweepMaxMB: 1024,
  limitsMaxMB: 65536,
  perDecade: 100,
  repetitions: 10000,
  warmup: 10000,
  minWarmupMs: 60000,
  timeoutSeconds: 86400,
  minRepMs: 10000,
  looks: 100,
  budgetMinutes: 1440,
});

/**
 * The bounds of each numeric run option as parseNumber takes them (options.mjs,
 * the page's inputs): { integer, min, exclusiveMin, max }.
 */
export const OPTION_BOUNDS = Object.freeze({
  minMB: Object.freeze({ exclusiveMin: true, min: 0, max: BOUNDS.sweepMaxMB }),
  maxMB: Object.freeze({ exclusiveMin: true, min: 0, max: BOUNDS.sweepMaxMB }),
  limitsMaxMB: Object.freeze({ exclusiveMin: true, min: 0, max: BOUNDS.limitsMaxMB }),
  perDecade: Object.freeze({ min: 0, max: BOUNDS.perDecade }),
  repetitions: Object.freeze({ integer: true, min: 1, max: BOUNDS.repetitions }),
  warmup: Object.freeze({ integer: true, min: 0, max: BOUNDS.warmup }),
  minWarmupMs: Object.freeze({ min: 0, max: BOUNDS.minWarmupMs }),
  timeoutSeconds: Object.freeze({ exclusiveMin: true, min: 0, max: BOUNDS.timeoutSeconds }),
  minRepMs: Object.freeze({ exclusiveMin: true, min: 0, max: BOUNDS.minRepMs }),
  look: Object.freeze({ integer: true, min: 1, max: BOUNDS.looks }),
  budgetMinutes: Object.freeze({ exclusiveMin: true, min: 0, max: BOUNDS.budgetMinutes }),
});

/**
 * Whether `value` is within `bounds` (an OPTION_BOUNDS entry), and the text
 * naming what is accepted: { ok, accepted }.
 */
export function checkBounds(value, { integer = false, min = 0, exclusiveMin = false, max = Infinity } = {}) {
  const kind = integer ? 'an integer' : 'a number';
  const low = exclusiveMin ? `> ${min}` : `>= ${min}`;
  const accepted = Number.isFinite(max) ? `${kind} ${low} and <= ${max}` : `${kind} ${low}`;
  const ok =
    Number.isFinite(value) &&
    (!integer || Number.isInteger(value)) &&
    (exclusiveMin ? value > min : value >= min) &&
    value <= max;
  return { ok, accepted };
}
