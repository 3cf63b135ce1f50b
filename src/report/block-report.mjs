// What the report shows of block runs (docs/design.md#blocks): per file, its
// answer in words (block-headline.mjs, via headline.mjs) and its verdict
// tables (the console's model, src/harness/block-tables.mjs), as text for
// the console and as an HTML section. Every claim here comes from verdicts
// over processes; the charts of the report are drawn from --sweep files.

import { engineLabel } from '../engines.mjs';
import {
  BLOCK_LEGEND,
  VERDICT_HEADER,
  blockModel,
  medianHeader,
  medianLines,
  renderBlockTables,
  setsText,
  verdictLines,
} from '../harness/block-tables.mjs';
import { verdictOptionsOf } from '../harness/block-verdicts.mjs';
import { headlines } from './headline.mjs';
import { escapeHtml } from '../harness/format.mjs';
import { htmlTable } from './html.mjs';
import { isBlockRun } from '../harness/block.mjs';

/** A workload's block unit (its block.mjs BLOCK_UNIT: how a block is named and a median shown). */
async function unitOf(workload) {
  return (await import(`../workloads/${workload}/block.mjs`)).BLOCK_UNIT;
}

const table = (header, lines) =>
  htmlTable(
    header.map((title, column) => ({ title, value: (line) => line[column] })),
    lines,
  );

/**
 * The block runs among `sources` ({ file, document }): { text, html, lines }
 * where `lines` are the headline sentences; null when there is none.
 */
export async function blockReport(sources) {
  const runs = sources.filter((source) => isBlockRun(source.document.run));
  if (runs.length === 0) return null;
  const texts = [];
  const sections = [];
  const lines = [];
  for (const { file, document } of runs) {
    const { run, rows } = document;
    const unit = await unitOf(run.workload);
    const options = verdictOptionsOf(run.workload);
    const where = `${engineLabel(run.runtime)}, ${run.date}`;
    const answer = headlines(document).map((headline) => headline.text);
    lines.push(...answer);
    texts.push(
      `${file} (${where})\n${answer.map((line) => `  ${line}`).join('\n')}\n\n${renderBlockTables(rows, run, { unit, ...options })}`,
    );
    const blocks = blockModel(rows, run, { unitTitle: unit.title, ...options }).map(
      (model) => `<h3>${escapeHtml(`${model.title}: ${model.stop}`)}</h3>
<p>fastest libraries: ${escapeHtml(setsText(model))}</p>
${table(VERDICT_HEADER, verdictLines(model))}
${table(medianHeader(model.operations, unit.valueName), medianLines(model, unit.value))}`,
    );
    sections.push(`<h2>${escapeHtml(`${file}: ${where}`)}</h2>
<ul class="answer">${answer.map((line) => `<li>${escapeHtml(line)}</li>`).join('')}</ul>
${blocks.join('\n')}`);
  }
  const html = `<section id="verdicts">
<h2>Verdicts over processes (the block protocol)</h2>
<p>${escapeHtml(BLOCK_LEGEND)}</p>
${sections.join('\n')}
</section>`;
  return { text: texts.join('\n\n'), html, lines };
}
