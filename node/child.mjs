// One job of bench:node (node/bench.mjs) in a fresh process of the runner's
// runtime, started with that runtime's child flags (--expose-gc): the workload's child part (src/workloads/<name>/child.mjs,
// found by convention from job.workload) measures and sends each row to the
// parent over IPC as soon as it is measured.
//
// argv[2] is a JSON job: { workload, batch, subject, warmup, repetitions,
//   buildDir, loader, peerRegistry, ... } plus { codec, strategy } for a wasm
//   codec, { peer } (a name in the peer registry) for a JS library or
//   { baseline: true } for the JSON baseline alone, and the workload's units
//   (sizes, their steps or limits, records or data sets).
// Messages: { type: 'runtime', runtime: { name, version }, gc } (first)
//   | { type: 'ready', library } | { type: 'progress', ... }
//   | { type: 'growing', targetMB } | { type: 'grow-failed', targetMB, error }
//   | { type: 'row', row } | { type: 'done', end?, error? }
// Run by hand (no IPC), it prints the same reports as JSON lines on stdout.

import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { createGzip, gzipSync } from 'node:zlib';
import { DEFAULT_WORKLOAD } from '../src/catalog.mjs';
import { sink } from '../src/harness/block.mjs';
import { currentRuntime, runtimeHeader } from '../src/places.mjs';
import { createZlibCompressor } from './zlib-compressors.mjs';

const PLACE = 'node';
const GZIP_CHUNK_BYTES = 1 << 20;

// The runner is gone (killed, or it stopped us): nobody reads our rows.
process.on('disconnect', () => process.exit(0));

function send(message) {
  if (!process.send) {
    console.log(JSON.stringify(message));
    return Promise.resolve();
  }
  return new Promise((resolve, reject) =>
    process.send(message, (error) => (error ? reject(error) : resolve())),
  );
}

// gzip size at the default level through a stream, so a payload of
// gigabytes does not need a second buffer of its compressed size.
async function streamedGzipSize(bytes) {
  const gzip = createGzip();
  let total = 0;
  gzip.on('data', (chunk) => (total += chunk.length));
  const ended = once(gzip, 'end');
  for (let offset = 0; offset < bytes.byteLength; offset += GZIP_CHUNK_BYTES) {
    if (!gzip.write(bytes.subarray(offset, offset + GZIP_CHUNK_BYTES))) await once(gzip, 'drain');
  }
  gzip.end();
  await ended;
  return total;
}

// The runtime's forced GC (its declaration's), or undefined when this process has none.
const forceGc = (await currentRuntime()).gc.force();

// Whether the forced GC collects: an object only a WeakRef holds is gone
// after it (a WeakRef keeps its target until the task that made it ends).
async function gcCollects() {
  if (typeof forceGc !== 'function') return false;
  const ref = (() => new WeakRef({ garbage: new Array(1000).fill(0) }))();
  await new Promise((resolve) => setTimeout(resolve, 0));
  forceGc();
  await new Promise((resolve) => setTimeout(resolve, 0));
  return ref.deref() === undefined;
}

function nodeEnvironment({ limits }) {
  if (typeof forceGc !== 'function') {
    process.stderr.write('child: this runtime exposes no GC to force; timings will include GC\n');
  }
  const environment = {
    now: () => performance.now(),
    gc: forceGc,
    gzipSize: (bytes) => gzipSync(bytes).length,
    gzip9Size: (bytes) => gzipSync(bytes, { level: 9 }).length,
    jsHeapUsed: () => process.memoryUsage().heapUsed,
    // The compression stage's node:zlib compressors (CompressionStream and wasm come with the harness).
    compressor: ({ format, level, where }) =>
      where.startsWith('node:zlib') ? createZlibCompressor(format, level, where) : undefined,
  };
  if (limits) {
    // Sizes near the limits: stream the gzip and leave gzip -9 out (it is
    // optional in a row), so the sizes do not become the limit themselves.
    environment.gzipSize = streamedGzipSize;
    delete environment.gzip9Size;
  }
  return environment;
}

async function main() {
  const job = JSON.parse(process.argv[2]);
  // What this process is, for the runner to check against its own runtime, and whether its GC works.
  const { name, version } = await runtimeHeader();
  await send({ type: 'runtime', runtime: { name, version }, gc: await gcCollects() });
  const root = join(dirname(fileURLToPath(import.meta.url)), '..');
  const workload = await import(
    pathToFileURL(join(root, 'src', 'workloads', job.workload ?? DEFAULT_WORKLOAD, 'child.mjs')).href
  );
  const rows = await workload.measureJob(job, {
    place: PLACE,
    send,
    environment: nodeEnvironment,
    importModule: (file) => import(pathToFileURL(file).href),
    readText: (file) => readFileSync(file, 'utf8'),
  });
  // A block's rows, sent once its process is done (a workload that sends its own resolves to nothing).
  if (!rows) return;
  for (const row of rows) await send({ type: 'row', row });
  await send({ type: 'done', sink: sink() });
}

main().then(
  () => process.disconnect?.(),
  (error) => {
    process.stderr.write(`child: ${error?.stack ?? error}\n`);
    process.exit(1);
  },
);
