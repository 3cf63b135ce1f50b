// cbor: the original CBOR package (node-cbor), its synchronous calls
// encodeOne() and decodeFirstSync(). Node only: its encoder and decoder are
// Node stream Transforms (`stream`, nofilter); its browser form is another
// package (cbor-web). A message record is one CBOR map; Date <-> tag 1
// (epoch time), Uint8Array <-> byte string; plain objects back.
//
// cbor.encode() returns only what its stream holds up to the highWaterMark
// (16 KB in Node 20): the bytes of a larger value come back cut short. Its
// README's answer is encodeOne() with a highWaterMark above the output, as
// here (1 GiB: above any payload of the sweep).

import cbor from 'cbor';

import { valuePaths } from './value-paths.mjs';

const ENCODE_OPTIONS = Object.freeze({ highWaterMark: 2 ** 30 });

export const { createPeerPath, createMessagePath, createDocumentPath } = valuePaths(() => ({
  encode: (value) => cbor.encodeOne(value, ENCODE_OPTIONS),
  decode: (bytes) => cbor.decodeFirstSync(bytes),
}));
