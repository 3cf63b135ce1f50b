// avro-js: the Apache Avro project's JavaScript library, with the same
// schemas as the avsc peer (avro-support.mjs: AVRO_SCHEMA, AVRO_MESSAGE_SCHEMAS), so
// the two write the same bytes. Its unions are always wrapped ({int: 1}), as
// avsc's with wrapUnions. Decoded records are instances of the classes it
// generates per record schema. Message records: the mixed array's elements
// wrapped and unwrapped (timed, what a user must write), binary data as a
// Buffer (the npm polyfill in a page).

import avro from 'avro-js';

import { avroPaths } from './avro-support.mjs';

export const { createPeerPath, createMessagePath } = avroPaths({
  parse: (schema, options) => avro.parse(schema, options),
  // Without the optional list of accepted underlying types: in the page
  // bundle that check threw, and avro-js then silently drops the logical type
  // (a Date was refused as an "invalid long").
  LogicalType: avro.types.LogicalType,
  isLong: (type) => type instanceof avro.types.LongType,
  unwrapTag(branch) {
    // The one own key of avro-js' union wrapper names the branch.
    for (const key in branch) return branch[key];
    return undefined;
  },
});
