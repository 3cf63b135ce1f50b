// v8.serialize / v8.deserialize: Node's structured-clone wire format (Node
// only; Date and Uint8Array are structured-clone types). The library is V8
// itself: the registry names the row with V8's version.

import v8 from 'node:v8';

import { valuePaths } from './value-paths.mjs';

export const { createPeerPath, createMessagePath, createDocumentPath } = valuePaths(() => ({
  encode: (value) => v8.serialize(value),
  decode: (bytes) => v8.deserialize(bytes),
}));
