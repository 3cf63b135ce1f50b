// avsc: Avro with the schemas of avro-support.mjs (shared with avro-js). The
// types-only entry of avsc (the same Type class as `require('avsc')`) is
// imported so the page bundle does not pull in avsc's file and RPC code.

import avscTypes from 'avsc/etc/browser/avsc-types.js';

import {
  AVRO_MESSAGE_SCHEMAS,
  AVRO_SCHEMA,
  avroItemsPath,
  avroRecordCalls,
  timestampMillisType,
} from './avro-support.mjs';

/** The avsc path; decode returns avsc's records (instances of its generated Item class). */
export function createPeerPath(meta) {
  return avroItemsPath(meta, avscTypes.Type.forSchema(AVRO_SCHEMA));
}

/** Avro's timestamp-millis as a JS Date (the avsc way: a LogicalType subclass). */
const TimestampMillisType = timestampMillisType(avscTypes.types.LogicalType, (type) =>
  avscTypes.Type.isType(type, 'long', 'logical:timestamp-millis'),
);

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
      return avroRecordCalls(name, type, unwrapTag);
    },
  };
}
