// The documents report's chart model: per data set, the time lines of every
// place (each ratio from model.mjs, taken within one results file: one
// place, one run), the records the charts draw and the verdicts the
// headlines state. Nothing here draws.

import { JSON_CALLS, isJsonBaseline, isJsonUtf8Baseline } from '../../catalog.mjs';
import { codecRank } from '../../report/codec-order.mjs';
import { compareKeys, howOf, isAddonRow, isWasmRow, labelOf, rank } from '../../report/model.mjs';
import { FASTER } from '../../harness/verdict.mjs';
import { DATASET_IDS, unmappedStepOf } from './dataset-catalog.mjs';
import { interopShares, timeTable } from './model.mjs';
import workload from './workload.mjs';

export const OPERATIONS = ['encode', 'decode'];
/** How a C++ path crosses into JS, in table order: native first (no crossing), wasm's, the addon's. */
export const HOW_ORDER = [
  'native',
  ...workload.strategies,
  ...(workload.addonStrategies ?? []).map((strategy) => `${strategy} (addon)`),
];
export { JSON_CALLS };

const rowsOf = (source) => source.document.rows;
const isWasm = isWasmRow;

/** Sort key: the JSON baselines, the C++ codecs (project order, then native, val, text, tagged), the JS libraries. */
function pathOrder(row) {
  const role = isJsonBaseline(row) ? 0 : isJsonUtf8Baseline(row) ? 1 : row.impl === 'cpp' ? 2 : 3;
  return [role, codecRank(row.codec), row.codec, rank(HOW_ORDER, howOf(row)), labelOf(row)];
}

/** The data sets of the sources: the catalog's fixed sets in its order, the unmapped ones by step, then any other. */
export function datasetsOfSources(sources) {
  const seen = [...new Set(sources.flatMap((source) => rowsOf(source).map((row) => row.dataset)))];
  const key = (id) => {
    const fixed = DATASET_IDS.indexOf(id);
    if (fixed !== -1) return [0, fixed];
    const step = unmappedStepOf(id);
    return step !== undefined ? [1, step] : [2, seen.indexOf(id)];
  };
  return seen.sort((a, b) => compareKeys(key(a), key(b)));
}

/**
 * One data set's time lines, every place's, sorted by path then place so
 * that a path measured in several places stands on adjacent lines:
 * { source, place, label, row, vsJson, vsFastest, encodeShare, decodeShare }
 * (model.mjs timeTable's lines; the shares only for wasm and addon paths).
 */
export function timeLines(sources, dataset) {
  const lines = [];
  sources.forEach((source, sourceIndex) => {
    for (const line of timeTable(rowsOf(source), dataset).lines) {
      const wasm = isWasm(line.row) || isAddonRow(line.row);
      lines.push({
        ...line,
        source: source.source,
        place: source.place,
        label: labelOf(line.row),
        encodeShare: wasm ? line.encodeShare : undefined,
        decodeShare: wasm ? line.decodeShare : undefined,
        key: [...pathOrder(line.row), sourceIndex],
      });
    }
  });
  return lines.sort((a, b) => compareKeys(a.key, b.key));
}

/**
 * The time of every measured path, data set and place, for the time
 * charts: [{ source, place, dataset, label, colorKey, ms }] of one operation.
 */
export function timeRecords(sources, operation) {
  const records = [];
  for (const dataset of datasetsOfSources(sources)) {
    for (const line of timeLines(sources, dataset)) {
      if (line.row.status !== 'ok' || !line.row[operation]) continue;
      const vsJson = line.vsJson?.[operation];
      records.push({
        source: line.source,
        place: line.place,
        dataset,
        label: line.label,
        ms: line.row[operation].median,
        versusJson: vsJson?.ratio,
        verdict: vsJson?.verdict,
      });
    }
  }
  return records;
}

/**
 * The interop share of each wasm strategy per data set and place (model.mjs
 * interopShares: the median over the codecs measured through it):
 * [{ source, place, dataset, strategy, operation, share, codecs }].
 */
export function interopRecords(sources) {
  const records = [];
  for (const dataset of datasetsOfSources(sources)) {
    for (const source of sources) {
      const shares = interopShares(rowsOf(source), dataset);
      for (const strategy of Object.keys(shares).filter((name) => name !== 'none')) {
        for (const operation of OPERATIONS) {
          const share = shares[strategy][operation];
          if (share === undefined) continue;
          const { codecs } = shares[strategy];
          records.push({
            source: source.source,
            place: source.place,
            dataset,
            strategy,
            operation,
            share,
            codecs,
          });
        }
      }
    }
  }
  return records;
}

// The wasm (or addon) line whose comparison `of(line)` is the best news: the highest
// ratio among the claims of 'faster', else the highest ratio of all.
function bestLine(lines, of) {
  const judged = lines.filter((line) => Number.isFinite(of(line)?.ratio));
  if (judged.length === 0) return undefined;
  const faster = judged.filter((line) => of(line).verdict === FASTER);
  const pool = faster.length > 0 ? faster : judged;
  return pool.reduce((best, line) => (of(line).ratio > of(best).ratio ? line : best));
}

/**
 * What the headlines state, per data set, place and operation:
 * [{ dataset, source, place, operation, json?, fastest?, fastestLabel?, nativeBest?, addon? }]
 * where json / fastest are { label, comparison } of the wasm path that fares
 * best against JSON / the fastest pure-JS library of its own run, and addon
 * { json?, fastest? } the same among the Node-API addon's paths (never
 * pooled with wasm's). A native place has no baseline: nativeBest names its
 * fastest codec and time.
 */
export function wasmVerdicts(sources, operation) {
  const verdicts = [];
  for (const dataset of datasetsOfSources(sources)) {
    for (const source of sources) {
      const lines = timeLines([source], dataset).filter((line) => line.row.status === 'ok');
      if (lines.length === 0) continue;
      const entry = { dataset, source: source.source, place: source.place, operation };
      const native = lines.filter((line) => line.row.impl === 'cpp' && line.row.interop === 'none');
      if (native.length > 0) {
        const best = native.reduce((a, b) => (b.row[operation].median < a.row[operation].median ? b : a));
        entry.nativeBest = { label: best.label, ms: best.row[operation].median };
      }
      const wasm = lines.filter((line) => isWasm(line.row));
      const json = bestLine(wasm, (line) => line.vsJson?.[operation]);
      if (json) entry.json = { label: json.label, comparison: json.vsJson[operation] };
      const fastest = bestLine(wasm, (line) => line.vsFastest?.[operation]);
      const peers = timeTable(rowsOf(source), dataset).fastest;
      const peer = peers && (operation === 'encode' ? peers.encode : peers.decode);
      if (fastest) {
        entry.fastest = { label: fastest.label, comparison: fastest.vsFastest[operation] };
        entry.fastestLabel = labelOf(peer);
      }
      const addon = lines.filter((line) => isAddonRow(line.row));
      const addonJson = bestLine(addon, (line) => line.vsJson?.[operation]);
      const addonFastest = bestLine(addon, (line) => line.vsFastest?.[operation]);
      if (addonJson || addonFastest) {
        entry.addon = {
          ...(addonJson && { json: { label: addonJson.label, comparison: addonJson.vsJson[operation] } }),
          ...(addonFastest && {
            fastest: { label: addonFastest.label, comparison: addonFastest.vsFastest[operation] },
          }),
        };
        if (addonFastest) entry.fastestLabel ??= labelOf(peer);
      }
      if (entry.json || entry.fastest || entry.nativeBest || entry.addon) verdicts.push(entry);
    }
  }
  return verdicts;
}
