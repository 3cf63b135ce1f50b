// The answer's runs of the whole cost (docs/startup-memory.md), after its
// block runs, in its first runtime: a start-up run of each workload (each
// path alone in fresh processes: start-up and memory) and a break-even run
// of each workload that declares break-even sizes (its answer's blocks at
// smaller payloads). The answer table reads their files beside the block runs'.

import { workloadInfo } from '../src/catalog.mjs';

/**
 * Minutes each needs for its one look (6 processes per path or block) on a
 * quiet 2-core machine of the project's kind: estimates, as the first runs
 * were on a loaded one (docs/decisions/whole-cost.md); the answer's budget
 * rule shares by them.
 */
export const WHOLE_COST_MINUTES = Object.freeze({ startup: 0.6, breakEven: 2 });

/**
 * The runs, as node/answer.mjs plans its own: { place (the runtime),
 * workload, suffix (of its file's name), script, args, firstLook }; none
 * without a runtime.
 */
export function wholeCostRuns(workloads, runtime) {
  if (runtime === undefined) return [];
  return workloads.flatMap((workload) => {
    const run = (kind, flags, firstLook) => ({
      place: runtime,
      workload,
      suffix: `-${kind}`,
      script: 'node/bench.mjs',
      args: ['--runtime', runtime, '--workload', workload, ...flags],
      firstLook,
    });
    return [
      run('startup', ['--startup'], WHOLE_COST_MINUTES.startup),
      ...(workloadInfo(workload).breakEven
        ? [run('break-even', ['--break-even', '--looks', '6'], WHOLE_COST_MINUTES.breakEven)]
        : []),
    ];
  });
}
