// The tuple workload's own views in the report, on data no other workload
// has: the wasm penalty (the codec phase in wasm against the same codec
// natively, over the sizes; the three ways at one size are three-ways.mjs),
// the payload limits of each path and the memory at one size. Records from
// the generic unit records (src/report/unit-records.mjs) at each file's
// size nearest the one asked for; tables as view parts
// (src/report/table-view.mjs), the limits the console's own (view.mjs).

import { ADDON_PLACE, isAddonRow, isWasmRow, pathLabel } from '../../catalog.mjs';
import { formatBytes, formatMB } from '../../harness/format.mjs';
import { groupBy } from '../../harness/group-by.mjs';
import { median } from '../../harness/stats.mjs';
import { codecRank, reportColors } from '../../report/codec-order.mjs';
import { ADDON_SUFFIX, compareBy, nearestRow, sortRows } from '../../report/shared-model.mjs';
import { sizeLinesSpec, unique, unitRecords } from '../../report/unit-report.mjs';
import { limitsParts, summaryParts, view } from './view.mjs';
import { PLACE_TIP } from '../../report/palette.mjs';

export const okRows = (document) => document.rows.filter((row) => row.status === 'ok');

/** The step of a source closest to `sizeMB` on a log scale: { step, jsonMB } or undefined. */
export function closestStep(document, sizeMB) {
  const row = nearestRow(okRows(document), sizeMB);
  return row && { step: row.step, jsonMB: row.jsonMB };
}

/** Each source's unit records of `operation` at its size nearest `sizeMB`: [{ source, chosen, records }]. */
export function recordsAt(sources, operation, sizeMB) {
  return sources.flatMap((source) => {
    const chosen = closestStep(source.document, sizeMB);
    if (!chosen) return [];
    const records = unitRecords([source], operation).filter((record) => record.unit === String(chosen.step));
    return [{ source, chosen, records }];
  });
}

/**
 * The wasm penalty: per place, codec, size and operation, the codec phase
 * in wasm (median over the interop strategies that measured it) divided by
 * the native codec time of the same codec at the same step. The addon's
 * rows of a node run give their own records (place node-addon, source
 * "<source> (addon)"): the same native code called from Node, ~1 expected.
 */
export function penaltyRecords(sources) {
  const natives = sources.filter((source) => source.place === 'native');
  if (natives.length === 0) return [];
  const nativeCodecMs = new Map();
  for (const row of okRows(natives[0].document)) {
    for (const operation of view.operations) {
      const ms = row[`${operation}Phases`]?.codecMs ?? row[operation].median;
      if (ms > 0) nativeCodecMs.set(`${row.codec}|${row.step}|${operation}`, ms);
    }
  }
  const records = [];
  const boundaryOf = (row) => (isAddonRow(row) ? 'addon' : 'wasm');
  for (const source of sources.filter((s) => s.place !== 'native')) {
    const cppRows = okRows(source.document).filter(
      (row) => (isWasmRow(row) || isAddonRow(row)) && !row.variant,
    );
    for (const [, group] of groupBy(cppRows, (row) => `${boundaryOf(row)}|${row.codec}|${row.step}`)) {
      const addon = isAddonRow(group[0]);
      for (const operation of view.operations) {
        const native = nativeCodecMs.get(`${group[0].codec}|${group[0].step}|${operation}`);
        const measured = group.map((row) => row[`${operation}Phases`]?.codecMs).filter((ms) => ms > 0);
        if (!native || measured.length === 0) continue;
        const codecMs = median(measured);
        records.push({
          source: addon ? `${source.source}${ADDON_SUFFIX}` : source.source,
          place: addon ? ADDON_PLACE : source.place,
          boundary: boundaryOf(group[0]),
          codec: group[0].codec,
          operation,
          step: group[0].step,
          jsonMB: group[0].jsonMB,
          codecMs,
          ...(addon ? {} : { wasmMs: codecMs }),
          nativeMs: native,
          penalty: codecMs / native,
          strategies: group.length,
        });
      }
    }
  }
  return records.sort(
    compareBy(
      (r) => codecRank(r.codec),
      (r) => r.codec,
      (r) => (r.boundary === 'addon' ? 1 : 0),
      (r) => r.step,
    ),
  );
}

const PLACE_DASHES = { node: [1, 0], browser: [6, 3], 'node-addon': [1, 3] };

/**
 * wasm codec time / native codec time per codec vs size; 1 = no penalty.
 * The addon's codec phase (place node-addon, dotted) is the same native
 * code called from Node: its line should stay near 1.
 */
export function penaltyChart(sources) {
  const records = penaltyRecords(sources);
  const codecs = unique(records.map((record) => record.codec));
  const colorOf = reportColors();
  const places = unique(records.map((record) => record.place));
  const addon = places.includes('node-addon');
  return sizeLinesSpec({
    title: {
      text: 'The wasm penalty: codec time in wasm / the same codec natively',
      subtitle: `codec phase only (no interop), median over strategies; 1 = as fast as native C++ (log scale)${
        addon ? '; node-addon (dotted): the Node-API addon, the same native code, ~1 expected' : ''
      }`,
    },
    values: records,
    column: { field: 'operation', sort: view.operations },
    y: { field: 'penalty', title: addon ? 'codec in wasm (or addon) / native' : 'wasm / native' },
    color: { field: 'codec', scale: { domain: codecs, range: codecs.map(colorOf) }, title: 'codec' },
    dash: {
      field: 'place',
      scale: { domain: places, range: places.map((p) => PLACE_DASHES[p] ?? [2, 2]) },
      title: 'place',
    },
    more: { detail: { field: 'source' } },
    tooltip: [
      PLACE_TIP,
      { field: 'codec' },
      { field: 'jsonMB', title: 'JSON MB', format: '.3f' },
      { field: 'penalty', title: 'this place / native', format: '.3g' },
      { field: 'codecMs', title: 'codec ms (this place)', format: '.4g' },
      { field: 'nativeMs', title: 'native codec ms', format: '.4g' },
    ],
    rule: true,
    resolve: { y: 'shared' },
  });
}

/**
 * The payload limits of every source, under its name: a --limits run's
 * table (run.limits, the console's), else each path's largest ok payload
 * and its failures (the view's summary).
 */
export function limitsView(sources) {
  return [
    {
      note: 'The largest JSON payload each path encoded and decoded correctly, and where it failed (a failure is verified, reported and never timed).',
    },
    ...sources.flatMap(({ source, document }) => [
      { heading: source },
      ...(document.run.limits ? limitsParts(document.run.limits) : summaryParts(document.rows)),
    ]),
  ];
}

/** Memory figures of every path at the chosen size, for the sources that record them ([] when none does). */
export function memoryParts(sources, sizeMB) {
  const lines = sources.flatMap((source) => {
    // Baseline rows of several batches: the first (memory is per process).
    const rows = rowsAt(source.document, sizeMB).filter(
      (row) => row.memory && Object.keys(row.memory).length > 0,
    );
    return [...groupBy(sortRows(rows), pathLabel).values()].map(([row]) => ({
      cells: [
        source.source,
        formatMB(row.jsonMB),
        pathLabel(row),
        formatBytes(row.memory.wasmHeapBytes),
        formatBytes(row.memory.jsHeapGrowthBytes),
        formatBytes(row.memory.peakRssBytes),
      ],
    }));
  });
  if (lines.length === 0) return [{ note: 'No row of these results records memory.' }];
  const header = ['place', 'JSON MB', 'path', 'wasm heap after', 'JS heap growth', 'peak RSS'];
  return [
    {
      note: "wasm heap: the wasm memory size after the row (it only grows); JS heap growth: JS heap used after minus before the row (can be negative after a GC); peak RSS: the process's peak resident memory (native).",
    },
    { table: { header, lines, align: ['l', 'r', 'l', 'r', 'r', 'r'] } },
  ];
}

/** A document's ok rows at its size nearest `sizeMB` ([] when none is ok). */
export function rowsAt(document, sizeMB) {
  const chosen = closestStep(document, sizeMB);
  return chosen ? okRows(document).filter((row) => row.step === chosen.step) : [];
}
