// --documents PATH of bench:node and bench:web: a user's own JSON documents
// as data sets (docs/documents.md#bring-your-own-data). The paths are
// checked when the options are read (a missing path is a bad option, exit
// 2); each file is read when a run starts, and one that cannot be read or
// parsed fails its own data set while the others run
// (user-documents.mjs has the reading rules). Node only.

import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';

import { UsageError, parseList } from '../../options/table.mjs';
import { datasetInfo, userDatasetId } from './dataset-catalog.mjs';
import { readUserDocumentFile } from './user-document-file.mjs';
import {
  DOCUMENT_ENDINGS,
  DOCUMENT_FILES_TEXT,
  UserDocumentError,
  isDocumentFileName,
} from './user-documents.mjs';

function kindOf(file) {
  try {
    const info = statSync(file);
    return info.isDirectory() ? 'folder' : info.isFile() ? 'file' : 'other';
  } catch {
    return undefined;
  }
}

/**
 * The user's documents of --documents (each a file, or a folder whose files
 * ending in .json, .ndjson or .jsonl are taken, by name; its sub-folders
 * are not): [{ id: 'user:<file name>', file }] in the order given. A
 * UsageError for a path that is missing, a folder without such a file, or
 * two files of the same name (their ids would be the same).
 */
export function resolveUserDocuments(paths, option = 'documents') {
  const accepted = `(accepted: ${DOCUMENT_FILES_TEXT})`;
  const entries = [];
  for (const text of paths) {
    const resolved = path.resolve(text);
    const kind = kindOf(resolved);
    if (kind === undefined) throw new UsageError(`--${option}: no file or folder '${text}' ${accepted}`);
    if (kind === 'other')
      throw new UsageError(`--${option}: '${text}' is not a file or a folder ${accepted}`);
    if (kind === 'file') {
      entries.push({ id: userDatasetId(path.basename(resolved)), file: resolved });
      continue;
    }
    const names = readdirSync(resolved)
      .filter((name) => isDocumentFileName(name) && kindOf(path.join(resolved, name)) === 'file')
      .sort();
    if (names.length === 0)
      throw new UsageError(
        `--${option}: the folder '${text}' has no file ending in ${DOCUMENT_ENDINGS.join(', ')} ${accepted}`,
      );
    for (const name of names) entries.push({ id: userDatasetId(name), file: path.join(resolved, name) });
  }
  const seen = new Map();
  for (const entry of entries) {
    const earlier = seen.get(entry.id);
    if (earlier && earlier !== entry.file)
      throw new UsageError(
        `--${option}: two files named ${datasetInfo(entry.id).fileName} (${earlier} and ${entry.file}): ` +
          'a data set is named by its file name (accepted: files with different names)',
      );
    seen.set(entry.id, entry.file);
  }
  return [...new Map(entries.map((entry) => [entry.id, entry])).values()];
}

/**
 * Each user's document of the run read once, as the run header records them
 * (results schema: protocol.documents): { id, file, fileBytes,
 * documentChecksum } or, for one that cannot be a data set, { id, file,
 * fileBytes?, error }, logged in one line: it is not measured, the other
 * data sets are. When none of the run's `datasets` is left, a UsageError
 * names every file (exit 2). `recorded`: the documents of the run being
 * resumed, whose files must not have changed (a UsageError says which did).
 */
export function readRunDocuments(documents, { datasets, log, recorded = [] }) {
  const entries = readEach(documents, recorded);
  const unreadable = entries.filter((entry) => entry.error);
  if (unreadable.length > 0 && unreadable.length === datasets.length)
    throw new UsageError(
      `--documents: no data set can be measured: ${unreadable.map((entry) => entry.error).join('; ')}`,
    );
  for (const entry of unreadable) log(`documents: ${entry.id} is not measured: ${entry.error}`);
  return entries;
}

function readEach(documents, recorded) {
  return documents.map(({ id, file }) => {
    let entry;
    try {
      const { fileBytes, documentChecksum } = readUserDocumentFile(file);
      entry = { id, file, fileBytes, documentChecksum };
    } catch (error) {
      if (!(error instanceof UserDocumentError)) throw error;
      const size = kindOf(file) === 'file' ? { fileBytes: statSync(file).size } : {};
      entry = { id, file, ...size, error: error.message };
    }
    const before = recorded.find((old) => old.id === id);
    if (before && before.documentChecksum !== entry.documentChecksum)
      throw new UsageError(
        `--resume: ${id} (${file}) is not the document the run started with ` +
          `(checksum ${before.documentChecksum ?? 'none'} then, ${entry.documentChecksum ?? 'none'} now: ${entry.error ?? 'changed'})`,
      );
    return entry;
  });
}

// --datasets, whose ids a user may mistake for the option that takes their file.
function parseDatasets(text, accepted) {
  try {
    return parseList('datasets', text, accepted);
  } catch (error) {
    const file = text
      .split(',')
      .map((value) => value.trim())
      .find((value) => value.includes('/') || value.includes(path.sep) || isDocumentFileName(value));
    if (!file) throw error;
    throw new UsageError(
      `${error.message}; a file of your own goes to --documents (e.g. --documents ${file})`,
    );
  }
}

/**
 * The data sets of a run: --datasets (the workload's), then the user's
 * documents of --documents; with --documents alone only the user's (a user
 * asking about a file wants that answer first), else the defaults.
 * `documents` is resolveUserDocuments'. `values`: the parsed command
 * line; `base`: the run's defaults (or --quick's); `info`: the workload's entry.
 */
export function datasetsOf(values, info, base, documents) {
  const named =
    values.datasets !== undefined
      ? parseDatasets(values.datasets, info.datasets)
      : documents.length > 0
        ? []
        : [...(base.datasets ?? info.datasets)];
  return [...named, ...documents.map((entry) => entry.id)];
}
