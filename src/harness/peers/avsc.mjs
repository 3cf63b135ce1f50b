// avsc: Avro with a record schema equivalent to proto/tuple.proto (x as an
// Avro int, y and z as doubles). The types-only entry of avsc (the same
// Type class as `require('avsc')`) is imported so the page bundle does not
// pull in avsc's file and RPC code.

import avscTypes from 'avsc/etc/browser/avsc-types.js';

export const AVRO_SCHEMA = Object.freeze({
  type: 'record',
  name: 'Items',
  namespace: 'wcb.avro',
  fields: [
    {
      name: 'items',
      type: {
        type: 'array',
        items: {
          type: 'record',
          name: 'Item',
          fields: [
            { name: 'x', type: 'int' },
            { name: 'y', type: 'double' },
            { name: 'z', type: 'double' },
          ],
        },
      },
    },
  ],
});

/** The avsc path; decode returns avsc's records (instances of its generated Item class). */
export function createPeerPath(meta) {
  const type = avscTypes.Type.forSchema(AVRO_SCHEMA);
  return {
    ...meta,
    encode(items) {
      return { encoded: type.toBuffer({ items }) };
    },
    decode(bytes) {
      return { items: type.fromBuffer(bytes).items };
    },
    bytesOf(bytes) {
      return bytes;
    },
    toPlainItems(records) {
      return records.map(({ x, y, z }) => ({ x, y, z }));
    },
  };
}
