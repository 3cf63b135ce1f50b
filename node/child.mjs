// One (codec, strategy) or one pure-JS peer of the Node runner, in a fresh
// process started by node/bench.mjs with --expose-gc. Regenerates the
// dataset itself, measures the JSON baseline and the path at every step it
// is given, and sends each row to the parent over IPC as soon as it is
// measured.
//
// argv[2] is a JSON job: { codec, strategy } for a wasm codec or { peer } (a
//   name in the peer registry) for a JS library, plus { steps: [{ index,
//   count, jsonBytes, jsonMB }], warmup, repetitions, buildDir, loader,
//   peerRegistry, batch }
// Messages: { type: 'ready', library } | { type: 'progress', ... } | { type: 'row', row } | { type: 'done' }
// Run by hand (no IPC), it prints the same messages as JSON lines on stdout.

import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { pathToFileURL } from 'node:url';
import { createJsonBaselinePath } from '../src/harness/json-baseline.mjs';
import { createWasmPath, pathLabel } from '../src/harness/paths.mjs';
import { failedRow, sink } from '../src/harness/measure.mjs';
import { runSweep } from '../src/harness/sweep.mjs';

const PLACE = 'node';

function send(message) {
  if (!process.send) {
    console.log(JSON.stringify(message));
    return Promise.resolve();
  }
  return new Promise((resolve, reject) =>
    process.send(message, (error) => (error ? reject(error) : resolve())),
  );
}

function nodeEnvironment() {
  if (typeof globalThis.gc !== 'function') {
    process.stderr.write('child: gc() is not exposed (start with --expose-gc); timings will include GC\n');
  }
  return {
    now: () => performance.now(),
    gc: globalThis.gc,
    gzipSize: (bytes) => gzipSync(bytes).length,
    gzip9Size: (bytes) => gzipSync(bytes, { level: 9 }).length,
    jsHeapUsed: () => process.memoryUsage().heapUsed,
  };
}

async function loadPeerPath(job) {
  const registry = await import(pathToFileURL(job.peerRegistry).href);
  const peer = registry.findPeer(job.peer);
  if (!peer) throw new Error(`no peer '${job.peer}' in ${job.peerRegistry}`);
  const protoText = readFileSync(job.protoFile, 'utf8');
  return registry.createPeerPath(peer, { protoText });
}

async function loadPath(job) {
  if (job.peer !== undefined) return loadPeerPath(job);
  const loader = await import(pathToFileURL(job.loader).href);
  const codec = await loader.loadWasmCodec(job.codec, { buildDir: job.buildDir });
  return createWasmPath(codec, job.strategy);
}

async function main() {
  const job = JSON.parse(process.argv[2]);
  const baseline = createJsonBaselinePath();

  let path;
  try {
    path = await loadPath(job);
  } catch (error) {
    // Nothing to compare the baseline with: report the path failed at every step.
    for (const step of job.steps) {
      const row = failedRow(
        job.subject,
        { place: PLACE, step, batch: job.batch },
        `load: ${error?.message ?? error}`,
      );
      await send({ type: 'row', row });
    }
    await send({ type: 'done' });
    return;
  }
  await send({ type: 'ready', library: path.library });

  await runSweep({
    paths: [baseline, path],
    steps: job.steps,
    place: PLACE,
    batch: job.batch,
    warmup: job.warmup,
    repetitions: job.repetitions,
    env: nodeEnvironment(),
    onProgress: ({ stepNumber, stepCount, step, path }) =>
      send({ type: 'progress', stepNumber, stepCount, step, path: pathLabel(path) }),
    onRow: (row) => send({ type: 'row', row }),
  });
  await send({ type: 'done', sink: sink() });
}

main().then(
  () => process.disconnect?.(),
  (error) => {
    process.stderr.write(`child: ${error?.stack ?? error}\n`);
    process.exit(1);
  },
);
