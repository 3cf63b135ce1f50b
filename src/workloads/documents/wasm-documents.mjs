// The documents workload's wasm paths: one codec's documents module
// (src/workloads/documents/bindings.cpp, loaded with loadWasmCodec(name,
// { workload: 'documents' })) through one of the three interop strategies
// (docs/documents.md#interop-strategies-wasm), as a path the harness
// measures (src/harness/payload-measure.mjs):
//
//   const path = createWasmDocumentPath(codec, 'tagged');
//   const { encoded, phases } = path.encode(value);   // Uint8Array (a copy)
//   const { value, phases } = path.decode(encoded);
//
// Phases are the tuple strategies' (src/harness/wasm-codec.mjs): C++ reports
// its codec and marshal times, JS times its own parts, and the phases add up
// to the call. Errors are Errors whose message starts with the codec's name
// ("msgpack: undefined at $.a[2]"); the module stays usable. Browser-safe.

import { decodePhases, encodePhases, now } from '../../harness/typed-calls.mjs';
import {
  INITIAL_BUFFER_BYTES,
  checkedJsonText,
  cppDocumentPath,
  encoder,
  expectDocumentBytes,
  readOutput,
  writeTaggedValue,
} from './document-calls.mjs';
import { TaggedReader } from '../../tagged/tagged-reader.mjs';
import { TaggedWriter } from '../../tagged/tagged-writer.mjs';
import workload from './workload.mjs';

/** The interop strategies of the documents workload (its catalog entry's). */
export const DOCUMENT_STRATEGIES = Object.freeze([...workload.strategies]);

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
  #inputCapacity = INITIAL_BUFFER_BYTES;

  constructor(codec) {
    const m = codec.exports;
    if (typeof m?.encodeTagged !== 'function') {
      throw new Error(`${codec.name}: not a documents module (load it with { workload: 'documents' })`);
    }
    this.#m = m;
    this.name = codec.name;
    this.libraryVersion = codec.libraryVersion;
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
    const text = checkedJsonText(this.name, value);
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
    return writeTaggedValue(this.#writer, this.name, value, this.#m.HEAPU8, pointer, pointer + capacity);
  }

  #copyIn(bytes) {
    const pointer = this.#m.byteBuffer(bytes.length);
    if (pointer === 0 && bytes.length > 0) this.#fail();
    this.#m.HEAPU8.set(bytes, pointer);
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
    return { encoded, phases: encodePhases(start, copyStart, end, call.codecMs) };
  }

  /** Decodes `bytes` (a Uint8Array) through `strategy`: { value, phases }. */
  decode(strategy, bytes) {
    const start = now();
    expectDocumentBytes(this.name, bytes);
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
      value = readOutput(this.#reader, this.name, strategy, view);
    }
    const call = this.#lastCall();
    const end = now();
    // Before marshalStart: bytes in, the codec, and C++'s own marshalling
    // (val builds the JS value, text and tagged write their output), which
    // belongs to marshalOutMs.
    return { value, phases: decodePhases(start, marshalStart, end, call.codecMs, call.marshalMs) };
  }

  /** Fills the module's reused decode outputs with the sentinel (untimed, before a decode that counts). */
  poisonOutputs() {
    this.#m.poisonOutputs();
  }
}

/**
 * The path of one wasm documents module through one strategy
 * (cppDocumentPath's, with heapBytes()).
 */
export function createWasmDocumentPath(codec, strategy) {
  return cppDocumentPath(documentsOf(codec), strategy, DOCUMENT_STRATEGIES, {
    what: 'documents',
    heapBytes: () => codec.heapBytes(),
  });
}
