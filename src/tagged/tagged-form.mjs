// What the two JS halves of the tagged form (docs/documents.md#the-tagged-form)
// share: its depth limit and the route its strings take. The
// writer is tagged-writer.mjs, the reader tagged-reader.mjs, the C++ half
// a workload's (e.g. its tagged.h); which JS values they take is
// value-checks.mjs. Shared by the workloads whose `tagged` strategy carries
// JSON-like values (tagged_tags.h has the tags). Browser-safe: the
// halves use Node's Buffer for strings only when there is one, with the same
// results without it.
//
// The `extended` mode of the writer and reader, for a workload whose values
// are records rather than JSON values: two more tags for the JS types a
// record has and JSON has not, 8 a Date (its time, float64 ms)
// and 9 a Uint8Array (u32 length, the bytes), and -0 written as a float64 (a
// record keeps it; a JSON document reads it as 0 anyway). Without it a Date
// or a Uint8Array is not a value and tags 8 and 9 are unknown.

/** The deepest nesting of arrays and objects accepted (the C++ readers' kMaxDepth). */
export const MAX_DEPTH = 256;

// Node's Buffer writes and reads UTF-8 in one native call, faster than
// TextEncoder.encodeInto and TextDecoder.decode for long strings; its
// methods take any Uint8Array (the wasm heap too). Without Buffer (a page),
// those two do the same, with the same results. Only Node's own: a page's
// npm polyfill of Buffer does it in JS.
const inNode = typeof process === 'object' && typeof process?.versions?.node === 'string';
const nodeBuffer = inNode && typeof Buffer === 'function' ? Buffer.prototype : null;
export const utf8Write =
  nodeBuffer && typeof nodeBuffer.utf8Write === 'function'
    ? (bytes, text, at, most) => nodeBuffer.utf8Write.call(bytes, text, at, most)
    : null;
export const utf8Slice =
  nodeBuffer && typeof nodeBuffer.utf8Slice === 'function'
    ? (bytes, start, stop) => nodeBuffer.utf8Slice.call(bytes, start, stop)
    : null;
export const latin1Slice =
  nodeBuffer && typeof nodeBuffer.latin1Slice === 'function'
    ? (bytes, start, stop) => nodeBuffer.latin1Slice.call(bytes, start, stop)
    : null;

/** Whether the halves use Node's Buffer for strings (useBuffer switches it). */
export let bufferOn = utf8Write !== null && utf8Slice !== null && latin1Slice !== null;

/** Turns the Buffer route for strings on or off (tests compare both); returns whether it is on. */
export function useBuffer(on) {
  bufferOn = Boolean(on) && utf8Write !== null && utf8Slice !== null && latin1Slice !== null;
  return bufferOn;
}
