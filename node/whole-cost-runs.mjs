// The answer's runs of the whole cost (docs/startup-memory.md), after its
// block runs, for the workloads that declare break-even sizes (where C++
// may pay for itself: tuples): in the first runtime a start-up run (each path
// alone in fresh processes: start-up and memory) and a break-even run (its
// answer's blocks at smaller payloads); in the first browser a start-up run.
// The answer table reads their files beside the block runs'. Within the
// answer's 30 minutes there is no room for more (docs/decisions/whole-cost.md).

import { workloadInfo } from '../src/catalog.mjs';

/**
 * Minutes each needs for its one look (6 processes per path or block) on a
 * quiet 2-core machine of the project's kind: estimates, as the first runs
 * were on a loaded one (docs/decisions/whole-cost.md); the answer's budget
 * rule shares by them.
 */
export const WHOLE_COST_MINUTES = Object.freeze({ startup: 0.6, breakEven: 2 });

/** A maker of one place's runs: (workload, kind, flags, firstLook) => run. */
const runsIn = (place, script, placeArgs) => (workload, kind, flags, firstLook) => ({
  place,
  workload,
  suffix: `-${kind}`,
  script,
  args: [...placeArgs, '--workload', workload, ...flags],
  firstLook,
});

/**
 * The runs, as node/answer.mjs plans its own: { place (the runtime or
 * browser), workload, suffix (of its file's name), script, args, firstLook }.
 */
export function wholeCostRuns(workloads, { runtime, browser }) {
  const inRuntime = runtime && runsIn(runtime, 'node/bench.mjs', ['--runtime', runtime]);
  const inBrowser = browser && runsIn(browser, 'node/bench-web.mjs', ['--browser', browser]);
  const { startup, breakEven } = WHOLE_COST_MINUTES;
  return workloads
    .filter((workload) => workloadInfo(workload).breakEven)
    .flatMap((workload) => [
      inRuntime?.(workload, 'startup', ['--startup'], startup),
      inRuntime?.(workload, 'break-even', ['--break-even', '--looks', '6'], breakEven),
      inBrowser?.(workload, 'startup', ['--startup'], startup),
    ])
    .filter(Boolean);
}
