// avro-js: the Apache Avro project's JavaScript library, with the same
// schemas as the avsc peer (avsc.mjs: AVRO_SCHEMA, AVRO_MESSAGE_SCHEMAS), so
// the two write the same bytes. Its unions are always wrapped ({int: 1}), as
// avsc's with wrapUnions. Decoded records are instances of the classes it
// generates per record schema.

import avro from 'avro-js';
import { Buffer } from 'buffer';

import { AVRO_MESSAGE_SCHEMAS, AVRO_SCHEMA } from './avsc.mjs';
import { isInt32Value } from './message-support.mjs';

/** The avro-js path; decode returns avro-js' records. */
export function createPeerPath(meta) {
  const type = avro.parse(AVRO_SCHEMA);
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

/**
 * Avro's timestamp-millis as a JS Date (an avro-js LogicalType subclass).
 * Without the optional list of accepted underlying types: in the page
 * bundle that check threw, and avro-js then silently drops the logical type
 * (a Date was refused as an "invalid long").
 */
class TimestampMillisType extends avro.types.LogicalType {
  _fromValue(ms) {
    return new Date(ms);
  }
  _toValue(date) {
    return date instanceof Date ? date.getTime() : undefined;
  }
  _resolve(type) {
    return type instanceof avro.types.LongType ? this._fromValue : undefined;
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
  // The one own key of avro-js' union wrapper names the branch.
  for (const key in branch) return branch[key];
  return undefined;
}

/**
 * The avro-js messages path: the mixed array's elements wrapped and
 * unwrapped (timed, what a user must write), binary data as a Buffer (the
 * npm polyfill in a page), the timestamp through the LogicalType above.
 */
export function createMessagePath(meta) {
  return {
    ...meta,
    forRecord(name) {
      const type = avro.parse(AVRO_MESSAGE_SCHEMAS[name], {
        logicalTypes: { 'timestamp-millis': TimestampMillisType },
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
