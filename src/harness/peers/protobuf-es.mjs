// protobuf-es (@bufbuild/protobuf v2): the message schemas are the code
// @bufbuild/protoc-gen-es generates from proto/tuple.proto and
// proto/messages.proto (node/generate-peers.mjs, into
// build/peers-generated/protobuf-es). Encode is create() then toBinary(), the
// documented calls (toBinary wants a message made by create); decode is
// fromBinary(), whose messages are plain objects with one more own property,
// `$typeName`, so they are not the bare {x, y, z} items.

import { create, fromBinary, toBinary } from '@bufbuild/protobuf';

import { ItemsSchema } from '../../../build/peers-generated/protobuf-es/tuple_pb.js';
import * as schemas from '../../../build/peers-generated/protobuf-es/messages_pb.js';
import { isInt32Value, PROTO_MESSAGE_NAMES, protobufMessagePath } from './message-support.mjs';
import { itemsPath, plainItems } from './value-paths.mjs';

/** The protobuf-es path; decode returns protobuf-es messages ({ $typeName, x, y, z }). */
export function createPeerPath(meta) {
  return itemsPath(meta, {
    encode: (message) => toBinary(ItemsSchema, create(ItemsSchema, message)),
    decode: (bytes) => fromBinary(ItemsSchema, bytes),
    toPlainItems: plainItems,
  });
}

// A mixed-array element as the Scalar oneof, protobuf-es style: { kind: { case, value } }.
function scalarOf(value) {
  switch (typeof value) {
    case 'boolean':
      return { kind: { case: 'flag', value } };
    case 'string':
      return { kind: { case: 'text', value } };
    default:
      return { kind: { case: isInt32Value(value) ? 'integer' : 'number', value } };
  }
}

/** A decoded message without protobuf-es' `$typeName`, for verification only. */
export function withoutTypeNames(value) {
  if (Array.isArray(value)) return value.map(withoutTypeNames);
  if (value === null || typeof value !== 'object' || value instanceof Uint8Array || value instanceof Date)
    return value;
  const plain = {};
  for (const [key, field] of Object.entries(value)) {
    if (key !== '$typeName') plain[key] = withoutTypeNames(field);
  }
  return plain;
}

/**
 * The protobuf-es messages path. `record`: encode turns createdAt into a
 * Timestamp (int64 seconds as a bigint, protobuf-es' default) and each tag
 * into a Scalar; decode turns them back in the decoded message. Both timed,
 * as for protobufjs.
 */
export function createMessagePath(meta) {
  return protobufMessagePath(meta, 'protobuf-es', {
    callsOf(name) {
      const schema = schemas[`${PROTO_MESSAGE_NAMES[name]}Schema`];
      return {
        encode: (message) => toBinary(schema, create(schema, message)),
        decode: (bytes) => fromBinary(schema, bytes),
      };
    },
    scalarOf,
    scalarValue: (scalar) => scalar.kind.value,
    seconds: BigInt,
    toPlain: withoutTypeNames,
  });
}
