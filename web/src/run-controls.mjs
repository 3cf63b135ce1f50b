// The page's run: the form read into a run's options (the same rules as the
// runners'), the controls and texts of the workload the form selects, the
// run's plan of blocks (src/harness/plan.mjs) measured one block after the
// other by the workload's page (or one block of bench:web's run), with the
// buttons and status around it, and Stop.

import { protoText, messagesProtoText } from 'wcb:bundled';
import { strategiesOf } from '../../src/catalog.mjs';
import { findDocumentPeer, findPeer, peerMeta } from '../../src/harness/peers.mjs';
import { planRun, runPaths } from '../../src/harness/plan.mjs';
import { InputError, markInvalid, readNumber, refuseInput, shownChecked } from './form.mjs';
import { $, blockModulesOf, formPage, modulesOf, setState, state } from './page-state.mjs';
import {
  currentDocument,
  renderResults,
  scheduleRender,
  scrollToAnswer,
  showProgress,
  showValidation,
} from './results-view.mjs';
import { writePermalink } from './permalink.mjs';
import { pageRunHeader } from './run-header.mjs';
import { PLACE, yieldToBrowser } from './runtime.mjs';

/** run.protocol.isolation of a run of this page (results.schema.json). */
const PAGE_ISOLATION = 'json-per-path';
// Numeric options every workload has; the others are shown for the workloads that read them.
const COMMON_INPUTS = ['repetitions', 'warmup'];
const OPERATION_TITLES = { roundTrip: 'round trip' };

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

/**
 * Shows the controls, texts and sections of the workload the form selects;
 * `useDecoder(workload)` points the decode box at its modules.
 */
export function showWorkload(useDecoder) {
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
  useDecoder(workload);
}

// A run that cannot start says why in the status line (in red) and marks
// the input; started by the query string (autorun), the page's state becomes
// 'error' so a driver waiting for the run to end does not wait forever.
function refuse(message, { id, autorun }) {
  markInvalid(id);
  $('status').textContent = `Not started: ${message}`;
  $('status').className = 'error';
  if (autorun) setState('error');
}

export async function run({ autorun = false } = {}) {
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
    const which = strategies.length < state.strategies.length ? ` (${strategies.join(' or ')})` : '';
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
  const modules = modulesOf(workload);
  // The page runs the sweep's plan (src/harness/plan.mjs): a block per path
  // and unit, with the path's references, one after the other in this page.
  const planned = planRun(
    { ...page, paths: () => pagePaths(options, modules) },
    { options: { ...options, mode: 'sweep' }, place: PLACE, peers: [] },
  );
  state.run = runHeaderOf(options, page);
  Object.assign(state.run.protocol, planned.header);
  // Each path's rows share a batch with the JSON baseline measured beside
  // them in this page; bench:web, which opens one browser context per
  // block, records its own.
  state.run.protocol.isolation = PAGE_ISOLATION;
  const { facts, controller } = state;
  await measureRun(async () => {
    for (const [index, block] of planned.blocks.entries()) {
      controller.signal.throwIfAborted();
      showProgress({ done: index, total: planned.blocks.length, label: block.label, ...block.job });
      const job = {
        ...block.job,
        ...options,
        batch: block.batch ?? `${block.key}#1`,
        process: 0,
        offset: 0,
        sizes: true,
      };
      let rows;
      try {
        rows = await page.runBlock({
          ...job,
          modules,
          protoText,
          messagesProtoText,
          facts,
          signal: controller.signal,
        });
      } catch (error) {
        if (controller.signal.aborted) throw error;
        rows = block.paths.map((path) => block.failedRow(path, `${error?.message ?? error}`, job));
      }
      state.rows.push(...rows);
      scheduleRender();
    }
  });
}

/**
 * The paths of the form's options, as the runners' (src/harness/plan.mjs
 * runPaths): every codec through every strategy, then every library.
 */
function pagePaths({ codecs, strategies, peers }, modules) {
  const jsonText = (codec) => modules.find((module) => module.codec === codec)?.jsonText === true;
  const libraries = peers.map((name) => findPeer(name) ?? findDocumentPeer(name) ?? { name });
  // A name no registry knows (a test's) stands for a JS library of its own.
  const meta = (peer) => (peer.places ? peerMeta(peer) : { codec: peer.name, impl: 'js', interop: 'js' });
  return runPaths({ codecs, strategies, peers: libraries, peerMeta: meta, jsonText });
}

/** The header of a run of this page with `options` (the form's, or a block job's). */
const runHeaderOf = (options, page) => pageRunHeader(options, page, state.facts);

/**
 * One browser context of bench:web's run (docs/design.md#blocks): the block
 * `job` (its workload's, with codecs, strategies, peers, warm-up and
 * repetitions for the header, and the planner's `protocol` fields) measured
 * in this page; resolves to the results document as JSON text, or rejects
 * when the page cannot run it.
 */
export async function runBlock({ protocol, ...job }) {
  const page = state.pages.get(job.workload);
  if (!page?.runBlock) throw new Error(`the page has no block protocol for the ${job.workload} workload`);
  state.rows = [];
  state.workload = job.workload;
  state.controller = new AbortController();
  state.run = runHeaderOf(job, page);
  // What the run's planner says of it (src/harness/plan.mjs header), as the run's file records it.
  Object.assign(state.run.protocol, protocol);
  await measureRun(async () => {
    const rows = await page.runBlock({
      ...job,
      modules: blockModulesOf(job.workload),
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
  writePermalink();
  document.body.dataset.shown = 'run';
  $('load-results').disabled = true;
  $('load-error').hidden = true;
  $('run').disabled = true;
  $('stop').disabled = false;
  $('download').disabled = true;
  $('validation').textContent = '';
  state.charts.clear();
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
  if (outcome === 'done' && state.rows.length > 0) scrollToAnswer();
}

export function stop() {
  state.controller?.abort(new Error('stopped by the user'));
  $('stop').disabled = true;
}
