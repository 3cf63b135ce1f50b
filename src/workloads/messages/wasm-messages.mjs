// The messages workload's part of a wasm codec module (src/harness/wasm-codec.mjs
// creates it as `codec.messages`, null for a module without a message codec),
// the JS half of src/workloads/messages/bindings.cpp: one record per call
// (src/workloads/messages/records.mjs), through MessageCalls (boundary-checks.mjs):
//
//   const { messages } = codec;
//   messages.strategies                       // ['val', 'embind', 'tagged']
//   messages.supports('embind', 'record')     // false: see EMBIND_RECORDS
//   const bytes = messages.encode('val', 'record', record);   // Uint8Array (a copy)
//   const copy = messages.decode('val', 'record', bytes);     // a plain record
//   messages.prepareFloor('val', 'record', bytes);  // untimed, once; then encodeFloor, decodeFloor
//   messages.emptyCall();                     // the per-call floor
//   const path = messages.forRecord('val', 'record');  // the same calls, bound, for a timing loop
//
// No phases here: a record takes microseconds, so the boundary's share is
// measured with the floors instead of clock readings inside each call.

import { strategiesOf } from '../../catalog.mjs';
import { TaggedReader } from '../documents/tagged-reader.mjs';
import { TaggedWriter } from '../documents/tagged-writer.mjs';
import {
  INITIAL_TAGGED_BYTES,
  MessageCalls,
  describeValue,
  isObject,
  readTaggedRecord,
  writeTaggedRecord,
} from './boundary-checks.mjs';

/** The interop strategies of the messages workload. */
export const MESSAGE_STRATEGIES = Object.freeze(strategiesOf('messages'));

/**
 * The records the embind strategy offers, with the name part of their
 * exports (encodeBoolEmbind...): those embind's value_object maps to plain JS
 * objects. It cannot produce a plain array, a Date or a Uint8Array, so array,
 * record and binary are not applicable (the table shows "n/a").
 */
export const EMBIND_RECORDS = Object.freeze({
  bool: 'Bool',
  int: 'Int',
  double: 'Double',
  string: 'String',
  nested: 'Nested',
  object1: 'Object1',
  object2: 'Object2',
  object3: 'Object3',
});

const INT32 = 'an int32 (an integer from -2147483648 to 2147483647)';
const isInt32 = (value) =>
  typeof value === 'number' && Number.isInteger(value) && value >= -2147483648 && value <= 2147483647;

// object1..3: the first bad field of a small object `depth` levels deep
// ({foo, thisIs, another}, then `sub` one level smaller), or null.
function smallObjectProblem(object, depth, path = '') {
  const at = (key) => `${path}${key}`;
  if (typeof object.foo !== 'string') return [at('foo'), 'a string', object.foo];
  if (typeof object.thisIs !== 'string') return [at('thisIs'), 'a string', object.thisIs];
  if (!isInt32(object.another)) return [at('another'), INT32, object.another];
  if (depth === 1) return null;
  if (!isObject(object.sub)) return [at('sub'), 'an object', object.sub];
  return smallObjectProblem(object.sub, depth - 1, at('sub.'));
}

// The checks of the embind strategy, run before each call. embind converts
// without checking (an int32 field takes 2**31 as -2**31, NaN or a string as
// 0, a bool field anything truthy), and its own errors (a missing field)
// name neither the codec nor the field and leak the half-built struct.
// Each check returns null or [path, expected, got] for the first bad field.
const EMBIND_CHECKS = {
  bool: (record) => (typeof record.value === 'boolean' ? null : ['value', 'a boolean', record.value]),
  int: (record) => (isInt32(record.value) ? null : ['value', INT32, record.value]),
  double: (record) => (typeof record.value === 'number' ? null : ['value', 'a number', record.value]),
  string: (record) => (typeof record.value === 'string' ? null : ['value', 'a string', record.value]),
  nested: (record) => {
    const level1 = record.value;
    if (!isObject(level1)) return ['value', 'an object', level1];
    const level2 = level1.level2;
    if (!isObject(level2)) return ['value.level2', 'an object', level2];
    const level3 = level2.level3;
    if (!isObject(level3)) return ['value.level2.level3', 'an object', level3];
    if (typeof level3.flag !== 'boolean') return ['value.level2.level3.flag', 'a boolean', level3.flag];
    if (!isInt32(level3.count)) return ['value.level2.level3.count', INT32, level3.count];
    if (typeof level3.label !== 'string') return ['value.level2.level3.label', 'a string', level3.label];
    return null;
  },
  object1: (record) => smallObjectProblem(record, 1),
  object2: (record) => smallObjectProblem(record, 2),
  object3: (record) => smallObjectProblem(record, 3),
};

// Strategy tagged's JS half, one per module: the shared documents writer and
// reader in their extended mode (Date and Uint8Array as tags 8 and 9, -0
// kept) over the module's tagged input buffer (messageInputBuffer), whose
// address JS keeps until it asks for more room: a call then crosses once.
class TaggedRecords {
  #m;
  #codec;
  #fail;
  #pointer = 0;
  #capacity = 0;
  #writer;
  #reader = new TaggedReader({ extended: true });

  constructor(m, codecName, fail) {
    this.#m = m;
    this.#codec = codecName;
    this.#fail = fail;
    this.#writer = new TaggedWriter(
      (used, needed) => {
        this.#reserve(Math.max(2 * this.#capacity, used + needed), used);
        // Read after the call: growing the memory detached the old view.
        return [m.HEAPU8, this.#pointer, this.#pointer + this.#capacity];
      },
      { extended: true },
    );
  }

  #reserve(capacity, keep) {
    const pointer = this.#m.messageInputBuffer(capacity, keep);
    if (pointer === 0) this.#fail();
    this.#pointer = pointer;
    this.#capacity = capacity;
  }

  /** Writes the record's tagged form into the input buffer; its byte length. */
  write(name, record) {
    if (this.#capacity === 0) this.#reserve(INITIAL_TAGGED_BYTES, 0);
    const heap = this.#m.HEAPU8;
    return writeTaggedRecord(
      this.#writer,
      this.#codec,
      name,
      record,
      heap,
      this.#pointer,
      this.#pointer + this.#capacity,
    );
  }

  /** Copies the bytes to decode into the input buffer; their length. */
  copyIn(bytes) {
    if (bytes.length > this.#capacity) {
      this.#reserve(Math.max(bytes.length, INITIAL_TAGGED_BYTES, 2 * this.#capacity), 0);
    }
    this.#m.HEAPU8.set(bytes, this.#pointer);
    return bytes.length;
  }

  /** The record in a view of the module's tagged output (null stays null: the call failed). */
  read(view) {
    if (view === null) return null;
    return readTaggedRecord(this.#reader, this.#codec, view, view.length);
  }
}

/** The messages API of a wasm module (MessageCalls), `codecName` its codec. */
export function createWasmMessages(m, codecName) {
  const fail = () => {
    throw new Error(m.lastCall().error);
  };
  // The exports return null on failure (the error is then in lastCall).
  const copy = (view) => {
    if (view === null) fail();
    return view.slice();
  };
  const result = (record) => {
    if (record === null) fail();
    return record;
  };
  const tagged = new TaggedRecords(m, codecName, fail);
  const messages = new MessageCalls(codecName, 'module', {
    kinds: m.messageKindNames(),
    libraryVersion: m.messageLibraryVersion(),
    strategies: MESSAGE_STRATEGIES,
    emptyCall: m.emptyCall,
    boundary: {
      // A module built before poisonOutputs existed has nothing to call.
      prepareDecode: () => m.poisonOutputs?.(),
      prepareFloor: (kind, bytes) => {
        if (!m.prepareMessageFloor(kind, bytes)) fail();
      },
    },
    make: {
      // strategy val: C++ reads and checks the record (kind = its Kind index).
      val: (name, kind) => ({
        encode: (record) => copy(m.encodeMessageVal(kind, record)),
        decode: (bytes) => result(m.decodeMessageVal(kind, bytes)),
        encodeFloor: (record) => copy(m.encodeMessageFloorVal(kind, record)),
        decodeFloor: (bytes) => result(m.decodeMessageFloorVal(kind, bytes)),
      }),
      // strategy embind: the record is checked here, converted by embind.
      embind: (name) => {
        const exportName = EMBIND_RECORDS[name];
        if (!exportName) return undefined;
        const findProblem = EMBIND_CHECKS[name];
        const checked = (encode) => (record) => {
          const problem = findProblem(record);
          if (problem !== null) {
            const [path, expected, got] = problem;
            throw new Error(
              `${codecName}: ${name}: field "${path}": ` +
                (got === undefined ? 'missing' : `expected ${expected}, got ${describeValue(got)}`),
            );
          }
          return copy(encode(record));
        };
        // The export is called directly (the record, or null on failure).
        const decoded = (decode) => (bytes) => {
          const record = decode(bytes);
          if (record === null) fail();
          return record;
        };
        return {
          encode: checked(m[`encode${exportName}Embind`]),
          decode: decoded(m[`decode${exportName}Embind`]),
          encodeFloor: checked(m[`encode${exportName}FloorEmbind`]),
          decodeFloor: decoded(m[`decode${exportName}FloorEmbind`]),
        };
      },
      // strategy tagged: JS writes the record's tagged form into the
      // module's buffer, C++ reads and checks it against the schema; decode
      // reads the decoded record's tagged form back.
      tagged: (name, kind) => ({
        encode: (record) => copy(m.encodeMessageTagged(kind, tagged.write(name, record))),
        decode: (bytes) => result(tagged.read(m.decodeMessageTagged(kind, tagged.copyIn(bytes)))),
        encodeFloor: (record) => copy(m.encodeMessageFloorTagged(kind, tagged.write(name, record))),
        decodeFloor: (bytes) => result(tagged.read(m.decodeMessageFloorTagged(kind, tagged.copyIn(bytes)))),
      }),
    },
    strategyWord: 'messages',
    whyNotOffered: "embind's value_object cannot produce a plain array, a Date or a Uint8Array",
  });
  // A module built before the tagged strategy existed would fail at its first call.
  if (typeof m.encodeMessageTagged !== 'function') {
    throw new Error(`${codecName}: the module has no tagged strategy (built from older sources: rebuild it)`);
  }
  return messages;
}
