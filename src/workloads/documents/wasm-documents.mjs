// The documents workload's wasm paths: one codec's documents module
// (src/workloads/documents/bindings.cpp, loaded with loadWasmCodec(name,
// { workload: 'documents' })) through one of the three interop strategies
// (docs/documents.md#interop-strategies-wasm), as a path the harness
// measures (src/harness/paths.mjs):
//
//   const path = createWasmDocumentPath(codec, 'tagged');
//   const { encoded, phases } = path.encode(value);   // Uint8Array (a copy)
//   const { value, phases } = path.decode(encoded);
//
// Phases are those of the tuple strategies (src/harness/wasm-codec.mjs):
// encode = marshalInMs (the JS walk or JSON.stringify, writing into the
// heap, C++ reading it into a Document), codecMs (the codec alone, timed in
// C++), bytesOutMs (copying the encoding out); decode = bytesInMs (copying
// the bytes into the heap), codecMs, marshalOutMs (C++ writing the Document
// out, JS reading it). C++ reports its codec and marshal times; JS times its
// own parts, and the phases add up to the call.
//
// Errors are Errors whose message starts with the codec's name: a value
// that is not JSON-like ("msgpack: undefined at $.a[2]"), one the format
// cannot hold, bad bytes. The module stays usable. Browser-safe.

import { TaggedReader, TaggedWriter, ValueError, checkJsonSafe } from './tagged.mjs';
import workload from './workload.mjs';

/** The interop strategies of the documents workload (its catalog entry's). */
export const DOCUMENT_STRATEGIES = Object.freeze([...workload.strategies]);

const now = () => performance.now();

// Where the tagged writer starts; the module's input buffer then keeps the
// largest size any call needed.
const INITIAL_INPUT_BYTES = 64 * 1024;

const encoder = new TextEncoder();
const decoder = new TextDecoder('utf-8', { fatal: true });

// Splits `windowMs` into what C++ timed inside it and the rest, as
// wasm-codec.mjs does: never negative, the parts add up to the window.
function split(windowMs, insideMs) {
  const inside = Math.min(Math.max(0, insideMs), Math.max(0, windowMs));
  return [inside, windowMs - inside];
}

// One per module, shared by the paths of its strategies (they share the
// module's buffers).
const documentsByCodec = new WeakMap();

function documentsOf(codec) {
  let documents = documentsByCodec.get(codec);
  if (!documents) {
    documents = new WasmDocuments(codec);
    documentsByCodec.set(codec, documents);
  }
  return documents;
}

class WasmDocuments {
  #m;
  #writer;
  #reader = new TaggedReader();
  #inputCapacity = INITIAL_INPUT_BYTES;

  constructor(codec) {
    const m = codec.exports;
    if (typeof m?.encodeTagged !== 'function') {
      throw new Error(`${codec.name}: not a documents module (load it with { workload: 'documents' })`);
    }
    this.#m = m;
    this.name = codec.name;
    this.keyOrder = m.keepsKeyOrder();
    this.format = m.formatName();
    this.#writer = new TaggedWriter((used, needed) => {
      const capacity = Math.max(2 * this.#inputCapacity, used + needed);
      const pointer = this.#reserveInput(capacity, used);
      // Read after the call: growing the memory detached the old view.
      return [m.HEAPU8, pointer, pointer + capacity];
    });
  }

  // The codec's error of the last call, thrown.
  #fail() {
    throw new Error(this.#m.lastCall().error);
  }

  // The outcome of the last call; throws its error.
  #lastCall() {
    const call = this.#m.lastCall();
    if (!call.ok) throw new Error(call.error);
    return call;
  }

  #error(error) {
    return error instanceof ValueError ? new Error(`${this.name}: ${error.message}`) : error;
  }

  #reserveInput(capacity, keep) {
    const pointer = this.#m.inputBuffer(capacity, keep);
    if (pointer === 0) this.#fail();
    this.#inputCapacity = capacity;
    return pointer;
  }

  // JSON text of a checked value, its UTF-8 written into the input buffer;
  // returns the byte length. Room for one byte per UTF-16 unit first (JSON
  // text is mostly ASCII); at the first other character, room for the rest
  // at three bytes each.
  #writeText(value) {
    try {
      checkJsonSafe(value);
    } catch (error) {
      throw this.#error(error);
    }
    const text = JSON.stringify(value);
    let capacity = Math.max(text.length, 1);
    let pointer = this.#reserveInput(capacity, 0);
    let { read, written } = encoder.encodeInto(text, this.#m.HEAPU8.subarray(pointer, pointer + capacity));
    if (read < text.length) {
      capacity = written + 3 * (text.length - read);
      pointer = this.#reserveInput(capacity, written);
      const rest = encoder.encodeInto(
        text.substring(read),
        this.#m.HEAPU8.subarray(pointer + written, pointer + capacity),
      );
      written += rest.written;
    }
    return written;
  }

  #writeTagged(value) {
    const capacity = this.#inputCapacity;
    const pointer = this.#reserveInput(capacity, 0);
    try {
      return this.#writer.write(value, this.#m.HEAPU8, pointer, pointer + capacity);
    } catch (error) {
      throw this.#error(error);
    }
  }

  #copyIn(bytes) {
    const pointer = this.#m.byteBuffer(bytes.length);
    if (pointer === 0 && bytes.length > 0) this.#fail();
    this.#m.HEAPU8.set(bytes, pointer);
  }

  // The decoded value out of a view of the module's output buffer.
  #readOutput(strategy, view) {
    try {
      return strategy === 'text' ? JSON.parse(decoder.decode(view)) : this.#reader.read(view, 0, view.length);
    } catch (error) {
      // Only a module that wrote no valid output gets here.
      throw new Error(`${this.name}: the decoded ${strategy} output is unreadable: ${error.message}`);
    }
  }

  /** Encodes `value` through `strategy`: { encoded: Uint8Array (a copy), phases }. */
  encode(strategy, value) {
    const start = now();
    const m = this.#m;
    let view;
    if (strategy === 'val') view = m.encodeVal(value);
    else if (strategy === 'text') view = m.encodeText(this.#writeText(value));
    else view = m.encodeTagged(this.#writeTagged(value));
    const copyStart = now();
    const encoded = view === null ? null : view.slice();
    const call = this.#lastCall();
    const end = now();
    const [codecMs, marshalInMs] = split(copyStart - start, call.codecMs);
    return { encoded, phases: { marshalInMs, codecMs, bytesOutMs: end - copyStart } };
  }

  /** Decodes `bytes` (a Uint8Array) through `strategy`: { value, phases }. */
  decode(strategy, bytes) {
    const start = now();
    if (!(bytes instanceof Uint8Array)) {
      throw new TypeError(`${this.name}: decode expects a Uint8Array, not ${typeof bytes}`);
    }
    const m = this.#m;
    let value;
    let marshalStart;
    if (strategy === 'val') {
      // Undefined on failure (null is a value): lastCall below tells.
      value = m.decodeVal(bytes);
      marshalStart = now();
    } else {
      this.#copyIn(bytes);
      const view = strategy === 'text' ? m.decodeText(bytes.length) : m.decodeTagged(bytes.length);
      marshalStart = now();
      if (view === null) this.#fail();
      value = this.#readOutput(strategy, view);
    }
    const call = this.#lastCall();
    const end = now();
    // Before marshalStart: bytes in, the codec, and C++'s own marshalling
    // (val builds the JS value, text and tagged write their output), which
    // belongs to marshalOutMs.
    const [codecMs, beforeCodec] = split(marshalStart - start, call.codecMs);
    const [cppMarshalMs, bytesInMs] = split(beforeCodec, call.marshalMs);
    return { value, phases: { bytesInMs, codecMs, marshalOutMs: end - marshalStart + cppMarshalMs } };
  }

  /** Fills the module's reused decode outputs with the sentinel (untimed, before a decode that counts). */
  poisonOutputs() {
    this.#m.poisonOutputs();
  }
}

/**
 * The path of one wasm documents module through one strategy: { codec,
 * impl: 'cpp', interop, library, format, keyOrder, encode(value) ->
 * { encoded, phases }, decode(bytes) -> { value, phases }, bytesOf,
 * prepareDecode, heapBytes }. keyOrder is false for a codec that does not
 * give object keys back in order (protobuf's Struct).
 */
export function createWasmDocumentPath(codec, strategy) {
  if (!DOCUMENT_STRATEGIES.includes(strategy)) {
    throw new Error(
      `${codec.name}: unknown documents strategy '${strategy}' (expected ${DOCUMENT_STRATEGIES.join(', ')})`,
    );
  }
  const documents = documentsOf(codec);
  return {
    codec: codec.name,
    impl: 'cpp',
    interop: strategy,
    library: codec.libraryVersion,
    format: documents.format,
    keyOrder: documents.keyOrder,
    encode: (value) => documents.encode(strategy, value),
    decode: (bytes) => documents.decode(strategy, bytes),
    bytesOf: (bytes) => bytes,
    prepareDecode: () => documents.poisonOutputs(),
    heapBytes: () => codec.heapBytes(),
  };
}

/** One path per strategy (all by default). */
export function createWasmDocumentPaths(codec, strategies = DOCUMENT_STRATEGIES) {
  return strategies.map((strategy) => createWasmDocumentPath(codec, strategy));
}
