// avsc: Avro with a record schema equivalent to proto/tuple.proto (x as an
// Avro int, y and z as doubles). The types-only entry of avsc (the same
// Type class as `require('avsc')`) is imported so the page bundle does not
// pull in avsc's file and RPC code.

import avscTypes from 'avsc/etc/browser/avsc-types.js';
import { Buffer } from 'buffer';

import { isInt32Value } from './message-support.mjs';

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

// ---------------------------------------------------------------------------
// The messages workload: one Avro record schema per record, equivalent to
// proto/messages.proto. A timestamp is a `long` with logical type
// 'timestamp-millis' (Avro's own), read and written as a Date by the small
// LogicalType class below; binary is `bytes` (avsc wants a Buffer); the
// mixed array is an array of the union [boolean, int, double, string],
// which avsc can only take wrapped ({int: 1}) since int and double are both
// JS numbers: encode wraps each element and decode unwraps it (timed, what
// a user must write).

const LEVEL3 = {
  type: 'record',
  name: 'Level3',
  fields: [
    { name: 'flag', type: 'boolean' },
    { name: 'count', type: 'int' },
    { name: 'label', type: 'string' },
  ],
};
const LEVEL2 = { type: 'record', name: 'Level2', fields: [{ name: 'level3', type: LEVEL3 }] };
const LEVEL1 = { type: 'record', name: 'Level1', fields: [{ name: 'level2', type: LEVEL2 }] };

function valueRecord(name, type) {
  return { type: 'record', name, namespace: 'wcb.avro', fields: [{ name: 'value', type }] };
}

export const AVRO_MESSAGE_SCHEMAS = Object.freeze({
  bool: valueRecord('BoolMessage', 'boolean'),
  int: valueRecord('IntMessage', 'int'),
  double: valueRecord('DoubleMessage', 'double'),
  string: valueRecord('StringMessage', 'string'),
  array: valueRecord('ArrayMessage', { type: 'array', items: 'int' }),
  nested: valueRecord('NestedMessage', LEVEL1),
  record: {
    type: 'record',
    name: 'Record',
    namespace: 'wcb.avro',
    fields: [
      { name: 'id', type: 'int' },
      { name: 'active', type: 'boolean' },
      { name: 'score', type: 'double' },
      { name: 'balance', type: 'double' },
      { name: 'latitude', type: 'float' },
      { name: 'longitude', type: 'float' },
      { name: 'createdAt', type: { type: 'long', logicalType: 'timestamp-millis' } },
      { name: 'name', type: 'string' },
      { name: 'description', type: 'string' },
      { name: 'tags', type: { type: 'array', items: ['boolean', 'int', 'double', 'string'] } },
    ],
  },
  binary: {
    type: 'record',
    name: 'BinaryMessage',
    namespace: 'wcb.avro',
    fields: [
      { name: 'name', type: 'string' },
      { name: 'data', type: 'bytes' },
    ],
  },
});

/** Avro's timestamp-millis as a JS Date (the avsc way: a LogicalType subclass). */
class TimestampMillisType extends avscTypes.types.LogicalType {
  _fromValue(ms) {
    return new Date(ms);
  }
  _toValue(date) {
    return date instanceof Date ? date.getTime() : undefined;
  }
  _resolve(type) {
    if (avscTypes.Type.isType(type, 'long', 'logical:timestamp-millis')) return this._fromValue;
    return undefined;
  }
}

function wrapTag(value) {
  switch (typeof value) {
    case 'boolean':
      return { boolean: value };
    case 'string':
      return { string: value };
    default:
      return isInt32Value(value) ? { int: value } : { double: value };
  }
}

function unwrapTag(branch) {
  if (branch.int !== undefined) return branch.int;
  if (branch.double !== undefined) return branch.double;
  if (branch.string !== undefined) return branch.string;
  return branch.boolean;
}

/**
 * The avsc messages path. decode returns avsc's record instances (classes
 * it generates per schema, with own fields, so verification reads them as
 * they are), `data` as a Buffer.
 */
export function createMessagePath(meta) {
  return {
    ...meta,
    forRecord(name) {
      const type = avscTypes.Type.forSchema(AVRO_MESSAGE_SCHEMAS[name], {
        logicalTypes: { 'timestamp-millis': TimestampMillisType },
        wrapUnions: true,
      });
      if (name === 'record') {
        return {
          encode: (record) => type.toBuffer({ ...record, tags: record.tags.map(wrapTag) }),
          decode: (bytes) => {
            const record = type.fromBuffer(bytes);
            record.tags = record.tags.map(unwrapTag);
            return record;
          },
        };
      }
      if (name === 'binary') {
        return {
          encode: ({ name: text, data }) =>
            type.toBuffer({ name: text, data: Buffer.from(data.buffer, data.byteOffset, data.byteLength) }),
          decode: (bytes) => type.fromBuffer(bytes),
        };
      }
      return {
        encode: (record) => type.toBuffer(record),
        decode: (bytes) => type.fromBuffer(bytes),
      };
    },
  };
}
