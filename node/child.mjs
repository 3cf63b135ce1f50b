// One (codec, strategy), one pure-JS peer or the JSON baseline alone, in a
// fresh process started by node/bench.mjs with --expose-gc. Regenerates the
// dataset itself, measures at every step it is given, and sends each row to
// the parent over IPC as soon as it is measured.
//
// argv[2] is a JSON job: { codec, strategy } for a wasm codec, { peer } (a
//   name in the peer registry) for a JS library or { baseline: true } for
//   the JSON baseline alone, plus { warmup, repetitions, buildDir, loader,
//   peerRegistry, protoFile, batch, subject } and either
//   - steps: [{ index, count, jsonBytes, jsonMB }] (the sweep): the JSON
//     baseline and the path are measured at each step, in this process;
//   - limits: { minMB, maxMB, perDecade, afterStep } (--limits): the path
//     alone, at the grid's steps above step `afterStep`, until it fails or
//     the next step is larger than maxMB.
// Messages: { type: 'ready', library } | { type: 'progress', step, ... }
//   | { type: 'growing', targetMB } (limits: growing the dataset to the next size)
//   | { type: 'grow-failed', targetMB, error } | { type: 'row', row }
//   | { type: 'done', end? } (limits: end is 'failed' or 'cap')
// Run by hand (no IPC), it prints the same messages as JSON lines on stdout.
//
// With job.workload === 'messages' (single small records): { codec, strategy }
// or { peer }, plus { records, minRepMs, warmup, repetitions, messagesProtoFile,
// ... }: the JSON baseline, the subject and (wasm) its floors, record by
// record (src/harness/message-measure.mjs measureMessageBatch). Messages:
// 'ready', { type: 'progress', record, recordNumber, recordCount }, 'row', 'done'.

import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { createGzip, gzipSync } from 'node:zlib';
import { pathToFileURL } from 'node:url';
import { TupleDataset, gridTargets } from '../src/harness/dataset.mjs';
import * as jsonBaseline from '../src/harness/json-baseline.mjs';
import { createJsonBaselinePath } from '../src/harness/json-baseline.mjs';
import {
  createWasmMessagePath,
  failedMessageRow,
  measureMessageBatch,
  messageSink,
} from '../src/harness/message-measure.mjs';
import { createWasmPath, pathLabel } from '../src/harness/paths.mjs';
import { failedRow, measurePath, sink } from '../src/harness/measure.mjs';
import { runSweep } from '../src/harness/sweep.mjs';

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

function nodeEnvironment({ limits }) {
  if (typeof globalThis.gc !== 'function') {
    process.stderr.write('child: gc() is not exposed (start with --expose-gc); timings will include GC\n');
  }
  const environment = {
    now: () => performance.now(),
    gc: globalThis.gc,
    gzipSize: (bytes) => gzipSync(bytes).length,
    gzip9Size: (bytes) => gzipSync(bytes, { level: 9 }).length,
    jsHeapUsed: () => process.memoryUsage().heapUsed,
  };
  if (limits) {
    // Sizes near the limits: stream the gzip and leave gzip -9 out (it is
    // optional in a row), so the sizes do not become the limit themselves.
    environment.gzipSize = streamedGzipSize;
    delete environment.gzip9Size;
  }
  return environment;
}

async function loadPeerPath(job) {
  const registry = await import(pathToFileURL(job.peerRegistry).href);
  const peer = registry.findPeer(job.peer);
  if (!peer) throw new Error(`no peer '${job.peer}' in ${job.peerRegistry}`);
  const protoText = readFileSync(job.protoFile, 'utf8');
  return registry.createPeerPath(peer, { protoText });
}

async function loadPath(job) {
  if (job.baseline) return createJsonBaselinePath();
  if (job.peer !== undefined) return loadPeerPath(job);
  const loader = await import(pathToFileURL(job.loader).href);
  const codec = await loader.loadWasmCodec(job.codec, { buildDir: job.buildDir });
  return createWasmPath(codec, job.strategy);
}

/**
 * --limits: grows the dataset on the grid of src/harness/dataset.mjs's
 * selectSteps (the same steps a sweep with these bounds selects) and
 * measures `path` at each selected step above `afterStep`, until a row
 * fails or the next selected step would be larger than `maxMB`.
 */
async function measureLimits(path, job, env) {
  const { minMB, maxMB, perDecade, afterStep = -1 } = job.limits;
  const dataset = new TupleDataset();
  const lowest = Math.max(minMB, dataset.jsonMB);
  const targets = perDecade > 0 ? gridTargets(lowest, maxMB, perDecade) : [];
  let next = 0;
  let measured = 0;
  for (;;) {
    // Grow to the next selected step: the first at or above the next grid
    // target (every step when perDecade is 0).
    const targetMB = perDecade > 0 ? targets[next] : Math.max(lowest, dataset.jsonMB);
    if (targetMB === undefined || targetMB > maxMB) return 'cap';
    if (dataset.index >= afterStep) await send({ type: 'growing', targetMB });
    try {
      while (dataset.jsonMB < targetMB && dataset.jsonMB <= maxMB) dataset.grow();
    } catch (error) {
      await send({ type: 'grow-failed', targetMB, error: String(error?.message ?? error) });
      return 'failed';
    }
    if (dataset.jsonMB > maxMB) return 'cap';
    const step = dataset.step();
    if (perDecade > 0) while (next < targets.length && targets[next] <= step.jsonMB) next++;
    if (step.index > afterStep) {
      measured += 1;
      await send({ type: 'progress', stepNumber: measured, step, path: pathLabel(path) });
      const row = await measurePath(path, {
        place: PLACE,
        step,
        items: dataset.items,
        warmup: job.warmup,
        repetitions: job.repetitions,
        batch: job.batch,
        env,
      });
      await send({ type: 'row', row });
      if (row.status !== 'ok') return 'failed';
    }
    if (perDecade === 0) dataset.grow();
  }
}

// The JSON baseline of the messages workload (json-baseline.mjs), looked up
// by name so the tuple workload runs whether or not it exists.
function loadJsonMessagePath() {
  if (typeof jsonBaseline.createJsonMessagePath !== 'function') {
    throw new Error('src/harness/json-baseline.mjs has no createJsonMessagePath()');
  }
  return jsonBaseline.createJsonMessagePath();
}

async function loadMessageSubject(job) {
  if (job.peer !== undefined) {
    const registry = await import(pathToFileURL(job.peerRegistry).href);
    const peer = registry.findPeer(job.peer);
    if (!peer) throw new Error(`no peer '${job.peer}' in ${job.peerRegistry}`);
    if (typeof registry.createPeerMessagePath !== 'function') {
      throw new Error(`${job.peerRegistry} has no createPeerMessagePath()`);
    }
    let messagesProtoText;
    try {
      messagesProtoText = readFileSync(job.messagesProtoFile, 'utf8');
    } catch {
      // Only the protobuf peers need it; they say so when it is missing.
    }
    return { subject: await registry.createPeerMessagePath(peer, { messagesProtoText }) };
  }
  const loader = await import(pathToFileURL(job.loader).href);
  const codec = await loader.loadWasmCodec(job.codec, { buildDir: job.buildDir, workload: 'messages' });
  if (!codec.messages) {
    throw new Error(
      `${job.codec}: the module has no message codec (no messages exports in this build; raw never has one)`,
    );
  }
  return { subject: createWasmMessagePath(codec, job.strategy), wasm: { codec, strategy: job.strategy } };
}

async function measureMessages(job) {
  const context = { place: PLACE, batch: job.batch };
  let loaded;
  try {
    loaded = await loadMessageSubject(job);
  } catch (error) {
    const reason = `load: ${error?.message ?? error}`;
    for (const record of job.records) {
      await send({ type: 'row', row: failedMessageRow(job.subject, { ...context, record }, reason) });
    }
    await send({ type: 'done', end: 'load-failed', error: reason });
    return;
  }
  let baseline;
  let baselineError;
  try {
    baseline = loadJsonMessagePath();
  } catch (error) {
    baselineError = `load: ${error?.message ?? error}`;
  }
  await send({ type: 'ready', library: loaded.subject.library });
  const env = nodeEnvironment({ limits: false });
  await measureMessageBatch({
    baseline,
    subject: loaded.subject,
    wasm: loaded.wasm,
    records: job.records,
    place: PLACE,
    batch: job.batch,
    minRepMs: job.minRepMs,
    warmup: job.warmup,
    repetitions: job.repetitions,
    env: { now: env.now, gc: env.gc },
    onProgress: async ({ record, recordNumber, recordCount }) => {
      await send({ type: 'progress', record, recordNumber, recordCount });
      if (baselineError) {
        const row = failedMessageRow(job.baselineSubject, { ...context, record }, baselineError);
        await send({ type: 'row', row });
      }
    },
    onRow: (row) => send({ type: 'row', row }),
  });
  await send({ type: 'done', sink: messageSink() });
}

async function main() {
  const job = JSON.parse(process.argv[2]);
  if (job.workload === 'messages') {
    await measureMessages(job);
    return;
  }
  const limits = job.limits !== undefined;

  let path;
  try {
    path = await loadPath(job);
  } catch (error) {
    // Nothing to compare the baseline with: report the path failed at every
    // step (with --limits, at the first step: the limit is "none").
    const steps = limits ? [] : job.steps;
    for (const step of steps) {
      const row = failedRow(
        job.subject,
        { place: PLACE, step, batch: job.batch },
        `load: ${error?.message ?? error}`,
      );
      await send({ type: 'row', row });
    }
    await send({ type: 'done', end: 'load-failed', error: `load: ${error?.message ?? error}` });
    return;
  }
  await send({ type: 'ready', library: path.library });
  const env = nodeEnvironment({ limits });

  if (limits) {
    const end = await measureLimits(path, job, env);
    await send({ type: 'done', end, sink: sink() });
    return;
  }
  await runSweep({
    paths: job.baseline ? [path] : [createJsonBaselinePath(), path],
    steps: job.steps,
    place: PLACE,
    batch: job.batch,
    warmup: job.warmup,
    repetitions: job.repetitions,
    env,
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
