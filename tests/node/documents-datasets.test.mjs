// The documents workload's data sets (src/workloads/documents/datasets.mjs),
// their checksum (checksum.mjs) and the files node/write-documents.mjs
// writes for the native runner.

import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test } from 'node:test';

import { REPO_ROOT } from '../../node/load-wasm.mjs';
import { datasetAtSteps } from '../../src/workloads/tuples/block.mjs';
import { documentChecksum, formatChecksum } from '../../src/workloads/documents/checksum.mjs';
import {
  DATASET_IDS,
  DATASETS,
  JBB_ITEMS,
  RANDOM_STRINGS_MAX_DEPTH,
  datasetInfo,
  float53,
  makeDataset,
  makeUnmapped,
  mulberry32,
  unmappedId,
  unmappedStepOf,
} from '../../src/workloads/documents/datasets.mjs';
import { selectSteps } from '../../src/workloads/tuples/dataset.mjs';

const utf8 = new TextEncoder();
const jsonBytes = (value) => utf8.encode(JSON.stringify(value)).byteLength;

// UTF-8 JSON sizes in bytes, around docs/documents.md's table (decimal MB).
const SIZE_RANGES = {
  'geo-110m': [0.4e6, 0.48e6],
  'geo-50m': [3.7e6, 4.1e6],
  'geo-50m-x3': [11.2e6, 12.3e6],
  'geo-10m': [20.5e6, 22.5e6],
  'random-strings': [1e6, 1.05e6],
  'jbb-repeated': [1.85e6, 1.85e6 + 1],
  'jbb-random': [5.9e6, 6.4e6],
};

function depthOf(value) {
  if (value === null || typeof value !== 'object') return 0;
  let deepest = 0;
  for (const member of Object.values(value)) deepest = Math.max(deepest, depthOf(member));
  return deepest + 1;
}

function* stringsOf(value) {
  if (typeof value === 'string') yield value;
  else if (value !== null && typeof value === 'object') {
    if (!Array.isArray(value)) yield* Object.keys(value);
    for (const member of Object.values(value)) yield* stringsOf(member);
  }
}

// The canonical byte stream of docs/documents.md, built the plain way
// (arrays of bytes, TextEncoder), then FNV-1a: a second implementation to
// check the streaming one against.
function referenceChecksum(value) {
  const bytes = [];
  const u32 = (n) => bytes.push(n & 0xff, (n >>> 8) & 0xff, (n >>> 16) & 0xff, (n >>> 24) & 0xff);
  const text = (s) => {
    const encoded = utf8.encode(s);
    u32(encoded.length);
    bytes.push(...encoded);
  };
  const walk = (v) => {
    if (v === null) bytes.push(0x6e);
    else if (v === false) bytes.push(0x66);
    else if (v === true) bytes.push(0x74);
    else if (typeof v === 'number') {
      bytes.push(0x64, ...new Uint8Array(new Float64Array([v === 0 ? 0 : v]).buffer));
    } else if (typeof v === 'string') {
      bytes.push(0x73);
      text(v);
    } else if (Array.isArray(v)) {
      bytes.push(0x61);
      u32(v.length);
      v.forEach(walk);
    } else {
      const keys = Object.keys(v);
      bytes.push(0x6f);
      u32(keys.length);
      for (const key of keys) {
        text(key);
        walk(v[key]);
      }
    }
  };
  walk(value);
  let hash = 0x811c9dc5;
  for (const byte of bytes) hash = Math.imul(hash ^ byte, 0x01000193) >>> 0;
  return hash;
}

test('the catalog: unique ids, GeoJSON flags, the unmapped id scheme', () => {
  assert.deepEqual(DATASET_IDS, [
    'geo-110m',
    'geo-50m',
    'geo-50m-x3',
    'geo-10m',
    'random-strings',
    'jbb-repeated',
    'jbb-random',
  ]);
  assert.deepEqual(
    DATASETS.filter((entry) => entry.geojson).map((entry) => entry.id),
    ['geo-110m', 'geo-50m', 'geo-50m-x3', 'geo-10m'],
  );
  for (const entry of DATASETS)
    for (const field of ['label', 'what', 'source']) assert.ok(entry[field], field);
  assert.equal(unmappedId(12), 'unmapped-s12');
  assert.equal(unmappedStepOf('unmapped-s12'), 12);
  assert.equal(unmappedStepOf('unmapped-s012'), undefined, 'one spelling per step');
  assert.equal(unmappedStepOf('geo-110m'), undefined);
  assert.deepEqual(
    { ...datasetInfo('unmapped-s3'), label: undefined, what: undefined, source: undefined },
    {
      id: 'unmapped-s3',
      label: undefined,
      what: undefined,
      source: undefined,
      geojson: false,
      step: 3,
    },
  );
  assert.throws(() => makeDataset('geo-1m'), /documents: unknown data set "geo-1m"/);
  assert.throws(() => unmappedId(-1), /bad tuple step index/);
});

test('the PRNG: mulberry32 is seeded and float53 stays in [0, 1) with 53 bits', () => {
  const a = mulberry32(42);
  const b = mulberry32(42);
  const first = Array.from({ length: 5 }, () => a());
  assert.deepEqual(
    first,
    Array.from({ length: 5 }, () => b()),
  );
  assert.notDeepEqual(first, Array.from({ length: 5 }, mulberry32(43)));
  const next = mulberry32(7);
  let fine = false;
  for (let i = 0; i < 1000; i++) {
    const x = float53(next);
    assert.ok(x >= 0 && x < 1, `${x}`);
    // Some value needs more than float32's 24 bits.
    if (Math.fround(x) !== x && (x * 2 ** 53) % 2 === 1) fine = true;
  }
  assert.ok(fine, 'float53 fills the low bits');
});

for (const id of DATASET_IDS) {
  test(`${id}: deterministic, JSON size in its range, a checksum both implementations agree on`, () => {
    const value = makeDataset(id);
    const again = makeDataset(id);
    assert.notEqual(value, again, 'a fresh value per call');
    const checksum = documentChecksum(value);
    assert.equal(documentChecksum(again), checksum, 'two calls, one checksum');
    const size = jsonBytes(value);
    const [low, high] = SIZE_RANGES[id];
    assert.ok(size >= low && size <= high, `${id}: ${size} bytes outside [${low}, ${high}]`);
    if (size < 5e6) assert.equal(referenceChecksum(value), checksum, 'the reference walk');
  });
}

test('the GeoJSON sets: FeatureCollections of countries; x3 repeats 50m as new objects', () => {
  const geo50 = makeDataset('geo-50m');
  const x3 = makeDataset('geo-50m-x3');
  assert.equal(geo50.type, 'FeatureCollection');
  assert.deepEqual(Object.keys(geo50.features[0]), ['type', 'id', 'properties', 'geometry']);
  const count = geo50.features.length;
  assert.ok(count > 200, `${count} features`);
  assert.equal(x3.features.length, 3 * count);
  assert.deepEqual(x3.features[count + 5], geo50.features[5]);
  assert.deepEqual(x3.features[2 * count + 5], geo50.features[5]);
  assert.notEqual(x3.features[5], x3.features[count + 5], 'no shared features');
  assert.notEqual(x3.features[5].geometry.coordinates, x3.features[count + 5].geometry.coordinates);
  assert.equal(makeDataset('geo-110m').features.length, 177);
});

test('a process reads only the topology its data set is made from', () => {
  // In a fresh process: the heap of a geo-110m or random-strings block holds
  // no 1:50m or 1:10m topology (each forced GC before a call would walk it).
  const script = `
    import { createRequire } from 'node:module';
    import path from 'node:path';
    import { makeDataset } from './src/workloads/documents/datasets.mjs';
    const loaded = () => Object.keys(createRequire(import.meta.url).cache)
      .filter((file) => file.includes('world-atlas')).map((file) => path.basename(file));
    makeDataset('random-strings');
    const none = loaded();
    makeDataset('geo-110m');
    console.log(JSON.stringify({ none, geo110m: loaded() }));`;
  const output = execFileSync(process.execPath, ['--input-type=module', '-e', script], {
    cwd: REPO_ROOT,
    encoding: 'utf8',
  });
  assert.deepEqual(JSON.parse(output), { none: [], geo110m: ['countries-110m.json'] });
});

test("jbb-repeated is exactly 50,000 × {'19': [1, 2, 3, 4], abcdef: 1, qqq: 13}", () => {
  const items = makeDataset('jbb-repeated');
  assert.ok(Array.isArray(items));
  assert.equal(items.length, JBB_ITEMS);
  assert.equal(JBB_ITEMS, 50000);
  for (const item of items) assert.deepEqual(item, { abcdef: 1, qqq: 13, 19: [1, 2, 3, 4] });
  // JS puts the integer-like key first; the data set keeps that order.
  assert.deepEqual(Object.keys(items[0]), ['19', 'abcdef', 'qqq']);
  assert.equal(JSON.stringify(items[0]), '{"19":[1,2,3,4],"abcdef":1,"qqq":13}');
  assert.notEqual(items[0], items[1]);
  assert.notEqual(items[0][19], items[1][19]);
});

test('jbb-random: the same shape with seeded float64s in [0, 1)', () => {
  const items = makeDataset('jbb-random');
  assert.equal(items.length, JBB_ITEMS);
  const seen = new Set();
  for (const item of items) {
    assert.deepEqual(Object.keys(item), ['19', 'abcdef', 'qqq']);
    assert.equal(item.qqq, 13);
    assert.equal(item[19].length, 4);
    for (const x of [item.abcdef, ...item[19]]) {
      assert.ok(typeof x === 'number' && x >= 0 && x < 1, `${x}`);
      seen.add(x);
    }
  }
  assert.ok(seen.size > 0.999 * 5 * JBB_ITEMS, 'values are random, not repeated');
});

test('random-strings: mostly strings, non-ASCII, escapes, nesting to depth 10, no lone surrogates', () => {
  const value = makeDataset('random-strings');
  const depth = depthOf(value);
  assert.equal(depth, RANDOM_STRINGS_MAX_DEPTH);
  assert.ok(depth <= 24);
  const strings = [...stringsOf(value)];
  const all = strings.join('');
  assert.ok(strings.length > 20000, `${strings.length} strings`);
  const checks = {
    accents: /[àáâãäåæçèéêëñöøüß]/u,
    cjk: /[\u4e00-\u9fff]/u,
    emoji: /[\u{1f300}-\u{1f64f}]/u,
    quote: /"/,
    backslash: /\\/,
    newline: /\n/,
    'other control characters': /[\u0000-\u0008\u000b\u000c\u000e-\u001f]/,
  };
  for (const [what, pattern] of Object.entries(checks)) assert.match(all, pattern, what);
  assert.doesNotMatch(
    all,
    /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/,
    'lone surrogate',
  );
  // Mostly strings: string leaves outnumber every other leaf together.
  let others = 0;
  const count = (v) => {
    if (v !== null && typeof v === 'object') Object.values(v).forEach(count);
    else if (typeof v !== 'string') others += 1;
  };
  count(value);
  assert.ok(others * 3 < strings.length, `${others} non-string leaves`);
  // The JSON text holds the escapes, and reads back as the same value.
  const text = JSON.stringify(value);
  assert.match(text, /\\"/);
  assert.match(text, /\\u0000/);
  assert.deepEqual(JSON.parse(text), value);
});

test('unmapped-s<step> is the tuple dataset at that step as [x, y, z] arrays', () => {
  const steps = selectSteps({ minMB: 0, maxMB: 0.05, perDecade: 0 });
  assert.ok(steps.length > 20);
  for (const { step, items } of datasetAtSteps(steps)) {
    const expected = items.map(({ x, y, z }) => [x, y, z]);
    assert.deepEqual(makeUnmapped(step.index), expected, `step ${step.index}`);
    assert.deepEqual(makeUnmapped(step), expected);
    assert.deepEqual(makeDataset(unmappedId(step.index)), expected);
  }
  assert.throws(() => makeUnmapped(-2), /bad tuple step/);
});

test('the checksum: the documented walk, FNV-1a, -0 as 0, errors name the path', () => {
  assert.equal(documentChecksum(null), Math.imul(0x811c9dc5 ^ 0x6e, 0x01000193) >>> 0);
  assert.equal(formatChecksum(0x1a), '0x0000001a');
  assert.equal(formatChecksum(0xdeadbeef), '0xdeadbeef');
  const value = { a: [1, 1.5, 'é😀', true, false, null], 'b c': { 19: -2 } };
  assert.equal(documentChecksum(value), referenceChecksum(value));
  assert.notEqual(documentChecksum({ a: 1, b: 2 }), documentChecksum({ b: 2, a: 1 }), 'key order counts');
  assert.notEqual(documentChecksum([1]), documentChecksum(['1']));
  assert.notEqual(documentChecksum(['ab', 'c']), documentChecksum(['a', 'bc']));
  assert.equal(documentChecksum([-0]), documentChecksum([0]));
  assert.throws(() => documentChecksum({ a: [1, '\ud800x'] }), /checksum: \$\.a\[1\]: a lone surrogate/);
  assert.throws(
    () => documentChecksum({ 'k k': new Map() }),
    /checksum: \$\["k k"\]: not a JSON value \(Map\)/,
  );
  assert.throws(() => documentChecksum([undefined]), /checksum: \$\[0\]: not a JSON value \(undefined\)/);
});

test('node/write-documents.mjs writes the files and a manifest that matches them', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'wcb-documents-'));
  try {
    execFileSync(
      process.execPath,
      [
        path.join(REPO_ROOT, 'node', 'write-documents.mjs'),
        dir,
        '--datasets',
        'geo-110m,jbb-repeated',
        '--unmapped-steps',
        '3,20',
      ],
      { stdio: 'pipe' },
    );
    const manifest = JSON.parse(readFileSync(path.join(dir, 'manifest.json'), 'utf8'));
    assert.deepEqual(
      manifest.datasets.map((entry) => entry.id),
      ['geo-110m', 'jbb-repeated', 'unmapped-s3', 'unmapped-s20'],
    );
    for (const entry of manifest.datasets) {
      const file = path.join(dir, entry.file);
      assert.equal(entry.file, `${entry.id}.json`);
      const value = makeDataset(entry.id);
      assert.equal(readFileSync(file, 'utf8'), JSON.stringify(value), entry.id);
      assert.equal(entry.jsonBytes, statSync(file).size);
      assert.match(entry.checksum, /^0x[0-9a-f]{8}$/);
      assert.equal(entry.checksum, formatChecksum(documentChecksum(value)));
      assert.equal(entry.checksum, formatChecksum(documentChecksum(JSON.parse(readFileSync(file, 'utf8')))));
    }
    const [step3, step20] = selectSteps({ minMB: 0, maxMB: 1, perDecade: 0 }).filter((s) =>
      [3, 20].includes(s.index),
    );
    const unmapped = manifest.datasets.slice(2);
    assert.deepEqual(
      unmapped.map(({ step, items, jsonMB }) => ({ step, items, jsonMB })),
      [step3, step20].map((s) => ({ step: s.index, items: s.count, jsonMB: s.jsonMB })),
    );
    assert.equal(manifest.datasets[0].step, undefined, 'fixed sets carry no step');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('node/write-documents.mjs refuses an unknown data set with a usage error', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'wcb-documents-'));
  try {
    assert.throws(
      () =>
        execFileSync(
          process.execPath,
          [path.join(REPO_ROOT, 'node', 'write-documents.mjs'), dir, '--datasets', 'nope'],
          {
            stdio: 'pipe',
          },
        ),
      (error) => error.status === 2 && /unknown data set "nope"/.test(String(error.stderr)),
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
