// --limits of the tuple workload in bench:node: each path (and the JSON
// baseline) grows in its own child until it fails or passes the cap, and the
// run records the largest payload that passed and why the next one failed.

import { failedRow } from '../../harness/payload-measure.mjs';
import { formatMs } from '../../harness/format.mjs';

/**
 * What stopped a path, from a row's error or a dead child: 'out-of-memory'
 * (an allocation failed and was reported as an error: wasm memory, an
 * ArrayBuffer), 'engine-limit' (V8's largest string or array), 'js-heap'
 * (V8's heap limit: the process dies), 'crash', 'timeout' or 'error'.
 */
function failureCause(text, { crashed = false, timedOut = false } = {}) {
  if (timedOut) return 'timeout';
  if (/heap out of memory|Reached heap limit/i.test(text)) return 'js-heap';
  if (
    /out of memory|bad_alloc|allocation failed|Cannot enlarge memory|could not allocate|\bOOM\b/i.test(text)
  )
    return 'out-of-memory';
  if (/Invalid (string|array|typed array) length|Maximum call stack size/i.test(text)) return 'engine-limit';
  return crashed ? 'crash' : 'error';
}

export const mbText = (mb) => `${mb.toFixed(mb >= 10 ? 0 : 2)} MB`;

/**
 * One path of --limits: a child grows the dataset from where the file left
 * it (`afterStep`, for --resume) until the path fails or passes the cap.
 * Resolves to the path's limits entry; a dying child is an outcome, not an
 * error (the runner goes on with the next path).
 */
async function runLimitsChild(job, options, { previousOk, onRow, onStart, ctx }) {
  const { place: PLACE, log } = ctx;
  const outcome = await ctx.runChildProcess(
    { ...job, limits: { ...job.limits, afterStep: previousOk?.step ?? -1 } },
    {
      timeoutSeconds: options.timeoutSeconds,
      perStep: true,
      childNodeOptions: options.childNodeOptions,
      onStart,
      onRow,
    },
  );
  const ok = outcome.rows.filter((row) => row.status === 'ok');
  const largest = ok.at(-1) ?? previousOk;
  const entry = {
    place: PLACE,
    codec: job.subject.codec,
    impl: job.subject.impl,
    interop: job.subject.interop,
  };
  if (job.subject.variant) entry.variant = job.subject.variant;
  const library = job.subject.library ?? outcome.library ?? largest?.library;
  if (library) entry.library = library;
  entry.batch = job.batch;
  entry.largestOkMB = largest?.jsonMB ?? 0;
  entry.largestOkItems = largest?.items ?? 0;
  if (largest) entry.largestOkStep = largest.step;

  const failed = outcome.rows.find((row) => row.status !== 'ok');
  if (failed) {
    Object.assign(entry, { failedAtMB: failed.jsonMB, failedAtItems: failed.items });
    entry.cause = failureCause(failed.error);
    entry.reason = failed.error;
  } else if (outcome.done && outcome.end === 'cap') {
    entry.cause = 'none';
    entry.reason = `no failure up to --limits-max-mb ${options.maxMB} (the next size on the grid is larger)`;
  } else if (outcome.done && outcome.growFailure) {
    const { targetMB, error } = outcome.growFailure;
    entry.failedAtMB = targetMB;
    entry.cause = failureCause(error);
    entry.reason = `growing the dataset to ${mbText(targetMB)}: ${error}`;
  } else if (outcome.done) {
    entry.cause = 'error';
    entry.reason = outcome.loadError ?? `the child ended without a result (${outcome.end ?? 'no reason'})`;
  } else if (outcome.measuring && outcome.currentStep) {
    // Died measuring a size: that size failed, with the child's reason.
    const row = failedRow(
      job.subject,
      { place: PLACE, step: outcome.currentStep, batch: job.batch },
      outcome.failure,
    );
    if (library) row.library = library;
    onRow(row);
    Object.assign(entry, { failedAtMB: row.jsonMB, failedAtItems: row.items });
    entry.cause = failureCause(outcome.fatal ?? '', { crashed: true, timedOut: outcome.timedOut });
    entry.reason = outcome.failure;
  } else {
    // Died growing the dataset to the next size (or before the first).
    if (outcome.growingTo !== undefined) entry.failedAtMB = outcome.growingTo;
    entry.cause = failureCause(outcome.fatal ?? '', { crashed: true, timedOut: outcome.timedOut });
    const where =
      outcome.growingTo !== undefined ? `growing the dataset to ${mbText(outcome.growingTo)}` : 'starting';
    entry.reason = `${outcome.failure} (while ${where})`;
  }
  if (!outcome.done) {
    log(`${job.batch}: ${outcome.failure}`);
    for (const line of outcome.output.slice(-5)) log(`  | ${line}`);
  }
  return entry;
}

/**
 * One job of --limits: skipped when the file already has its limit, else
 * grown on from its largest size that passed (a resumed run).
 */
export async function runLimitsJob(job, { options, store, prefix, onStart, ...ctx }) {
  const limits = store.run.limits;
  const mine = (row) => row.batch === job.batch;
  if (limits.some((entry) => entry.batch === job.batch)) {
    ctx.log(`${prefix}: limit already found, kept`);
    return;
  }
  // Resumed: keep the sizes that passed, measure from the next one.
  store.rows = store.rows.filter((row) => !mine(row) || row.status === 'ok');
  const previousOk = store.rows
    .filter(mine)
    .sort((a, b) => a.step - b.step)
    .at(-1);
  if (previousOk) ctx.log(`${prefix}: growing on from ${mbText(previousOk.jsonMB)} (kept)`);
  const entry = await runLimitsChild(
    { ...job, limits: { minMB: options.minMB, maxMB: options.maxMB, perDecade: options.perDecade } },
    options,
    {
      ctx,
      previousOk,
      onStart,
      onRow: (row) => {
        store.rows.push(row);
        store.save();
        const what =
          row.status === 'ok'
            ? `encode ${formatMs(row.encode.median)} ms, decode ${formatMs(row.decode.median)} ms`
            : `FAILED ${row.error}`;
        ctx.log(`${prefix} ${mbText(row.jsonMB)}: ${what}`);
      },
    },
  );
  limits.push(entry);
  store.save();
  const largestOk = entry.largestOkItems > 0 ? mbText(entry.largestOkMB) : 'none';
  const failedAt = entry.failedAtMB !== undefined ? `, failed at ${mbText(entry.failedAtMB)}` : '';
  ctx.log(`${prefix}: largest ok ${largestOk}${failedAt}: ${entry.cause}: ${entry.reason}`);
}
