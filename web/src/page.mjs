// The benchmark page (docs/page.md): it starts here, and wires its parts.
//   - run-controls.mjs: the form read into a run, a run of the chosen
//     workload (or one block of bench:web's protocol), Stop;
//   - load-results.mjs: a results file loaded in, shown like a run;
//   - results-view.mjs: the answer in words, the tables, the charts (each
//     exported as SVG or PNG), the schema verdict and the download;
//   - project-answer.mjs: the project's own answer, the first screen;
//   - permalink.mjs: the form in the address, and what a link leaves out;
//   - choices.mjs: the form's checklists; decode-panel.mjs: the "decode
//     these bytes" box.
// What is particular to a workload (its options, run, tables, charts) is in
// src/workloads/<name>/page.mjs, found by name; the workloads and codecs are
// those of the build's catalog (src/catalog.mjs).
//
// 'wcb:bundled' is made by scripts/build-web.mjs: the wasm build's info,
// the results schema, and every wasm module, whose glue and .wasm bytes
// load() brings in as an asset when a run first needs them (assets.mjs):
// no fetch(), so the page works from file://.

import { buildInfo, comparedBuilds, resultsSchema } from 'wcb:bundled';
import { DEFAULT_WORKLOAD, codecNames, strategiesOf } from '../../src/catalog.mjs';
import { browserFacts } from './browser-info.mjs';
import { Charts } from './charts.mjs';
import { addChoices } from './choices.mjs';
import { setUpDecodePanel } from './decode-panel.mjs';
import { showEnvironment } from './environment.mjs';
import { applyQuery } from './form.mjs';
import { listenForDroppedFiles, loadResults } from './load-results.mjs';
import { $, modulesOf, setState, state } from './page-state.mjs';
import { showPageFacts } from './page-facts.mjs';
import { copyPermalink, writePermalink } from './permalink.mjs';
import { showProjectAnswer, showProjectAnswerAgain } from './project-answer.mjs';
import { currentDocument, download, renderResults } from './results-view.mjs';
import { run, runBlock, showWorkload, stop } from './run-controls.mjs';
import { saveBlob } from './results-file.mjs';
import { keepScrollHints } from './scroll-hints.mjs';
import { showShippedBytes } from './shipped-bytes-section.mjs';
import { loadWorkloads } from './workloads.mjs';
import '../style.css';

let decodePanel;
// What the decode box uses for each workload: its own modules and decoder
// (a page module's `decoder`), else the default workload's.
const decodeSetups = new Map();

function useDecoder(workload) {
  const decode = decodeSetups.get(workload);
  decodePanel.use(decode.modules, decode.strategiesOf, decode.decoder);
}

const selectWorkload = () => showWorkload(useDecoder);

async function exportChart(which, format) {
  const operation = $('chart-operation').value;
  const name = `wcb-${state.workload}-${which}-${operation}.${format}`;
  try {
    const blob =
      format === 'svg'
        ? new Blob([state.charts.svg(which)], { type: 'image/svg+xml' })
        : await state.charts.png(which);
    saveBlob(blob, name);
  } catch (error) {
    $('status').textContent = `${name}: not saved (${error?.message ?? error}).`;
  }
}

function setUpDecoding() {
  const defaultSetup = {
    modules: modulesOf(DEFAULT_WORKLOAD),
    strategiesOf: (module) => module.strategies ?? strategiesOf(DEFAULT_WORKLOAD),
  };
  for (const workload of state.workloads) {
    const { decoder } = state.pages.get(workload);
    const own = { modules: modulesOf(workload), strategiesOf: () => strategiesOf(workload), decoder };
    decodeSetups.set(workload, decoder && own.modules.length > 0 ? own : defaultSetup);
  }
  decodePanel = setUpDecodePanel(defaultSetup.modules, defaultSetup.strategiesOf);
}

function listen() {
  const load = (file) => loadResults(file, { showWorkload: selectWorkload, writePermalink });
  $('controls').addEventListener('submit', (event) => {
    event.preventDefault();
    run();
  });
  $('stop').addEventListener('click', stop);
  $('download').addEventListener('click', download);
  $('chart-operation').addEventListener('change', renderResults);
  $('chart-unit').addEventListener('change', () => {
    state.phaseUnit = $('chart-unit').value;
    renderResults();
  });
  $('workload').addEventListener('change', selectWorkload);
  for (const type of ['input', 'change']) $('controls').addEventListener(type, writePermalink);
  $('copy-permalink').addEventListener('click', copyPermalink);
  $('show-project-answer').addEventListener('click', showProjectAnswerAgain);
  $('load-results').addEventListener('change', () => {
    const [file] = $('load-results').files;
    if (file) load(file).finally(() => ($('load-results').value = ''));
  });
  listenForDroppedFiles(load);
  for (const button of document.querySelectorAll('[data-export]'))
    button.addEventListener('click', () =>
      exportChart(button.closest('[data-chart]').dataset.chart, button.dataset.export),
    );
}

async function start() {
  $('missing-bundle').remove();
  // The first screen: the project's answer, drawn before anything else loads.
  showProjectAnswer(new Charts({ encode: $('chart-answer-encode'), decode: $('chart-answer-decode') }, []));
  keepScrollHints();
  // Each workload's page module, found by name (esbuild bundles every src/workloads/*/page.mjs).
  const workloads = await loadWorkloads(buildInfo, resultsSchema);
  state.workloads = workloads.names;
  state.pages = workloads.pages;
  state.validate = workloads.validate;
  state.strategies = [...new Set(state.workloads.flatMap((workload) => strategiesOf(workload)))];
  $('workload').replaceChildren(
    ...state.workloads.map((workload) => new Option(state.pages.get(workload).texts.option, workload)),
  );
  addChoices({ onOffer: writePermalink });
  setUpDecoding();
  state.charts = new Charts(
    { time: $('chart-time'), ratio: $('chart-ratio'), phases: $('chart-phases') },
    codecNames(buildInfo),
  );

  const params = new URLSearchParams(location.search);
  // Data sets the query string brings (bench:web's --documents), offered before it checks its boxes.
  for (const page of state.pages.values()) await page.fromQuery?.(params);
  applyQuery(params, state.workloads);
  // Data sets the link names that the form has no box for: a user's documents, which a link names only.
  const unnamed = (params.get('datasets') ?? '')
    .split(',')
    .filter((name) => name && !document.querySelector(`input[name="dataset"][value="${CSS.escape(name)}"]`));
  const asks = [...state.pages.values()].map((page) => page.awaitDatasets?.(unnamed)).filter(Boolean);
  selectWorkload();

  state.facts = await browserFacts({ preciseMemory: params.get('preciseMemory') === '1' });
  showEnvironment($('environment'), state.facts, buildInfo, comparedBuilds);
  showPageFacts($('environment'));
  showShippedBytes($('cleanliness-section'));
  listen();
  writePermalink();

  // For npm run bench:web and the tests: the results document as it stands.
  globalThis.wcbPage = {
    results: currentDocument,
    validate: () => state.validate(currentDocument()),
    runBlock,
  };
  if (asks.length > 0) $('status').textContent = asks.join(' ');
  setState('idle');
  if (params.get('autorun') === '1') run({ autorun: true });
}

start().catch((error) => {
  setState('error');
  $('status').textContent = `The page failed to start: ${error?.message ?? error}`;
  console.error(error);
});
