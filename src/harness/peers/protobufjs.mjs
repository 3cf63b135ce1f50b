// protobufjs: the message types come from proto/tuple.proto itself, parsed
// at start-up (protobufjs' reflection, which generates its encoder and
// decoder functions at run time). The caller passes the .proto text: Node
// reads the file, the page has it inlined by scripts/build-web.mjs.

import protobuf from 'protobufjs';

/** The wcb.pb.Items type of the given .proto text. */
export function itemsType(protoText) {
  if (typeof protoText !== 'string' || protoText === '')
    throw new Error('protobufjs: the text of proto/tuple.proto is needed');
  return protobuf.parse(protoText, { keepCase: true }).root.lookupType('wcb.pb.Items');
}

/** The protobufjs path; decode returns protobufjs Message instances. */
export function createPeerPath(meta, { protoText } = {}) {
  const Items = itemsType(protoText);
  return {
    ...meta,
    encode(items) {
      // encode() takes plain objects as they are (as its docs show);
      // fromObject/verify would only add work the other paths do not do.
      return { encoded: Items.encode({ items }).finish() };
    },
    decode(bytes) {
      return { items: Items.decode(bytes).items };
    },
    bytesOf(bytes) {
      return bytes;
    },
    toPlainItems(messages) {
      // Read through the message: a field equal to its default (0) is not
      // an own property but comes from the prototype.
      return messages.map((message) => ({ x: message.x, y: message.y, z: message.z }));
    },
  };
}
