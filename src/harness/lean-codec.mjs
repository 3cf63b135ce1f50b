// The JS half of a lean module (src/workloads/tuples/lean-bindings.cpp): the
// typed strategy and its columnar variant of src/harness/wasm-codec.mjs, with
// the same interface, checks, errors and phases, over plain exported C
// functions instead of embind. Environment-agnostic, like wasm-codec.mjs.
//
//   const codec = await createLeanCodec(wasmBytes);
//   codec.encode('typed', items);  codec.decode('typed', bytes);
//   codec.encodeColumns(columns);  codec.decodeColumns(bytes);
//
// Phases as wasm-codec.mjs: encode marshalInMs / codecMs / bytesOutMs, decode
// bytesInMs / codecMs / marshalOutMs, adding up to the call's time. A failed
// call throws the codec's Error ("msgpack: ..."); the module stays usable.
// Which runs use it: LEAN_STRATEGIES, wherever a build has a lean module
// (leanModuleOf: the build's catalog says so).

import { catalogOf, DEFAULT_WORKLOAD } from '../catalog.mjs';
import { typeName as describe } from './format.mjs';
import { instantiateLean } from './lean-loader.mjs';
import {
  columnsToHeap,
  invalidItemError,
  itemsFromHeap,
  itemsToHeap,
  itemsToHeapUnchecked,
} from './wasm-items.mjs';

/** The strategies (path names: the columnar variant too) a lean module serves. */
export const LEAN_STRATEGIES = Object.freeze(['typed', 'columnar']);

/** The `module` of a row measured through a lean module (results schema). */
export const LEAN_MODULE = 'lean';

/**
 * The lean module of (codec, workload) in a build's catalog (build-info.json
 * or the catalog): { wasm, wasmBytes, wasmGzipBytes }, or undefined when the
 * build has none.
 */
export function leanModuleOf(info, codec, workload = DEFAULT_WORKLOAD) {
  return catalogOf(info)?.codecs.find((entry) => entry.name === codec)?.lean?.[workload];
}

/** Whether a path of `strategy` ('typed', 'columnar', ...) runs on a lean module when one is built. */
export function servesLean(strategy) {
  return LEAN_STRATEGIES.includes(strategy);
}

const now = () => performance.now();

// As wasm-codec.mjs: the part of `windowMs` that wasm timed inside it, cut to the window.
function split(windowMs, insideMs) {
  const inside = Math.min(Math.max(0, insideMs), Math.max(0, windowMs));
  return [inside, windowMs - inside];
}

/**
 * Instantiates one lean module from its .wasm bytes.
 * @param options.checkItems as createWasmCodec's (only for A/B scripts).
 */
export async function createLeanCodec(wasmBinary, { checkItems = true } = {}) {
  return new LeanCodec(await instantiateLean(wasmBinary), checkItems);
}

class LeanCodec {
  #lean;
  #e;
  #writeItems;

  constructor(lean, checkItems) {
    this.#lean = lean;
    this.#e = lean.exports;
    this.#writeItems = checkItems ? itemsToHeap : itemsToHeapUnchecked;
    this.name = lean.text(this.#e.wcb_codec_name());
    this.libraryVersion = lean.text(this.#e.wcb_library_version());
    this.strategies = ['typed'];
    this.module = LEAN_MODULE;
    this.messages = null;
  }

  /** The module's own exports. */
  get exports() {
    return this.#e;
  }

  emptyCall() {
    this.#e.wcb_empty_call();
  }

  get hasPoisonOutputs() {
    return true;
  }

  poisonOutputs() {
    this.#e.wcb_poison_outputs();
  }

  /** Why the module exited or trapped (null while it has not: the error contract). */
  get aborted() {
    return this.#lean.aborted;
  }

  heapBytes() {
    return this.#e.wcb_heap_bytes();
  }

  allocatedBytes() {
    return this.#e.wcb_allocated_bytes();
  }

  releaseBuffers() {
    this.#e.wcb_release_buffers();
  }

  /** Encodes an array of {x, y, z} (strategy 'typed'); returns { bytes, phases }. */
  encode(strategy, items) {
    const start = now();
    if (items === null || typeof items !== 'object' || typeof items.length !== 'number') {
      throw new TypeError(`${this.name}: encode expects an array of {x, y, z}, not ${describe(items)}`);
    }
    this.#checkStrategy(strategy);
    return this.#guard(() => {
      const count = items.length;
      const pointer = this.#itemBuffer(count);
      const bad = this.#writeItems(this.#lean.heap32(), this.#lean.heapF64(), pointer, items);
      if (bad >= 0) throw invalidItemError(this.name, bad, items[bad]);
      const encoded = this.#e.wcb_encode_typed(count) >>> 0;
      return this.#finishEncode(start, encoded, now());
    });
  }

  /** Decodes bytes (Uint8Array) into {x, y, z} objects (strategy 'typed'); returns { items, phases }. */
  decode(strategy, bytes) {
    const start = now();
    if (!(bytes instanceof Uint8Array)) {
      throw new TypeError(`${this.name}: decode expects a Uint8Array, not ${describe(bytes)}`);
    }
    this.#checkStrategy(strategy);
    return this.#guard(() => {
      this.#copyIntoHeap(bytes);
      const count = this.#e.wcb_decode_typed(bytes.length) >>> 0;
      const marshalStart = now();
      // Views taken after the decode: it may have grown the memory.
      const items = itemsFromHeap(
        this.#lean.heap32(),
        this.#lean.heapF64(),
        this.#e.wcb_decoded_items(),
        count,
      );
      return this.#finishDecode(start, items, marshalStart);
    });
  }

  /** Encodes columns {x: Int32Array, y: Float64Array, z: Float64Array}; returns { bytes, phases }. */
  encodeColumns(columns) {
    const start = now();
    const { x, y, z } = this.#checkColumns(columns);
    return this.#guard(() => {
      const count = x.length;
      const pointer = this.#itemBuffer(count);
      columnsToHeap(this.#lean.heap32(), this.#lean.heapF64(), pointer, x, y, z);
      const encoded = this.#e.wcb_encode_typed(count) >>> 0;
      return this.#finishEncode(start, encoded, now());
    });
  }

  /** Decodes bytes into columns; returns { columns: {x: Int32Array, y, z: Float64Array}, phases }. */
  decodeColumns(bytes) {
    const start = now();
    if (!(bytes instanceof Uint8Array)) {
      throw new TypeError(`${this.name}: decode expects a Uint8Array, not ${describe(bytes)}`);
    }
    return this.#guard(() => {
      const e = this.#e;
      this.#copyIntoHeap(bytes);
      const count = e.wcb_decode_columns(bytes.length) >>> 0;
      const marshalStart = now();
      // One slice per column, as wasm-codec.mjs copies decodedColumns' views.
      const heap = this.#lean.heapU8().buffer;
      const columns = {
        x: new Int32Array(heap, e.wcb_decoded_x() >>> 0, count).slice(),
        y: new Float64Array(heap, e.wcb_decoded_y() >>> 0, count).slice(),
        z: new Float64Array(heap, e.wcb_decoded_z() >>> 0, count).slice(),
      };
      const { items, phases } = this.#finishDecode(start, columns, marshalStart);
      return { columns: items, phases };
    });
  }

  #checkStrategy(strategy) {
    if (strategy !== 'typed') {
      throw new Error(`${this.name}: unknown strategy '${strategy}' (the lean module has typed only)`);
    }
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

  // A trap or an exit leaves the module unusable: `aborted` says why.
  #guard(body) {
    try {
      return body();
    } catch (error) {
      this.#lean.noteFailure(error);
      throw error;
    }
  }

  #itemBuffer(count) {
    const pointer = this.#e.wcb_item_buffer(count) >>> 0;
    if (pointer === 0 && count > 0) this.#lastCall();
    return pointer;
  }

  #copyIntoHeap(bytes) {
    const length = bytes.length;
    const pointer = this.#e.wcb_byte_buffer(length) >>> 0;
    if (pointer === 0 && length > 0) this.#lastCall();
    this.#lean.heapU8().set(bytes, pointer);
  }

  // The outcome of the last call; throws the codec's error. After the timed region.
  #lastCall() {
    const e = this.#e;
    if (e.wcb_last_ok() !== 1) throw new Error(this.#lean.text(e.wcb_last_error()));
    return { codecMs: e.wcb_last_codec_ms(), marshalMs: e.wcb_last_marshal_ms() };
  }

  // As wasm-codec.mjs #finishEncode: the encoding copied out, then the outcome.
  #finishEncode(start, encoded, copyStart) {
    const size = this.#e.wcb_encoded_size() >>> 0;
    const bytes = this.#lean.heapU8().slice(encoded, encoded + size);
    const call = this.#lastCall();
    const end = now();
    const [codecMs, marshalInMs] = split(copyStart - start, call.codecMs);
    return { bytes, phases: { marshalInMs, codecMs, bytesOutMs: end - copyStart } };
  }

  // As wasm-codec.mjs #finishDecode.
  #finishDecode(start, items, marshalStart) {
    const call = this.#lastCall();
    const end = now();
    const [codecMs, beforeCodec] = split(marshalStart - start, call.codecMs);
    const [cppMarshalMs, bytesInMs] = split(beforeCodec, call.marshalMs);
    return { items, phases: { bytesInMs, codecMs, marshalOutMs: end - marshalStart + cppMarshalMs } };
  }
}
