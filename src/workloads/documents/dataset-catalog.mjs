// The documents workload's data set catalog: ids, labels, what each is and
// where its values come from, without the values (datasets.mjs makes them).
// Light on purpose: the peer registry (src/harness/peers.mjs) reads it, and
// must not pull the world-atlas topologies into every process and page.
//
// Ids: the fixed sets of DATASETS, plus `unmapped-s<index>` for the tuple
// dataset (src/workloads/tuples/dataset.mjs) at growth step <index> (the
// step index of selectSteps and the tuple sweep, e.g. `unmapped-s12`): a
// step index never changes meaning, where its MB size is a rounded label.
// A user's own document (--documents, the page's file input) is
// `user:<file name>` (user-documents.mjs reads it).

export const RANDOM_STRINGS_SEED = 0x4a424233; // 'JBB3'
export const JBB_RANDOM_SEED = 0x4a424235; // 'JBB5'

/** Items of jbb-repeated and jbb-random (JBB's 4 and 5). */
export const JBB_ITEMS = 50000;
/** random-strings grows until its JSON text reaches this many UTF-8 bytes. */
export const RANDOM_STRINGS_BYTES = 1000000;
/** The deepest nesting random-strings makes (containers inside containers, top level = 1). */
export const RANDOM_STRINGS_MAX_DEPTH = 10;

/** The fixed data sets, in the order runs take them. */
export const DATASETS = Object.freeze(
  [
    {
      id: 'geo-110m',
      label: 'GeoJSON countries 1:110m',
      what: "JBB 1: the world's country polygons as one GeoJSON FeatureCollection",
      source: 'world-atlas 2.0.2 countries-110m.json through topojson-client 3.1.0 feature()',
      geojson: true,
    },
    {
      id: 'geo-50m',
      label: 'GeoJSON countries 1:50m',
      what: 'JBB 2: the same at 1:50m',
      source: 'world-atlas 2.0.2 countries-50m.json through topojson-client 3.1.0 feature()',
      geojson: true,
    },
    {
      id: 'geo-50m-x3',
      label: 'GeoJSON countries 1:50m ×3',
      what: 'the 1:50m features three times in one FeatureCollection (new objects each time), for ~10 MB',
      source: 'as geo-50m',
      geojson: true,
    },
    {
      id: 'geo-10m',
      label: 'GeoJSON countries 1:10m',
      what: 'the same at 1:10m',
      source: 'world-atlas 2.0.2 countries-10m.json through topojson-client 3.1.0 feature()',
      geojson: true,
    },
    {
      id: 'random-strings',
      label: 'random nested strings',
      what: 'JBB 3: random nested JSON, mostly strings: non-ASCII (accents, CJK, emoji), escapes, nesting up to depth 10, ~1 MB',
      source: `mulberry32, seed 0x${RANDOM_STRINGS_SEED.toString(16)}`,
      geojson: false,
    },
    {
      id: 'jbb-repeated',
      label: '50,000 repeated records',
      what: "JBB 4: 50,000 × {abcdef: 1, qqq: 13, '19': [1, 2, 3, 4]}",
      source: 'constants',
      geojson: false,
    },
    {
      id: 'jbb-random',
      label: '50,000 random records',
      what: 'JBB 5: as JBB 4 with random float64s in [0, 1) for abcdef and the four array values',
      source: `mulberry32, seed 0x${JBB_RANDOM_SEED.toString(16)} (JBB used Math.random())`,
      geojson: false,
    },
  ].map((entry) => Object.freeze(entry)),
);

export const DATASET_IDS = Object.freeze(DATASETS.map((entry) => entry.id));

const UNMAPPED_ID = /^unmapped-s(0|[1-9][0-9]*)$/;

/** The id of the unmapped data set at tuple growth step `index`. */
export function unmappedId(index) {
  if (!Number.isInteger(index) || index < 0) throw new Error(`documents: bad tuple step index ${index}`);
  return `unmapped-s${index}`;
}

/** The tuple step index of an `unmapped-s<index>` id, or undefined for any other id. */
export function unmappedStepOf(id) {
  const match = UNMAPPED_ID.exec(id);
  return match ? Number(match[1]) : undefined;
}

const USER_PREFIX = 'user:';

/** The id of a user's own document read from the file called `fileName` (no folder). */
export const userDatasetId = (fileName) => `${USER_PREFIX}${fileName}`;

/** Whether `id` names a user's own document rather than a set the project makes. */
export const isUserDataset = (id) => typeof id === 'string' && id.startsWith(USER_PREFIX);

/**
 * The catalog entry of a data set id: one of DATASETS, a made-up entry
 * { id, label, what, source, geojson: false, step } for `unmapped-s<index>`,
 * or { id, label, what, source, geojson: false, user: true, fileName } for a
 * user's `user:<file name>` (whether it is GeoJSON is known from its value
 * alone: user-documents.mjs userDatasetEntry). Throws for an unknown id.
 */
export function datasetInfo(id) {
  const known = DATASETS.find((entry) => entry.id === id);
  if (known) return known;
  if (isUserDataset(id) && id.length > USER_PREFIX.length) {
    const fileName = id.slice(USER_PREFIX.length);
    return Object.freeze({
      id,
      label: `your file ${fileName}`,
      what: `your own JSON document, read from ${fileName}`,
      source: 'your file',
      geojson: false,
      user: true,
      fileName,
    });
  }
  const step = unmappedStepOf(id);
  if (step === undefined)
    throw new Error(
      `documents: unknown data set "${id}" (known: ${DATASET_IDS.join(', ')}, unmapped-s<step>, user:<file name>)`,
    );
  return Object.freeze({
    id,
    label: `tuples as arrays, step ${step}`,
    what: `the tuple dataset at growth step ${step} as [[x, y, z], ...]`,
    source: 'src/workloads/tuples/dataset.mjs',
    geojson: false,
    step,
  });
}
