// The documents workload in the page (web/src/page.mjs loads it by name): its
// options (which data sets), its run on the shared measurement
// (measure.mjs measureDocument, as bench:node's children use it), its
// tables. The run: each (codec, strategy) in a fresh instance of its wasm
// module, then each pure-JS library of the workload that runs in a browser,
// data set by data set, with the JSON baseline re-measured beside it on each
// (its own batch, order alternated by data set), so every ratio is one of
// the same page state. Rows are handed out as they are measured, so a
// stopped run keeps what it has.
//
// Sizes: gzipBytes comes from the browser's CompressionStream, which has no
// compression level, so browser rows carry no gzip9Bytes.
//
// A user's own documents: a file input and a drop zone beside the data set
// checklist (datasetInput) read a .json, .ndjson or .jsonl file in this page
// (user-documents.mjs: nothing leaves the machine) and offer it as the data
// set user:<file name>, measured as the built-in ones are. bench:web serves
// its --documents to each page, which fetches them (fromQuery).

import { createJsonDocumentPaths } from '../../harness/json-baseline.mjs';
import {
  createPeerDocumentPath,
  documentPeersFor,
  findDocumentPeer,
  peerMeta,
} from '../../harness/peers.mjs';
import { documentUrlsOf } from '../../../web/src/query.mjs';
import { PLACE, instantiateCodec, yieldToBrowser } from '../../../web/src/runtime.mjs';
import { BLOCK_UNIT, measureDocumentBlock } from './block.mjs';
import { documentChecksum, formatChecksum } from './checksum.mjs';
import { datasetInfo, isUserDataset, makeDataset, prepareDataset } from './datasets.mjs';
import { measureDocument, peerDocumentPath } from './measure.mjs';
import { userFileText } from './model.mjs';
import { DOCUMENT_TABLE_LEGEND } from './view.mjs';

/** What the results view shows of the rows (tables, charts): web/src/results-view.mjs. */
export { view } from './view.mjs';
import { failedDocumentRow, notApplicableRow } from './rows.mjs';
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
export const peers = documentPeersFor(PLACE);

/** The operations the charts can show. */
export const operations = ['encode', 'decode'];

/** A library that takes no part in the documents workload is not offered. */
export const acceptsPeer = (peer) => peer.documents === true;

/** The options of this workload from the form (see tuples/page.mjs). */
export function readOptions(read) {
  return { datasets: read.checked('dataset') };
}

/** Why a run with these options cannot start, or undefined. */
export function refusal(options) {
  return options.datasets.length === 0 ? 'pick at least one data set.' : undefined;
}

/** The run header's protocol fields of this workload (a user's documents by name, size and checksum). */
export function protocolFields(options) {
  const documents = options.datasets.filter(isUserDataset).map((dataset) => {
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

/** What names a data set for a reader: the catalog's label, or "your file, 15.2 KB, document checksum 0x...". */
export function datasetLabel(dataset) {
  const user = userDocuments.get(dataset);
  return user ? `${user.fileName}: ${userFileText(user)}` : datasetInfo(dataset).label;
}

/**
 * Reads a user's file (its name and bytes) and offers it as a data set,
 * checked; returns the line that says so. Throws a UserDocumentError
 * naming the file and the place when it cannot be one.
 */
function addUserDocument(fileName, bytes) {
  const { value: _, ...entry } = readUserDocument(fileName, bytes);
  userDocuments.set(entry.id, { ...entry, bytes });
  offerDataset(entry.id, `${entry.id} (${userFileText(entry)})`);
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
  box.append(label, zone, status);
  return box;
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

/** A data set's row fields alone (failed and n/a rows). */
const datasetFieldsOf = (dataset) => userDatasetFields(userDocuments.get(dataset));

/** How the page's block tables name a block and show a median (src/harness/block-tables.mjs blockParts). */
export const blockUnit = BLOCK_UNIT;

/**
 * One browser context of bench:web's block protocol (docs/design.md#blocks):
 * the block job (one data set) measured in this page, resolving to its rows.
 * options: the job, and { modules, facts, signal } as for run().
 */
export async function runBlock({ modules, facts, signal, ...job }) {
  const env = { gc: facts.gc, jsHeapUsed: facts.jsHeapUsed, pause: yieldToBrowser, signal };
  await prepareDataset(job.dataset);
  const loadSubject = async (spec) => {
    if (spec.peer !== undefined) {
      const peer = findDocumentPeer(spec.peer);
      if (!peer || !peer.places.includes(PLACE))
        throw new Error(`${spec.peer}: not a library of the documents workload in this page`);
      const path = await createPeerDocumentPath(peer);
      return { forDataset: (dataset) => peerDocumentPath(path, dataset) };
    }
    const module = modules.find((candidate) => candidate.codec === spec.codec);
    if (!module) throw new Error(`${spec.codec}: not in this page's wasm build`);
    const path = createWasmDocumentPath(await instantiateCodec(module), spec.strategy);
    return { forDataset: () => path };
  };
  return measureDocumentBlock(job, { place: PLACE, env, loadDataset, loadSubject });
}

/** Where the run is, for the status line. */
export function progressText({ dataset }) {
  return `on data set "${dataset}"`;
}

/**
 * Runs the documents workload. options: { modules (this workload's, from
 * the bundle), codecs, strategies, peers (names), datasets, repetitions,
 * warmup, jsonSecond, facts, signal, onRow(row), onProgress({ done, total,
 * label, dataset }) }. Resolves when done; rejects with the signal's reason
 * when stopped.
 */
export async function run(options) {
  const { modules, codecs, strategies, datasets: chosen, facts, signal, onRow, onProgress } = options;
  const peerNames = options.peers ?? [];
  const env = {
    gc: facts.gc,
    jsHeapUsed: facts.jsHeapUsed,
    pause: yieldToBrowser,
    signal,
  };
  const timing = {
    place: PLACE,
    warmup: options.warmup,
    repetitions: options.repetitions,
    env,
  };
  const jsonTextOf = (codec) => modules.find((module) => module.codec === codec)?.jsonText === true;
  // Rows per data set: the path's and its references' (two with the UTF-8 baseline).
  const wasmRows = codecs.reduce((sum, codec) => sum + (jsonTextOf(codec) ? 3 : 2), 0) * strategies.length;
  const total = chosen.length * (wasmRows + 2 * peerNames.length);
  let done = 0;
  const emit = (row) => {
    done += 1;
    onRow(row);
  };
  // What the data sets are made from, loaded before the first path is measured (assets of the page).
  for (const dataset of chosen) {
    onProgress({ done, total, label: 'loading', dataset });
    await prepareDataset(dataset);
  }

  // The path (forDataset(entry: an id, or a user's document's entry) -> a measurable path, or throws: n/a) and the
  // JSON baseline(s) on every data set, in one batch (the path's label):
  // JSON first on the 1st, 3rd... data set, the path first on the others.
  // jsonSecond: bench:web's context of an even data set, so the order alternates across contexts too.
  const batchOf = async (label, stub, forDataset, jsonText = false) => {
    const references = createJsonDocumentPaths({ jsonText });
    for (const [index, dataset] of chosen.entries()) {
      onProgress({ done, total, label, dataset });
      // A fresh value per path and data set, as each bench:node child makes its own.
      const { value, entry, datasetFields } = loadDataset(dataset);
      const context = { ...timing, batch: label, dataset, datasetFields, value };
      let path;
      let notApplicable;
      try {
        path = forDataset(entry);
      } catch (error) {
        notApplicable = error;
      }
      const measured = references.map((reference) => peerDocumentPath(reference, entry));
      const pathFirst = (index + (options.jsonSecond ? 1 : 0)) % 2 === 1;
      if (path) measured.splice(pathFirst ? 0 : measured.length, 0, path);
      for (const subject of measured) emit(await measureDocument(subject, context));
      if (notApplicable)
        emit(notApplicableRow(stub, { place: PLACE, batch: label, dataset, datasetFields }, notApplicable));
      await yieldToBrowser();
    }
  };

  // A path that cannot be made fails on every data set; the run goes on.
  const failEverywhere = (stub, label, error, perDataset = 2) => {
    for (const dataset of chosen) {
      done += perDataset - 1;
      emit(
        failedDocumentRow(
          stub,
          { place: PLACE, batch: label, dataset, datasetFields: datasetFieldsOf(dataset) },
          error,
        ),
      );
    }
    onProgress({ done, total, label, dataset: chosen.at(-1) });
  };

  for (const codecName of codecs) {
    const module = modules.find((candidate) => candidate.codec === codecName);
    for (const strategy of strategies) {
      signal?.throwIfAborted();
      const label = `${codecName}/${strategy}`;
      const stub = { codec: codecName, impl: 'cpp', interop: strategy };
      let path;
      try {
        if (!module) throw new Error(`${codecName}: not in this page's wasm build`);
        path = createWasmDocumentPath(await instantiateCodec(module), strategy);
      } catch (error) {
        failEverywhere(stub, label, `load: ${error?.message ?? error}`, jsonTextOf(codecName) ? 3 : 2);
        continue;
      }
      await batchOf(label, stub, () => path, module.jsonText === true);
    }
  }
  for (const name of peerNames) {
    signal?.throwIfAborted();
    const peer = findDocumentPeer(name);
    let path;
    try {
      if (!peer || !peer.places.includes(PLACE))
        throw new Error(`${name}: not a library of the documents workload in this page`);
      path = await createPeerDocumentPath(peer);
    } catch (error) {
      const stub = peer ? peerMeta(peer) : { codec: name, impl: 'js', interop: 'js' };
      failEverywhere(stub, name, `load: ${error?.message ?? error}`);
      continue;
    }
    await batchOf(name, peerMeta(peer), (dataset) => peerDocumentPath(path, dataset));
  }
}

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
