// The documents workload through the Node-API addon (src/addon), the JS half
// of src/workloads/documents/addon-bindings.cpp: one codec through one of
// the addon's strategies (docs/documents.md#interop-strategies-the-node-api-addon)
// as a path the harness measures, like wasm-documents.mjs's:
//
//   const codec = createAddonDocumentCodec(loadAddon(), 'msgpack');
//   const path = createAddonDocumentPath(codec, 'tagged');  // place 'node-addon'
//   const { encoded, phases } = path.encode(value);         // Uint8Array
//   const { value, phases } = path.decode(encoded);
//
// Phases as wasm's: C++ writes its timings into a Float64Array registered
// with the buffers; JS times the call, and the phases add up to it. Errors
// name the codec ("msgpack: undefined at $.a[2]").

import { ADDON_PLACE } from '../../catalog.mjs';
import { now, split } from '../../harness/typed-calls.mjs';
import {
  INITIAL_BUFFER_BYTES,
  checkedJsonText,
  cppDocumentPath,
  encoder,
  expectDocumentBytes,
  readOutput,
  writeTaggedValue,
} from './document-calls.mjs';
import { TaggedReader } from '../../tagged/tagged-reader.mjs';
import { TaggedWriter } from '../../tagged/tagged-writer.mjs';
import workload from './workload.mjs';

/** The addon's strategies of the documents workload (its catalog entry's addonStrategies). */
export const ADDON_DOCUMENT_STRATEGIES = Object.freeze([...workload.addonStrategies]);

class AddonDocuments {
  #c;
  #input = new Uint8Array(INITIAL_BUFFER_BYTES);
  #output = new Uint8Array(INITIAL_BUFFER_BYTES);
  // [codecMs, marshalMs, bytesMs] of the last call, written by C++.
  #timings = new Float64Array(3);
  #writer;
  #reader = new TaggedReader();

  constructor(c) {
    this.#c = c;
    this.name = c.name;
    this.libraryVersion = c.libraryVersion;
    this.keyOrder = c.keyOrder;
    this.format = c.format;
    this.#register();
    this.#writer = new TaggedWriter((used, needed) => {
      this.#grow(Math.max(2 * this.#input.length, used + needed), used);
      return [this.#input, 0, this.#input.length];
    });
  }

  #register() {
    this.#c.setBuffers(this.#input, this.#output, this.#timings);
  }

  // A larger input buffer, its first `keep` bytes kept.
  #grow(capacity, keep) {
    const bigger = new Uint8Array(capacity);
    if (keep > 0) bigger.set(this.#input.subarray(0, keep));
    this.#input = bigger;
    this.#register();
  }

  // JSON text of a checked value, its UTF-8 in the input buffer; its length.
  #writeText(value) {
    const text = checkedJsonText(this.name, value);
    let { read, written } = encoder.encodeInto(text, this.#input);
    if (read < text.length) {
      // The rest at three bytes per UTF-16 unit at most.
      this.#grow(written + 3 * (text.length - read), written);
      written += encoder.encodeInto(text.substring(read), this.#input.subarray(written)).written;
    }
    return written;
  }

  #writeTagged(value) {
    return writeTaggedValue(this.#writer, this.name, value, this.#input, 0, this.#input.length);
  }

  // The decoded value of a text or tagged decode's result: a length in the
  // output buffer, or a Uint8Array when it did not fit (the buffer grows).
  #readOutput(strategy, result) {
    let bytes;
    if (typeof result === 'number') {
      bytes = this.#output.subarray(0, result);
    } else {
      bytes = result;
      this.#output = new Uint8Array(Math.max(2 * this.#output.length, result.length));
      this.#register();
    }
    return readOutput(this.#reader, this.name, strategy, bytes);
  }

  /** Encodes `value` through `strategy`: { encoded: Uint8Array, phases }. */
  encode(strategy, value) {
    const start = now();
    const c = this.#c;
    let encoded;
    if (strategy === 'object') encoded = c.encodeObject(value);
    else if (strategy === 'text') encoded = c.encodeText(this.#writeText(value));
    else encoded = c.encodeTagged(this.#writeTagged(value));
    const end = now();
    const [codecMs, rest] = split(end - start, this.#timings[0]);
    const [bytesOutMs, marshalInMs] = split(rest, this.#timings[2]);
    return { encoded, phases: { marshalInMs, codecMs, bytesOutMs } };
  }

  /** Decodes `bytes` (a Uint8Array) through `strategy`: { value, phases }. */
  decode(strategy, bytes) {
    const start = now();
    expectDocumentBytes(this.name, bytes);
    const c = this.#c;
    let value;
    if (strategy === 'object') value = c.decodeObject(bytes);
    else if (strategy === 'text') value = this.#readOutput(strategy, c.decodeText(bytes));
    else value = this.#readOutput(strategy, c.decodeTagged(bytes));
    const end = now();
    const [codecMs, rest] = split(end - start, this.#timings[0]);
    const [bytesInMs, marshalOutMs] = split(rest, this.#timings[2]);
    return { value, phases: { bytesInMs, codecMs, marshalOutMs } };
  }

  poisonOutputs() {
    this.#c.poisonOutputs();
  }
}

/**
 * One addon codec of the documents workload (AddonDocuments: { name,
 * libraryVersion, keyOrder, format, encode(strategy, value), decode(strategy,
 * bytes), poisonOutputs() }). Throws, naming the codec, when the addon has
 * none of that name.
 */
export function createAddonDocumentCodec(addon, name) {
  if (typeof addon?.createDocumentCodec !== 'function') {
    throw new Error(`${name}: the addon has no documents workload (rebuild the native build)`);
  }
  return new AddonDocuments(addon.createDocumentCodec(name));
}

/** The path of one addon codec through one strategy (cppDocumentPath's, place 'node-addon'). */
export function createAddonDocumentPath(codec, strategy) {
  return cppDocumentPath(codec, strategy, ADDON_DOCUMENT_STRATEGIES, {
    what: 'addon documents',
    place: ADDON_PLACE,
  });
}
