// A run's defaults from each workload's catalog entry (its workload.mjs),
// and the same in words for the commands' --help: no workload is named here,
// each one's defaults are read from its entry. Browser-safe.

import { WORKLOADS, recordSetsOf, recordsOf, strategiesOf } from '../catalog.mjs';

/**
 * A run's defaults: the catalog's, then a default run's `blocks` entry, the
 * browser's overrides, and --limits' or --quick's (`blocksQuick` in a default run).
 */
export function defaultsOf(
  info,
  { quick = false, blocks = false, limits = false, breakEven = false, place = 'node' } = {},
) {
  const preset = limits ? info.limits : quick ? (blocks ? info.blocksQuick : info.quick) : {};
  return {
    ...info.defaults,
    ...(blocks ? info.blocks : {}),
    // --break-even: the answer's blocks at the smaller sizes the workload declares.
    ...(breakEven ? info.breakEven : {}),
    ...(place === 'browser' ? info.browser : {}),
    ...preset,
  };
}

/** What --records takes beside a workload's default records: the others and the sets. */
export function recordsExtra(workload) {
  const defaults = recordsOf(workload);
  const others = recordsOf(workload, { optional: true }).filter((name) => !defaults.includes(name));
  const sets = Object.entries(recordSetsOf(workload)).map(
    ([name, records]) => `${name} (${records.join(',')})`,
  );
  return [
    ...(others.length > 0 ? [`on request: ${others.join(',')}`] : []),
    ...(sets.length > 0 ? [`sets: ${sets.join('; ')}`] : []),
  ].join('; ');
}

const shown = (value) => (Array.isArray(value) ? value.join(',') : String(value));

/** A workload's sweep default of option field `key`, or undefined when it does not take it. */
function sweepDefault(info, key) {
  if (key === 'strategies') return strategiesOf(info.name);
  if (key === 'datasets') return info.datasets;
  if (key === 'records') return info.records && recordsOf(info.name);
  return info.defaults?.[key];
}

/**
 * Each workload's default of option field `key`, in words: its default
 * run's, its --sweep's (and --limits' with `limits`, or only those with
 * `limitsOnly`); 'the workload's' when none declares it.
 */
export function defaultsText(key, { limits = false, limitsOnly = false } = {}) {
  const parts = WORKLOADS.flatMap((info) => {
    if (limitsOnly)
      return info.limits?.[key] === undefined ? [] : [`${info.name} ${shown(info.limits[key])}`];
    const sweep = sweepDefault(info, key);
    if (sweep === undefined) return [];
    const block = info.blocks?.[key];
    const words =
      block !== undefined && shown(block) !== shown(sweep)
        ? [shown(block), `--sweep ${shown(sweep)}`]
        : [shown(sweep)];
    if (limits && info.limits?.[key] !== undefined) words.push(`--limits ${shown(info.limits[key])}`);
    return [`${info.name} ${words.join(', ')}`];
  });
  return parts.length > 0 ? `default: ${parts.join('; ')}` : "default: the workload's";
}

/** Each workload's quick block run, in words. */
export function quickText() {
  return WORKLOADS.filter((info) => info.blocksQuick)
    .map(
      (info) =>
        `${info.name} ${Object.entries(info.blocksQuick)
          .map(([key, value]) => `${key} ${shown(value)}`)
          .join(', ')}`,
    )
    .join('; ');
}
