// --runtime: the JavaScript runtimes a bench:node run (or the answer) runs in.
// `node` is the Node that runs the command; the others are pinned in
// src/places/runtimes.json and installed on first use (install-runtime.mjs).
// A run in another runtime is that runtime running node/bench.mjs itself, so
// every block's child is forked by it and runs in it: one runtime after the
// other, each writing its own results file.

import { spawn } from 'node:child_process';
import { basename, dirname, join } from 'node:path';
import { PINNED_RUNTIMES, currentRuntime, places, runtimeHeader } from '../src/places.mjs';
import { installRuntime } from './install-runtime.mjs';
import { log } from './log.mjs';
import { REPO_ROOT, UsageError } from './options.mjs';
import { RunError } from './run-file.mjs';

/** The Node that runs the command (`node@20` names it too: the machine's Node is 20). */
export const MACHINE_NODE = 'node';
const ALIASES = { 'node@20': MACHINE_NODE };
export const RUNTIME_NAMES = Object.freeze([MACHINE_NODE, ...Object.keys(PINNED_RUNTIMES)]);
// Set in a runtime's re-run of the runner, so it never starts another.
const RERUN = 'WCB_RUNTIME';

/** The runtimes of --runtime (a name, a comma list or `all`), or a UsageError in one line. */
export function parseRuntimes(text) {
  if (text === 'all') return [...RUNTIME_NAMES];
  const names = text.split(',').map((name) => ALIASES[name.trim()] ?? name.trim());
  const unknown = names.find((name) => !RUNTIME_NAMES.includes(name));
  if (unknown !== undefined) {
    throw new UsageError(
      `--runtime: unknown runtime '${unknown}' (accepted: ${RUNTIME_NAMES.join(', ')}, node@20 for node, a comma list or all)`,
    );
  }
  return [...new Set(names)];
}

/** Whether this process is runtime `name`. */
async function isHere(name) {
  const here = await currentRuntime();
  if (name === MACHINE_NODE) return here.name === 'node';
  const pin = PINNED_RUNTIMES[name];
  return here.name === pin.place && here.versions().version.replace(/^v/, '') === pin.version;
}

// argv without --runtime and --out (with their values).
function withoutRuntimeAndOut(argv) {
  const kept = [];
  for (let i = 0; i < argv.length; i++) {
    const [flag] = argv[i].split('=');
    if (flag === '--runtime' || flag === '--out') {
      if (!argv[i].includes('=')) i += 1;
    } else kept.push(argv[i]);
  }
  return kept;
}

/** The results file of runtime `name`: results/bun-<date>.json beside node-<date>.json, or --out (tagged when several). */
export function resultsFileOf(name, { out, outGiven, several }) {
  const tag = name.replace('@', '');
  if (name === MACHINE_NODE && !(outGiven && several)) return out;
  if (outGiven) return several ? out.replace(/(\.json)?$/, `-${tag}.json`) : out;
  return join(dirname(out), basename(out).replace(/^node-/, `${tag}-`));
}

function runIn(argv0, args, name) {
  return new Promise((resolve) => {
    const child = spawn(argv0, args, {
      cwd: REPO_ROOT,
      stdio: 'inherit',
      env: { ...process.env, [RERUN]: name },
    });
    const forward = (signal) => child.kill(signal);
    process.on('SIGINT', forward).on('SIGTERM', forward);
    child.on('error', (error) => log(`runtime ${name}: cannot start ${argv0}: ${error.message}`));
    child.on('close', (code, signal) => {
      process.off('SIGINT', forward).off('SIGTERM', forward);
      resolve(code ?? (signal ? 130 : 1));
    });
  });
}

/**
 * Runs bench:node in each of `names` (one after the other), unless the only
 * one is this process's runtime: then resolves to undefined and the run
 * goes on here. Otherwise resolves to the worst exit code.
 */
export async function runInRuntimes(names, argv, { out, outGiven }) {
  if (names.length === 1 && (await isHere(names[0]))) return undefined;
  if (process.env[RERUN] !== undefined) {
    const here = await runtimeHeader();
    throw new RunError(
      `asked to run in ${names.join(', ')}, but this process is ${here.name} ${here.version}`,
    );
  }
  const declared = await places();
  let worst = 0;
  for (const name of names) {
    const pin = PINNED_RUNTIMES[name];
    let binary = process.execPath;
    try {
      if (pin) binary = installRuntime(name, pin, { log });
    } catch (error) {
      log(error.message);
      worst = Math.max(worst, 1);
      continue;
    }
    const file = resultsFileOf(name, { out, outGiven, several: names.length > 1 });
    const [argv0, ...args] = declared[pin?.place ?? 'node'].launch(
      binary,
      join(REPO_ROOT, 'node', 'bench.mjs'),
    );
    log(`runtime ${name}: ${[argv0, ...args].join(' ')}`);
    const code = await runIn(
      argv0,
      [...args, ...withoutRuntimeAndOut(argv), '--runtime', name, '--out', file],
      name,
    );
    if (code === 130) return 130;
    worst = Math.max(worst, code);
  }
  return worst;
}
