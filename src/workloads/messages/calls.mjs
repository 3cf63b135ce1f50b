// The calibrated timing loop of the per-call protocol (docs/design.md#protocol):
// calls per repetition doubled until a repetition lasts minRepMs, warm-up
// repetitions, timed ones, each call's result kept in a sink. Shared by
// measure.mjs (paths, floors, the empty call); no Node or browser API.

import { keep } from '../../harness/block.mjs';
import { summarize } from '../../harness/stats.mjs';

export const DEFAULT_MIN_REP_MS = 20;

// Calibration never goes past this many calls per repetition, so a clock
// that does not move (or a call the engine optimised away) cannot hang the run.
export const MAX_CALLS_PER_REP = 2 ** 30;

/** The results schema's opsStats from per-repetition ops/s. */
export function opsStats(opsPerSecond, callsPerRep) {
  // The samples stay: the tables' verdicts (verdict.mjs) resample them.
  const opsPerSec = summarize(opsPerSecond);
  return { opsPerSec, nsPerOp: 1e9 / opsPerSec.median, callsPerRep };
}

/**
 * The repetitions of `call` as steps, which a block of paths (block.mjs,
 * measure.mjs messageMember) interleaves: at
 * creation callsPerRep doubles from 1 until a repetition lasts minRepMs
 * (after a GC); warm() runs one untimed repetition and doubles again if it
 * fell short (a cold first call can stop calibration early); time() runs
 * one after a GC and keeps its ops/s; stats() is opsStats of those.
 */
export function repetitionTimer(call, { minRepMs = DEFAULT_MIN_REP_MS, prepare = () => {}, env = {} } = {}) {
  const now = env.now ?? (() => performance.now());
  const gc = env.gc ?? (() => {});
  const repetition = (calls) => {
    prepare();
    const start = now();
    for (let i = 0; i < calls; i++) keep(call());
    return now() - start;
  };
  gc();
  let callsPerRep = 1;
  while (repetition(callsPerRep) < minRepMs && callsPerRep < MAX_CALLS_PER_REP) callsPerRep *= 2;
  const samples = [];
  return {
    warm() {
      if (repetition(callsPerRep) < minRepMs && callsPerRep < MAX_CALLS_PER_REP) callsPerRep *= 2;
    },
    time() {
      gc();
      const elapsedMs = repetition(callsPerRep);
      // A clock too coarse to see the repetition: count it as one tick.
      samples.push(callsPerRep / (Math.max(elapsedMs, 1e-6) / 1000));
    },
    stats: () => opsStats(samples, callsPerRep),
  };
}

/** Runs `call` untimed until `ms` have passed (bounded, for a clock that does not move). */
export function warmUpFor(ms, call, now) {
  const start = now();
  for (let i = 0; i < MAX_CALLS_PER_REP && now() - start < ms; i++) keep(call());
}
