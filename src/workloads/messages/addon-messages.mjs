// The messages workload through the Node-API addon (src/addon), the JS half
// of src/workloads/messages/addon-bindings.cpp: the same API as a wasm
// module's `codec.messages` (wasm-messages.mjs), so the per-call protocol
// (src/harness/message-measure.mjs) measures the addon's paths, floors and
// empty call as it measures wasm's, and its rows say place 'node-addon'.
//
//   const codec = createAddonMessageCodec(loadAddon(), 'msgpack');
//   // { name, place: 'node-addon', libraryVersion, messages }
//   codec.messages.strategies                // ['object', 'tagged'] (the catalog's)
//   codec.messages.encode('object', 'record', record)   // Uint8Array
//   codec.messages.forRecord('tagged', 'record')        // bound calls, as wasm's
//   createWasmMessagePath(codec, 'object')   // a message path (wasm-paths.mjs)
//
// Strategies (docs/decisions.md, "messages and documents behind Node-API"):
//   object  C++ reads the record through Node-API, field by field, and
//           builds the decoded record: the counterpart of wasm's val.
//   tagged  JS writes the record's tagged form (the documents writer's
//           extended mode) into a Uint8Array registered once with the addon,
//           C++ reads it in place; decode writes the decoded record's
//           tagged form into a registered output buffer.
// Decode passes the bytes themselves: C++ reads a JS Uint8Array in place.

import { ADDON_PLACE, addonStrategiesOf } from '../../catalog.mjs';
import { RECORD_NAMES as MESSAGE_NAMES } from './workload.mjs';
import { TaggedReader } from '../documents/tagged-reader.mjs';
import { TaggedWriter } from '../documents/tagged-writer.mjs';
import {
  INITIAL_TAGGED_BYTES,
  MessageCalls,
  checkBytes,
  checkRecord,
  readTaggedRecord,
  requirePrepared,
  writeTaggedRecord,
} from './message-calls.mjs';

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

/** The messages API of one addon codec, shaped as wasm-messages.mjs's WasmMessages. */
export class AddonMessages extends MessageCalls {
  #codec;
  #paths; // strategy -> record name -> bound calls

  constructor(c) {
    super();
    this.#codec = c.name;
    const kinds = c.kindNames;
    if (kinds !== MESSAGE_NAMES.join(',')) {
      throw new Error(`${c.name}: the addon's records (${kinds}) are not ${MESSAGE_NAMES.join(',')}`);
    }
    this.libraryVersion = c.libraryVersion;
    this.strategies = ADDON_MESSAGE_STRATEGIES;
    this.names = MESSAGE_NAMES;
    this.emptyCall = c.emptyCall;
    const tagged = new TaggedBuffers(c, c.name);
    const prepared = new Set();
    const make = {
      object: (name, kind) =>
        this.#boundPath(c, prepared, name, kind, {
          encode: (record) => c.encodeObject(kind, record),
          decode: (bytes) => c.decodeObject(kind, bytes),
          encodeFloor: (record) => c.encodeFloorObject(kind, record),
          decodeFloor: (bytes) => c.decodeFloorObject(kind, bytes),
        }),
      tagged: (name, kind) =>
        this.#boundPath(c, prepared, name, kind, {
          encode: (record) => c.encodeTagged(kind, tagged.write(name, record)),
          decode: (bytes) => tagged.read(c.decodeTagged(kind, bytes)),
          encodeFloor: (record) => c.encodeFloorTagged(kind, tagged.write(name, record)),
          decodeFloor: (bytes) => tagged.read(c.decodeFloorTagged(kind, bytes)),
        }),
    };
    this.#paths = new Map(
      ADDON_MESSAGE_STRATEGIES.map((strategy) => {
        if (!make[strategy]) throw new Error(`${c.name}: the addon has no messages strategy '${strategy}'`);
        return [strategy, new Map(MESSAGE_NAMES.map((name, kind) => [name, make[strategy](name, kind)]))];
      }),
    );
  }

  /** Every strategy offers every record. */
  supports(strategy, name) {
    return this.#paths.get(strategy)?.has(name) ?? false;
  }

  /** The bound calls of one (strategy, record), as WasmMessages.forRecord. */
  forRecord(strategy, name) {
    const path = this.#paths.get(strategy)?.get(name);
    if (path) return path;
    if (!this.#paths.has(strategy)) {
      throw new Error(
        `${this.#codec}: unknown addon messages strategy '${strategy}' (expected ${ADDON_MESSAGE_STRATEGIES.join(', ')})`,
      );
    }
    throw new Error(`${this.#codec}: unknown message record "${name}" (known: ${MESSAGE_NAMES.join(', ')})`);
  }

  #boundPath(c, prepared, name, kind, { encode, decode, encodeFloor, decodeFloor }) {
    return Object.freeze({
      encode: (record) => {
        checkRecord(this.#codec, name, record);
        return encode(record);
      },
      decode: (bytes) => {
        checkBytes(this.#codec, bytes);
        return decode(bytes);
      },
      prepareDecode: () => c.poisonOutputs(),
      encodeFloor: (record) => {
        checkRecord(this.#codec, name, record);
        return encodeFloor(record);
      },
      prepareFloor: (bytes) => {
        checkBytes(this.#codec, bytes);
        c.prepareFloor(kind, bytes);
        prepared.add(name);
      },
      decodeFloor: (bytes) => {
        checkBytes(this.#codec, bytes);
        requirePrepared(this.#codec, prepared, name);
        return decodeFloor(bytes);
      },
    });
  }
}

/** The addon's message codecs (the build's message codecs, catalog order). */
export function addonMessageCodecNames(addon) {
  return addon.messagesCodecs();
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
  const messages = new AddonMessages(c);
  return { name: c.name, place: ADDON_PLACE, libraryVersion: c.libraryVersion, messages };
}
