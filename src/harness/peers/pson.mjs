// pson: PSON (dcodeIO), a binary JSON with varints, float32 where exact and
// a dictionary of keys. A PSON.StaticPair with the workload's keys as its
// dictionary, as its README recommends for production (a ProgressivePair's
// dictionary grows with each message, so its encoder and decoder must see
// the same messages in the same order). encode returns a ByteBuffer;
// toBuffer() makes it the Buffer (Node) or ArrayBuffer (page) a user sends.

// pson's package entry (index.js) require()s Node's `path` only to find this
// file: importing the built file itself lets the page bundle it.
import PSON from 'pson/dist/PSON.js';

import { asBytes } from './buffer-input.mjs';
import { cannotRepresent } from './message-support.mjs';
import { valuePaths } from './value-paths.mjs';

const TUPLE_KEYS = Object.freeze(['items', 'x', 'y', 'z']);
// Every key of the messages workload's records (src/workloads/messages/records.mjs).
const MESSAGE_KEYS = Object.freeze(
  (
    'value level2 level3 flag count label id active score balance latitude longitude createdAt name ' +
    'description tags data foo thisIs another sub'
  ).split(' '),
);

// A StaticPair a path, its dictionary the shape's keys (a whole value: none,
// the keys are not known ahead). Records: `record` cannot be represented
// (PSON has no date type: a Date is written as an empty object); `binary`
// comes back as a ByteBuffer, seen as its bytes for verification.
const KEYS = Object.freeze({ items: TUPLE_KEYS, record: MESSAGE_KEYS, value: [] });

export const { createPeerPath, createMessagePath, createDocumentPath } = valuePaths(
  (meta, shape) => {
    const pair = new PSON.StaticPair([...KEYS[shape]]);
    return {
      encode: (value) => pair.toBuffer(value),
      decode: (bytes) => pair.decode(bytes),
      bytesOf: asBytes,
    };
  },
  {
    forRecord(name, calls) {
      if (name === 'record')
        throw cannotRepresent('pson', 'the timestamp createdAt (a Date: PSON has no date type)', name);
      if (name === 'binary')
        return {
          ...calls,
          toPlain: (record) => ({ ...record, data: new Uint8Array(asBytes(record.data.toBuffer())) }),
        };
      return undefined;
    },
  },
);
