// The options of npm run bench:web: those it shares with bench:node come
// from node/run-options.mjs, these are its own; workloads, strategies,
// records, defaults and bounds from src/catalog.mjs, codecs from the wasm
// build's catalog.

import path from 'node:path';
import {
  BLOCKS,
  BOUNDS,
  DEFAULT_WORKLOAD,
  WORKLOADS,
  WORKLOAD_NAMES,
  codecsOf,
  strategiesOf,
} from '../src/catalog.mjs';
import { BROWSER_NAMES, DEFAULT_BROWSER, resultsFileTag } from '../src/places.mjs';
import { selectSteps } from '../src/workloads/tuples/dataset.mjs';
import { ALL_PEERS, peerNames, peersFor } from '../src/harness/peers.mjs';
import { DEFAULT_HOST, parseHost, parsePort } from './serve.mjs';
import { BROWSERS } from './browsers.mjs';
import { UsageError, defaultResultsPath, outputFile, parseArgv, parseList } from './options.mjs';
import {
  DEFAULT_TIMEOUT_SECONDS,
  PROTOCOL_OPTIONS,
  SHARED_OPTIONS,
  defaultsOf,
  optionKindOf,
  planOf,
  recordsHelp,
  refuseMisplaced,
  sharedOptions,
  workloadOf,
} from './run-options.mjs';

export const BROWSER_PEERS = peerNames('browser');

export { optionKindOf };

/**
 * The names of the libraries a workload runs in a browser: with its
 * runner's `takesPeer` (runner.mjs), those of every registered library that
 * it takes, else every library of the tuple and messages registry.
 */
export function browserPeersOf(takesPeer) {
  return takesPeer
    ? peersFor('browser', ALL_PEERS)
        .filter(takesPeer)
        .map((peer) => peer.name)
    : BROWSER_PEERS;
}

/** --browser's values: each browser, or all of them in BROWSER_NAMES order. */
export const BROWSER_CHOICES = Object.freeze([...BROWSER_NAMES, 'all']);

const OPTIONS = {
  browser: { type: 'string' },
  'no-gc': { type: 'boolean' },
  ...SHARED_OPTIONS,
  headed: { type: 'boolean' },
  connect: { type: 'string' },
  host: { type: 'string' },
  port: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
};

function workloadHelp(info) {
  const blocks = info.blocks !== undefined;
  // The addon runs in Node only.
  const inBrowser = ({ addonStrategies: _, ...rest }) => rest;
  const defaults = inBrowser(defaultsOf(info, { blocks, place: 'browser' }));
  const quick = inBrowser(defaultsOf(info, { quick: true, blocks, place: 'browser' }));
  const flags = Object.keys(PROTOCOL_OPTIONS[optionKindOf(info)]);
  const lines = [
    `  ${info.name}: ${info.label} (${info.protocol}); strategies ${strategiesOf(info.name).join(',')}`,
    `    its options: ${flags.map((flag) => `--${flag}`).join(', ')}`,
    `    defaults: ${Object.entries(defaults)
      .map(([key, value]) => `${key} ${value}`)
      .join(', ')}; --quick: ${Object.entries(quick)
      .map(([key, value]) => `${key} ${value}`)
      .join(', ')}`,
  ];
  if (info.records) lines.push(`    records: ${recordsHelp(info.name)}`);
  if (info.datasets) lines.push(`    data sets: ${info.datasets.join(',')}`);
  return lines.join('\n');
}

/** The --help text (a function: workloads added as folders register at run time). */
export const helpText =
  () => `Usage: npm run bench:web -- [options]    (or: node node/bench-web.mjs [options])

Runs the browser page (web/index.html) headless in each browser place
(src/places/), served on localhost with COOP/COEP so it is cross-origin
isolated (the finer clock), with a GC before every timed operation
(protocol.gcMethod):
${BROWSER_NAMES.map((name) => `  ${BROWSERS[name].label} (${BROWSERS[name].executable()}): ${BROWSERS[name].driver({ connected: false })}; GC: ${BROWSERS[name].gcHow}`).join('\n')}

Every run is a plan of blocks (docs/design.md#blocks), as in bench:node. The
default plan: each size is a block (JSON, the object floor, the browser's C++ contenders, or
every codec's typed path with --codecs/--strategies or without contenders, and
its fastest JS libraries, src/workloads/<workload>/contenders.json),
measured round by round in a fresh browser context, one context per block and
wave; verdicts are taken over contexts, and a block stops at the look (6, 10, 14
contexts) where all its comparisons are decided (run.protocol.isolation:
context-per-block). --sweep is a bigger plan: a block per path (codec/strategy,
JS library) and size, record or data set, beside its JSON baseline (and floors),
each in one fresh browser context.
Builds the page first when it is stale. Progress goes to stderr, tables to
stdout, the results JSON (src/results.schema.json, place "browser") to --out.

Workloads (--workload NAME, default ${DEFAULT_WORKLOAD}):
${WORKLOADS.map(workloadHelp).join('\n')}

Options:
  --browser NAME       ${BROWSER_CHOICES.join(', ')} (default: ${DEFAULT_BROWSER}); all runs them one after the
                       other, each writing its own results file (run.runtime.engine says which)
  --no-gc              no forced GC before the timed operations (protocol.gc false), to see
                       what the GC does to the spread (WebKit: no allocation pressure)
  --workload NAME      one of ${WORKLOAD_NAMES.join(', ')} (default: ${DEFAULT_WORKLOAD}); results go to
                       results/browser-<date>.json (${DEFAULT_WORKLOAD}) or results/browser-<workload>-<date>.json
  --codecs LIST        comma-separated codecs (default: every codec of the wasm build for the workload)
  --strategies LIST    comma-separated interop strategies (default: the workload's)
  --peers LIST         comma-separated pure-JS libraries (default: every one that runs in a
                       browser and takes part in the workload: ${BROWSER_PEERS.join(',')})
  --no-peers           no pure-JS library
  --min-mb N           smallest JSON payload size in MB
  --max-mb N           largest JSON payload size in MB, at most ${BOUNDS.sweepMaxMB}
  --per-decade N       growth steps kept per factor of ten in size, 0 = every step, at most ${BOUNDS.perDecade}
  --records LIST       comma-separated records or record sets (per workload below)
  --datasets LIST      comma-separated data sets (each in its own browser context)
  --documents PATH     your own JSON document as a data set: a .json file, an NDJSON file (.ndjson,
                       .jsonl: the array of its lines' values) or a folder of them; repeatable. Served
                       to each page from this machine only; alone, only your documents run (add
                       --datasets for built-in sets beside them)
  --min-rep-ms N       calls per repetition double until one repetition takes N ms, at most ${BOUNDS.minRepMs}
  --repetitions N      timed runs (repetitions) per operation
  --warmup N           untimed runs before them
  --out FILE           results file; with several browsers, FILE with -<browser> before
                       its extension for each (default: results/browser-[<workload>-][<browser>-]<date>.json,
                       the ${DEFAULT_BROWSER} file without its name)
  --sweep              the full matrix: a block per path and size, record or data set
  --looks LIST         block protocol: the context counts at which the stopping rule looks
                       (default: ${BLOCKS.looks.join(',')}; --quick: ${BLOCKS.quick.looks.join(',')})
  --budget-minutes N   block protocol: the time limit of the blocks in each browser (default:
                       ${BLOCKS.budgetMinutes}; --quick: ${BLOCKS.quick.budgetMinutes})
  --compress LIST      the compression stage (docs/design.md#compression): none,gzip,deflate-raw
                       (what this browser's compressors have); each path is measured compressed
                       too, as another member of its block (messages per call)
  --compress-level N   the level of every compressor that takes one (wasm zlib, fflate; default:
                       each format's own)
  --compressors LIST   stream (CompressionStream), wasm (zlib in the codec's module), fflate
                       (deflate in JS) (default: stream,wasm; messages: fflate, the one that
                       answers in the call)
  --quick              the workload's tiny run (options given explicitly still win)
  --timeout SECONDS    limit for the whole run; the rows measured so far are kept
                       (default: ${DEFAULT_TIMEOUT_SECONDS.browser}, at most ${BOUNDS.timeoutSeconds})
  --headed             show the browser window (needs a display; WebKit: on $DISPLAY, not Xvfb)
  --connect URL        drive the --browser already running at URL instead of launching one
                       (run.runtime.connected; docs/devices.md), at its endpoint:
${BROWSER_NAMES.map((name) => `                         ${name}: ${BROWSERS[name].endpoint}`).join('\n')}
                       its own flags decide the GC before timed operations (protocol.gc)
  --host ADDRESS       where the page is served (default ${DEFAULT_HOST}): an address of this
                       machine the browser reaches, or 0.0.0.0 (every interface)
  --port N             the page's port (default 0: a free one), e.g. the one an SSH tunnel forwards
  -h, --help           show this help

Exit codes: 0 done (failed codecs are reported in the results, not fatal),
1 runtime error (no wasm build, page error, timeout, results not valid),
2 bad option, 130 interrupted (partial results written).`;

const ENDPOINT_SCHEMES = ['ws:', 'wss:', 'http:', 'https:'];

/**
 * --connect's endpoint, checked against the options it cannot go with: it
 * drives one browser, which shows and collects garbage as it was started.
 */
function parseConnect(text, values, browsers) {
  let url;
  try {
    url = new URL(text);
  } catch {
    url = undefined;
  }
  if (!ENDPOINT_SCHEMES.includes(url?.protocol))
    throw new UsageError(
      `--connect: '${text}' is not a ws:// or http:// URL (accepted: ${browsers
        .map((name) => `${name}: ${BROWSERS[name].endpoint}`)
        .join('; ')})`,
    );
  if (browsers.length > 1)
    throw new UsageError(`--connect drives one browser (accepted: --browser ${BROWSER_NAMES.join(' or ')})`);
  // Classic WebDriver is plain HTTP: a ws:// endpoint is another protocol's.
  const schemes = BROWSERS[browsers[0]].endpointSchemes;
  if (schemes && !schemes.includes(url.protocol))
    throw new UsageError(
      `--connect: '${text}' is not an http:// URL (accepted: ${browsers[0]}: ${BROWSERS[browsers[0]].endpoint})`,
    );
  for (const flag of ['headed', 'no-gc'])
    if (values[flag])
      throw new UsageError(
        `--${flag} applies to a browser bench:web launches, not to one it connects to (accepted: --connect without --${flag})`,
      );
  return text;
}

/** The browsers of --browser, in run order. */
function browsersOf(value = DEFAULT_BROWSER) {
  if (value === 'all') return [...BROWSER_NAMES];
  if (BROWSER_NAMES.includes(value)) return [value];
  throw new UsageError(`--browser: unknown value '${value}' (accepted: ${BROWSER_CHOICES.join(', ')})`);
}

/**
 * Each browser's results file: --out itself for one browser, --out with
 * -<browser> before its extension for several; by default
 * results/browser-[<workload>-][<browser>-]<date>.json, the default
 * browser's without its name (src/engines.mjs resultsFileTag), every file
 * of one run with the same date.
 */
function outputsOf(browsers, { out, workload, now }) {
  const files = {};
  for (const browser of browsers) {
    if (out !== undefined) {
      const file = outputFile(out);
      if (browsers.length === 1) files[browser] = file;
      else {
        const extension = path.extname(file);
        files[browser] = `${file.slice(0, file.length - extension.length)}-${browser}${extension || '.json'}`;
      }
      continue;
    }
    const kind = [workload !== DEFAULT_WORKLOAD ? workload : undefined, resultsFileTag(browser)]
      .filter(Boolean)
      .join('-');
    files[browser] = defaultResultsPath({ place: 'browser', date: now, kind: kind || undefined });
  }
  return files;
}

/**
 * The driver's options from argv. `buildInfo`: the wasm build's info, whose
 * catalog gives the codecs --codecs accepts (unchecked without a build: the
 * run then fails for want of one). `takesPeerOf(workload)`: the workload's
 * runner's takesPeer, if any (see browserPeersOf).
 */
export function parseOptions(argv, { buildInfo, now = new Date(), takesPeerOf = () => undefined } = {}) {
  const values = parseArgv(argv, OPTIONS);
  const info = workloadOf(values);
  const workload = info.name;
  refuseMisplaced(values, info);
  const browsers = browsersOf(values.browser);
  const { base, ...plan } = planOf(values, info, { place: 'browser' });
  const buildCodecs = buildInfo ? codecsOf(buildInfo, workload) : undefined;
  const browserPeers = browserPeersOf(takesPeerOf(workload));
  let codecs = buildCodecs;
  if (values.codecs !== undefined) {
    codecs = buildCodecs
      ? parseList('codecs', values.codecs, buildCodecs)
      : values.codecs.split(',').map((codec) => codec.trim());
  }
  const outs = outputsOf(browsers, { out: values.out, workload, now });
  const options = {
    ...plan,
    codecs,
    // Without --peers: every library that runs in a browser and takes part,
    // as the help says; in the block protocol, each browser's fastest sets.
    ...sharedOptions(values, info, base, {
      place: 'browser',
      peers: { accepted: browserPeers, fallback: browserPeers },
    }),
    peersGiven: values.peers !== undefined || Boolean(values['no-peers']),
    browsers,
    // Each browser's results file; `out` is the first one's.
    outs,
    out: outs[browsers[0]],
    gc: !values['no-gc'],
    headed: Boolean(values.headed),
    connect: values.connect === undefined ? undefined : parseConnect(values.connect, values, browsers),
    host: values.host === undefined ? DEFAULT_HOST : parseHost(values.host),
    port: values.port === undefined ? 0 : parsePort(values.port),
  };
  if (optionKindOf(info) === 'per-payload' && selectSteps(options).length === 0) {
    throw new UsageError(
      `no growth step between --min-mb ${options.minMB} and --max-mb ${options.maxMB} (accepted: a wider range)`,
    );
  }
  return options;
}
