// The reader of the options table (src/options/table.mjs) and the parsing
// every runner shares (bench:node, bench:web, the answer command, bench:gap,
// report): lists, bounded numbers (bounds from src/catalog.mjs), paths,
// peers, and the one-line usage errors naming what is accepted. What an
// option means in a run is parsed by node/run-options.mjs.

import { statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { REPO_ROOT } from '../src/build-dirs.mjs';
import { OPTION_BOUNDS, checkBounds } from '../src/catalog.mjs';
// The places register their names with src/engines.mjs: --browser's and --browsers' values come from them.
import '../src/places.mjs';
import { UsageError, boundsOf, optionNamed, parseList, specOf } from '../src/options/table.mjs';

export { REPO_ROOT };

export { UsageError, parseList };

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

/** A number within `bounds` ({ integer, min, exclusiveMin, max }). */
export function parseNumber(name, text, bounds = {}) {
  const value = Number(text);
  const { ok, accepted } = checkBounds(value, bounds);
  if (!ok || text.trim() === '')
    throw new UsageError(`--${name}: '${text}' is not valid (accepted: ${accepted})`);
  return value;
}

/** A number option with the catalog's bounds of `key` (OPTION_BOUNDS), by default the table's. */
export function parseBounded(name, text, key) {
  return parseNumber(name, text, key ? OPTION_BOUNDS[key] : boundsOf(optionNamed(name)));
}

/**
 * --name's value in `values` as the options table declares it (a number
 * within its bounds, a list of its accepted values), or `fallback` when it
 * is not given.
 */
export function optionValue(values, name, fallback) {
  const text = values[name];
  if (text === undefined) return fallback;
  const option = optionNamed(name);
  if (option.type === 'number') return parseBounded(name, text);
  if (option.type === 'list' && option.values) return parseList(name, text, option.values());
  if (option.values && !option.values().includes(text)) {
    throw new UsageError(`--${name}: unknown value '${text}' (accepted: ${option.values().join(', ')})`);
  }
  return text;
}

/** 'directory', 'file' (anything else that exists) or undefined when nothing is at `file`. */
export function kindOf(file) {
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
 * The registry's peers for `place` that `requested` names (all of them when
 * undefined), in registry order; a UsageError names what is accepted when a
 * name is unknown or the peer does not run in `place`.
 */
export function selectPeers(requested, registry, place = 'node', takesPeer = undefined) {
  // A workload that says which libraries it takes chooses among every
  // registered one (a workload's own libraries too); the others among PEERS.
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

/** "--a, --b, -h": the options of a parseArgs spec, for the errors' texts. */
export function acceptedOptions(spec) {
  const names = Object.entries(spec).flatMap(([name, option]) => [
    `--${name}`,
    ...(option.short ? [`-${option.short}`] : []),
  ]);
  const shorts = names.filter((name) => !name.startsWith('--'));
  return [...names.filter((name) => name.startsWith('--')), ...shorts].join(', ');
}

/**
 * parseArgs with one-line UsageErrors (its own errors run over several
 * lines and do not list the options): the option values. `spec`: a
 * parseArgs spec, or a command of the options table ('node', 'web', 'answer').
 */
export function parseArgv(argv, command) {
  const spec = typeof command === 'string' ? specOf(command) : command;
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
 * node-2026-..., node-<workload>-..., limits-node-..., browser-<workload>-....
 * `kind` is the workload when it is not the default one.
 */
export function defaultResultsPath({ place, date, kind, prefix = '' }) {
  const middle = kind ? `${kind}-` : '';
  return join(REPO_ROOT, 'results', `${prefix}${place}-${middle}${fileStamp(date)}.json`);
}
