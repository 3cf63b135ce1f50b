// The JSON baseline of the messages workload (records.mjs).
//
// The JSON text of a record is JSON.stringify(toJsonValue(record)): Dates
// become ISO 8601 strings through Date.prototype.toJSON, Uint8Arrays padded
// base64 strings; the C++ json codec writes the same text byte for byte.
// Like the tuple baseline, encode returns the text (a string) and bytesOf
// gives it back: the UTF-8 byte count is the measurer's business.

import { base64Decode, base64Encode } from './base64.mjs';
import { JSON_BASELINE_LIBRARY } from '../../catalog.mjs';
import { MESSAGE_NAMES } from './records.mjs';

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
