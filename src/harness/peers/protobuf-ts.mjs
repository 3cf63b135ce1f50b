// protobuf-ts (@protobuf-ts/runtime): the message types are the code
// @protobuf-ts/plugin generates from proto/tuple.proto and
// proto/messages.proto (scripts/generate-peers.mjs, into
// build/peers-generated/protobuf-ts, with its speed-optimized read and write
// methods). toBinary takes plain objects; fromBinary returns objects made by
// the type's create().

import { Items } from '../../../build/peers-generated/protobuf-ts/tuple.js';
import * as messages from '../../../build/peers-generated/protobuf-ts/messages.js';
import { isInt32Value, PROTO_MESSAGE_NAMES, protobufRecordCalls } from './message-support.mjs';

/** The protobuf-ts path; decode returns the messages fromBinary makes. */
export function createPeerPath(meta) {
  return {
    ...meta,
    encode(items) {
      return { encoded: Items.toBinary({ items }) };
    },
    decode(bytes) {
      return { items: Items.fromBinary(bytes).items };
    },
    bytesOf(bytes) {
      return bytes;
    },
    toPlainItems(messages) {
      return messages.map(({ x, y, z }) => ({ x, y, z }));
    },
  };
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

function scalarValue({ kind }) {
  return kind[kind.oneofKind];
}

/**
 * The protobuf-ts messages path. `record`: encode turns createdAt into a
 * Timestamp (int64 seconds as a bigint, protobuf-ts' default) and each tag
 * into a Scalar; decode turns them back in the decoded message. Both timed,
 * as for protobufjs.
 */
export function createMessagePath(meta) {
  return {
    ...meta,
    forRecord(name) {
      const type = messages[PROTO_MESSAGE_NAMES[name]];
      if (name === 'record') {
        return protobufRecordCalls('protobuf-ts', {
          encode: (message) => type.toBinary(message),
          decode: (bytes) => type.fromBinary(bytes),
          scalarOf,
          scalarValue,
          seconds: BigInt,
        });
      }
      return {
        encode: (record) => type.toBinary(record),
        decode: (bytes) => type.fromBinary(bytes),
      };
    },
  };
}
