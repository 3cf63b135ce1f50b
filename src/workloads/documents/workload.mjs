// The documents workload as the catalog sees it (src/catalog.mjs
// registerWorkload): named data sets (datasets.mjs) measured one payload per
// call, like the tuple sweep, through three interop strategies
// (docs/documents.md).
import { DATASET_IDS, unmappedId } from './dataset-catalog.mjs';

// The unmapped tuples at the tuple sweep's steps nearest 1, 10 and 25 MB of
// JSON (1.10, 10.47 and 25.48 MB as {items: [...]}; tests/node/documents-run
// checks them), and at 0.10 MB for --quick. Fixed indexes: finding them
// means growing the dataset to 25 MB, too slow for every import.
const UNMAPPED = [71, 90, 94].map(unmappedId);
const UNMAPPED_QUICK = unmappedId(51);

export default {
  name: 'documents',
  label: 'JSON documents (the JBB data sets)',
  protocol: 'per-payload',
  strategies: ['val', 'text', 'tagged'],
  optionalStrategies: [],
  // The Node-API addon's (catalog.mjs addonStrategiesOf): object is the
  // counterpart of val (C++ walks and builds JS values through Node-API);
  // text and tagged those of wasm's (JS writes into a buffer C++ reads in place).
  addonStrategies: ['object', 'text', 'tagged'],
  datasets: [...DATASET_IDS, ...UNMAPPED, UNMAPPED_QUICK],
  // Five timed runs: the largest sets take seconds per call through `val`.
  defaults: { repetitions: 5, warmup: 1, datasets: [...DATASET_IDS, ...UNMAPPED] },
  quick: {
    repetitions: 3,
    warmup: 1,
    datasets: ['geo-110m', 'random-strings', 'jbb-repeated', UNMAPPED_QUICK],
  },
  // The block protocol (src/catalog.mjs BLOCKS), the default run: the tagged
  // path of every codec (the expert's, and the fastest: docs/documents.md),
  // in wasm and in the addon, against JSON and the fastest libraries, one
  // block per data set: the answer's two (`answer` below;
  // the default run is the answer; --datasets names others, up to ~2 MB: a
  // process holds some fifteen paths, each call after a full GC).
  blocks: {
    repetitions: 5,
    warmup: 2,
    strategies: ['tagged'],
    addonStrategies: ['tagged'],
    datasets: ['geo-110m', 'random-strings'],
  },
  // Its answer run's first look against the tuples' in the same place: two
  // blocks a wave, and in a runtime the addon's paths too (the mean ratio of
  // the 2026-12-07 afternoon answer run: docs/decisions/answer-command.md).
  answerWeight: { runtime: 1.5, browser: 1.35 },
  // Its blocks can hold the same paths from two wasm builds (--build-dir A,B: a toolchain A/B).
  comparesBuilds: true,
  // The answer's data shapes (src/report/answer-rows.mjs answerUnits): a block of the default run each.
  answer: [
    { block: 'documents@geo-110m', label: 'JSON documents (GeoJSON, 426 KB)' },
    { block: 'documents@random-strings', label: 'strings (random nested strings, 978 KB)' },
  ],
  blocksQuick: { repetitions: 3, warmup: 1, datasets: ['geo-110m', 'random-strings'] },
  // Its floor's codec in rows and its label in every table (floor.mjs).
  floor: { codec: 'documents', label: 'documents floor (JS walk)' },
  // Libraries that hold documents only (src/harness/peers.mjs ALL_PEERS):
  // a schema-less format (FlexBuffers, its variant keeping it apart from the
  // 'flatbuffers' library in tables), and Mapbox's GeoJSON in protobuf
  // (through pbf; the GeoJSON data sets only).
  peers: [
    {
      name: 'flexbuffers',
      variant: 'flexbuffers',
      codec: 'flatbuffers',
      npm: 'flatbuffers',
      version: '25.9.23',
      load: () => import('./peers/flexbuffers.mjs'),
    },
    { name: 'geobuf', codec: 'geobuf', version: '4.0.0', load: () => import('./peers/geobuf.mjs') },
  ],
};
