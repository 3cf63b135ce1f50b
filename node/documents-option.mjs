// --documents PATH of bench:node and bench:web: a user's own JSON documents
// as data sets (docs/documents.md#bring-your-own-data). The paths are
// checked when the options are read (a missing path is a bad option, exit
// 2); each file is read when a run starts
// (src/workloads/documents/user-document-files.mjs).

import { readdirSync } from 'node:fs';
import path from 'node:path';

import { datasetInfo, userDatasetId } from '../src/workloads/documents/dataset-catalog.mjs';
import { kindOf } from '../src/workloads/documents/user-document-files.mjs';
import {
  DOCUMENT_ENDINGS,
  DOCUMENT_FILES_TEXT,
  isDocumentFileName,
} from '../src/workloads/documents/user-documents.mjs';
import { UsageError, parseList } from './options.mjs';

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
