// cbor-x: CBOR, with its default encode/decode (plain CBOR maps, no record
// extension), the calls its users make. A message record is one CBOR map;
// Date <-> tag 1 (epoch time), Uint8Array <-> byte string (decoded as a
// Buffer in Node); plain objects back.

import { decode, encode } from 'cbor-x';

import { valuePaths } from './value-paths.mjs';

export const { createPeerPath, createMessagePath, createDocumentPath } = valuePaths(() => ({
  encode: (value) => encode(value),
  decode: (bytes) => decode(bytes),
}));
