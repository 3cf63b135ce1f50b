// msgpackr: msgpack, plain (a map per item, readable by any msgpack
// decoder) or with its "records" extension (variant 'records': an item's
// keys are written once as a structure definition, then each item as a
// record of values; self-describing, but only msgpackr reads it). In Node
// msgpackr loads its optional native helper (msgpackr-extract) when present,
// as it does for its users.

import { Packr } from 'msgpackr';

export const VARIANT_RECORDS = 'records';

/** The msgpackr path; meta.variant 'records' turns on useRecords. Decodes to plain objects. */
export function createPeerPath(meta) {
  const packr = new Packr({ useRecords: meta.variant === VARIANT_RECORDS });
  return {
    ...meta,
    encode(items) {
      return { encoded: packr.pack({ items }) };
    },
    decode(bytes) {
      return { items: packr.unpack(bytes).items };
    },
    bytesOf(bytes) {
      return bytes;
    },
  };
}

/**
 * The msgpackr messages path: a record is one msgpack map (or one msgpackr
 * record with the 'records' variant); Date <-> timestamp extension -1,
 * Uint8Array <-> bin (decoded as a Buffer, itself a Uint8Array), non-integer
 * numbers as float64 (msgpackr cannot tell a float field from a double one).
 */
export function createMessagePath(meta) {
  const packr = new Packr({ useRecords: meta.variant === VARIANT_RECORDS });
  return {
    ...meta,
    forRecord() {
      return {
        encode: (record) => packr.pack(record),
        decode: (bytes) => packr.unpack(bytes),
      };
    },
  };
}

/**
 * The msgpackr documents path: the whole value as one msgpack value (maps
 * for objects, or msgpackr records with the 'records' variant); decodes to
 * plain objects and arrays, keys in order.
 */
export function createDocumentPath(meta) {
  const packr = new Packr({ useRecords: meta.variant === VARIANT_RECORDS });
  return {
    ...meta,
    forDataset() {
      return {
        encode: (value) => packr.pack(value),
        decode: (bytes) => packr.unpack(bytes),
      };
    },
  };
}
