// Command-line options of the Node runner (node/bench.mjs). The workloads,
// strategies, records, defaults and bounds come from src/catalog.mjs, the
// codecs from the wasm build's catalog (resolveCodecs, once it is read).

import { join } from 'node:path';
import {
  BOUNDS,
  DEFAULT_WORKLOAD,
  WORKLOAD_NAMES,
  codecsOf,
  recordsOf,
  resultsKind,
  strategiesOf,
  workloadInfo,
} from '../src/catalog.mjs';
import {
  COMPRESSION_OPTIONS,
  REPO_ROOT,
  UsageError,
  defaultResultsPath,
  existingDirectory,
  existingFile,
  optionKindOf,
  outputFile,
  parseArgv,
  parseBlockOptions,
  parseBounded,
  parseList,
  parseRecords,
  parseCompression,
  parseNodeFlags,
  parsePeers,
  selectPeers,
} from './options.mjs';
import { datasetsOf, resolveUserDocuments } from './user-documents.mjs';

export { BOUNDS, REPO_ROOT, UsageError, selectPeers };

const TUPLES = workloadInfo('tuples');

/** The tuple workload's default strategies (the catalog's). */
export const STRATEGIES = [...TUPLES.strategies];

export const DEFAULTS = {
  // undefined: every codec the wasm build declares for the workload.
  codecs: undefined,
  strategies: STRATEGIES,
  ...TUPLES.defaults,
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
export const QUICK = TUPLES.quick;
// --limits: each path grows until it fails or the next size passes maxMB.
export const LIMITS = TUPLES.limits;

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
  sweep: { type: 'boolean' },
  looks: { type: 'string' },
  'budget-minutes': { type: 'string' },
  limits: { type: 'boolean' },
  'limits-max-mb': { type: 'string' },
  'child-node-options': { type: 'string' },
  resume: { type: 'string' },
  'build-dir': { type: 'string' },
  timeout: { type: 'string' },
  loader: { type: 'string' },
  peers: { type: 'string' },
  'no-peers': { type: 'boolean' },
  // No Node-API addon paths (options.addon false); they run by default when built.
  'no-addon': { type: 'boolean' },
  'peer-registry': { type: 'string' },
  workload: { type: 'string' },
  records: { type: 'string' },
  datasets: { type: 'string' },
  // A user's own documents (node/user-documents.mjs), repeatable.
  documents: { type: 'string', multiple: true },
  'min-rep-ms': { type: 'string' },
  ...COMPRESSION_OPTIONS,
  help: { type: 'boolean', short: 'h' },
};

// What --resume accepts beside the file: where things are and how long to
// wait, nothing that changes what is measured.
const RESUME_OPTIONS = ['build-dir', 'loader', 'peer-registry', 'timeout'];

// The options of each measuring protocol (src/catalog.mjs WORKLOADS); a
// workload whose entry lists `datasets` measures those instead of a sweep.
const PROTOCOL_OPTIONS = {
  'per-payload': ['min-mb', 'max-mb', 'per-decade', 'limits', 'limits-max-mb'],
  'per-call': ['records', 'min-rep-ms'],
  datasets: ['datasets', 'documents'],
};

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
    timeoutSeconds:
      values.timeout !== undefined ? parseBounded('timeout', values.timeout, 'timeoutSeconds') : undefined,
    ...locations(values),
  };
}

/**
 * How the run is planned (src/harness/plan.mjs): 'blocks' (the answer, the default
 * for a workload that has committed blocks), 'sweep' (--sweep, or a workload
 * without) or 'limits' (the tuple workload's growth protocol); the stopping
 * rule of the answer (--looks, --budget-minutes); and the workload's
 * defaults for it (or --quick's).
 */
function modeOf(values, info) {
  if (values.sweep && values.limits) {
    throw new UsageError('--sweep and --limits contradict each other (accepted: one of them)');
  }
  const blocks = !values.sweep && !values.limits && info.blocks !== undefined;
  for (const name of ['looks', 'budget-minutes']) {
    if (values[name] !== undefined && !blocks) {
      throw new UsageError(
        `--${name} is an option of the block protocol, the default run (accepted without --sweep or --limits${info.blocks ? '' : `, with a workload that has blocks, not ${info.name}`})`,
      );
    }
  }
  if (!blocks) return { mode: values.limits ? 'limits' : 'sweep', limits: Boolean(values.limits) };
  return {
    mode: 'blocks',
    limits: false,
    ...parseBlockOptions(values),
    base: { ...info.defaults, ...info.blocks, ...(values.quick ? info.blocksQuick : {}) },
  };
}

/** The options every workload shares; `base` holds the workload's defaults (or --quick's). */
function commonOptions(values, workload, base, outKind) {
  const given = (name) => values[name] !== undefined;
  return {
    help: false,
    workload,
    quick: Boolean(values.quick),
    // Checked against the build's catalog by resolveCodecs.
    codecs: undefined,
    codecsText: values.codecs,
    // A block run pairs its workload's C++ contenders unless the paths are named.
    pathsNamed: given('codecs') || given('strategies'),
    strategies: given('strategies')
      ? parseList('strategies', values.strategies, strategiesOf(workload, { optional: true }))
      : [...(base.strategies ?? strategiesOf(workload))],
    // The addon's strategies (undefined: the workload's own, addonStrategiesOf).
    addonStrategies: base.addonStrategies && [...base.addonStrategies],
    repetitions: given('repetitions')
      ? parseBounded('repetitions', values.repetitions, 'repetitions')
      : base.repetitions,
    warmup: given('warmup') ? parseBounded('warmup', values.warmup, 'warmup') : base.warmup,
    timeoutSeconds: given('timeout')
      ? parseBounded('timeout', values.timeout, 'timeoutSeconds')
      : DEFAULTS.timeoutSeconds,
    out: given('out') ? outputFile(values.out) : outKind,
    peers: parsePeers(values, { fallback: DEFAULTS.peers }),
    // A test's --loader stands in for the wasm build: it measures its own
    // modules, not the native build's addon.
    addon: !values['no-addon'] && values.loader === undefined,
    childNodeOptions: given('child-node-options')
      ? parseNodeFlags(values['child-node-options'])
      : DEFAULTS.childNodeOptions,
    // The compression stage (undefined: none).
    compression: parseCompression(values, 'node', {
      perCall: workloadInfo(workload).protocol === 'per-call',
    }),
    ...locations(values),
  };
}

/**
 * Parses argv (without node and the script) into the runner's options, or
 * throws a UsageError whose message is one line naming what is accepted.
 * `codecs` stays undefined until resolveCodecs checks --codecs against the
 * build. With --resume the result is { resume: FILE, timeoutSeconds?,
 * ...locations }: the rest comes from the file (see optionsFromProtocol).
 */
export function parseOptions(argv, { now = new Date() } = {}) {
  const values = parseArgv(argv, OPTIONS);
  if (values.help) return { help: true };
  if (values.resume !== undefined) return parseResume(values);
  const workload = values.workload ?? DEFAULT_WORKLOAD;
  if (!WORKLOAD_NAMES.includes(workload)) {
    throw new UsageError(`--workload: unknown value '${workload}' (accepted: ${WORKLOAD_NAMES.join(', ')})`);
  }
  const info = workloadInfo(workload);
  const kind = optionKindOf(info);
  for (const [other, names] of Object.entries(PROTOCOL_OPTIONS)) {
    if (other === kind) continue;
    const misplaced = names.find((name) => values[name] !== undefined);
    if (!misplaced) continue;
    if (kind === 'datasets') {
      throw new UsageError(
        `--${misplaced} is not an option of --workload ${workload} (accepted: --datasets, --documents, --repetitions, ` +
          '--warmup, --codecs, --strategies, --peers, --quick)',
      );
    }
    if (other === 'datasets') {
      const owners = WORKLOAD_NAMES.filter((name) => workloadInfo(name).datasets);
      throw new UsageError(
        `--${misplaced} needs a workload with data sets (accepted: --workload ${owners.join('|')} --${misplaced} ...)`,
      );
    }
    if (kind === 'per-payload') {
      throw new UsageError(
        `--${misplaced} needs --workload messages (accepted: --workload messages --${misplaced} ...)`,
      );
    }
    throw new UsageError(
      `--${misplaced} is for the tuple workload (accepted with --workload ${workload}: --records, --min-rep-ms, ` +
        '--repetitions, --warmup, --codecs, --strategies, --peers, --quick)',
    );
  }
  if (kind === 'datasets') return datasetOptions(values, workload, now);
  return kind === 'per-call'
    ? perCallOptions(values, workload, now)
    : perPayloadOptions(values, workload, now);
}

function datasetOptions(values, workload, now) {
  const info = workloadInfo(workload);
  const { base: blockBase, ...planned } = modeOf(values, info);
  const base = blockBase ?? { ...info.defaults, ...(values.quick ? info.quick : {}) };
  const documents = values.documents ? resolveUserDocuments(values.documents) : [];
  return {
    ...commonOptions(
      values,
      workload,
      base,
      defaultResultsPath({ place: 'node', date: now, kind: workload }),
    ),
    ...planned,
    datasets: datasetsOf(values, info, base, documents),
    documents,
  };
}

function perPayloadOptions(values, workload, now) {
  const info = workloadInfo(workload);
  const limits = Boolean(values.limits);
  if (limits && values.quick) {
    throw new UsageError('--quick and --limits contradict each other (accepted: one of them)');
  }
  if (limits && values.compress !== undefined) {
    throw new UsageError('--compress and --limits contradict each other (accepted: one of them)');
  }
  if (limits && values['max-mb'] !== undefined) {
    throw new UsageError(
      '--max-mb is the largest size of the sweep; with --limits use --limits-max-mb (accepted: --limits-max-mb N)',
    );
  }
  if (!limits && values['limits-max-mb'] !== undefined) {
    throw new UsageError('--limits-max-mb needs --limits (accepted: --limits --limits-max-mb N)');
  }
  const { base: blockBase, ...planned } = modeOf(values, info);
  const base = blockBase ?? { ...info.defaults, ...(limits ? info.limits : values.quick ? info.quick : {}) };
  const given = (name) => values[name] !== undefined;
  // limits-node-*: not a node-* file, so the report's default (the newest node-*.json) stays a sweep.
  const out = defaultResultsPath({
    place: 'node',
    date: now,
    prefix: limits ? 'limits-' : '',
    kind: resultsKind(workload),
  });
  const options = {
    ...commonOptions(values, workload, base, out),
    ...planned,
    minMB: given('min-mb')
      ? parseBounded('min-mb', values['min-mb'], limits ? 'limitsMaxMB' : 'minMB')
      : base.minMB,
    maxMB: given('max-mb')
      ? parseBounded('max-mb', values['max-mb'], 'maxMB')
      : given('limits-max-mb')
        ? parseBounded('limits-max-mb', values['limits-max-mb'], 'limitsMaxMB')
        : base.maxMB,
    perDecade: given('per-decade')
      ? parseBounded('per-decade', values['per-decade'], 'perDecade')
      : base.perDecade,
  };
  if (options.maxMB < options.minMB) {
    const max = limits ? '--limits-max-mb' : '--max-mb';
    throw new UsageError(
      `${max} ${options.maxMB} is below --min-mb ${options.minMB} (accepted: ${max} >= --min-mb)`,
    );
  }
  return options;
}

function perCallOptions(values, workload, now) {
  const info = workloadInfo(workload);
  const { base: blockBase, ...planned } = modeOf(values, info);
  const base = blockBase ?? { ...info.defaults, ...(values.quick ? info.quick : {}) };
  const given = (name) => values[name] !== undefined;
  // node-messages-*: told apart by name, like browser-messages-* and native-messages-*.
  const out = defaultResultsPath({ place: 'node', date: now, kind: workload });
  return {
    ...commonOptions(values, workload, base, out),
    ...planned,
    records: parseRecords(values.records, workload, base.records),
    minRepMs: given('min-rep-ms')
      ? parseBounded('min-rep-ms', values['min-rep-ms'], 'minRepMs')
      : base.minRepMs,
  };
}

/**
 * Sets options.codecs from --codecs (or every codec of the workload) checked
 * against the build's catalog; a UsageError names the codecs it accepts.
 */
export function resolveCodecs(options, buildInfo) {
  if (options.codecs !== undefined) return options;
  const accepted = codecsOf(buildInfo, options.workload);
  const codecs =
    options.codecsText !== undefined ? parseList('codecs', options.codecsText, accepted) : accepted;
  const { codecsText: _, ...rest } = options;
  return { ...rest, codecs };
}

/**
 * The options of a run recorded in a results file's protocol, for --resume:
 * `given` holds what parseOptions returned (locations, maybe a timeout).
 * Throws a UsageError when the protocol lacks what a run needs.
 */
export function optionsFromProtocol(protocol, given, workload = DEFAULT_WORKLOAD) {
  const missing = ['codecs', 'strategies'].find((key) => !Array.isArray(protocol[key]));
  if (missing) {
    throw new UsageError(
      `--resume: the file's protocol does not record its ${missing} (accepted: a results file written by this runner)`,
    );
  }
  const info = workloadInfo(workload);
  const mode = protocol.mode ?? 'sweep';
  if (mode === 'blocks') {
    throw new UsageError(
      '--resume: a default run is not resumed; its rows so far are kept in the file (accepted: a --sweep or --limits results file)',
    );
  }
  const shared = {
    help: false,
    quick: false,
    workload,
    mode,
    limits: mode === 'limits',
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
    // A file written before the field ran the addon whenever it was built.
    addon: (protocol.addon ?? true) && given.loader === DEFAULTS.loader,
    peerRegistry: given.peerRegistry,
    protoFile: given.protoFile,
    messagesProtoFile: given.messagesProtoFile,
    compression: protocol.compression,
  };
  if (info.datasets) {
    return {
      ...shared,
      datasets: [...(protocol.datasets ?? info.datasets)],
      // The user's documents, read again when the run goes on and checked against what the file recorded.
      documents: (protocol.documents ?? []).map(({ id, file }) => ({ id, file })),
      recordedDocuments: protocol.documents ?? [],
    };
  }
  if (info.protocol === 'per-call') {
    return {
      ...shared,
      records: [...(protocol.records ?? recordsOf(workload))],
      minRepMs: protocol.minRepMs ?? info.defaults.minRepMs,
    };
  }
  return {
    ...shared,
    minMB: protocol.minMB,
    maxMB: protocol.maxMB,
    perDecade:
      protocol.stepsPerDecade ?? (mode === 'limits' ? info.limits.perDecade : info.defaults.perDecade),
  };
}
