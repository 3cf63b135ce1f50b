// What a default block holds (docs/design.md#blocks), from a workload's
// committed file (src/workloads/<name>/contenders.json, written by
// scripts/contenders.mjs from runs of every path): per place, the fastest
// JS libraries of each operation (`libraries`: which libraries a block
// holds when --peers names none, and what each operation's verdict compares
// with) and the C++ paths worth pairing with them (`cpp`: the contenders; a
// place without them pairs every path of the run). A place the file does not
// know yet starts from every place's libraries.

import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { isJsonText, pathLabel } from '../catalog.mjs';
import { OPERATIONS } from './block.mjs';
import { peerMeta } from './peers.mjs';
import { runPaths } from './plan.mjs';

/**
 * The sets of `place`, or for a place the file has none of (a new one, until
 * scripts/contenders.mjs is run on a --sweep of it) every place's sets together.
 */
function setsOf(sets, place) {
  if (sets[place]) return sets[place];
  const every = (operation) => [...new Set(Object.values(sets).flatMap((set) => set[operation] ?? []))];
  return Object.fromEntries(OPERATIONS.map((operation) => [operation, every(operation)]));
}

/** The registry names of the libraries a block run of `place` holds: both operations' sets. */
export function blockPeersOf({ sets }, place) {
  return [...new Set(OPERATIONS.flatMap((operation) => setsOf(sets, place)[operation]))];
}

/**
 * A workload's committed file (a URL) as its runner offers it:
 * { blockPeers(place), fastestSets(place, peers, options),
 * contenders(place, options) } (options.peers: the --peers given, if any).
 */
export function committedSets(url) {
  const file = fileURLToPath(url);
  const { libraries: sets, cpp } = JSON.parse(readFileSync(file, 'utf8'));
  return {
    blockPeers: (place) => blockPeersOf({ sets }, place),
    fastestSets: (place, peers, options) =>
      fastestSetsOf({ sets }, place, peers, options.peers !== undefined),
    // The C++ paths (labels) of a default block; undefined (every path of
    // the run) when --codecs or --strategies named them.
    contenders: (place, options) => (options.pathsNamed ? undefined : cpp[place]?.paths),
  };
}

/**
 * A runner's `jobs` ({ subject }) without the C++ paths a block run leaves
 * out: those not among `contenders` (path labels), when it has them.
 */
export function contenderJobs(jobs, contenders) {
  if (!contenders) return jobs;
  return jobs.filter((job) => job.subject.impl !== 'cpp' || contenders.includes(pathLabel(job.subject)));
}

/**
 * The set of each operation as path labels: the committed sets of `place`
 * (the closest to the fastest first) among the run's `peers`, or, when
 * --peers named the libraries (`named`), every one of them.
 */
export function fastestSetsOf({ sets }, place, peers, named) {
  const label = (peer) => pathLabel(peerMeta(peer));
  return Object.fromEntries(
    OPERATIONS.map((operation) => {
      const chosen = named
        ? peers
        : setsOf(sets, place)
            [operation].map((name) => peers.find((peer) => peer.name === name))
            .filter(Boolean);
      return [operation, chosen.map(label)];
    }),
  );
}

/**
 * A runner's paths (plan.mjs runPaths) as its options give them: wasm, the
 * addon's (`addon`: { codecs, strategies }), the libraries of `peers`, the C++
 * ones among the block run's contenders only; `buildInfo` says which codecs'
 * bytes are JSON text.
 */
export function runnerPaths(options, { peers, registry, addon, buildInfo }) {
  const jsonText = (codec) => buildInfo && isJsonText(buildInfo, codec);
  const { codecs, strategies } = options;
  return contenderJobs(
    runPaths({ codecs, strategies, addon, peers, peerMeta: registry.peerMeta, jsonText }),
    options.contenders,
  );
}
