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
//   bytesOutMs (copying the encoding out of the wasm heap, and reading the
//   call's outcome).
// decode phases: bytesInMs (copying the bytes into wasm, including the
//   crossing), codecMs, marshalOutMs (C++ items -> JS objects, and reading the
//   call's outcome).
// The phases of a call add up to its time from entering encode()/decode() to
// leaving it, by construction (see #finishEncode).
//
// Encode checks its input: an item that is not {x: int32, y: number, z:
// number} throws "<codec>: item <i>: ..." (wasm-items.mjs) in every strategy
// (val checks in C++). Before a decode that counts, poisonOutputs() fills
// the module's reused decode outputs with a sentinel (src/core/sentinel.h),
// so a decoder that skipped its work cannot pass on a previous call's items.
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
import {
  columnsToHeap,
  invalidItemError,
  isItem,
  itemsFromHeap,
  itemsToHeap,
  itemsToHeapUnchecked,
} from './wasm-items.mjs';
import { EMBIND_RECORDS, MESSAGE_STRATEGIES, WasmMessages } from '../workloads/messages/wasm-messages.mjs';

export { EMBIND_RECORDS, MESSAGE_STRATEGIES };
export { columnsFromItems, itemsFromColumns } from './wasm-items.mjs';

export const STRATEGIES = Object.freeze(strategiesOf('tuples'));

const now = () => performance.now();

// Splits the JS-measured `windowMs` into what wasm timed inside it (`insideMs`,
// from the same clock read in C++) and the rest. On a coarse clock (a page
// that is not cross-origin isolated) the inside can read a tick longer than
// the window; it is cut to the window, so the parts never go negative and
// always add up to the window.
function split(windowMs, insideMs) {
  const inside = Math.min(Math.max(0, insideMs), Math.max(0, windowMs));
  return [inside, windowMs - inside];
}

/**
 * Instantiates one codec module.
 * @param factory the MODULARIZE factory of a module's glue (.cjs, named by the build's catalog)
 * @param options.wasmBinary the .wasm bytes (ArrayBuffer or Uint8Array).
 *   Pass them wherever the loader cannot fetch the file itself: always in
 *   Node (Emscripten 3.1.6 would fetch() a file path), and in bundled pages.
 * @param options.checkItems false turns off the check of encode's items in
 *   the typed and embind strategies. It exists only for
 *   scripts/ab-encode-validation.mjs, which measures what the check costs;
 *   nothing else may pass it (wrong items are then written coerced).
 */
export async function createWasmCodec(factory, { wasmBinary, checkItems = true } = {}) {
  const abort = { reason: null };
  // The error contract says no abort() ever happens; if one does, the
  // module is unusable and `aborted` says why.
  const moduleOptions = { onAbort: (reason) => (abort.reason = String(reason)) };
  if (wasmBinary) moduleOptions.wasmBinary = wasmBinary;
  const m = await factory(moduleOptions);
  return new WasmCodec(m, abort, checkItems);
}

class WasmCodec {
  #m;
  #abort;
  #checkItems;
  #writeItems;

  constructor(m, abort, checkItems) {
    this.#m = m;
    this.#abort = abort;
    this.#checkItems = checkItems;
    this.#writeItems = checkItems ? itemsToHeap : itemsToHeapUnchecked;
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

  /** Whether the module exports poisonOutputs (every module built since it was added). */
  get hasPoisonOutputs() {
    return typeof this.#m.poisonOutputs === 'function';
  }

  /**
   * Fills the module's reused decode outputs with the sentinel. Call it
   * before a decode whose result is verified, outside any timing. A module
   * built before the export existed has nothing to call (tests check that
   * every module of the build has it).
   */
  poisonOutputs() {
    if (this.hasPoisonOutputs) this.#m.poisonOutputs();
  }

  /** Encodes an array of {x, y, z}; returns { bytes: Uint8Array (a copy), phases }. */
  encode(strategy, items) {
    // The phases account for the call from here on.
    const start = now();
    if (items === null || typeof items !== 'object' || typeof items.length !== 'number') {
      throw new TypeError(`${this.name}: encode expects an array of {x, y, z}, not ${describe(items)}`);
    }
    switch (strategy) {
      case 'val':
        return this.#encodeVal(start, items);
      case 'embind':
        return this.#encodeEmbind(start, items);
      case 'typed':
        return this.#encodeTyped(start, items);
      default:
        throw new Error(`${this.name}: unknown strategy '${strategy}' (expected ${STRATEGIES.join(', ')})`);
    }
  }

  /** Decodes bytes (Uint8Array); returns { items: Array<{x, y, z}>, phases }. */
  decode(strategy, bytes) {
    const start = now();
    if (!(bytes instanceof Uint8Array)) {
      throw new TypeError(`${this.name}: decode expects a Uint8Array, not ${describe(bytes)}`);
    }
    switch (strategy) {
      case 'val':
        return this.#decodeVal(start, bytes);
      case 'embind':
        return this.#decodeEmbind(start, bytes);
      case 'typed':
        return this.#decodeTyped(start, bytes);
      default:
        throw new Error(`${this.name}: unknown strategy '${strategy}' (expected ${STRATEGIES.join(', ')})`);
    }
  }

  /** Encodes columns {x: Int32Array, y: Float64Array, z: Float64Array}; returns { bytes, phases }. */
  encodeColumns(columns) {
    const start = now();
    const { x, y, z } = this.#checkColumns(columns);
    const m = this.#m;
    const count = x.length;
    const pointer = this.#itemBuffer(count);
    // Views taken after the allocation: growing the memory detaches old ones.
    columnsToHeap(m.HEAP32, m.HEAPF64, pointer, x, y, z);
    const view = m.encodeTyped(count);
    return this.#finishEncode(start, view, now());
  }

  /** Decodes bytes into columns; returns { columns: {x: Int32Array, y, z: Float64Array}, phases }. */
  decodeColumns(bytes) {
    const start = now();
    if (!(bytes instanceof Uint8Array)) {
      throw new TypeError(`${this.name}: decode expects a Uint8Array, not ${describe(bytes)}`);
    }
    const m = this.#m;
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

  // Encode: marshal in + codec until `copyStart`, then the bytes copied out
  // of the heap view. The outcome is read inside the call's time (the caller
  // times it too), so the phases cover start..end: marshalIn is the window
  // before copyStart less the codec's time inside it.
  #finishEncode(start, view, copyStart) {
    const bytes = view === null ? null : view.slice();
    const call = this.#lastCall();
    const end = now();
    const [codecMs, marshalInMs] = split(copyStart - start, call.codecMs);
    return { bytes, phases: { marshalInMs, codecMs, bytesOutMs: end - copyStart } };
  }

  #encodeVal(start, items) {
    const view = this.#m.encodeVal(items);
    return this.#finishEncode(start, view, now());
  }

  #encodeEmbind(start, items) {
    const m = this.#m;
    const vector = new m.ItemVector();
    let view;
    try {
      // embind's value_object converts without checking (2**31 as -2**31).
      for (let i = 0; i < items.length; i++) {
        const item = items[i];
        if (this.#checkItems && !isItem(item)) throw invalidItemError(this.name, i, item);
        vector.push_back(item);
      }
      view = m.encodeEmbind(vector);
    } finally {
      vector.delete();
    }
    return this.#finishEncode(start, view, now());
  }

  #encodeTyped(start, items) {
    const m = this.#m;
    const count = items.length;
    const pointer = this.#itemBuffer(count);
    // Views taken after the allocation: growing the memory detaches old ones.
    const bad = this.#writeItems(m.HEAP32, m.HEAPF64, pointer, items);
    if (bad >= 0) throw invalidItemError(this.name, bad, items[bad]);
    const view = m.encodeTyped(count);
    return this.#finishEncode(start, view, now());
  }

  // Decode: `marshalStart` marks the end of bytes in + codec in wasm; the
  // marshalling C++ did before it (val; embind's copy out of the reused
  // items) is moved to marshalOutMs. The phases cover start..end as in
  // #finishEncode.
  #finishDecode(start, items, marshalStart) {
    const call = this.#lastCall();
    const end = now();
    const [codecMs, beforeCodec] = split(marshalStart - start, call.codecMs);
    const [cppMarshalMs, bytesInMs] = split(beforeCodec, call.marshalMs);
    return { items, phases: { bytesInMs, codecMs, marshalOutMs: end - marshalStart + cppMarshalMs } };
  }

  #decodeVal(start, bytes) {
    const items = this.#m.decodeVal(bytes);
    return this.#finishDecode(start, items, now());
  }

  #decodeEmbind(start, bytes) {
    const m = this.#m;
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

  #decodeTyped(start, bytes) {
    const m = this.#m;
    this.#copyIntoHeap(bytes);
    // The item count; 0 on failure, reported by #finishDecode's lastCall.
    const count = m.decodeTyped(bytes.length);
    const marshalStart = now();
    // Views taken after the decode: it may have grown the memory.
    const items = itemsFromHeap(m.HEAP32, m.HEAPF64, m.decodedItems(), count);
    return this.#finishDecode(start, items, marshalStart);
  }
}
