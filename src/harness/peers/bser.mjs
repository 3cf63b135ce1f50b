// bser: Watchman's binary serialization (Node only: it is built on Buffer
// and node-int64).

import bser from 'bser';

import { bufferViewOf } from './buffer-input.mjs';
import { cannotRepresent } from './message-support.mjs';

const asInput = bufferViewOf(Buffer);

/** The bser path; decodes to plain objects. */
export function createPeerPath(meta) {
  return {
    ...meta,
    encode(items) {
      return { encoded: bser.dumpToBuffer({ items }) };
    },
    decode(bytes) {
      return { items: bser.loadFromBuffer(asInput(bytes)).items };
    },
    bytesOf(bytes) {
      return bytes;
    },
  };
}

// bser has no timestamp and no binary type: a Date is written as an empty
// object and a Uint8Array as an object of indices, so those records cannot
// be represented.
const UNREPRESENTABLE = Object.freeze({
  record: 'the timestamp createdAt (a Date: bser has no date type)',
  binary: 'the binary data (a Uint8Array: bser has no binary type)',
});

/** The bser messages path; forRecord throws for the records with a Date or binary data. */
export function createMessagePath(meta) {
  return {
    ...meta,
    forRecord(name) {
      if (UNREPRESENTABLE[name]) throw cannotRepresent('bser', UNREPRESENTABLE[name], name);
      return {
        encode: (record) => bser.dumpToBuffer(record),
        decode: (bytes) => bser.loadFromBuffer(asInput(bytes)),
      };
    },
  };
}

/**
 * The bser documents path: the whole value as one bser value (integers as
 * int8..int64, other numbers as real, strings as UTF-8); plain objects back.
 */
export function createDocumentPath(meta) {
  return {
    ...meta,
    forDataset() {
      return {
        encode: (value) => bser.dumpToBuffer(value),
        decode: (bytes) => bser.loadFromBuffer(asInput(bytes)),
      };
    },
  };
}
