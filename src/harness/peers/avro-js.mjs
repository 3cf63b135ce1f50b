// avro-js: the Apache Avro project's JavaScript library, with the same
// schemas as the avsc peer (avro-support.mjs: AVRO_SCHEMA, AVRO_MESSAGE_SCHEMAS), so
// the two write the same bytes. Its unions are always wrapped ({int: 1}), as
// avsc's with wrapUnions. Decoded records are instances of the classes it
// generates per record schema.

import avro from 'avro-js';

import {
  AVRO_MESSAGE_SCHEMAS,
  AVRO_SCHEMA,
  avroItemsPath,
  avroRecordCalls,
  timestampMillisType,
} from './avro-support.mjs';

/** The avro-js path; decode returns avro-js' records. */
export function createPeerPath(meta) {
  return avroItemsPath(meta, avro.parse(AVRO_SCHEMA));
}

/**
 * Avro's timestamp-millis as a JS Date (an avro-js LogicalType subclass).
 * Without the optional list of accepted underlying types: in the page
 * bundle that check threw, and avro-js then silently drops the logical type
 * (a Date was refused as an "invalid long").
 */
const TimestampMillisType = timestampMillisType(
  avro.types.LogicalType,
  (type) => type instanceof avro.types.LongType,
);

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
      return avroRecordCalls(name, type, unwrapTag);
    },
  };
}
