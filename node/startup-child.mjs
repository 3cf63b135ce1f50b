// One process of a start-up plan (src/harness/startup.mjs, docs/startup-memory.md):
// a fresh Node process loads one path and measures it as the workload's
// child measures a block of one member, while this file watches what a
// user pays from nothing to the first result: the engine's compile and
// instantiate of every wasm module (timed where they happen), the loading
// around them (JS imports, glue, files), the first encode and decode, the
// warm calls, the memory kept and the process's peak RSS. It sends one
// start-up row per path, as node/child.mjs sends rows.

import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { probeWebAssembly, startupRow } from '../src/harness/startup.mjs';
import { verdictOptionsFor } from '../src/harness/block-verdicts.mjs';

// Before anything compiles a module.
const wasm = probeWebAssembly();
const now = () => performance.now();

process.on('disconnect', () => process.exit(0));

const send = (message) =>
  process.send
    ? new Promise((resolve, reject) => process.send(message, (error) => (error ? reject(error) : resolve())))
    : Promise.resolve(console.log(JSON.stringify(message)));

async function main() {
  const job = JSON.parse(process.argv[2]);
  const root = join(dirname(fileURLToPath(import.meta.url)), '..');
  const folder = join(root, 'src', 'workloads', job.workload);
  const [workload, entry] = await Promise.all([
    import(pathToFileURL(join(folder, 'child.mjs')).href),
    import(pathToFileURL(join(folder, 'workload.mjs')).href),
  ]);
  // The member's load starts at its progress message and ends at its first
  // call; the GCs the protocol runs before that call are not the load's.
  const watch = { loadStart: undefined, loadMs: undefined, gcMs: 0, gcAtStart: 0, firstCall: {} };
  const environment = () => ({
    now,
    gc: () => {
      const start = now();
      globalThis.gc?.();
      watch.gcMs += now() - start;
    },
    jsHeapUsed: () => process.memoryUsage().heapUsed,
    onFirstCall: (operation, start, ms) => {
      watch.firstCall[operation] ??= ms;
      if (operation === 'encode' && watch.loadMs === undefined && watch.loadStart !== undefined)
        watch.loadMs = start - watch.loadStart - (watch.gcMs - watch.gcAtStart);
    },
  });
  const rows = await workload.measureJob(job, {
    place: 'node',
    send: async (message) => {
      if (message.type !== 'progress' || watch.loadStart !== undefined) return;
      watch.loadStart = now();
      watch.gcAtStart = watch.gcMs;
    },
    environment,
    importModule: (file) => import(pathToFileURL(file).href),
    readText: (file) => readFileSync(file, 'utf8'),
  });
  const unit = job.block.slice(0, job.block.length - job.batch.length - 1);
  const measured = {
    unit,
    loadMs: watch.loadMs ?? 0,
    wasm,
    firstCall: watch.firstCall,
    // maxRSS is in kilobytes.
    maxRssBytes: process.resourceUsage().maxRSS * 1024,
  };
  for (const row of rows ?? [])
    await send({ type: 'row', row: startupRow(row, measured, verdictOptionsFor(entry.default)) });
  await send({ type: 'done' });
}

main().then(
  () => process.disconnect?.(),
  (error) => {
    process.stderr.write(`startup-child: ${error?.stack ?? error}\n`);
    process.exit(1);
  },
);
