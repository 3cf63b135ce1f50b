// The Node runner behind `npm run bench:node`: one fresh child process per
// job ((codec, strategy) or pure-JS peer) and size or record, rows streamed
// back (node/children.mjs; --limits: one child per job), the results
// file rewritten after every row, tables printed at the end. What a job
// measures, and how, is the workload's (src/workloads/<name>/runner.mjs);
// with --resume, an interrupted run goes on. See `--help`.

import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildHeader, measureTimerResolution, protocolHeader, runHeader } from '../src/harness/results.mjs';
import { DEFAULT_WORKLOAD, WORKLOAD_NAMES, workloadInfo } from '../src/catalog.mjs';
import { createResultsValidator } from '../src/harness/validate.mjs';
import { HELP } from './bench-help.mjs';
import { runBlocks } from './blocks.mjs';
import { runChildProcess, runUnitsJob } from './children.mjs';
import { blockDecided, blockVerdicts } from '../src/harness/block-verdicts.mjs';
import { EQUIVALENCE, LEVEL } from '../src/harness/paired.mjs';
import { optionsFromProtocol, parseOptions, resolveCodecs } from './cli.mjs';
import { displayPath, log } from './log.mjs';
import { REPO_ROOT, UsageError, isolationOf, selectPeers } from './options.mjs';
import { RunError, finishRun, machineInfo, openRun, readResumeFile } from './run-file.mjs';
import { registerWorkloadFolders, resultsSchema } from '../src/workload-folders.mjs';

const PLACE = 'node';
const WORKLOADS_DIR = join(REPO_ROOT, 'src', 'workloads');

async function importModule(file) {
  try {
    return await import(pathToFileURL(file).href);
  } catch (error) {
    throw new RunError(`cannot load ${relative(process.cwd(), file)}: ${error.message}`);
  }
}

/** A workload's runner hooks, found by convention from its name. */
function importWorkload(name) {
  return importModule(join(WORKLOADS_DIR, name, 'runner.mjs'));
}

/** The workload a results file to resume holds (its checks come later). */
function workloadOfFile(file) {
  try {
    const name = JSON.parse(readFileSync(file, 'utf8')).run?.workload;
    return WORKLOAD_NAMES.includes(name) ? name : DEFAULT_WORKLOAD;
  } catch {
    return DEFAULT_WORKLOAD;
  }
}

function readBuildInfo(loader, buildDir) {
  try {
    return loader.readWasmBuildInfo(buildDir);
  } catch (error) {
    const hint = /build-wasm/.test(error.message) ? '' : ' (build it with: bash scripts/build-wasm.sh)';
    throw new RunError(`no usable wasm build in ${displayPath(buildDir)}: ${error.message}${hint}`);
  }
}

// Node refuses an unknown flag only when a process starts with it: try it
// once here, so a typo is a bad option and not a failed row per child.
function checkChildNodeOptions(flags) {
  if (flags.length === 0) return;
  const check = spawnSync(process.execPath, [...flags, '-e', '0'], { encoding: 'utf8', timeout: 30_000 });
  if (check.status === 0) return;
  const why = check.stderr.trim().split('\n')[0] || `exit ${check.status ?? check.signal}`;
  throw new UsageError(
    `--child-node-options: node does not start with '${flags.join(' ')}': ${why} (accepted: flags node accepts)`,
  );
}

function runFields(options, workload, peers, buildInfo, plan) {
  return {
    place: PLACE,
    workload: options.workload,
    date: new Date(),
    machine: machineInfo(),
    runtime: { name: 'node', version: process.version, v8: process.versions.v8 },
    build: buildHeader(buildInfo, options.workload),
    protocol: {
      ...protocolHeader({
        ...workload.protocolFields(options, plan),
        mode: options.mode,
        gc: true,
        timerResolutionMs: measureTimerResolution(),
        timeoutSeconds: options.timeoutSeconds,
        childNodeOptions: options.childNodeOptions.length > 0 ? options.childNodeOptions : undefined,
        codecs: options.codecs,
        strategies: options.strategies,
        // Whether the Node-API addon's paths were asked for (--no-addon: false).
        addon: options.addon,
        peers: peers.map((peer) => peer.name),
        // The compression stage (docs/design.md#compression), when asked for.
        compression: options.compression,
        blocks: options.mode === 'blocks' ? blockProtocol(options, workload, peers) : undefined,
      }),
      isolation: isolationOf({
        place: PLACE,
        protocol: workloadInfo(options.workload).protocol,
        limits: options.mode === 'limits',
        blocks: options.mode === 'blocks',
      }),
    },
  };
}

/**
 * protocol.blocks of a block run: the stopping rule, the interval and the
 * fastest-library set of each operation (path labels), which the verdicts
 * of every reader of the file take (src/harness/block-verdicts.mjs).
 */
function blockProtocol(options, workload, peers) {
  return {
    looks: options.looks,
    budgetSeconds: options.budgetSeconds,
    level: LEVEL,
    equivalence: [EQUIVALENCE.low, EQUIVALENCE.high],
    fastest: workload.fastestSets(PLACE, peers, options),
    ...(options.contenders && { contenders: options.contenders }),
  };
}

/** The libraries of a block run without --peers: the workload's fastest sets in Node (a RunError if it has none). */
function blockPeersOf(workload) {
  try {
    return workload.blockPeers(PLACE);
  } catch (error) {
    throw new RunError(error.message);
  }
}

/** The block protocol's run (node/blocks.mjs): its rows go into the store, its history into the header. */
async function runBlockProtocol({ options, workload, peers, registry, buildInfo, plan, store }) {
  const sets = store.run.protocol.blocks.fastest;
  const kinds = workload.blockKinds(options, peers, registry, buildInfo, plan, sets);
  const jobFields = commonJobFields(options, workload, plan);
  store.run.blocks = await runBlocks(
    kinds.map((kind) => ({ ...kind, job: { ...jobFields, ...kind.job } })),
    {
      options,
      store,
      runChildProcess,
      onStart: (child) => store.setChild(child),
      decided: (rows, key) => blockDecided(blockVerdicts(rows, { sets, ...workload.verdictOptions }), key),
    },
  );
}

async function main(argv) {
  await registerWorkloadFolders().catch((error) => {
    throw new RunError(`cannot load a workload folder: ${error.message}`);
  });
  let options = parseOptions(argv);
  if (options.help) {
    process.stdout.write(`${HELP}\n`);
    return 0;
  }
  const name = options.resume ? workloadOfFile(options.resume) : options.workload;
  const workload = await importWorkload(name);
  const validate = createResultsValidator(await resultsSchema());
  const resumed = options.resume ? readResumeFile(options.resume, validate, PLACE) : undefined;
  if (resumed) options = optionsFromProtocol(resumed.run.protocol, options, resumed.run.workload);
  checkChildNodeOptions(options.childNodeOptions);

  const registry = await importModule(options.peerRegistry);
  // A block run's libraries are the fastest sets unless --peers names others.
  const requested =
    options.mode === 'blocks' && options.peers === undefined ? blockPeersOf(workload) : options.peers;
  const peers = selectPeers(requested, registry, PLACE, workload.takesPeer);
  const loader = await importModule(options.loader);
  const buildInfo = readBuildInfo(loader, options.buildDir);
  options = resolveCodecs(options, buildInfo);
  if (options.mode === 'blocks') options = { ...options, contenders: workload.contenders(PLACE, options) };
  const ctx = { place: PLACE, log, UsageError, runChildProcess, runUnitsJob };
  const plan = workload.plan(options, ctx);

  const store = openRun({
    fresh: runHeader(runFields(options, workload, peers, buildInfo, plan)),
    resumed,
    out: options.out,
  });
  workload.prepareRun(store.run, options, { plan, store });
  const jobs = workload.jobs(options, peers, registry, buildInfo);
  log(workload.describePlan(options, jobs, plan));
  if (resumed) log(`resuming ${displayPath(options.out)}: ${store.rows.length} rows kept`);
  store.save();

  if (options.mode === 'blocks') {
    await runBlockProtocol({ options, workload, peers, registry, buildInfo, plan, store });
  } else await runJobs(jobs, { options, workload, plan, store, ctx });

  finishRun(store, options.out, validate);
  process.stdout.write(`${workload.render(store.rows, store.run, options)}\n`);
  log(
    `wrote ${store.rows.length} rows (${workload.failedCount(store.rows)} failed) to ${displayPath(options.out)}`,
  );
  return 0;
}

/** What every child's job carries whatever it measures. */
function commonJobFields(options, workload, plan) {
  return {
    workload: options.workload,
    warmup: options.warmup,
    repetitions: options.repetitions,
    buildDir: options.buildDir,
    loader: options.loader,
    peerRegistry: options.peerRegistry,
    protoFile: options.protoFile,
    ...(options.compression && { compression: options.compression }),
    ...workload.jobFields(options, plan),
  };
}

/** The sweep or --limits: every job in its own child process(es), one after the other. */
async function runJobs(jobs, { options, workload, plan, store, ctx }) {
  for (const [number, jobKind] of jobs.entries()) {
    const job = { ...jobKind, ...commonJobFields(options, workload, plan) };
    const prefix = `[${number + 1}/${jobs.length}] ${job.batch}`;
    const onStart = (child) => {
      store.setChild(child);
      log(`${prefix}: child process ${child.pid}`);
    };
    await workload.runJob(job, { ...ctx, options, plan, store, prefix, onStart });
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error) => {
    if (error instanceof UsageError) {
      process.stderr.write(`bench:node: ${error.message}\n`);
      process.exit(2);
    }
    process.stderr.write(`bench:node: ${error instanceof RunError ? error.message : error.stack}\n`);
    process.exit(1);
  },
);
