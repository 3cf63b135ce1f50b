// The start-up plan (docs/startup-memory.md): what a path costs from nothing
// to its first result, and the memory it keeps, over fresh processes (Node)
// or fresh browser contexts. Each start-up block holds one path alone, so
// every process loads exactly one module or library; the block runner gives
// it one process per wave, and the start-up child (node/startup-child.mjs)
// turns the workload's own row of that process into a start-up row with the
// phases a page pays. Browser-safe.

import { ADDON_PLACE, pathLabel } from '../catalog.mjs';
import { OPERATIONS } from './block.mjs';
import { pathFields } from './rows.mjs';

/**
 * What a start-up process measures after loading its path: the first call
 * (timed by the member's prepare, env.onFirstCall), then a few warm calls
 * (the rounds; their median is the warm call) and the memory the path keeps.
 */
export const STARTUP_JOB = Object.freeze({ startup: true, rounds: 3, warmup: 0, memory: true, sizes: false });

/** How many C++ paths of each route (wasm, addon) a start-up plan takes, the closest first. */
const CPP_PER_ROUTE = { wasm: 2, addon: 1 };

/**
 * The paths of a start-up plan among the run's `paths`: the first C++ paths
 * of each route in the order of `contenders` (closest to the best first;
 * the run's order without them), no floor codec (`isFloor(codec)`), and the
 * first library of each operation's fastest set (`sets`: path labels), or
 * every library when --peers named them (`named`).
 */
export function startupPaths(paths, { contenders, sets, isFloor, named = false }) {
  const rank = (path) => (contenders ? contenders.indexOf(pathLabel(path.subject)) : 0);
  const cpp = paths
    .filter((path) => path.codec !== undefined && !isFloor(path.codec))
    .sort((a, b) => rank(a) - rank(b));
  const chosen = Object.entries(CPP_PER_ROUTE).flatMap(([route, count]) =>
    cpp.filter((path) => Boolean(path.addon) === (route === 'addon')).slice(0, count),
  );
  const libraries = paths.filter((path) => path.peer !== undefined);
  const firsts = new Set(OPERATIONS.map((operation) => sets[operation]?.[0]));
  return [...chosen, ...libraries.filter((path) => named || firsts.has(pathLabel(path.subject)))];
}

/**
 * Wraps `wasm` (globalThis.WebAssembly) so that every compile and
 * instantiate is timed and every module's bytes counted: the phases of a
 * path's loading that are the engine's. instantiate(bytes) is split into its
 * compile and its instantiate; the streaming forms count the fetch in their
 * compile. Returns the tally: { compileMs, instantiateMs, wasmBytes, modules }.
 */
export function probeWebAssembly(wasm = globalThis.WebAssembly, now = () => performance.now()) {
  const tally = { compileMs: 0, instantiateMs: 0, wasmBytes: 0, modules: 0 };
  const original = {
    compile: wasm.compile.bind(wasm),
    instantiate: wasm.instantiate.bind(wasm),
    compileStreaming: wasm.compileStreaming?.bind(wasm),
  };
  const timed = async (phase, promise) => {
    const start = now();
    try {
      return await promise();
    } finally {
      tally[phase] += now() - start;
    }
  };
  wasm.compile = (bytes) => {
    tally.wasmBytes += bytes.byteLength;
    tally.modules += 1;
    return timed('compileMs', () => original.compile(bytes));
  };
  if (original.compileStreaming) {
    wasm.compileStreaming = (source) => {
      tally.modules += 1;
      return timed('compileMs', async () => {
        const response = await source;
        tally.wasmBytes += Number(response.headers?.get('content-length') ?? 0);
        return original.compileStreaming(response);
      });
    };
  }
  wasm.instantiate = async (source, imports) => {
    if (source instanceof wasm.Module)
      return timed('instantiateMs', () => original.instantiate(source, imports));
    const module = await wasm.compile(source);
    const instance = await timed('instantiateMs', () => original.instantiate(module, imports));
    return { module, instance };
  };
  wasm.instantiateStreaming = async (source, imports) => {
    const module = await wasm.compileStreaming(source);
    return { module, instance: await wasm.instantiate(module, imports) };
  };
  return tally;
}

const rounded = (value) => Math.round(value * 1000) / 1000;

/**
 * The start-up row of one process from the workload's row of its one-path
 * block (`row`) and what the start-up child saw: { loadMs (from the member's
 * load to its first call, GCs out), wasm (probeWebAssembly's tally),
 * firstCall: { encode?, decode? } ms, maxRssBytes? }. The warm call is the
 * row's median; a per-call workload's rate (higherIsFaster) becomes ms per call.
 */
export function startupRow(row, { unit, loadMs, wasm, firstCall = {}, maxRssBytes }, { higherIsFaster }) {
  const base = {
    kind: 'startup',
    ...pathFields(row, { place: row.place, batch: row.batch }),
    unit,
    block: row.block,
    process: row.process,
    status: row.status,
  };
  if (row.status !== 'ok') return { ...base, status: 'failed', error: row.error ?? row.reason ?? row.status };
  const engine = wasm.modules > 0 ? Math.min(loadMs, wasm.compileMs + wasm.instantiateMs) : 0;
  const phases = {
    loadMs: rounded(loadMs - engine),
    ...(wasm.modules > 0 && {
      wasmBytes: wasm.wasmBytes,
      compileMs: rounded(wasm.compileMs),
      instantiateMs: rounded(wasm.instantiateMs),
    }),
    readyMs: rounded(loadMs),
  };
  const calls = {};
  for (const operation of OPERATIONS) {
    const median = row[operation]?.median;
    if (!(median > 0)) continue;
    calls[operation] = {
      ...(firstCall[operation] !== undefined && { firstMs: rounded(firstCall[operation]) }),
      warmMs: rounded(higherIsFaster ? 1000 / median : median),
    };
  }
  const memory = { ...row.memory, ...(maxRssBytes !== undefined && { maxRssBytes }) };
  return { ...base, startup: { ...phases, calls }, memory };
}

/** A start-up row's route: wasm, the addon or a library (for the tables' words). */
export const routeOf = (row) =>
  row.impl !== 'cpp' ? 'library' : row.place === ADDON_PLACE ? 'addon' : 'wasm';
