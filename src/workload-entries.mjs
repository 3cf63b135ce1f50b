// The workloads and their measuring protocol, the interop strategies and
// records of each, and the defaults and bounds of the run options (the CLI
// and the page accept the same values). Browser-safe; imported through
// src/catalog.mjs.

/**
 * The records of the messages workload, in the C++ Kind order
 * (src/workloads/messages/messages.cpp): those a run measures when none are
 * named, then those it measures only on request (--records, a set of
 * RECORD_SETS, the page's checklist), so that they do not lengthen the
 * default run.
 */
const DEFAULT_RECORDS = Object.freeze([
  'bool',
  'int',
  'double',
  'string',
  'array',
  'nested',
  'record',
  'binary',
]);
const OPTIONAL_RECORDS = Object.freeze(['object1', 'object2', 'object3']);
export const RECORD_NAMES = Object.freeze([...DEFAULT_RECORDS, ...OPTIONAL_RECORDS]);

/**
 * Named sets of messages records, accepted wherever a list of records is
 * (docs/design.md#messages). `small-values`: the six small values of the
 * compression question, from 14 to 200 bytes of JSON, to show at
 * which size compression starts to pay; its three {value} records are the
 * workload's scalar ones.
 */
export const RECORD_SETS = Object.freeze({
  'small-values': Object.freeze(['bool', 'int', 'string', 'object1', 'object2', 'object3']),
});

/**
 * The workloads (docs/design.md#dataset, #protocol). `protocol` names the
 * measuring protocol: 'per-payload' (time and phases per payload size) or
 * 'per-call' (operations per second of one small record).
 * `strategies`: run by default; `optionalStrategies`: accepted when asked for.
 * `defaults`, `quick`, `limits`: the run options of bench:node (and the
 * page, except where `browser` overrides them).
 */
export const WORKLOADS = [
  Object.freeze({
    name: 'tuples',
    label: 'growing tuple dataset',
    protocol: 'per-payload',
    strategies: Object.freeze(['val', 'embind', 'typed']),
    // typed with typed-array columns ({x: Int32Array, y, z: Float64Array}) instead of objects.
    optionalStrategies: Object.freeze(['columnar']),
    // The Node-API addon's strategies (see ADDON_PLACE), run by default in bench:node.
    addonStrategies: Object.freeze(['object', 'typed']),
    // 5 + 1, not 7 + 2: a GC before every call is most of a large size's time
    // (docs/decisions.md#sweep-time).
    defaults: Object.freeze({ minMB: 0.1, maxMB: 30, perDecade: 3, repetitions: 5, warmup: 1 }),
    quick: Object.freeze({ minMB: 0.05, maxMB: 1, repetitions: 3, warmup: 1 }),
    // --limits: one verify and one timed run per size, growing until each path fails.
    limits: Object.freeze({ minMB: 1, maxMB: 4096, perDecade: 5, repetitions: 1, warmup: 0 }),
    // The block protocol (BLOCKS), the default run: the typed paths of every
    // codec, in wasm and in the addon, against JSON and the fastest
    // libraries, at ~1 and ~10 MB; `repetitions` are rounds of a block.
    blocks: Object.freeze({
      minMB: 1,
      maxMB: 11,
      perDecade: 1,
      repetitions: 5,
      warmup: 3,
      strategies: Object.freeze(['typed']),
      addonStrategies: Object.freeze(['typed']),
    }),
    blocksQuick: Object.freeze({ minMB: 0.1, maxMB: 1.2, perDecade: 1, repetitions: 3, warmup: 1 }),
  }),
  Object.freeze({
    name: 'messages',
    label: 'single small records',
    protocol: 'per-call',
    strategies: Object.freeze(['val', 'embind', 'tagged']),
    optionalStrategies: Object.freeze([]),
    addonStrategies: Object.freeze(['object', 'tagged']),
    records: DEFAULT_RECORDS,
    optionalRecords: OPTIONAL_RECORDS,
    recordSets: RECORD_SETS,
    // Node's clock is fine-grained, 10 ms repetitions are plenty; the page's clock
    // may be coarse, hence 20 there (docs/decisions.md#messages-min-rep-ms).
    defaults: Object.freeze({ minRepMs: 10, repetitions: 7, warmup: 2 }),
    quick: Object.freeze({ minRepMs: 2, repetitions: 3, warmup: 1 }),
    browser: Object.freeze({ minRepMs: 20 }),
    // The block protocol (BLOCKS), the default run: one block per record, the
    // tagged path of every codec (one walk of the record into the heap: the
    // expert's) in wasm and in the addon, against JSON and the fastest
    // libraries; a round is one repetition of calls per path and operation.
    blocks: Object.freeze({
      minRepMs: 10,
      repetitions: 7,
      warmup: 2,
      strategies: Object.freeze(['tagged']),
      addonStrategies: Object.freeze(['tagged']),
    }),
    blocksQuick: Object.freeze({ minRepMs: 2, repetitions: 3, warmup: 1 }),
  }),
];

export const WORKLOAD_NAMES = WORKLOADS.map((workload) => workload.name);
export const DEFAULT_WORKLOAD = 'tuples';
export const PROTOCOLS = Object.freeze(['per-payload', 'per-call']);

/** Every strategy name of any workload, in first-seen order (colours, dashes). */
export const ALL_STRATEGIES = [
  ...new Set(WORKLOADS.flatMap((workload) => [...workload.strategies, ...workload.optionalStrategies])),
];

/**
 * Adds a workload that is not built in: a folder src/workloads/<name>/ with
 * a workload.mjs whose default export is an entry like those of WORKLOADS
 * (the Node runner registers every such folder it finds). Idempotent.
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
