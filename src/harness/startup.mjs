// The start-up plan (docs/startup-memory.md): what a path costs from nothing
// to its first result, and the memory it keeps, over fresh processes (Node)
// or fresh browser contexts. Each start-up block holds one path alone, so
// every process loads exactly one module or library; the block runner gives
// it one process per wave, and the start-up child (node/startup-child.mjs)
// turns the workload's own row of that process into a start-up row with the
// phases a page pays. Browser-safe.

import { pathLabel } from '../catalog.mjs';
import { OPERATIONS } from './block.mjs';
import { judgeAgainstSet, judgeRatios } from './paired.mjs';
import { operationStats } from './references.mjs';
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
    const median = operationStats(row, operation)?.stats.median;
    if (!(median > 0)) continue;
    calls[operation] = {
      ...(firstCall[operation] !== undefined && { firstMs: rounded(firstCall[operation]) }),
      warmMs: rounded(higherIsFaster ? 1000 / median : median),
    };
  }
  const memory = { ...row.memory, ...(maxRssBytes !== undefined && { maxRssBytes }) };
  return { ...base, startup: { ...phases, calls }, memory };
}

/** Whether a results document is a start-up run's (its rows are start-up rows). */
export const isStartupRun = (document) => document.run.protocol?.mode === 'startup';

/** The time to the first result of `operation`: ready, then the first call. */
export const firstResultMs = (row, operation) =>
  row.startup.readyMs + (row.startup.calls[operation]?.firstMs ?? NaN);

/**
 * What start-up costs beyond a warm call: the time to the first result less
 * one warm call, `warmMs` when given (a block run's, fully warmed), else the
 * row's own (the median of the few calls after the first).
 */
export const startupCostMs = (row, operation, warmMs = row.startup.calls[operation]?.warmMs) =>
  firstResultMs(row, operation) - warmMs;

/** The ok start-up rows of `unit` by path label, each a Map process (wave) -> row. */
export function startupByPath(rows, unit) {
  const paths = new Map();
  for (const row of rows) {
    if (row.kind !== 'startup' || row.unit !== unit || row.status !== 'ok') continue;
    const label = pathLabel(row);
    if (!paths.has(label)) paths.set(label, new Map());
    paths.get(label).set(row.process, row);
  }
  return paths;
}

/**
 * The rows of `label` and `reference` at `unit` paired by wave, where both
 * have a time to the first result of `operation`: [[own, other]].
 */
export function startupPairs(rows, unit, label, reference, operation) {
  const paths = startupByPath(rows, unit);
  const [own, other] = [paths.get(label), paths.get(reference)];
  if (!own || !other) return [];
  return [...own]
    .filter(([process]) => other.has(process))
    .map(([process, row]) => [row, other.get(process)])
    .filter(([a, b]) => Number.isFinite(startupCostMs(a, operation) - startupCostMs(b, operation)));
}

/** The judgement of paired times to the first result: the reference's over the path's (above 1: ready first). */
export const firstResultJudgement = (pairs, operation) =>
  judgeRatios(pairs.map(([own, other]) => firstResultMs(other, operation) / firstResultMs(own, operation)));

/**
 * The verdicts of a start-up run, shaped as block-verdicts.mjs's: one per
 * (unit, C++ path, operation), `fastest` its time to the first result
 * against each library of the run timed in that operation (judgeAgainstSet),
 * paired by wave; no `json`. `block` is the unit.
 */
export function startupVerdicts(rows) {
  const verdicts = [];
  const units = [...new Set(rows.filter((row) => row.kind === 'startup').map((row) => row.unit))];
  for (const unit of units) {
    const paths = [...startupByPath(rows, unit)].map(([label, processes]) => ({
      label,
      processes,
      row: processes.values().next().value,
    }));
    for (const { label, row, processes } of paths.filter((path) => path.row.impl === 'cpp')) {
      for (const operation of OPERATIONS) {
        const libraries = paths.filter(
          (path) => path.row.impl !== 'cpp' && path.row.startup.calls[operation] !== undefined,
        );
        if (libraries.length === 0 || row.startup.calls[operation] === undefined) continue;
        const judged = libraries.map((library) => ({
          name: library.label,
          comparison: firstResultJudgement(
            startupPairs(rows, unit, label, library.label, operation),
            operation,
          ),
        }));
        verdicts.push({
          block: unit,
          label,
          row,
          operation,
          processes: processes.size,
          fastest: judgeAgainstSet(judged),
        });
      }
    }
  }
  return verdicts;
}
