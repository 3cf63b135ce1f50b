// The three ways to run the same C++ codec at one payload size, tuples'
// own view: natively (the codec alone, from a native results file), in
// wasm and through the Node-API addon, each way's phases stacked (the
// phases' chart, src/report/phases.mjs) and as a table (a view part,
// src/report/table-view.mjs). From the generic unit records at the chosen
// size (own-views.mjs recordsAt).

import { isAddonRow, isWasmRow, pathLabel } from '../../catalog.mjs';
import { formatMB, formatMs, formatRatio, formatShare } from '../../harness/format.mjs';
import { compareCodecs } from '../../report/codec-order.mjs';
import { ACROSS_PROCESSES, nearestRow } from '../../report/shared-model.mjs';
import { PHASES, phaseLegend, phaseSegments, stackedPhasesSpec } from '../../report/phases.mjs';
import { columnsTable } from '../../report/table-view.mjs';
import { capitalized } from '../../report/unit-report.mjs';
import { okRows, recordsAt } from './own-views.mjs';
import { view } from './view.mjs';

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
const NO_PHASES = 'whole call (no phases)';

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
  const others = sources.filter((s) => s.place !== 'native');
  for (const { source, chosen, records: stepRecords } of recordsAt(others, operation, sizeMB)) {
    // A path of several batches (a block run's processes): its first row with the median time.
    const stepRows = stepRecords.map((record) => ({ ...record.row, [operation]: { median: record.value } }));
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
          label: pathLabel(row),
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
  const records = lines.flatMap((line) =>
    phaseSegments(line.phases, line.totalMs, operation, NO_PHASES).map(({ color, ...segment }) => ({
      source: line.source,
      codec: line.codec,
      way: line.way,
      order: line.order,
      facet: `${line.codec} (${line.source} at ${formatMB(line.jsonMB)} MB)`,
      totalMs: line.totalMs,
      label: line.label,
      ...segment,
    })),
  );
  return { lines, records };
}

/**
 * The three ways to run the same C++ at the chosen size, one panel per codec:
 * natively (the codec alone), in wasm (typed) and through the Node-API addon
 * (typed, and object: per field), each way's phases stacked, so that the
 * boundary cost of each (everything but the codec) shows beside the other.
 */
export function threeWaysChart(sources, operation, sizeMB) {
  const { records } = threeWaysRecords(sources, operation, sizeMB);
  const ways = [NATIVE_WAY, ...THREE_WAYS.map(({ way }) => way)];
  return stackedPhasesSpec({
    title: {
      text: `${capitalized(operation)}: three ways to run the same C++ (the size nearest ${formatMB(sizeMB)} MB)`,
      subtitle:
        'native codec alone (native results file), wasm typed, the Node-API addon typed and per field: median of each phase, stacked; the tick is the whole call; scales differ per codec',
    },
    records,
    facets: [...new Set(records.map((record) => record.facet))],
    phaseNames: phaseLegend(operation, NO_PHASES).map(({ name }) => name),
    y: { field: 'way', type: 'nominal', sort: ways, title: null },
  });
}

export const THREE_WAYS_LEGEND =
  "The figures of the three-ways charts. Phases are medians timed in separate runs, so they need not add up to the whole call exactly. boundary = whole call - codec: what crossing costs on this way (wasm: the JS <-> wasm copies and marshalling; addon: Node-API calls and copies). x wasm typed = the wasm typed path's whole-call median / this path's (above 1 = faster than wasm typed), both from the same node results file (each path runs in its own child process of that run). The native line is the codec alone from the native results file: another process, so no ratio is taken against it.";

// The columns of the table, of the lines of threeWaysRecords with their operation.
const phaseCell = (index) => (line) => formatMs(line.phases?.[PHASES[line.operation][index].key]);
const COLUMNS = [
  { title: 'place', value: (line) => line.source },
  { title: 'JSON MB', value: (line) => formatMB(line.jsonMB), num: true },
  { title: 'codec', value: (line) => line.codec },
  { title: 'operation', value: (line) => line.operation },
  { title: 'way', value: (line) => line.way },
  { title: 'path', value: (line) => line.label },
  { title: 'marshal in / bytes in ms', value: phaseCell(0), num: true },
  { title: 'codec ms', value: (line) => formatMs(line.codecMs), num: true },
  { title: 'bytes out / marshal out ms', value: phaseCell(2), num: true },
  { title: 'whole call ms', value: (line) => formatMs(line.totalMs), num: true },
  { title: 'boundary ms', value: (line) => formatMs(line.boundaryMs), num: true },
  { title: 'boundary share', value: (line) => formatShare(line.boundaryShare), num: true },
  {
    title: `x wasm typed (${ACROSS_PROCESSES})`,
    value: (line) => formatRatio(line.versusWasmTyped),
    num: true,
  },
];

/** The three ways of both operations at the chosen size as a table ([] when no file has addon rows). */
export function threeWaysParts(sources, sizeMB) {
  const lines = view.operations.flatMap((operation) =>
    threeWaysRecords(sources, operation, sizeMB).lines.map((line) => ({ ...line, operation })),
  );
  if (lines.length === 0) return [];
  return [{ note: THREE_WAYS_LEGEND }, { table: columnsTable(COLUMNS, lines) }];
}
