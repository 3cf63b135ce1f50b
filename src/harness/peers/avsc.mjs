// avsc: Avro with the schemas of avro-support.mjs (shared with avro-js). The
// types-only entry of avsc (the same Type class as `require('avsc')`) is
// imported so the page bundle does not pull in avsc's file and RPC code.
// decode returns avsc's record instances (classes it generates per schema,
// with own fields, so verification reads message records as they are),
// `data` as a Buffer.

import avscTypes from 'avsc/etc/browser/avsc-types.js';

import { avroPaths } from './avro-support.mjs';

export const { createPeerPath, createMessagePath } = avroPaths({
  parse: (schema, options) => avscTypes.Type.forSchema(schema, options),
  // Avro's timestamp-millis as a JS Date (the avsc way: a LogicalType subclass).
  LogicalType: avscTypes.types.LogicalType,
  isLong: (type) => avscTypes.Type.isType(type, 'long', 'logical:timestamp-millis'),
  unwrapTag(branch) {
    if (branch.int !== undefined) return branch.int;
    if (branch.double !== undefined) return branch.double;
    if (branch.string !== undefined) return branch.string;
    return branch.boolean;
  },
  options: { wrapUnions: true },
});
