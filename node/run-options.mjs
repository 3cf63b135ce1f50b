// What the options bench:node (node/cli.mjs) and bench:web
// (node/bench-web-options.mjs) share mean in a run: declared in the options
// table (src/options/table.mjs), parsed here into the run mode, the
// protocol's options and the defaults. Each runner parses only its own.

import {
  BLOCKS,
  DEFAULT_WORKLOAD,
  WORKLOADS,
  expandRecordSets,
  recordSetsOf,
  recordsOf,
  strategiesOf,
  workloadInfo,
} from '../src/catalog.mjs';
import {
  COMPRESS_CHOICES,
  COMPRESSOR_OPTIONS,
  NO_COMPRESSION,
  PER_CALL_COMPRESSOR_OPTIONS,
  compressionVariants,
  defaultCompressors,
} from '../src/harness/compressors.mjs';
import { defaultsOf } from '../src/options/defaults-text.mjs';
import {
  keyOf,
  kindOptions,
  namesOfKind,
  optionKindOf,
  optionNamed,
  optionsOf,
} from '../src/options/table.mjs';
import {
  UsageError,
  existingDirectory,
  optionValue,
  outputFile,
  parseBounded,
  parseList,
} from './options.mjs';
import { datasetsOf, resolveUserDocuments } from '../src/workloads/documents/user-option.mjs';

/**
 * --records of a workload: records and names of its record sets
 * (its workload.mjs recordSets), each set replaced by its records; without
 * the flag (`text` undefined), `defaults`: the run's (a default run's are
 * its `blocks` entry's), else the workload's default records.
 */
function parseRecords(text, workload, defaults = recordsOf(workload)) {
  if (text === undefined) return [...defaults];
  const accepted = [...recordsOf(workload, { optional: true }), ...Object.keys(recordSetsOf(workload))];
  return expandRecordSets(workload, parseList('records', text, accepted));
}

/**
 * --peers / --no-peers: [] for --no-peers, `fallback` when neither is given,
 * else the names (checked against `accepted` when given, else later by
 * selectPeers against the registry).
 */
function parsePeers(values, { fallback, accepted } = {}) {
  if (values['no-peers'] && values.peers !== undefined) {
    throw new UsageError('--peers and --no-peers contradict each other (accepted: one of them)');
  }
  if (values['no-peers']) return [];
  if (values.peers === undefined) return fallback;
  if (accepted) return parseList('peers', values.peers, accepted);
  const names = [
    ...new Set(
      values.peers
        .split(',')
        .map((name) => name.trim())
        .filter(Boolean),
    ),
  ];
  if (names.length === 0) throw new UsageError('--peers is empty (accepted: peer names, or --no-peers)');
  return names;
}

/**
 * --looks and --budget-minutes of a block run (docs/design.md#blocks): the
 * catalog's BLOCKS, or --quick's, unless given: { looks (ascending, no
 * repeats), budgetSeconds }.
 */
function parseBlockOptions(values) {
  const base = values.quick ? BLOCKS.quick : BLOCKS;
  const looks =
    values.looks !== undefined
      ? [...new Set(values.looks.split(',').map((text) => parseBounded('looks', text)))].sort((a, b) => a - b)
      : [...base.looks];
  const budgetMinutes = optionValue(values, 'budget-minutes', base.budgetMinutes);
  return { looks, budgetSeconds: budgetMinutes * 60 };
}

/**
 * --compress, --compress-level and --compressors (docs/design.md#compression)
 * for `place`: undefined when none is given (the run compresses nothing),
 * else { formats, compressors, level?, variants } where `variants` are the
 * compressed variants every path is measured in beside (or, without none
 * in --compress, instead of) its plain form (compressors.mjs
 * compressionVariants). `perCall`: the run repeats a call in a tight loop,
 * so it takes only the compressors that answer in the call and wrap any
 * path. A UsageError names what is accepted.
 */
export function parseCompression(values, place, { perCall = false } = {}) {
  const given = ['compress', 'compress-level', 'compressors'].filter((name) => values[name] !== undefined);
  if (given.length === 0) return undefined;
  if (values.compress === undefined) {
    throw new UsageError(
      `--${given[0]} needs --compress (accepted: --compress ${COMPRESS_CHOICES.join(',')})`,
    );
  }
  const formats = optionValue(values, 'compress');
  const accepted = perCall ? PER_CALL_COMPRESSOR_OPTIONS : COMPRESSOR_OPTIONS;
  const compressors =
    values.compressors !== undefined
      ? parseList('compressors', values.compressors, accepted)
      : defaultCompressors(place, { perCall });
  const level = optionValue(values, 'compress-level');
  let variants;
  try {
    variants = compressionVariants({ formats, options: compressors, level, place });
  } catch (error) {
    throw new UsageError(
      `${error.message} (accepted: --compress ${COMPRESS_CHOICES.join(',')}, --compressors ${COMPRESSOR_OPTIONS.join(',')})`,
    );
  }
  if (formats.length === 1 && formats[0] === NO_COMPRESSION) return undefined;
  return { formats, compressors, ...(level !== undefined && { level }), variants };
}

/**
 * --build-dir A,B of either runner: { buildDir (the first build; `fallback`
 * without the option), moreBuildDirs (the builds whose wasm paths the blocks
 * measure beside the first's: a toolchain A/B) }, each an existing directory.
 */
export function buildDirsOf(values, fallback) {
  const [buildDir, ...moreBuildDirs] =
    values['build-dir'] === undefined
      ? [fallback]
      : values['build-dir'].split(',').map((dir) => existingDirectory('build-dir', dir.trim()));
  return { buildDir, moreBuildDirs };
}

/** --timeout's default in each place (the options table's). */
export const DEFAULT_TIMEOUT_SECONDS = optionNamed('timeout').default;

/** --workload's entry in the catalog, or a UsageError naming the workloads. */
export function workloadOf(values) {
  return workloadInfo(optionValue(values, 'workload', DEFAULT_WORKLOAD));
}

/**
 * Refuses an option that `command` (bench:web's by default) takes only for
 * other kinds of workload than `info`'s, naming the workloads that take it
 * and what this one accepts.
 */
export function refuseMisplaced(values, info, command = 'web') {
  const table = kindOptions(command);
  const own = table[optionKindOf(info)] ?? [];
  const flag = Object.values(table)
    .flat()
    .find((name) => values[name] !== undefined && !own.includes(name));
  if (!flag) return;
  const owners = WORKLOADS.filter((entry) => table[optionKindOf(entry)]?.includes(flag)).map(
    (entry) => entry.name,
  );
  // Its own kind's options and every workload's, in the table's order.
  const accepted = optionsOf(command)
    .filter((option) => own.includes(option.name) || ['repetitions', 'warmup'].includes(option.name))
    .map((option) => `--${option.name}`);
  throw new UsageError(
    `--${flag} is an option of the ${owners.join(' or ')} workload (accepted with --workload ${info.name}: ${accepted.join(', ')})`,
  );
}

/**
 * The run mode, which the planner (src/harness/plan.mjs) plans by: 'blocks'
 * (the answer, the default of a workload that has blocks:
 * docs/design.md#blocks), 'sweep' (--sweep, or a workload without) or
 * 'limits' (bench:node's growth protocol); the answer's looks and time
 * budget; and `base`, the run's defaults.
 */
export function runModeOf(values, info, { place, limits = false }) {
  const blocks = !values.sweep && !limits && info.blocks !== undefined;
  for (const name of namesOfKind('blocks')) {
    if (values[name] !== undefined && !blocks) {
      const without = place === 'node' ? '--sweep or --limits' : '--sweep';
      throw new UsageError(
        `--${name} is an option of the block protocol, the default run (accepted without ${without}${info.blocks ? '' : `, with a workload that has blocks, not ${info.name}`})`,
      );
    }
  }
  const breakEven = Boolean(values['break-even']);
  if (breakEven && !info.breakEven) {
    const owners = WORKLOADS.filter((entry) => entry.breakEven).map((entry) => entry.name);
    throw new UsageError(
      `--break-even: ${info.name} declares no break-even sizes (accepted with --workload ${owners.join(', ')})`,
    );
  }
  const base = defaultsOf(info, { quick: Boolean(values.quick), blocks, limits, breakEven, place });
  if (!blocks) return { mode: limits ? 'limits' : 'sweep', base };
  return { mode: values.startup ? 'startup' : 'blocks', ...parseBlockOptions(values), base };
}

/**
 * The options of the workload's kind in `command` (sizes, records and min ms
 * per repetition, or data sets; bench:node's --limits and its cap): each
 * given one, else the run's default.
 */
function protocolOptions(values, info, base, { limits, command }) {
  const options = {};
  for (const flag of kindOptions(command)[optionKindOf(info)]) {
    const option = optionNamed(flag);
    const key = keyOf(option);
    if (option.type === 'boolean' || key === 'documents') continue;
    if (key === 'records') options.records = parseRecords(values.records, info.name, base.records);
    else if (key === 'datasets') {
      options.documents = values.documents ? resolveUserDocuments(values.documents) : [];
      options.datasets = datasetsOf(values, info, base, options.documents);
    } else if (values[flag] !== undefined) {
      // --limits grows from --min-mb up to --limits-max-mb, so both take its bounds.
      options[key] =
        limits && key === 'minMB'
          ? parseBounded(flag, values[flag], 'limitsMaxMB')
          : optionValue(values, flag);
    } else if (!(key in options)) options[key] = base[key];
  }
  if (options.maxMB < options.minMB) {
    const max = limits ? '--limits-max-mb' : '--max-mb';
    throw new UsageError(
      `${max} ${options.maxMB} is below --min-mb ${options.minMB} (accepted: ${max} >= --min-mb)`,
    );
  }
  return options;
}

/**
 * The options both runners parse alike, for `place` ('node' or 'browser'):
 * `base` the run's defaults (runModeOf), `peers` parsePeers' { accepted,
 * fallback }, `strategies` what --strategies accepts, `limits` a --limits run,
 * `out` the results file without --out.
 */
export function sharedOptions(values, info, base, { place, peers, strategies, limits = false, out }) {
  const given = (name) => values[name] !== undefined;
  return {
    workload: info.name,
    // A block run pairs its workload's C++ contenders unless the paths are named.
    pathsNamed: given('codecs') || given('strategies'),
    strategies: given('strategies')
      ? parseList('strategies', values.strategies, strategies ?? strategiesOf(info.name))
      : [...(base.strategies ?? strategiesOf(info.name))],
    repetitions: optionValue(values, 'repetitions', base.repetitions),
    warmup: optionValue(values, 'warmup', base.warmup),
    timeoutSeconds: optionValue(values, 'timeout', DEFAULT_TIMEOUT_SECONDS[place]),
    ...(out !== undefined && { out: given('out') ? outputFile(values.out) : out }),
    peers: parsePeers(values, peers),
    // The compression stage (undefined: none).
    compression: parseCompression(values, place, { perCall: optionKindOf(info) === 'per-call' }),
    ...protocolOptions(values, info, base, { limits, command: place === 'node' ? 'node' : 'web' }),
  };
}
