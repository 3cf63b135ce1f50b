// One or two sentences per chart, computed from the same records the chart
// draws: what the picture says, in words (shown under each chart and printed
// by npm run report).

import { groupBy } from '../../harness/group-by.mjs';
import { FASTER, SLOWER, UNKNOWN, WITHIN_NOISE } from '../../harness/verdict.mjs';
import { formatBytes, formatMB, formatMs, formatRatio, formatShare } from '../../harness/format.mjs';
import { ACROSS_PROCESSES } from '../../report/model.mjs';
import {
  breakdownRecords,
  closestStep,
  penaltyRecords,
  ratioRecords,
  threeWaysRecords,
  timeRecords,
} from './report-model.mjs';
import { moduleRecords, sizeRecords } from './report-size-model.mjs';

const byValue = (valueOf) => (a, b) => valueOf(a) - valueOf(b);

/** The records of each source at the step nearest `sizeMB` of that source. */
function atChosenSize(sources, records, sizeMB) {
  const result = [];
  for (const source of sources) {
    const chosen = closestStep(source.document, sizeMB);
    if (!chosen) continue;
    const here = records.filter((record) => record.source === source.source && record.step === chosen.step);
    if (here.length > 0) result.push({ source: source.source, jsonMB: chosen.jsonMB, records: here });
  }
  return result;
}

// The object floor is a reference, not a path: never the fastest or the best.
const withoutFloor = (records) => records.filter((r) => !r.floor);

function timeHeadline(sources, operation, sizeMB) {
  return atChosenSize(sources, timeRecords(sources, operation), sizeMB).map(({ source, jsonMB, records }) => {
    const sorted = withoutFloor(records).sort(byValue((r) => r.ms));
    const [fastest, slowest] = [sorted[0], sorted.at(-1)];
    const baseline = records.find((r) => r.baseline);
    const json = baseline ? `, JSON ${formatMs(baseline.ms)} ms` : '';
    const floorRecord = records.find((r) => r.floor);
    const floor = floorRecord ? `, object floor ${formatMs(floorRecord.ms)} ms` : '';
    return `${source} at ${formatMB(jsonMB)} MB: fastest ${fastest.label} ${formatMs(fastest.ms)} ms${json}${floor}, slowest ${slowest.label} ${formatMs(slowest.ms)} ms.`;
  });
}

function ratioHeadline(sources, operation, sizeMB) {
  return atChosenSize(sources, ratioRecords(sources, operation), sizeMB).map(
    ({ source, jsonMB, records: all }) => {
      const records = withoutFloor(all);
      const sorted = [...records].sort(byValue((r) => -r.ratio));
      const count = (verdict) => records.filter((r) => r.verdict === verdict).length;
      const unknown = count(UNKNOWN);
      return (
        `${source} at ${formatMB(jsonMB)} MB, of ${records.length} paths: ${count(FASTER)} faster than JSON, ` +
        `${count(WITHIN_NOISE)} within noise, ${count(SLOWER)} slower` +
        `${unknown > 0 ? `, ${unknown} without samples to judge` : ''}; ` +
        `best ${sorted[0].label} ${formatRatio(sorted[0].ratio)}, worst ${sorted.at(-1).label} ${formatRatio(sorted.at(-1).ratio)}.`
      );
    },
  );
}

/** Share of each wasm path's whole call spent outside the codec: (total - codec) / total. */
function breakdownHeadline(sources, operation, sizeMB) {
  const { records } = breakdownRecords(sources, operation, sizeMB);
  const lines = [];
  for (const [facet, facetRecords] of groupBy(records, (r) => r.facet)) {
    const shares = [];
    for (const [label, pathRecords] of groupBy(facetRecords, (r) => r.label)) {
      const codec = pathRecords.find((r) => r.phase === 'codec');
      if (!codec || pathRecords[0].how === 'native') continue;
      const total = pathRecords[0].totalMs;
      shares.push({ label, share: Math.max(0, (total - codec.ms) / total) });
    }
    if (shares.length === 0) continue;
    shares.sort(byValue((s) => s.share));
    lines.push(
      `${facet}: the boundary (everything but the codec) takes from ${formatShare(shares[0].share)} (${shares[0].label}) ` +
        `to ${formatShare(shares.at(-1).share)} (${shares.at(-1).label}) of the call.`,
    );
  }
  return lines;
}

function penaltyHeadline(sources) {
  const records = penaltyRecords(sources);
  const lines = [];
  for (const [key, group] of groupBy(records, (r) => `${r.source}|${r.operation}`)) {
    const [source, operation] = key.split('|');
    const largestStep = Math.max(...group.map((r) => r.step));
    const atLargest = group.filter((r) => r.step === largestStep).sort(byValue((r) => r.penalty));
    const [low, high] = [atLargest[0], atLargest.at(-1)];
    lines.push(
      `${source} ${operation} at ${formatMB(low.jsonMB)} MB: the codec takes ${formatRatio(low.penalty)} (${low.codec}) ` +
        `to ${formatRatio(high.penalty)} (${high.codec}) the native time.`,
    );
  }
  return lines;
}

/** One way's figures: "wasm typed 12.0 ms (boundary 3.4 ms, 28%; ...)". */
function wayText(line) {
  if (line.nativeSource) return `${line.way} ${formatMs(line.totalMs)} ms (${line.nativeSource} file)`;
  const parts = [];
  if (line.boundaryMs !== undefined)
    parts.push(`boundary ${formatMs(line.boundaryMs)} ms, ${formatShare(line.boundaryShare)}`);
  if (line.versusWasmTyped !== undefined)
    parts.push(`${formatRatio(line.versusWasmTyped)} wasm typed's speed, ${ACROSS_PROCESSES}`);
  return `${line.way} ${formatMs(line.totalMs)} ms${parts.length > 0 ? ` (${parts.join('; ')})` : ''}`;
}

/**
 * Per codec at the chosen size, the three ways to run its C++: the native
 * codec alone, wasm typed, the addon typed and per field, with each one's
 * boundary (whole call - codec) and its speed against wasm typed (same run,
 * another process).
 */
function threeWaysHeadline(sources, operation, sizeMB) {
  const { lines } = threeWaysRecords(sources, operation, sizeMB);
  return [...groupBy(lines, (line) => `${line.source}|${line.codec}`).values()].map((group) => {
    const { source, codec, jsonMB } = group[0];
    return `${codec}, ${source} at ${formatMB(jsonMB)} MB: ${group.map(wayText).join('; ')}.`;
  });
}

function sizesHeadline(sources, sizeMB) {
  const records = sizeRecords(sources, sizeMB).filter((r) => r.format !== 'JSON text');
  const lines = [];
  for (const measure of ['encoded', 'gzip', 'gzip -9']) {
    const sorted = records.filter((r) => r.measure === measure).sort(byValue((r) => r.ratio));
    if (sorted.length === 0) continue;
    lines.push(
      `${measure}: smallest ${sorted[0].format} ${formatRatio(sorted[0].ratio)} the JSON text, ` +
        `largest ${sorted.at(-1).format} ${formatRatio(sorted.at(-1).ratio)}.`,
    );
  }
  return lines;
}

function modulesHeadline(sources) {
  const gzip = moduleRecords(sources)
    .filter((r) => r.measure === 'wasm gzip')
    .sort(byValue((r) => r.bytes));
  if (gzip.length === 0) return [];
  return [
    `gzipped wasm from ${formatBytes(gzip[0].bytes)} (${gzip[0].codec}) to ${formatBytes(gzip.at(-1).bytes)} (${gzip.at(-1).codec}).`,
  ];
}

/** { chartId: [sentence, ...] } for every chart of charts.mjs reportCharts. */
export function chartHeadlines(sources, { sizeMB }) {
  return {
    'time-encode': timeHeadline(sources, 'encode', sizeMB),
    'time-decode': timeHeadline(sources, 'decode', sizeMB),
    'ratio-encode': ratioHeadline(sources, 'encode', sizeMB),
    'ratio-decode': ratioHeadline(sources, 'decode', sizeMB),
    'breakdown-encode': breakdownHeadline(sources, 'encode', sizeMB),
    'breakdown-decode': breakdownHeadline(sources, 'decode', sizeMB),
    'three-ways-encode': threeWaysHeadline(sources, 'encode', sizeMB),
    'three-ways-decode': threeWaysHeadline(sources, 'decode', sizeMB),
    'wasm-penalty': penaltyHeadline(sources),
    sizes: sizesHeadline(sources, sizeMB),
    modules: modulesHeadline(sources),
  };
}
