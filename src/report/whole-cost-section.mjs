// The report's section of the whole cost (docs/startup-memory.md): the
// answer's cells over the report's files, with the start-up difference, the
// memory kept and the break-even when start-up or break-even runs are among
// them, and each start-up run's table. The start-up files themselves are
// not a workload's rows: the other sections never see them.

import path from 'node:path';
import { escapeHtml } from '../harness/format.mjs';
import { answerHtmlTable, answerRows } from './answer-rows.mjs';
import { isStartupRun, startupTable } from './whole-cost.mjs';

const HEADER = ['data shape', 'place', 'encode', 'decode', 'run'];

/** The sources without start-up runs, and the section of those with them ({ text, html }, or undefined). */
export function wholeCostSection(sources) {
  const others = sources.filter((source) => !isStartupRun(source.document));
  const startups = sources.filter((source) => isStartupRun(source.document));
  if (startups.length === 0) return { others };
  const rows = answerRows(sources.map((source) => source.document));
  const tables = startups.map(
    (source) => `${path.basename(source.file)}\n${startupTable(source.document.rows)}`,
  );
  const answer = rows.length === 0 ? '' : answerHtmlTable(HEADER, rows);
  const html = `<section id="whole-cost">
<h2>The whole cost: start-up, memory and break-even</h2>
${answer}
${tables.map((table) => `<pre>${escapeHtml(table)}</pre>`).join('\n')}
</section>`;
  const text = [...rows.map((row) => row.join(' | ')), ...tables].join('\n\n');
  return { others, section: { text, html } };
}
