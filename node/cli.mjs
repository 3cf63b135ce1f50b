// Command-line options of the Node runner (node/bench.mjs).

import { statSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { peerNames } from '../src/harness/peers.mjs';
import { MESSAGE_NAMES } from '../src/harness/messages.mjs';
import { WORKLOADS } from '../src/harness/results.mjs';

export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

export const CODECS = ['raw', 'json', 'msgpack', 'protobuf', 'flatbuffers'];
export const STRATEGIES = ['val', 'embind', 'typed'];
// Accepted by --strategies but not run by default: typed with columns
// ({x: Int32Array, y, z: Float64Array}) instead of objects, not plain objects.
export const OPTIONAL_STRATEGIES = ['columnar'];

// --workload messages: single small records (src/harness/messages.mjs), ops/s.
// raw has no message codec (a memcpy of fixed-size items); typed and columnar
// move arrays of items, not records.
export const MESSAGE_CODECS = ['json', 'msgpack', 'protobuf', 'flatbuffers'];
export const MESSAGE_STRATEGIES = ['val', 'embind'];
export const MESSAGE_RECORDS = MESSAGE_NAMES;
// Duration of the default run: calibration stops at the first doubling whose
// repetition takes >= minRepMs, so a repetition takes minRepMs to 2 x minRepMs
// (~1.5 x on average). One operation is then ~(2 calibration + 2 warm-up + 7
// timed) x 15 ms + 8 GCs of ~3 ms = ~190 ms at minRepMs 10. A child measures
// per record JSON (3 operations), its path (3) and a wasm path's floor (2):
// val 8 records x 8 = 64 operations (~12 s), embind 8 x 3 + 5 x 5 = 49 (~9 s),
// a peer 8 x 6 = 48 (~9 s), plus 50 ms of untimed warm-up per path and record
// (~1 s). 4 codecs x 2 strategies + 13 peers: ~3.5 minutes plus process
// starts, ~4 minutes on an idle machine; a json val + embind pair took 39 s on
// this 2-core machine while others compiled (~6 minutes for the whole run).
// minRepMs 20 (the spec's default, kept for the page, whose clock may be
// coarse) would double that; Node's clock is fine-grained, so 10-20 ms
// repetitions are plenty.
export const MESSAGE_DEFAULTS = { minRepMs: 10, repetitions: 7, warmup: 2 };
// --quick --workload messages: a check that everything runs (~1 minute).
export const MESSAGE_QUICK = { minRepMs: 2, repetitions: 3, warmup: 1 };

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
  messagesProtoFile: join(REPO_ROOT, 'proto', 'messages.proto'),
  childNodeOptions: [],
};

// --quick: a tiny sweep for CI and for checking that everything runs.
export const QUICK = { minMB: 0.05, maxMB: 1, repetitions: 3, warmup: 1 };

// --limits: grow from minMB on a log grid of perDecade points per factor of
// ten until each path fails or the next size passes maxMB (--limits-max-mb),
// one verify and one timed encode/decode per size. 4 GB of JSON is past the
// V8 heap limit (about 4 GB by default) for the dataset alone, so every path
// that can fail does before it; the test uses small caps.
export const LIMITS = { minMB: 1, maxMB: 4096, perDecade: 5, repetitions: 1, warmup: 0 };

// Upper bounds that keep a typo from hanging or exhausting the machine: the
// sweep's sizes are selected in the runner's own process (the dataset grows
// in it), the grid has perDecade points per factor of ten, and Node's timers
// cannot wait longer than 2^31 - 1 ms (about 24.8 days).
export const BOUNDS = {
  sweepMaxMB: 1024,
  limitsMaxMB: 65536,
  perDecade: 100,
  repetitions: 10000,
  warmup: 10000,
  timeoutSeconds: 86400,
  minRepMs: 10000,
};

export const HELP = `Usage: npm run bench:node -- [options]    (or: node node/bench.mjs [options])

Measures every wasm codec through every interop strategy beside JSON.stringify/
JSON.parse and the pure-JS libraries (peers) on the growing tuple dataset. Each
(codec, strategy) and each peer runs in a fresh Node process started with
--expose-gc; the JSON baseline is measured in the same process at the same
sizes. Progress goes to stderr, tables (per size, then what each decode returns)
to stdout, and the results JSON (src/results.schema.json) to --out, rewritten
after every row: an interrupted run keeps what it measured, and --resume
finishes it. With --workload messages, single small records instead of the
dataset: encode, decode and round-trip operations per second per record, with
each wasm strategy's marshalling floor and each module's empty call.

Options:
  --workload NAME      tuples (default: the growing dataset, times per payload size) or
                       messages (single small records, operations per second per record;
                       codecs ${MESSAGE_CODECS.join(',')}, strategies ${MESSAGE_STRATEGIES.join(',')})
  --records LIST       messages: comma-separated records (default: ${MESSAGE_RECORDS.join(',')})
  --min-rep-ms N       messages: calls per repetition double until one repetition takes N ms
                       (default: ${MESSAGE_DEFAULTS.minRepMs}; --quick: ${MESSAGE_QUICK.minRepMs}); --repetitions and --warmup count
                       repetitions (default: ${MESSAGE_DEFAULTS.repetitions} and ${MESSAGE_DEFAULTS.warmup})
  --codecs LIST        comma-separated codecs (default: ${CODECS.join(',')})
  --strategies LIST    comma-separated interop strategies (default: ${STRATEGIES.join(',')};
                       also columnar: typed with typed-array columns, not objects)
  --peers LIST         comma-separated pure-JS libraries (default: every Node peer of
                       src/harness/peers.mjs: ${peerNames('node').join(',')})
  --no-peers           no pure-JS library, only the wasm codecs and JSON
  --min-mb N           smallest JSON payload size in MB (default: ${DEFAULTS.minMB}; --limits: ${LIMITS.minMB})
  --max-mb N           largest JSON payload size in MB, at most ${BOUNDS.sweepMaxMB} (default: ${DEFAULTS.maxMB})
  --per-decade N       sizes on a log grid of N points per factor of ten, 0 = every step, at most
                       ${BOUNDS.perDecade} (default: ${DEFAULTS.perDecade}; --limits: ${LIMITS.perDecade})
  --repetitions N      timed runs per operation (default: ${DEFAULTS.repetitions}; --limits: ${LIMITS.repetitions})
  --warmup N           untimed runs before them (default: ${DEFAULTS.warmup}; --limits: ${LIMITS.warmup})
  --out FILE           results file (default: results/node-<date>.json; --limits:
                       results/limits-node-<date>.json)
  --quick              tiny sweep: ${QUICK.minMB}-${QUICK.maxMB} MB, ${QUICK.repetitions} repetitions, ${QUICK.warmup} warm-up
                       (options given explicitly still win)
  --limits             payload limits instead of the sweep: each path (every codec x strategy,
                       the JSON baseline, every peer) in its own process grows from --min-mb on
                       the --per-decade grid until it fails or passes --limits-max-mb; records
                       the largest size that passed and why the next failed (its error, out of
                       memory, the V8 heap limit, the process's exit signal or code, timeout)
  --limits-max-mb N    where --limits stops growing a path that has not failed, at most
                       ${BOUNDS.limitsMaxMB} (default: ${LIMITS.maxMB})
  --child-node-options=FLAGS
                       extra Node/V8 flags for every child process, space-separated, e.g.
                       --child-node-options=--max-old-space-size=64 (a small heap, to find its limit)
  --resume FILE        continue an interrupted run in FILE with the options it records: sizes
                       measured ok are kept, the rest are measured; only --build-dir, --loader,
                       --peer-registry and --timeout may be given with it
  --build-dir DIR      the wasm build (default: build/wasm)
  --timeout SECONDS    limit for one (codec, strategy) child process; with --limits, for one
                       size of it (default: ${DEFAULTS.timeoutSeconds}, at most ${BOUNDS.timeoutSeconds})
  --loader MODULE      module providing loadWasmCodec/readWasmBuildInfo (default: node/load-wasm.mjs; for tests)
  --peer-registry MODULE  module exporting the peer registry's functions (default:
                       src/harness/peers.mjs; for tests)
  -h, --help           show this help

Exit codes: 0 done (failed codecs are reported in the results, not fatal),
1 runtime error (no wasm build, results not valid), 2 bad option,
130/143 interrupted by SIGINT/SIGTERM (the results so far are written).`;

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
  limits: { type: 'boolean' },
  'limits-max-mb': { type: 'string' },
  'child-node-options': { type: 'string' },
  resume: { type: 'string' },
  'build-dir': { type: 'string' },
  timeout: { type: 'string' },
  loader: { type: 'string' },
  peers: { type: 'string' },
  'no-peers': { type: 'boolean' },
  'peer-registry': { type: 'string' },
  workload: { type: 'string' },
  records: { type: 'string' },
  'min-rep-ms': { type: 'string' },
  help: { type: 'boolean', short: 'h' },
};

const ACCEPTED_OPTIONS = Object.keys(OPTIONS)
  .map((name) => `--${name}`)
  .join(', ')
  .concat(', -h');

// What --resume accepts beside the file: where things are and how long to
// wait, nothing that changes what is measured.
const RESUME_OPTIONS = ['build-dir', 'loader', 'peer-registry', 'timeout'];

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

function parseNumber(name, text, { integer = false, min = 0, exclusiveMin = false, max = Infinity } = {}) {
  const value = Number(text);
  const kind = integer ? 'an integer' : 'a number';
  const low = exclusiveMin ? `> ${min}` : `>= ${min}`;
  const bound = Number.isFinite(max) ? `${kind} ${low} and <= ${max}` : `${kind} ${low}`;
  const ok =
    text.trim() !== '' &&
    Number.isFinite(value) &&
    (!integer || Number.isInteger(value)) &&
    (exclusiveMin ? value > min : value >= min) &&
    value <= max;
  if (!ok) throw new UsageError(`--${name}: '${text}' is not valid (accepted: ${bound})`);
  return value;
}

function kindOf(file) {
  try {
    const stat = statSync(file);
    return stat.isDirectory() ? 'directory' : 'file';
  } catch {
    return undefined;
  }
}

// The path of an existing file or directory (`wanted`), or a usage error.
function existingPath(name, text, wanted) {
  const path = resolve(text);
  const kind = kindOf(path);
  if (kind !== wanted) {
    throw new UsageError(
      `--${name}: ${kind ? `'${text}' is a ${kind}` : `no ${wanted} '${text}'`} (accepted: an existing ${wanted})`,
    );
  }
  return path;
}

const existingFile = (name, text) => existingPath(name, text, 'file');
const existingDirectory = (name, text) => existingPath(name, text, 'directory');

function outputFile(text) {
  const file = resolve(text);
  if (kindOf(file) === 'directory') {
    throw new UsageError(`--out: '${text}' is a directory (accepted: a file path)`);
  }
  return file;
}

/**
 * --child-node-options: whitespace-separated flags, each starting with '-'.
 * Whether Node accepts them is checked when the runner starts.
 */
function parseNodeFlags(text) {
  const flags = text.split(/\s+/).filter(Boolean);
  if (flags.length === 0) {
    throw new UsageError(
      '--child-node-options is empty (accepted: Node/V8 flags, e.g. --max-old-space-size=64)',
    );
  }
  for (const flag of flags) {
    if (!flag.startsWith('-')) {
      throw new UsageError(
        `--child-node-options: '${flag}' is not a flag (accepted: Node/V8 flags starting with -, e.g. --max-old-space-size=64)`,
      );
    }
  }
  return flags;
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

function defaultOutPath(date, mode) {
  const stamp = date
    .toISOString()
    .replace(/:/g, '-')
    .replace(/\.\d+Z$/, 'Z');
  // limits-node-*: not a node-* file, so npm run report's default (the
  // newest node-*.json) keeps picking the latest sweep.
  // node-messages-*: a messages run, which npm run report tells apart by name
  // (like the page's browser-messages-* and the native native-messages-*).
  if (mode === 'messages') return join(REPO_ROOT, 'results', `node-messages-${stamp}.json`);
  const prefix = mode === 'limits' ? 'limits-' : '';
  return join(REPO_ROOT, 'results', `${prefix}node-${stamp}.json`);
}

function parseArgv(argv) {
  try {
    return parseArgs({ args: argv, options: OPTIONS, strict: true, allowPositionals: false }).values;
  } catch (error) {
    const quoted = /'([^']*)'/.exec(error.message)?.[1] ?? '';
    if (error.code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') {
      throw new UsageError(`unknown option ${quoted} (accepted: ${ACCEPTED_OPTIONS})`);
    }
    if (error.code === 'ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL') {
      throw new UsageError(`unexpected argument '${quoted}' (accepted: options only, ${ACCEPTED_OPTIONS})`);
    }
    if (error.code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE') {
      const name = quoted.split(' ')[0];
      if (/ambiguous/.test(error.message)) {
        throw new UsageError(
          `${name}: a value starting with '-' must be attached to it (accepted: ${name}=VALUE)`,
        );
      }
      throw new UsageError(`${name} needs a value (see --help)`);
    }
    throw new UsageError(`${error.message.split('\n')[0]} (see --help)`);
  }
}

// The options that say where things are, shared by a new run and --resume.
function locations(values) {
  return {
    buildDir:
      values['build-dir'] !== undefined
        ? existingDirectory('build-dir', values['build-dir'])
        : DEFAULTS.buildDir,
    loader: values.loader !== undefined ? existingFile('loader', values.loader) : DEFAULTS.loader,
    peerRegistry:
      values['peer-registry'] !== undefined
        ? existingFile('peer-registry', values['peer-registry'])
        : DEFAULTS.peerRegistry,
    protoFile: DEFAULTS.protoFile,
    messagesProtoFile: DEFAULTS.messagesProtoFile,
  };
}

function parseTimeout(text) {
  return parseNumber('timeout', text, { exclusiveMin: true, max: BOUNDS.timeoutSeconds });
}

function parseResume(values) {
  const extra = Object.keys(values).filter((name) => name !== 'resume' && !RESUME_OPTIONS.includes(name));
  if (extra.length > 0) {
    throw new UsageError(
      `--${extra[0]} cannot be given with --resume: the run goes on with the options recorded in the file ` +
        `(accepted with --resume: ${RESUME_OPTIONS.map((name) => `--${name}`).join(', ')})`,
    );
  }
  return {
    help: false,
    resume: existingFile('resume', values.resume),
    timeoutSeconds: values.timeout !== undefined ? parseTimeout(values.timeout) : undefined,
    ...locations(values),
  };
}

/**
 * Parses argv (without node and the script) into the runner's options, or
 * throws a UsageError whose message is one line naming what is accepted.
 * With --resume the result is { resume: FILE, timeoutSeconds?, ...locations }:
 * the rest comes from the file (see optionsFromProtocol).
 */
export function parseOptions(argv, { now = new Date() } = {}) {
  const values = parseArgv(argv);
  if (values.help) return { help: true };
  if (values.resume !== undefined) return parseResume(values);
  const workload = values.workload ?? 'tuples';
  if (!WORKLOADS.includes(workload)) {
    throw new UsageError(`--workload: unknown value '${workload}' (accepted: ${WORKLOADS.join(', ')})`);
  }
  if (workload === 'messages') return parseMessageOptions(values, now);
  for (const name of ['records', 'min-rep-ms']) {
    if (values[name] !== undefined) {
      throw new UsageError(
        `--${name} needs --workload messages (accepted: --workload messages --${name} ...)`,
      );
    }
  }

  const limits = Boolean(values.limits);
  if (limits && values.quick) {
    throw new UsageError('--quick and --limits contradict each other (accepted: one of them)');
  }
  if (limits && values['max-mb'] !== undefined) {
    throw new UsageError(
      '--max-mb is the largest size of the sweep; with --limits use --limits-max-mb (accepted: --limits-max-mb N)',
    );
  }
  if (!limits && values['limits-max-mb'] !== undefined) {
    throw new UsageError('--limits-max-mb needs --limits (accepted: --limits --limits-max-mb N)');
  }
  const base = limits ? { ...DEFAULTS, ...LIMITS } : values.quick ? { ...DEFAULTS, ...QUICK } : DEFAULTS;
  const maxBound = limits ? BOUNDS.limitsMaxMB : BOUNDS.sweepMaxMB;
  const given = (name) => values[name] !== undefined;
  const options = {
    help: false,
    workload: 'tuples',
    mode: limits ? 'limits' : 'sweep',
    quick: Boolean(values.quick),
    codecs: given('codecs') ? parseList('codecs', values.codecs, CODECS) : base.codecs,
    strategies: given('strategies')
      ? parseList('strategies', values.strategies, [...STRATEGIES, ...OPTIONAL_STRATEGIES])
      : base.strategies,
    minMB: given('min-mb')
      ? parseNumber('min-mb', values['min-mb'], { exclusiveMin: true, max: maxBound })
      : base.minMB,
    maxMB: given('max-mb')
      ? parseNumber('max-mb', values['max-mb'], { exclusiveMin: true, max: BOUNDS.sweepMaxMB })
      : given('limits-max-mb')
        ? parseNumber('limits-max-mb', values['limits-max-mb'], {
            exclusiveMin: true,
            max: BOUNDS.limitsMaxMB,
          })
        : base.maxMB,
    perDecade: given('per-decade')
      ? parseNumber('per-decade', values['per-decade'], { max: BOUNDS.perDecade })
      : base.perDecade,
    repetitions: given('repetitions')
      ? parseNumber('repetitions', values.repetitions, { integer: true, min: 1, max: BOUNDS.repetitions })
      : base.repetitions,
    warmup: given('warmup')
      ? parseNumber('warmup', values.warmup, { integer: true, max: BOUNDS.warmup })
      : base.warmup,
    timeoutSeconds: given('timeout') ? parseTimeout(values.timeout) : base.timeoutSeconds,
    out: given('out') ? outputFile(values.out) : defaultOutPath(now, limits ? 'limits' : 'sweep'),
    peers: parsePeers(values, base.peers),
    childNodeOptions: given('child-node-options')
      ? parseNodeFlags(values['child-node-options'])
      : base.childNodeOptions,
    ...locations(values),
  };
  if (options.maxMB < options.minMB) {
    const max = limits ? '--limits-max-mb' : '--max-mb';
    throw new UsageError(
      `${max} ${options.maxMB} is below --min-mb ${options.minMB} (accepted: ${max} >= --min-mb)`,
    );
  }
  return options;
}

// Options of the tuple sweep that mean nothing for single records.
const TUPLE_ONLY_OPTIONS = ['min-mb', 'max-mb', 'per-decade', 'limits', 'limits-max-mb'];

function parseMessageOptions(values, now) {
  const misplaced = TUPLE_ONLY_OPTIONS.find((name) => values[name] !== undefined);
  if (misplaced) {
    throw new UsageError(
      `--${misplaced} is for the tuple workload (accepted with --workload messages: --records, --min-rep-ms, ` +
        '--repetitions, --warmup, --codecs, --strategies, --peers, --quick)',
    );
  }
  const base = values.quick
    ? { ...DEFAULTS, ...MESSAGE_DEFAULTS, ...MESSAGE_QUICK }
    : { ...DEFAULTS, ...MESSAGE_DEFAULTS };
  const given = (name) => values[name] !== undefined;
  return {
    help: false,
    workload: 'messages',
    mode: 'sweep',
    quick: Boolean(values.quick),
    codecs: given('codecs') ? parseList('codecs', values.codecs, MESSAGE_CODECS) : [...MESSAGE_CODECS],
    strategies: given('strategies')
      ? parseList('strategies', values.strategies, MESSAGE_STRATEGIES)
      : [...MESSAGE_STRATEGIES],
    records: given('records') ? parseList('records', values.records, MESSAGE_RECORDS) : [...MESSAGE_RECORDS],
    minRepMs: given('min-rep-ms')
      ? parseNumber('min-rep-ms', values['min-rep-ms'], { exclusiveMin: true, max: BOUNDS.minRepMs })
      : base.minRepMs,
    repetitions: given('repetitions')
      ? parseNumber('repetitions', values.repetitions, { integer: true, min: 1, max: BOUNDS.repetitions })
      : base.repetitions,
    warmup: given('warmup')
      ? parseNumber('warmup', values.warmup, { integer: true, max: BOUNDS.warmup })
      : base.warmup,
    timeoutSeconds: given('timeout') ? parseTimeout(values.timeout) : base.timeoutSeconds,
    out: given('out') ? outputFile(values.out) : defaultOutPath(now, 'messages'),
    peers: parsePeers(values, base.peers),
    childNodeOptions: given('child-node-options')
      ? parseNodeFlags(values['child-node-options'])
      : base.childNodeOptions,
    ...locations(values),
  };
}

/**
 * The options of a run recorded in a results file's protocol, for --resume:
 * `given` holds what parseOptions returned (locations, maybe a timeout).
 * Throws a UsageError when the protocol lacks what a run needs.
 */
export function optionsFromProtocol(protocol, given, workload = 'tuples') {
  const missing = ['codecs', 'strategies'].find((key) => !Array.isArray(protocol[key]));
  if (missing) {
    throw new UsageError(
      `--resume: the file's protocol does not record its ${missing} (accepted: a results file written by this runner)`,
    );
  }
  const mode = protocol.mode ?? 'sweep';
  // What both workloads record and restore the same way.
  const shared = {
    help: false,
    quick: false,
    codecs: [...protocol.codecs],
    strategies: [...protocol.strategies],
    repetitions: protocol.repetitions,
    warmup: protocol.warmup,
    timeoutSeconds: given.timeoutSeconds ?? protocol.timeoutSeconds ?? DEFAULTS.timeoutSeconds,
    out: given.resume,
    peers: protocol.peers ? [...protocol.peers] : [],
    childNodeOptions: protocol.childNodeOptions ? [...protocol.childNodeOptions] : [],
    buildDir: given.buildDir,
    loader: given.loader,
    peerRegistry: given.peerRegistry,
    protoFile: given.protoFile,
  };
  if (workload === 'messages') {
    return {
      ...shared,
      workload,
      mode: 'sweep',
      records: [...(protocol.records ?? MESSAGE_RECORDS)],
      minRepMs: protocol.minRepMs ?? MESSAGE_DEFAULTS.minRepMs,
      messagesProtoFile: given.messagesProtoFile,
    };
  }
  return {
    ...shared,
    workload: 'tuples',
    mode,
    minMB: protocol.minMB,
    maxMB: protocol.maxMB,
    perDecade: protocol.stepsPerDecade ?? (mode === 'limits' ? LIMITS.perDecade : DEFAULTS.perDecade),
  };
}
