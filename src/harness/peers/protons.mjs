// protons: the codecs are the code protons' own generator writes from
// proto/tuple.proto and proto/messages.proto (node/generate-peers.mjs,
// into build/peers-generated/protons: its TypeScript turned into JS, the
// `package` line left out, which protons 9 cannot take when dotted). They
// run on protons-runtime; decode builds plain object literals.

import { Items } from '../../../build/peers-generated/protons/tuple.js';
import * as messages from '../../../build/peers-generated/protons/messages.js';
import { PROTO_MESSAGE_NAMES, plainScalarOf, protobufMessagePath } from './message-support.mjs';
import { itemsPath } from './value-paths.mjs';

/** The protons path; decodes to plain {x, y, z} objects. */
export function createPeerPath(meta) {
  return itemsPath(meta, {
    encode: (message) => Items.encode(message),
    decode: (bytes) => Items.decode(bytes),
  });
}

// A mixed-array element is the Scalar oneof, protons style: the one set
// field (plainScalarOf); this reads it back.
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
  return protobufMessagePath(meta, 'protons', {
    callsOf(name) {
      const codec = messages[PROTO_MESSAGE_NAMES[name]];
      return { encode: (message) => codec.encode(message), decode: (bytes) => codec.decode(bytes) };
    },
    scalarOf: plainScalarOf,
    scalarValue,
    seconds: BigInt,
  });
}
