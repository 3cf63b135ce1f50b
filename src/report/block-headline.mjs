// The answer of a block run in words (docs/design.md#blocks): per block (a
// size, a record, a data set) and operation, the best wasm path against
// JSON and against the fastest JS libraries, each as the verdict over
// processes says it (faster, slower, equivalent, undecided), with the
// figure, its interval and the count of processes. Nothing here rests on a
// single process. Pure and browser-safe: the page, the report and the
// README's table take it.

import { ADDON_PLACE, JSON_CALLS, floorCodecsOf } from '../catalog.mjs';
import { documentVerdicts } from '../harness/block-verdicts.mjs';
import { EQUIVALENT, FASTER, SLOWER, intervalText } from '../harness/paired.mjs';
import { formatRatio } from '../harness/format.mjs';

const VERBS = { encode: 'encodes', decode: 'decodes' };

function figures(comparison) {
  return `${formatRatio(comparison.ratio)}${intervalText(comparison)}, ${comparison.n} processes`;
}

/** "6.27x faster than JSON.stringify (6.27x [5.94, 6.37], 14 processes)" and the like. */
export function verdictClause(comparison, opponent) {
  if (!(comparison?.n > 0)) return `not compared with ${opponent}`;
  const { verdict, ratio } = comparison;
  const factor = ratio >= 1 ? ratio : 1 / ratio;
  if (verdict === FASTER) return `${formatRatio(factor)} faster than ${opponent} (${figures(comparison)})`;
  if (verdict === SLOWER) return `${formatRatio(factor)} slower than ${opponent} (${figures(comparison)})`;
  if (verdict === EQUIVALENT) return `as fast as ${opponent}, within 10% (${figures(comparison)})`;
  return `undecided against ${opponent} (${figures(comparison)})`;
}

// The opponent named for the fastest set: the library the verdict names.
function fastestOpponent(comparison) {
  const who = comparison.closest
    ? `, ${comparison.verdict === SLOWER ? 'the one it loses to' : 'the closest'}: ${comparison.closest}`
    : '';
  return `the fastest JS libraries${who}`;
}

/**
 * The best wasm path of a block and operation: the one with the highest
 * ratio against the fastest set, else against JSON. The addon is another
 * route, and a floor codec (`floors`: raw) is no format a user would ship.
 */
function bestWasm(verdicts, floors) {
  const wasm = verdicts.filter(
    (verdict) =>
      verdict.row.place !== ADDON_PLACE && !floors.includes(verdict.row.codec) && verdict.json.n > 0,
  );
  const score = (verdict) => verdict.fastest?.ratio ?? verdict.json.ratio;
  return wasm.reduce((best, verdict) => (best && score(best) >= score(verdict) ? best : verdict), undefined);
}

/**
 * The headline of every block of a block run, in the shape of headline.mjs's
 * headlines: [{ key, unit, sentences: [{ operation, winner, subject,
 * clauses: [{ role, opponent, comparison, text }], text }], text }].
 * `unitText(row)` words where a block is ("at 10.47 MB"); `where` opens the
 * sentences ("In Node v20.20.2 (V8 11.3)").
 */
export function blockHeadlines(document, { where, unitText }) {
  const verdicts = documentVerdicts(document);
  const floors = floorCodecsOf(document.run);
  const blocks = [...new Set(verdicts.map((verdict) => verdict.block))];
  return blocks.map((block) => {
    const own = verdicts.filter((verdict) => verdict.block === block);
    const unit = unitText(own[0].row);
    const sentences = ['encode', 'decode']
      .map((operation) => {
        const best = bestWasm(
          own.filter((verdict) => verdict.operation === operation),
          floors,
        );
        if (!best) return undefined;
        const clauses = [
          { role: 'json', opponent: JSON_CALLS[operation], comparison: best.json },
          ...(best.fastest
            ? [{ role: 'library', opponent: fastestOpponent(best.fastest), comparison: best.fastest }]
            : []),
        ].map((clause) => ({ ...clause, text: verdictClause(clause.comparison, clause.opponent) }));
        const winner =
          best.fastest?.verdict === SLOWER ? 'library' : best.json.verdict === SLOWER ? 'json' : 'wasm';
        const text = `${best.label}, the best wasm path, ${VERBS[operation]} this ${clauses.map((clause) => clause.text).join(' and ')}.`;
        return { operation, winner, subject: best.label, clauses, text };
      })
      .filter(Boolean);
    return {
      key: block,
      unit,
      sentences,
      text: `${where} ${unit}: ${sentences.map((sentence) => sentence.text).join(' ')}`,
    };
  });
}
