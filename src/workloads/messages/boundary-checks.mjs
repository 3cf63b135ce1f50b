// What the messages workload's two JS halves of C++ codecs share: the wasm
// modules' (wasm-messages.mjs) and the Node-API addon's (addon-messages.mjs).
// Both make the same checks before a call crosses, word a wrong value as the
// C++ bindings do, and write and read the tagged strategy's records with the
// same errors, so a path fails alike whichever boundary it crosses.

import { ValueError } from '../documents/value-checks.mjs';
// A decode's argument: a Uint8Array, or a TypeError naming the codec (the typed paths' check).
import { expectBytes as checkBytes } from '../../harness/typed-calls.mjs';
import { RECORD_NAMES as MESSAGE_NAMES } from './workload.mjs';

/**
 * Where the tagged buffers start: a record's tagged form is under 1 KB (the
 * ten-field record about 450 bytes); a buffer grows on demand and keeps its
 * largest size.
 */
export const INITIAL_TAGGED_BYTES = 1024;

export const isObject = (value) =>
  value !== null && (typeof value === 'object' || typeof value === 'function');

/** What a wrong JS value is, worded like the C++ side (the bindings' describe). */
export function describeValue(value) {
  if (value === undefined || value === null || typeof value === 'boolean') return String(value);
  if (typeof value === 'number') return `the number ${value}`;
  if (typeof value === 'string') return 'a string';
  if (value instanceof Date) return 'a Date';
  if (Array.isArray(value)) return 'an array';
  if (value instanceof Uint8Array) return 'a Uint8Array';
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}

/** An encode's argument: a record object, or a TypeError naming the codec and record. */
function checkRecord(codec, name, record) {
  if (!isObject(record)) {
    throw new TypeError(`${codec}: ${name}: encode expects a record object, not ${describeValue(record)}`);
  }
}

/**
 * Writes the record's tagged form with `writer` into bytes[start, end); its
 * byte length. A value the form cannot hold is an Error naming the codec and
 * record: "msgpack: record: a string with a lone surrogate at $.name (...)".
 */
export function writeTaggedRecord(writer, codec, name, record, bytes, start, end) {
  try {
    return writer.write(record, bytes, start, end);
  } catch (error) {
    if (error instanceof ValueError) throw new Error(`${codec}: ${name}: ${error.message}`);
    throw error;
  }
}

/** The record in the first `length` bytes of a decode's tagged output. */
export function readTaggedRecord(reader, codec, bytes, length) {
  try {
    return reader.read(bytes, 0, length);
  } catch (error) {
    // Only C++ that wrote no valid output gets here.
    throw new Error(`${codec}: the decoded tagged output is unreadable: ${error.message}`);
  }
}

/**
 * The bound calls of one (strategy, record `name`) of a C++ half, around the
 * boundary's own `calls`: encode(record), decode(bytes), encodeFloor(record),
 * decodeFloor(bytes) (each returns the bytes or the record, or throws the
 * codec's error), prepareDecode() and prepareFloor(kind, bytes). The checks
 * before a call crosses are these, alike for both halves; `prepared` holds
 * the records whose floors are prepared.
 */
function boundPath(codec, prepared, name, kind, calls) {
  const { encode, decode, encodeFloor, decodeFloor, prepareFloor } = calls;
  return Object.freeze({
    encode: (record) => {
      checkRecord(codec, name, record);
      return encode(record);
    },
    decode: (bytes) => {
      checkBytes(codec, bytes);
      return decode(bytes);
    },
    prepareDecode: calls.prepareDecode,
    encodeFloor: (record) => {
      checkRecord(codec, name, record);
      return encodeFloor(record);
    },
    prepareFloor: (bytes) => {
      checkBytes(codec, bytes);
      // One C++ message per record serves both strategies' floors.
      prepareFloor(kind, bytes);
      prepared.add(name);
    },
    decodeFloor: (bytes) => {
      checkBytes(codec, bytes);
      if (!prepared.has(name)) throw new Error(`${codec}: a floor of "${name}" before prepareFloor`);
      return decodeFloor(bytes);
    },
  });
}

/**
 * The messages API of one C++ codec behind a boundary (a wasm module's,
 * wasm-messages.mjs, or the addon's, addon-messages.mjs): its bound calls
 * by (strategy, record name), and the calls by name through them.
 */
export class MessageCalls {
  #codec;
  #paths; // strategy -> record name -> bound calls
  #words; // { strategyWord, whyNotOffered }

  /**
   * @param codec the codec's name
   * @param where whose records `kinds` are ('module', 'addon')
   * @param options.make strategy -> (name, kind) -> the boundary's calls of
   *   that record (boundPath's), or undefined where the strategy does not offer it
   * @param options.boundary prepareDecode and prepareFloor, shared by every record
   * @param options.strategyWord what an unknown strategy is called ('messages', 'addon messages')
   * @param options.whyNotOffered why a strategy may lack a record (wasm's embind)
   */
  constructor(codec, where, { kinds, libraryVersion, strategies, emptyCall, make, boundary, ...words }) {
    // The C++ Kind order is the wire between the two halves: the kind index
    // passed to each call is the position in MESSAGE_NAMES.
    if (kinds !== MESSAGE_NAMES.join(',')) {
      throw new Error(`${codec}: the ${where}'s records (${kinds}) are not ${MESSAGE_NAMES.join(',')}`);
    }
    this.#codec = codec;
    const prepared = new Set();
    this.#paths = new Map(
      strategies.map((strategy) => {
        if (!make[strategy]) throw new Error(`${codec}: the ${where} has no messages strategy '${strategy}'`);
        const paths = new Map();
        MESSAGE_NAMES.forEach((name, kind) => {
          const calls = make[strategy](name, kind);
          if (calls) paths.set(name, boundPath(codec, prepared, name, kind, { ...boundary, ...calls }));
        });
        return [strategy, paths];
      }),
    );
    this.#words = words;
    this.libraryVersion = libraryVersion;
    this.strategies = strategies;
    this.names = MESSAGE_NAMES;
    this.emptyCall = emptyCall;
  }

  /** Whether `strategy` offers record `name`. */
  supports(strategy, name) {
    return this.#paths.get(strategy)?.has(name) ?? false;
  }

  /**
   * The calls of one (strategy, record), bound: { encode(record),
   * decode(bytes), prepareDecode(), prepareFloor(bytes), encodeFloor(record),
   * decodeFloor(bytes) }. Throws for a strategy or record it does not offer.
   * prepareDecode() sets the messages the C++ half decodes into, and
   * reuses, to their empty state (poisonOutputs): a decoder that skipped its
   * work then returns no record rather than the previous one.
   */
  forRecord(strategy, name) {
    const path = this.#paths.get(strategy)?.get(name);
    if (path) return path;
    if (!this.#paths.has(strategy)) {
      throw new Error(
        `${this.#codec}: unknown ${this.#words.strategyWord} strategy '${strategy}' (expected ${this.strategies.join(', ')})`,
      );
    }
    if (!MESSAGE_NAMES.includes(name)) {
      throw new Error(
        `${this.#codec}: unknown message record "${name}" (known: ${MESSAGE_NAMES.join(', ')})`,
      );
    }
    const why = this.#words.whyNotOffered;
    throw new Error(
      `${this.#codec}: the ${strategy} strategy does not offer record "${name}"${why ? ` (${why})` : ''}`,
    );
  }

  /** Encodes one record; returns its bytes (a copy, in a new Uint8Array). */
  encode(strategy, name, record) {
    return this.forRecord(strategy, name).encode(record);
  }

  /** Decodes the bytes of record `name`; returns a plain record (Date, Uint8Array where the record has them). */
  decode(strategy, name, bytes) {
    return this.forRecord(strategy, name).decode(bytes);
  }

  /**
   * Untimed preparation of the floors of record `name`: decodes `bytes` into
   * the message decodeFloor marshals out and keeps them as what encodeFloor
   * returns.
   */
  prepareFloor(strategy, name, bytes) {
    this.forRecord(strategy, name).prepareFloor(bytes);
  }

  /**
   * encode without the codec: marshals the record in (JS record -> C++
   * message) and returns a copy of the prepared bytes (none before
   * prepareFloor), as encode copies its encoding out.
   */
  encodeFloor(strategy, name, record) {
    return this.forRecord(strategy, name).encodeFloor(record);
  }

  /**
   * decode without the codec: copies `bytes` in, as decode does, and marshals
   * the prepared message out (no parsing); returns the record.
   */
  decodeFloor(strategy, name, bytes) {
    return this.forRecord(strategy, name).decodeFloor(bytes);
  }
}
