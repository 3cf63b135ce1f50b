// The JS half of the wasm bindings (src/wasm/bindings.cpp): one codec module,
// called through the three interop strategies of DESIGN.md, each call timed
// in phases. Environment-agnostic (no Node APIs): the Node runner and the
// browser page both import it unchanged.
//
//   const codec = await createWasmCodec(factory, { wasmBinary });
//   const { bytes, phases } = codec.encode('typed', items);
//   const { items, phases } = codec.decode('typed', bytes);
//
// encode phases: marshalInMs (JS objects -> C++ items, including the cost of
//   crossing into wasm), codecMs (the codec alone, timed inside wasm),
//   bytesOutMs (copying the encoding out of the wasm heap).
// decode phases: bytesInMs (copying the bytes into wasm, including the
//   crossing), codecMs, marshalOutMs (C++ items -> JS objects).
// The phases of a call add up to its total time.
//
// A failed call throws an Error whose message is the codec's ("msgpack:
// ..."); the module stays usable. Every call frees what it allocated: the
// module reuses its own buffers, and embind vectors are deleted here.

export const STRATEGIES = Object.freeze(['val', 'embind', 'typed']);

const now = () => performance.now();

// Phases are differences of nested clock readings; on a coarse clock (a page
// that is not cross-origin isolated) a difference can come out slightly
// negative.
const span = (ms) => Math.max(0, ms);

/**
 * Instantiates one codec module.
 * @param factory the MODULARIZE factory of build/wasm/wcb_<codec>.cjs
 * @param options.wasmBinary the .wasm bytes (ArrayBuffer or Uint8Array).
 *   Pass them wherever the loader cannot fetch the file itself: always in
 *   Node (Emscripten 3.1.6 would fetch() a file path), and in bundled pages.
 */
export async function createWasmCodec(factory, { wasmBinary } = {}) {
  const abort = { reason: null };
  // The error contract says no abort() ever happens; if one does, the
  // module is unusable and `aborted` says why.
  const moduleOptions = { onAbort: (reason) => (abort.reason = String(reason)) };
  if (wasmBinary) moduleOptions.wasmBinary = wasmBinary;
  const m = await factory(moduleOptions);
  return new WasmCodec(m, abort);
}

function describe(value) {
  if (value === null) return 'null';
  return typeof value === 'object' ? (value.constructor?.name ?? 'object') : typeof value;
}

class WasmCodec {
  #m;
  #abort;

  constructor(m, abort) {
    this.#m = m;
    this.#abort = abort;
    this.name = m.codecName();
    this.libraryVersion = m.libraryVersion();
    this.strategies = STRATEGIES;
  }

  /** Encodes an array of {x, y, z}; returns { bytes: Uint8Array (a copy), phases }. */
  encode(strategy, items) {
    if (items === null || typeof items !== 'object' || typeof items.length !== 'number') {
      throw new TypeError(`${this.name}: encode expects an array of {x, y, z}, not ${describe(items)}`);
    }
    switch (strategy) {
      case 'val':
        return this.#encodeVal(items);
      case 'embind':
        return this.#encodeEmbind(items);
      case 'typed':
        return this.#encodeTyped(items);
      default:
        throw new Error(`${this.name}: unknown strategy '${strategy}' (expected ${STRATEGIES.join(', ')})`);
    }
  }

  /** Decodes bytes (Uint8Array); returns { items: Array<{x, y, z}>, phases }. */
  decode(strategy, bytes) {
    if (!(bytes instanceof Uint8Array)) {
      throw new TypeError(`${this.name}: decode expects a Uint8Array, not ${describe(bytes)}`);
    }
    switch (strategy) {
      case 'val':
        return this.#decodeVal(bytes);
      case 'embind':
        return this.#decodeEmbind(bytes);
      case 'typed':
        return this.#decodeTyped(bytes);
      default:
        throw new Error(`${this.name}: unknown strategy '${strategy}' (expected ${STRATEGIES.join(', ')})`);
    }
  }

  /** Why the module aborted (null while it has not: the error contract). */
  get aborted() {
    return this.#abort.reason;
  }

  /** Current size of the wasm memory in bytes (it never shrinks). */
  heapBytes() {
    return this.#m.heapBytes();
  }

  /** Bytes currently allocated by malloc inside the module. */
  allocatedBytes() {
    return this.#m.allocatedBytes();
  }

  /** Frees the buffers the module keeps between calls (after a large payload). */
  releaseBuffers() {
    this.#m.releaseBuffers();
  }

  // The outcome of the last call into the module; throws the codec's error.
  // Called after the timed region: reading it is not part of the operation.
  #lastCall() {
    const call = this.#m.lastCall();
    if (!call.ok) throw new Error(call.error);
    return call;
  }

  // Encode: marshal in + codec, then copy the bytes out of the heap view.
  #finishEncode(start, view, copyStart) {
    const bytes = view === null ? null : view.slice();
    const end = now();
    const call = this.#lastCall();
    const bytesOutMs = end - copyStart;
    return {
      bytes,
      phases: {
        marshalInMs: span(copyStart - start - call.codecMs),
        codecMs: call.codecMs,
        bytesOutMs,
      },
    };
  }

  #encodeVal(items) {
    const start = now();
    const view = this.#m.encodeVal(items);
    return this.#finishEncode(start, view, now());
  }

  #encodeEmbind(items) {
    const m = this.#m;
    const start = now();
    const vector = new m.ItemVector();
    let view;
    try {
      for (let i = 0; i < items.length; i++) vector.push_back(items[i]);
      view = m.encodeEmbind(vector);
    } finally {
      vector.delete();
    }
    return this.#finishEncode(start, view, now());
  }

  #encodeTyped(items) {
    const m = this.#m;
    const start = now();
    const count = items.length;
    const pointer = m.itemBuffer(count);
    if (pointer === 0 && count > 0) this.#lastCall();
    // Views taken after the allocation: growing the memory detaches old ones.
    const int32 = m.HEAP32;
    const float64 = m.HEAPF64;
    // Item layout (src/core/item.h): x at int32 index 6i, y and z at float64
    // indexes 3i+1 and 3i+2, counted from the item buffer.
    let xIndex = pointer >>> 2;
    let yIndex = (pointer >>> 3) + 1;
    for (let i = 0; i < count; i++) {
      const item = items[i];
      int32[xIndex] = item.x;
      float64[yIndex] = item.y;
      float64[yIndex + 1] = item.z;
      xIndex += 6;
      yIndex += 3;
    }
    const view = m.encodeTyped(count);
    return this.#finishEncode(start, view, now());
  }

  // Decode: `marshalStart` marks the end of bytes in + codec in wasm; the
  // marshalling C++ did before it (val) is moved to marshalOutMs.
  #finishDecode(start, items, marshalStart) {
    const end = now();
    const call = this.#lastCall();
    return {
      items,
      phases: {
        bytesInMs: span(marshalStart - start - call.codecMs - call.marshalMs),
        codecMs: call.codecMs,
        marshalOutMs: end - marshalStart + call.marshalMs,
      },
    };
  }

  #decodeVal(bytes) {
    const start = now();
    const items = this.#m.decodeVal(bytes);
    return this.#finishDecode(start, items, now());
  }

  #decodeEmbind(bytes) {
    const m = this.#m;
    const start = now();
    const vector = m.decodeEmbind(bytes);
    const marshalStart = now();
    const items = [];
    try {
      const count = vector.size();
      // get() hands back each Item as a fresh {x, y, z} (value_object).
      for (let i = 0; i < count; i++) items.push(vector.get(i));
    } finally {
      vector.delete();
    }
    return this.#finishDecode(start, items, marshalStart);
  }

  #decodeTyped(bytes) {
    const m = this.#m;
    const start = now();
    const length = bytes.length;
    const pointer = m.byteBuffer(length);
    if (pointer === 0 && length > 0) this.#lastCall();
    m.HEAPU8.set(bytes, pointer);
    const count = m.decodeTyped(length); // 0 on failure, reported below
    const marshalStart = now();
    const itemsPointer = m.decodedItems();
    const int32 = m.HEAP32;
    const float64 = m.HEAPF64;
    const items = [];
    let xIndex = itemsPointer >>> 2;
    let yIndex = (itemsPointer >>> 3) + 1;
    for (let i = 0; i < count; i++) {
      items.push({ x: int32[xIndex], y: float64[yIndex], z: float64[yIndex + 1] });
      xIndex += 6;
      yIndex += 3;
    }
    return this.#finishDecode(start, items, marshalStart);
  }
}
