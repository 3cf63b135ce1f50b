// msgpack-js: an early MessagePack (2013), from before the format had str8,
// bin and extension types: strings are written as raw (fixstr, 0xda, 0xdb,
// readable by today's decoders as str), binary data as its own 0xd8/0xd9
// (today fixext 16 and str8) and a Date as its ISO string. In Node it works
// on Buffers, in a page on Uint8Arrays (through bops).

import msgpack from 'msgpack-js';

import { asInput } from './buffer-input.mjs';
import { cannotRepresent } from './message-support.mjs';
import { valuePaths } from './value-paths.mjs';

// In Node, binary data must be a Buffer (bops' test there is Buffer.isBuffer);
// in a page any Uint8Array is.
const asBinary =
  typeof globalThis.Buffer === 'function'
    ? (data) => globalThis.Buffer.from(data.buffer, data.byteOffset, data.byteLength)
    : (data) => data;

// Messages: `record` cannot be represented (a Date comes back as a string);
// `binary` is written with msgpack-js' own bin type (0xd8/0xd9), which only
// msgpack-js reads as bytes.
export const { createPeerPath, createMessagePath, createDocumentPath } = valuePaths(
  () => ({
    encode: (value) => msgpack.encode(value),
    decode: (bytes) => msgpack.decode(asInput(bytes)),
  }),
  {
    forRecord(name, { decode }) {
      if (name === 'record')
        throw cannotRepresent(
          'msgpack-js',
          'the timestamp createdAt (a Date: msgpack-js writes it as its ISO string)',
          name,
        );
      if (name === 'binary')
        return {
          encode: (record) => msgpack.encode({ name: record.name, data: asBinary(record.data) }),
          decode,
        };
      return undefined;
    },
  },
);
