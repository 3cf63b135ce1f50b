// The documents workload in the page (web/src/page.mjs loads it by name): its
// options (which data sets), its blocks on the shared measurement
// (block.mjs, as bench:node's children use it), its tables. Each block's
// wasm paths in a fresh instance of their module.
//
// Sizes: gzipBytes comes from the browser's CompressionStream, which has no
// compression level, so browser rows carry no gzip9Bytes.
//
// A user's own documents: a file input and a drop zone beside the data set
// checklist (datasetInput) read a .json, .ndjson or .jsonl file in this page
// (user-documents.mjs: nothing leaves the machine) and offer it as the data
// set user:<file name>, measured as the built-in ones are. bench:web serves
// its --documents to each page, which fetches them (fromQuery).

import { ALL_PEERS, findDocumentPeer, peersFor } from '../../harness/peers.mjs';
import { documentUrlsOf } from '../../../web/src/query.mjs';
import { PLACE, instantiateCodec, memberModule, pageEnvironment } from '../../../web/src/runtime.mjs';
import { measureDocumentBlock } from './block.mjs';
import { documentChecksum, formatChecksum } from './checksum.mjs';
import { isUserDataset, makeDataset, prepareDataset } from './datasets.mjs';
import { datasetInfo } from './dataset-catalog.mjs';
import { createPeerDocumentPath, peerDocumentPath, takesPeer } from './measure.mjs';
import { userFileText } from './model.mjs';
import { DOCUMENT_TABLE_LEGEND } from './view.mjs';
import {
  DOCUMENT_ENDINGS,
  parseUserDocument,
  readUserDocument,
  userDatasetEntry,
  userDatasetFields,
} from './user-documents.mjs';
import { createWasmDocumentPath } from './wasm-documents.mjs';
import workload from './workload.mjs';

export { rowSchema } from './rows.mjs';

/** What the results view shows of the rows (tables, charts): web/src/results-view.mjs. */
export { view } from './view.mjs';

export const texts = {
  option: 'documents: JSON documents (the JBB data sets), time per data set',
  sizes: 'Repetitions',
  tables: 'Results per data set',
  time: 'Median time (ms) of every path on each data set (log scale).',
  ratio:
    'Speed vs JSON: JSON time / path time on the same data set (above 1 = faster than JSON.stringify/JSON.parse).',
  legend: DOCUMENT_TABLE_LEGEND,
};

/** The numeric inputs of the form this workload reads (besides repetitions and warm-up). */
export const inputs = [];

/** The data sets a run can pick from (the frame's data set checklist). */
export const datasets = [...workload.datasets];

/**
 * Checked by default: the small data sets of the quick run. The page runs
 * everything in one tab, and the large ones (geo-10m is 21 MB of JSON) take
 * seconds per call through `val`.
 */
export const defaultDatasets = [...workload.quick.datasets];

/** The JS libraries this workload offers in a browser (some hold documents only). */
export const peers = peersFor(PLACE, ALL_PEERS).filter(takesPeer);

/** The operations the charts can show. */
export const operations = ['encode', 'decode'];

/** The options of this workload from the form (see tuples/page.mjs). */
export function readOptions(read) {
  return { datasets: read.checked('dataset') };
}

/** Why a run with these options cannot start, or undefined. */
export function refusal(options) {
  if (awaited.size > 0) return awaitedText();
  return options.datasets.length === 0 ? 'pick at least one data set.' : undefined;
}

/** The run header's protocol fields of this workload (a user's documents by name, size and checksum). */
export function protocolFields(options) {
  // The user's documents this page holds (bench:web's header names one it could not read).
  const held = options.datasets.filter((dataset) => isUserDataset(dataset) && userDocuments.has(dataset));
  const documents = held.map((dataset) => {
    const { id, fileBytes, documentChecksum: checksum } = userDocuments.get(dataset);
    return { id, fileBytes, documentChecksum: checksum };
  });
  return { datasets: options.datasets, ...(documents.length > 0 && { documents }) };
}

// ---- a user's own documents ------------------------------------------------------

// The documents read in this page, by data set id: { id, fileName,
// fileBytes, documentChecksum, bytes } (the bytes are parsed again for each
// path: a fresh value, as each bench:node child reads the file itself).
const userDocuments = new Map();
// The page's call that offers a data set in the checklist (datasetInput).
let offerDataset = () => {};

/**
 * Reads a user's file (its name and bytes) and offers it as a data set,
 * checked; returns the line that says so. Throws a UserDocumentError
 * naming the file and the place when it cannot be one.
 */
function addUserDocument(fileName, bytes) {
  const { value: _, ...entry } = readUserDocument(fileName, bytes);
  userDocuments.set(entry.id, { ...entry, bytes });
  offerDataset(entry.id, `${entry.id} (${userFileText(entry)})`);
  awaited.delete(entry.id);
  showAwaited();
  return `${entry.id}: ${userFileText(entry)}; measured in this page, nothing leaves this machine.`;
}

/** Each file's line: added, or why not (the others are added all the same). */
async function addFiles(files, status) {
  const lines = [];
  let failed = false;
  for (const file of files) {
    try {
      lines.push(addUserDocument(file.name, new Uint8Array(await file.arrayBuffer())));
    } catch (error) {
      failed = true;
      lines.push(error?.message ?? String(error));
    }
  }
  status.textContent = lines.join('\n');
  status.className = failed ? 'error' : 'note';
  status.dataset.outcome = failed ? 'error' : 'ok';
}

/**
 * The form's input for a user's own documents: a file picker and a drop
 * zone, beside the data set checklist (web/src/page.mjs shows it with this
 * workload). `offer(dataset, text)` adds or replaces a checked data set box.
 */
export function datasetInput({ offer }) {
  offerDataset = offer;
  const box = document.createElement('div');
  box.id = 'documents-input';
  const accept = DOCUMENT_ENDINGS.join(',');
  const picker = document.createElement('input');
  Object.assign(picker, { type: 'file', id: 'documents-file', multiple: true, accept });
  const label = document.createElement('label');
  label.append('Your own JSON: ', picker);
  const zone = document.createElement('div');
  zone.id = 'documents-drop';
  zone.className = 'drop-zone';
  zone.textContent = `...or drop ${DOCUMENT_ENDINGS.join(', ')} files here (NDJSON: the array of its lines). Read and measured in this page: nothing leaves this machine.`;
  const status = document.createElement('p');
  status.id = 'documents-file-status';
  status.setAttribute('role', 'status');
  status.style.whiteSpace = 'pre-line';
  picker.addEventListener('change', () => addFiles([...picker.files], status));
  zone.addEventListener('dragover', (event) => {
    event.preventDefault();
    zone.classList.add('dragging');
  });
  zone.addEventListener('dragleave', () => zone.classList.remove('dragging'));
  zone.addEventListener('drop', (event) => {
    event.preventDefault();
    zone.classList.remove('dragging');
    addFiles([...(event.dataTransfer?.files ?? [])], status);
  });
  awaitedNote = document.createElement('p');
  awaitedNote.id = 'documents-awaited';
  awaitedNote.className = 'error';
  awaitedNote.hidden = true;
  box.append(awaitedNote, label, zone, status);
  return box;
}

// ---- the user's documents a link names ----------------------------------------------

// A permalink names a user's documents (datasets=user:<file name>) but cannot
// carry them: the page that opens it asks for each file, and a run waits for them.
const awaited = new Set();
let awaitedNote;

/** "this link measures your file a.json: pick it ..." while a named document is not read, else undefined. */
function awaitedText() {
  if (awaited.size === 0) return undefined;
  const files = [...awaited].map((id) => datasetInfo(id).label).join(', ');
  const it = awaited.size === 1 ? 'it' : 'them';
  return `this link measures ${files}: pick ${it} under "Your own JSON" in the form (read in this page: nothing leaves this machine).`;
}

function showAwaited() {
  const text = awaitedText();
  if (!awaitedNote) return;
  awaitedNote.hidden = text === undefined;
  awaitedNote.textContent = text ? `${text[0].toUpperCase()}${text.slice(1)}` : '';
}

/**
 * The data sets a link names that the form has no box for (web/src/page.mjs):
 * those that are a user's documents are asked for, beside the file picker;
 * returns the words that ask, or undefined when none is.
 */
export function awaitDatasets(names) {
  for (const name of names) if (isUserDataset(name) && !userDocuments.has(name)) awaited.add(name);
  showAwaited();
  return awaitedNote?.textContent || undefined;
}

/**
 * The documents the query string names (bench:web serves them: web/src/
 * query.mjs DOCUMENTS_PARAM), fetched from this page's origin and offered
 * as data sets before the query checks its boxes. Rejects naming the file
 * that could not be fetched or read.
 */
export async function fromQuery(params) {
  for (const url of documentUrlsOf(params)) {
    const fileName = decodeURIComponent(url.split('/').at(-1));
    const response = await fetch(new URL(url, location.href));
    if (!response.ok) throw new Error(`${fileName}: cannot fetch ${url}: HTTP ${response.status}`);
    addUserDocument(fileName, new Uint8Array(await response.arrayBuffer()));
  }
}

/**
 * A fresh value of a data set and what names it: { value, entry (what a
 * path's forDataset gets), datasetFields (a user's document's row fields) }.
 */
function loadDataset(dataset) {
  const user = userDocuments.get(dataset);
  if (!user) return { value: makeDataset(dataset), entry: dataset, datasetFields: {} };
  const value = parseUserDocument(user.fileName, user.bytes);
  return { value, entry: userDatasetEntry(dataset, value), datasetFields: userDatasetFields(user) };
}

/**
 * One block process (docs/design.md#blocks), of the page's run or a browser
 * context of bench:web's: the block job (one data set) measured in this
 * page, resolving to its rows. options: the job, and { modules (this
 * workload's, from the bundle), facts, signal }.
 */
export async function runBlock({ modules, facts, signal, watch = {}, ...job }) {
  // `watch`: the start-up page's (web/src/startup-page.mjs), told of each member's load and first calls.
  const env = pageEnvironment(facts, signal, watch);
  await prepareDataset(job.dataset);
  const loadSubject = async (spec) => {
    if (spec.peer !== undefined) {
      const peer = findDocumentPeer(spec.peer);
      if (!peer || !peer.places.includes(PLACE))
        throw new Error(`${spec.peer}: not a library of the documents workload in this page`);
      const path = await createPeerDocumentPath(peer);
      return { forDataset: (dataset) => peerDocumentPath(path, dataset) };
    }
    const module = memberModule(modules, spec);
    const path = createWasmDocumentPath(await instantiateCodec(module), spec.strategy);
    return { forDataset: () => path };
  };
  return measureDocumentBlock(job, { place: PLACE, env, loadDataset, loadSubject, onMember: watch.onMember });
}

/** Where the run is, for the status line. */
export function progressText({ dataset }) {
  return `on data set "${dataset}"`;
}

/** What a block holds and measures (the planner's: src/harness/plan.mjs). */
export { blockPlan, pathJob, pathReferences, references, takesPeer as acceptsPeer, units } from './block.mjs';

// The decode box's sample: a small document with every kind of JSON value.
const SAMPLE = {
  type: 'Feature',
  properties: { name: 'Île de la Cité', population: 1200, capital: true, note: null },
  geometry: { type: 'Point', coordinates: [2.3488, 48.8534] },
};

/** Decoded documents in the box: the start of their JSON text, at most this many characters. */
const SHOWN_CHARACTERS = 400;

/**
 * The decode box for this workload's modules (web/src/decode-panel.mjs):
 * bytes of one codec decoded through one strategy, the value's checksum
 * (docs/documents.md) and the start of its JSON text.
 */
export const decoder = {
  sampleText: 'a small GeoJSON Feature',
  sample: (codec, strategy) => new Uint8Array(createWasmDocumentPath(codec, strategy).encode(SAMPLE).encoded),
  describe(codec, strategy, bytes) {
    const path = createWasmDocumentPath(codec, strategy);
    const start = performance.now();
    const { value } = path.decode(bytes);
    const elapsed = performance.now() - start;
    const text = JSON.stringify(value) ?? String(value);
    const shown = text.length > SHOWN_CHARACTERS ? `${text.slice(0, SHOWN_CHARACTERS)}...` : text;
    return [
      `${codec.name}/${strategy}: decoded a document from ${bytes.byteLength} bytes in ${elapsed.toFixed(3)} ms`,
      `checksum ${formatChecksum(documentChecksum(value))}, ${text.length} characters of JSON`,
      shown,
    ].join('\n');
  },
};
