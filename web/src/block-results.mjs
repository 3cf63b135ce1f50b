// A block run's results in the page (docs/design.md#blocks): a bench:web
// context's one block, or a results file of the block protocol loaded into
// the page. The same model as the console tables (src/harness/block-tables.mjs),
// laid out as HTML tables.

import {
  BLOCK_LEGEND,
  VERDICT_HEADER,
  blockModel,
  medianHeader,
  medianLines,
  setsText,
  verdictLines,
} from '../../src/harness/block-tables.mjs';
import { verdictOptionsOf } from '../../src/harness/block-verdicts.mjs';

function table(header, lines) {
  const element = document.createElement('table');
  const head = element.createTHead().insertRow();
  for (const text of header) {
    const cell = document.createElement('th');
    cell.textContent = text;
    head.append(cell);
  }
  const body = element.createTBody();
  for (const line of lines) {
    const row = body.insertRow();
    for (const text of line) row.insertCell().textContent = text;
  }
  return element;
}

/** Renders every block of `run`'s `rows` into `container`; `unit` is the workload page's blockUnit. */
export function renderBlockResults(container, run, rows, unit) {
  const legend = document.createElement('p');
  legend.className = 'legend';
  legend.textContent = BLOCK_LEGEND;
  const sections = blockModel(rows, run, { unitTitle: unit.title, ...verdictOptionsOf(run.workload) }).map(
    (model) => {
      const section = document.createElement('section');
      section.className = 'block';
      section.dataset.block = model.block;
      const heading = document.createElement('h3');
      heading.textContent = `${model.title}: ${model.stop}`;
      const sets = document.createElement('p');
      sets.textContent = `fastest libraries: ${setsText(model)}`;
      section.append(
        heading,
        sets,
        table(VERDICT_HEADER, verdictLines(model)),
        table(medianHeader(model.operations, unit.valueName), medianLines(model, unit.value)),
      );
      return section;
    },
  );
  container.replaceChildren(legend, ...sections);
}
