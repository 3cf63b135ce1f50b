// protobuf-ts (@protobuf-ts/runtime): the message types are the code
// @protobuf-ts/plugin generates from proto/tuple.proto and
// proto/messages.proto (node/generate-peers.mjs, into
// build/peers-generated/protobuf-ts, with its speed-optimized read and write
// methods). toBinary takes plain objects; fromBinary returns objects made by
// the type's create().

import { Items } from '../../../build/peers-generated/protobuf-ts/tuple.js';
import * as messages from '../../../build/peers-generated/protobuf-ts/messages.js';
import { isInt32Value, PROTO_MESSAGE_NAMES, protobufMessagePath } from './message-support.mjs';
import { itemsPath, plainItems } from './value-paths.mjs';

/** The protobuf-ts path; decode returns the messages fromBinary makes. */
export function createPeerPath(meta) {
  return itemsPath(meta, {
    encode: (message) => Items.toBinary(message),
    decode: (bytes) => Items.fromBinary(bytes),
    toPlainItems: plainItems,
  });
}

// A mixed-array element as the Scalar oneof, protobuf-ts style: { kind: { oneofKind, <name>: value } }.
function scalarOf(value) {
  switch (typeof value) {
    case 'boolean':
      return { kind: { oneofKind: 'flag', flag: value } };
    case 'string':
      return { kind: { oneofKind: 'text', text: value } };
    default:
      return isInt32Value(value)
        ? { kind: { oneofKind: 'integer', integer: value } }
        : { kind: { oneofKind: 'number', number: value } };
  }
}

/**
 * The protobuf-ts messages path. `record`: encode turns createdAt into a
 * Timestamp (int64 seconds as a bigint, protobuf-ts' default) and each tag
 * into a Scalar; decode turns them back in the decoded message. Both timed,
 * as for protobufjs.
 */
export function createMessagePath(meta) {
  return protobufMessagePath(meta, 'protobuf-ts', {
    callsOf(name) {
      const type = messages[PROTO_MESSAGE_NAMES[name]];
      return { encode: (message) => type.toBinary(message), decode: (bytes) => type.fromBinary(bytes) };
    },
    scalarOf,
    scalarValue: ({ kind }) => kind[kind.oneofKind],
    seconds: BigInt,
  });
}
