// msgpackr: msgpack, plain (a map per item, readable by any msgpack
// decoder) or with its "records" extension (variant 'records': an item's
// keys are written once as a structure definition, then each item as a
// record of values; self-describing, but only msgpackr reads it). In Node
// msgpackr loads its optional native helper (msgpackr-extract) when present,
// as it does for its users.
//
// A message record is one msgpack map (or one msgpackr record); Date <->
// timestamp extension -1, Uint8Array <-> bin (decoded as a Buffer, itself a
// Uint8Array), non-integer numbers as float64 (msgpackr cannot tell a float
// field from a double one). Decodes to plain objects and arrays, keys in
// order.

import { Packr } from 'msgpackr';

import { valuePaths } from './value-paths.mjs';

export const VARIANT_RECORDS = 'records';

// One Packr a path; meta.variant 'records' turns on useRecords.
export const { createPeerPath, createMessagePath, createDocumentPath } = valuePaths((meta) => {
  const packr = new Packr({ useRecords: meta.variant === VARIANT_RECORDS });
  return { encode: (value) => packr.pack(value), decode: (bytes) => packr.unpack(bytes) };
});
