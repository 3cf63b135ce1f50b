// The reference every ratio is measured against: the engine's own
// JSON.stringify / JSON.parse on the same payload the wasm codecs get.

import { base64Decode, base64Encode } from './base64.mjs';
import { MESSAGE_NAMES } from '../workloads/messages/records.mjs';
import { JSON_BASELINE_LIBRARY, JSON_UTF8_VARIANT, isJsonBaseline, isJsonUtf8Baseline } from '../catalog.mjs';

export { JSON_BASELINE_LIBRARY, isJsonBaseline, isJsonUtf8Baseline };

/** A measurable path (see paths.mjs) for the JSON baseline. */
export function createJsonBaselinePath() {
  return {
    codec: 'json',
    impl: 'js',
    interop: 'js',
    library: JSON_BASELINE_LIBRARY,
    encode(items) {
      return { encoded: JSON.stringify({ items }) };
    },
    decode(text) {
      return { items: JSON.parse(text).items };
    },
    bytesOf(text) {
      return text;
    },
  };
}

/**
 * The JSON baseline on bytes, as every other path works: UTF-8 out of
 * JSON.stringify, JSON.parse of the decoded text. What a user pays to send
 * JSON over a wire or store it; the string baseline above never pays it.
 */
export function createJsonUtf8BaselinePath() {
  // One of each for every call, as a user would keep them.
  const encoder = new TextEncoder();
  const decoder = new TextDecoder();
  return {
    codec: 'json',
    impl: 'js',
    interop: 'js',
    variant: JSON_UTF8_VARIANT,
    library: JSON_BASELINE_LIBRARY,
    encode(items) {
      return { encoded: encoder.encode(JSON.stringify({ items })) };
    },
    decode(bytes) {
      return { items: JSON.parse(decoder.decode(bytes)).items };
    },
    bytesOf(bytes) {
      return bytes;
    },
  };
}

// ---------------------------------------------------------------------------
// The messages workload (src/workloads/messages/records.mjs).
//
// The JSON text of a record is JSON.stringify(toJsonValue(record)): Dates
// become ISO 8601 strings through Date.prototype.toJSON, Uint8Arrays padded
// base64 strings; the C++ json codec writes the same text byte for byte.
// Like the tuple baseline, encode returns the text (a string) and bytesOf
// gives it back: the UTF-8 byte count is the measurer's business.

/** The record's fields that hold binary data (Uint8Array <-> base64 in JSON), by record name. */
const BINARY_FIELDS = Object.freeze({ binary: 'data' });
/** The record's fields that hold a timestamp (Date <-> ISO 8601 in JSON), by record name. */
const TIMESTAMP_FIELDS = Object.freeze({ record: 'createdAt' });

/**
 * The JSON value of a messages record: a shallow copy with its binary field
 * replaced by its base64 text (key order kept); records without one are
 * returned as they are (JSON.stringify writes their Dates itself).
 */
export function toJsonValue(name, record) {
  const field = BINARY_FIELDS[name];
  if (!field) return record;
  return { ...record, [field]: base64Encode(record[field]) };
}

/**
 * The JSON baseline as a messages path: forRecord(name) -> { encode(record)
 * -> text, decode(text) -> record, bytesOf(text) -> text }. Both directions
 * are what a user writes: stringify with base64 for binary, parse then
 * revive the record's timestamp (new Date) and binary (base64 decode); that
 * work is timed.
 */
export function createJsonMessagePath() {
  return {
    codec: 'json',
    impl: 'js',
    interop: 'js',
    library: JSON_BASELINE_LIBRARY,
    forRecord(name) {
      if (!MESSAGE_NAMES.includes(name))
        throw new Error(`json: unknown message record "${name}" (known: ${MESSAGE_NAMES.join(', ')})`);
      const binaryField = BINARY_FIELDS[name];
      const timestampField = TIMESTAMP_FIELDS[name];
      const revive = (value) => {
        if (binaryField) value[binaryField] = base64Decode(value[binaryField]);
        if (timestampField) value[timestampField] = new Date(value[timestampField]);
        return value;
      };
      return {
        encode(record) {
          return JSON.stringify(binaryField ? toJsonValue(name, record) : record);
        },
        decode(text) {
          return revive(JSON.parse(text));
        },
        bytesOf(text) {
          return text;
        },
      };
    },
  };
}

// ---------------------------------------------------------------------------
// The documents workload (src/workloads/documents/datasets.mjs): the whole
// value through JSON.stringify / JSON.parse, nothing around it. Each path
// has encode/decode/bytesOf itself and, as the peers' documents paths do,
// forDataset(dataset) giving the same three (JSON holds every data set, and
// keeps key order).

function documentPath(meta, { encode, decode }) {
  const calls = { encode, decode, bytesOf: (encoded) => encoded, keyOrder: true };
  return { ...meta, ...calls, forDataset: () => calls };
}

/** The JSON baseline for documents: encode(value) -> text, decode(text) -> value; bytesOf gives the text. */
export function createJsonDocumentPath() {
  return documentPath(
    { codec: 'json', impl: 'js', interop: 'js', library: JSON_BASELINE_LIBRARY },
    { encode: (value) => JSON.stringify(value), decode: (text) => JSON.parse(text) },
  );
}

/** The UTF-8 JSON baseline for documents: the text through TextEncoder / TextDecoder. */
export function createJsonUtf8DocumentPath() {
  const encoder = new TextEncoder();
  const decoder = new TextDecoder();
  return documentPath(
    { codec: 'json', impl: 'js', interop: 'js', variant: JSON_UTF8_VARIANT, library: JSON_BASELINE_LIBRARY },
    {
      encode: (value) => encoder.encode(JSON.stringify(value)),
      decode: (bytes) => JSON.parse(decoder.decode(bytes)),
    },
  );
}
