// pson: PSON (dcodeIO), a binary JSON with varints, float32 where exact and
// a dictionary of keys. A PSON.StaticPair with the workload's keys as its
// dictionary, as its README recommends for production (a ProgressivePair's
// dictionary grows with each message, so its encoder and decoder must see
// the same messages in the same order). encode returns a ByteBuffer;
// toBuffer() makes it the Buffer (Node) or ArrayBuffer (page) a user sends.

// pson's package entry (index.js) require()s Node's `path` only to find this
// file: importing the built file itself lets the page bundle it.
import PSON from 'pson/dist/PSON.js';

import { cannotRepresent } from './message-support.mjs';

const TUPLE_KEYS = Object.freeze(['items', 'x', 'y', 'z']);
// Every key of the messages workload's records (src/workloads/messages/records.mjs).
const MESSAGE_KEYS = Object.freeze([
  'value',
  'level2',
  'level3',
  'flag',
  'count',
  'label',
  'id',
  'active',
  'score',
  'balance',
  'latitude',
  'longitude',
  'createdAt',
  'name',
  'description',
  'tags',
  'data',
  'foo',
  'thisIs',
  'another',
  'sub',
]);

function asBytes(encoded) {
  return encoded instanceof ArrayBuffer ? new Uint8Array(encoded) : encoded;
}

/** The pson path (static dictionary of the tuple keys); decodes to plain objects. */
export function createPeerPath(meta) {
  const pair = new PSON.StaticPair([...TUPLE_KEYS]);
  return {
    ...meta,
    encode(items) {
      return { encoded: pair.toBuffer({ items }) };
    },
    decode(bytes) {
      return { items: pair.decode(bytes).items };
    },
    bytesOf: asBytes,
  };
}

/**
 * The pson messages path. `record` cannot be represented (PSON has no date
 * type: a Date is written as an empty object); `binary` comes back as a
 * ByteBuffer, seen as its bytes for verification.
 */
export function createMessagePath(meta) {
  const pair = new PSON.StaticPair([...MESSAGE_KEYS]);
  return {
    ...meta,
    forRecord(name) {
      if (name === 'record')
        throw cannotRepresent('pson', 'the timestamp createdAt (a Date: PSON has no date type)', name);
      const calls = {
        encode: (record) => asBytes(pair.toBuffer(record)),
        decode: (bytes) => pair.decode(bytes),
      };
      if (name === 'binary') {
        calls.toPlain = (record) => ({ ...record, data: new Uint8Array(asBytes(record.data.toBuffer())) });
      }
      return calls;
    },
  };
}

/**
 * The pson documents path: the whole value with an empty static dictionary
 * (the keys are not known ahead); plain objects back.
 */
export function createDocumentPath(meta) {
  const pair = new PSON.StaticPair([]);
  return {
    ...meta,
    forDataset() {
      return {
        encode: (value) => pair.toBuffer(value),
        decode: (bytes) => pair.decode(bytes),
        bytesOf: asBytes,
      };
    },
  };
}
