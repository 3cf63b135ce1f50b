// The Node runner behind `npm run bench:node`: the run's plan of blocks
// (src/harness/plan.mjs) run by the block runner (node/blocks.mjs), each block
// process a fresh child (node/children.mjs) whose rows stream back, the
// results file rewritten after every process, tables printed at the end
// (--limits: the tuple workload's growth protocol instead). What a block
// measures is the workload's (src/workloads/<name>/); with --resume, an
// interrupted run goes on. See `--help`.

import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  buildHeader,
  comparedBuildsHeader,
  measureTimerResolution,
  protocolHeader,
  runHeader,
} from '../src/harness/results.mjs';
import { DEFAULT_WORKLOAD, WORKLOAD_NAMES } from '../src/catalog.mjs';
import { createResultsValidator } from '../src/harness/validate.mjs';
import { buildComparisonText } from '../src/harness/block-tables.mjs';
import { runBlocks } from './blocks.mjs';
import { runChildProcess } from './children.mjs';
import { comparedBuilds } from './compared-builds.mjs';
import { blockPlanOf, planRun, requestedPeers } from '../src/harness/plan.mjs';
import { helpText } from '../src/options/help.mjs';
import { optionsFromProtocol, parseOptions, resolveCodecs } from './cli.mjs';
import { displayPath, log } from './log.mjs';
import { REPO_ROOT, UsageError, isolationOf, selectPeers } from './options.mjs';
import { RunError, finishRun, machineInfo, openRun, readResumeFile, runCommand } from './run-file.mjs';
import { registerWorkloadFolders, resultsSchema } from '../src/workload-folders.mjs';
import { currentRuntime, runtimeHeader } from '../src/places.mjs';
import { runInRuntimes } from './runtimes.mjs';
import { isStartupRun, startupTable } from '../src/report/whole-cost.mjs';

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

async function runFields(options, workload, peers, buildInfo, plan, planned) {
  const runtime = await currentRuntime();
  return {
    place: PLACE,
    workload: options.workload,
    date: new Date(),
    machine: machineInfo(),
    runtime: await runtimeHeader(),
    build: {
      ...buildHeader(buildInfo, options.workload),
      // The other builds of --build-dir A,B, by the tag their rows' `build` carries.
      ...(options.builds.length > 0 && { compared: comparedBuildsHeader(options.builds, options.workload) }),
    },
    protocol: {
      ...protocolHeader({
        warmup: options.warmup,
        minWarmupMs: options.minWarmupMs,
        repetitions: options.repetitions,
        ...workload.protocolFields(options, plan),
        // Until a child says whether its forced GC collected (main): whether this runtime
        // declares one. The runner itself starts without it (only its children take the flag),
        // so asking it here would write false into a file that --resume must find unchanged.
        gc: Boolean(runtime.gc?.how),
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
        // How the run was planned (src/harness/plan.mjs), and the rule its verdicts take.
        ...(planned ? planned.header : { mode: 'limits' }),
      }),
      gcMethod: runtime.gc.how,
      isolation: isolationOf({ place: PLACE, limits: !planned }),
    },
  };
}

async function main(argv) {
  await registerWorkloadFolders().catch((error) => {
    throw new RunError(`cannot load a workload folder: ${error.message}`);
  });
  let options = parseOptions(argv);
  if (options.help) {
    process.stdout.write(`${helpText('node')}\n`);
    return 0;
  }
  if (options.runtimes) {
    const code = await runInRuntimes(options.runtimes, argv, options);
    if (code !== undefined) return code;
  }
  const name = options.resume ? workloadOfFile(options.resume) : options.workload;
  const workload = await importWorkload(name);
  const validate = createResultsValidator(await resultsSchema());
  const resumed = options.resume ? readResumeFile(options.resume, validate, PLACE) : undefined;
  if (resumed) options = optionsFromProtocol(resumed.run.protocol, options, resumed.run.workload);
  checkChildNodeOptions(options.childNodeOptions);

  const registry = await importModule(options.peerRegistry);
  let requested;
  try {
    requested = requestedPeers(workload, options, PLACE);
  } catch (error) {
    throw new RunError(error.message);
  }
  const peers = selectPeers(requested, registry, PLACE, workload.takesPeer);
  const loader = await importModule(options.loader);
  const buildInfo = readBuildInfo(loader, options.buildDir);
  const builds = comparedBuilds(
    options,
    buildInfo,
    (dir) => readBuildInfo(loader, dir),
    options.limits ? '--limits' : undefined,
  );
  options = { ...resolveCodecs(options, buildInfo), builds };
  // Each child says whether its forced GC collected: the header's gc is what they measured.
  const gcs = [];
  const runChild = (job, how) =>
    runChildProcess(job, how).then((outcome) => {
      if (outcome.gc !== undefined) gcs.push(outcome.gc);
      return outcome;
    });
  const ctx = { place: PLACE, log, UsageError, runChildProcess: runChild };
  // What the workload checks or reads before the run is planned (its options, when it changes them).
  options = workload.checkRun?.(options, ctx) ?? options;
  const plan = blockPlanOf(workload, options);
  // --limits is its own protocol (each path grown until it fails); every other run is a plan of blocks.
  const planned = options.limits
    ? undefined
    : planRun(workload, { options, place: PLACE, peers, registry, buildInfo, plan });

  const store = openRun({
    fresh: runHeader(await runFields(options, workload, peers, buildInfo, plan, planned)),
    resumed,
    out: options.out,
  });
  workload.prepareRun?.(store.run, options, { plan, store });
  if (planned) log(planned.description);
  if (resumed) log(`resuming ${displayPath(options.out)}: ${store.rows.length} rows kept`);
  store.save();

  const jobFields = commonJobFields(options, workload, plan);
  if (planned) {
    store.run.blocks = await runBlocks(
      planned.blocks.map((kind) => ({ ...kind, job: { ...jobFields, ...kind.job } })),
      {
        options: { ...options, ...planned.schedule },
        store,
        runChildProcess: runChild,
        onStart: (child) => {
          store.setChild(child);
          log(`  child process ${child.pid}`);
        },
        decided: planned.decided,
      },
    );
  } else await workload.runLimits({ ...ctx, options, plan, store, peers, registry, buildInfo, jobFields });

  if (gcs.length > 0) store.run.protocol.gc = gcs.every(Boolean);
  finishRun(store, options.out, validate);
  // A start-up plan's rows are start-up rows (src/report/whole-cost.mjs has their table).
  const tables = isStartupRun(store)
    ? startupTable(store.rows)
    : workload.render(store.rows, store.run, options);
  process.stdout.write(`${tables}\n`);
  if (options.builds.length > 0) process.stdout.write(`${buildComparisonText(store)}\n`);
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
    minWarmupMs: options.minWarmupMs,
    repetitions: options.repetitions,
    buildDir: options.buildDir,
    loader: options.loader,
    peerRegistry: options.peerRegistry,
    protoFile: options.protoFile,
    ...(options.compression && { compression: options.compression }),
    ...workload.jobFields?.(options, plan),
  };
}

runCommand('bench:node', main);
