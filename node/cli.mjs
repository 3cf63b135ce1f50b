// Command-line options of the Node runner (node/bench.mjs).

import { parseArgs } from 'node:util';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { peerNames } from '../src/harness/peers.mjs';

export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

export const CODECS = ['raw', 'json', 'msgpack', 'protobuf', 'flatbuffers'];
export const STRATEGIES = ['val', 'embind', 'typed'];

export const DEFAULTS = {
  codecs: CODECS,
  strategies: STRATEGIES,
  minMB: 0.1,
  maxMB: 30,
  perDecade: 3,
  repetitions: 7,
  warmup: 2,
  timeoutSeconds: 300,
  buildDir: join(REPO_ROOT, 'build', 'wasm'),
  loader: join(REPO_ROOT, 'node', 'load-wasm.mjs'),
  // undefined: every peer of the registry that runs in Node.
  peers: undefined,
  peerRegistry: join(REPO_ROOT, 'src', 'harness', 'peers.mjs'),
  protoFile: join(REPO_ROOT, 'proto', 'tuple.proto'),
};

// --quick: a tiny sweep for CI and for checking that everything runs.
export const QUICK = { minMB: 0.05, maxMB: 1, repetitions: 3, warmup: 1 };

export const HELP = `Usage: npm run bench:node -- [options]    (or: node node/bench.mjs [options])

Measures every wasm codec through every interop strategy beside JSON.stringify/
JSON.parse and the pure-JS libraries (peers) on the growing tuple dataset. Each
(codec, strategy) and each peer runs in a fresh Node process started with
--expose-gc; the JSON baseline is measured in the same process at the same
sizes. Progress goes to stderr, tables (per size, then what each decode returns)
to stdout, and the results JSON (src/results.schema.json) to --out.

Options:
  --codecs LIST        comma-separated codecs (default: ${CODECS.join(',')})
  --strategies LIST    comma-separated interop strategies (default: ${STRATEGIES.join(',')})
  --peers LIST         comma-separated pure-JS libraries (default: every Node peer of
                       src/harness/peers.mjs: ${peerNames('node').join(',')})
  --no-peers           no pure-JS library, only the wasm codecs and JSON
  --min-mb N           smallest JSON payload size in MB (default: ${DEFAULTS.minMB})
  --max-mb N           largest JSON payload size in MB (default: ${DEFAULTS.maxMB})
  --per-decade N       sizes on a log grid of N points per factor of ten, 0 = every step (default: ${DEFAULTS.perDecade})
  --repetitions N      timed runs per operation (default: ${DEFAULTS.repetitions})
  --warmup N           untimed runs before them (default: ${DEFAULTS.warmup})
  --out FILE           results file (default: results/node-<date>.json)
  --quick              tiny sweep: ${QUICK.minMB}-${QUICK.maxMB} MB, ${QUICK.repetitions} repetitions, ${QUICK.warmup} warm-up
                       (options given explicitly still win)
  --build-dir DIR      the wasm build (default: build/wasm)
  --timeout SECONDS    limit for one (codec, strategy) child process (default: ${DEFAULTS.timeoutSeconds})
  --loader MODULE      module providing loadWasmCodec/readWasmBuildInfo (default: node/load-wasm.mjs; for tests)
  --peer-registry MODULE  module exporting the peer registry's functions (default:
                       src/harness/peers.mjs; for tests)
  -h, --help           show this help

Exit codes: 0 done (failed codecs are reported in the results, not fatal),
1 runtime error (no wasm build, results not valid), 2 bad option.`;

export class UsageError extends Error {}

const OPTIONS = {
  codecs: { type: 'string' },
  strategies: { type: 'string' },
  'min-mb': { type: 'string' },
  'max-mb': { type: 'string' },
  'per-decade': { type: 'string' },
  repetitions: { type: 'string' },
  warmup: { type: 'string' },
  out: { type: 'string' },
  quick: { type: 'boolean' },
  'build-dir': { type: 'string' },
  timeout: { type: 'string' },
  loader: { type: 'string' },
  peers: { type: 'string' },
  'no-peers': { type: 'boolean' },
  'peer-registry': { type: 'string' },
  help: { type: 'boolean', short: 'h' },
};

const ACCEPTED_OPTIONS = Object.keys(OPTIONS)
  .map((name) => `--${name}`)
  .join(', ')
  .concat(', -h');

function parseList(name, text, accepted) {
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

function parseNumber(name, text, { integer = false, min = 0, exclusiveMin = false } = {}) {
  const value = Number(text);
  const bound = exclusiveMin ? `a number > ${min}` : `${integer ? 'an integer' : 'a number'} >= ${min}`;
  const ok =
    text.trim() !== '' &&
    Number.isFinite(value) &&
    (!integer || Number.isInteger(value)) &&
    (exclusiveMin ? value > min : value >= min);
  if (!ok) throw new UsageError(`--${name}: '${text}' is not valid (accepted: ${bound})`);
  return value;
}

// The names given to --peers, checked against the registry later (see
// selectPeers): [] for --no-peers, undefined for the default (all).
function parsePeers(values, fallback) {
  if (values['no-peers'] && values.peers !== undefined) {
    throw new UsageError('--peers and --no-peers contradict each other (accepted: one of them)');
  }
  if (values['no-peers']) return [];
  if (values.peers === undefined) return fallback;
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
export function selectPeers(requested, registry, place = 'node') {
  const available = registry.peersFor(place);
  if (requested === undefined) return available;
  const accepted = available.map((peer) => peer.name);
  for (const name of requested) {
    if (accepted.includes(name)) continue;
    const where = registry.findPeer(name) ? ` (it does not run in ${place})` : '';
    throw new UsageError(`--peers: unknown value '${name}'${where} (accepted: ${accepted.join(', ')})`);
  }
  return available.filter((peer) => requested.includes(peer.name));
}

function defaultOutPath(date) {
  const stamp = date
    .toISOString()
    .replace(/:/g, '-')
    .replace(/\.\d+Z$/, 'Z');
  return join(REPO_ROOT, 'results', `node-${stamp}.json`);
}

/**
 * Parses argv (without node and the script) into the runner's options, or
 * throws a UsageError whose message is one line naming what is accepted.
 */
export function parseOptions(argv, { now = new Date() } = {}) {
  let values;
  try {
    ({ values } = parseArgs({ args: argv, options: OPTIONS, strict: true, allowPositionals: false }));
  } catch (error) {
    const quoted = /'([^']*)'/.exec(error.message)?.[1] ?? '';
    if (error.code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') {
      throw new UsageError(`unknown option ${quoted} (accepted: ${ACCEPTED_OPTIONS})`);
    }
    if (error.code === 'ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL') {
      throw new UsageError(`unexpected argument '${quoted}' (accepted: options only, ${ACCEPTED_OPTIONS})`);
    }
    if (error.code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE') {
      throw new UsageError(`${quoted.split(' ')[0]} needs a value (see --help)`);
    }
    throw error;
  }
  if (values.help) return { help: true };

  const base = values.quick ? { ...DEFAULTS, ...QUICK } : DEFAULTS;
  const options = {
    help: false,
    quick: Boolean(values.quick),
    codecs: values.codecs !== undefined ? parseList('codecs', values.codecs, CODECS) : base.codecs,
    strategies:
      values.strategies !== undefined
        ? parseList('strategies', values.strategies, STRATEGIES)
        : base.strategies,
    minMB:
      values['min-mb'] !== undefined
        ? parseNumber('min-mb', values['min-mb'], { exclusiveMin: true })
        : base.minMB,
    maxMB:
      values['max-mb'] !== undefined
        ? parseNumber('max-mb', values['max-mb'], { exclusiveMin: true })
        : base.maxMB,
    perDecade:
      values['per-decade'] !== undefined ? parseNumber('per-decade', values['per-decade']) : base.perDecade,
    repetitions:
      values.repetitions !== undefined
        ? parseNumber('repetitions', values.repetitions, { integer: true, min: 1 })
        : base.repetitions,
    warmup:
      values.warmup !== undefined ? parseNumber('warmup', values.warmup, { integer: true }) : base.warmup,
    timeoutSeconds:
      values.timeout !== undefined
        ? parseNumber('timeout', values.timeout, { exclusiveMin: true })
        : base.timeoutSeconds,
    out: values.out !== undefined ? resolve(values.out) : defaultOutPath(now),
    buildDir: values['build-dir'] !== undefined ? resolve(values['build-dir']) : base.buildDir,
    loader: values.loader !== undefined ? resolve(values.loader) : base.loader,
    peers: parsePeers(values, base.peers),
    peerRegistry:
      values['peer-registry'] !== undefined ? resolve(values['peer-registry']) : base.peerRegistry,
    protoFile: base.protoFile,
  };
  if (options.maxMB < options.minMB) {
    throw new UsageError(
      `--max-mb ${options.maxMB} is below --min-mb ${options.minMB} (accepted: max >= min)`,
    );
  }
  return options;
}
