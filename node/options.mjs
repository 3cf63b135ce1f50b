// Command-line parsing shared by every runner (bench:node, bench:web,
// bench:gap, report): lists, bounded numbers (bounds from src/catalog.mjs),
// paths, peers, and the one-line usage errors naming what is accepted.

import { statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import {
  BLOCKS,
  OPTION_BOUNDS,
  checkBounds,
  expandRecordSets,
  recordSetsOf,
  recordsOf,
} from '../src/catalog.mjs';
import {
  COMPRESS_CHOICES,
  COMPRESSOR_OPTIONS,
  NO_COMPRESSION,
  PER_CALL_COMPRESSOR_OPTIONS,
  compressionVariants,
  defaultCompressors,
} from '../src/harness/compressors.mjs';

export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** A bad command line: its message is one line naming what is accepted (exit code 2). */
export class UsageError extends Error {}

/**
 * run.protocol.isolation of a runner's results (src/results.schema.json):
 * every block (a unit and its paths) in a fresh Node child process or
 * browser context, again in every wave; --limits grows each path in one
 * child instead.
 */
export function isolationOf({ place, limits = false }) {
  if (limits) return 'grown-per-path';
  return `${place === 'browser' ? 'context' : 'process'}-per-block`;
}

/** Which run options a workload takes: 'datasets' when its catalog entry lists data sets, else its protocol's. */
export function optionKindOf(info) {
  return info.datasets ? 'datasets' : info.protocol;
}

/** A comma-separated list of values out of `accepted`, without repeats. */
export function parseList(name, text, accepted) {
  const values = text
    .split(',')
    .map((value) => value.trim())
    .filter(Boolean);
  if (values.length === 0) throw new UsageError(`--${name} is empty (accepted: ${accepted.join(', ')})`);
  for (const value of values) {
    if (!accepted.includes(value)) {
      throw new UsageError(`--${name}: unknown value '${value}' (accepted: ${accepted.join(', ')})`);
    }
  }
  return [...new Set(values)];
}

/**
 * --records of a workload: records and names of its record sets
 * (its workload.mjs recordSets), each set replaced by its records; without
 * the flag (`text` undefined), `defaults`: the run's (a default run's are
 * its `blocks` entry's), else the workload's default records.
 */
export function parseRecords(text, workload, defaults = recordsOf(workload)) {
  if (text === undefined) return [...defaults];
  const accepted = [...recordsOf(workload, { optional: true }), ...Object.keys(recordSetsOf(workload))];
  return expandRecordSets(workload, parseList('records', text, accepted));
}

/** What --records takes, for a runner's --help: the default records, the others and the sets. */
export function recordsHelp(workload) {
  const defaults = recordsOf(workload);
  const others = recordsOf(workload, { optional: true }).filter((name) => !defaults.includes(name));
  const sets = Object.entries(recordSetsOf(workload)).map(
    ([name, records]) => `${name} (${records.join(',')})`,
  );
  return [
    `default: ${defaults.join(',')}`,
    ...(others.length > 0 ? [`on request: ${others.join(',')}`] : []),
    ...(sets.length > 0 ? [`sets: ${sets.join('; ')}`] : []),
  ].join('; ');
}

/** A number within `bounds` ({ integer, min, exclusiveMin, max }). */
export function parseNumber(name, text, bounds = {}) {
  const value = Number(text);
  const { ok, accepted } = checkBounds(value, bounds);
  if (!ok || text.trim() === '')
    throw new UsageError(`--${name}: '${text}' is not valid (accepted: ${accepted})`);
  return value;
}

/** A number option with the catalog's bounds of `key` (OPTION_BOUNDS). */
export function parseBounded(name, text, key) {
  return parseNumber(name, text, OPTION_BOUNDS[key]);
}

function kindOf(file) {
  try {
    return statSync(file).isDirectory() ? 'directory' : 'file';
  } catch {
    return undefined;
  }
}

/** The absolute path of an existing file or directory (`wanted`), or a usage error. */
export function existingPath(name, text, wanted) {
  const path = resolve(text);
  const kind = kindOf(path);
  if (kind !== wanted) {
    throw new UsageError(
      `--${name}: ${kind ? `'${text}' is a ${kind}` : `no ${wanted} '${text}'`} (accepted: an existing ${wanted})`,
    );
  }
  return path;
}

export const existingFile = (name, text) => existingPath(name, text, 'file');
export const existingDirectory = (name, text) => existingPath(name, text, 'directory');

/** A file to write (it may not exist yet), not a directory. */
export function outputFile(text, name = 'out') {
  const file = resolve(text);
  if (kindOf(file) === 'directory') {
    throw new UsageError(`--${name}: '${text}' is a directory (accepted: a file path)`);
  }
  return file;
}

/**
 * Whitespace-separated Node/V8 flags, each starting with '-'. Whether Node
 * accepts them is checked when the runner starts.
 */
export function parseNodeFlags(text, name = 'child-node-options') {
  const flags = text.split(/\s+/).filter(Boolean);
  if (flags.length === 0) {
    throw new UsageError(`--${name} is empty (accepted: Node/V8 flags, e.g. --max-old-space-size=64)`);
  }
  for (const flag of flags) {
    if (!flag.startsWith('-')) {
      throw new UsageError(
        `--${name}: '${flag}' is not a flag (accepted: Node/V8 flags starting with -, e.g. --max-old-space-size=64)`,
      );
    }
  }
  return flags;
}

/**
 * --peers / --no-peers: [] for --no-peers, `fallback` when neither is given,
 * else the names (checked against `accepted` when given, else later by
 * selectPeers against the registry).
 */
export function parsePeers(values, { fallback, accepted } = {}) {
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
 * The registry's peers for `place` that `requested` names (all of them when
 * undefined), in registry order; a UsageError names what is accepted when a
 * name is unknown or the peer does not run in `place`.
 */
export function selectPeers(requested, registry, place = 'node', takesPeer = undefined) {
  // A workload that says which libraries it takes chooses among every
  // registered one (the documents-only libraries too); the others among PEERS.
  const available = takesPeer
    ? registry.peersFor(place, registry.ALL_PEERS ?? registry.PEERS).filter(takesPeer)
    : registry.peersFor(place);
  if (requested === undefined) return available;
  const accepted = available.map((peer) => peer.name);
  for (const name of requested) {
    if (accepted.includes(name)) continue;
    const known = registry.findPeer(name);
    const why = known?.notIn?.[place] ? `: ${known.notIn[place]}` : '';
    const where = known ? ` (it does not run in ${place}${why})` : '';
    throw new UsageError(`--peers: unknown value '${name}'${where} (accepted: ${accepted.join(', ')})`);
  }
  return available.filter((peer) => requested.includes(peer.name));
}

/**
 * --looks and --budget-minutes of a block run (docs/design.md#blocks): the
 * catalog's BLOCKS, or --quick's, unless given: { looks (ascending, no
 * repeats), budgetSeconds }.
 */
export function parseBlockOptions(values) {
  const base = values.quick ? BLOCKS.quick : BLOCKS;
  const looks =
    values.looks !== undefined
      ? [...new Set(values.looks.split(',').map((text) => parseBounded('looks', text, 'look')))].sort(
          (a, b) => a - b,
        )
      : [...base.looks];
  const budgetMinutes =
    values['budget-minutes'] !== undefined
      ? parseBounded('budget-minutes', values['budget-minutes'], 'budgetMinutes')
      : base.budgetMinutes;
  return { looks, budgetSeconds: budgetMinutes * 60 };
}

/** "--a, --b, -h": the options of a parseArgs spec, for error messages. */
export function acceptedOptions(spec) {
  const names = Object.entries(spec).flatMap(([name, option]) => [
    `--${name}`,
    ...(option.short ? [`-${option.short}`] : []),
  ]);
  const shorts = names.filter((name) => !name.startsWith('--'));
  return [...names.filter((name) => name.startsWith('--')), ...shorts].join(', ');
}

/**
 * parseArgs with one-line UsageErrors (its own messages run over several
 * lines and do not list the options): the option values.
 */
export function parseArgv(argv, spec) {
  try {
    return parseArgs({ args: argv, options: spec, strict: true, allowPositionals: false }).values;
  } catch (error) {
    throw usageErrorOf(error, acceptedOptions(spec));
  }
}

function usageErrorOf(error, accepted) {
  const quoted = /'([^']*)'/.exec(error.message)?.[1] ?? '';
  if (error.code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') {
    return new UsageError(`unknown option ${quoted} (accepted: ${accepted})`);
  }
  if (error.code === 'ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL') {
    return new UsageError(`unexpected argument '${quoted}' (accepted: options only, ${accepted})`);
  }
  if (error.code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE') {
    const name = quoted.split(' ')[0];
    if (/ambiguous/.test(error.message)) {
      return new UsageError(
        `${name}: a value starting with '-' must be attached to it (accepted: ${name}=VALUE)`,
      );
    }
    return new UsageError(`${name} needs a value (see --help)`);
  }
  return new UsageError(`${error.message.split('\n')[0]} (see --help)`);
}

/** A date as a file-name stamp: 2026-12-01T08-04-05Z. */
export function fileStamp(date) {
  return date
    .toISOString()
    .replace(/:/g, '-')
    .replace(/\.\d+Z$/, 'Z');
}

/**
 * The default results file: results/<prefix><place>-<kind-><stamp>.json, e.g.
 * node-2026-..., node-messages-..., limits-node-..., browser-messages-....
 * `kind` is the workload when it is not the default one.
 */
export function defaultResultsPath({ place, date, kind, prefix = '' }) {
  const middle = kind ? `${kind}-` : '';
  return join(REPO_ROOT, 'results', `${prefix}${place}-${middle}${fileStamp(date)}.json`);
}

/** The options of the compression stage, for a runner's parseArgs spec. */
export const COMPRESSION_OPTIONS = Object.freeze({
  compress: { type: 'string' },
  'compress-level': { type: 'string' },
  compressors: { type: 'string' },
});

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
  const formats = parseList('compress', values.compress, COMPRESS_CHOICES);
  const accepted = perCall ? PER_CALL_COMPRESSOR_OPTIONS : COMPRESSOR_OPTIONS;
  const compressors =
    values.compressors !== undefined
      ? parseList('compressors', values.compressors, accepted)
      : defaultCompressors(place, { perCall });
  const level =
    values['compress-level'] !== undefined
      ? parseNumber('compress-level', values['compress-level'], { integer: true, min: 0, max: 22 })
      : undefined;
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
