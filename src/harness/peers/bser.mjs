// bser: Watchman's binary serialization (Node only: it is built on Buffer
// and node-int64).

import bser from 'bser';

/** The bser path; decodes to plain objects. */
export function createPeerPath(meta) {
  return {
    ...meta,
    encode(items) {
      return { encoded: bser.dumpToBuffer({ items }) };
    },
    decode(bytes) {
      return { items: bser.loadFromBuffer(bytes).items };
    },
    bytesOf(bytes) {
      return bytes;
    },
  };
}
