// The messages workload through the Node-API addon (src/addon), the JS half
// of src/workloads/messages/addon-bindings.cpp: the same API as a wasm
// module's `codec.messages` (wasm-messages.mjs), so the per-call protocol
// (src/workloads/messages/measure.mjs) measures the addon's paths, floors and
// empty call as it measures wasm's, and its rows say place 'node-addon'.
//
// Strategies: object, the counterpart of wasm's val (C++ reads the record
// through Node-API field by field and builds the decoded record), and
// tagged (JS writes the record's tagged form, the documents writer's
// extended mode, into a Uint8Array registered with the addon, which C++
// reads in place; decode writes the decoded record's tagged form into a
// registered output buffer). Decode passes the bytes themselves: C++ reads a
// JS Uint8Array in place.
//
//   const codec = createAddonMessageCodec(loadAddon(), 'msgpack');
//   // { name, place: 'node-addon', libraryVersion, messages }
//   codec.messages.forRecord('tagged', 'record')        // bound calls, as wasm's
//   createWasmMessagePath(codec, 'object')   // a message path (wasm-paths.mjs)

import { ADDON_PLACE, addonStrategiesOf } from '../../catalog.mjs';
import { TaggedReader } from '../documents/tagged-reader.mjs';
import { TaggedWriter } from '../documents/tagged-writer.mjs';
import {
  INITIAL_TAGGED_BYTES,
  MessageCalls,
  readTaggedRecord,
  writeTaggedRecord,
} from './boundary-checks.mjs';

/** The addon's strategies of the messages workload (the catalog's addonStrategies). */
export const ADDON_MESSAGE_STRATEGIES = Object.freeze(addonStrategiesOf('messages'));

// Strategy tagged's JS half, one per codec: the input buffer JS writes the
// tagged form into and the output buffer C++ writes decoded records into,
// both registered with the addon (setBuffers) whenever one grows.
class TaggedBuffers {
  #c;
  #codec;
  #input = new Uint8Array(INITIAL_TAGGED_BYTES);
  #output = new Uint8Array(INITIAL_TAGGED_BYTES);
  #writer;
  #reader = new TaggedReader({ extended: true });

  constructor(c, codecName) {
    this.#c = c;
    this.#codec = codecName;
    c.setBuffers(this.#input, this.#output);
    this.#writer = new TaggedWriter(
      (used, needed) => {
        const bigger = new Uint8Array(Math.max(2 * this.#input.length, used + needed));
        bigger.set(this.#input.subarray(0, used));
        this.#input = bigger;
        this.#c.setBuffers(this.#input, this.#output);
        return [bigger, 0, bigger.length];
      },
      { extended: true },
    );
  }

  /** Writes the record's tagged form into the input buffer; its byte length. */
  write(name, record) {
    return writeTaggedRecord(this.#writer, this.#codec, name, record, this.#input, 0, this.#input.length);
  }

  /**
   * The record of a decode's result: a length in the output buffer, or a
   * Uint8Array when it did not fit (the output buffer then grows for the next).
   */
  read(result) {
    let bytes = this.#output;
    let length = result;
    if (typeof result !== 'number') {
      bytes = result;
      length = result.length;
      this.#output = new Uint8Array(Math.max(2 * this.#output.length, length));
      this.#c.setBuffers(this.#input, this.#output);
    }
    return readTaggedRecord(this.#reader, this.#codec, bytes, length);
  }
}

// The messages API of one addon codec (MessageCalls), as wasm-messages.mjs's.
function createAddonMessages(c) {
  const tagged = new TaggedBuffers(c, c.name);
  return new MessageCalls(c.name, 'addon', {
    kinds: c.kindNames,
    libraryVersion: c.libraryVersion,
    strategies: ADDON_MESSAGE_STRATEGIES,
    emptyCall: c.emptyCall,
    boundary: {
      prepareDecode: () => c.poisonOutputs(),
      prepareFloor: (kind, bytes) => c.prepareFloor(kind, bytes),
    },
    make: {
      object: (name, kind) => ({
        encode: (record) => c.encodeObject(kind, record),
        decode: (bytes) => c.decodeObject(kind, bytes),
        encodeFloor: (record) => c.encodeFloorObject(kind, record),
        decodeFloor: (bytes) => c.decodeFloorObject(kind, bytes),
      }),
      tagged: (name, kind) => ({
        encode: (record) => c.encodeTagged(kind, tagged.write(name, record)),
        decode: (bytes) => tagged.read(c.decodeTagged(kind, bytes)),
        encodeFloor: (record) => c.encodeFloorTagged(kind, tagged.write(name, record)),
        decodeFloor: (bytes) => tagged.read(c.decodeFloorTagged(kind, bytes)),
      }),
    },
    strategyWord: 'addon messages',
  });
}

/**
 * One addon codec as the message harness takes a wasm codec: { name, place:
 * 'node-addon', libraryVersion, messages }. Throws, naming the codec, when
 * the addon has none of that name.
 */
export function createAddonMessageCodec(addon, name) {
  if (typeof addon?.createMessageCodec !== 'function') {
    throw new Error(`${name}: the addon has no messages workload (rebuild the native build)`);
  }
  const c = addon.createMessageCodec(name);
  const messages = createAddonMessages(c);
  return { name: c.name, place: ADDON_PLACE, libraryVersion: c.libraryVersion, messages };
}
