// The tuples workload as the catalog sees it (src/catalog.mjs
// registerWorkload): a growing dataset of {x, y, z} tuples, measured one
// payload size at a time (docs/design.md#dataset).
export default {
  name: 'tuples',
  label: 'growing tuple dataset',
  protocol: 'per-payload',
  strategies: ['val', 'embind', 'typed'],
  // typed with typed-array columns ({x: Int32Array, y, z: Float64Array}) instead of objects.
  optionalStrategies: ['columnar'],
  // The Node-API addon's strategies (catalog.mjs ADDON_PLACE), run by default in bench:node.
  addonStrategies: ['object', 'typed'],
  // 5 + 1, not 7 + 2: a GC before every call is most of a large size's time
  // (docs/decisions/protocol.md#sweep-time).
  defaults: { minMB: 0.1, maxMB: 30, perDecade: 3, repetitions: 5, warmup: 1 },
  quick: { minMB: 0.05, maxMB: 1, repetitions: 3, warmup: 1 },
  // --limits: one verify and one timed run per size, growing until each path fails.
  limits: { minMB: 1, maxMB: 4096, perDecade: 5, repetitions: 1, warmup: 0 },
  // The block protocol (catalog.mjs BLOCKS), the default run: the typed paths
  // contenders, in wasm and in the addon, against JSON and the fastest
  // libraries, at the answer's size (~10 MB: src/report/answer-rows.mjs
  // `answer` below; the default run is the answer); `repetitions` are rounds
  // of a block.
  blocks: {
    minMB: 10,
    maxMB: 11,
    perDecade: 1,
    repetitions: 5,
    warmup: 3,
    strategies: ['typed'],
    addonStrategies: ['typed'],
  },
  // What one run of the answer command takes to its first look here, against
  // the other workloads' in the same place (a place declares the minutes of a
  // weight of 1): measured by the answer runs of 2026-12-05 and 2026-12-07.
  answerWeight: { runtime: 1, browser: 1 },
  // Its blocks can hold the same paths from two wasm builds (--build-dir A,B: a toolchain A/B).
  comparesBuilds: true,
  // The answer's data shapes (src/report/answer-rows.mjs answerUnits): a block of the default run each.
  answer: [{ block: 'tuples@90', label: 'tuples with a schema (10.5 MB)' }],
  blocksQuick: { minMB: 0.1, maxMB: 1.2, perDecade: 1, repetitions: 3, warmup: 1 },
  // --break-even (docs/startup-memory.md): the answer's block at smaller
  // payloads (32 KB to 1.1 MB, two per decade); with the answer's own 10.5 MB
  // they give the size where a C++ path overtakes the libraries.
  breakEven: { minMB: 0.03, maxMB: 2, perDecade: 2 },
};
