// The README's answer table from block runs (docs/design.md#blocks): for
// each answer unit (below) and each place (Node, the Node-API addon, each
// browser), which route wins each operation there — the best C++ path, the
// fastest JS library, or JSON — with its figure, its interval and the date of
// the run. Every verdict is one over processes; a comparison the run left
// undecided or equivalent is said so. Read by scripts/answer-table.mjs and
// the answer command (node/answer.mjs); the workloads' folders must be
// registered first (src/workload-folders.mjs).

import { ADDON_PLACE, JSON_CALLS, WORKLOADS, floorCodecsOf } from '../catalog.mjs';
import { engineLabel, runtimeLabel } from '../engines.mjs';
import {
  againstJson,
  bestCpp,
  documentVerdicts,
  overProcesses,
  verdictOptionsOf,
} from '../harness/block-verdicts.mjs';
import { formatRatio } from '../harness/format.mjs';
import { EQUIVALENT, FASTER, SLOWER, intervalText } from '../harness/paired.mjs';

/**
 * The answer's units: the block of each data shape the README answers for,
 * as each workload declares them (workload.mjs `answerUnits`), in catalog
 * order. A default run of each workload measures these blocks and no other
 * (its `blocks` entry; tests/node/answer.test.mjs checks it).
 */
export const ANSWER_UNITS = Object.freeze(
  WORKLOADS.flatMap((entry) => (entry.answerUnits ?? []).map((unit) => ({ workload: entry.name, ...unit }))),
);

/** The words of a cell whose block had fewer processes than an interval needs. */
export const TOO_FEW = 'too few';

const figure = (comparison) => `${formatRatio(comparison.ratio)}${intervalText(comparison)}`;
const short = (label) =>
  label.replace(
    /^[\w-]+ \((.+)\)( \[records\])?$/,
    (_, name, variant) => `${name}${variant ? ' records' : ''}`,
  );

// One operation's winner in words, for the C++ paths of `place` in a block.
function operationCell(document, block, operation, place) {
  const { higherIsFaster } = verdictOptionsOf(document.run.workload);
  const best = bestCpp(
    documentVerdicts(document).filter(
      (verdict) => verdict.block === block && verdict.operation === operation,
    ),
    floorCodecsOf(document.run),
    { addon: place === ADDON_PLACE },
  );
  if (!best) return undefined;
  const versus = best.fastest;
  const name = best.label.replace(' (addon)', '');
  const inverse = (c) => ({ ...c, ratio: 1 / c.ratio, low: 1 / c.high, high: 1 / c.low });
  // C++ ahead of every library but JSON ahead of C++: JSON wins the cell.
  if (versus?.verdict === FASTER && best.json.verdict === SLOWER)
    return `**JSON** ${figure(inverse(best.json))} over ${name}`;
  if (versus?.verdict === FASTER)
    return `**C++** ${name} ${figure(versus)} over ${short(versus.closest)}${best.json.verdict === FASTER ? '' : ` (vs JSON: ${best.json.verdict})`}`;
  if (versus?.verdict === SLOWER) {
    const library = againstJson(document.rows, block, versus.closest, operation, higherIsFaster);
    if (library.verdict === SLOWER)
      return `**JSON** ${figure(inverse(library))} over ${short(versus.closest)}`;
    return `**library** ${short(versus.closest)} ${figure(inverse(versus))} over ${name}`;
  }
  // C++ and the closest library undecided or alike, JSON ahead of both: JSON wins.
  if (versus && best.json.verdict === SLOWER) {
    const library = againstJson(document.rows, block, versus.closest, operation, higherIsFaster);
    if (library.verdict === SLOWER)
      return `**JSON** ${figure(inverse(library))} over ${short(versus.closest)}`;
  }
  const against = versus ? `${short(versus.closest)}` : JSON_CALLS[operation];
  const comparison = versus ?? best.json;
  if (comparison.verdict === EQUIVALENT) return `C++ ${name} as fast as ${against} (${figure(comparison)})`;
  // Fewer processes than an interval needs (the time budget ran out): the direction, not a verdict.
  if (comparison.low === undefined) {
    const [ahead, behind, count] =
      comparison.ratio < 1 ? [against, name, comparison.losses] : [name, against, comparison.wins];
    return `undecided, ${comparison.n} process${comparison.n === 1 ? '' : 'es'} (${TOO_FEW}): ${ahead} ${formatRatio(Math.max(comparison.ratio, 1 / comparison.ratio))} over ${behind} in ${count}/${comparison.n}`;
  }
  return `undecided: C++ ${name} ${figure(comparison)} against ${against}`;
}

/**
 * The answer's rows, [data shape, place, encode, decode, date], unit by unit,
 * each in the order of `documents` (block runs' results).
 */
export function answerRows(documents) {
  const rows = [];
  for (const { block, label } of ANSWER_UNITS) {
    for (const document of documents) {
      if (!overProcesses(document.rows) || !block.startsWith(`${document.run.workload}@`)) continue;
      const places = document.run.place === 'node' ? ['node', ADDON_PLACE] : ['browser'];
      for (const place of places) {
        const cells = ['encode', 'decode'].map((operation) =>
          operationCell(document, block, operation, place),
        );
        if (cells.every((cell) => cell === undefined)) continue;
        const { runtime } = document.run;
        const where = place === ADDON_PLACE ? `${runtimeLabel(runtime)} addon` : engineLabel(runtime);
        rows.push([label, where, cells[0] ?? '-', cells[1] ?? '-', document.run.date.slice(0, 10)]);
      }
    }
  }
  return rows;
}

/** The rows as a Markdown table, as the README shows it. */
export function answerMarkdown(rows) {
  const line = (cells) => `| ${cells.join(' | ')} |\n`;
  return [['data shape', 'place', 'encode', 'decode', 'run'], ['---', '---', '---', '---', '---'], ...rows]
    .map(line)
    .join('');
}

/**
 * The same rows as one table per data shape, a row per place: how each
 * verdict moves across the runtimes (and browsers) of the files given.
 */
export function answerByPlaceMarkdown(rows) {
  const line = (cells) => `| ${cells.join(' | ')} |\n`;
  return [...new Set(rows.map((row) => row[0]))]
    .map(
      (shape) =>
        `### ${shape}\n\n` +
        [
          ['place', 'encode', 'decode', 'run'],
          ['---', '---', '---', '---'],
        ]
          .concat(rows.filter((row) => row[0] === shape).map((row) => row.slice(1)))
          .map(line)
          .join(''),
    )
    .join('\n');
}
