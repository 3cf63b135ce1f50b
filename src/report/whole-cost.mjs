// The whole cost of a route (docs/startup-memory.md): what the answer's
// per-call verdict leaves out. From start-up rows (a start-up plan's file,
// src/harness/startup.mjs): the start-up difference between the answer's
// best C++ path and the library it is compared with, judged over the
// processes of the waves, and the memory each keeps; from block runs at
// several sizes of a workload that declares `breakEven`: the payload size
// where the C++ path overtakes the fastest libraries, and how many calls
// repay its start-up. Files without such rows add nothing to the answer.
// Browser-safe.

import { ADDON_PLACE, pathLabel, workloadInfo } from '../catalog.mjs';
import { engineLabel } from '../engines.mjs';
import { documentVerdicts, medianOf, overProcesses, verdictOptionsOf } from '../harness/block-verdicts.mjs';
import { formatBytes, formatMs, renderColumns } from '../harness/format.mjs';
import { SLOWER, signTestRank, verdictWords } from '../harness/paired.mjs';
import {
  firstResultJudgement,
  isStartupRun,
  startupByPath,
  startupCostMs,
  startupPairs,
} from '../harness/startup.mjs';
import { median } from '../harness/stats.mjs';

export { isStartupRun };

/** A path label as the answer's cells name it: a library's name ("avsc", "msgpackr records"), C++ paths as they are. */
export const short = (label) =>
  label.replace(
    /^[\w-]+ \((.+)\)( \[records\])?$/,
    (_, name, variant) => `${name}${variant ? ' records' : ''}`,
  );

/** The median of `values` with its distribution-free 95% interval (paired.mjs signTestRank), or undefined. */
export function medianInterval(values) {
  const sorted = values.filter(Number.isFinite).sort((a, b) => a - b);
  if (sorted.length === 0) return undefined;
  const rank = signTestRank(sorted.length);
  const estimate = median(sorted);
  return rank
    ? { estimate, low: sorted[rank.k - 1], high: sorted[sorted.length - rank.k], n: sorted.length }
    : { estimate, n: sorted.length };
}

/**
 * `label` against `reference` at `unit` for `operation`, over the waves where
 * both have a row: { first (firstResultJudgement: above 1 the path gives its
 * first result sooner), cost (the difference of start-up costs, path less
 * reference, ms: median and interval) }; undefined when they share no wave.
 * `warm`: { own, other }, each path's warm call from a block run (ms), when
 * there is one: the steady state its start-up is counted against.
 */
export function startupComparison(rows, unit, label, reference, operation, warm = {}) {
  const pairs = startupPairs(rows, unit, label, reference, operation);
  if (pairs.length === 0) return undefined;
  const costs = pairs.map(
    ([a, b]) => startupCostMs(a, operation, warm.own) - startupCostMs(b, operation, warm.other),
  );
  return { first: firstResultJudgement(pairs, operation), cost: medianInterval(costs) };
}

/** The medians of a path's start-up rows at `unit`: phases, calls and memory. */
export function startupMedians(rows, unit, label) {
  const own = [...(startupByPath(rows, unit).get(label)?.values() ?? [])];
  if (own.length === 0) return undefined;
  const of = (pick) => {
    const values = own.map(pick).filter((value) => typeof value === 'number');
    return values.length > 0 ? median(values) : undefined;
  };
  const calls = {};
  for (const operation of Object.keys(own[0].startup.calls)) {
    calls[operation] = {
      firstMs: of((row) => row.startup.calls[operation]?.firstMs),
      warmMs: of((row) => row.startup.calls[operation]?.warmMs),
    };
  }
  const phases = [
    'loadMs',
    'compileMs',
    'instantiateMs',
    'readyMs',
    'wasmBytes',
    'scriptBytes',
    'transferBytes',
  ];
  const memory = ['wasmHeapBytes', 'jsHeapGrowthBytes', 'maxRssBytes', 'userAgentBytes'];
  return {
    n: own.length,
    row: own[0],
    ...Object.fromEntries(phases.map((name) => [name, of((row) => row.startup[name])])),
    calls,
    memory: Object.fromEntries(memory.map((name) => [name, of((row) => row.memory?.[name])])),
  };
}

/**
 * Where `curve` (sorted [{ size, value }]) rises through 1 for good: the
 * log-log interpolated size past which it stays at or above 1. { size } or
 * { below: smallest } (above 1 everywhere) or { none: largest } (it ends
 * below 1).
 */
export function crossingSize(curve) {
  if (curve.length === 0) return undefined;
  if (curve.at(-1).value < 1) return { none: curve.at(-1).size };
  let last = curve.length - 1;
  while (last > 0 && curve[last - 1].value >= 1) last -= 1;
  if (last === 0) return { below: curve[0].size };
  const [a, b] = [curve[last - 1], curve[last]];
  const t = -Math.log(a.value) / (Math.log(b.value) - Math.log(a.value));
  return { size: Math.exp(Math.log(a.size) + t * (Math.log(b.size) - Math.log(a.size))) };
}

/**
 * The break-even size of C++ path `label` against the fastest libraries for
 * `operation` over `runs` (block runs of one workload and place, at
 * several units whose rows carry jsonBytes): { size (crossing of the
 * estimate), earliest (of the interval's upper end), latest (of its lower
 * end), points: [{ size, ratio, low, high }] }; undefined with fewer than
 * two sizes.
 */
export function breakEven(runs, label, operation) {
  const points = [];
  for (const document of runs) {
    for (const verdict of documentVerdicts(document)) {
      const versus = verdict.fastest;
      if (verdict.label !== label || verdict.operation !== operation || !(versus?.ratio > 0)) continue;
      const size = verdict.row.jsonBytes;
      if (size > 0 && !points.some((point) => point.size === size))
        points.push({ size, ratio: versus.ratio, low: versus.low, high: versus.high });
    }
  }
  if (points.length < 2) return undefined;
  points.sort((a, b) => a.size - b.size);
  const curve = (key) => points.map((point) => ({ size: point.size, value: point[key] ?? point.ratio }));
  return {
    ...crossingSize(curve('ratio')),
    earliest: crossingSize(curve('high')),
    latest: crossingSize(curve('low')),
    points,
  };
}

// The ms per call of each process's row of `label` in block `block` of a block run (a rate: 1000 / ops/s).
function blockCallMs(document, block, label, operation) {
  const { higherIsFaster } = verdictOptionsOf(document.run.workload);
  const byProcess = new Map();
  for (const row of document.rows) {
    if (row.block !== block || row.status !== 'ok' || pathLabel(row) !== label) continue;
    const median = medianOf(row, operation);
    if (median > 0) byProcess.set(row.process, higherIsFaster ? 1000 / median : median);
  }
  return byProcess;
}

/** The warm call of `label` in a block run: the median over processes of its medians, ms per call. */
export function blockWarmMs(document, block, label, operation) {
  const values = [...blockCallMs(document, block, label, operation).values()];
  return values.length > 0 ? median(values) : undefined;
}

/**
 * Per-call saving of `label` over `reference` in the block `block` of a
 * block run, ms per call: the median over processes of the reference's
 * median less the path's, with its interval.
 */
export function perCallSaving(document, block, label, reference, operation) {
  const [own, other] = [label, reference].map((name) => blockCallMs(document, block, name, operation));
  return medianInterval([...own].filter(([p]) => other.has(p)).map(([p, ms]) => other.get(p) - ms));
}

const samePlace = (a, b) =>
  a.run.place === b.run.place &&
  a.run.workload === b.run.workload &&
  engineLabel(a.run.runtime) === engineLabel(b.run.runtime);

const msText = (ms) => `${ms >= 0 ? '+' : ''}${formatMs(ms)} ms`;
const bracket = (range, format) =>
  range?.low === undefined ? '' : ` [${format(range.low)}, ${format(range.high)}]`;
const kb = (bytes) => `${formatMs(bytes / 1024)} KB`;
const sizeWords = (crossing) =>
  crossing === undefined
    ? '?'
    : crossing.size !== undefined
      ? kb(crossing.size)
      : crossing.below !== undefined
        ? `<${kb(crossing.below)}`
        : `>${kb(crossing.none)}`;

// The start-up row of the path a cell names, or the first of its route (wasm, addon) that was measured.
function startupLabel(rows, unit, label, route) {
  const paths = [...startupByPath(rows, unit).entries()];
  if (paths.some(([name]) => name === label)) return label;
  return paths.find(([, processes]) => {
    const row = processes.values().next().value;
    return row.impl === 'cpp' && (row.place === ADDON_PLACE) === route;
  })?.[0];
}

// The library a cell's start-up is compared with: the one it names, else the measured one ready first.
function startupLibrary(rows, unit, named, operation) {
  const paths = [...startupByPath(rows, unit).entries()].filter(
    ([, processes]) => processes.values().next().value.impl !== 'cpp',
  );
  if (paths.some(([name]) => name === named)) return named;
  const ready = ([name]) => startupMedians(rows, unit, name).calls[operation]?.firstMs;
  const timed = paths.filter((entry) => Number.isFinite(ready(entry)));
  return timed.sort((a, b) => ready(a) - ready(b))[0]?.[0];
}

function memoryWords(medians) {
  const { wasmHeapBytes, jsHeapGrowthBytes, maxRssBytes, userAgentBytes } = medians.memory;
  const parts = [];
  if (wasmHeapBytes !== undefined) parts.push(`wasm ${formatBytes(wasmHeapBytes)}`);
  if (jsHeapGrowthBytes !== undefined) parts.push(`JS heap ${formatBytes(jsHeapGrowthBytes)}`);
  if (maxRssBytes !== undefined) parts.push(`peak RSS ${formatBytes(maxRssBytes)}`);
  // A browser's whole page, where the engine measures it (Chromium).
  if (userAgentBytes !== undefined) parts.push(`page ${formatBytes(userAgentBytes)}`);
  return parts.join(', ');
}

/**
 * The whole-cost parts of one answer cell: `best` is the cell's best C++
 * verdict (block-verdicts.mjs) in `document`'s block `block`; `runs`
 * are every results file of the answer. Start-up difference (a verdict over
 * the waves), memory kept, and with break-even runs the size and number of
 * calls past which C++ pays off. undefined when no file has such rows for
 * this workload and place (the cell stays as it was).
 */
export function wholeCostParts(runs, { document, block, operation, best }) {
  const startups = runs.filter((other) => isStartupRun(other) && samePlace(other, document));
  const blockRuns = runs.filter(
    (other) => !isStartupRun(other) && samePlace(other, document) && overProcesses(other.rows),
  );
  const declared = Boolean(workloadInfo(document.run.workload).breakEven);
  if (startups.length === 0 && !(declared && blockRuns.length > 1)) return undefined;
  const rows = startups.flatMap((other) => other.rows);
  const named = best.fastest?.closest;
  const label = startupLabel(rows, block, best.label, best.row.place === ADDON_PLACE);
  const library = named && startupLibrary(rows, block, named, operation);
  const parts = [];
  const warm = (name) => blockWarmMs(document, block, name, operation);
  const comparison =
    label &&
    library &&
    startupComparison(rows, block, label, library, operation, { own: warm(label), other: warm(library) });
  if (comparison) {
    const who = label === best.label ? '' : ` (${label})`;
    parts.push(
      `start-up${who} ${msText(comparison.cost.estimate)}${bracket(comparison.cost, formatMs)} vs ${short(library)} (first result ${verdictWords(comparison.first)})`,
    );
    const [own, other] = [startupMedians(rows, block, label), startupMedians(rows, block, library)];
    parts.push(`keeps ${memoryWords(own)} (${short(library)}: ${memoryWords(other)})`);
  } else if (startups.length > 0) parts.push('start-up not measured for this pair');
  if (declared) {
    const found = breakEven(blockRuns, best.label, operation);
    if (found) {
      const saving = named && perCallSaving(document, block, best.label, named, operation);
      const cost = comparison?.cost.estimate;
      let repay = '';
      if (saving?.estimate > 0 && cost <= 0) repay = ', from the first call (it starts no slower)';
      else if (saving?.estimate > 0 && cost > 0) {
        const calls = Math.ceil(cost / saving.estimate);
        repay = `, after ${calls} call${calls === 1 ? '' : 's'}`;
      }
      const range =
        found.earliest && found.latest ? ` [${sizeWords(found.earliest)}, ${sizeWords(found.latest)}]` : '';
      if (found.none !== undefined) parts.push(`never overtakes up to ${kb(found.none)} per call`);
      else if (found.below !== undefined)
        parts.push(`pays off at every size measured (from ${kb(found.below)} per call)${repay}`);
      else parts.push(`pays off above ${sizeWords(found)}${range} per call${repay}`);
    }
  } else if (best.fastest?.verdict === SLOWER) parts.push('no break-even: a library is faster per call here');
  return parts.join('; ');
}

/** A start-up run's console table: per unit and path, the medians over its processes. */
export function startupTable(rows) {
  const units = [...new Set(rows.filter((row) => row.kind === 'startup').map((row) => row.unit))];
  // Figures only some places give (a browser: the bytes fetched and the page's memory; Node: the peak RSS)
  // get a column when some row has them.
  const has = (part, field) => rows.some((row) => row.kind === 'startup' && row[part]?.[field] !== undefined);
  const optional = [
    ['fetched', 'startup', 'transferBytes'],
    ['peak RSS', 'memory', 'maxRssBytes'],
    ['page mem', 'memory', 'userAgentBytes'],
  ].filter(([, part, field]) => has(part, field));
  const header = [
    'path',
    'n',
    'load',
    'compile',
    'inst.',
    'ready',
    'enc 1st',
    'warm',
    'dec 1st',
    'warm',
    'wasm mem',
    'JS heap',
    ...optional.map(([title]) => title),
  ];
  const blocks = units.map((unit) => {
    const lines = [...startupByPath(rows, unit).keys()].map((label) => {
      const m = startupMedians(rows, unit, label);
      const call = (operation, key) => formatMs(m.calls[operation]?.[key]);
      return [
        label,
        String(m.n),
        formatMs(m.loadMs),
        formatMs(m.compileMs),
        formatMs(m.instantiateMs),
        formatMs(m.readyMs),
        call('encode', 'firstMs'),
        call('encode', 'warmMs'),
        call('decode', 'firstMs'),
        call('decode', 'warmMs'),
        formatBytes(m.memory.wasmHeapBytes),
        formatBytes(m.memory.jsHeapGrowthBytes),
        ...optional.map(([, part, field]) => formatBytes(part === 'memory' ? m.memory[field] : m[field])),
      ];
    });
    const failed = rows.filter((row) => row.kind === 'startup' && row.unit === unit && row.status !== 'ok');
    const notes = failed.map(
      (row) => `  failed: ${pathLabel(row)} (process ${row.process + 1}): ${row.error}`,
    );
    return [
      `Start-up at ${unit} (ms; medians over fresh processes or browser contexts):`,
      renderColumns(
        header,
        lines,
        header.map((_, i) => (i === 0 ? 'l' : 'r')),
      ),
      ...notes,
    ].join('\n');
  });
  return blocks.join('\n\n');
}
