// The JS half of a lean module (the tuple workload's lean-bindings.cpp): the
// typed strategy and its columnar variant of src/harness/wasm-codec.mjs, with
// the same interface, checks, errors and phases (one code for both:
// typed-calls.mjs), over plain exported C functions instead of embind.
// Environment-agnostic, like wasm-codec.mjs.
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
import { instantiateLean } from './lean-loader.mjs';
import { expectBytes, expectItems, now, TypedCalls } from './typed-calls.mjs';

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

/**
 * The lean module of (codec, workload) with the compression stage in it
 * (zlib: the tuple workload's lean-compress-bindings.cpp), or undefined.
 */
export function leanZlibModuleOf(info, codec, workload = DEFAULT_WORKLOAD) {
  return catalogOf(info)?.codecs.find((entry) => entry.name === codec)?.leanZlib?.[workload];
}

/** The `module` of a row measured through a lean module with the compression stage. */
export const LEAN_ZLIB_MODULE = 'lean+zlib';

/** Whether a path of `strategy` ('typed', 'columnar', ...) runs on a lean module when one is built. */
export function servesLean(strategy) {
  return LEAN_STRATEGIES.includes(strategy);
}

/** Instantiates one lean module from its .wasm bytes or a fetch() of the file (lean-loader.mjs). */
export async function createLeanCodec(wasmBinary) {
  return new LeanCodec(await instantiateLean(wasmBinary));
}

class LeanCodec {
  #lean;
  #e;
  #typed;

  constructor(lean) {
    this.#lean = lean;
    const e = (this.#e = lean.exports);
    this.name = lean.text(e.wcb_codec_name());
    this.libraryVersion = lean.text(e.wcb_library_version());
    this.strategies = ['typed'];
    this.module = typeof e.wcb_encode_typed_compressed === 'function' ? LEAN_ZLIB_MODULE : LEAN_MODULE;
    // Addresses and sizes come back as i32: >>> 0 reads them unsigned.
    this.#typed = new TypedCalls(this.name, {
      heap32: () => lean.heap32(),
      heapF64: () => lean.heapF64(),
      heapU8: () => lean.heapU8(),
      itemBuffer: (count) => e.wcb_item_buffer(count) >>> 0,
      byteBuffer: (length) => e.wcb_byte_buffer(length) >>> 0,
      // The address of the encoding; its size is read as it is copied out.
      encodeTyped: (count) => e.wcb_encode_typed(count) >>> 0,
      copyEncoded: (encoded) => {
        const size = e.wcb_encoded_size() >>> 0;
        return lean.heapU8().slice(encoded, encoded + size);
      },
      decodeTyped: (length) => e.wcb_decode_typed(length) >>> 0,
      decodedItems: () => e.wcb_decoded_items(),
      decodeColumns: (length) => e.wcb_decode_columns(length) >>> 0,
      // One slice per column, as wasm-codec.mjs copies decodedColumns' views.
      copyColumns: (count) => {
        const heap = lean.heapU8().buffer;
        return {
          x: new Int32Array(heap, e.wcb_decoded_x() >>> 0, count).slice(),
          y: new Float64Array(heap, e.wcb_decoded_y() >>> 0, count).slice(),
          z: new Float64Array(heap, e.wcb_decoded_z() >>> 0, count).slice(),
        };
      },
      // The compression stage in the module (src/wasm/compress_calls.h).
      encodeTypedCompressed: (count, format, level) =>
        e.wcb_encode_typed_compressed(count, format, level) >>> 0,
      copyCompressed: (compressed) => {
        const size = e.wcb_compressed_size() >>> 0;
        return lean.heapU8().slice(compressed, compressed + size);
      },
      encodedSize: () => e.wcb_encoded_size() >>> 0,
      decodeTypedCompressed: (length, format) => e.wcb_decode_typed_compressed(length, format) >>> 0,
      lastCall: () =>
        e.wcb_last_ok() === 1
          ? {
              ok: true,
              codecMs: e.wcb_last_codec_ms(),
              marshalMs: e.wcb_last_marshal_ms(),
              compressMs: e.wcb_last_compress_ms?.() ?? 0,
            }
          : { ok: false, error: lean.text(e.wcb_last_error()) },
    });
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
    expectItems(this.name, items);
    this.#checkStrategy(strategy);
    return this.#guard(() => this.#typed.encodeTyped(start, items));
  }

  /** Decodes bytes (Uint8Array) into {x, y, z} objects (strategy 'typed'); returns { items, phases }. */
  decode(strategy, bytes) {
    const start = now();
    expectBytes(this.name, bytes);
    this.#checkStrategy(strategy);
    return this.#guard(() => this.#typed.decodeTyped(start, bytes));
  }

  /** Whether the module has the compression stage (zlib in the module: src/wasm/compress_calls.h). */
  get compresses() {
    return typeof this.#e.wcb_encode_typed_compressed === 'function';
  }

  /**
   * The typed encode, then its bytes compressed in the module: { bytes (the
   * compressed ones, a copy), codecBytes, phases (with compressMs) }.
   * format: COMPRESSION_FORMATS' wasmId; level: 0-9, or -1 for zlib's default.
   */
  encodeCompressed(items, format, level) {
    const start = now();
    expectItems(this.name, items);
    return this.#guard(() => this.#typed.encodeTypedCompressed(start, items, format, level));
  }

  /** Compressed bytes decompressed and decoded in the module: { items, phases (with decompressMs) }. */
  decodeCompressed(bytes, format) {
    const start = now();
    expectBytes(this.name, bytes);
    return this.#guard(() => this.#typed.decodeTypedCompressed(start, bytes, format));
  }

  /** Encodes columns {x: Int32Array, y: Float64Array, z: Float64Array}; returns { bytes, phases }. */
  encodeColumns(columns) {
    return this.#guard(() => this.#typed.encodeColumns(columns));
  }

  /** Decodes bytes into columns; returns { columns: {x: Int32Array, y, z: Float64Array}, phases }. */
  decodeColumns(bytes) {
    return this.#guard(() => this.#typed.decodeColumns(bytes));
  }

  #checkStrategy(strategy) {
    if (strategy !== 'typed') {
      throw new Error(`${this.name}: unknown strategy '${strategy}' (the lean module has typed only)`);
    }
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
}
