// notepack.io: a small, fast MessagePack (the one socket.io's msgpack parser
// uses). In Node it writes and reads Buffers; in a page its browser build
// writes an ArrayBuffer and reads bin as ArrayBuffers, and takes binary data
// only as an ArrayBuffer. Both write a Date as the timestamp extension (-1)
// and -0 as the integer 0. A message record is one msgpack map; plain
// objects back.

import notepack from 'notepack.io';

import { asBytes, asInput } from './buffer-input.mjs';
import { valuePaths } from './value-paths.mjs';

// The binary data as the ArrayBuffer both builds take (no copy when the view is the whole buffer).
function arrayBufferOf(data) {
  return data.byteOffset === 0 && data.byteLength === data.buffer.byteLength
    ? data.buffer
    : data.buffer.slice(data.byteOffset, data.byteOffset + data.byteLength);
}

// `binary` hands the bytes over as an ArrayBuffer (timed: what a page user
// must do) and gets a Buffer (Node) or an ArrayBuffer (page) back, seen as a
// Uint8Array for verification.
export const { createPeerPath, createMessagePath, createDocumentPath } = valuePaths(
  () => ({
    encode: (value) => notepack.encode(value),
    decode: (bytes) => notepack.decode(asInput(bytes)),
    bytesOf: asBytes,
  }),
  {
    forRecord: (name, { decode }) =>
      name === 'binary'
        ? {
            encode: (record) =>
              asBytes(notepack.encode({ name: record.name, data: arrayBufferOf(record.data) })),
            decode,
            toPlain: (record) => ({ ...record, data: asBytes(record.data) }),
          }
        : undefined,
  },
);
