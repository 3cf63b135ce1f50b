// bench:node's own options (node/bench.mjs), declared in the options table
// (src/options/table.mjs): the checks between them (--limits, --resume),
// where things are, and the codecs from the wasm build's catalog
// (resolveCodecs, once it is read).

import { join } from 'node:path';
import {
  BOUNDS,
  DEFAULT_WORKLOAD,
  codecsOf,
  resultsKind,
  strategiesOf,
  workloadInfo,
} from '../src/catalog.mjs';
import { keyOf, kindOptions, optionKindOf, optionNamed, optionsOf } from '../src/options/table.mjs';
import {
  REPO_ROOT,
  UsageError,
  defaultResultsPath,
  existingFile,
  optionValue,
  parseArgv,
  parseList,
  parseNodeFlags,
  selectPeers,
} from './options.mjs';
import {
  DEFAULT_TIMEOUT_SECONDS,
  buildDirsOf,
  runModeOf,
  refuseMisplaced,
  sharedOptions,
  workloadOf,
} from './run-options.mjs';
import { parseRuntimes } from './runtimes.mjs';

export { BOUNDS, REPO_ROOT, UsageError, selectPeers };

// The default workload's entry (the catalog's first).
const DEFAULT_INFO = workloadInfo(DEFAULT_WORKLOAD);

/** The default workload's strategies (the catalog's). */
export const STRATEGIES = [...DEFAULT_INFO.strategies];

export const DEFAULTS = {
  // undefined: every codec the wasm build declares for the workload.
  codecs: undefined,
  strategies: STRATEGIES,
  ...DEFAULT_INFO.defaults,
  timeoutSeconds: DEFAULT_TIMEOUT_SECONDS.node,
  buildDir: join(REPO_ROOT, optionNamed('build-dir').default),
  loader: join(REPO_ROOT, optionNamed('loader').default),
  // undefined: every peer of the registry that runs in Node.
  peers: undefined,
  peerRegistry: join(REPO_ROOT, optionNamed('peer-registry').default),
  protoFile: join(REPO_ROOT, 'proto', 'tuple.proto'),
  childNodeOptions: [],
};

// What --resume accepts beside the file (the table's `resume`): where things
// are and how long to wait, nothing that changes what is measured.
const RESUME_OPTIONS = optionsOf('node')
  .filter((option) => option.resume && !['resume', 'help'].includes(option.name))
  .map((option) => option.name);

// The options that say where things are, shared by a new run and --resume.
function locations(values) {
  const given = (flag, check, fallback) =>
    values[flag] !== undefined ? check(flag, values[flag]) : fallback;
  return {
    ...buildDirsOf(values, DEFAULTS.buildDir),
    loader: given('loader', existingFile, DEFAULTS.loader),
    peerRegistry: given('peer-registry', existingFile, DEFAULTS.peerRegistry),
    protoFile: DEFAULTS.protoFile,
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
    timeoutSeconds: optionValue(values, 'timeout'),
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
  const values = parseArgv(argv, 'node');
  if (values.help) return { help: true };
  if (values.resume !== undefined) return parseResume(values);
  const info = workloadOf(values);
  const workload = info.name;
  refuseMisplaced(values, info, 'node');
  const limits = Boolean(values.limits);
  for (const other of ['sweep', 'quick', 'compress']) {
    if (limits && values[other] !== undefined) {
      throw new UsageError(`--${other} and --limits contradict each other (accepted: one of them)`);
    }
  }
  if (limits && values['max-mb'] !== undefined) {
    throw new UsageError(
      '--max-mb is the largest size of the sweep; with --limits use --limits-max-mb (accepted: --limits-max-mb N)',
    );
  }
  if (!limits && values['limits-max-mb'] !== undefined) {
    throw new UsageError('--limits-max-mb needs --limits (accepted: --limits --limits-max-mb N)');
  }
  const { base, ...mode } = runModeOf(values, info, { place: 'node', limits });
  // node-<workload>-*: told apart by name, like browser-<workload>-*; limits-node-*:
  // not a node-* file, so the report's default (the newest node-*.json) stays a sweep.
  const out = defaultResultsPath({
    place: 'node',
    date: now,
    prefix: limits ? 'limits-' : mode.mode === 'startup' ? 'startup-' : '',
    kind: resultsKind(workload),
  });
  return {
    help: false,
    quick: Boolean(values.quick),
    ...mode,
    limits,
    ...sharedOptions(values, info, base, {
      place: 'node',
      peers: { fallback: DEFAULTS.peers },
      strategies: strategiesOf(workload, { optional: true }),
      limits,
      out,
    }),
    // Checked against the build's catalog by resolveCodecs.
    codecs: undefined,
    codecsText: values.codecs,
    // The addon's strategies (undefined: the workload's own, addonStrategiesOf).
    addonStrategies: base.addonStrategies && [...base.addonStrategies],
    // A test's --loader stands in for the wasm build: it measures its own
    // modules, not the native build's addon.
    addon: !values['no-addon'] && values.loader === undefined,
    childNodeOptions:
      values['child-node-options'] !== undefined
        ? parseNodeFlags(values['child-node-options'])
        : DEFAULTS.childNodeOptions,
    ...locations(values),
    // The runtimes the run goes to (node/runtimes.mjs); undefined: the Node that runs the command.
    runtimes: values.runtime !== undefined ? parseRuntimes(values.runtime) : undefined,
    outGiven: values.out !== undefined,
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
  // Where things are, as parseOptions found them.
  const { resume, timeoutSeconds, ...where } = given;
  const shared = {
    ...where,
    quick: false,
    workload,
    mode,
    limits: mode === 'limits',
    codecs: [...protocol.codecs],
    strategies: [...protocol.strategies],
    repetitions: protocol.repetitions,
    warmup: protocol.warmup,
    timeoutSeconds: timeoutSeconds ?? protocol.timeoutSeconds ?? DEFAULTS.timeoutSeconds,
    out: resume,
    peers: protocol.peers ? [...protocol.peers] : [],
    childNodeOptions: protocol.childNodeOptions ? [...protocol.childNodeOptions] : [],
    // A file written before the field ran the addon whenever it was built.
    addon: (protocol.addon ?? true) && given.loader === DEFAULTS.loader,
    compression: protocol.compression,
  };
  // Its kind's options (the table's) as recorded, else the workload's full list or default.
  const defaults = mode === 'limits' ? info.limits : info.defaults;
  const own = {};
  for (const option of kindOptions('node')[optionKindOf(info)].map(optionNamed)) {
    const key = keyOf(option);
    const value =
      protocol[option.recorded ?? key] ?? info[key] ?? defaults[key] ?? (option.multiple ? [] : undefined);
    if (option.type !== 'boolean') own[key] = Array.isArray(value) ? [...value] : value;
  }
  // A user's documents are read again and checked against what the file recorded.
  if (own.documents) {
    own.recordedDocuments = own.documents;
    own.documents = own.documents.map(({ id, file }) => ({ id, file }));
  }
  return { ...shared, ...own };
}
