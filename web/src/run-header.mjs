// The results header of a run in a page (the page's own run, one block of
// bench:web's, a start-up page's process): what the page knows of where and
// how it measured. Shared by run-controls.mjs and startup-page.mjs.

import { buildInfo } from 'wcb:bundled';
import { peersNotRun } from '../../src/harness/peers.mjs';
import { buildHeader, protocolHeader, runHeader } from '../../src/harness/results.mjs';
import { PLACE } from './runtime.mjs';

/**
 * The header of a run with `options` (the form's, or a block job's) of the
 * workload's page module `page`, in a page whose facts are `facts`
 * (browser-info.mjs browserFacts).
 */
export function pageRunHeader(options, page, facts) {
  const run = runHeader({
    place: PLACE,
    workload: options.workload,
    date: new Date(),
    machine: facts.machine,
    runtime: facts.runtime,
    build: buildHeader(buildInfo, options.workload),
    protocol: protocolHeader({
      warmup: options.warmup,
      repetitions: options.repetitions,
      ...page.protocolFields(options),
      gc: Boolean(facts.gc),
      timerResolutionMs: facts.timerResolutionMs,
      crossOriginIsolated: facts.crossOriginIsolated,
      codecs: options.codecs,
      strategies: options.strategies,
      peers: options.peers,
      // The libraries a page cannot run, and why: a reader of the file sees them missing on purpose.
      peersNotRun: peersNotRun(PLACE),
    }),
  });
  // How the GC before each timed operation was forced (browser-info.mjs): engines differ.
  if (facts.gcMethod) run.protocol.gcMethod = facts.gcMethod;
  return run;
}
