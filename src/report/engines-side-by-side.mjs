// Engines side by side: the same path at the same size (or record, or data
// set) in Node (V8), Chromium (V8), Firefox (SpiderMonkey) and WebKit
// (JavaScriptCore), one column
// group per results file that ran JavaScript. Every ratio is taken inside
// one engine and one context, as the runners measured it: xJSON against the
// JSON baseline of the row's own batch (process or browser context), xBestJS
// against the fastest pure-JS library of the same file and unit. Only the
// times themselves are set across engines. Any workload: a per-payload row
// has `encode.median` (ms) and phases, a per-call row `encode.opsPerSec` and
// a boundary share; a sweep (rows with a `step`) is shown at the size
// nearest --size-mb, other units (records, data sets) each.

import { engineLabel, engineOf } from '../engines.mjs';
import { formatMB, formatMs, formatRatio, formatShare, interopShare } from '../harness/format.mjs';
import {
  OPERATIONS,
  compareOperation,
  compareRow,
  compareWithFastest,
  fastestLibraries,
  isOk,
  isPerCallRow,
  ownReference,
  rolesOf,
} from '../harness/references.mjs';
import { median } from '../harness/stats.mjs';
import { groupBy } from '../harness/group-by.mjs';
import { unitKeyOf } from './headline.mjs';
import { formatVerdictRatio } from '../harness/verdict.mjs';
import { BASELINE_LABEL, labelOf, nearestRow, sortRows } from './shared-model.mjs';
import { viewHtml, viewText } from './table-view.mjs';

/** One operation's time as text: ms per payload, or ns per call. */
function timeText(row, operation) {
  const stats = row?.[operation];
  if (!stats) return '-';
  return formatMs(stats.nsPerOp ?? stats.median);
}

/** The JSON baseline's time at a unit: the median of its batches' medians, as the console tables merge them. */
function baselineTime(baselines, operation) {
  const ok = baselines.filter(isOk);
  const perCall = ok.some(isPerCallRow);
  const times = ok.map((row) => (perCall ? row[operation].nsPerOp : row[operation].median));
  return times.length === 0 ? '-' : formatMs(median(times));
}

/** The share of the time spent crossing JS <-> wasm (or Node-API, for an addon path): phases (per payload) or the floor (per call). */
function boundaryOf(row, operation) {
  if (row.impl === 'js') return undefined;
  return row.boundaryShare?.[operation] ?? interopShare(row[operation], row[`${operation}Phases`]);
}

/**
 * How an engine's GC before each timed operation differs from a forced full
 * GC, beside its figures: none (--no-gc), or JavaScriptCore's allocation
 * pressure (it has no GC for pages).
 */
function gcNote(protocol) {
  if (protocol?.gc === false) return ', no GC';
  if (protocol?.gcMethod === 'allocation pressure') return ', GC: allocation pressure';
  return '';
}

/** The unit rows of a source: the step nearest sizeMB for a sweep, else each record or data set. */
function unitsOf(document, sizeMB) {
  const rows = document.rows.filter((row) => row.variant !== 'floor' && row.record !== 'none');
  if (rows.some((row) => row.step !== undefined)) {
    const best = nearestRow(rows.filter(isOk), sizeMB);
    if (!best) return [];
    return [
      {
        key: `${formatMB(sizeMB)} MB`,
        at: `${formatMB(best.jsonMB)} MB`,
        rows: rows.filter((row) => row.step === best.step),
      },
    ];
  }
  const units = groupBy(
    rows.filter((row) => unitKeyOf(row) !== undefined),
    unitKeyOf,
  );
  return [...units].map(([key, unitRows]) => ({ key, at: key, rows: unitRows }));
}

/** The cells of one path of one source and unit: time, xJSON, xBestJS, boundary share. */
function cellsOf(row, { baselines, fastest }, operation) {
  if (!isOk(row))
    return { time: row.status === 'n/a' ? 'n/a' : 'failed', xJson: '', xBest: '', boundary: '' };
  if (baselines.includes(row))
    return { time: baselineTime(baselines, operation), xJson: formatRatio(1), xBest: '', boundary: '' };
  const perPayload = !isPerCallRow(row);
  const xJson = perPayload
    ? compareRow(ownReference(row, baselines), row)?.[operation]
    : compareOperation(ownReference(row, baselines), row, operation);
  const xBest = perPayload
    ? compareWithFastest(fastest, row)?.[operation]
    : fastest && compareOperation(fastest[operation], row, operation);
  return {
    time: timeText(row, operation),
    xJson: formatVerdictRatio(xJson),
    xBest: formatVerdictRatio(xBest),
    boundary: row.impl === 'js' ? '' : formatShare(boundaryOf(row, operation)),
  };
}

/**
 * The side-by-side model: { columns: [{ label, source }], tables: [{ operation,
 * unit, timeTitle, lines: [{ path, cells: [per column] }] }] }, or undefined
 * with fewer than two sources that ran JavaScript (native code has no engine).
 */
export function engineComparison(sources, { sizeMB }) {
  const engines = sources.filter((source) => engineOf(source.document.run.runtime));
  if (engines.length < 2) return undefined;
  const columns = engines.map((source) => ({
    label: `${engineLabel(source.document.run.runtime)}${gcNote(source.document.run.protocol)}`,
    source: source.source,
    units: new Map(unitsOf(source.document, sizeMB).map((unit) => [unit.key, unit])),
  }));
  const unitKeys = [...new Set(columns.flatMap((column) => [...column.units.keys()]))];
  const tables = [];
  for (const key of unitKeys) {
    const perColumn = columns.map((column) => {
      const unit = column.units.get(key);
      if (!unit) return undefined;
      const { baselines, others } = rolesOf(unit.rows);
      // One JSON line, the median of every batch's (each path's ratios keep their own batch's).
      const shown = baselines.find(isOk) ?? baselines[0];
      return {
        unit,
        baselines,
        paths: [...(shown ? [shown] : []), ...others],
        fastest: fastestLibraries(unit.rows),
      };
    });
    const representatives = new Map();
    for (const entry of perColumn)
      for (const row of entry?.paths ?? [])
        if (!representatives.has(labelOf(row))) representatives.set(labelOf(row), row);
    const labels = sortRows([...representatives.values()]).map(labelOf);
    const perCall = perColumn.some((entry) => entry?.unit.rows.some(isPerCallRow));
    for (const operation of OPERATIONS) {
      tables.push({
        operation,
        unit: key,
        at: perColumn.map((entry) => entry?.unit.at),
        timeTitle: perCall ? 'ns/op' : 'ms',
        lines: labels.map((label) => ({
          path: label,
          cells: perColumn.map((entry) => {
            const row = entry?.paths.find((candidate) => labelOf(candidate) === label);
            return row ? cellsOf(row, entry, operation) : undefined;
          }),
        })),
      });
    }
  }
  return { columns, tables };
}

const CELL_TITLES = (timeTitle) => [timeTitle, 'xJSON', 'xBestJS', 'boundary'];
const cellValues = (cell) => (cell ? [cell.time, cell.xJson, cell.xBest, cell.boundary] : ['', '', '', '']);

/** The comparison as a view's parts (table-view.mjs): one table per operation and unit. */
function engineParts(comparison) {
  return comparison.tables.map((table) => {
    const title = `${table.operation} at ${table.unit}: ${comparison.columns
      .map(
        (column, index) =>
          `[${index + 1}] ${column.label}${table.at[index] && table.at[index] !== table.unit ? ` at ${table.at[index]}` : ''}`,
      )
      .join(', ')}`;
    const header = [
      'path',
      ...comparison.columns.flatMap((_, index) =>
        CELL_TITLES(table.timeTitle).map((name) => `[${index + 1}] ${name}`),
      ),
    ];
    const lines = table.lines.map((line) => ({ cells: [line.path, ...line.cells.flatMap(cellValues)] }));
    return { table: { title, header, lines, attrs: { engines: `${table.operation} ${table.unit}` } } };
  });
}

/** The comparison as console tables (one per operation and unit). */
export function enginesText(comparison) {
  if (!comparison) return '';
  return `Engines side by side (ratios within each engine and context):\n\n${viewText(engineParts(comparison))}`;
}

const HOW_TO_READ =
  'The same path at the same size, record or data set in each engine that ran it: one column group per results file. ' +
  `Times are medians (ms per payload, or ns per call); xJSON is ${BASELINE_LABEL}'s time over the path's, both measured in the same process or browser context; ` +
  "xBestJS the fastest pure-JS library's time (same file, same size; decode among libraries that give plain objects) over the path's; " +
  'boundary the share of the call spent crossing JS <-> wasm (phases, or the marshalling floor). Ratios are never taken across engines: only the times are set side by side. ' +
  '"no GC" marks an engine measured without a GC before each timed operation (--no-gc): its medians include the GC work of earlier operations; ' +
  '"GC: allocation pressure" one where the page allocated ~32 MB of short-lived objects before each instead of a full GC (JavaScriptCore exposes none to pages). ' +
  'A "(addon)" path is the same C++ through the Node-API addon: Node only, a line of its own beside the wasm path of the same strategy, empty in the browsers. ' +
  '~ marks a ratio within noise.';

/** The report's section (HTML), or '' when fewer than two engines ran. */
export function enginesSection(comparison) {
  if (!comparison) return '';
  const parts = [{ note: HOW_TO_READ }, ...engineParts(comparison)];
  return `<section id="engines"><h2>Engines side by side</h2>\n${viewHtml(parts)}\n</section>`;
}

/** `page` (a report's HTML) with the engines section before its scripts; unchanged when there is none. */
export function withEnginesSection(page, comparison) {
  const section = enginesSection(comparison);
  if (!section) return page;
  const marker = '<script type="application/json" id="chart-specs">';
  return page.includes(marker) ? page.replace(marker, `${section}\n${marker}`) : page;
}
