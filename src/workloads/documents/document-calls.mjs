// What the documents workload's two JS halves of C++ codecs share: the wasm
// modules' (wasm-documents.mjs) and the Node-API addon's (addon-documents.mjs).
// Both check and write a value for the text and tagged strategies, read a
// decode's output back and check a decode's argument with the same words, so
// a path fails alike whichever boundary it crosses. Browser-safe.

import { ValueError, checkJsonSafe } from '../../tagged/value-checks.mjs';

/** Where the buffers start; each then keeps the largest size any call needed. */
export const INITIAL_BUFFER_BYTES = 64 * 1024;

export const encoder = new TextEncoder();
const decoder = new TextDecoder('utf-8', { fatal: true });

/** A value the walk refuses (ValueError) as an Error naming the codec; any other error as it is. */
export function codecError(codec, error) {
  return error instanceof ValueError ? new Error(`${codec}: ${error.message}`) : error;
}

/** The JSON text of a value JSON text carries unchanged, else an Error naming the codec. */
export function checkedJsonText(codec, value) {
  try {
    checkJsonSafe(value);
  } catch (error) {
    throw codecError(codec, error);
  }
  return JSON.stringify(value);
}

/** Writes the tagged form of `value` with `writer` into bytes[start, end); its byte length. */
export function writeTaggedValue(writer, codec, value, bytes, start, end) {
  try {
    return writer.write(value, bytes, start, end);
  } catch (error) {
    throw codecError(codec, error);
  }
}

/** The decoded value in `bytes`, a text or tagged decode's output. */
export function readOutput(reader, codec, strategy, bytes) {
  try {
    return strategy === 'text' ? JSON.parse(decoder.decode(bytes)) : reader.read(bytes, 0, bytes.length);
  } catch (error) {
    // Only C++ that wrote no valid output gets here.
    throw new Error(`${codec}: the decoded ${strategy} output is unreadable: ${error.message}`);
  }
}

/** A decode's argument: a Uint8Array, or a TypeError naming the codec. */
export function expectDocumentBytes(codec, bytes) {
  if (!(bytes instanceof Uint8Array)) {
    throw new TypeError(`${codec}: decode expects a Uint8Array, not ${typeof bytes}`);
  }
}

/**
 * The path of one C++ codec's `documents` (wasm-documents.mjs's or
 * addon-documents.mjs's: { name, libraryVersion, format, keyOrder,
 * encode(strategy, value), decode(strategy, bytes), poisonOutputs() })
 * through one of its `strategies`: { codec, impl: 'cpp', interop, library,
 * format, keyOrder, encode(value) -> { encoded, phases }, decode(bytes) ->
 * { value, phases }, bytesOf, prepareDecode }, with the addon's place first
 * and wasm's heapBytes last. keyOrder is false for a codec
 * that does not give object keys back in order (protobuf's Struct).
 */
export function cppDocumentPath(documents, strategy, strategies, { what, place, heapBytes }) {
  if (!strategies.includes(strategy)) {
    throw new Error(
      `${documents.name}: unknown ${what} strategy '${strategy}' (expected ${strategies.join(', ')})`,
    );
  }
  return {
    ...(place && { place }),
    codec: documents.name,
    impl: 'cpp',
    interop: strategy,
    library: documents.libraryVersion,
    format: documents.format,
    keyOrder: documents.keyOrder,
    encode: (value) => documents.encode(strategy, value),
    decode: (bytes) => documents.decode(strategy, bytes),
    bytesOf: (bytes) => bytes,
    prepareDecode: () => documents.poisonOutputs(),
    ...(heapBytes && { heapBytes }),
  };
}
