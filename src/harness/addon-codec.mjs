// The JS half of the tuple workload in the Node-API addon
// (that folder's addon-bindings.cpp): one codec of the native build,
// called through the addon's strategies (docs/design.md#node-api-addon), each
// call timed in wasm-codec.mjs's phases, which add up to the call. No Node
// imports: it receives the addon's exports (src/addon/load-addon.mjs loadAddon()).
//
//   const codec = createAddonCodec(loadAddon(), 'msgpack');
//   const { bytes, phases } = codec.encode('typed', items);
//   const { items, phases } = codec.decode('object', bytes);
//
// A failed call throws an Error "<codec>: ..." (the addon's, or the item
// check's, worded as wasm's); the codec stays usable.

import { addonStrategiesOf } from '../catalog.mjs';
import { expectBytes, expectColumns, expectItems, now, split } from './typed-calls.mjs';
import { invalidItemError, itemsFromHeap, itemsToHeap } from './wasm-items.mjs';

export const ADDON_STRATEGIES = Object.freeze(addonStrategiesOf('tuples'));

// Where the addon writes each call's timings (addon-bindings.cpp StatIndex).
const STAT_CODEC = 0;
const STAT_MARSHAL = 1;
const STAT_BYTES = 2;
const STAT_COUNT = 3;
const ITEM_BYTES = 24;

/** The tuple codecs the addon holds, in catalog order. */
export function addonCodecNames(addon) {
  return addon.tuplesCodecs();
}

/** One codec of the addon (throws when the addon has no such codec). */
export function createAddonCodec(addon, name) {
  return new AddonCodec(addon, name);
}

class AddonCodec {
  #addon;
  #native;
  #stats = new Float64Array(STAT_COUNT);
  // The typed encode's item storage, reused and grown (a new ArrayBuffer is
  // zeroed, so the padding word of every item stays 0).
  #items = new ArrayBuffer(0);
  #int32 = new Int32Array(0);
  #float64 = new Float64Array(0);

  constructor(addon, name) {
    this.#addon = addon;
    this.#native = new addon.TuplesCodec(name, this.#stats);
    this.name = this.#native.name;
    this.libraryVersion = this.#native.libraryVersion;
    this.strategies = ADDON_STRATEGIES;
    // The results' `module` names a wasm module (embind or lean); an addon path has none.
    this.module = undefined;
  }

  /** Fills the reused decode output with the sentinel (before a verified decode, untimed). */
  poisonOutputs() {
    this.#native.poisonOutputs();
  }

  /** Frees the buffers kept between calls, the JS item storage too. */
  releaseBuffers() {
    this.#native.releaseBuffers();
    this.#growItems(0, true);
  }

  /** Calls a method that takes nothing and does nothing: the per-call floor. */
  emptyCall() {
    this.#native.emptyCall();
  }

  /**
   * src/loop's codec loop inside the addon, with no JS between the calls:
   * { encodeMs, decodeMs (one per repetition), bytes } (bench:gap --addon).
   */
  codecLoop(items, { warmup, repetitions }) {
    this.#growItems(items.length);
    const bad = itemsToHeap(this.#int32, this.#float64, 0, items);
    if (bad >= 0) throw invalidItemError(this.name, bad, items[bad]);
    const { encodeMs, decodeMs, bytes } = this.#native.codecLoop(
      this.#items,
      items.length,
      warmup,
      repetitions,
    );
    return { encodeMs: [...encodeMs], decodeMs: [...decodeMs], bytes };
  }

  /** Bytes malloc holds in this process (the leak tests). */
  allocatedBytes() {
    return this.#addon.allocatedBytes();
  }

  /** Encodes an array of {x, y, z}; returns { bytes: Uint8Array, phases }. */
  encode(strategy, items) {
    const start = now();
    expectItems(this.name, items);
    switch (strategy) {
      case 'object':
        return this.#finishEncode(start, this.#native.encodeObject(items));
      case 'typed':
        return this.#encodeTyped(start, items);
      default:
        throw new Error(
          `${this.name}: unknown strategy '${strategy}' (expected ${ADDON_STRATEGIES.join(', ')})`,
        );
    }
  }

  /** Decodes bytes (Uint8Array); returns { items: Array<{x, y, z}>, phases }. */
  decode(strategy, bytes) {
    const start = now();
    expectBytes(this.name, bytes);
    switch (strategy) {
      case 'object': {
        const items = this.#native.decodeObject(bytes);
        return this.#finishDecode(start, items, now());
      }
      case 'typed': {
        const buffer = this.#native.decodeTyped(bytes);
        const marshalStart = now();
        const count = buffer.byteLength / ITEM_BYTES;
        const items = itemsFromHeap(new Int32Array(buffer), new Float64Array(buffer), 0, count);
        return this.#finishDecode(start, items, marshalStart);
      }
      default:
        throw new Error(
          `${this.name}: unknown strategy '${strategy}' (expected ${ADDON_STRATEGIES.join(', ')})`,
        );
    }
  }

  /** Encodes columns {x: Int32Array, y: Float64Array, z: Float64Array}; returns { bytes, phases }. */
  encodeColumns(columns) {
    const start = now();
    expectColumns(this.name, columns);
    const { x, y, z } = columns;
    return this.#finishEncode(start, this.#native.encodeColumns(x, y, z));
  }

  /** Decodes bytes into columns; returns { columns: {x: Int32Array, y, z: Float64Array}, phases }. */
  decodeColumns(bytes) {
    const start = now();
    expectBytes(this.name, bytes);
    const columns = this.#native.decodeColumns(bytes);
    const { items, phases } = this.#finishDecode(start, columns, now());
    return { columns: items, phases };
  }

  #growItems(count, shrink = false) {
    const bytes = count * ITEM_BYTES;
    if (bytes <= this.#items.byteLength && !shrink) return;
    this.#items = new ArrayBuffer(bytes);
    this.#int32 = new Int32Array(this.#items);
    this.#float64 = new Float64Array(this.#items);
  }

  #encodeTyped(start, items) {
    const count = items.length;
    this.#growItems(count);
    const bad = itemsToHeap(this.#int32, this.#float64, 0, items);
    if (bad >= 0) throw invalidItemError(this.name, bad, items[bad]);
    return this.#finishEncode(start, this.#native.encodeTyped(this.#items, count));
  }

  // Encode: C++ timed the codec and the copy out; the rest of the window is
  // marshalling in (JS's or C++'s) and the crossings.
  #finishEncode(start, bytes) {
    const end = now();
    const stats = this.#stats;
    const [codecMs, rest] = split(end - start, stats[STAT_CODEC]);
    const [bytesOutMs, marshalInMs] = split(rest, stats[STAT_BYTES]);
    return { bytes, phases: { marshalInMs, codecMs, bytesOutMs } };
  }

  // Decode: `marshalStart` marks the return from the addon; the marshalling
  // C++ did before it moves to marshalOutMs, and the rest before the codec
  // is bytes in (the crossing: the bytes are read in place).
  #finishDecode(start, items, marshalStart) {
    const end = now();
    const stats = this.#stats;
    const [codecMs, beforeCodec] = split(marshalStart - start, stats[STAT_CODEC]);
    const [cppMarshalMs, bytesInMs] = split(beforeCodec, stats[STAT_MARSHAL]);
    return { items, phases: { bytesInMs, codecMs, marshalOutMs: end - marshalStart + cppMarshalMs } };
  }
}
