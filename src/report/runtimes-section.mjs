// The report's view of the runtimes side by side (docs/places.md#runtimes):
// when its files are block runs from more than one server runtime (Node 20,
// 22, 24, 26, Bun, Deno), each answer unit's verdicts as one table with a
// row per runtime and its addon, so a reader sees how each verdict moves
// from one runtime to the next. The cells are the answer's (answer.mjs).

import { escapeHtml } from '../harness/format.mjs';
import { overProcesses } from '../harness/block-verdicts.mjs';
import { runtimeLabel } from '../engines.mjs';
import { answerHtmlTable, answerRows, rowsByShape } from './answer-rows.mjs';
import { isStartupRun } from './whole-cost.mjs';

const HEADER = ['place', 'encode', 'decode', 'run'];

// A runtime's block run: what the side-by-side view is made of.
const isRuntimeRun = (document) =>
  document.run.place === 'node' && !isStartupRun(document) && overProcesses(document.rows);

/**
 * The section ({ text, html }) of `sources` (report sources: { file,
 * document }), or undefined when fewer than two runtimes ran blocks.
 */
export function runtimesSection(sources) {
  const runs = sources.map((source) => source.document).filter(isRuntimeRun);
  const runtimes = new Set(runs.map((document) => runtimeLabel(document.run.runtime)));
  if (runtimes.size < 2) return undefined;
  const byShape = rowsByShape(answerRows(runs));
  const html = `<section id="runtimes">
<h2>The runtimes side by side</h2>
<p>The best C++ path against the fastest JS library in each of ${runtimes.size} runtimes (${escapeHtml([...runtimes].join(', '))}), wasm and the Node-API addon: each verdict is one over that runtime's processes.</p>
${byShape
  .map(({ shape, lines }) => `<h3>${escapeHtml(shape)}</h3>\n${answerHtmlTable(HEADER, lines)}`)
  .join('\n')}
</section>`;
  const text = [
    'The runtimes side by side',
    ...byShape.map(({ shape, lines }) => [shape, ...lines.map((line) => `  ${line.join(' | ')}`)].join('\n')),
  ].join('\n\n');
  return { text, html };
}
