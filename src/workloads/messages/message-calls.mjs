// What the messages workload's two JS halves of C++ codecs share: the wasm
// modules' (wasm-messages.mjs) and the Node-API addon's (addon-messages.mjs).
// Both make the same checks before a call crosses, word a wrong value as the
// C++ bindings do, and write and read the tagged strategy's records with the
// same errors, so a path fails alike whichever boundary it crosses.

import { ValueError } from '../documents/value-checks.mjs';

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
export function checkRecord(codec, name, record) {
  if (!isObject(record)) {
    throw new TypeError(`${codec}: ${name}: encode expects a record object, not ${describeValue(record)}`);
  }
}

/** A decode's argument: a Uint8Array, or a TypeError naming the codec (the typed paths' check). */
export { expectBytes as checkBytes } from '../../harness/typed-calls.mjs';

/** A floor's decode needs its prepareFloor first. */
export function requirePrepared(codec, prepared, name) {
  if (!prepared.has(name)) throw new Error(`${codec}: a floor of "${name}" before prepareFloor`);
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
 * The calls of the messages API by (strategy, record name), each through the
 * bound calls a subclass's forRecord(strategy, name) returns (it throws for
 * a strategy or record it does not offer).
 */
export class MessageCalls {
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
