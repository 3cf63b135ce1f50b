// A user's own JSON documents as data sets of the documents workload
// (docs/documents.md#bring-your-own-data): the bytes of a file, from disk
// (user-option.mjs) or from the page's file input, made into the
// value every path measures. Browser-safe.
//
// The rules, which the native runner follows too (src/workloads/documents/native/
// dataset.cpp):
//   - the bytes are UTF-8 (a byte-order mark is skipped);
//   - a .ndjson or .jsonl file is NDJSON: the document is the array of its
//     lines' values; blank lines may end the file, nowhere else; a file
//     with no value is refused; any other file is one JSON text;
//   - JSON.parse reads each text (its value, its key order); a number
//     beyond float64 (1e400: JSON.parse's Infinity) is refused, as JSON
//     text cannot carry it back.
// An error names the file and the place: the line and column of the text,
// or the value's path ($.a[3]).

import { documentChecksum, formatChecksum, pathStep } from './checksum.mjs';
import { datasetInfo, userDatasetId } from './dataset-catalog.mjs';
import { jsonSyntaxError, lineAndColumn } from './json-syntax.mjs';

/** File name endings read as NDJSON (case does not matter); any other file is one JSON text. */
export const NDJSON_ENDINGS = Object.freeze(['.ndjson', '.jsonl']);
/** The endings a folder's files are taken by. */
export const DOCUMENT_ENDINGS = Object.freeze(['.json', ...NDJSON_ENDINGS]);
/** For messages: what a user's document may be. */
export const DOCUMENT_FILES_TEXT = 'a .json file, an NDJSON file (.ndjson, .jsonl) or a folder of them';

const GEOJSON_TYPES = new Set([
  'FeatureCollection',
  'Feature',
  'Point',
  'MultiPoint',
  'LineString',
  'MultiLineString',
  'Polygon',
  'MultiPolygon',
  'GeometryCollection',
]);

/** A user's document that cannot be read; the message names the file and the place. */
export class UserDocumentError extends Error {}

const endsWithAny = (name, endings) => endings.some((ending) => name.toLowerCase().endsWith(ending));

/** 'ndjson' for a name with an NDJSON ending, else 'json'. */
export const documentFormatOf = (fileName) => (endsWithAny(fileName, NDJSON_ENDINGS) ? 'ndjson' : 'json');

/** Whether a folder's file called `fileName` is taken as a document. */
export const isDocumentFileName = (fileName) => endsWithAny(fileName, DOCUMENT_ENDINGS);

// The offset of the first byte that is not UTF-8 (only asked after a
// decoder refused the bytes): a lead byte, then its continuation bytes,
// shortest forms and no surrogates.
function firstBadUtf8Byte(bytes) {
  for (let i = 0; i < bytes.length;) {
    const lead = bytes[i];
    const count = lead < 0x80 ? 0 : lead >= 0xc2 && lead <= 0xdf ? 1 : lead >= 0xe0 && lead <= 0xef ? 2 : 3;
    if (lead >= 0xf5 || (lead >= 0x80 && lead < 0xc2)) return i;
    let point = count === 0 ? lead : lead & (0x3f >> count);
    for (let k = 1; k <= count; k++) {
      const next = bytes[i + k];
      if (next === undefined || (next & 0xc0) !== 0x80) return i;
      point = (point << 6) | (next & 0x3f);
    }
    const shortest = [0, 0x80, 0x800, 0x10000][count];
    if (point < shortest || point > 0x10ffff || (point >= 0xd800 && point <= 0xdfff)) return i;
    i += count + 1;
  }
  return -1;
}

function decodeText(fileName, bytes) {
  try {
    // Skips a byte-order mark (ignoreBOM is false).
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    const at = firstBadUtf8Byte(bytes);
    throw new UserDocumentError(`${fileName}: not UTF-8 text (the byte at offset ${at} is not UTF-8)`);
  }
}

// JSON.parse, with the place of a refusal as line and column (`lineNumber`:
// an NDJSON line's number, whose text is `text`).
function parseText(fileName, text, lineNumber) {
  try {
    return JSON.parse(text);
  } catch (error) {
    const located = jsonSyntaxError(text);
    let where = '';
    if (located) {
      const { line, column } = lineAndColumn(text, located.offset);
      where =
        lineNumber === undefined ? `line ${line}, column ${column}` : `line ${lineNumber}, column ${column}`;
    } else if (lineNumber !== undefined) where = `line ${lineNumber}`;
    const problem = located ? located.problem : error.message;
    throw new UserDocumentError(`${fileName}: not JSON: ${where ? `${where}: ` : ''}${problem}`);
  }
}

const isBlank = (line) => /^[ \t\r]*$/.test(line);

function parseNdjson(fileName, text) {
  const lines = text.split('\n');
  let last = lines.length - 1;
  while (last >= 0 && isBlank(lines[last])) last--;
  if (last < 0) throw new UserDocumentError(`${fileName}: no value (NDJSON: one JSON value per line)`);
  const values = new Array(last + 1);
  for (let i = 0; i <= last; i++) {
    if (isBlank(lines[i]))
      throw new UserDocumentError(
        `${fileName}: line ${i + 1} is blank (NDJSON: one JSON value per line; blank lines only at the end)`,
      );
    values[i] = parseText(fileName, lines[i], i + 1);
  }
  return values;
}

// A number JSON.parse read as ±Infinity (JSON has no NaN) cannot be written
// back as JSON text: refused with its path. An explicit stack: JSON.parse
// builds nesting deeper than a recursive walk could follow.
function refuseNonFinite(fileName, value) {
  const stack = [[value, () => '$']];
  while (stack.length > 0) {
    const [current, where] = stack.pop();
    if (typeof current === 'number' && !Number.isFinite(current))
      throw new UserDocumentError(
        `${fileName}: ${where()}: a number beyond float64 (JSON.parse reads it as ${current}; JSON text cannot carry it back)`,
      );
    if (current === null || typeof current !== 'object') continue;
    if (Array.isArray(current)) {
      for (let i = current.length - 1; i >= 0; i--) stack.push([current[i], () => `${where()}[${i}]`]);
    } else {
      for (const key of Object.keys(current).reverse())
        stack.push([current[key], () => `${where()}${pathStep(key)}`]);
    }
  }
}

/**
 * The value of a user's file `fileName` holding `bytes` (a Uint8Array or an
 * ArrayBuffer), by the rules above: a fresh value on every call. Throws a
 * UserDocumentError naming the file and the place.
 */
export function parseUserDocument(fileName, bytes) {
  const text = decodeText(fileName, bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes));
  const value =
    documentFormatOf(fileName) === 'ndjson' ? parseNdjson(fileName, text) : parseText(fileName, text);
  refuseNonFinite(fileName, value);
  return value;
}

/**
 * A user's document read once to be known: { id, fileName, fileBytes,
 * documentChecksum ("0x..."), value }. Throws a UserDocumentError naming the
 * file (and the place) when it cannot be a data set.
 */
export function readUserDocument(fileName, bytes) {
  const value = parseUserDocument(fileName, bytes);
  let checksum;
  try {
    checksum = formatChecksum(documentChecksum(value));
  } catch (error) {
    // A lone surrogate (a \ud800 escape JSON.parse takes), or nesting too
    // deep for the walk: no format of UTF-8 text can hold the document.
    const why =
      error instanceof RangeError ? 'nesting too deep to walk' : error.message.replace(/^checksum: /, '');
    throw new UserDocumentError(`${fileName}: ${why}`);
  }
  return {
    id: userDatasetId(fileName),
    fileName,
    fileBytes: bytes.byteLength,
    documentChecksum: checksum,
    value,
  };
}

/** The row fields that name a user's document beside its id (none for a built-in set). */
export function userDatasetFields(entry) {
  if (!entry) return {};
  const { fileBytes, documentChecksum: checksum } = entry;
  return {
    ...(fileBytes !== undefined && { fileBytes }),
    ...(checksum !== undefined && { documentChecksum: checksum }),
  };
}

/** The row fields of data set `dataset` among a run's user documents (none for a built-in set). */
export const datasetFieldsIn = (documents, dataset) =>
  userDatasetFields((documents ?? []).find((entry) => entry.id === dataset));

/** Whether a value is GeoJSON by its top-level type (what geobuf holds). */
export function isGeoJson(value) {
  return value !== null && typeof value === 'object' && GEOJSON_TYPES.has(value.type);
}

/** The catalog entry of a user's document with `value`: datasetInfo's, GeoJSON or not by the value. */
export function userDatasetEntry(id, value) {
  return { ...datasetInfo(id), geojson: isGeoJson(value) };
}
