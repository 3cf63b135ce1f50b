// msgpack5: MessagePack on Node streams (readable-stream, bl). Its encode
// returns a BufferList; `.slice()` makes it the one Buffer a user sends
// (timed). Node only: readable-stream needs Node's `events` module, which
// the page has no polyfill for. A message record is one msgpack map; Date
// <-> timestamp extension -1 (msgpack5's default), Uint8Array -> bin (read
// back as a Buffer); plain objects back.

import msgpack5 from 'msgpack5';

import { valuePaths } from './value-paths.mjs';

export const { createPeerPath, createMessagePath, createDocumentPath } = valuePaths(() => {
  const codec = msgpack5();
  return { encode: (value) => codec.encode(value).slice(), decode: (bytes) => codec.decode(bytes) };
});
