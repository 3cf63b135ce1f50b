// The documents workload's data sets (docs/documents.md#data-sets): plain JS
// values, the same in Node and in the page, made from pinned npm packages
// and fixed seeds only. Browser-safe: the world-atlas topologies come from
// topologies.mjs, whose page variant (topologies.browser.mjs) loads each
// one on first use instead of carrying 4.5 MB of JSON in the page's bundle;
// so a caller awaits prepareDataset(id) before makeDataset(id).
//
// The catalog (ids, labels, the `unmapped-s<index>` id scheme) is in
// dataset-catalog.mjs, re-exported here.
//
// PRNG: mulberry32 (32-bit state, one 32-bit output per call), written out
// below; a float64 in [0, 1) takes two outputs (the high 26 bits of the
// first, the high 27 of the second, as 53 bits over 2^53), so every float
// has full precision. Seeds: RANDOM_STRINGS_SEED and JBB_RANDOM_SEED.

import { feature } from 'topojson-client';
import { loadTopology, topology } from './topologies.mjs';

import { TupleDataset } from '../tuples/dataset.mjs';
import {
  JBB_ITEMS,
  JBB_RANDOM_SEED,
  RANDOM_STRINGS_BYTES,
  RANDOM_STRINGS_MAX_DEPTH,
  RANDOM_STRINGS_SEED,
  datasetInfo,
  isUserDataset,
  unmappedStepOf,
} from './dataset-catalog.mjs';

// The catalog's names, for the modules that import them with the data sets.
export * from './dataset-catalog.mjs';

/** The world-atlas resolution each geo data set is made from. */
const RESOLUTION_OF = { 'geo-110m': '110m', 'geo-50m': '50m', 'geo-50m-x3': '50m', 'geo-10m': '10m' };

/**
 * Resolves when what data set `id` is made from is at hand: in the page,
 * its topology, loaded on first use; in Node topology() reads it when asked.
 */
export async function prepareDataset(id) {
  if (RESOLUTION_OF[id]) await loadTopology(RESOLUTION_OF[id]);
}

/**
 * A fresh value of the project's data set `id` (callers may keep or mutate
 * it), once prepareDataset(id) resolved; not of a user's document.
 */
export function makeDataset(id) {
  switch (id) {
    case 'geo-110m':
    case 'geo-50m':
    case 'geo-10m':
      return countriesOf(RESOLUTION_OF[id]);
    case 'geo-50m-x3': {
      // Three separate conversions: the copies share no objects.
      const copies = [1, 2, 3].map(() => countriesOf(RESOLUTION_OF[id]));
      return { type: 'FeatureCollection', features: copies.flatMap((copy) => copy.features) };
    }
    case 'random-strings':
      return makeRandomStrings();
    case 'jbb-repeated':
      return makeJbbRepeated();
    case 'jbb-random':
      return makeJbbRandom();
    default: {
      const step = unmappedStepOf(id);
      if (step !== undefined) return makeUnmapped(step);
      if (isUserDataset(id))
        throw new Error(`documents: ${id} is a user's document, read from its file (user-documents.mjs)`);
      datasetInfo(id); // throws the unknown-id error
      return undefined;
    }
  }
}

function countriesOf(resolution) {
  const source = topology(resolution);
  if (!source)
    throw new Error(`documents: the ${resolution} topology is not loaded (await prepareDataset first)`);
  // feature() builds new objects on every call and never mutates the topology.
  return feature(source, source.objects.countries);
}

/**
 * The tuple dataset at growth step `step` (an index, or a step object with
 * `index`, as selectSteps gives) as [[x, y, z], ...].
 */
export function makeUnmapped(step) {
  const index = typeof step === 'number' ? step : step?.index;
  if (!Number.isInteger(index) || index < 0)
    throw new Error(`documents: bad tuple step ${JSON.stringify(step)}`);
  const dataset = new TupleDataset();
  while (dataset.index < index) dataset.grow();
  return dataset.items.map(({ x, y, z }) => [x, y, z]);
}

/** Step facts of an unmapped set, as the manifest carries them: { step, items, jsonMB } (the tuple step's). */
export function unmappedStepInfo(index) {
  const dataset = new TupleDataset();
  while (dataset.index < index) dataset.grow();
  return { step: index, items: dataset.items.length, jsonMB: dataset.jsonMB };
}

// ---------------------------------------------------------------------------
// The PRNG.

/** mulberry32: a seeded generator of uint32s; next() -> [0, 2^32). */
export function mulberry32(seed) {
  let state = seed >>> 0;
  return function next() {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (t ^ (t >>> 14)) >>> 0;
  };
}

/** A float64 in [0, 1) with 53 random bits, from two outputs of `next`. */
export function float53(next) {
  const high = next() >>> 6; // 26 bits
  const low = next() >>> 5; // 27 bits
  return (high * 134217728 + low) / 9007199254740992;
}

// ---------------------------------------------------------------------------
// JBB 4 and 5.

function makeJbbRepeated() {
  const items = new Array(JBB_ITEMS);
  // '19' is an integer-like key, so JS orders it first ({"19":[...],"abcdef":1,"qqq":13});
  // the data set keeps JS's own semantics: that order is its order everywhere.
  for (let i = 0; i < JBB_ITEMS; i++) items[i] = { abcdef: 1, qqq: 13, 19: [1, 2, 3, 4] };
  return items;
}

function makeJbbRandom() {
  const next = mulberry32(JBB_RANDOM_SEED);
  const items = new Array(JBB_ITEMS);
  // Draw order per item: abcdef, then the four array values. Key order as in jbb-repeated ('19' first).
  for (let i = 0; i < JBB_ITEMS; i++) {
    const abcdef = float53(next);
    const array = [float53(next), float53(next), float53(next), float53(next)];
    items[i] = { abcdef, qqq: 13, 19: array };
  }
  return items;
}

// ---------------------------------------------------------------------------
// JBB 3: random nested JSON, mostly strings.

// Pieces strings are made of, by kind. Every piece is whole code points, so
// no string ever holds a lone surrogate.
const ASCII_WORDS =
  'lorem ipsum dolor sit amet consectetur adipiscing elit sed do eiusmod tempor incididunt ut labore et dolore magna aliqua'.split(
    ' ',
  );
const ACCENTED = 'àáâãäåæçèéêëìíîïñòóôõöøùúûüýÿßœŁłŚśŻżČčŘřŠšŽžĞğİıŐőŰű';
const GREEK_CYRILLIC = 'αβγδεζηθικλμνξοπρστυφχψωЖжЗзИиЙйКкЛлМмНнОоПпФфЦцЧчШшЩщЫыЭэЮюЯя';
// Escapes JSON.stringify must write: quote, backslash, the named control
// characters and other C0 controls (\u0000..\u001f), plus U+2028/U+2029.
const ESCAPES = [
  '"',
  '\\',
  '\n',
  '\r',
  '\t',
  '\b',
  '\f',
  '\u0000',
  '\u0001',
  '\u001f',
  '\u007f',
  '\u2028',
  '\u2029',
  '/',
];

function pick(next, list) {
  return list[next() % list.length];
}

function codePointIn(next, first, last) {
  return String.fromCodePoint(first + (next() % (last - first + 1)));
}

// One piece of text of a kind chosen at random: mostly ASCII words.
function piece(next) {
  const roll = next() % 100;
  if (roll < 50) return pick(next, ASCII_WORDS);
  if (roll < 62) return [...ACCENTED][next() % [...ACCENTED].length];
  if (roll < 70) return [...GREEK_CYRILLIC][next() % [...GREEK_CYRILLIC].length];
  if (roll < 82) return codePointIn(next, 0x4e00, 0x9fff); // CJK unified ideographs
  if (roll < 88) return codePointIn(next, 0x1f300, 0x1f64f); // emoji (astral: surrogate pairs in JS)
  if (roll < 90) return codePointIn(next, 0x20000, 0x2a6df); // CJK extension B (astral)
  return pick(next, ESCAPES);
}

function randomString(next, maxPieces) {
  const count = next() % (maxPieces + 1);
  let text = '';
  for (let i = 0; i < count; i++) text += (i > 0 && next() % 3 === 0 ? ' ' : '') + piece(next);
  return text;
}

// A key: short text; never U+0000 (BSON and FlexBuffers write keys as
// NUL-terminated strings, as realistic keys allow), never "__proto__".
function randomKey(next) {
  for (;;) {
    const key = randomString(next, 4).replaceAll('\u0000', '');
    if (key !== '__proto__') return key;
  }
}

// A value whose containers sit at depth `depth` (top level = 1). Mostly
// strings; containers get rarer deeper down, and none past the maximum.
function randomValue(next, depth) {
  const roll = next() % 100;
  const containers = depth < RANDOM_STRINGS_MAX_DEPTH ? 30 : 0;
  if (roll < containers / 2) return randomObject(next, depth + 1);
  if (roll < containers) return randomArray(next, depth + 1);
  if (roll < 86) return randomString(next, 12);
  if (roll < 91) return (next() | 0) % 100000; // int32-range integers
  if (roll < 95) return (float53(next) - 0.5) * 10 ** (next() % 12);
  if (roll < 98) return next() % 2 === 0;
  return null;
}

function randomObject(next, depth) {
  const object = {};
  const count = next() % 6;
  for (let i = 0; i < count; i++) object[randomKey(next)] = randomValue(next, depth);
  return object;
}

function randomArray(next, depth) {
  const count = next() % 6;
  const array = [];
  for (let i = 0; i < count; i++) array.push(randomValue(next, depth));
  return array;
}

const utf8 = new TextEncoder();

function makeRandomStrings() {
  const next = mulberry32(RANDOM_STRINGS_SEED);
  // The top level is an object of records; each record is an object holding
  // a chain of nested objects down to the maximum depth, so every record
  // reaches it, with random values beside the chain.
  const top = {};
  let bytes = 2; // '{}'
  for (let index = 0; bytes < RANDOM_STRINGS_BYTES; index++) {
    const key = `record ${index} ${randomKey(next)}`;
    const record = randomChain(next, 2);
    top[key] = record;
    bytes +=
      (index > 0 ? 1 : 0) +
      utf8.encode(JSON.stringify(key)).length +
      1 +
      utf8.encode(JSON.stringify(record)).length;
  }
  return top;
}

// An object at depth `depth` with random members and, below the maximum
// depth, one member "next" that continues the chain (alternating with an
// array holding it).
function randomChain(next, depth) {
  const object = randomObject(next, depth);
  if (depth < RANDOM_STRINGS_MAX_DEPTH) {
    const inArray = depth % 3 === 0 && depth + 2 <= RANDOM_STRINGS_MAX_DEPTH;
    const below = randomChain(next, depth + (inArray ? 2 : 1));
    object.next = inArray ? [randomString(next, 6), below] : below;
  }
  return object;
}
