// Every option of bench:node ('node'), bench:web ('web'), the answer
// command ('answer') and the page's form ('page'), declared once. The
// runners' parsing (node/options.mjs reads it), each command's --help
// (help.mjs), the page's permalink fields (web/src/query.mjs) and the error
// for a bad value come from here. Browser-safe.
//
// An entry: name; type ('string' by default, 'boolean', 'number', 'list');
// key (the parsed options' field: camelCase of the name by default); value
// (help's placeholder); bound (a number's bounds: an OPTION_BOUNDS key, by
// default its key's, or the bounds); values (() => the accepted values);
// multiple, short; commands; kind (the workloads taking it, in `commands`: a
// protocol or 'datasets' (optionKindOf), or a list; 'blocks': the block
// protocol's); recorded (its results protocol field; default: key); resume (allowed with
// --resume); default (where no workload's catalog entry gives it; help
// names a plain one); page (a
// list's { checkbox }, true for a number: the page's form and permalink);
// help (text, (ctx) => text, or one per command). Adding an option is one
// entry here, and its meaning where a run uses it.

import { BLOCKS, BOUNDS, DEFAULT_WORKLOAD, OPTION_BOUNDS, WORKLOADS, WORKLOAD_NAMES } from '../catalog.mjs';
import { browserNames } from '../engines.mjs';
import {
  COMPRESS_CHOICES,
  COMPRESSOR_OPTIONS,
  PER_CALL_COMPRESSOR_OPTIONS,
} from '../harness/compressors.mjs';
import { peerNames } from '../harness/peers.mjs';
import { MAX_WARMUP_ROUNDS, MIN_WARMUP_MS } from '../harness/block.mjs';
import { defaultsText, quickText, recordsExtra } from './defaults-text.mjs';

/** A bad command line or option: its message is one line naming what is accepted (exit code 2). */
export class UsageError extends Error {}

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

const [NODE, WEB, ANSWER] = [['node'], ['web'], ['answer']];
const RUNNERS = ['node', 'web'];
const FORM = ['node', 'web', 'page'];

/** --browser's values: each browser place (src/places/, registered in Node by src/places.mjs), or all of them. */
export const browserChoices = () => [...browserNames(), 'all'];

// --timeout: one child process in Node, the whole run in a browser.
const TIMEOUT_SECONDS = Object.freeze({ node: 300, browser: 3600 });

// One entry an option, by hand in columns: the help text last.
// prettier-ignore
export const OPTIONS = Object.freeze([
  { name: 'workload', value: 'NAME', values: () => WORKLOAD_NAMES, commands: FORM,
    help: () => `one of ${WORKLOAD_NAMES.join(', ')} (default: ${DEFAULT_WORKLOAD}); results go to results/<place>-<date>.json ` +
      `(${DEFAULT_WORKLOAD}) or results/<place>-<workload>-<date>.json` },
  { name: 'browser', value: 'NAME', values: browserChoices, commands: WEB,
    help: () => `${browserChoices().join(', ')} (default: ${browserNames()[0]}); all runs them one after the other, ` +
      'each writing its own results file (run.runtime.engine says which)' },
  { name: 'sweep', type: 'boolean', commands: RUNNERS,
    help: 'the full matrix, a bigger plan: a block per path (every strategy and library, each with JSON and its floor) ' +
      'and size, record or data set, each in one process or context' },
  { name: 'looks', type: 'list', bound: 'look', kind: 'blocks', commands: RUNNERS,
    help: 'block protocol (the default run): the process or context counts at which the stopping rule looks ' +
      `(default: ${BLOCKS.looks.join(',')}; --quick: ${BLOCKS.quick.looks.join(',')}); the last is the most a block gets` },
  { name: 'budget-minutes', type: 'number', kind: 'blocks', commands: RUNNERS,
    help: 'block protocol: the time limit of the blocks (bench:web: in each browser) ' +
      `(default: ${BLOCKS.budgetMinutes}; --quick: ${BLOCKS.quick.budgetMinutes})` },
  { name: 'codecs', type: 'list', commands: FORM, page: { checkbox: 'codec' },
    help: "comma-separated codecs (default: every codec the wasm build's catalog declares for the workload)" },
  { name: 'strategies', type: 'list', commands: FORM, page: { checkbox: 'strategy' },
    help: () => `comma-separated interop strategies (${defaultsText('strategies')}; also columnar: typed with typed-array columns)` },
  { name: 'peers', type: 'list', commands: FORM, page: { checkbox: 'peer' }, help: {
    node: () => 'comma-separated pure-JS libraries (default: the fastest sets in the block protocol, where --peers also ' +
      `becomes the set every path is judged against; every Node library with --sweep: ${peerNames('node').join(', ')})`,
    web: () => 'comma-separated pure-JS libraries (default: the fastest sets in the block protocol; with --sweep every one ' +
      `that runs in a browser and takes part in the workload: ${peerNames('browser').join(', ')})` } },
  { name: 'no-peers', type: 'boolean', commands: RUNNERS, help: 'no pure-JS library, only the wasm codecs and JSON' },
  { name: 'no-addon', type: 'boolean', commands: NODE,
    help: "not the Node-API addon's paths (place node-addon: the same C++ built natively, run by default when " +
      'scripts/build-native.sh native-release has built it; --strategies names wasm strategies, and columnar adds ' +
      "the addon's columnar too; a --loader other than the default leaves them out as well)" },
  { name: 'min-mb', type: 'number', key: 'minMB', kind: 'per-payload', commands: FORM, page: true,
    help: () => `smallest JSON payload size in MB (${defaultsText('minMB', { limits: true })})` },
  { name: 'max-mb', type: 'number', key: 'maxMB', kind: 'per-payload', commands: FORM, page: true,
    help: () => `largest JSON payload size in MB, at most ${BOUNDS.sweepMaxMB} (${defaultsText('maxMB')})` },
  { name: 'per-decade', type: 'number', kind: 'per-payload', recorded: 'stepsPerDecade', commands: FORM, page: true,
    help: () => `sizes on a log grid of N points per factor of ten, 0 = every step, at most ${BOUNDS.perDecade} ` +
      `(${defaultsText('perDecade', { limits: true })})` },
  { name: 'records', type: 'list', kind: 'per-call', commands: FORM, page: { checkbox: 'record' },
    help: () => `comma-separated records or record sets (${defaultsText('records')}; ` +
      `${WORKLOADS.filter((info) => info.records).map((info) => recordsExtra(info.name)).join('; ')})` },
  { name: 'min-rep-ms', type: 'number', key: 'minRepMs', kind: 'per-call', commands: FORM, page: true,
    help: () => 'calls per repetition double until one repetition takes N ms, ' +
      `at most ${BOUNDS.minRepMs} (${defaultsText('minRepMs')})` },
  { name: 'datasets', type: 'list', kind: 'datasets', commands: FORM, page: { checkbox: 'dataset' },
    help: () => `comma-separated data sets, each in its own block (${defaultsText('datasets')})` },
  { name: 'documents', value: 'PATH', multiple: true, kind: 'datasets', commands: RUNNERS,
    help: 'your own JSON document as the data set user:<file name>: a .json file, an NDJSON file (.ndjson, .jsonl: ' +
      "the array of its lines' values) or a folder of them; repeatable. Alone, only your documents run (--datasets " +
      'adds built-in ones beside them). A missing path is a bad option (exit 2); a file that is not JSON fails its ' +
      'own data set, naming the file and the place, and the others run. Also: wcb_native_bench --documents and ' +
      "the page's file picker (nothing leaves the machine)" },
  { name: 'repetitions', type: 'number', commands: FORM, page: true,
    help: () => 'timed runs per operation: rounds per process in the block protocol ' +
      `(${defaultsText('repetitions', { limits: true })})` },
  { name: 'warmup', type: 'number', commands: FORM, page: true,
    help: () => `untimed runs before them, at least (${defaultsText('warmup', { limits: true })})` },
  { name: 'min-warmup-ms', type: 'number', key: 'minWarmupMs', kind: ['per-payload', 'datasets'], commands: NODE,
    help: () => `and more until the warm-up has lasted N ms, at most ${MAX_WARMUP_ROUNDS} rounds (default: ` +
      `${MIN_WARMUP_MS}); 0 where the figures do not matter, as in a smoke run that only checks every path works; not for a ` +
      'per-call workload, whose repetitions have --min-rep-ms' },
  { name: 'out', value: 'FILE', commands: RUNNERS, help: {
    node: 'results file (default: results/node-[<workload>-]<date>.json; --limits: results/limits-node-<date>.json)',
    web: 'results file; with several browsers, FILE with -<browser> before its extension for each (default: ' +
      `results/browser-[<workload>-][<browser>-]<date>.json, the ${browserNames()[0]} file without its name)` } },
  { name: 'compress', type: 'list', values: () => COMPRESS_CHOICES, commands: RUNNERS,
    help: () => 'the compression stage (docs/design.md#compression), every workload (a per-call one per call): ' +
      `${COMPRESS_CHOICES.join(',')}, as the place's compressors have them. Each path is measured compressed too: ` +
      'another member of its block (its verdicts against JSON compressed alike); without none, a block holds the ' +
      'compressed paths and the plain references' },
  { name: 'compress-level', type: 'number', bound: { integer: true, min: 0, max: 22 }, commands: RUNNERS,
    help: "the level of every compressor that takes one, 0-22 (default: each format's own: gzip and deflate-raw 6, brotli 11)" },
  { name: 'compressors', type: 'list', values: () => COMPRESSOR_OPTIONS, commands: RUNNERS,
    help: () => `${COMPRESSOR_OPTIONS.join(',')}: zlib (node:zlib, sync), zlib-async (through the thread pool), stream ` +
      "(CompressionStream), wasm (zlib in the codec's lean module; the typed paths), fflate (deflate in JS) (default: " +
      `bench:node zlib,wasm, bench:web stream,wasm; per call: ${PER_CALL_COMPRESSOR_OPTIONS.join(',')} only)` },
  { name: 'quick', type: 'boolean', commands: RUNNERS,
    help: () => `a small run: the workload's quick block plan (${quickText()}) and one look at ` +
      `${BLOCKS.quick.looks.join(',')} processes; with --sweep its quick sweep (options given explicitly still win)` },
  { name: 'limits', type: 'boolean', kind: 'per-payload', commands: NODE,
    help: 'payload limits instead: each path (every codec x strategy, the JSON baseline, every peer) in its own process ' +
      'grows from --min-mb on the --per-decade grid until it fails or passes --limits-max-mb; records the largest size ' +
      'that passed and why the next failed (its error, out of memory, the V8 heap limit, the exit signal or code, ' +
      'timeout); isolation: grown-per-path' },
  { name: 'limits-max-mb', type: 'number', key: 'maxMB', bound: 'limitsMaxMB', kind: 'per-payload', commands: NODE,
    help: () => `where --limits stops growing a path that has not failed, at most ${BOUNDS.limitsMaxMB} ` +
      `(${defaultsText('maxMB', { limitsOnly: true })})` },
  { name: 'child-node-options', value: 'FLAGS', commands: NODE,
    help: 'extra Node/V8 flags for every child process, space-separated, given with = ' +
      '(e.g. --child-node-options=--max-old-space-size=64: a small heap, to find its limit)' },
  { name: 'resume', value: 'FILE', resume: true, commands: NODE,
    help: 'continue an interrupted --sweep or --limits run in FILE with the options it records: the blocks (--limits: ' +
      'the sizes) measured ok are kept, the rest are measured; a default run is not resumed (its rows so far stay in ' +
      'the file); only --build-dir, --loader, --peer-registry and --timeout may be given with it' },
  { name: 'timeout', type: 'number', key: 'timeoutSeconds', value: 'SECONDS', resume: true, commands: RUNNERS,
    default: TIMEOUT_SECONDS, help: {
    node: "limit for one child process (one block's process); with --limits, for one size of a growing path " +
      `(default: ${TIMEOUT_SECONDS.node}, at most ${BOUNDS.timeoutSeconds})`,
    web: 'limit for the whole run; the rows measured so far are kept ' +
      `(default: ${TIMEOUT_SECONDS.browser}, at most ${BOUNDS.timeoutSeconds})` } },
  { name: 'build-dir', value: 'DIR', resume: true, default: 'build/wasm', commands: RUNNERS, help: {
    node: 'the wasm build; DIR,DIR2 adds each C++-in-wasm path of DIR2 (say build/wasm-emscripten-3.1.69) to the same ' +
      'blocks, labelled by its Emscripten version ("msgpack/typed [3.1.69]"), and ends with the builds compared',
    web: "the wasm build the page is bundled from (WCB_WASM_BUILD_DIR's when set); DIR,DIR2 bundles DIR2's modules " +
      'too, as assets of their own, into a page of its own (web/dist/builds/), adds each C++-in-wasm path of DIR2 to ' +
      'the same blocks, labelled by its Emscripten version ("msgpack/typed [3.1.69]"), and ends with the builds compared' } },
  { name: 'runtime', value: 'LIST', commands: [...NODE, ...ANSWER], help: {
    node: 'the runtimes the run goes to, one after the other, a comma list or all: node (the Node that runs the ' +
      'command, the default; node@20 too) or one pinned in src/places/runtimes.json (node@22, node@24, node@26, bun, ' +
      'deno), installed from npm into .cache/runtimes/ on first use; each runs this runner itself and writes its own ' +
      'results file (results/bun-<date>.json; with --out and a list, FILE-<runtime>.json)',
    answer: 'the runtimes measured (wasm and the addon), as bench:node --runtime takes them (default: each runtime ' +
      "declaration's answer.runtimes: node@24, bun, deno)" } },
  { name: 'startup', type: 'boolean', kind: 'blocks', commands: RUNNERS, help: {
    node: 'start-up and memory (docs/startup-memory.md): each path alone in a fresh process per wave, to the first ' +
      'look: load, compile, instantiate, first and warm calls, the wasm memory, JS heap and peak RSS',
    web: 'start-up and memory (docs/startup-memory.md#browsers): each path alone in a fresh browser context per wave, ' +
      'to the first look, on web/startup.html: bytes fetched, load (a library\'s script parsed and evaluated), ' +
      'compileStreaming of the served .wasm, instantiate, first and warm calls, the wasm memory, and the JS heap ' +
      'and page memory where the browser tells them' } },
  { name: 'break-even', type: 'boolean', kind: 'blocks', commands: RUNNERS,
    help: "the answer's blocks at the smaller sizes the workload declares (its breakEven), for where C++ overtakes the libraries" },
  { name: 'no-whole-cost', type: 'boolean', commands: ANSWER,
    help: 'the block runs alone: no start-up, memory and break-even runs (by default the tuples\' in the first runtime ' +
      'and start-up in the first browser, whose figures the cells carry)' },
  { name: 'loader', value: 'MODULE', resume: true, default: 'node/load-wasm.mjs', commands: NODE,
    help: 'module providing loadWasmCodec/readWasmBuildInfo, for tests' },
  { name: 'peer-registry', value: 'MODULE', resume: true, default: 'src/harness/peers.mjs', commands: NODE,
    help: "module exporting the peer registry's functions, for tests" },
  { name: 'no-gc', type: 'boolean', commands: WEB,
    help: 'no forced GC before the timed operations (protocol.gc false), to see what the GC does to the spread ' +
      '(WebKit: no allocation pressure)' },
  { name: 'headed', type: 'boolean', commands: WEB,
    help: 'show the browser window (needs a display; WebKit: on $DISPLAY, not Xvfb)' },
  { name: 'connect', value: 'URL', commands: WEB,
    help: (ctx) => 'drive the --browser already running at URL instead of launching one (run.runtime.connected; ' +
      `docs/devices.md), at its endpoint (${browserNames().map((name) => `${name}: ${ctx.endpoint?.(name)}`).join('; ')}); ` +
      'its own flags decide the GC before timed operations (protocol.gc)' },
  { name: 'host', value: 'ADDRESS', commands: WEB,
    help: (ctx) => `where the page is served (default ${ctx.host}): an address of this machine the browser reaches, ` +
      'or 0.0.0.0 (every interface)' },
  { name: 'port', type: 'number', commands: WEB,
    help: "the page's port (default 0: a free one), e.g. the one an SSH tunnel forwards" },
  { name: 'minutes', type: 'number', bound: 'budgetMinutes', default: 30, commands: ANSWER,
    help: 'the time limit of the whole answer, shared out between its runs' },
  { name: 'browsers', type: 'list', values: browserNames, commands: ANSWER,
    help: () => `the browsers to measure, of ${browserNames().join(', ')}, or none (default: every one installed)` },
  { name: 'out-dir', value: 'DIR', commands: ANSWER,
    help: "where the results and each run's tables go (default: results/answer-<date>/)" },
  { name: 'autorun', type: 'boolean', commands: ['page'], help: 'the page starts the run when it opens' },
  { name: 'preciseMemory', type: 'boolean', commands: ['page'], help: 'Chromium runs with --enable-precise-memory-info' },
  { name: 'help', type: 'boolean', short: 'h', resume: true, commands: [...RUNNERS, ...ANSWER], help: 'show this help' },
].map((option) => Object.freeze({ type: 'string', ...option, kind: [option.kind ?? []].flat() })));

/** The options `command` takes, in table order. */
export const optionsOf = (command) => OPTIONS.filter((option) => option.commands.includes(command));

/** The table's entry of --name, or undefined. */
export const optionNamed = (name) => OPTIONS.find((option) => option.name === name);

/** The bounds of a number option: its own, or the catalog's (OPTION_BOUNDS) of `bound` or of its key. */
export const boundsOf = (option) =>
  typeof option.bound === 'object' ? option.bound : (OPTION_BOUNDS[option.bound ?? keyOf(option)] ?? {});

/** The field of the parsed options an entry fills. */
export const keyOf = (option) =>
  option.key ?? option.name.replace(/-([a-z])/g, (_, letter) => letter.toUpperCase());

/** The parseArgs spec of `command`: strings but for switches. */
export function specOf(command) {
  return Object.fromEntries(
    optionsOf(command).map((option) => [
      option.name,
      {
        type: option.type === 'boolean' ? 'boolean' : 'string',
        ...(option.multiple && { multiple: true }),
        ...(option.short && { short: option.short }),
      },
    ]),
  );
}

/** Which run options a workload takes: 'datasets' when its catalog entry lists data sets, else its protocol's. */
export const optionKindOf = (info) => (info.datasets ? 'datasets' : info.protocol);

/**
 * The names of the options a workload kind takes ('per-payload', 'per-call',
 * 'datasets', 'blocks'), in `command` when given.
 */
export const namesOfKind = (kind, command) =>
  OPTIONS.filter(
    (option) => option.kind.includes(kind) && (!command || option.commands.includes(command)),
  ).map((option) => option.name);

/** The options of each kind of workload (optionKindOf) in `command`, by kind. */
export const kindOptions = (command) =>
  Object.fromEntries(
    ['per-payload', 'per-call', 'datasets'].map((kind) => [kind, namesOfKind(kind, command)]),
  );

/** The page's query fields: lists (by name, with their checkboxes) and numbers (query key to input id). */
export const PAGE_LISTS = Object.freeze(
  Object.fromEntries(
    optionsOf('page')
      .filter((o) => o.page?.checkbox)
      .map((o) => [o.name, o.page.checkbox]),
  ),
);
export const PAGE_NUMBERS = Object.freeze(
  Object.fromEntries(
    optionsOf('page')
      .filter((o) => o.page === true)
      .map((o) => [keyOf(o), o.name]),
  ),
);
export const PAGE_FLAGS = Object.freeze(
  optionsOf('page')
    .filter((o) => o.type === 'boolean' && !o.commands.some((command) => RUNNERS.includes(command)))
    .map((o) => o.name),
);
