// A user's own JSON documents as data sets, read from their files when a run
// starts (docs/documents.md#bring-your-own-data): one that cannot be read or
// parsed fails its own data set while the others run (user-documents.mjs has
// the reading rules; node/documents-option.mjs checks the paths of
// --documents). Node only.

import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';

import { UserDocumentError, readUserDocument } from './user-documents.mjs';

/** 'file', 'folder', 'other', or undefined when nothing is at `file`. */
export function kindOf(file) {
  try {
    const info = statSync(file);
    return info.isDirectory() ? 'folder' : info.isFile() ? 'file' : 'other';
  } catch {
    return undefined;
  }
}

/**
 * Reads and parses a user's document file: readUserDocument's
 * { id, fileName, fileBytes, documentChecksum, value }. Throws a
 * UserDocumentError naming the file when it cannot be read or parsed.
 */
export function readUserDocumentFile(file) {
  const fileName = path.basename(file);
  let bytes;
  try {
    bytes = readFileSync(file);
  } catch (error) {
    throw new UserDocumentError(`${fileName}: cannot read ${file}: ${error.code ?? error.message}`);
  }
  return readUserDocument(fileName, bytes);
}

/**
 * Each user's document of the run read once, as the run header records them
 * (results schema: protocol.documents): { id, file, fileBytes,
 * documentChecksum } or, for one that cannot be a data set, { id, file,
 * fileBytes?, error }, logged in one line: it is not measured, the other
 * data sets are. When none of the run's `datasets` is left, a UsageError
 * names every file (exit 2; the caller's UsageError class). `recorded`: the documents of the run being
 * resumed, whose files must not have changed (a UsageError says which did).
 */
export function readRunDocuments(documents, { datasets, log, recorded = [], UsageError }) {
  const entries = readEach(documents, recorded, UsageError);
  const unreadable = entries.filter((entry) => entry.error);
  if (unreadable.length > 0 && unreadable.length === datasets.length)
    throw new UsageError(
      `--documents: no data set can be measured: ${unreadable.map((entry) => entry.error).join('; ')}`,
    );
  for (const entry of unreadable) log(`documents: ${entry.id} is not measured: ${entry.error}`);
  return entries;
}

function readEach(documents, recorded, UsageError) {
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
