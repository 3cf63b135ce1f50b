// protobufjs: the message types come from proto/tuple.proto itself, parsed
// at start-up (protobufjs' reflection, which generates its encoder and
// decoder functions at run time). The caller passes the .proto text: Node
// reads the file, the page has it inlined by node/build-web.mjs.

import protobuf from 'protobufjs';

import { PROTO_MESSAGE_NAMES, plainScalarOf, protobufMessagePath } from './message-support.mjs';
import { itemsPath } from './value-paths.mjs';

/** The root of the given text of proto/<file>. */
function parseProto(protoText, file, keepCase) {
  if (typeof protoText !== 'string' || protoText === '')
    throw new Error(`protobufjs: the text of proto/${file} is needed`);
  return protobuf.parse(protoText, { keepCase }).root;
}

/** The protobufjs path; decode returns protobufjs Message instances. */
export function createPeerPath(meta, { protoText } = {}) {
  const Items = parseProto(protoText, 'tuple.proto', true).lookupType('wcb.pb.Items');
  return itemsPath(meta, {
    // encode() takes plain objects as they are (as its docs show);
    // fromObject/verify would only add work the other paths do not do.
    encode: (message) => Items.encode(message).finish(),
    decode: (bytes) => Items.decode(bytes),
    // Read through the message: a field equal to its default (0) is not
    // an own property but comes from the prototype.
    toPlainItems: (messages) => messages.map((message) => ({ x: message.x, y: message.y, z: message.z })),
  });
}

// ---------------------------------------------------------------------------
// The messages workload: types from proto/messages.proto (package wcb.msg),
// parsed with keepCase false so field names are the JS records' camelCase
// names (created_at -> createdAt).

function scalarValue(scalar) {
  // `kind` (the oneof's name) says which member is set.
  return scalar[scalar.kind];
}

function numberOf(int64) {
  // An int64 decodes as a Long object when the `long` package is there.
  return typeof int64 === 'number' ? int64 : int64.toNumber();
}

// A decoded message as plain objects, for verification only: fields read
// through the message (a field equal to its default is on the prototype).
function plainOf(value) {
  if (Array.isArray(value)) return value.map(plainOf);
  if (value instanceof protobuf.Message) {
    const plain = {};
    for (const field of value.$type.fieldsArray) plain[field.name] = plainOf(value[field.name]);
    return plain;
  }
  return value;
}

/**
 * The protobufjs messages path. `record`: encode turns createdAt into a
 * Timestamp {seconds, nanos} and each tag into a Scalar {flag | integer |
 * number | text}; decode turns them back (into the decoded message, in
 * place). Both are timed: a user of protobuf writes them. decode returns
 * protobufjs Message instances; toPlain copies them into plain objects.
 */
export function createMessagePath(meta, { messagesProtoText } = {}) {
  const root = parseProto(messagesProtoText, 'messages.proto', false);
  return protobufMessagePath(meta, 'protobufjs', {
    callsOf(name) {
      const type = root.lookupType(`wcb.msg.${PROTO_MESSAGE_NAMES[name]}`);
      return { encode: (message) => type.encode(message).finish(), decode: (bytes) => type.decode(bytes) };
    },
    scalarOf: plainScalarOf,
    scalarValue,
    numberOf,
    toPlain: plainOf,
  });
}
