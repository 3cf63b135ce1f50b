// bson: MongoDB's BSON. Numbers in the int32 range are written as int32,
// others as doubles; a document is limited to 16 MiB by the library (a
// larger payload fails and is reported as failed).

import { BSON } from 'bson';

/** The bson path; decodes to plain objects. */
export function createPeerPath(meta) {
  return {
    ...meta,
    encode(items) {
      return { encoded: BSON.serialize({ items }) };
    },
    decode(bytes) {
      return { items: BSON.deserialize(bytes).items };
    },
    bytesOf(bytes) {
      return bytes;
    },
  };
}
