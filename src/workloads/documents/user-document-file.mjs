// A user's document file read in Node (--documents): by bench:node's
// options, which check it once, and by each child, which reads it afresh
// (user-documents.mjs has the reading rules; the page reads its files itself).

import { readFileSync } from 'node:fs';
import path from 'node:path';

import { UserDocumentError, readUserDocument } from './user-documents.mjs';

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
