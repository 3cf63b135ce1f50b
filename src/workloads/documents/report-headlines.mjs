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

function verdictLine(entry) {
  const where = `${entry.dataset}, ${entry.source}`;
  if (!entry.json && !entry.fastest) {
    const { label, ms } = entry.nativeBest;
    return `${where}: fastest ${label} ${formatMs(ms)} ms (no JSON baseline or JS library natively: no ratio).`;
  }
  const parts = [];
  if (entry.json) {
    const { label, comparison } = entry.json;
    parts.push(
      `${label} ${formatWithInterval(comparison)} ${JSON_CALLS[entry.operation]} (${verdictWord(comparison)})`,
    );
  }
  if (entry.fastest) {
    const { label, comparison } = entry.fastest;
    parts.push(
      `${label} ${formatWithInterval(comparison)} the fastest JS library, ${entry.fastestLabel} (${verdictWord(comparison)})`,
    );
  }
  return `${where}: best wasm path ${parts.join('; ')}.`;
}

// "node: a wasm path encodes faster than JSON.stringify on 2 of 5 data sets (a, b); ..."
function summaryLine(source, entries, operation) {
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
  return `${source}: a wasm path ${operation}s ${clauses.join('; ')}.`;
}

/** { chartId: [sentence, ...] }: where a wasm path beats JSON or the fastest library, and the interop shares. */
export function documentHeadlines(sources) {
  const headlines = {};
  for (const operation of OPERATIONS) {
    const entries = wasmVerdicts(sources, operation);
    const summaries = sources
      .map((source) =>
        summaryLine(
          source.source,
          entries.filter((entry) => entry.source === source.source),
          operation,
        ),
      )
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
