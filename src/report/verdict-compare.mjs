// Do two block runs reach the same verdicts (docs/design.md#blocks)? For
// every comparison both runs judged (the same path against the same
// reference, for the same unit, engine and operation): they agree when
// they give the same word; a flip is one run saying faster and the other
// slower; any other difference (equivalent or undecided against a decided
// verdict, equivalent against undecided) is counted apart, not as a flip.

import { fastestWords } from '../harness/block-tables.mjs';
import { documentVerdicts } from '../harness/block-verdicts.mjs';
import { FASTER, SLOWER, verdictWords } from '../harness/paired.mjs';

const AGAINST = [
  ['json', 'JSON', verdictWords],
  ['fastest', 'the fastest libraries', fastestWords],
];

// Every judged comparison of a document by a key both runs share.
function judged(document) {
  const engine = document.run.runtime?.name ?? document.run.place;
  const map = new Map();
  for (const verdict of documentVerdicts(document)) {
    for (const [field, against, words] of AGAINST) {
      const comparison = verdict[field];
      if (!comparison) continue;
      const key = [engine, verdict.row.place, verdict.block, verdict.label, verdict.operation, field].join(
        '|',
      );
      map.set(key, { engine, verdict, against, comparison, words: words(comparison) });
    }
  }
  return map;
}

const isFlip = (a, b) => (a === FASTER && b === SLOWER) || (a === SLOWER && b === FASTER);

/**
 * { compared, agree, flips: [...], differ: [...] } of two results
 * documents; null when either holds no block run.
 */
export function compareVerdicts(oldDocument, newDocument) {
  const [old, now] = [judged(oldDocument), judged(newDocument)];
  if (old.size === 0 || now.size === 0) return null;
  const result = { compared: 0, agree: 0, flips: [], differ: [] };
  for (const [key, then] of old) {
    const current = now.get(key);
    if (!current) continue;
    result.compared += 1;
    const [a, b] = [then.comparison.verdict, current.comparison.verdict];
    if (a === b) result.agree += 1;
    else (isFlip(a, b) ? result.flips : result.differ).push({ then, now: current });
  }
  return result;
}

/** The one-line summary and the differing comparisons, as text. */
export function renderVerdictComparison(result) {
  const line =
    `verdicts: ${result.compared} compared, ${result.agree} agree, ${result.flips.length} flips` +
    ` (${result.differ.length} differ without flipping: equivalent or undecided against another verdict)`;
  const detail = [
    ...result.flips.map((entry) => ['FLIP', entry]),
    ...result.differ.map((entry) => ['differ', entry]),
  ].map(
    ([kind, { then, now }]) =>
      `  ${kind}: ${then.engine} ${then.verdict.label} ${then.verdict.block} ${then.verdict.operation} vs ${then.against}: ` +
      `OLD ${then.words}; NEW ${now.words}`,
  );
  return [line, ...detail].join('\n');
}
