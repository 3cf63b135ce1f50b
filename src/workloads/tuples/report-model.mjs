// The tuples report's data model of its phases: plain records derived from
// validated results documents, one list per chart or table (the phases, the
// wasm penalty, the three ways to run the C++); time and speed vs JSON are the
// generic records (src/report/unit-report.mjs). Sizes, modules, limits and
// memory are in report-size-model.mjs.
// Nothing here draws: report-charts.mjs turns these records into Vega-Lite
// specs and report-html.mjs into tables.

import { ADDON_PLACE, isJsonBaseline } from '../../catalog.mjs';
import { median } from '../../harness/stats.mjs';
import { groupBy } from '../../harness/group-by.mjs';
import { formatMB } from '../../harness/format.mjs';
import { codecRank, compareCodecs } from '../../report/codec-order.mjs';
import {
  ADDON_SUFFIX,
  colorKeyOf,
  compareBy,
  howOf,
  isAddonRow,
  isWasmRow,
  labelOf,
  nearestRow,
} from '../../report/model.mjs';
import { PHASES, WHOLE_CALL_PHASE } from '../../report/phases.mjs';
import { unitRecords } from '../../report/unit-report.mjs';

export const OPERATIONS = ['encode', 'decode'];

export { PHASES, WHOLE_CALL_PHASE };

export const okRows = (document) => document.rows.filter((row) => row.status === 'ok');

function pathFields(record) {
  const { row } = record;
  return {
    source: record.source,
    place: record.place,
    label: record.label,
    colorKey: colorKeyOf(row),
    how: howOf(row),
    codec: row.codec,
    baseline: isJsonBaseline(row),
    step: row.step,
    jsonMB: row.jsonMB,
  };
}

/** The step of a source closest to `sizeMB` on a log scale: { step, jsonMB } or undefined. */
export function closestStep(document, sizeMB) {
  const row = nearestRow(okRows(document), sizeMB);
  return row && { step: row.step, jsonMB: row.jsonMB };
}

/** The facet title of a source at its chosen size, e.g. "node at 9.8 MB". */
function sourceAt(source, chosen) {
  return `${source.source} at ${formatMB(chosen.jsonMB)} MB`;
}

/**
 * The stacked breakdown at the size closest to `sizeMB`: one record per
 * phase of every C++ path, one whole-call record for the JSON baseline,
 * each with the measured median of the whole call (`totalMs`) for a tick.
 */
export function breakdownRecords(sources, operation, sizeMB) {
  const records = [];
  const facets = [];
  for (const source of sources) {
    const chosen = closestStep(source.document, sizeMB);
    if (!chosen) continue;
    const facet = sourceAt(source, chosen);
    facets.push(facet);
    // The C++ paths and JSON for scale (the generic records: a JSON of several batches is their
    // median); the JS libraries have no phases to show.
    const paths = unitRecords([source], operation).filter(
      (record) =>
        record.unit === String(chosen.step) && (record.row.impl === 'cpp' || isJsonBaseline(record.row)),
    );
    paths.forEach((record, order) => {
      const totalMs = record.value;
      const common = { ...pathFields(record), facet, order, totalMs };
      const phases = record.row[`${operation}Phases`];
      if (!phases) {
        records.push({ ...common, phase: WHOLE_CALL_PHASE, phaseOrder: 9, ms: totalMs });
        return;
      }
      PHASES[operation].forEach(({ key, name }, phaseOrder) => {
        if (phases[key] > 0) records.push({ ...common, phase: name, phaseOrder, ms: phases[key] });
      });
    });
  }
  return { records, facets };
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
    for (const operation of OPERATIONS) {
      const ms = row[`${operation}Phases`]?.codecMs ?? row[operation].median;
      if (ms > 0) nativeCodecMs.set(`${row.codec}|${row.step}|${operation}`, ms);
    }
  }
  const records = [];
  for (const source of sources.filter((s) => s.place !== 'native')) {
    const cppRows = okRows(source.document).filter(
      (row) => (isWasmRow(row) || isAddonRow(row)) && !row.variant,
    );
    const boundaryOf = (row) => (isAddonRow(row) ? 'addon' : 'wasm');
    for (const [, group] of groupBy(cppRows, (row) => `${boundaryOf(row)}|${row.codec}|${row.step}`)) {
      const addon = isAddonRow(group[0]);
      for (const operation of OPERATIONS) {
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

/**
 * The three ways to run a codec's C++ at one size, per operation: natively
 * (the codec alone, from a native results file), in wasm and through the
 * Node-API addon, each way's phases stacked. The ways, in order: native,
 * then each { boundary, interop } below; typed is the same data behind both
 * boundaries, the addon's object path its per-field counterpart of wasm val.
 */
export const THREE_WAYS = Object.freeze([
  { boundary: 'wasm', interop: 'typed', way: 'wasm typed' },
  { boundary: 'addon', interop: 'typed', way: 'addon typed' },
  { boundary: 'addon', interop: 'object', way: 'addon object (per field)' },
]);
export const NATIVE_WAY = 'native (codec only)';
// The bar of a way whose row has no phases.
export const NO_PHASES = 'whole call (no phases)';

const wayOf = (row) =>
  THREE_WAYS.find(
    (way) =>
      !row.variant &&
      row.interop === way.interop &&
      (way.boundary === 'addon' ? isAddonRow(row) : isWasmRow(row)),
  );

/** The row of a native file at `step` (or its own size nearest `jsonMB`) for a codec. */
function nativeRowAt(document, codec, step, jsonMB) {
  const rows = okRows(document).filter((row) => row.codec === codec && row.interop === 'none');
  return rows.find((row) => row.step === step) ?? nearestRow(rows, jsonMB);
}

/**
 * The records of the three-ways chart and table, per node source that has
 * addon rows, at its size nearest `sizeMB`: { lines, records }.
 * lines: one per codec and way, { source, codec, way, order, jsonMB, label,
 * batch, totalMs, phases: { <phase key>: ms }, codecMs, boundaryMs,
 * boundaryShare, versusWasmTyped } where versusWasmTyped is the wasm typed
 * path's whole call / this one's, both of the same results file (another
 * process unless the same batch; `sameBatch` says). Native lines come from the first
 * native source (its own process: no ratio), the codec alone.
 * records: one per phase of every line, for the stacked bars.
 */
export function threeWaysRecords(sources, operation, sizeMB) {
  const native = sources.find((source) => source.place === 'native');
  const lines = [];
  for (const source of sources.filter((s) => s.place !== 'native')) {
    const chosen = closestStep(source.document, sizeMB);
    if (!chosen) continue;
    // A path of several batches (a block run's processes): its first row with the median time.
    const stepRows = unitRecords([source], operation)
      .filter((record) => record.unit === String(chosen.step))
      .map((record) => ({ ...record.row, [operation]: { median: record.value } }));
    if (!stepRows.some(isAddonRow)) continue;
    const codecs = [...new Set(stepRows.filter(wayOf).map((row) => row.codec))].sort(compareCodecs);
    for (const codec of codecs) {
      const common = { source: source.source, place: source.place, codec, jsonMB: chosen.jsonMB };
      const nativeRow = native && nativeRowAt(native.document, codec, chosen.step, chosen.jsonMB);
      if (nativeRow) {
        const codecMs = nativeRow[`${operation}Phases`]?.codecMs ?? nativeRow[operation].median;
        lines.push({
          ...common,
          way: NATIVE_WAY,
          order: 0,
          label: `${codec} (${native.source}, ${formatMB(nativeRow.jsonMB)} MB)`,
          nativeSource: native.source,
          totalMs: codecMs,
          phases: { codecMs },
          codecMs,
        });
      }
      const wasmTyped = stepRows.find((row) => row.codec === codec && wayOf(row) === THREE_WAYS[0]);
      THREE_WAYS.forEach((way, index) => {
        const row = stepRows.find((candidate) => candidate.codec === codec && wayOf(candidate) === way);
        if (!row) return;
        const totalMs = row[operation].median;
        const phases = row[`${operation}Phases`];
        const codecMs = phases?.codecMs;
        const boundaryMs = codecMs === undefined ? undefined : Math.max(0, totalMs - codecMs);
        lines.push({
          ...common,
          way: way.way,
          order: index + 1,
          label: labelOf(row),
          batch: row.batch,
          totalMs,
          phases: phases ? { ...phases } : undefined,
          codecMs,
          boundaryMs,
          boundaryShare: boundaryMs === undefined || !(totalMs > 0) ? undefined : boundaryMs / totalMs,
          versusWasmTyped:
            wasmTyped && row !== wasmTyped && totalMs > 0 ? wasmTyped[operation].median / totalMs : undefined,
          sameBatch: wasmTyped ? wasmTyped.batch === row.batch : undefined,
        });
      });
    }
  }
  const records = [];
  for (const line of lines) {
    const base = {
      source: line.source,
      codec: line.codec,
      way: line.way,
      order: line.order,
      facet: `${line.codec} (${line.source} at ${formatMB(line.jsonMB)} MB)`,
      totalMs: line.totalMs,
      label: line.label,
    };
    if (!line.phases) {
      records.push({ ...base, phase: NO_PHASES, phaseOrder: 9, ms: line.totalMs });
      continue;
    }
    PHASES[operation].forEach(({ key, name }, phaseOrder) => {
      if (line.phases[key] > 0) records.push({ ...base, phase: name, phaseOrder, ms: line.phases[key] });
    });
  }
  return { lines, records };
}
