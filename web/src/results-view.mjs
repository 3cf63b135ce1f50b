// What the page shows of the rows in hand (its run's or a results file's):
// the answer in words, the tables, the charts and the phase breakdown, the
// schema verdict and the download, for any workload and any results file,
// decided by the rows: blocks of several processes (a default bench:node
// file) show their verdicts over processes and draw their charts from the
// medians over processes (src/report/block-rows.mjs); other rows show the
// workload's tables (its view.mjs, laid out by src/report/table-view.mjs).
// A workload without a view draws with its page's own render().

import { engineLabel } from '../../src/engines.mjs';
import { overProcesses } from '../../src/harness/block-verdicts.mjs';
import { resultsDocument } from '../../src/harness/results.mjs';
import { formatWithInterval } from '../../src/harness/verdict.mjs';
import { blockChartRows } from '../../src/report/block-rows.mjs';
import { headlines, unitsOf } from '../../src/report/headline.mjs';
import { tableParts } from '../../src/report/results-tables.mjs';
import { showView } from '../../src/report/table-view.mjs';
import { $, state } from './page-state.mjs';
import { hasPhases, phaseBars } from './phase-chart.mjs';
import { saveResults, showVerdict } from './results-file.mjs';
import { drawUnitCharts } from './unit-charts.mjs';

/** The results document of what is shown, or undefined before any run or file. */
export function currentDocument() {
  return state.run ? resultsDocument(state.run, state.rows) : undefined;
}

export function showValidation() {
  const document_ = currentDocument();
  return document_
    ? showVerdict($('validation'), state.validate(document_), state.rows.length)
    : showVerdict($('validation'));
}

export function download() {
  const document_ = currentDocument();
  if (!document_) return;
  showValidation();
  saveResults(document_);
}

/** The operation the charts show: the form's, unless it is another workload's (the selector changed since). */
function chartOperation(page) {
  const chosen = $('chart-operation').value;
  return page.operations.includes(chosen) ? chosen : page.operations[0];
}

export function renderResults() {
  state.renderPending = false;
  const page = state.pages.get(state.workload);
  const operation = chartOperation(page);
  const { charts } = state;
  const over = overProcesses(state.rows);
  const rows = over ? blockChartRows(state.rows, page.operations) : state.rows;
  if (page.view) {
    showView($('tables'), tableParts(state.rows, state.run, page.view));
    showView($('cleanliness'), page.view.own?.(state.rows) ?? []);
    charts.clear();
    drawUnitCharts(charts, rows, operation, { view: page.view, overProcesses: over });
  } else page.render({ tables: $('tables'), extra: $('cleanliness'), charts, operation }, rows);
  renderPhases(rows, operation);
  renderAnswer();
  for (const figure of document.querySelectorAll('figure[data-chart]')) {
    const drawn = charts.has(figure.dataset.chart);
    for (const button of figure.querySelectorAll('[data-export]')) button.disabled = !drawn;
  }
  $('charts-note').hidden = charts.has('time') || state.rows.length === 0;
  $('charts-note').textContent = 'No chart: no path measured ok in these results.';
}

/** The unit of `units` with the most JSON bytes (the largest size), else the last. */
function largestUnit(units) {
  const bytes = (unit) => Math.max(0, ...unit.rows.map((row) => row.jsonBytes ?? 0));
  return units.reduce((largest, unit) => (bytes(unit) >= bytes(largest) ? unit : largest));
}

/** The phase breakdown of the C++ paths at the chosen unit; hidden when no row has phases (messages). */
function renderPhases(rows, operation) {
  const units = unitsOf(rows).filter((unit) => hasPhases(unit.rows));
  $('phases-figure').hidden = units.length === 0;
  const select = $('chart-unit');
  select.replaceChildren(...units.map((unit) => new Option(unit.text, String(unit.key))));
  if (units.length === 0) return;
  const unit = units.find((candidate) => String(candidate.key) === state.phaseUnit) ?? largestUnit(units);
  select.value = String(unit.key);
  const { bars, legend } = phaseBars(unit.rows, operation);
  if (bars.length === 0) return;
  state.charts.drawBars('phases', {
    title: `${operation}: where the time goes ${unit.text}`,
    xLabel: 'median ms',
    bars,
    legend,
  });
}

/** Where the results shown come from: this page's run, or a file and the run it holds. */
function sourceText() {
  if (!state.file) return `This page's run, started ${state.run.date}.`;
  const { place, workload, date, runtime, machine } = state.run;
  const where =
    place === 'native' ? `natively (${runtime.name} ${runtime.version})` : `in ${engineLabel(runtime)}`;
  const cpu = machine.cpuModel ? `, ${machine.cpuModel}` : '';
  return `${state.file}: a ${workload} run ${where}, started ${date}, on ${machine.os} ${machine.arch} (${machine.cpus} CPUs${cpu}).`;
}

/** The answer: one sentence per unit and operation (src/report/headline.mjs), its intervals on hover. */
function renderAnswer() {
  if (!state.run) return;
  const lines = headlines({ run: state.run, rows: state.rows }, { here: !state.file });
  // In the place of the project's answer (project-answer.mjs), which its button shows again.
  $('project-answer').hidden = true;
  $('run-answer').hidden = false;
  $('shown-source').textContent = sourceText();
  $('headlines').replaceChildren(
    ...lines.map((line) => {
      const item = document.createElement('li');
      item.dataset.unit = String(line.key);
      item.dataset.winners = line.sentences
        .map(({ operation, winner }) => `${operation}:${winner}`)
        .join(' ');
      item.textContent = line.text;
      item.title = line.sentences
        .flatMap(({ operation, clauses }) =>
          clauses.map(
            ({ opponent, comparison }) => `${operation} vs ${opponent}: ${formatWithInterval(comparison)}`,
          ),
        )
        .join('\n');
      return item;
    }),
  );
}

/** Brings the answer of a finished run or a loaded file into view (it stands where the project's did). */
export function scrollToAnswer() {
  $('answer-section').scrollIntoView({ block: 'start' });
}

/** Coalesces redraws to one per frame while rows stream in. */
export function scheduleRender() {
  if (state.renderPending) return;
  state.renderPending = true;
  requestAnimationFrame(() => state.renderPending && renderResults());
}

export function showProgress(progress) {
  const { done, total, label } = progress;
  $('progress').max = total;
  $('progress').value = done;
  const where = state.pages.get(state.workload).progressText(progress);
  $('status').textContent = `${done} of ${total} measured; now ${label} ${where}`;
}
