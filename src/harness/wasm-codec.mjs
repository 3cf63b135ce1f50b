// The JS half of the wasm bindings (src/wasm/module.cpp, src/workloads/<name>/bindings.cpp):
// one codec module, called through the three interop strategies
// (docs/design.md#strategies), each call timed
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
// Columnar variant (not an interop strategy of its own: the typed bindings,
// with columns instead of objects on the JS side):
//
//   const { bytes, phases } = codec.encodeColumns({ x, y, z });
//   const { columns, phases } = codec.decodeColumns(bytes);
//
// where x is an Int32Array and y, z are Float64Arrays of the same length. No
// JS object is built or read per item: what the boundary costs when the app
// keeps its data in typed arrays. Encode writes the columns into the item
// storage; decode has C++ transpose the decoded items into one array per
// field (timed as marshalling) and copies each out with one slice().
// columnsFromItems/itemsFromColumns convert.
//
// A failed call throws an Error whose message is the codec's ("msgpack:
// ..."); the module stays usable. Every call frees what it allocated: the
// module reuses its own buffers, and embind vectors are deleted here.
//
// The messages workload's API (`codec.messages`) is in
// src/workloads/messages/wasm-messages.mjs.

import { strategiesOf } from '../catalog.mjs';
import { typeName as describe } from './format.mjs';
import { EMBIND_RECORDS, MESSAGE_STRATEGIES, WasmMessages } from '../workloads/messages/wasm-messages.mjs';

export { EMBIND_RECORDS, MESSAGE_STRATEGIES };

export const STRATEGIES = Object.freeze(strategiesOf('tuples'));

const now = () => performance.now();

// Phases are differences of nested clock readings; on a coarse clock (a page
// that is not cross-origin isolated) a difference can come out slightly
// negative.
const span = (ms) => Math.max(0, ms);

/**
 * Instantiates one codec module.
 * @param factory the MODULARIZE factory of a module's glue (.cjs, named by the build's catalog)
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

class WasmCodec {
  #m;
  #abort;

  constructor(m, abort) {
    this.#m = m;
    this.#abort = abort;
    this.name = m.codecName();
    this.libraryVersion = m.libraryVersion();
    this.strategies = STRATEGIES;
    this.messages = typeof m.encodeMessageVal === 'function' ? new WasmMessages(m, this.name) : null;
  }

  /** The module's own exports, for a workload whose calls this class does not wrap. */
  get exports() {
    return this.#m;
  }

  /** Calls an exported function that takes nothing and does nothing: the per-call floor. */
  emptyCall() {
    this.#m.emptyCall();
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

  /** Encodes columns {x: Int32Array, y: Float64Array, z: Float64Array}; returns { bytes, phases }. */
  encodeColumns(columns) {
    const { x, y, z } = this.#checkColumns(columns);
    const m = this.#m;
    const start = now();
    const count = x.length;
    const pointer = this.#itemBuffer(count);
    // Views taken after the allocation: growing the memory detaches old ones.
    columnsToHeap(m.HEAP32, m.HEAPF64, pointer, x, y, z);
    const view = m.encodeTyped(count);
    return this.#finishEncode(start, view, now());
  }

  /** Decodes bytes into columns; returns { columns: {x: Int32Array, y, z: Float64Array}, phases }. */
  decodeColumns(bytes) {
    if (!(bytes instanceof Uint8Array)) {
      throw new TypeError(`${this.name}: decode expects a Uint8Array, not ${describe(bytes)}`);
    }
    const m = this.#m;
    const start = now();
    this.#copyIntoHeap(bytes);
    m.decodeColumns(bytes.length);
    const marshalStart = now();
    // C++ transposed the items into one array per field: one slice each.
    const views = m.decodedColumns();
    const columns = { x: views.x.slice(), y: views.y.slice(), z: views.z.slice() };
    const { items, phases } = this.#finishDecode(start, columns, marshalStart);
    return { columns: items, phases };
  }

  #checkColumns(columns) {
    const { x, y, z } = columns ?? {};
    if (!(x instanceof Int32Array) || !(y instanceof Float64Array) || !(z instanceof Float64Array)) {
      throw new TypeError(
        `${this.name}: encodeColumns expects {x: Int32Array, y: Float64Array, z: Float64Array}, not ` +
          `{x: ${describe(x)}, y: ${describe(y)}, z: ${describe(z)}}`,
      );
    }
    if (y.length !== x.length || z.length !== x.length) {
      throw new RangeError(
        `${this.name}: encodeColumns needs columns of one length, not x ${x.length}, y ${y.length}, z ${z.length}`,
      );
    }
    return { x, y, z };
  }

  // The address of module-owned storage for `count` items (throws the
  // module's error if it cannot allocate them).
  #itemBuffer(count) {
    const pointer = this.#m.itemBuffer(count);
    if (pointer === 0 && count > 0) this.#lastCall();
    return pointer;
  }

  // Copies `bytes` into the module's input buffer.
  #copyIntoHeap(bytes) {
    const m = this.#m;
    const length = bytes.length;
    const pointer = m.byteBuffer(length);
    if (pointer === 0 && length > 0) this.#lastCall();
    m.HEAPU8.set(bytes, pointer);
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
    const pointer = this.#itemBuffer(count);
    // Views taken after the allocation: growing the memory detaches old ones.
    itemsToHeap(m.HEAP32, m.HEAPF64, pointer, items);
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
    this.#copyIntoHeap(bytes);
    // The item count; 0 on failure, reported by #finishDecode's lastCall.
    const count = m.decodeTyped(bytes.length);
    const marshalStart = now();
    // Views taken after the decode: it may have grown the memory.
    const items = itemsFromHeap(m.HEAP32, m.HEAPF64, m.decodedItems(), count);
    return this.#finishDecode(start, items, marshalStart);
  }
}

// The loops between JS values and the wasm heap are functions of their own so
// V8 optimizes each once (docs/decisions.md#heap-loop-deopt).

// Writes `items` ({x, y, z} objects) at `pointer` in the wasm heap. Item
// layout (src/core/item.h): x at int32 index 6i, y and z at float64 indexes
// 3i+1 and 3i+2, counted from the item buffer.
function itemsToHeap(int32, float64, pointer, items) {
  let xIndex = pointer >>> 2;
  let yIndex = (pointer >>> 3) + 1;
  for (let i = 0; i < items.length; i++) {
    const item = items[i];
    int32[xIndex] = item.x;
    float64[yIndex] = item.y;
    float64[yIndex + 1] = item.z;
    xIndex += 6;
    yIndex += 3;
  }
}

// Writes the columns x (Int32Array), y and z (Float64Array) at `pointer` in
// the wasm heap, in the layout of itemsToHeap.
function columnsToHeap(int32, float64, pointer, x, y, z) {
  let xIndex = pointer >>> 2;
  let yIndex = (pointer >>> 3) + 1;
  for (let i = 0; i < x.length; i++) {
    int32[xIndex] = x[i];
    float64[yIndex] = y[i];
    float64[yIndex + 1] = z[i];
    xIndex += 6;
    yIndex += 3;
  }
}

// Builds `count` plain {x, y, z} objects from the items at `pointer` in the
// wasm heap (layout of src/core/item.h: x at int32 index 6i, y and z at
// float64 indexes 3i+1 and 3i+2, counted from the item buffer).
// One shared loop into an array allocated at its final length
// (docs/decisions.md#decode-object-loop).
function itemsFromHeap(int32, float64, pointer, count) {
  const items = new Array(count);
  let xIndex = pointer >>> 2;
  let yIndex = (pointer >>> 3) + 1;
  for (let i = 0; i < count; i++) {
    items[i] = { x: int32[xIndex], y: float64[yIndex], z: float64[yIndex + 1] };
    xIndex += 6;
    yIndex += 3;
  }
  return items;
}

/** Columns {x: Int32Array, y: Float64Array, z: Float64Array} of an array of {x, y, z}. */
export function columnsFromItems(items) {
  const count = items.length;
  const x = new Int32Array(count);
  const y = new Float64Array(count);
  const z = new Float64Array(count);
  for (let i = 0; i < count; i++) {
    const item = items[i];
    x[i] = item.x;
    y[i] = item.y;
    z[i] = item.z;
  }
  return { x, y, z };
}

/** Plain {x, y, z} objects from columns (the inverse of columnsFromItems). */
export function itemsFromColumns({ x, y, z }) {
  const items = new Array(x.length);
  for (let i = 0; i < x.length; i++) items[i] = { x: x[i], y: y[i], z: z[i] };
  return items;
}
