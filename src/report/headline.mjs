// The answer of a results file in words: per unit (each size, record or
// data set) and per operation, one
// sentence naming the fastest of the three routes a JS app has there (the
// best wasm path, the fastest pure-JS library, the engine's own JSON) and
// how it compares with the other two. Every figure is a comparison with its
// verdict (src/harness/verdict.mjs): stated as faster or slower only when
// its interval excludes 1, "within noise" otherwise. Pure and browser-safe:
// the page renders it.
//
// The comparisons are the tables' own, from one function
// (src/harness/unit-comparisons.mjs): a path against the JSON baseline of
// its own batch (same process or page), the best wasm path against the
// fastest library directly (another batch, as xBestJS), JSON against the
// fastest library in that library's batch. Which route leads is chosen by
// median: the faster of the best wasm path and the fastest library, then
// JSON if it beat that one in its batch. Decode counts only paths recorded
// to hand back plain objects (a wasm path or library whose decode is not
// clean, e.g. a columnar variant, or whose cleanliness was not recorded,
// are left out, as the tables' fastest library).
// A file whose blocks hold several processes says their verdicts over
// processes instead (blockHeadlines): nothing there rests on one process.

import { JSON_CALLS, floorCodecsOf, isJsonBaseline, isWasmRow, libraryName, pathLabel } from '../catalog.mjs';
import { engineLabel } from '../engines.mjs';
import { formatMB, formatRatio } from '../harness/format.mjs';
import { isOk, isPerCallRow, operationStats } from '../harness/references.mjs';
import { groupBy } from '../harness/group-by.mjs';
import { invertComparison, unitComparisons } from '../harness/unit-comparisons.mjs';
import { FASTER, SLOWER, WITHIN_NOISE, formatVerdictRatio } from '../harness/verdict.mjs';
import { bestCpp, documentVerdicts, overProcesses } from '../harness/block-verdicts.mjs';
import { EQUIVALENT, intervalText } from '../harness/paired.mjs';

export const HEADLINE_OPERATIONS = Object.freeze(['encode', 'decode']);

const VERBS = { encode: 'encodes', decode: 'decodes' };
// A per-call workload's empty-call rows (record "none") measure no record.
const NO_UNIT_RECORD = 'none';

/** The unit of a row: its step (a size), record or data set; undefined for a row of none. */
export function unitKeyOf(row) {
  if (row.step !== undefined) return row.step;
  if (row.record !== undefined) return row.record === NO_UNIT_RECORD ? undefined : row.record;
  return row.dataset;
}

/** "at 10 MB", "on record "int"", "on geo-110m": where in the run a unit is. */
function unitText(rows) {
  const [first] = rows;
  if (first.step !== undefined) {
    const sized = rows.find((row) => Number.isFinite(row.jsonMB));
    return sized ? `at ${formatMB(sized.jsonMB)} MB` : `at step ${first.step}`;
  }
  if (first.record !== undefined) return `on record "${first.record}"`;
  return `on ${first.dataset}`;
}

/**
 * The units of `rows`: [{ key, text, rows }], sizes from the smallest,
 * records and data sets in the order they were first measured.
 */
export function unitsOf(rows) {
  const entries = [
    ...groupBy(
      rows.filter((row) => unitKeyOf(row) !== undefined),
      unitKeyOf,
    ),
  ];
  if (entries.every(([key]) => typeof key === 'number')) entries.sort(([a], [b]) => a - b);
  return entries.map(([key, unitRows]) => ({ key, text: unitText(unitRows), rows: unitRows }));
}

/** Where a run measured, to open its sentences: "In this browser", "In Node v20.20.2 (V8 11.3)", "Natively". */
export function whereText(run, { here = false } = {}) {
  if (here) return 'In this browser';
  if (run.place === 'native') return 'Natively';
  return `In ${engineLabel(run.runtime)}`;
}

/** True when `a`'s median is faster than `b`'s (both rows of one protocol). */
function isFaster(a, b, operation) {
  const [sa, sb] = [operationStats(a, operation), operationStats(b, operation)];
  return sa.higherIsFaster ? sa.stats.median > sb.stats.median : sa.stats.median < sb.stats.median;
}

/** The fastest of `rows` by median, or undefined. */
function fastestOf(rows, operation) {
  return rows.reduce((best, row) => (best && !isFaster(row, best, operation) ? best : row), undefined);
}

/** Whether a decode route must be recorded clean to count: per payload, yes; per call nothing records it. */
const needsCleanliness = (row, operation) => operation === 'decode' && !isPerCallRow(row);

/** A wasm path that can stand for "the wasm route": no variant (columnar, floors), plain objects out. */
function isWasmCandidate(row, operation) {
  if (!isOk(row) || !isWasmRow(row) || row.variant !== undefined || !operationStats(row, operation))
    return false;
  if (operation !== 'decode') return true;
  return needsCleanliness(row, operation)
    ? row.cleanliness?.clean === true
    : row.cleanliness?.clean !== false;
}

/** Words for a unit whose decode no route can answer: none records whether it gives plain objects. */
const UNKNOWN_CLEANLINESS =
  'decode not compared: no path here records whether its decode gives plain objects (as JSON.parse does).';

/** A library's name in a sentence: "msgpackr", "msgpackr [records]". */
function libraryText(row) {
  const name = row.library ? libraryName(row.library) : pathLabel(row);
  return row.variant ? `${name} [${row.variant}]` : name;
}

/**
 * A comparison with an opponent ({ name, note? }) as words: "2.30x faster
 * than msgpack/typed (the best wasm path)", "1.40x slower than
 * JSON.parse", "within noise of msgpackr (the fastest JS library, ~1.04x)".
 */
export function comparisonText(comparison, { name, note }) {
  const { ratio, verdict, reason } = comparison;
  const faster = ratio >= 1;
  const factor = `${formatRatio(faster ? ratio : 1 / ratio)} ${faster ? 'faster' : 'slower'} than ${name}`;
  const aside = (...parts) => {
    const said = [note, ...parts].filter(Boolean);
    return said.length > 0 ? ` (${said.join(', ')})` : '';
  };
  if (verdict === FASTER || verdict === SLOWER) return `${factor}${aside()}`;
  if (verdict === WITHIN_NOISE)
    return `within noise of ${name}${aside(formatVerdictRatio(comparison), reason)}`;
  return `${factor}${aside(`by the medians; ${reason ?? 'no interval'}: no verdict`)}`;
}

/**
 * The sentence of one unit and operation, or undefined when fewer than two
 * routes measured ok there: { operation, winner ('wasm', 'library' or
 * 'json'), subject, clauses: [{ role, opponent, comparison, text }], text }.
 */
export function operationSentence(unitRows, operation) {
  const rows = unitRows.filter((row) => isOk(row) && operationStats(row, operation));
  const baselines = rows.filter(isJsonBaseline);
  const wasm = fastestOf(
    rows.filter((row) => isWasmCandidate(row, operation)),
    operation,
  );
  const model = unitComparisons(unitRows);
  // Decode: a library counts only when its cleanliness is known (the tables' "not recorded" is no answer).
  const library =
    rows.length > 0 && needsCleanliness(rows[0], operation) && !model.fastest?.cleanKnown
      ? undefined
      : model.fastest?.[operation];
  const top = wasm && library ? (isFaster(library, wasm, operation) ? library : wasm) : (wasm ?? library);
  if (!top) return undefined;
  const json = JSON_CALLS[operation];
  const plainObjects =
    operation === 'decode' && library !== undefined && model.fastest.decodeOverall !== library;
  const opponents = {
    json: { name: json },
    wasm: wasm && { name: pathLabel(wasm), note: 'the best wasm path' },
    library: library && {
      name: libraryText(library),
      note: `the fastest JS library${plainObjects ? ' giving plain objects' : ''}`,
    },
  };
  // Every figure is the tables' own (unit-comparisons.mjs): a path against the JSON of its batch,
  // the best wasm path against the fastest library, JSON against it in the library's batch.
  const vsJson = (row) => model.vsJson(row, operation);
  const baseline = baselines[0];
  const winner = vsJson(top)?.ratio < 1 ? 'json' : top === wasm ? 'wasm' : 'library';
  // [the opponent's role, the comparison of the winner against it]
  const against = {
    wasm: [
      ['json', vsJson(wasm)],
      ['library', model.vsFastest(wasm, operation)],
    ],
    library: [
      ['wasm', invertComparison(model.vsFastest(wasm, operation))],
      ['json', vsJson(library)],
    ],
    json: [
      ['wasm', invertComparison(vsJson(wasm))],
      ['library', baseline && model.vsFastest(baseline, operation)],
    ],
  }[winner];
  const clauses = against
    .filter(([role, comparison]) => opponents[role] && comparison && Number.isFinite(comparison.ratio))
    .map(([role, comparison]) => ({
      role,
      opponent: opponents[role].name,
      comparison,
      text: comparisonText(comparison, opponents[role]),
    }));
  if (clauses.length === 0) return undefined;
  const subject = { wasm: wasm && pathLabel(wasm), library: library && libraryText(library), json }[winner];
  const text = `${subject} ${VERBS[operation]} this ${clauses.map((clause) => clause.text).join(' and ')}.`;
  return { operation, winner, subject, clauses, text };
}

function figures(comparison) {
  return `${formatRatio(comparison.ratio)}${intervalText(comparison)}, ${comparison.n} processes`;
}

/** "6.27x faster than JSON.stringify (6.27x [5.94, 6.37], 14 processes)" and the like. */
function verdictClause(comparison, opponent) {
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
 * The headline of every block of a block run, in the shape of headlines':
 * [{ key, unit, sentences: [{ operation, winner, subject, clauses: [{ role,
 * opponent, comparison, text }], text }], text }]. `unitText(row)` words
 * where a block is ("at 10.47 MB"); `where` opens the sentences ("In Node
 * v20.20.2 (V8 11.3)").
 */
function blockHeadlines(document, { where, unitText }) {
  const verdicts = documentVerdicts(document);
  const floors = floorCodecsOf(document.run);
  const blocks = [...new Set(verdicts.map((verdict) => verdict.block))];
  return blocks.map((block) => {
    const own = verdicts.filter((verdict) => verdict.block === block);
    const unit = unitText(own[0].row);
    const sentences = HEADLINE_OPERATIONS.map((operation) => {
      const best = bestCpp(
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
    }).filter(Boolean);
    return {
      key: block,
      unit,
      sentences,
      text: `${where} ${unit}: ${sentences.map((sentence) => sentence.text).join(' ')}`,
    };
  });
}

/**
 * The headline of every unit of a results document: [{ key, unit (its
 * words), sentences (operationSentence each), text }]. A unit with nothing
 * to compare (a native run: no JSON and no library beside the codecs) says
 * so. `here`: the run is this page's own (see whereText). Rows whose blocks
 * hold several processes say their verdicts over processes (blockHeadlines).
 */
export function headlines(document, { here = false } = {}) {
  const where = whereText(document.run, { here });
  if (overProcesses(document.rows))
    return blockHeadlines(document, { where, unitText: (row) => unitText([row]) });
  return unitsOf(document.rows).map(({ key, text: unit, rows }) => {
    const sentences = HEADLINE_OPERATIONS.map((operation) => operationSentence(rows, operation)).filter(
      Boolean,
    );
    const decodeUnknown =
      !sentences.some((sentence) => sentence.operation === 'decode') &&
      rows.some((row) => isOk(row) && row.decode && !isJsonBaseline(row)) &&
      !rows.some((row) => row.cleanliness) &&
      rows.some((row) => needsCleanliness(row, 'decode'));
    const said =
      sentences.length > 0
        ? [
            ...sentences.map((sentence) => sentence.text),
            ...(decodeUnknown ? [UNKNOWN_CLEANLINESS] : []),
          ].join(' ')
        : 'no two of the best wasm path, the fastest JS library and JSON measured ok here: nothing to compare.';
    return { key, unit, sentences, text: `${where} ${unit}: ${said}` };
  });
}
