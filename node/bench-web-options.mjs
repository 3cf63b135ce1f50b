// bench:web's own options, declared in the options table
// (src/options/table.mjs): the browsers, --connect and its checks, where the
// page is served, each browser's results file; what it shares with
// bench:node is parsed by node/run-options.mjs, the codecs checked against
// the wasm build's catalog.

import path from 'node:path';
import { DEFAULT_WORKLOAD, codecsOf } from '../src/catalog.mjs';
import { DEFAULT_WASM_BUILD_DIR } from '../src/build-dirs.mjs';
import { BROWSER_NAMES, DEFAULT_BROWSER, resultsFileTag } from '../src/places.mjs';
import { ALL_PEERS, peerNames, peersFor } from '../src/harness/peers.mjs';
import { helpText as helpFromTable } from '../src/options/help.mjs';
import { browserChoices } from '../src/options/table.mjs';
import { DEFAULT_HOST, parseHost, parsePort } from '../scripts/serve.mjs';
import { BROWSERS } from './browsers.mjs';
import { UsageError, defaultResultsPath, optionValue, outputFile, parseArgv, parseList } from './options.mjs';
import { buildDirsOf, refuseMisplaced, runModeOf, sharedOptions, workloadOf } from './run-options.mjs';

export const BROWSER_PEERS = peerNames('browser');

/** --browser's values: each browser place, or all. */
export const BROWSER_CHOICES = browserChoices();

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

/** The --help text (a function: workloads added as folders register at run time). */
export const helpText = () =>
  helpFromTable('web', {
    endpoint: (name) => BROWSERS[name].endpoint,
    host: DEFAULT_HOST,
    browsers: BROWSER_NAMES.map((name) => {
      const browser = BROWSERS[name];
      return `  ${browser.label} (${browser.executable()}): ${browser.driver({ connected: false })}; GC: ${browser.gcHow}`;
    }).join('\n'),
  });

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
function browsersOf(values) {
  const value = optionValue(values, 'browser', DEFAULT_BROWSER);
  return value === 'all' ? [...BROWSER_NAMES] : [value];
}

/**
 * Each browser's results file: --out itself for one browser, --out with
 * -<browser> before its extension for several; by default
 * results/[startup-]browser-[<workload>-][<browser>-]<date>.json, the default
 * browser's without its name (src/engines.mjs resultsFileTag), every file
 * of one run with the same date.
 */
function outputsOf(browsers, { out, workload, now, prefix }) {
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
    files[browser] = defaultResultsPath({ place: 'browser', date: now, kind: kind || undefined, prefix });
  }
  return files;
}

/**
 * --build-dir of argv ({ buildDir, moreBuildDirs }): the page's build, by
 * default WCB_WASM_BUILD_DIR's or build/wasm (src/build-dirs.mjs), read
 * before the other options are checked against its catalog.
 */
export const buildDirsOfArgv = (argv) => buildDirsOf(parseArgv(argv, 'web'), DEFAULT_WASM_BUILD_DIR);

/**
 * The driver's options from argv. `buildInfo`: the wasm build's info, whose
 * catalog gives the codecs --codecs accepts (unchecked without a build: the
 * run then fails for want of one). `takesPeerOf(workload)`: the workload's
 * runner's takesPeer, if any (see browserPeersOf).
 */
export function parseOptions(argv, { buildInfo, now = new Date(), takesPeerOf = () => undefined } = {}) {
  const values = parseArgv(argv, 'web');
  const info = workloadOf(values);
  const workload = info.name;
  refuseMisplaced(values, info);
  const browsers = browsersOf(values);
  const { base, ...mode } = runModeOf(values, info, { place: 'browser' });
  const buildCodecs = buildInfo ? codecsOf(buildInfo, workload) : undefined;
  const browserPeers = browserPeersOf(takesPeerOf(workload));
  let codecs = buildCodecs;
  if (values.codecs !== undefined) {
    codecs = buildCodecs
      ? parseList('codecs', values.codecs, buildCodecs)
      : values.codecs.split(',').map((codec) => codec.trim());
  }
  // A start-up run's file is named as bench:node's (results/startup-browser-<date>.json).
  const prefix = mode.mode === 'startup' ? 'startup-' : '';
  const outs = outputsOf(browsers, { out: values.out, workload, now, prefix });
  return {
    ...mode,
    ...buildDirsOf(values, DEFAULT_WASM_BUILD_DIR),
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
}
