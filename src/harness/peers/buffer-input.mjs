// For the libraries that call Buffer methods on their input: msgpack-js and
// notepack.io read Node Buffers in Node and Uint8Arrays in a page; the Avro
// libraries, js-binary and bser (Node only) read Buffers everywhere (the npm polyfill in a
// page). Bytes from elsewhere (a decompressor, a socket, fetch, C++) are a
// plain Uint8Array. Not a peer itself.

/**
 * `bytes` as a view of class `BufferClass` (Node's Buffer, or the polyfill
 * the library imports in a page) over the same memory: what a user of such
 * a library must write for bytes it did not make.
 */
export const bufferViewOf = (BufferClass) => (bytes) =>
  BufferClass.isBuffer(bytes) ? bytes : BufferClass.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

/**
 * `bytes` as msgpack-js or notepack.io take them: in Node, bytes from
 * elsewhere (a socket, fetch, C++) as a Buffer view of the same memory, as a
 * user must (its own bytes are Buffers already); in a page, as they are.
 */
export const asInput =
  typeof globalThis.Buffer === 'function' ? bufferViewOf(globalThis.Buffer) : (bytes) => bytes;

/** The bytes of what an encode returns as a Buffer (Node) or an ArrayBuffer (a page): notepack.io's, pson's. */
export const asBytes = (encoded) => (encoded instanceof ArrayBuffer ? new Uint8Array(encoded) : encoded);
