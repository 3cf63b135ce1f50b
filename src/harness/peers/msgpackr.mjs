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
