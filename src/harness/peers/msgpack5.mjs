// msgpack5: MessagePack on Node streams (readable-stream, bl). Its encode
// returns a BufferList; `.slice()` makes it the one Buffer a user sends
// (timed). Node only: readable-stream needs Node's `events` module, which
// the page has no polyfill for.

import msgpack5 from 'msgpack5';

/** The msgpack5 path; decodes to plain objects. */
export function createPeerPath(meta) {
  const codec = msgpack5();
  return {
    ...meta,
    encode(items) {
      return { encoded: codec.encode({ items }).slice() };
    },
    decode(bytes) {
      return { items: codec.decode(bytes).items };
    },
    bytesOf(bytes) {
      return bytes;
    },
  };
}

/**
 * The msgpack5 messages path: a record is one msgpack map; Date <->
 * timestamp extension -1 (msgpack5's default), Uint8Array -> bin (read back
 * as a Buffer).
 */
export function createMessagePath(meta) {
  const codec = msgpack5();
  return {
    ...meta,
    forRecord() {
      return {
        encode: (record) => codec.encode(record).slice(),
        decode: (bytes) => codec.decode(bytes),
      };
    },
  };
}

/** The msgpack5 documents path: the whole value as one msgpack value; plain objects back. */
export function createDocumentPath(meta) {
  const codec = msgpack5();
  return {
    ...meta,
    forDataset() {
      return {
        encode: (value) => codec.encode(value).slice(),
        decode: (bytes) => codec.decode(bytes),
      };
    },
  };
}
