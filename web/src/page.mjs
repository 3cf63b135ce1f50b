// The benchmark page: the run controls (written back to the address, a
// permalink), a run of the chosen workload or a results file loaded in, the
// answer in words, the tables and charts (each exported as SVG or PNG), the
// results download and the "decode these bytes" box (docs/page.md). What is
// particular to a workload (its options, run, tables, charts) is in
// src/workloads/<name>/page.mjs, found by name; the workloads and codecs are
// those of the build's catalog (src/catalog.mjs).
//
// 'wcb:bundled' is made by scripts/build-web.mjs: the wasm build's info,
// the results schema, and every wasm module, whose glue and .wasm bytes
// load() brings in as an asset when a run first needs them (assets.mjs):
// no fetch(), so the page works from file://.

import {
  modules as bundledModules,
  buildInfo,
  resultsSchema,
  protoText,
  messagesProtoText,
} from 'wcb:bundled';
import { DEFAULT_WORKLOAD, codecNames, codecsOf, strategiesOf } from '../../src/catalog.mjs';
import { engineLabel } from '../../src/engines.mjs';
import { buildHeader, protocolHeader, resultsDocument, runHeader } from '../../src/harness/results.mjs';
import { formatWithInterval } from '../../src/harness/verdict.mjs';
import { headlines, unitsOf } from '../../src/report/headline.mjs';
import { browserFacts } from './browser-info.mjs';
import { Charts } from './charts.mjs';
import { setUpDecodePanel } from './decode-panel.mjs';
import { showEnvironment } from './environment.mjs';
import {
  InputError,
  applyQuery,
  checkbox,
  checkedValues,
  markInvalid,
  readNumber,
  readQuery,
  refuseInput,
} from './form.mjs';
import { hasPhases, phaseBars } from './phase-chart.mjs';
import { FLAG_PARAMS, pageUrl } from './query.mjs';
import { readResultsText, saveBlob, saveResults, showVerdict } from './results-file.mjs';
import { renderBlockResults } from './block-results.mjs';
import { loadWorkloads } from './workloads.mjs';
import { PAGE_PEERS, PLACE, yieldToBrowser } from './runtime.mjs';
import { peersNotRun } from '../../src/harness/peers.mjs';
import { showShippedBytes } from './shipped-bytes.mjs';
import '../style.css';
import { isBlockRun } from '../../src/harness/block.mjs';

const $ = (id) => document.getElementById(id);

/** run.protocol.isolation of a run of this page (results.schema.json). */
const PAGE_ISOLATION = 'json-per-path';

// The workloads offered (web/src/workloads.mjs), set by start().
let WORKLOADS = [];
// Every strategy a box is shown for: the default strategies of every workload, in first-seen order.
let STRATEGIES = [];
// Numeric options every workload has; the others are shown for the workloads that read them.
const COMMON_INPUTS = ['repetitions', 'warmup'];

const state = {
  pages: new Map(), // workload name -> its page module (src/workloads/<name>/page.mjs)
  facts: undefined,
  jsonSecond: false, // the query's jsonSecond (query.mjs)
  rows: [],
  run: undefined, // the header of the current or last run, or of the results file shown
  workload: DEFAULT_WORKLOAD, // the workload of state.rows (the form's selector may differ)
  file: undefined, // the name of the results file shown, undefined for this page's own run
  phaseUnit: undefined, // the unit the phase chart shows, once picked (else the largest)
  controller: undefined,
  renderPending: false,
};

let validateResults;
let charts;
let decodePanel;
// What the decode box uses for each workload: its own modules and decoder
// (a page module's `decoder`), else the default workload's.
const decodeSetups = new Map();

function setState(name) {
  document.body.dataset.state = name;
}

/** The modules of the bundle that serve `workload`. */
const modulesOf = (name) => bundledModules.filter((module) => name === module.workload);

/** The page module of the workload the form shows. */
const formPage = () => state.pages.get($('workload').value);

// ---- controls ------------------------------------------------------------

/** The checked boxes named `name` that the current workload shows. */
const shownChecked = (name) =>
  checkedValues(name).filter((value) => {
    const input = document.querySelector(`input[name="${name}"][value="${CSS.escape(value)}"]`);
    return !input.closest('[hidden]');
  });

/**
 * The run's options from the form, or an InputError for the first value
 * that is not accepted (the same rules as the runners' options).
 */
function readControls() {
  const workload = $('workload').value;
  const read = { number: readNumber, checked: shownChecked };
  return {
    workload,
    codecs: shownChecked('codec'),
    strategies: shownChecked('strategy'),
    peers: shownChecked('peer'),
    ...formPage().readOptions(read, refuseInput),
    repetitions: readNumber('repetitions', 'Repetitions'),
    warmup: readNumber('warmup', 'Warm-up'),
  };
}

/** Shows the controls, texts and sections of the workload the form selects. */
function showWorkload() {
  const workload = $('workload').value;
  const page = formPage();
  document.body.dataset.workload = workload;
  for (const element of document.querySelectorAll('[data-workloads]'))
    element.hidden = !element.dataset.workloads.split(' ').includes(workload);
  for (const label of document.querySelectorAll('[data-option]')) {
    const option = label.dataset.option;
    label.hidden = !COMMON_INPUTS.includes(option) && !(page.inputs ?? []).includes(option);
  }
  $('records-fieldset').hidden = !document.querySelector(
    `[data-workloads~="${workload}"] input[name="record"]`,
  );
  $('datasets-fieldset').hidden = !document.querySelector(
    `[data-workloads~="${workload}"] input[name="dataset"]`,
  );
  $('sizes-legend').textContent = page.texts.sizes;
  $('tables-title').textContent = page.texts.tables;
  $('chart-time-caption').textContent = page.texts.time;
  $('chart-ratio-caption').textContent = page.texts.ratio;
  $('legend').textContent = page.texts.legend;
  $('cleanliness-section').hidden = !page.texts.extraLegend;
  $('cleanliness-legend').textContent = page.texts.extraLegend ?? '';
  const select = $('chart-operation');
  const previous = select.value;
  select.replaceChildren(
    ...page.operations.map((operation) => new Option(OPERATION_TITLES[operation] ?? operation, operation)),
  );
  if (page.operations.includes(previous)) select.value = previous;
  const decode = decodeSetups.get(workload);
  decodePanel.use(decode.modules, decode.strategiesOf, decode.decoder);
}

const OPERATION_TITLES = { roundTrip: 'round trip' };

// ---- results ---------------------------------------------------------------

function currentDocument() {
  return state.run ? resultsDocument(state.run, state.rows) : undefined;
}

function showValidation() {
  const document_ = currentDocument();
  return document_
    ? showVerdict($('validation'), validateResults(document_), state.rows.length)
    : showVerdict($('validation'));
}

function download() {
  const document_ = currentDocument();
  if (!document_) return;
  showValidation();
  saveResults(document_);
}

// ---- rendering ---------------------------------------------------------------

function renderResults() {
  state.renderPending = false;
  const page = state.pages.get(state.workload);
  // A block run (bench:web's context, or a loaded file) has verdict tables of its own.
  if (isBlockRun(state.run) && page.blockUnit) {
    charts.clear();
    $('cleanliness').replaceChildren();
    renderBlockResults($('tables'), state.run, state.rows, page.blockUnit);
    renderAnswer();
    return;
  }
  // The form's operations may be another workload's (the selector changed since).
  const chosen = $('chart-operation').value;
  const operation = page.operations.includes(chosen) ? chosen : page.operations[0];
  const containers = { tables: $('tables'), extra: $('cleanliness'), charts, operation };
  page.render(containers, state.rows);
  renderPhases(operation);
  renderAnswer();
  for (const figure of document.querySelectorAll('figure[data-chart]'))
    for (const button of figure.querySelectorAll('[data-export]'))
      button.disabled = !charts.has(figure.dataset.chart);
}

/** The unit of `units` with the most JSON bytes (the largest size), else the last. */
function largestUnit(units) {
  const bytes = (unit) => Math.max(0, ...unit.rows.map((row) => row.jsonBytes ?? 0));
  return units.reduce((largest, unit) => (bytes(unit) >= bytes(largest) ? unit : largest));
}

/** The phase breakdown of the C++ paths at the chosen unit; hidden when no row has phases (messages). */
function renderPhases(operation) {
  const units = unitsOf(state.rows).filter((unit) => hasPhases(unit.rows));
  $('phases-figure').hidden = units.length === 0;
  const select = $('chart-unit');
  select.replaceChildren(...units.map((unit) => new Option(unit.text, String(unit.key))));
  if (units.length === 0) return;
  const unit = units.find((candidate) => String(candidate.key) === state.phaseUnit) ?? largestUnit(units);
  select.value = String(unit.key);
  const { bars, legend } = phaseBars(unit.rows, operation);
  if (bars.length === 0) return;
  charts.drawBars('phases', {
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
  $('answer-section').hidden = false;
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

// Coalesces redraws to one per frame while rows stream in.
function scheduleRender() {
  if (state.renderPending) return;
  state.renderPending = true;
  requestAnimationFrame(() => state.renderPending && renderResults());
}

function showProgress(progress) {
  const { done, total, label } = progress;
  $('progress').max = total;
  $('progress').value = done;
  const where = state.pages.get(state.workload).progressText(progress);
  $('status').textContent = `${done} of ${total} measured; now ${label} ${where}`;
}

// ---- the run -------------------------------------------------------------------

// A run that cannot start says why in the status line (in red) and marks
// the input; started by the query string (autorun), the page's state becomes
// 'error' so a driver waiting for the run to end does not wait forever.
function refuse(message, { id, autorun }) {
  markInvalid(id);
  $('status').textContent = `Not started: ${message}`;
  $('status').className = 'error';
  if (autorun) setState('error');
}

async function run({ autorun = false } = {}) {
  let options;
  try {
    options = readControls();
  } catch (error) {
    if (!(error instanceof InputError)) throw error;
    refuse(error.message, { id: error.id, autorun });
    return;
  }
  markInvalid();
  $('status').className = '';
  const { workload } = options;
  const page = state.pages.get(workload);
  const refusal = page.refusal(options);
  if (refusal) return refuse(refusal, { autorun });
  const wasmPaths = options.codecs.length * options.strategies.length;
  if (wasmPaths === 0 && options.peers.length === 0) {
    // Names the strategies when the workload takes only some of the page's.
    const strategies = strategiesOf(workload);
    const which = strategies.length < STRATEGIES.length ? ` (${strategies.join(' or ')})` : '';
    return refuse(`pick a codec and a strategy${which}, or a JS library.`, { autorun });
  }
  if (wasmPaths === 0) {
    // Peers alone: no wasm path, whatever half of the pair was picked.
    options.codecs = [];
    options.strategies = [];
  }
  state.rows = [];
  state.workload = workload;
  state.controller = new AbortController();
  state.run = runHeaderOf(options, page);
  // Each path's rows share a batch with the JSON baseline measured beside
  // them in this page (src/workloads/<name>/page.mjs); bench:web, which
  // opens one browser context per path and size or record, records its own.
  state.run.protocol.isolation = PAGE_ISOLATION;
  const { facts } = state;
  await measureRun(() =>
    page.run({
      ...options,
      modules: modulesOf(workload),
      jsonSecond: state.jsonSecond,
      protoText,
      messagesProtoText,
      facts,
      signal: state.controller.signal,
      onRow: (row) => {
        state.rows.push(row);
        scheduleRender();
      },
      onProgress: showProgress,
    }),
  );
}

/** The header of a run of this page with `options` (the form's, or a block job's). */
function runHeaderOf(options, page) {
  const { facts } = state;
  const run = runHeader({
    place: PLACE,
    workload: options.workload,
    date: new Date(),
    machine: facts.machine,
    runtime: facts.runtime,
    build: buildHeader(buildInfo, options.workload),
    protocol: protocolHeader({
      warmup: options.warmup,
      repetitions: options.repetitions,
      ...page.protocolFields(options),
      gc: Boolean(facts.gc),
      timerResolutionMs: facts.timerResolutionMs,
      crossOriginIsolated: facts.crossOriginIsolated,
      codecs: options.codecs,
      strategies: options.strategies,
      peers: options.peers,
      // The libraries a page cannot run, and why: a reader of the file sees them missing on purpose.
      peersNotRun: peersNotRun(PLACE),
    }),
  });
  // How the GC before each timed operation was forced (browser-info.mjs): engines differ.
  if (facts.gcMethod) run.protocol.gcMethod = facts.gcMethod;
  return run;
}

/**
 * One browser context of bench:web's block protocol (docs/design.md#blocks):
 * the block `job` (its workload's, with codecs, strategies, peers, warm-up
 * and repetitions for the header) measured in this page; resolves to the
 * results document as JSON text, or rejects when the page cannot run it.
 */
async function runBlock(job) {
  const page = state.pages.get(job.workload);
  if (!page?.runBlock) throw new Error(`the page has no block protocol for the ${job.workload} workload`);
  state.rows = [];
  state.workload = job.workload;
  state.controller = new AbortController();
  state.run = runHeaderOf(job, page);
  state.run.protocol.mode = 'blocks';
  await measureRun(async () => {
    const rows = await page.runBlock({
      ...job,
      modules: modulesOf(job.workload),
      protoText,
      messagesProtoText,
      facts: state.facts,
      signal: state.controller.signal,
    });
    state.rows.push(...rows);
  });
  return JSON.stringify(currentDocument());
}

/**
 * Runs `measure` (resolving when the run is done) with the page's buttons,
 * status and state around it; a stopped run keeps its rows.
 */
async function measureRun(measure) {
  setState('running');
  state.file = undefined;
  document.body.dataset.shown = 'run';
  $('load-results').disabled = true;
  $('load-error').hidden = true;
  $('run').disabled = true;
  $('stop').disabled = false;
  $('download').disabled = true;
  $('validation').textContent = '';
  charts.clear();
  $('tables').replaceChildren();
  $('cleanliness').replaceChildren();
  $('status').textContent = 'Starting...';
  await yieldToBrowser();

  let outcome = 'done';
  try {
    await measure();
    state.run.finished = true;
    const failed = state.rows.filter((row) => row.status === 'failed').length;
    $('status').textContent = `Done: ${state.rows.length} rows${failed ? `, ${failed} failed` : ''}.`;
  } catch (error) {
    if (state.controller.signal.aborted) {
      outcome = 'stopped';
      $('status').textContent = `Stopped: kept the ${state.rows.length} rows measured so far.`;
    } else {
      outcome = 'error';
      $('status').textContent = `Run failed: ${error?.message ?? error}`;
      console.warn(error);
    }
  }
  $('progress').value = outcome === 'done' ? $('progress').max : $('progress').value;
  renderResults();
  showValidation();
  $('run').disabled = false;
  $('stop').disabled = true;
  $('download').disabled = state.rows.length === 0;
  $('load-results').disabled = false;
  setState(outcome);
}

function stop() {
  state.controller?.abort(new Error('stopped by the user'));
  $('stop').disabled = true;
}

// ---- the permalink -----------------------------------------------------------------

/** Writes the form into the address (replacing it: no history entry per click) and the permalink. */
function writePermalink() {
  const url = new URL(location.href);
  // The switches of the page as opened stay, but a link never starts a run by itself.
  const flags = Object.fromEntries(
    FLAG_PARAMS.filter((flag) => flag !== 'autorun' && url.searchParams.get(flag) === '1').map((flag) => [
      flag,
      true,
    ]),
  );
  url.search = '';
  url.hash = '';
  const href = pageUrl(url.href, { ...readQuery(), ...flags });
  history.replaceState(history.state, '', href);
  $('permalink').href = href;
  $('permalink-status').textContent = '';
}

async function copyPermalink() {
  try {
    await navigator.clipboard.writeText($('permalink').href);
    $('permalink-status').textContent = 'Copied.';
  } catch (error) {
    $('permalink-status').textContent =
      `Not copied (${error?.message ?? error}): the address bar holds the same link.`;
  }
}

// ---- a results file loaded in -----------------------------------------------------

/** Shows the results file `file` (a File) like a run of this page, or one error line naming it. */
async function loadResults(file) {
  if (document.body.dataset.state === 'running') {
    $('load-error').textContent = `${file.name}: not loaded while a run is measuring (Stop it first).`;
    $('load-error').hidden = false;
    return;
  }
  const read = readResultsText(file.name, await file.text(), validateResults, WORKLOADS);
  if (read.error) {
    $('load-error').textContent = read.error;
    $('load-error').hidden = false;
    return;
  }
  $('load-error').hidden = true;
  const { run: header, rows } = read.document;
  state.run = header;
  state.rows = rows;
  state.workload = header.workload;
  state.file = file.name;
  // The form shows the file's workload, so its operations and texts apply (and the permalink says it).
  if ($('workload').value !== header.workload) {
    $('workload').value = header.workload;
    showWorkload();
    writePermalink();
  }
  charts.clear();
  renderResults();
  showValidation();
  $('download').disabled = true;
  $('status').className = '';
  $('status').textContent = `Showing ${file.name}: ${rows.length} rows.`;
  document.body.dataset.shown = 'file';
}

/** A file dropped on the page is a results file, unless a drop zone of its own took it first. */
function listenForDroppedFiles() {
  const carriesFiles = (event) => event.dataTransfer?.types?.includes('Files');
  document.addEventListener('dragover', (event) => {
    if (carriesFiles(event) && !event.defaultPrevented) event.preventDefault();
  });
  document.addEventListener('drop', (event) => {
    const [file] = event.dataTransfer?.files ?? [];
    if (!file || event.defaultPrevented) return;
    event.preventDefault();
    loadResults(file);
  });
}

// ---- chart exports --------------------------------------------------------------------

async function exportChart(which, format) {
  const operation = $('chart-operation').value;
  const name = `wcb-${state.workload}-${which}-${operation}.${format}`;
  try {
    const blob =
      format === 'svg' ? new Blob([charts.svg(which)], { type: 'image/svg+xml' }) : await charts.png(which);
    saveBlob(blob, name);
  } catch (error) {
    $('status').textContent = `${name}: not saved (${error?.message ?? error}).`;
  }
}

// ---- start -----------------------------------------------------------------------

/** A checkbox shown for the workloads in `workloads`. */
function choice(name, value, workloads, checked = true, text = value) {
  const label = checkbox(name, value, checked, text);
  label.dataset.workloads = workloads.join(' ');
  return label;
}

/** A button that checks exactly the records of a set (src/catalog.mjs RECORD_SETS). */
function recordSetButton(set, members, workload) {
  const button = document.createElement('button');
  button.type = 'button';
  button.textContent = `only ${set}`;
  button.title = members.join(', ');
  button.dataset.workloads = workload;
  button.addEventListener('click', () => {
    for (const input of document.querySelectorAll(`[data-workloads~="${workload}"] input[name="record"]`))
      input.checked = members.includes(input.value);
  });
  return button;
}

/**
 * The data set checklist of the workloads whose unit is a named data set
 * (a page module's `datasets`, `defaultDatasets` checked), after the
 * records' fieldset: one box per data set id, shown for its workload.
 */
function addDatasetChoices() {
  const fieldset = document.createElement('fieldset');
  fieldset.id = 'datasets-fieldset';
  const legend = document.createElement('legend');
  legend.textContent = 'Data sets';
  const choices = document.createElement('div');
  choices.id = 'dataset-choices';
  choices.className = 'choices';
  fieldset.append(legend, choices);
  $('records-fieldset').after(fieldset);
  for (const workload of WORKLOADS) {
    const page = state.pages.get(workload);
    const checked = page.defaultDatasets ?? page.datasets ?? [];
    for (const dataset of page.datasets ?? [])
      choices.append(choice('dataset', dataset, [workload], checked.includes(dataset)));
    // A page module's input for data sets of the user's own (documents: a file picker and drop zone).
    const input = page.datasetInput?.({
      offer(dataset, text) {
        const box = choice('dataset', dataset, [workload], true, text);
        const earlier = choices.querySelector(`input[name="dataset"][value="${CSS.escape(dataset)}"]`);
        if (earlier) earlier.closest('label').replaceWith(box);
        else choices.append(box);
      },
    });
    if (input) {
      input.dataset.workloads = workload;
      fieldset.append(input);
    }
  }
}

/**
 * The JS libraries of the page: those of the registry that run in a browser
 * (PAGE_PEERS), and those a workload offers of its own (a page module's
 * `peers`, e.g. libraries that hold documents only), in that order; each
 * shown for the workloads that offer and accept it.
 */
function peerChoices() {
  const offered = (workload) => state.pages.get(workload).peers ?? PAGE_PEERS;
  const all = [...PAGE_PEERS];
  for (const workload of WORKLOADS)
    for (const peer of offered(workload)) if (!all.some((known) => known.name === peer.name)) all.push(peer);
  return all.map((peer) =>
    choice(
      'peer',
      peer.name,
      WORKLOADS.filter(
        (w) =>
          offered(w).some((candidate) => candidate.name === peer.name) &&
          state.pages.get(w).acceptsPeer(peer),
      ),
    ),
  );
}

async function start() {
  $('missing-bundle').remove();
  // Each workload's page module, found by name (esbuild bundles every src/workloads/*/page.mjs).
  const workloads = await loadWorkloads(buildInfo, resultsSchema);
  WORKLOADS = workloads.names;
  state.pages = workloads.pages;
  validateResults = workloads.validate;
  STRATEGIES = [...new Set(WORKLOADS.flatMap((workload) => strategiesOf(workload)))];
  $('workload').replaceChildren(
    ...WORKLOADS.map((workload) => new Option(state.pages.get(workload).texts.option, workload)),
  );
  const workloadsOf = (test) => WORKLOADS.filter(test);
  for (const codec of codecNames(buildInfo))
    $('codec-choices').append(
      choice(
        'codec',
        codec,
        workloadsOf((w) => codecsOf(buildInfo, w).includes(codec)),
      ),
    );
  for (const strategy of STRATEGIES)
    $('strategy-choices').append(
      choice(
        'strategy',
        strategy,
        workloadsOf((w) => strategiesOf(w).includes(strategy)),
      ),
    );
  $('peer-choices').append(...peerChoices());
  for (const workload of WORKLOADS) {
    const page = state.pages.get(workload);
    const checked = page.defaultRecords ?? page.records ?? [];
    for (const record of page.records ?? [])
      $('record-choices').append(choice('record', record, [workload], checked.includes(record)));
    for (const [set, members] of Object.entries(page.recordSets ?? {}))
      $('record-choices').append(recordSetButton(set, members, workload));
  }
  addDatasetChoices();
  const defaultSetup = {
    modules: modulesOf(DEFAULT_WORKLOAD),
    strategiesOf: (module) => module.strategies ?? strategiesOf(DEFAULT_WORKLOAD),
  };
  for (const workload of WORKLOADS) {
    const { decoder } = state.pages.get(workload);
    const own = { modules: modulesOf(workload), strategiesOf: () => strategiesOf(workload), decoder };
    decodeSetups.set(workload, decoder && own.modules.length > 0 ? own : defaultSetup);
  }
  decodePanel = setUpDecodePanel(defaultSetup.modules, defaultSetup.strategiesOf);
  charts = new Charts(
    { time: $('chart-time'), ratio: $('chart-ratio'), phases: $('chart-phases') },
    codecNames(buildInfo),
  );

  const params = new URLSearchParams(location.search);
  // Data sets the query string brings (bench:web's --documents), offered before it checks its boxes.
  for (const page of state.pages.values()) await page.fromQuery?.(params);
  applyQuery(params, WORKLOADS);
  showWorkload();

  state.facts = await browserFacts({ preciseMemory: params.get('preciseMemory') === '1' });
  state.jsonSecond = params.get('jsonSecond') === '1';
  showEnvironment($('environment'), state.facts, buildInfo);
  showShippedBytes($('cleanliness-section'));

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
  $('workload').addEventListener('change', showWorkload);
  for (const type of ['input', 'change']) $('controls').addEventListener(type, writePermalink);
  writePermalink();
  $('copy-permalink').addEventListener('click', copyPermalink);
  $('load-results').addEventListener('change', () => {
    const [file] = $('load-results').files;
    if (file) loadResults(file).finally(() => ($('load-results').value = ''));
  });
  listenForDroppedFiles();
  for (const button of document.querySelectorAll('[data-export]'))
    button.addEventListener('click', () =>
      exportChart(button.closest('[data-chart]').dataset.chart, button.dataset.export),
    );

  // For npm run bench:web and the tests: the results document as it stands.
  globalThis.wcbPage = {
    results: currentDocument,
    validate: () => validateResults(currentDocument()),
    runBlock,
  };
  setState('idle');
  if (params.get('autorun') === '1') run({ autorun: true });
}

start().catch((error) => {
  setState('error');
  $('status').textContent = `The page failed to start: ${error?.message ?? error}`;
  console.error(error);
});
