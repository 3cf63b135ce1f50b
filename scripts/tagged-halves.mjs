// The JS halves of the documents' `tagged` path alone, against msgpackr, in
// one Node process (issue 34): for each default data set of the documents
// block run (and each `--documents FILE`), the median of N calls of
//   - the tagged writer alone (value -> tagged bytes into a ready buffer),
//   - msgpackr's pack of the same value,
//   - the tagged reader alone (ready tagged bytes -> plain value),
//   - msgpackr's unpack of its own bytes,
// each call after a full GC when run with --expose-gc (npm run bench:halves
// does), a tagged call and msgpackr's taking turns. Every value read is checked equal to the data set before anything
// is timed. A benchmark, not a test: the lead runs it.
//
//   node --expose-gc scripts/tagged-halves.mjs [--calls 30] [--warmup 5]
//        [--datasets id,id] [--documents FILE]... [--no-buffer]
//        [--tagged DIR]
// --no-buffer: the route without Node's Buffer (a page's); --tagged: the
// src/workloads/documents folder of another checkout (a git worktree) whose
// halves to time instead, an A/B of a change; a checkout from before the
// halves were split (one tagged.mjs) works too.

import { existsSync, readFileSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { isDeepStrictEqual, parseArgs } from 'node:util';
import { Packr } from 'msgpackr';
import { formatRatio } from '../src/harness/format.mjs';
import { makeDataset, prepareDataset } from '../src/workloads/documents/datasets.mjs';
import { parseUserDocument } from '../src/workloads/documents/user-documents.mjs';
import workload from '../src/workloads/documents/workload.mjs';

const { values: options } = parseArgs({
  options: {
    calls: { type: 'string', default: '30' },
    warmup: { type: 'string', default: '5' },
    datasets: { type: 'string' },
    documents: { type: 'string', multiple: true, default: [] },
    'no-buffer': { type: 'boolean', default: false },
    tagged: { type: 'string' },
  },
});
// The writer, the reader and the string route's switch of the halves in `dir`.
async function loadHalves(dir) {
  const load = (file) => import(pathToFileURL(join(dir, file)).href);
  if (!existsSync(join(dir, 'tagged-reader.mjs'))) {
    const { TaggedReader, TaggedWriter, useBuffer } = await load('tagged.mjs');
    return { TaggedReader, TaggedWriter, useBuffer };
  }
  const [{ TaggedReader }, { TaggedWriter }, { useBuffer }] = await Promise.all(
    ['tagged-reader.mjs', 'tagged-writer.mjs', 'tagged-form.mjs'].map(load),
  );
  return { TaggedReader, TaggedWriter, useBuffer };
}

const { TaggedReader, TaggedWriter, useBuffer } = await loadHalves(
  options.tagged
    ? resolve(options.tagged)
    : fileURLToPath(new URL('../src/workloads/documents/', import.meta.url)),
);
if (options['no-buffer']) {
  if (typeof useBuffer !== 'function') throw new Error('tagged-halves: these halves have no useBuffer');
  useBuffer(false);
}
const calls = Number(options.calls);
const warmup = Number(options.warmup);
if (!(calls >= 1) || !(warmup >= 0)) throw new Error('tagged-halves: --calls >= 1 and --warmup >= 0');
const collect = typeof globalThis.gc === 'function' ? globalThis.gc : () => {};

function median(samples) {
  const sorted = [...samples].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

// Median ms of `calls` calls of each of `a` and `b`, after `warmup` untimed
// ones, the two taking turns: a machine that slows down meanwhile slows both.
function timedPair(a, b) {
  for (let i = 0; i < warmup; i++) {
    a();
    b();
  }
  const samples = [[], []];
  for (let i = 0; i < calls; i++) {
    [a, b].forEach((call, which) => {
      collect();
      const start = performance.now();
      call();
      samples[which].push(performance.now() - start);
    });
  }
  return samples.map(median);
}

function measure(name, value) {
  const packr = new Packr({ useRecords: false });
  // The ready buffer of the writer: one size up front, as the wasm input
  // buffer keeps the largest size any call needed.
  let bytes = new Uint8Array(1 << 20);
  const writer = new TaggedWriter((used, needed) => {
    const bigger = new Uint8Array(Math.max(2 * bytes.length, used + needed));
    bigger.set(bytes.subarray(0, used));
    bytes = bigger;
    return [bytes, 0, bytes.length];
  });
  let length = writer.write(value, bytes, 0, bytes.length);
  const written = bytes.slice(0, length);
  const reader = new TaggedReader();
  const packed = packr.pack(value);
  if (!isDeepStrictEqual(reader.read(written), value))
    throw new Error(`${name}: the tagged reader's value differs`);
  if (!isDeepStrictEqual(packr.unpack(packed), value)) throw new Error(`${name}: msgpackr's value differs`);

  let sink = 0;
  const [write, pack] = timedPair(
    () => {
      length = writer.write(value, bytes, 0, bytes.length);
      sink += length;
    },
    () => {
      sink += packr.pack(value).length;
    },
  );
  const [read, unpack] = timedPair(
    () => {
      sink += reader.read(written) === null ? 0 : 1;
    },
    () => {
      sink += packr.unpack(packed) === null ? 0 : 1;
    },
  );
  if (sink === 0) throw new Error('unreachable');
  const jsonMB = Buffer.byteLength(JSON.stringify(value)) / 1e6;
  return { name, jsonMB, taggedMB: written.length / 1e6, write, pack, read, unpack };
}

const ids = options.datasets ? options.datasets.split(',') : workload.blocks.datasets;
const rows = [];
for (const id of ids) {
  await prepareDataset(id);
  rows.push(measure(id, makeDataset(id)));
}
for (const file of options.documents) {
  rows.push(measure(basename(file), parseUserDocument(file, readFileSync(file))));
}

const ms = (value) => value.toFixed(2);
const header = [
  'data set',
  'JSON MB',
  'tagged MB',
  'write',
  'pack',
  'write/pack',
  'read',
  'unpack',
  'read/unpack',
];
const lines = rows.map((row) => [
  row.name,
  row.jsonMB.toFixed(2),
  row.taggedMB.toFixed(2),
  ms(row.write),
  ms(row.pack),
  formatRatio(row.write / row.pack),
  ms(row.read),
  ms(row.unpack),
  formatRatio(row.read / row.unpack),
]);
const gcText =
  typeof globalThis.gc === 'function' ? 'a GC before each' : 'no GC between (run with --expose-gc)';
const route = options['no-buffer'] ? ', without Buffer' : '';
console.log(
  `Medians of ${calls} calls (ms) after ${warmup} warm-up, ${gcText}${route}; Node ${process.version}`,
);
console.log(`| ${header.join(' | ')} |`);
console.log(`| ${header.map(() => '---').join(' | ')} |`);
for (const line of lines) console.log(`| ${line.join(' | ')} |`);
