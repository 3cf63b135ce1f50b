// The tagged form (docs/documents.md#the-tagged-form) in JS: the writer
// that turns a JSON-like value into it in one walk, and the reader that
// turns it back, over any Uint8Array: the wasm heap (wasm-documents.mjs, the
// `tagged` strategy) or a plain growable array (writeTagged/readTagged, for
// tests). The C++ half is tagged.h. Browser-safe: no Node APIs.
//
// The `extended` mode of the writer and reader is the messages workload's
// (src/workloads/messages/wasm-messages.mjs, tagged_record.h): two more tags
// for the JS types a record has and a JSON document has not, 8 a Date (its
// time, float64 ms) and 9 a Uint8Array (u32 length, the bytes), and -0
// written as a float64 (a record keeps it; a Document reads it as 0 anyway).
// Without it, as for documents, a Date or a Uint8Array is not a document
// value and tags 8 and 9 are unknown.
//
// Also the check of a value that JSON.stringify would change silently
// (isJsonSafe, for the `text` strategy) and the error text that names a bad
// value's path (valueProblem), shared by both strategies.

import { pathStep } from './checksum.mjs';

export const TAG = Object.freeze({
  null: 0,
  false: 1,
  true: 2,
  int32: 3,
  float64: 4,
  string: 5,
  array: 6,
  object: 7,
  // extended mode only (messages)
  timestamp: 8,
  bytes: 9,
});

/** The deepest nesting of arrays and objects accepted (documents::kMaxDepth). */
export const MAX_DEPTH = 256;

// Strings up to this many UTF-16 units are tried as ASCII with a plain loop;
// longer ones, and any that turns out not to be ASCII, go through
// TextEncoder.encodeInto / TextDecoder, whose call costs more than such a loop.
const SHORT_STRING = 32;

const encoder = new TextEncoder();
// fatal: bytes that are not UTF-8 (the sentinel of a decoder that did no
// work) are an error, not U+FFFD.
const decoder = new TextDecoder('utf-8', { fatal: true });

const wellFormed =
  typeof String.prototype.isWellFormed === 'function'
    ? (text) => text.isWellFormed()
    : (text) => !/\p{Surrogate}/u.test(text); // in u mode only a lone surrogate matches

/** A value that is not JSON-like; its message names the value and its path ("undefined at $.a[2]"). */
export class ValueError extends Error {
  name = 'ValueError';
}

// Thrown by the fast walks, which keep no path: valueProblem finds it again.
const BAD_VALUE = Symbol('bad value');

const MAX_PATH_CHARS = 160;

/** "$.features[3].id", as the C++ side writes paths (documents::ValuePath). */
export function pathText(steps) {
  let text = '$';
  for (const step of steps) {
    if (typeof step === 'number') text += `[${step}]`;
    else text += pathStep(step);
  }
  return text.length > MAX_PATH_CHARS ? `${text.slice(0, MAX_PATH_CHARS - 3)}...` : text;
}

function isPlainObject(value) {
  const prototype = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

// The leaves extended mode adds: a Date and a Uint8Array (or a subclass: Buffer).
const isExtendedLeaf = (value) => value instanceof Date || value instanceof Uint8Array;

// What a value is that no document holds (null for a JSON-like leaf or container).
function badKind(value, { finite, extended }) {
  switch (typeof value) {
    case 'number':
      if (finite && !Number.isFinite(value)) return [String(value), 'JSON text cannot carry it'];
      return null;
    case 'string':
      return wellFormed(value) ? null : ['a string with a lone surrogate', 'UTF-8 cannot hold it'];
    case 'boolean':
      return null;
    case 'undefined':
      return ['undefined'];
    case 'object': {
      if (value === null || Array.isArray(value) || isPlainObject(value)) return null;
      if (extended && isExtendedLeaf(value)) return null;
      const tag = Object.prototype.toString.call(value).slice(8, -1);
      const allowed = extended
        ? 'only plain objects, arrays, Dates and Uint8Arrays'
        : 'only plain objects and arrays';
      const article = /^[AEIO]/.test(tag) ? 'an' : 'a'; // an ArrayBuffer, a Map, a Uint8Array
      return [tag === 'Object' ? 'an object of a class' : `${article} ${tag}`, allowed];
    }
    default:
      return [`a ${typeof value}`];
  }
}

/**
 * Why `value` is not a document, naming the path of the first bad part
 * ("a Date at $.a (only plain objects and arrays)"), or null. With
 * `finite`, NaN and ±Infinity are bad too (JSON text cannot carry them);
 * with `extended`, a Date and a Uint8Array are values. Slow (it keeps the
 * path): for the error message after a fast walk failed.
 */
export function valueProblem(value, { finite = false, extended = false } = {}) {
  const steps = [];
  const visit = (item, depth) => {
    const bad = badKind(item, { finite, extended });
    if (bad) return `${bad[0]} at ${pathText(steps)}${bad[1] ? ` (${bad[1]})` : ''}`;
    if (item === null || typeof item !== 'object') return null;
    if (extended && isExtendedLeaf(item)) return null;
    if (depth >= MAX_DEPTH)
      return `nesting deeper than ${MAX_DEPTH} levels (or a cycle) at ${pathText(steps)}`;
    if (Array.isArray(item)) {
      for (let i = 0; i < item.length; i++) {
        steps.push(i);
        const problem = visit(item[i], depth + 1);
        if (problem) return problem;
        steps.pop();
      }
      return null;
    }
    for (const key of Object.keys(item)) {
      steps.push(key);
      if (!wellFormed(key)) return `a key with a lone surrogate at ${pathText(steps)} (UTF-8 cannot hold it)`;
      const problem = visit(item[key], depth + 1);
      if (problem) return problem;
      steps.pop();
    }
    return null;
  };
  return visit(value, 0);
}

// The ValueError of a value a fast walk refused.
function valueError(value, options) {
  return new ValueError(valueProblem(value, options) ?? 'a value that changed while it was read (a getter?)');
}

/**
 * Whether JSON.stringify writes `value` so that JSON.parse gives it back:
 * no NaN or ±Infinity, undefined, function, symbol, bigint, lone surrogate,
 * object other than a plain one or an array, nor nesting deeper than
 * MAX_DEPTH (which also stops a cycle). Fast: no path; valueProblem says
 * where.
 */
export function isJsonSafe(value) {
  return jsonSafe(value, 0);
}

function jsonSafe(value, depth) {
  switch (typeof value) {
    case 'number':
      return value - value === 0; // false for NaN and ±Infinity
    case 'string':
      return wellFormed(value);
    case 'boolean':
      return true;
    case 'object': {
      if (value === null) return true;
      if (depth >= MAX_DEPTH) return false;
      if (Array.isArray(value)) {
        for (let i = 0; i < value.length; i++) if (!jsonSafe(value[i], depth + 1)) return false;
        return true;
      }
      if (!isPlainObject(value)) return false;
      const keys = Object.keys(value);
      for (let i = 0; i < keys.length; i++) {
        const key = keys[i];
        if (!wellFormed(key) || !jsonSafe(value[key], depth + 1)) return false;
      }
      return true;
    }
    default:
      return false;
  }
}

/** Throws a ValueError unless isJsonSafe(value). */
export function checkJsonSafe(value) {
  if (!jsonSafe(value, 0)) throw valueError(value, { finite: true });
}

/**
 * Writes values in the tagged form into a Uint8Array it is given, asking
 * `grow` for more room when it runs out:
 *   grow(used, needed) -> [bytes, start, end]: a Uint8Array whose
 *   [start, end) holds at least used + needed bytes, the first `used` of
 *   them those written so far. In wasm it asks the module to grow its
 *   buffer and returns the heap view read afresh (memory growth detaches
 *   the old one).
 * With { extended: true } (messages) it also writes a Date (tag 8) and a
 * Uint8Array (tag 9), and -0 as a float64.
 */
export class TaggedWriter {
  #grow;
  #extended;
  bytes = null;
  view = null;
  start = 0;
  pos = 0;
  end = 0;

  constructor(grow, { extended = false } = {}) {
    this.#grow = grow;
    this.#extended = extended;
  }

  /**
   * Writes `value` from `start` in `bytes` (room until `end`); returns the
   * number of bytes written. Throws a ValueError naming the path of a value
   * that is not JSON-like (NaN and ±Infinity are written: the codec decides).
   */
  write(value, bytes, start, end) {
    this.#use(bytes, start, end, 0);
    try {
      this.#value(value, 0);
    } catch (error) {
      if (error === BAD_VALUE) throw valueError(value, { finite: false, extended: this.#extended });
      throw error;
    }
    return this.pos - this.start;
  }

  #use(bytes, start, end, used) {
    if (bytes !== this.bytes || this.view === null || this.view.buffer !== bytes.buffer) {
      this.view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    }
    this.bytes = bytes;
    this.start = start;
    this.pos = start + used;
    this.end = end;
  }

  #ensure(size) {
    if (this.end - this.pos < size) {
      const used = this.pos - this.start;
      const [bytes, start, end] = this.#grow(used, size);
      this.#use(bytes, start, end, used);
    }
  }

  #value(value, depth) {
    switch (typeof value) {
      case 'number': {
        this.#ensure(9);
        const pos = this.pos;
        // -0 passes the int32 test; extended mode keeps its sign (1 / -0 < 0).
        if ((value | 0) === value && (value !== 0 || !this.#extended || 1 / value > 0)) {
          this.bytes[pos] = 3;
          this.view.setInt32(pos + 1, value, true);
          this.pos = pos + 5;
        } else {
          this.bytes[pos] = 4;
          this.view.setFloat64(pos + 1, value, true);
          this.pos = pos + 9;
        }
        return;
      }
      case 'string':
        this.#ensure(1);
        this.bytes[this.pos++] = 5;
        this.#text(value);
        return;
      case 'boolean':
        this.#ensure(1);
        this.bytes[this.pos++] = value ? 2 : 1;
        return;
      case 'object':
        if (value === null) {
          this.#ensure(1);
          this.bytes[this.pos++] = 0;
          return;
        }
        if (depth >= MAX_DEPTH) throw BAD_VALUE;
        if (Array.isArray(value)) {
          const count = value.length;
          this.#ensure(5);
          this.bytes[this.pos] = 6;
          this.view.setUint32(this.pos + 1, count, true);
          this.pos += 5;
          for (let i = 0; i < count; i++) this.#value(value[i], depth + 1);
          return;
        }
        if (!isPlainObject(value)) {
          if (this.#extended) {
            if (value instanceof Date) {
              this.#ensure(9);
              this.bytes[this.pos] = 8;
              this.view.setFloat64(this.pos + 1, value.getTime(), true);
              this.pos += 9;
              return;
            }
            if (value instanceof Uint8Array) {
              const length = value.length;
              this.#ensure(5 + length);
              this.bytes[this.pos] = 9;
              this.view.setUint32(this.pos + 1, length, true);
              this.bytes.set(value, this.pos + 5);
              this.pos += 5 + length;
              return;
            }
          }
          throw BAD_VALUE;
        }
        {
          const keys = Object.keys(value);
          const count = keys.length;
          this.#ensure(5);
          this.bytes[this.pos] = 7;
          this.view.setUint32(this.pos + 1, count, true);
          this.pos += 5;
          for (let i = 0; i < count; i++) {
            const key = keys[i];
            this.#text(key);
            this.#value(value[key], depth + 1);
          }
        }
        return;
      default:
        throw BAD_VALUE;
    }
  }

  // u32 byte length, then the UTF-8.
  #text(text) {
    const length = text.length;
    if (length <= SHORT_STRING) {
      this.#ensure(4 + length);
      const bytes = this.bytes;
      const at = this.pos + 4;
      let i = 0;
      for (; i < length; i++) {
        const code = text.charCodeAt(i);
        if (code >= 0x80) break;
        bytes[at + i] = code;
      }
      if (i === length) {
        this.view.setUint32(this.pos, length, true);
        this.pos = at + length;
        return;
      }
    }
    // Not ASCII (or long): encodeInto would write a lone surrogate as U+FFFD.
    if (!wellFormed(text)) throw BAD_VALUE;
    const most = 3 * length; // UTF-8 bytes per UTF-16 unit, at most
    this.#ensure(4 + most);
    const at = this.pos + 4;
    const { written } = encoder.encodeInto(text, this.bytes.subarray(at, at + most));
    this.view.setUint32(this.pos, written, true);
    this.pos = at + written;
  }
}

/** An Error of the tagged form's bytes ("tagged form: ... at byte N"). */
function formError(problem, at) {
  return new Error(`tagged form: ${problem} at byte ${at}`);
}

/**
 * Reads a value in the tagged form out of a Uint8Array (the wasm heap, or
 * any other). Strings and keys are checked UTF-8, nesting is limited to
 * MAX_DEPTH, and every length is checked against the end, so bytes that are
 * not the tagged form throw ("tagged form: ..."), never read past the end.
 * With { extended: true } (messages) it also reads tag 8 as a Date and tag 9
 * as a Uint8Array (a copy).
 */
export class TaggedReader {
  #extended;
  bytes = null;
  view = null;
  start = 0;
  pos = 0;
  end = 0;

  constructor({ extended = false } = {}) {
    this.#extended = extended;
  }

  /** The value in [start, end) of `bytes`, which must hold exactly one. */
  read(bytes, start = 0, end = bytes.length) {
    if (bytes !== this.bytes || this.view === null || this.view.buffer !== bytes.buffer) {
      this.view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    }
    this.bytes = bytes;
    this.start = start;
    this.pos = start;
    this.end = end;
    const value = this.#value(0);
    if (this.pos !== end) throw formError(`bytes left after the value (${end - this.pos})`, this.pos - start);
    return value;
  }

  #need(size) {
    if (this.end - this.pos < size) throw formError('the bytes end inside a value', this.pos - this.start);
  }

  #u32() {
    this.#need(4);
    const value = this.view.getUint32(this.pos, true);
    this.pos += 4;
    return value;
  }

  #value(depth) {
    this.#need(1);
    const tag = this.bytes[this.pos++];
    switch (tag) {
      case 0:
        return null;
      case 1:
        return false;
      case 2:
        return true;
      case 3: {
        this.#need(4);
        const value = this.view.getInt32(this.pos, true);
        this.pos += 4;
        return value;
      }
      case 4: {
        this.#need(8);
        const value = this.view.getFloat64(this.pos, true);
        this.pos += 8;
        return value;
      }
      case 5:
        return this.#text();
      case 6: {
        if (depth >= MAX_DEPTH)
          throw formError(`nesting deeper than ${MAX_DEPTH} levels`, this.pos - 1 - this.start);
        const count = this.#u32();
        const array = [];
        for (let i = 0; i < count; i++) array.push(this.#value(depth + 1));
        return array;
      }
      case 7: {
        if (depth >= MAX_DEPTH)
          throw formError(`nesting deeper than ${MAX_DEPTH} levels`, this.pos - 1 - this.start);
        const count = this.#u32();
        const object = {};
        for (let i = 0; i < count; i++) {
          const key = this.#text();
          const value = this.#value(depth + 1);
          // Assigning "__proto__" would set the prototype; JSON.parse makes
          // it an own property, and so does this.
          if (key === '__proto__') {
            Object.defineProperty(object, key, {
              value,
              writable: true,
              enumerable: true,
              configurable: true,
            });
          } else {
            object[key] = value;
          }
        }
        return object;
      }
      case 8:
        if (!this.#extended) break;
        {
          this.#need(8);
          const time = this.view.getFloat64(this.pos, true);
          this.pos += 8;
          return new Date(time);
        }
      case 9:
        if (!this.#extended) break;
        {
          const length = this.#u32();
          this.#need(length);
          const start = this.pos;
          this.pos += length;
          return this.bytes.slice(start, start + length);
        }
    }
    throw formError(`unknown tag ${tag}`, this.pos - 1 - this.start);
  }

  #text() {
    const length = this.#u32();
    this.#need(length);
    const bytes = this.bytes;
    const start = this.pos;
    const stop = start + length;
    if (length <= SHORT_STRING) {
      let text = '';
      let at = start;
      for (; at < stop; at++) {
        const code = bytes[at];
        if (code >= 0x80) break;
        text += String.fromCharCode(code);
      }
      if (at === stop) {
        this.pos = stop;
        return text;
      }
    }
    let text;
    try {
      text = decoder.decode(bytes.subarray(start, stop));
    } catch {
      throw formError('a string that is not valid UTF-8', start - this.start);
    }
    this.pos = stop;
    return text;
  }
}

/**
 * The tagged form of `value` as a new Uint8Array (no wasm). Throws a
 * ValueError for a value that is not JSON-like (options: { extended }).
 */
export function writeTagged(value, initialBytes = 256, options = {}) {
  let bytes = new Uint8Array(initialBytes);
  const writer = new TaggedWriter((used, needed) => {
    const bigger = new Uint8Array(Math.max(2 * bytes.length, used + needed));
    bigger.set(bytes.subarray(0, used));
    bytes = bigger;
    return [bytes, 0, bytes.length];
  }, options);
  const length = writer.write(value, bytes, 0, bytes.length);
  return bytes.slice(0, length);
}

/** The value of tagged-form bytes (no wasm; options: { extended }). */
export function readTagged(bytes, options = {}) {
  return new TaggedReader(options).read(bytes, 0, bytes.length);
}
