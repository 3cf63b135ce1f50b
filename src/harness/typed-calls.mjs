// The typed half of a codec module's JS side, written once for every module
// that serves it: the embind module (wasm-codec.mjs) and the lean one
// (lean-codec.mjs) differ only in how they reach the module's memory and
// exports, which each hands over as a `port`. Environment-agnostic (no Node
// APIs), like both.
//
//   const typed = new TypedCalls(name, port, { checkItems });
//   typed.encodeTyped(start, items);  typed.decodeTyped(start, bytes);
//   typed.encodeColumns(columns);     typed.decodeColumns(bytes);
//
// and, for the other strategies of a module, typed.finishEncode /
// finishDecode, which turn a call's clock readings into its phases.
//
// The port: heap32(), heapF64(), heapU8() (views taken when called: growing
// the memory detaches old ones); itemBuffer(count) and byteBuffer(length)
// (module-owned storage, 0 when it cannot be had); encodeTyped(count) (a
// handle of the encoding, copied out later by copyEncoded(handle), so that
// the copy is timed as bytes out); decodeTyped(length) -> count and
// decodedItems() -> address; decodeColumns(length) -> a handle, and
// copyColumns(handle) -> {x, y, z} copies; lastCall() -> { ok, error,
// codecMs, marshalMs, compressMs }. A module that compresses in place
// (src/wasm/compress_calls.h) adds encodeTypedCompressed(count, format,
// level) -> a handle, copyCompressed(handle), encodedSize() (the codec's
// bytes before compression) and decodeTypedCompressed(length, format) -> count.
//
// Phases: encode marshalInMs / codecMs / bytesOutMs, decode bytesInMs /
// codecMs / marshalOutMs; a call's phases add up to its time from entering
// the call to leaving it (see finishEncode). The pieces that know nothing
// of wasm memory (the argument checks and the phase arithmetic) are exported
// on their own, for a module of another kind (a Node-API addon).

import { typeName as describe } from './format.mjs';
import { columnsToHeap, invalidItemError, itemsFromHeap, itemsToHeap } from './wasm-items.mjs';

export const now = () => performance.now();

// Splits the JS-measured `windowMs` into what the module timed inside it
// (`insideMs`, from the same clock read in C++) and the rest. On a coarse
// clock (a page that is not cross-origin isolated) the inside can read a
// tick longer than the window; it is cut to the window, so the parts never
// go negative and always add up to the window.
export function split(windowMs, insideMs) {
  const inside = Math.min(Math.max(0, insideMs), Math.max(0, windowMs));
  return [inside, windowMs - inside];
}

/**
 * An encode's phases: marshal in + codec from `start` to `copyStart`, then
 * the bytes copied out until `end`. `codecMs` is the module's own time of
 * the codec; marshalIn is the window before copyStart less it.
 */
export function encodePhases(start, copyStart, end, codecMs) {
  const [codec, marshalInMs] = split(copyStart - start, codecMs);
  return { marshalInMs, codecMs: codec, bytesOutMs: end - copyStart };
}

/**
 * A decode's phases: `marshalStart` marks the end of bytes in + codec in the
 * module; the marshalling C++ did before it (`marshalMs`) is moved to
 * marshalOutMs.
 */
export function decodePhases(start, marshalStart, end, codecMs, marshalMs) {
  const [codec, beforeCodec] = split(marshalStart - start, codecMs);
  const [cppMarshalMs, bytesInMs] = split(beforeCodec, marshalMs);
  return { bytesInMs, codecMs: codec, marshalOutMs: end - marshalStart + cppMarshalMs };
}

/** Throws the codec's TypeError unless `items` is array-like (encode's argument). */
export function expectItems(name, items) {
  if (items === null || typeof items !== 'object' || typeof items.length !== 'number') {
    throw new TypeError(`${name}: encode expects an array of {x, y, z}, not ${describe(items)}`);
  }
}

/** Throws the codec's TypeError unless `bytes` is a Uint8Array (decode's argument). */
export function expectBytes(name, bytes) {
  if (!(bytes instanceof Uint8Array)) {
    throw new TypeError(`${name}: decode expects a Uint8Array, not ${describe(bytes)}`);
  }
}

/** encodeColumns' argument checked: {x: Int32Array, y, z: Float64Array} of one length. */
export function expectColumns(name, columns) {
  const { x, y, z } = columns ?? {};
  if (!(x instanceof Int32Array) || !(y instanceof Float64Array) || !(z instanceof Float64Array)) {
    throw new TypeError(
      `${name}: encodeColumns expects {x: Int32Array, y: Float64Array, z: Float64Array}, not ` +
        `{x: ${describe(x)}, y: ${describe(y)}, z: ${describe(z)}}`,
    );
  }
  if (y.length !== x.length || z.length !== x.length) {
    throw new RangeError(
      `${name}: encodeColumns needs columns of one length, not x ${x.length}, y ${y.length}, z ${z.length}`,
    );
  }
}

export class TypedCalls {
  #name;
  #port;

  /**
   * @param name the codec's name, which starts every error message
   * @param port the module's memory and exports (see the top of this file)
   */
  constructor(name, port) {
    this.#name = name;
    this.#port = port;
  }

  /** The typed strategy's encode of {x, y, z} objects, from the call's `start`. */
  encodeTyped(start, items) {
    const port = this.#port;
    const count = items.length;
    const pointer = this.#itemBuffer(count);
    // Views taken after the allocation: growing the memory detaches old ones.
    const bad = itemsToHeap(port.heap32(), port.heapF64(), pointer, items);
    if (bad >= 0) throw invalidItemError(this.#name, bad, items[bad]);
    const encoded = port.encodeTyped(count);
    return this.finishEncode(start, encoded, now());
  }

  /** The typed strategy's decode into {x, y, z} objects, from the call's `start`. */
  decodeTyped(start, bytes) {
    const port = this.#port;
    this.#copyIntoHeap(bytes);
    // The item count; 0 on failure, reported by finishDecode's lastCall.
    const count = port.decodeTyped(bytes.length);
    const marshalStart = now();
    // Views taken after the decode: it may have grown the memory.
    const items = itemsFromHeap(port.heap32(), port.heapF64(), port.decodedItems(), count);
    return this.finishDecode(start, items, marshalStart);
  }

  /**
   * The typed encode through the compression stage in the module: C++
   * encodes, compresses its bytes (format: src/compress/compressor.h's id,
   * level) and only the compressed bytes are copied out. Phases: the typed
   * ones plus compressMs (timed in wasm).
   */
  encodeTypedCompressed(start, items, format, level) {
    const port = this.#port;
    const count = items.length;
    const pointer = this.#itemBuffer(count);
    const bad = itemsToHeap(port.heap32(), port.heapF64(), pointer, items);
    if (bad >= 0) throw invalidItemError(this.#name, bad, items[bad]);
    const compressed = port.encodeTypedCompressed(count, format, level);
    const copyStart = now();
    const bytes = port.copyCompressed(compressed);
    const call = this.lastCall();
    const end = now();
    // The codec and the compressor both ran before copyStart, inside wasm.
    const phases = encodePhases(start, copyStart, end, call.codecMs + call.compressMs);
    const [codecMs] = split(phases.codecMs, call.codecMs);
    // The codec's own bytes, before compression (the row's encodedBytes): read after the call.
    const codecBytes = port.encodedSize();
    return { bytes, codecBytes, phases: { ...phases, codecMs, compressMs: phases.codecMs - codecMs } };
  }

  /**
   * The typed decode of compressed bytes: copied in, decompressed and
   * decoded in the module, the items read out. Phases: the typed ones plus
   * decompressMs (timed in wasm).
   */
  decodeTypedCompressed(start, bytes, format) {
    const port = this.#port;
    this.#copyIntoHeap(bytes);
    const count = port.decodeTypedCompressed(bytes.length, format);
    const marshalStart = now();
    const items = itemsFromHeap(port.heap32(), port.heapF64(), port.decodedItems(), count);
    const call = this.lastCall();
    const end = now();
    const phases = decodePhases(start, marshalStart, end, call.codecMs + call.compressMs, call.marshalMs);
    const [codecMs] = split(phases.codecMs, call.codecMs);
    return { items, phases: { ...phases, codecMs, decompressMs: phases.codecMs - codecMs } };
  }

  /** Encodes columns {x: Int32Array, y: Float64Array, z: Float64Array}; returns { bytes, phases }. */
  encodeColumns(columns) {
    const start = now();
    expectColumns(this.#name, columns);
    const { x, y, z } = columns;
    const port = this.#port;
    const count = x.length;
    const pointer = this.#itemBuffer(count);
    columnsToHeap(port.heap32(), port.heapF64(), pointer, x, y, z);
    const encoded = port.encodeTyped(count);
    return this.finishEncode(start, encoded, now());
  }

  /** Decodes bytes into columns; returns { columns: {x: Int32Array, y, z: Float64Array}, phases }. */
  decodeColumns(bytes) {
    const start = now();
    expectBytes(this.#name, bytes);
    const port = this.#port;
    this.#copyIntoHeap(bytes);
    const decoded = port.decodeColumns(bytes.length);
    const marshalStart = now();
    // C++ transposed the items into one array per field: one copy each.
    const columns = port.copyColumns(decoded);
    const { items, phases } = this.finishDecode(start, columns, marshalStart);
    return { columns: items, phases };
  }

  /**
   * Encode's end: the encoding (`encoded`, the port's handle) copied out
   * from `copyStart`, then the outcome read. The outcome is read inside the
   * call's time (the caller times it too), so the phases cover start..end.
   */
  finishEncode(start, encoded, copyStart) {
    const bytes = this.#port.copyEncoded(encoded);
    const call = this.lastCall();
    const end = now();
    return { bytes, phases: encodePhases(start, copyStart, end, call.codecMs) };
  }

  /** Decode's end: the outcome read after the marshalling that began at `marshalStart`. */
  finishDecode(start, items, marshalStart) {
    const call = this.lastCall();
    const end = now();
    return { items, phases: decodePhases(start, marshalStart, end, call.codecMs, call.marshalMs) };
  }

  /**
   * The outcome of the last call into the module; throws the codec's error.
   * Called after the timed region: reading it is not part of the operation.
   */
  lastCall() {
    const call = this.#port.lastCall();
    if (!call.ok) throw new Error(call.error);
    return call;
  }

  // The address of module-owned storage for `count` items (throws the
  // module's error if it cannot allocate them).
  #itemBuffer(count) {
    const pointer = this.#port.itemBuffer(count);
    if (pointer === 0 && count > 0) this.lastCall();
    return pointer;
  }

  // Copies `bytes` into the module's input buffer.
  #copyIntoHeap(bytes) {
    const length = bytes.length;
    const pointer = this.#port.byteBuffer(length);
    if (pointer === 0 && length > 0) this.lastCall();
    this.#port.heapU8().set(bytes, pointer);
  }
}
