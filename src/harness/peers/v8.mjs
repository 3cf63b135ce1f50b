// v8.serialize / v8.deserialize: Node's structured-clone wire format (Node
// only). The library is V8 itself: the registry names the row with V8's
// version.

import v8 from 'node:v8';

/** The v8.serialize path; decodes to plain objects. */
export function createPeerPath(meta) {
  return {
    ...meta,
    encode(items) {
      return { encoded: v8.serialize({ items }) };
    },
    decode(bytes) {
      return { items: v8.deserialize(bytes).items };
    },
    bytesOf(bytes) {
      return bytes;
    },
  };
}

/** The v8.serialize messages path: Date and Uint8Array are structured-clone types. */
export function createMessagePath(meta) {
  return {
    ...meta,
    forRecord() {
      return {
        encode: (record) => v8.serialize(record),
        decode: (bytes) => v8.deserialize(bytes),
      };
    },
  };
}

/** The v8.serialize documents path: the whole value, structured-clone format; plain objects back. */
export function createDocumentPath(meta) {
  return {
    ...meta,
    forDataset() {
      return {
        encode: (value) => v8.serialize(value),
        decode: (bytes) => v8.deserialize(bytes),
      };
    },
  };
}
