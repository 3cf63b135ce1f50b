// bser: Watchman's binary serialization (Node only: it is built on Buffer
// and node-int64). Integers as int8..int64, other numbers as real, strings
// as UTF-8; plain objects back.

import bser from 'bser';

import { bufferViewOf } from './buffer-input.mjs';
import { cannotRepresent } from './message-support.mjs';
import { valuePaths } from './value-paths.mjs';

const asInput = bufferViewOf(Buffer);

// bser has no timestamp and no binary type: a Date is written as an empty
// object and a Uint8Array as an object of indices, so those records cannot
// be represented.
const UNREPRESENTABLE = Object.freeze({
  record: 'the timestamp createdAt (a Date: bser has no date type)',
  binary: 'the binary data (a Uint8Array: bser has no binary type)',
});

export const { createPeerPath, createMessagePath, createDocumentPath } = valuePaths(
  () => ({
    encode: (value) => bser.dumpToBuffer(value),
    decode: (bytes) => bser.loadFromBuffer(asInput(bytes)),
  }),
  {
    forRecord(name) {
      if (UNREPRESENTABLE[name]) throw cannotRepresent('bser', UNREPRESENTABLE[name], name);
    },
  },
);
