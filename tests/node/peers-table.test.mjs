// The tables with JS peers (src/workloads/tuples/view.mjs, as the console lays them out): the fastest-JS
// line and the xBestJS columns, gzip-9 only where measured, and the
// cleanliness table merged over sizes.
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { viewText } from '../../src/report/table-view.mjs';
import {
  cleanlinessByPath,
  cleanlinessParts,
  fastestPeers,
  stepParts,
} from '../../src/workloads/tuples/view.mjs';

const renderTables = (rows) => viewText(stepParts(rows));
const renderCleanliness = (rows) => viewText(cleanlinessParts(rows));

const CLEAN = { plainObject: true, exactKeys: true, dataProperties: true, clean: true };
// Five repetitions within 1% of the median: enough for an interval, and every
// ratio here differs from 1 by far more than that spread.
const stats = (median) => {
  const samples = [0.99, 0.995, 1, 1.005, 1.01].map((factor) => median * factor);
  return { median, min: samples[0], max: samples[4], mad: median * 0.005, n: 5, samples };
};

function row(fields) {
  return {
    place: 'node',
    step: 10,
    items: 100,
    jsonBytes: 5000,
    jsonMB: 5000 / 2 ** 20,
    status: 'ok',
    encodedBytes: 1000,
    gzipBytes: 500,
    gzip9Bytes: 480,
    cleanliness: CLEAN,
    ...fields,
  };
}

const json = row({
  codec: 'json',
  impl: 'js',
  interop: 'js',
  library: 'JSON.stringify/JSON.parse',
  batch: 'b',
  encode: stats(4),
  decode: stats(8),
});
// The object floor of batch b: encode 0.5 ms, decode 1 ms.
const floor = row({
  codec: 'objects',
  impl: 'js',
  interop: 'js',
  variant: 'floor',
  library: 'plain JS',
  batch: 'b',
  encode: stats(0.5),
  decode: stats(1),
});
const wasm = row({
  codec: 'msgpack',
  impl: 'cpp',
  interop: 'typed',
  batch: 'b',
  encode: stats(1),
  decode: stats(2),
});
const fastEncoder = row({
  codec: 'msgpack',
  impl: 'js',
  interop: 'js',
  library: 'msgpackr 2.1.4',
  variant: 'records',
  encode: stats(2),
  decode: stats(6),
});
const fastDecoder = row({
  codec: 'protobuf',
  impl: 'js',
  interop: 'js',
  library: 'pbf 5.1.2',
  encode: stats(3),
  decode: stats(4),
  cleanliness: {
    plainObject: false,
    exactKeys: true,
    dataProperties: true,
    clean: false,
    detail: 'item 0 is an X instance, not a plain object',
  },
});
const failed = {
  ...row({ codec: 'bson', impl: 'js', interop: 'js', library: 'bson 7.3.4' }),
  status: 'failed',
  error: 'decode: too big',
};

test('the fastest JS library is picked per operation, failed ones and JSON never; decode among clean ones', () => {
  const fastest = fastestPeers([json, wasm, fastEncoder, fastDecoder, failed]);
  assert.equal(fastest.encode, fastEncoder);
  // pbf decodes faster (4 ms) but hands back class instances: the decode
  // reference is the fastest clean library, pbf is named beside it.
  assert.equal(fastest.decode, fastEncoder);
  assert.equal(fastest.decodeOverall, fastDecoder);
  assert.equal(fastest.cleanKnown, true);
  const noClean = fastestPeers([json, fastDecoder]);
  assert.equal(noClean.decode, undefined);
  assert.equal(noClean.decodeOverall, fastDecoder);
  assert.equal(fastestPeers([json, wasm, failed]), undefined);
});

test('every line of a size is compared with JSON and with the fastest library', () => {
  const text = renderTables([json, floor, wasm, fastEncoder, fastDecoder, failed]);
  const lines = text.split('\n');
  assert.match(
    lines[1],
    /^path +encode ms +decode ms +bytes +gzip +gzip-9 +enc xJSON +dec xJSON +enc xBestJS +dec xBestJS +enc xFloor +dec xFloor +enc interop +dec interop$/,
  );
  const line = (label) => lines.find((candidate) => candidate.startsWith(`${label} `));
  // JSON: encode 4 ms against msgpackr's 2, decode 8 ms against msgpackr's 6
  // (clean); against its batch's floor (0.5 and 1 ms) 0.125x each.
  assert.match(line('json (js)'), /1\.00x +1\.00x +0\.50x +0\.75x +0\.13x +0\.13x +- +-$/);
  // The floor: 8x JSON both ways, 1.00x against itself.
  assert.match(line('objects (js, floor)'), /8\.00x +8\.00x +4\.00x +6\.00x +1\.00x +1\.00x +- +-$/);
  assert.match(
    line('fastest JS library'),
    new RegExp(
      '^fastest JS library +encode msgpack \\(msgpackr\\) \\[records\\] 2\\.00 ms; ' +
        'decode \\(clean\\) msgpack \\(msgpackr\\) \\[records\\] 6\\.00 ms; ' +
        'fastest overall, not clean: protobuf \\(pbf\\) 4\\.00 ms$',
    ),
  );
  // msgpack/typed: encode 1 ms (4x JSON, 2x the best library, 0.5x its
  // floor), decode 2 ms (4x JSON, 3x msgpackr, 0.5x its floor).
  assert.match(
    line('msgpack/typed'),
    /^msgpack\/typed +1\.00 +2\.00 +1000 B +500 B +480 B +4\.00x +4\.00x +2\.00x +3\.00x +0\.50x +0\.50x/,
  );
  // Against itself: ratio 1, its interval contains 1; no floor in its batch.
  assert.match(line('msgpack (msgpackr) [records]'), /~1\.00x +~1\.00x +- +- +- +-$/);
  assert.match(line('bson (bson)'), /FAILED: decode: too big$/);
  // The line order: baseline, floor, then paths as they came, the fastest line at the foot.
  assert.deepEqual(
    lines.slice(3).map((text) => text.split(/ {2,}/)[0]),
    [
      'json (js)',
      'objects (js, floor)',
      'msgpack/typed',
      'msgpack (msgpackr) [records]',
      'protobuf (pbf)',
      'bson (bson)',
      'fastest JS library',
    ],
  );
});

test('no gzip-9 column where no row has it, no fastest line without libraries', () => {
  const strip = ({ gzip9Bytes, ...rest }) => rest;
  const text = renderTables([strip(json), strip(wasm)]);
  assert.doesNotMatch(text, /gzip-9/);
  assert.doesNotMatch(text, /fastest JS library/);
  assert.match(text, /enc xBestJS/);
});

test('cleanliness: one line per path, a check holds only if it held at every size', () => {
  const later = {
    ...wasm,
    step: 11,
    cleanliness: { ...CLEAN, exactKeys: false, clean: false, detail: 'item 3 has extra own properties w' },
  };
  const byPath = cleanlinessByPath([json, wasm, later, fastDecoder, failed, { ...json, batch: 'c' }]);
  assert.deepEqual(
    byPath.map(({ label }) => label),
    ['json (js)', 'msgpack/typed', 'protobuf (pbf)'],
  );
  assert.deepEqual(byPath[1].cleanliness, {
    plainObject: true,
    exactKeys: false,
    dataProperties: true,
    clean: false,
    detail: 'item 3 has extra own properties w',
  });
  const text = renderCleanliness([json, wasm, later, fastDecoder]);
  assert.match(text, /^path +plain +keys +data +clean +detail$/m);
  assert.match(text, /^json \(js\) +yes +yes +yes +yes$/m);
  assert.match(text, /^msgpack\/typed +yes +no +yes +no +item 3 has extra own properties w$/m);
  assert.match(text, /^protobuf \(pbf\) +no +yes +yes +no +item 0 is an X instance, not a plain object$/m);
  assert.equal(renderCleanliness([failed]), '', 'nothing measured, no table');
});
