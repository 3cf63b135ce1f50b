// What the two Avro peers (avsc.mjs, avro-js.mjs) share, so that they write
// the same bytes from one description: the schemas, the wrapping of the
// mixed array's elements, and the calls around each library's own Type
// (parsed by each with its own logical type class). Not a peer itself.

import { Buffer } from 'buffer';

import { bufferViewOf } from './buffer-input.mjs';
import { isInt32Value } from './message-support.mjs';
import { itemsPath, plainItems } from './value-paths.mjs';

const asInput = bufferViewOf(Buffer);

// An Avro record schema with `fields` ({ name: type }, in order); nested
// records pass namespace null (they take the enclosing one).
const recordSchema = (name, fields, namespace = 'wcb.avro') => ({
  type: 'record',
  name,
  ...(namespace && { namespace }),
  fields: Object.entries(fields).map(([field, type]) => ({ name: field, type })),
});

// The tuple workload: a record schema equivalent to proto/tuple.proto (x as
// an Avro int, y and z as doubles).
export const AVRO_SCHEMA = Object.freeze(
  recordSchema('Items', {
    items: { type: 'array', items: recordSchema('Item', { x: 'int', y: 'double', z: 'double' }, null) },
  }),
);

// ---------------------------------------------------------------------------
// The messages workload: one Avro record schema per record, equivalent to
// proto/messages.proto. A timestamp is a `long` with logical type
// 'timestamp-millis' (Avro's own), read and written as a Date by each
// library's small LogicalType class; binary is `bytes` (both want a Buffer);
// the mixed array is an array of the union [boolean, int, double, string],
// which can only be taken wrapped ({int: 1}) since int and double are both
// JS numbers: encode wraps each element and decode unwraps it (timed, what
// a user must write).

const LEVEL3 = recordSchema('Level3', { flag: 'boolean', count: 'int', label: 'string' }, null);
const LEVEL2 = recordSchema('Level2', { level3: LEVEL3 }, null);
const LEVEL1 = recordSchema('Level1', { level2: LEVEL2 }, null);

// The small objects: each level holds the next smaller one as `sub`.
const smallObject = (name, sub) =>
  recordSchema(name, { foo: 'string', thisIs: 'string', another: 'int', ...(sub && { sub }) });
const OBJECT1 = smallObject('Object1Message');
const OBJECT2 = smallObject('Object2Message', OBJECT1);

const valueRecord = (name, type) => recordSchema(name, { value: type });

export const AVRO_MESSAGE_SCHEMAS = Object.freeze({
  bool: valueRecord('BoolMessage', 'boolean'),
  int: valueRecord('IntMessage', 'int'),
  double: valueRecord('DoubleMessage', 'double'),
  string: valueRecord('StringMessage', 'string'),
  array: valueRecord('ArrayMessage', { type: 'array', items: 'int' }),
  nested: valueRecord('NestedMessage', LEVEL1),
  record: recordSchema('Record', {
    id: 'int',
    active: 'boolean',
    score: 'double',
    balance: 'double',
    latitude: 'float',
    longitude: 'float',
    createdAt: { type: 'long', logicalType: 'timestamp-millis' },
    name: 'string',
    description: 'string',
    tags: { type: 'array', items: ['boolean', 'int', 'double', 'string'] },
  }),
  binary: recordSchema('BinaryMessage', { name: 'string', data: 'bytes' }),
  object1: OBJECT1,
  object2: OBJECT2,
  object3: smallObject('Object3Message', OBJECT2),
});

// Avro's timestamp-millis as a JS Date: a subclass of the library's
// `LogicalType` that takes the underlying types `isLong(type)` accepts.
function timestampMillisType(LogicalType, isLong) {
  return class TimestampMillisType extends LogicalType {
    _fromValue(ms) {
      return new Date(ms);
    }
    _toValue(date) {
      return date instanceof Date ? date.getTime() : undefined;
    }
    _resolve(type) {
      return isLong(type) ? this._fromValue : undefined;
    }
  };
}

/** A mixed-array element wrapped as its union branch ({int: 1}). */
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

/**
 * The calls of record `name` through an Avro library's `type` (parsed from
 * AVRO_MESSAGE_SCHEMAS[name]): `record`'s mixed array wrapped and unwrapped
 * (`unwrapTag`, the library's way; timed, what a user must write), binary
 * data as a Buffer (the npm polyfill in a page).
 */
function avroRecordCalls(name, type, unwrapTag) {
  if (name === 'record') {
    return {
      encode: (record) => type.toBuffer({ ...record, tags: record.tags.map(wrapTag) }),
      decode: (bytes) => {
        const record = type.fromBuffer(asInput(bytes));
        record.tags = record.tags.map(unwrapTag);
        return record;
      },
    };
  }
  if (name === 'binary') {
    return {
      encode: ({ name: text, data }) =>
        type.toBuffer({ name: text, data: Buffer.from(data.buffer, data.byteOffset, data.byteLength) }),
      decode: (bytes) => type.fromBuffer(asInput(bytes)),
    };
  }
  return {
    encode: (record) => type.toBuffer(record),
    decode: (bytes) => type.fromBuffer(asInput(bytes)),
  };
}

/**
 * createPeerPath and createMessagePath of an Avro library: `parse(schema,
 * options)` its schema parser, `LogicalType` and `isLong` for the
 * timestamp-millis class, `unwrapTag` its way to read a union branch,
 * `options` what else its parser takes for the message schemas. The tuple
 * path's decode returns the library's records (instances of the class it
 * generates per record schema), so toPlainItems copies them for
 * verification.
 */
export function avroPaths({ parse, LogicalType, isLong, unwrapTag, options }) {
  const logicalTypes = { 'timestamp-millis': timestampMillisType(LogicalType, isLong) };
  return {
    createPeerPath(meta) {
      const type = parse(AVRO_SCHEMA);
      return itemsPath(meta, {
        encode: (message) => type.toBuffer(message),
        decode: (bytes) => type.fromBuffer(asInput(bytes)),
        toPlainItems: plainItems,
      });
    },
    createMessagePath: (meta) => ({
      ...meta,
      forRecord: (name) =>
        avroRecordCalls(name, parse(AVRO_MESSAGE_SCHEMAS[name], { logicalTypes, ...options }), unwrapTag),
    }),
  };
}
