// protons: the codecs are the code protons' own generator writes from
// proto/tuple.proto and proto/messages.proto (scripts/generate-peers.mjs,
// into build/peers-generated/protons: its TypeScript turned into JS, the
// `package` line left out, which protons 9 cannot take when dotted). They
// run on protons-runtime; decode builds plain object literals.

import { Items } from '../../../build/peers-generated/protons/tuple.js';
import {
  ArrayMessage,
  BinaryMessage,
  BoolMessage,
  DoubleMessage,
  IntMessage,
  NestedMessage,
  Record,
  StringMessage,
} from '../../../build/peers-generated/protons/messages.js';
import { dateOf, isInt32Value, timestampOf } from './message-support.mjs';

/** The protons path; decodes to plain {x, y, z} objects. */
export function createPeerPath(meta) {
  return {
    ...meta,
    encode(items) {
      return { encoded: Items.encode({ items }) };
    },
    decode(bytes) {
      return { items: Items.decode(bytes).items };
    },
    bytesOf(bytes) {
      return bytes;
    },
  };
}

const MESSAGE_CODECS = Object.freeze({
  bool: BoolMessage,
  int: IntMessage,
  double: DoubleMessage,
  string: StringMessage,
  array: ArrayMessage,
  nested: NestedMessage,
  record: Record,
  binary: BinaryMessage,
});

// A mixed-array element as the Scalar oneof, protons style: the one set field.
function scalarOf(value) {
  switch (typeof value) {
    case 'boolean':
      return { flag: value };
    case 'string':
      return { text: value };
    default:
      return isInt32Value(value) ? { integer: value } : { number: value };
  }
}

function scalarValue(scalar) {
  if (scalar.flag !== undefined) return scalar.flag;
  if (scalar.integer !== undefined) return scalar.integer;
  if (scalar.number !== undefined) return scalar.number;
  return scalar.text;
}

/**
 * The protons messages path. `record`: encode turns createdAt into a
 * Timestamp (int64 seconds as a bigint, as protons types it) and each tag
 * into a Scalar; decode turns them back in the decoded message. Both timed,
 * as for protobufjs.
 */
export function createMessagePath(meta) {
  return {
    ...meta,
    forRecord(name) {
      const codec = MESSAGE_CODECS[name];
      if (name === 'record') {
        return {
          encode: (record) => {
            const { seconds, nanos } = timestampOf(record.createdAt);
            return codec.encode({
              ...record,
              createdAt: { seconds: BigInt(seconds), nanos },
              tags: record.tags.map(scalarOf),
            });
          },
          decode: (bytes) => {
            const message = codec.decode(bytes);
            if (!message.createdAt) throw new Error('protons: record: created_at is missing');
            const { seconds, nanos } = message.createdAt;
            message.createdAt = dateOf(Number(seconds), nanos);
            message.tags = message.tags.map(scalarValue);
            return message;
          },
        };
      }
      return {
        encode: (record) => codec.encode(record),
        decode: (bytes) => codec.decode(bytes),
      };
    },
  };
}
