// The benchmark page: controls, the sweep on the shared harness, tables,
// charts, the results download and the "decode these bytes" box.
//
// 'wcb:bundled' is made by scripts/build-web.mjs: every codec's Emscripten
// glue and .wasm bytes, the wasm build's info and the results schema, all
// inlined so the page needs no fetch() and works from file://.

import {
  modules as bundledModules,
  buildInfo,
  resultsSchema,
  protoText,
  messagesProtoText,
} from 'wcb:bundled';
import { buildHeader, protocolHeader, resultsDocument, runHeader } from '../../src/harness/results.mjs';
import { createResultsValidator } from '../../src/harness/validate.mjs';
import { formatMs } from '../../src/harness/table.mjs';
import { browserFacts } from './browser-info.mjs';
import { PAGE_PEERS, PLACE, instantiateCodec, runBenchmark, yieldToBrowser } from './benchmark.mjs';
import { Charts } from './charts.mjs';
import { describeDecode, parseBytes, toHex } from './decode-box.mjs';
import { CLEANLINESS_LEGEND, TABLE_LEGEND, renderCleanliness, renderTables } from './tables.mjs';
import { TupleDataset } from '../../src/harness/dataset.mjs';
import {
  MESSAGE_CODECS,
  MESSAGE_NAMES,
  MESSAGE_STRATEGIES,
  runMessagesBenchmark,
} from './messages-benchmark.mjs';
import { FLOOR_TABLE_LEGEND, MESSAGE_TABLE_LEGEND, renderMessageTables } from './message-tables.mjs';
import '../style.css';

// Each workload has its own wasm modules (src/wasm/CMakeLists.txt): the tuple
// ones (also the decode box's), and those with the message exports too.
const modules = bundledModules.filter((module) => module.workload === 'tuples');
const messageModules = bundledModules.filter((module) => module.workload === 'messages');

const STRATEGIES = ['val', 'embind', 'typed'];
const WORKLOADS = ['tuples', 'messages'];
const MESSAGES = 'messages';

const $ = (id) => document.getElementById(id);

const state = {
  facts: undefined,
  rows: [],
  run: undefined, // the header of the current or last run
  workload: 'tuples', // the workload of state.rows (the form's selector may differ)
  controller: undefined,
  renderPending: false,
  decodeCodecs: new Map(), // codec name -> Promise of an instance, for the decode box
  decodeFile: undefined, // { name, bytes } when a file was picked
};

const validateResults = createResultsValidator(resultsSchema);
let charts;

function setState(name) {
  document.body.dataset.state = name;
}

function strategiesOf(module) {
  return module.strategies ?? STRATEGIES;
}

// ---- controls ------------------------------------------------------------

function checkbox(name, value, checked) {
  const label = document.createElement('label');
  const input = document.createElement('input');
  input.type = 'checkbox';
  input.name = name;
  input.value = value;
  input.checked = checked;
  label.append(input, ` ${value}`);
  return label;
}

function checkedValues(name) {
  return [...document.querySelectorAll(`input[name="${name}"]:checked`)].map((input) => input.value);
}

/**
 * Form defaults, overridden by the query string (used by npm run bench:web
 * and the tests): codecs, strategies, peers (names, or empty for none),
 * minMB, maxMB, perDecade, repetitions, warmup; autorun=1 starts the run;
 * preciseMemory=1 says Chromium runs with --enable-precise-memory-info.
 */
function applyQuery(params) {
  const list = (key) => params.get(key)?.split(',').filter(Boolean);
  if (WORKLOADS.includes(params.get('workload'))) $('workload').value = params.get('workload');
  const records = list('records');
  if (records)
    for (const input of document.querySelectorAll('input[name="record"]'))
      input.checked = records.includes(input.value);
  const codecs = list('codecs');
  const strategies = list('strategies');
  const peers = list('peers');
  if (peers)
    for (const input of document.querySelectorAll('input[name="peer"]'))
      input.checked = peers.includes(input.value);
  if (codecs)
    for (const input of document.querySelectorAll('input[name="codec"]'))
      input.checked = codecs.includes(input.value);
  if (strategies) {
    for (const input of document.querySelectorAll('input[name="strategy"]'))
      input.checked = strategies.includes(input.value);
  }
  const numbers = {
    minMB: 'min-mb',
    maxMB: 'max-mb',
    perDecade: 'per-decade',
    repetitions: 'repetitions',
    warmup: 'warmup',
    minRepMs: 'min-rep-ms',
  };
  for (const [key, id] of Object.entries(numbers)) if (params.has(key)) $(id).value = params.get(key);
}

// The bounds of the Node runners' options (node/cli.mjs BOUNDS, which the
// page cannot import): the dataset grows in this tab up to Max MB.
const INPUT_BOUNDS = { maxMB: 1024, perDecade: 100, repetitions: 10000, warmup: 10000, minRepMs: 60000 };

/** A form value that is not accepted: names the input and what it accepts. */
class InputError extends Error {
  constructor(id, message) {
    super(message);
    this.id = id;
  }
}

function readNumber(id, name, { integer = false, min = 0, exclusiveMin = false, max }) {
  const text = $(id).value.trim();
  const value = Number(text);
  const ok =
    text !== '' &&
    Number.isFinite(value) &&
    (!integer || Number.isInteger(value)) &&
    (exclusiveMin ? value > min : value >= min) &&
    value <= max;
  if (!ok) {
    const kind = integer ? 'a whole number' : 'a number';
    const shown = text === '' ? 'empty' : `'${text}' is not valid`;
    throw new InputError(
      id,
      `${name}: ${shown} (accepted: ${kind} ${exclusiveMin ? '>' : '>='} ${min} and <= ${max})`,
    );
  }
  return value;
}

/**
 * The run's options from the form, or an InputError for the first value
 * that is not accepted (the same rules as npm run bench:web's options).
 */
function readControls() {
  if ($('workload').value === MESSAGES) return readMessageControls();
  const options = {
    codecs: checkedValues('codec'),
    strategies: checkedValues('strategy'),
    peers: checkedValues('peer'),
    minMB: readNumber('min-mb', 'Min MB', { exclusiveMin: true, max: INPUT_BOUNDS.maxMB }),
    maxMB: readNumber('max-mb', 'Max MB', { exclusiveMin: true, max: INPUT_BOUNDS.maxMB }),
    perDecade: readNumber('per-decade', 'Steps per decade', { max: INPUT_BOUNDS.perDecade }),
    repetitions: readNumber('repetitions', 'Repetitions', {
      integer: true,
      min: 1,
      max: INPUT_BOUNDS.repetitions,
    }),
    warmup: readNumber('warmup', 'Warm-up', { integer: true, max: INPUT_BOUNDS.warmup }),
  };
  if (options.maxMB < options.minMB) {
    throw new InputError(
      'max-mb',
      `Max MB ${options.maxMB} is below Min MB ${options.minMB} (accepted: Max MB >= Min MB)`,
    );
  }
  // The first growth step at or above Min MB must not pass Max MB (the
  // dataset is only grown to Min MB here; the run selects the rest).
  const dataset = new TupleDataset();
  dataset.growToMB(options.minMB);
  if (dataset.jsonMB > options.maxMB) {
    throw new InputError(
      'max-mb',
      `no payload size of the dataset lies between ${options.minMB} and ${options.maxMB} MB ` +
        `(accepted: Max MB >= ${dataset.jsonMB.toPrecision(3)}, the next size)`,
    );
  }
  return options;
}

/** The messages workload's options: records, min ms per repetition, repetitions, warm-up. */
function readMessageControls() {
  return {
    workload: MESSAGES,
    codecs: checkedValues('codec').filter((codec) => MESSAGE_CODECS.includes(codec)),
    // typed is a strategy for arrays of tuples; the messages workload has val and embind.
    strategies: checkedValues('strategy').filter((strategy) => MESSAGE_STRATEGIES.includes(strategy)),
    peers: checkedValues('peer').filter(
      (name) => PAGE_PEERS.find((peer) => peer.name === name)?.messages !== false,
    ),
    records: checkedValues('record'),
    minRepMs: readNumber('min-rep-ms', 'Min ms per repetition', {
      exclusiveMin: true,
      max: INPUT_BOUNDS.minRepMs,
    }),
    repetitions: readNumber('repetitions', 'Repetitions', {
      integer: true,
      min: 1,
      max: INPUT_BOUNDS.repetitions,
    }),
    warmup: readNumber('warmup', 'Warm-up', { integer: true, max: INPUT_BOUNDS.warmup }),
  };
}

/** Marks the input a message is about (outlined in red), or clears every mark. */
function markInvalid(id) {
  for (const input of document.querySelectorAll('#controls input[aria-invalid]')) {
    input.removeAttribute('aria-invalid');
    input.style.outline = '';
  }
  if (!id) return;
  $(id).setAttribute('aria-invalid', 'true');
  $(id).style.outline = '2px solid #b00020';
}

// ---- results ---------------------------------------------------------------

function currentDocument() {
  return state.run ? resultsDocument(state.run, state.rows) : undefined;
}

function showValidation() {
  const document_ = currentDocument();
  const line = $('validation');
  if (!document_) return (line.textContent = '');
  const verdict = validateResults(document_);
  line.className = verdict.valid ? 'ok' : 'error';
  line.textContent = verdict.valid
    ? `Results: ${state.rows.length} rows, valid against results.schema.json.`
    : `Results do not match results.schema.json: ${verdict.text}`;
  return verdict;
}

function download() {
  const document_ = currentDocument();
  if (!document_) return;
  showValidation();
  const blob = new Blob([JSON.stringify(document_, null, 2) + '\n'], { type: 'application/json' });
  const link = document.createElement('a');
  link.href = URL.createObjectURL(blob);
  const workload = document_.run.workload === MESSAGES ? 'messages-' : '';
  link.download = `browser-${workload}${document_.run.date.replace(/:/g, '-').replace(/\.\d+Z$/, 'Z')}.json`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(link.href), 10_000);
}

// ---- rendering ---------------------------------------------------------------

function renderResults() {
  state.renderPending = false;
  if (state.workload === MESSAGES) {
    renderMessageTables($('tables'), state.rows);
    charts.renderMessages(state.rows, $('chart-operation').value);
    return;
  }
  renderTables($('tables'), state.rows);
  renderCleanliness($('cleanliness'), state.rows);
  charts.render(state.rows, $('chart-operation').value);
}

// Coalesces redraws to one per frame while rows stream in.
function scheduleRender() {
  if (state.renderPending) return;
  state.renderPending = true;
  requestAnimationFrame(() => state.renderPending && renderResults());
}

function showProgress({ done, total, label, step, record }) {
  $('progress').max = total;
  $('progress').value = done;
  const where = step
    ? `at ${step.jsonMB.toFixed(3)} MB (${step.count.toLocaleString('en-US')} items)`
    : `on record "${record}"`;
  $('status').textContent = `${done} of ${total} measured; now ${label} ${where}`;
}

// Texts and controls that depend on the workload the form shows.
const WORKLOAD_TEXTS = {
  tuples: {
    sizes: 'Sizes and repetitions',
    tables: 'Results per size',
    time: 'Median time (ms) vs JSON payload size (MB), log-log.',
    ratio: 'Speed vs JSON: JSON time / path time (above 1 = faster than JSON.stringify/JSON.parse).',
  },
  messages: {
    sizes: 'Repetitions',
    tables: 'Results per record',
    time: 'Operations per second of every path on each record (log scale); floors are in the tables.',
    ratio:
      'Speed vs JSON: path ops/s / JSON ops/s on the same record (above 1 = faster than JSON.stringify/JSON.parse).',
  },
};

function showWorkload() {
  const workload = $('workload').value;
  document.body.dataset.workload = workload;
  const texts = WORKLOAD_TEXTS[workload];
  $('sizes-legend').textContent = texts.sizes;
  $('tables-title').textContent = texts.tables;
  $('chart-time-caption').textContent = texts.time;
  $('chart-ratio-caption').textContent = texts.ratio;
  $('legend').textContent =
    workload === MESSAGES ? `${MESSAGE_TABLE_LEGEND} ${FLOOR_TABLE_LEGEND}` : TABLE_LEGEND;
  if (workload !== MESSAGES && $('chart-operation').value === 'roundTrip')
    $('chart-operation').value = 'encode';
}

// One line; the results file keeps the full flags.
function buildSummary(info) {
  if (!info) return 'no build info';
  const version = /\d+\.\d+\.\d+/.exec(info.emscripten ?? '')?.[0] ?? 'unknown';
  const modules = (info.modules ?? []).map(
    ({ codec, wasmBytes }) => `${codec} ${(wasmBytes / 1024).toFixed(0)} KB`,
  );
  return [
    `Emscripten ${version}`,
    info.compileFlags ?? info.flags,
    info.exceptions && `C++ exceptions: ${info.exceptions}`,
    modules.length > 0 && `.wasm: ${modules.join(', ')}`,
  ]
    .filter(Boolean)
    .join('; ');
}

function showEnvironment(facts) {
  const facts_ = [
    ['Browser', `${facts.runtime.name} ${facts.runtime.version}`],
    [
      'Cross-origin isolated',
      facts.crossOriginIsolated ? 'yes' : 'no (serve with npm run serve for a fine clock)',
    ],
    ['Timer resolution', `${formatMs(facts.timerResolutionMs)} ms (performance.now)`],
    [
      'GC before each timed op',
      facts.gc ? 'yes (window.gc)' : 'no (start Chromium with --js-flags=--expose-gc)',
    ],
    ['Machine', `${facts.machine.os} ${facts.machine.arch}, ${facts.machine.cpus} logical CPUs`],
    ['wasm build', buildSummary(buildInfo)],
  ];
  const list = $('environment');
  list.replaceChildren();
  for (const [term, value] of facts_) {
    const dt = document.createElement('dt');
    dt.textContent = term;
    const dd = document.createElement('dd');
    dd.textContent = value;
    dd.dataset.fact = term;
    list.append(dt, dd);
  }
  list.dataset.crossOriginIsolated = String(facts.crossOriginIsolated);
  list.dataset.timerResolutionMs = String(facts.timerResolutionMs);
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
  if (options.workload === MESSAGES) return runMessages(options, { autorun });
  const wasmPaths = options.codecs.length * options.strategies.length;
  if (wasmPaths === 0 && options.peers.length === 0) {
    refuse('pick a codec and a strategy, or a JS library.', { autorun });
    return;
  }
  if (wasmPaths === 0) {
    // Peers alone: no wasm path, whatever half of the pair was picked.
    options.codecs = [];
    options.strategies = [];
  }
  const { facts } = state;
  state.rows = [];
  state.workload = 'tuples';
  state.controller = new AbortController();
  state.run = runHeader({
    place: PLACE,
    date: new Date(),
    machine: facts.machine,
    runtime: facts.runtime,
    build: buildHeader(buildInfo),
    protocol: protocolHeader({
      warmup: options.warmup,
      repetitions: options.repetitions,
      minMB: options.minMB,
      maxMB: options.maxMB,
      stepsPerDecade: options.perDecade,
      gc: Boolean(facts.gc),
      timerResolutionMs: facts.timerResolutionMs,
      crossOriginIsolated: facts.crossOriginIsolated,
      codecs: options.codecs,
      strategies: options.strategies,
      peers: options.peers,
    }),
  });
  await measureRun(() =>
    runBenchmark({
      ...options,
      modules,
      protoText,
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

/** The messages workload: every path on every checked record. */
async function runMessages(options, { autorun }) {
  const wasmPaths = options.codecs.length * options.strategies.length;
  if (options.records.length === 0) {
    refuse('pick at least one record.', { id: undefined, autorun });
    return;
  }
  if (wasmPaths === 0 && options.peers.length === 0) {
    refuse('pick a codec and a strategy (val or embind), or a JS library.', { autorun });
    return;
  }
  if (wasmPaths === 0) {
    options.codecs = [];
    options.strategies = [];
  }
  const { facts } = state;
  state.rows = [];
  state.workload = MESSAGES;
  state.controller = new AbortController();
  const protocol = protocolHeader({
    warmup: options.warmup,
    repetitions: options.repetitions,
    gc: Boolean(facts.gc),
    timerResolutionMs: facts.timerResolutionMs,
    crossOriginIsolated: facts.crossOriginIsolated,
    codecs: options.codecs,
    strategies: options.strategies,
    peers: options.peers,
    records: options.records,
    minRepMs: options.minRepMs,
  });
  state.run = runHeader({
    place: PLACE,
    workload: MESSAGES,
    date: new Date(),
    machine: facts.machine,
    runtime: facts.runtime,
    build: buildHeader(buildInfo, MESSAGES),
    protocol,
  });
  await measureRun(() =>
    runMessagesBenchmark({
      ...options,
      modules: messageModules,
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

/**
 * Runs `measure` (resolving when the run is done) with the page's buttons,
 * status and state around it; a stopped run keeps its rows.
 */
async function measureRun(measure) {
  setState('running');
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
  setState(outcome);
}

function stop() {
  state.controller?.abort(new Error('stopped by the user'));
  $('stop').disabled = true;
}

// ---- decode these bytes --------------------------------------------------------

function decodeCodec(name) {
  if (!state.decodeCodecs.has(name)) {
    const module = modules.find((candidate) => candidate.codec === name);
    const instance = instantiateCodec(module);
    // A module that failed to load is retried next time.
    instance.catch(() => state.decodeCodecs.delete(name));
    state.decodeCodecs.set(name, instance);
  }
  return state.decodeCodecs.get(name);
}

function fillDecodeStrategies() {
  const module = modules.find((candidate) => candidate.codec === $('decode-codec').value);
  const select = $('decode-strategy');
  const previous = select.value;
  select.replaceChildren(...strategiesOf(module).map((strategy) => new Option(strategy, strategy)));
  if (strategiesOf(module).includes(previous)) select.value = previous;
}

function showDecodeOutcome(text, ok) {
  const output = $('decode-output');
  output.textContent = text;
  output.className = ok ? 'ok' : 'error';
  output.dataset.outcome = ok ? 'ok' : 'error';
}

async function decodeBytes() {
  const codecName = $('decode-codec').value;
  const strategy = $('decode-strategy').value;
  let bytes;
  try {
    bytes = state.decodeFile
      ? state.decodeFile.bytes
      : parseBytes($('decode-input').value, $('decode-format').value);
  } catch (error) {
    return showDecodeOutcome(`Input: ${error.message}`, false);
  }
  let codec;
  try {
    codec = await decodeCodec(codecName);
  } catch (error) {
    return showDecodeOutcome(`${codecName}: the module did not load: ${error?.message ?? error}`, false);
  }
  try {
    showDecodeOutcome(describeDecode(codec, strategy, bytes), true);
  } catch (error) {
    // The codec's own message, e.g. "msgpack: ...". A wasm trap means the
    // instance may be broken: the next decode gets a fresh one.
    if (error instanceof WebAssembly.RuntimeError) state.decodeCodecs.delete(codecName);
    showDecodeOutcome(`Error: ${error?.message ?? error}`, false);
  }
}

async function fillSample() {
  const codecName = $('decode-codec').value;
  try {
    const codec = await decodeCodec(codecName);
    const { bytes } = codec.encode($('decode-strategy').value, new TupleDataset().items);
    state.decodeFile = undefined;
    $('decode-file').value = '';
    $('decode-format').value = 'hex';
    $('decode-input').value = toHex(bytes);
    showDecodeOutcome(`${codecName}: the ${bytes.byteLength} bytes of the dataset's first 4 items.`, true);
  } catch (error) {
    showDecodeOutcome(`Error: ${error?.message ?? error}`, false);
  }
}

async function pickFile() {
  const file = $('decode-file').files[0];
  if (!file) return (state.decodeFile = undefined);
  state.decodeFile = { name: file.name, bytes: new Uint8Array(await file.arrayBuffer()) };
  showDecodeOutcome(`Will decode ${file.name} (${state.decodeFile.bytes.byteLength} bytes).`, true);
}

// ---- start -----------------------------------------------------------------------

async function start() {
  $('missing-bundle').remove();
  for (const { codec } of modules) {
    const choice = checkbox('codec', codec, true);
    // raw has no message codec: not offered for the messages workload.
    if (!MESSAGE_CODECS.includes(codec)) choice.classList.add('tuples-only');
    $('codec-choices').append(choice);
  }
  for (const strategy of STRATEGIES) $('strategy-choices').append(checkbox('strategy', strategy, true));
  for (const peer of PAGE_PEERS) {
    const choice = checkbox('peer', peer.name, true);
    // A library that takes no part in the messages workload is not offered there.
    if (peer.messages === false) choice.classList.add('tuples-only');
    $('peer-choices').append(choice);
  }
  for (const record of MESSAGE_NAMES) $('record-choices').append(checkbox('record', record, true));
  // typed (typed arrays of tuples) is no strategy of the messages workload.
  for (const input of document.querySelectorAll('input[name="strategy"]'))
    if (!MESSAGE_STRATEGIES.includes(input.value)) input.parentElement.classList.add('tuples-only');
  $('decode-codec').replaceChildren(...modules.map(({ codec }) => new Option(codec, codec)));
  fillDecodeStrategies();
  $('legend').textContent = TABLE_LEGEND;
  $('cleanliness-legend').textContent = CLEANLINESS_LEGEND;
  charts = new Charts($('chart-time'), $('chart-ratio'));

  const params = new URLSearchParams(location.search);
  applyQuery(params);
  showWorkload();

  state.facts = await browserFacts({ preciseMemory: params.get('preciseMemory') === '1' });
  showEnvironment(state.facts);

  $('controls').addEventListener('submit', (event) => {
    event.preventDefault();
    run();
  });
  $('stop').addEventListener('click', stop);
  $('download').addEventListener('click', download);
  $('chart-operation').addEventListener('change', renderResults);
  $('workload').addEventListener('change', showWorkload);
  $('decode-form').addEventListener('submit', (event) => {
    event.preventDefault();
    decodeBytes();
  });
  $('decode-sample').addEventListener('click', fillSample);
  $('decode-codec').addEventListener('change', fillDecodeStrategies);
  $('decode-file').addEventListener('change', pickFile);
  $('decode-input').addEventListener('input', () => {
    state.decodeFile = undefined;
    $('decode-file').value = '';
  });

  // For npm run bench:web and the tests: the results document as it stands.
  globalThis.wcbPage = { results: currentDocument, validate: () => validateResults(currentDocument()) };
  setState('idle');
  if (params.get('autorun') === '1') run({ autorun: true });
}

start().catch((error) => {
  setState('error');
  $('status').textContent = `The page failed to start: ${error?.message ?? error}`;
  console.error(error);
});
