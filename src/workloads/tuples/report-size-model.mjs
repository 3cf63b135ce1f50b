// The tuples report's data model of what is not a time: encoded and module
// sizes (report-size-charts.mjs), payload limits, memory and decoded-object
// cleanliness (report-html.mjs's tables). Nothing here draws.

import { isJsonBaseline, isObjectFloor } from '../../catalog.mjs';
import { KB } from '../../harness/format.mjs';
import { groupBy } from '../../harness/group-by.mjs';
import { seedLimitFor } from '../../harness/seed-limits.mjs';
import { compareCodecs } from '../../report/codec-order.mjs';
import { compareBy, labelOf, rank, sortRows } from '../../report/model.mjs';
import { closestStep, okRows } from './report-model.mjs';

/**
 * Encoded and gzip size relative to the JSON text at the chosen size, one
 * format per C++ codec and JS library, taken from the first source that has
 * it in the order node, browser, native (gzip is computed by that place's
 * runtime, which is named in the record).
 */
export function sizeRecords(sources, sizeMB) {
  const preference = ['node', 'browser', 'native'];
  const ordered = [...sources].sort(compareBy((s) => rank(preference, s.place)));
  const chosenRows = new Map();
  for (const source of ordered) {
    const chosen = closestStep(source.document, sizeMB);
    if (!chosen) continue;
    // The object floor's columns are no encoding: it has no size to compare.
    const stepRows = okRows(source.document).filter((row) => row.step === chosen.step && !isObjectFloor(row));
    for (const row of stepRows) {
      const format = isJsonBaseline(row)
        ? 'JSON text'
        : row.impl === 'js'
          ? labelOf(row)
          : `${row.codec} (C++)${row.variant ? ` [${row.variant}]` : ''}`;
      if (!chosenRows.has(format)) chosenRows.set(format, { format, source, row });
    }
  }
  const byFormat = new Map([...chosenRows.values()].map((entry) => [entry.row, entry]));
  const records = [];
  sortRows([...byFormat.keys()]).forEach((row, order) => {
    const { format, source } = byFormat.get(row);
    const common = { format, source: source.source, jsonMB: row.jsonMB, jsonBytes: row.jsonBytes, order };
    const measures = [
      ['encoded', row.encodedBytes],
      ['gzip', row.gzipBytes],
      ['gzip -9', row.gzip9Bytes],
    ];
    for (const [measure, bytes] of measures) {
      if (bytes !== undefined) records.push({ ...common, measure, bytes, ratio: bytes / row.jsonBytes });
    }
  });
  return records;
}

/** wasm module sizes per codec from the run headers (raw and gzip), each build once. */
export function moduleRecords(sources) {
  const byCodec = new Map();
  for (const source of sources) {
    for (const module of source.document.run.build.modules ?? []) {
      const list = byCodec.get(module.codec) ?? [];
      if (!list.some((known) => known.module.wasmBytes === module.wasmBytes)) list.push({ source, module });
      byCodec.set(module.codec, list);
    }
  }
  const records = [];
  const codecs = [...byCodec.keys()].sort(compareCodecs);
  for (const codec of codecs) {
    const list = byCodec.get(codec);
    for (const { source, module } of list) {
      const name = list.length > 1 ? `${codec} (${source.source})` : codec;
      const common = { codec: name, glueBytes: module.glueBytes };
      records.push({ ...common, measure: 'wasm', bytes: module.wasmBytes, kb: module.wasmBytes / KB });
      records.push({
        ...common,
        measure: 'wasm gzip',
        bytes: module.wasmGzipBytes,
        kb: module.wasmGzipBytes / KB,
      });
    }
  }
  return records;
}

/**
 * Payload limits per source and path: the largest size that passed, the
 * largest tried, and the first failure (size and reason) when any failed.
 * A --limits run records them itself (run.limits: what stopped each path,
 * even a process that died without a row); other runs derive them from
 * their failed rows. `seedLimitMB` is the limit the seed benchmark
 * published for the same JS library, where it published one.
 */
export function limitRows(sources) {
  const lines = [];
  for (const source of sources) {
    if (source.document.run.limits) {
      lines.push(...recordedLimitRows(source));
      continue;
    }
    for (const [, rows] of groupBy(sortRows(source.document.rows), labelOf)) {
      const ok = rows.filter((row) => row.status === 'ok');
      const failed = rows.filter((row) => row.status !== 'ok').sort(compareBy((row) => row.jsonMB));
      lines.push({
        source: source.source,
        label: labelOf(rows[0]),
        sizes: new Set(rows.map((row) => row.step)).size,
        largestOkMB: ok.length > 0 ? Math.max(...ok.map((row) => row.jsonMB)) : undefined,
        largestTriedMB: Math.max(...rows.map((row) => row.jsonMB)),
        failedSizes: new Set(failed.map((row) => row.step)).size,
        firstFailureMB: failed[0]?.jsonMB,
        firstError: failed[0]?.error,
        seedLimitMB: seedLimitFor(rows[0])?.limitMB,
      });
    }
  }
  return lines;
}

// The limits a --limits run recorded, in the same shape; a path grows until
// its first failure, so it has at most one failed size.
function recordedLimitRows(source) {
  const { run, rows } = source.document;
  return sortRows(run.limits).map((entry) => {
    const own = rows.filter((row) => row.batch === entry.batch && labelOf(row) === labelOf(entry));
    const failed = entry.cause !== 'none';
    const tried = [...own.map((row) => row.jsonMB), entry.failedAtMB ?? 0];
    return {
      source: source.source,
      label: labelOf(entry),
      sizes: new Set(own.map((row) => row.step)).size,
      largestOkMB: entry.largestOkItems > 0 ? entry.largestOkMB : undefined,
      largestTriedMB: Math.max(entry.largestOkMB, ...tried),
      failedSizes: failed ? 1 : 0,
      firstFailureMB: entry.failedAtMB,
      firstError: failed ? entry.reason : undefined,
      cause: entry.cause,
      reason: entry.reason,
      seedLimitMB: seedLimitFor(entry)?.limitMB,
    };
  });
}

/** Memory figures of every path at the chosen size, for the sources that record them. */
export function memoryRows(sources, sizeMB) {
  const lines = [];
  for (const source of sources) {
    const chosen = closestStep(source.document, sizeMB);
    if (!chosen) continue;
    const rows = sortRows(mergedMemoryRows(source.document, chosen.step));
    for (const row of rows) {
      lines.push({ source: source.source, jsonMB: chosen.jsonMB, label: labelOf(row), ...row.memory });
    }
  }
  return lines;
}

// Baseline rows of several batches: keep the first (memory is per process).
function mergedMemoryRows(document, step) {
  const seen = new Set();
  return okRows(document).filter((row) => {
    if (row.step !== step || !row.memory || Object.keys(row.memory).length === 0) return false;
    const key = labelOf(row);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
