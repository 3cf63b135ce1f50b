// @msgpack/msgpack: the msgpack reference library for JS. One Encoder and
// one Decoder a path are reused, as its docs advise for speed. A message
// record is one msgpack map; Date <-> timestamp extension -1 (its default
// extension codec), Uint8Array <-> bin, non-integer numbers as float64;
// plain objects back.

import { Decoder, Encoder } from '@msgpack/msgpack';

import { valuePaths } from './value-paths.mjs';

export const { createPeerPath, createMessagePath, createDocumentPath } = valuePaths(() => {
  const encoder = new Encoder();
  const decoder = new Decoder();
  return { encode: (value) => encoder.encode(value), decode: (bytes) => decoder.decode(bytes) };
});
