// The JS half of the wasm bindings (src/wasm/module.cpp, src/workloads/<name>/bindings.cpp):
// one codec module, called through the interop strategies of
// docs/design.md#strategies, each call timed in the phases of
// docs/design.md#per-payload-tuples-documents, which add up to the call
// (typed-calls.mjs, which also holds the typed strategy and the columnar
// variant, shared with lean-codec.mjs). Environment-agnostic: the Node runner
// and the page import it unchanged.
//
//   const codec = await createWasmCodec(factory, { wasmBinary });
//   const { bytes, phases } = codec.encode('typed', items);
//   const { items, phases } = codec.decode('typed', bytes);
//   const { bytes, phases } = codec.encodeColumns({ x, y, z }); // Int32Array, Float64Arrays
//   const { columns, phases } = codec.decodeColumns(bytes);
//
// Encode checks its items in every strategy ("<codec>: item <i>: ...",
// wasm-items.mjs; val checks in C++). A failed call throws the codec's Error
// and the module stays usable; every call frees what it allocated (embind
// vectors are deleted here). A workload whose calls this class does not wrap
// adds its own where the module exports them (its catalog entry's moduleApi).

import { WORKLOADS, strategiesOf } from '../catalog.mjs';
import { expectBytes, expectItems, now, TypedCalls } from './typed-calls.mjs';
import { invalidItemError, isItem } from './wasm-items.mjs';
export { columnsFromItems, itemsFromColumns } from './wasm-items.mjs';

export const STRATEGIES = Object.freeze(strategiesOf('tuples'));

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
  const codec = new WasmCodec(m, abort);
  for (const { moduleApi: api } of WORKLOADS.filter((info) => info.moduleApi))
    codec[api.name] = typeof m[api.probe] === 'function' ? await api.create(m, codec.name) : null;
  return codec;
}

class WasmCodec {
  #m;
  #abort;
  #typed;

  constructor(m, abort) {
    this.#m = m;
    this.#abort = abort;
    this.name = m.codecName();
    this.libraryVersion = m.libraryVersion();
    this.strategies = STRATEGIES;
    this.#typed = new TypedCalls(this.name, {
      heap32: () => m.HEAP32,
      heapF64: () => m.HEAPF64,
      heapU8: () => m.HEAPU8,
      itemBuffer: (count) => m.itemBuffer(count),
      byteBuffer: (length) => m.byteBuffer(length),
      // A view of the encoding in the heap (null on failure).
      encodeTyped: (count) => m.encodeTyped(count),
      copyEncoded: (view) => (view === null ? null : view.slice()),
      decodeTyped: (length) => m.decodeTyped(length),
      decodedItems: () => m.decodedItems(),
      decodeColumns: (length) => m.decodeColumns(length),
      copyColumns: () => {
        const views = m.decodedColumns();
        return { x: views.x.slice(), y: views.y.slice(), z: views.z.slice() };
      },
      lastCall: () => m.lastCall(),
    });
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
    expectItems(this.name, items);
    switch (strategy) {
      case 'val':
        return this.#encodeVal(start, items);
      case 'embind':
        return this.#encodeEmbind(start, items);
      case 'typed':
        return this.#typed.encodeTyped(start, items);
      default:
        throw new Error(`${this.name}: unknown strategy '${strategy}' (expected ${STRATEGIES.join(', ')})`);
    }
  }

  /** Decodes bytes (Uint8Array); returns { items: Array<{x, y, z}>, phases }. */
  decode(strategy, bytes) {
    const start = now();
    expectBytes(this.name, bytes);
    switch (strategy) {
      case 'val':
        return this.#decodeVal(start, bytes);
      case 'embind':
        return this.#decodeEmbind(start, bytes);
      case 'typed':
        return this.#typed.decodeTyped(start, bytes);
      default:
        throw new Error(`${this.name}: unknown strategy '${strategy}' (expected ${STRATEGIES.join(', ')})`);
    }
  }

  /** Encodes columns {x: Int32Array, y: Float64Array, z: Float64Array}; returns { bytes, phases }. */
  encodeColumns(columns) {
    return this.#typed.encodeColumns(columns);
  }

  /** Decodes bytes into columns; returns { columns: {x: Int32Array, y, z: Float64Array}, phases }. */
  decodeColumns(bytes) {
    return this.#typed.decodeColumns(bytes);
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

  #encodeVal(start, items) {
    const view = this.#m.encodeVal(items);
    return this.#typed.finishEncode(start, view, now());
  }

  #encodeEmbind(start, items) {
    const m = this.#m;
    const vector = new m.ItemVector();
    let view;
    try {
      // embind's value_object converts without checking (2**31 as -2**31).
      for (let i = 0; i < items.length; i++) {
        const item = items[i];
        if (!isItem(item)) throw invalidItemError(this.name, i, item);
        vector.push_back(item);
      }
      view = m.encodeEmbind(vector);
    } finally {
      vector.delete();
    }
    return this.#typed.finishEncode(start, view, now());
  }

  #decodeVal(start, bytes) {
    const items = this.#m.decodeVal(bytes);
    return this.#typed.finishDecode(start, items, now());
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
    return this.#typed.finishDecode(start, items, marshalStart);
  }
}
