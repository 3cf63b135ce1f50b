// For the libraries that read only Node Buffers in Node (they call Buffer
// methods on their input) and Uint8Arrays in a page: msgpack-js and
// notepack.io. Not a peer itself.

/**
 * `bytes` as such a library's input: in Node, bytes from elsewhere (a
 * socket, fetch, C++) are given as a Buffer view of the same memory, as a
 * user must (its own bytes are Buffers already); in a page, as they are.
 */
export const asInput =
  typeof globalThis.Buffer === 'function'
    ? (bytes) =>
        globalThis.Buffer.isBuffer(bytes)
          ? bytes
          : globalThis.Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)
    : (bytes) => bytes;
