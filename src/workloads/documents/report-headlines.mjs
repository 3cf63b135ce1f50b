// The headlines of the documents report: per place, on how many data sets
// a wasm path is faster than JSON and than the fastest JS library, then per
// data set and place the wasm path that fares best with its ratio, interval
// and verdict (a claim only when the interval excludes 1), and the range of
// each strategy's interop share.

import { formatMs, formatShare } from '../../harness/format.mjs';
import { FASTER, SLOWER, WITHIN_NOISE, formatWithInterval } from '../../harness/verdict.mjs';
import { INTEROP_CHART, chartId } from './report-charts.mjs';
import { JSON_CALLS, OPERATIONS, interopRecords, wasmVerdicts } from './report-model.mjs';

const VERDICT_WORDS = { [FASTER]: 'faster', [SLOWER]: 'slower', [WITHIN_NOISE]: 'within noise' };
const verdictWord = (comparison) =>
  VERDICT_WORDS[comparison.verdict] ?? `no verdict: ${comparison.reason ?? 'no interval'}`;

// "msgpack/tagged 2.1x [1.9, 2.3] JSON.parse (faster); ... the fastest JS library, ..."
function comparisonParts({ json, fastest }, entry) {
  const parts = [];
  if (json) {
    const { label, comparison } = json;
    parts.push(
      `${label} ${formatWithInterval(comparison)} ${JSON_CALLS[entry.operation]} (${verdictWord(comparison)})`,
    );
  }
  if (fastest) {
    const { label, comparison } = fastest;
    parts.push(
      `${label} ${formatWithInterval(comparison)} the fastest JS library, ${entry.fastestLabel} (${verdictWord(comparison)})`,
    );
  }
  return parts;
}

function verdictLine(entry) {
  const where = `${entry.dataset}, ${entry.source}`;
  if (!entry.json && !entry.fastest && !entry.addon) {
    const { label, ms } = entry.nativeBest;
    return `${where}: fastest ${label} ${formatMs(ms)} ms (no JSON baseline or JS library natively: no ratio).`;
  }
  const clauses = [];
  const wasm = comparisonParts(entry, entry);
  if (wasm.length > 0) clauses.push(`best wasm path ${wasm.join('; ')}`);
  // The addon's paths are the same C++ behind Node-API: their own best, never picked as wasm's.
  const addon = entry.addon ? comparisonParts(entry.addon, entry) : [];
  if (addon.length > 0) clauses.push(`best addon path ${addon.join('; ')}`);
  return `${where}: ${clauses.join('. ')}.`;
}

// "node: a wasm path encodes faster than JSON.stringify on 2 of 5 data sets (a, b); ..."
function summaryLine(source, entries, operation, subject = 'a wasm path') {
  const judged = (key) => entries.filter((entry) => entry[key]);
  const beats = (key) =>
    judged(key)
      .filter((entry) => entry[key].comparison.verdict === FASTER)
      .map((entry) => entry.dataset);
  const clause = (key, what) => {
    const all = judged(key);
    if (all.length === 0) return undefined;
    const won = beats(key);
    const list = won.length > 0 ? ` (${won.join(', ')})` : '';
    return `faster than ${what} on ${won.length} of ${all.length} data set(s)${list}`;
  };
  const clauses = [clause('json', JSON_CALLS[operation]), clause('fastest', 'the fastest JS library')].filter(
    Boolean,
  );
  if (clauses.length === 0) return undefined;
  return `${source}: ${subject} ${operation}s ${clauses.join('; ')}.`;
}

/** { chartId: [sentence, ...] }: where a wasm path beats JSON or the fastest library, and the interop shares. */
export function documentHeadlines(sources) {
  const headlines = {};
  for (const operation of OPERATIONS) {
    const entries = wasmVerdicts(sources, operation);
    const summaries = sources
      .flatMap((source) => {
        const own = entries.filter((entry) => entry.source === source.source);
        // The addon's paths summed up on their own line: the same C++ behind Node-API.
        const addon = own.filter((entry) => entry.addon).map((entry) => ({ ...entry, ...entry.addon }));
        return [
          summaryLine(source.source, own, operation),
          summaryLine(source.source, addon, operation, 'an addon path'),
        ];
      })
      .filter(Boolean);
    headlines[chartId(operation)] = [...summaries, ...entries.map(verdictLine)];
  }
  const shares = interopRecords(sources);
  const lines = [];
  for (const source of sources) {
    for (const strategy of [...new Set(shares.map((record) => record.strategy))]) {
      const own = shares.filter((record) => record.source === source.source && record.strategy === strategy);
      if (own.length === 0) continue;
      const range = (operation) => {
        const values = own.filter((record) => record.operation === operation).map((record) => record.share);
        if (values.length === 0) return '-';
        const [low, high] = [Math.min(...values), Math.max(...values)];
        return low === high ? formatShare(low) : `${formatShare(low)} to ${formatShare(high)}`;
      };
      const datasets = new Set(own.map((record) => record.dataset)).size;
      lines.push(
        `${source.source}, ${strategy}: crossing takes ${range('encode')} of encode and ${range('decode')} of decode (median over codecs; ${datasets} data set(s)).`,
      );
    }
  }
  headlines[INTEROP_CHART] = lines;
  return headlines;
}
