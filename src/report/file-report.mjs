// What the report shows of every results file, whatever its workload and
// however it was planned: its answer in words (headline.mjs) and its tables
// (the console's and the page's view, src/report/results-tables.mjs), as
// text for the console and as an HTML section. Rows whose blocks hold
// several processes say verdicts over processes; others, each ratio with the
// single process's interval. A workload without a view.mjs gets the generic
// view (generic-view.mjs): a line per row.

import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { engineLabel } from '../engines.mjs';
import { overProcesses } from '../harness/block-verdicts.mjs';
import { escapeHtml } from '../harness/format.mjs';
import { headlines } from './headline.mjs';
import { genericView } from './generic-view.mjs';
import { resultParts } from './results-tables.mjs';
import { viewHtml, viewText } from './table-view.mjs';

/** A workload's view (its view.mjs `view`), or the generic view when its folder has none. */
export async function viewOf(workload) {
  return (await workloadPart(workload, 'view.mjs'))?.view ?? genericView;
}

/** The module `part` of a workload's folder, or undefined when the folder has none. */
export async function workloadPart(workload, part) {
  const file = new URL(`../workloads/${workload}/${part}`, import.meta.url);
  try {
    return await import(file);
  } catch (error) {
    if (error.code === 'ERR_MODULE_NOT_FOUND' && error.message.includes(fileURLToPath(file)))
      return undefined;
    throw error;
  }
}

/**
 * Every file of `sources` ({ file, document }): { text, html, lines } where
 * `lines` are the headline sentences; null when there is none.
 */
export async function fileReport(sources) {
  const texts = [];
  const sections = [];
  const lines = [];
  let verdicts = false;
  for (const { file, document } of sources) {
    const { run, rows } = document;
    const view = await viewOf(run.workload);
    verdicts ||= overProcesses(rows);
    const where =
      run.place === 'native' ? `natively, ${run.date}` : `${engineLabel(run.runtime)}, ${run.date}`;
    const answer = headlines(document).map((headline) => headline.text);
    lines.push(...answer);
    const parts = resultParts(rows, run, view);
    const name = path.basename(file);
    texts.push(`${name} (${where})\n${answer.map((line) => `  ${line}`).join('\n')}\n\n${viewText(parts)}`);
    sections.push(`<section class="file" data-file="${escapeHtml(name)}"><h2>${escapeHtml(`${name}: ${where}`)}</h2>
<ul class="answer">${answer.map((line) => `<li>${escapeHtml(line)}</li>`).join('')}</ul>
${viewHtml(parts)}</section>`);
  }
  if (sections.length === 0) return null;
  const title = verdicts ? 'Verdicts over processes (the block protocol) and tables' : 'Tables per file';
  const html = `<section id="verdicts">
<h2>${title}</h2>
${sections.join('\n')}
</section>`;
  return { text: texts.join('\n\n'), html, lines };
}
