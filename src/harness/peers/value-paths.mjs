// The paths of a library that writes any plain value as it is (msgpack,
// CBOR, BSON, bser, v8.serialize, ...): the items path writes {items}, the
// record path the record itself and the value path the whole value, all
// through the same two calls. Not a peer itself.

const same = (bytes) => bytes;

/** Decoded items copied into plain {x, y, z} objects (verification only). */
export const plainItems = (items) => items.map(({ x, y, z }) => ({ x, y, z }));

/**
 * The tuple path of a library's calls on the whole message {items}:
 * encode(message) -> the library's bytes, decode(bytes) -> a message whose
 * `items` are timed as they come; `toPlainItems` when they are not plain
 * {x, y, z} objects.
 */
export function itemsPath(meta, { encode, decode, bytesOf = same, toPlainItems }) {
  const path = {
    ...meta,
    encode: (items) => ({ encoded: encode({ items }) }),
    decode: (bytes) => ({ items: decode(bytes).items }),
    bytesOf,
  };
  if (toPlainItems) path.toPlainItems = toPlainItems;
  return path;
}

/**
 * createPeerPath, createMessagePath and createDocumentPath from
 * `codecOf(meta, shape)` -> { encode(value), decode(bytes), bytesOf? },
 * called once a path (shape 'items', 'record' or 'value': a library's
 * encoder objects are not shared between paths). A record's encode must
 * return the bytes, so there bytesOf is part of the timed encode.
 * `forRecord(name, calls)`, when given, returns a record's own calls or
 * throws (cannot represent); undefined keeps the common `calls`.
 */
export function valuePaths(codecOf, { forRecord } = {}) {
  return {
    createPeerPath: (meta) => itemsPath(meta, codecOf(meta, 'items')),
    createMessagePath(meta) {
      const { encode, decode, bytesOf } = codecOf(meta, 'record');
      const calls = { encode: bytesOf ? (value) => bytesOf(encode(value)) : encode, decode };
      return { ...meta, forRecord: (name) => forRecord?.(name, calls) ?? { ...calls } };
    },
    createDocumentPath(meta) {
      const { encode, decode, bytesOf } = codecOf(meta, 'value');
      const calls = bytesOf ? { encode, decode, bytesOf } : { encode, decode };
      return { ...meta, forDataset: () => ({ ...calls }) };
    },
  };
}
