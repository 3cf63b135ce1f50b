// The messages workload as the catalog sees it (src/catalog.mjs
// registerWorkload): single small records, measured in calls per second
// (docs/design.md#messages).

// The records, in the C++ Kind order (messages.cpp): those a run measures
// when none are named, then those it measures only on request (--records, a
// set of `recordSets`, the page's checklist), so that they do not lengthen
// the default run.
const records = ['bool', 'int', 'double', 'string', 'array', 'nested', 'record', 'binary'];
const optionalRecords = ['object1', 'object2', 'object3'];
export const RECORD_NAMES = Object.freeze([...records, ...optionalRecords]);

export default {
  name: 'messages',
  label: 'single small records',
  protocol: 'per-call',
  strategies: ['val', 'embind', 'tagged'],
  optionalStrategies: [],
  addonStrategies: ['object', 'tagged'],
  records,
  optionalRecords,
  // Named sets of records, accepted wherever a list of records is.
  // `small-values`: the six small values of the compression question, from
  // 14 to 200 bytes of JSON, to show at which size compression starts to
  // pay; its three {value} records are the workload's scalar ones.
  recordSets: { 'small-values': ['bool', 'int', 'string', 'object1', 'object2', 'object3'] },
  // Node's clock is fine-grained, 10 ms repetitions are plenty; the page's clock
  // may be coarse, hence 20 there (docs/decisions/protocol.md#messages-min-rep-ms).
  defaults: { minRepMs: 10, repetitions: 7, warmup: 2 },
  quick: { minRepMs: 2, repetitions: 3, warmup: 1 },
  browser: { minRepMs: 20 },
  // The block protocol (catalog.mjs BLOCKS), the default run: one block per
  // record, the tagged path of every codec (one walk of the record into the
  // heap: the expert's) in wasm and in the addon, against JSON and the
  // fastest libraries; a round is one repetition of calls per path and operation.
  // Its record is the answer's (`answer` below): the
  // default run is the answer; --records (or --sweep) measures the others.
  blocks: {
    records: ['record'],
    minRepMs: 10,
    repetitions: 7,
    warmup: 2,
    strategies: ['tagged'],
    addonStrategies: ['tagged'],
  },
  // Its answer run's first look against the tuples' in the same place: the
  // mean ratio of the 2026-12-07 afternoon answer run (docs/decisions/answer-command.md).
  answerWeight: { runtime: 0.8, browser: 0.9 },
  // Its blocks can hold the same paths from two wasm builds (--build-dir A,B: a toolchain A/B).
  comparesBuilds: true,
  // The answer's data shapes (src/report/answer-rows.mjs answerUnits): a block of the default run each.
  answer: [{ block: 'messages@record', label: 'small records (the ten-field record)' }],
  blocksQuick: { minRepMs: 2, repetitions: 3, warmup: 1 },
  // Its calls in a codec's wasm module, which wasm-codec.mjs adds as
  // codec.messages (null where the module does not export them).
  moduleApi: {
    name: 'messages',
    probe: 'encodeMessageVal',
    create: async (m, codec) => (await import('./wasm-messages.mjs')).createWasmMessages(m, codec),
  },
};
