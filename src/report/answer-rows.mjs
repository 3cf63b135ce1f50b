// The README's answer table from block runs (docs/design.md#blocks): for
// each answer unit (answerUnits) and each place (Node, the Node-API addon, each
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
import { escapeHtml, formatRatio } from '../harness/format.mjs';
import { EQUIVALENT, FASTER, SLOWER, intervalText } from '../harness/paired.mjs';
import { isStartupRun, short, wholeCostParts } from './whole-cost.mjs';

/**
 * The answer's units: the blocks of the data shapes the README answers for,
 * [{ workload, block, label }], each workload's `answer` (its workload.mjs)
 * in the catalog's order. A default run of each workload measures these
 * blocks and no other (tests/node/answer.test.mjs checks it).
 */
export const answerUnits = () =>
  WORKLOADS.flatMap((entry) => (entry.answer ?? []).map((unit) => ({ workload: entry.name, ...unit })));

/** The words of a cell whose block had fewer processes than an interval needs. */
export const TOO_FEW = 'too few';

const figure = (comparison) => `${formatRatio(comparison.ratio)}${intervalText(comparison)}`;
// The best C++ verdict of `place` for one operation in a block.
const bestOf = (document, block, operation, place) =>
  bestCpp(
    documentVerdicts(document).filter(
      (verdict) => verdict.block === block && verdict.operation === operation,
    ),
    floorCodecsOf(document.run),
    { addon: place === ADDON_PLACE },
  );

/**
 * One operation's cell, given the best C++ verdict of a place there: { text (the
 * winner in words, as the README shows it), winner ('C++', 'library',
 * 'JSON', or undefined when undecided), cpp: the best C++ path against the
 * route that beat it or that it beat ({ path, against, ratio, low, high,
 * verdict }, ratio above 1 when C++ is faster) }. An object, so each cell
 * can carry more parts than its verdict.
 */
function operationCell(document, block, operation, best) {
  const { higherIsFaster } = verdictOptionsOf(document.run.workload);
  const versus = best.fastest;
  const name = best.label.replace(' (addon)', '');
  const inverse = (c) => ({ ...c, ratio: 1 / c.ratio, low: 1 / c.high, high: 1 / c.low });
  const cpp = (comparison, against) => ({
    path: name,
    against,
    ratio: comparison.ratio,
    ...(comparison.low !== undefined && { low: comparison.low, high: comparison.high }),
    verdict: comparison.verdict,
  });
  const cell = (text, winner, comparison, against) => ({
    text,
    winner,
    ...(comparison && { cpp: cpp(comparison, against) }),
  });
  const json = JSON_CALLS[operation];
  // C++ ahead of every library but JSON ahead of C++: JSON wins the cell.
  if (versus?.verdict === FASTER && best.json.verdict === SLOWER)
    return cell(`**JSON** ${figure(inverse(best.json))} over ${name}`, 'JSON', best.json, json);
  if (versus?.verdict === FASTER)
    return cell(
      `**C++** ${name} ${figure(versus)} over ${short(versus.closest)}${best.json.verdict === FASTER ? '' : ` (vs JSON: ${best.json.verdict})`}`,
      'C++',
      versus,
      short(versus.closest),
    );
  // JSON's cell when JSON is ahead of the closest library too, else undefined.
  const jsonOverLibrary = () => {
    const library = againstJson(document.rows, block, versus.closest, operation, higherIsFaster);
    if (library.verdict !== SLOWER) return undefined;
    return cell(
      `**JSON** ${figure(inverse(library))} over ${short(versus.closest)}`,
      'JSON',
      best.json,
      json,
    );
  };
  if (versus?.verdict === SLOWER) {
    const jsonCell = jsonOverLibrary();
    if (jsonCell) return jsonCell;
    return cell(
      `**library** ${short(versus.closest)} ${figure(inverse(versus))} over ${name}`,
      'library',
      versus,
      short(versus.closest),
    );
  }
  // C++ and the closest library undecided or alike, JSON ahead of both: JSON wins.
  if (versus && best.json.verdict === SLOWER) {
    const jsonCell = jsonOverLibrary();
    if (jsonCell) return jsonCell;
  }
  const against = versus ? `${short(versus.closest)}` : json;
  const comparison = versus ?? best.json;
  if (comparison.verdict === EQUIVALENT)
    return cell(`C++ ${name} as fast as ${against} (${figure(comparison)})`, undefined, comparison, against);
  // Fewer processes than an interval needs (the time budget ran out): the direction, not a verdict.
  if (comparison.low === undefined) {
    const [ahead, behind, count] =
      comparison.ratio < 1 ? [against, name, comparison.losses] : [name, against, comparison.wins];
    return cell(
      `undecided, ${comparison.n} process${comparison.n === 1 ? '' : 'es'} (${TOO_FEW}): ${ahead} ${formatRatio(Math.max(comparison.ratio, 1 / comparison.ratio))} over ${behind} in ${count}/${comparison.n}`,
      undefined,
      comparison,
      against,
    );
  }
  return cell(
    `undecided: C++ ${name} ${figure(comparison)} against ${against}`,
    undefined,
    comparison,
    against,
  );
}

/**
 * The answer's rows as data, unit by unit, each in the order of
 * `runs` (block runs' results): [{ shape, place, run (its date),
 * encode, decode }], each operation a cell of operationCell or undefined. A
 * cell adds the whole cost (`cost`, whole-cost.mjs) when start-up or
 * break-even runs are among `runs`.
 */
export function answerCells(runs) {
  const rows = [];
  for (const { block, label } of answerUnits()) {
    for (const document of runs) {
      if (isStartupRun(document) || !overProcesses(document.rows)) continue;
      if (!block.startsWith(`${document.run.workload}@`)) continue;
      const places = document.run.place === 'node' ? ['node', ADDON_PLACE] : ['browser'];
      for (const place of places) {
        const [encode, decode] = ['encode', 'decode'].map((operation) => {
          const best = bestOf(document, block, operation, place);
          const cell = best && operationCell(document, block, operation, best);
          const cost = cell && wholeCostParts(runs, { document, block, operation, best });
          return cost ? { ...cell, cost } : cell;
        });
        if (!encode && !decode) continue;
        const { runtime } = document.run;
        const where = place === ADDON_PLACE ? `${runtimeLabel(runtime)} addon` : engineLabel(runtime);
        rows.push({ shape: label, place: where, run: document.run.date.slice(0, 10), encode, decode });
      }
    }
  }
  return rows;
}

// A cell as the README shows it: its words, then its whole cost where measured.
const cellText = (cell) => (cell ? (cell.cost ? `${cell.text}; ${cell.cost}` : cell.text) : '-');

/**
 * The answer's rows, [data shape, place, encode, decode, date], unit by unit,
 * each in the order of `runs` (block runs' results).
 */
export const answerRows = (runs) =>
  answerCells(runs).map(({ shape, place, run, encode, decode }) => [
    shape,
    place,
    cellText(encode),
    cellText(decode),
    run,
  ]);

/**
 * The answer as the data file the page opens on (web/answer.json): the
 * cells of `runs`, the date of their latest run and the machine that
 * made them (the first run's), and the command.
 */
export function answerData(runs, command = 'scripts/bench.sh --answer') {
  const dates = runs.map((document) => document.run.date).sort();
  const { os, arch, cpus, cpuModel } = runs[0]?.run.machine ?? {};
  return {
    command,
    date: dates.at(-1),
    machine: { os, arch, cpus, cpuModel },
    rows: answerCells(runs),
  };
}

/** The rows as a Markdown table, as the README shows it. */
export function answerMarkdown(rows) {
  const line = (cells) => `| ${cells.join(' | ')} |\n`;
  return [['data shape', 'place', 'encode', 'decode', 'run'], ['---', '---', '---', '---', '---'], ...rows]
    .map(line)
    .join('');
}

/** The rows grouped by data shape, in their order: [{ shape, lines }], each line a row without its shape. */
export function rowsByShape(rows) {
  return [...new Set(rows.map((row) => row[0]))].map((shape) => ({
    shape,
    lines: rows.filter((row) => row[0] === shape).map((row) => row.slice(1)),
  }));
}

/** An HTML table of the answer's cells (the report's sections): `header` and `lines`, every cell escaped. */
export function answerHtmlTable(header, lines) {
  const cells = (line, tag) =>
    `<tr>${line.map((cell) => `<${tag}>${escapeHtml(cell)}</${tag}>`).join('')}</tr>`;
  return `<table class="answer">${cells(header, 'th')}${lines.map((line) => cells(line, 'td')).join('')}</table>`;
}

/**
 * The same rows as one table per data shape, a row per place: how each
 * verdict moves across the runtimes (and browsers) of the files given.
 */
export function answerByPlaceMarkdown(rows) {
  const line = (cells) => `| ${cells.join(' | ')} |\n`;
  return rowsByShape(rows)
    .map(
      ({ shape, lines }) =>
        `### ${shape}\n\n` +
        [
          ['place', 'encode', 'decode', 'run'],
          ['---', '---', '---', '---'],
        ]
          .concat(lines)
          .map(line)
          .join(''),
    )
    .join('\n');
}
