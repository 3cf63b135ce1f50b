// The tagged form (docs/documents.md#the-tagged-form) in JS: the writer
// that turns a JSON-like value into it in one walk, and the reader that
// turns it back, over any Uint8Array: the wasm heap (wasm-documents.mjs, the
// `tagged` strategy) or a plain growable array (writeTagged/readTagged, for
// tests). The C++ half is tagged.h. Browser-safe: it uses Node's Buffer for
// long strings only when there is one, with the same results without it.
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

// Node's Buffer writes and reads UTF-8 in one native call, faster than
// TextEncoder.encodeInto and TextDecoder.decode for long strings; its
// methods take any Uint8Array (the wasm heap too). Without Buffer (a page),
// those two do the same, with the same results. Only Node's own: a page's
// npm polyfill of Buffer does it in JS.
const inNode = typeof process === 'object' && typeof process?.versions?.node === 'string';
const nodeBuffer = inNode && typeof Buffer === 'function' ? Buffer.prototype : null;
const utf8Write =
  nodeBuffer && typeof nodeBuffer.utf8Write === 'function'
    ? (bytes, text, at, most) => nodeBuffer.utf8Write.call(bytes, text, at, most)
    : null;
const utf8Slice =
  nodeBuffer && typeof nodeBuffer.utf8Slice === 'function'
    ? (bytes, start, stop) => nodeBuffer.utf8Slice.call(bytes, start, stop)
    : null;
const latin1Slice =
  nodeBuffer && typeof nodeBuffer.latin1Slice === 'function'
    ? (bytes, start, stop) => nodeBuffer.latin1Slice.call(bytes, start, stop)
    : null;

// Whether this module uses Node's Buffer for strings (useBuffer switches it).
let bufferOn = utf8Write !== null && utf8Slice !== null && latin1Slice !== null;

/** Turns the Buffer route for strings on or off (tests compare both); returns whether it is on. */
export function useBuffer(on) {
  bufferOn = Boolean(on) && utf8Write !== null && utf8Slice !== null && latin1Slice !== null;
  return bufferOn;
}

// Strings under SHORT_STRING UTF-16 units are encoded by a plain loop
// here, and strings under SHORT_READ bytes decoded by one: a call of
// TextEncoder, TextDecoder or Buffer costs more than such a loop at these
// sizes.
const SHORT_STRING = 64;
const SHORT_READ = 64;
// ASCII of this many bytes or more Node's Buffer turns into a string faster
// (latin1Slice: one copy, no check) than the loop; shorter, or not ASCII
// (the loop checks UTF-8 as it goes; utf8Slice would need a second look for
// U+FFFD), the loop does.
const ASCII_SLICE = 16;

/**
 * Writes values in the tagged form into a Uint8Array it is given, asking
 * `grow` for more room when it runs out:
 *   grow(used, needed) -> [bytes, start, end]: a Uint8Array whose
 *   [start, end) holds at least used + needed bytes, the first `used` of
 *   them those written so far. In wasm it asks the module to grow its
 *   buffer and returns the heap view read afresh (memory growth detaches
 *   the old one).
 * Every key it has written once in a value it writes again as its number
 * (docs/documents.md#the-tagged-form). With { extended: true } (messages)
 * it also writes a Date (tag 8) and a Uint8Array (tag 9), and -0 as a
 * float64.
 */
export class TaggedWriter {
  #grow;
  #extended;
  // Key -> its number in the value being written.
  #keys = new Map();
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
    } finally {
      this.#keys.clear(); // numbers are per value; and the value's keys go
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
        const bytes = this.bytes;
        const pos = this.pos;
        // -0 passes the int32 test; extended mode keeps its sign (1 / -0 < 0).
        if ((value | 0) === value && (value !== 0 || !this.#extended || 1 / value > 0)) {
          bytes[pos] = 3;
          bytes[pos + 1] = value;
          bytes[pos + 2] = value >> 8;
          bytes[pos + 3] = value >> 16;
          bytes[pos + 4] = value >> 24;
          this.pos = pos + 5;
        } else {
          bytes[pos] = 4;
          this.view.setFloat64(pos + 1, value, true);
          this.pos = pos + 9;
        }
        return;
      }
      case 'string':
        this.#ensure(1);
        this.bytes[this.pos++] = 5;
        this.#text(value, 1);
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
          this.#head(6, count);
          for (let i = 0; i < count; i++) this.#value(value[i], depth + 1);
          return;
        }
        if (!isPlainObject(value)) {
          this.#leaf(value);
          return;
        }
        {
          const keys = Object.keys(value);
          const count = keys.length;
          this.#head(7, count);
          const numbers = this.#keys;
          for (let i = 0; i < count; i++) {
            const key = keys[i];
            const number = numbers.get(key);
            if (number === undefined) {
              numbers.set(key, numbers.size);
              this.#text(key, 2);
            } else {
              this.#ensure(4);
              this.#u32(this.pos, 2 * number + 1);
              this.pos += 4;
            }
            this.#value(value[key], depth + 1);
          }
        }
        return;
      default:
        throw BAD_VALUE;
    }
  }

  // A tag and a u32 count.
  #head(tag, count) {
    this.#ensure(5);
    const pos = this.pos;
    this.bytes[pos] = tag;
    this.#u32(pos + 1, count);
    this.pos = pos + 5;
  }

  #u32(pos, value) {
    const bytes = this.bytes;
    bytes[pos] = value;
    bytes[pos + 1] = value >>> 8;
    bytes[pos + 2] = value >>> 16;
    bytes[pos + 3] = value >>> 24;
  }

  // A Date or a Uint8Array (extended mode only); anything else is refused.
  #leaf(value) {
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
        this.#head(9, length);
        this.#ensure(length);
        this.bytes.set(value, this.pos);
        this.pos += length;
        return;
      }
    }
    throw BAD_VALUE;
  }

  // A u32 of the UTF-8 byte length times `factor` (1 for a string, 2 for a
  // new key), then the UTF-8.
  #text(text, factor) {
    const length = text.length;
    if (length < SHORT_STRING) {
      this.#ensure(4 + 3 * length); // UTF-8 bytes per UTF-16 unit, at most
      const bytes = this.bytes;
      const at = this.pos + 4;
      let out = at;
      for (let i = 0; i < length; i++) {
        const code = text.charCodeAt(i);
        if (code < 0x80) {
          bytes[out++] = code;
        } else if (code < 0x800) {
          bytes[out] = 0xc0 | (code >> 6);
          bytes[out + 1] = 0x80 | (code & 0x3f);
          out += 2;
        } else if ((code & 0xf800) !== 0xd800) {
          bytes[out] = 0xe0 | (code >> 12);
          bytes[out + 1] = 0x80 | ((code >> 6) & 0x3f);
          bytes[out + 2] = 0x80 | (code & 0x3f);
          out += 3;
        } else {
          // A surrogate: only a high one followed by a low one is a character.
          const next = i + 1 < length ? text.charCodeAt(i + 1) : 0;
          if (code >= 0xdc00 || (next & 0xfc00) !== 0xdc00) throw BAD_VALUE;
          i++;
          const point = 0x10000 + ((code & 0x3ff) << 10) + (next & 0x3ff);
          bytes[out] = 0xf0 | (point >> 18);
          bytes[out + 1] = 0x80 | ((point >> 12) & 0x3f);
          bytes[out + 2] = 0x80 | ((point >> 6) & 0x3f);
          bytes[out + 3] = 0x80 | (point & 0x3f);
          out += 4;
        }
      }
      this.#u32(this.pos, factor * (out - at));
      this.pos = out;
      return;
    }
    // encodeInto and utf8Write would write a lone surrogate as U+FFFD.
    if (!wellFormed(text)) throw BAD_VALUE;
    const most = 3 * length;
    this.#ensure(4 + most);
    const at = this.pos + 4;
    const written = bufferOn
      ? utf8Write(this.bytes, text, at, most)
      : encoder.encodeInto(text, this.bytes.subarray(at, at + most)).written;
    this.#u32(this.pos, factor * written);
    this.pos = at + written;
  }
}

/** An Error of the tagged form's bytes ("tagged form: ... at byte N"). */
function formError(problem, at) {
  return new Error(`tagged form: ${problem} at byte ${at}`);
}

const fromCharCode = String.fromCharCode;

/**
 * Reads a value in the tagged form out of a Uint8Array (the wasm heap, or
 * any other). Strings and keys are checked UTF-8, key numbers must be
 * numbers already given, nesting is limited to MAX_DEPTH, and every length
 * is checked against the end, so bytes that are not the tagged form throw
 * ("tagged form: ..."), never read past the end. Each distinct key is
 * decoded once: every object gets the same string for it.
 * With { extended: true } (messages) it also reads tag 8 as a Date and tag 9
 * as a Uint8Array (a copy).
 */
export class TaggedReader {
  #extended;
  // A DataView of the last bytes read, kept for the next read of the same bytes.
  #view = null;

  constructor({ extended = false } = {}) {
    this.#extended = extended;
  }

  /** The value in [start, end) of `bytes`, which must hold exactly one. */
  read(bytes, start = 0, end = bytes.length) {
    // The walk keeps its state in the module (faster than fields): kept
    // aside here in case a read runs inside another (a setter on
    // Object.prototype that reads).
    const outer = [src, view, base, pos, stop, keys, extended];
    let own = this.#view;
    if (
      own === null ||
      own.buffer !== bytes.buffer ||
      own.byteOffset !== bytes.byteOffset ||
      own.byteLength !== bytes.byteLength
    ) {
      own = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
      this.#view = own;
    }
    view = own;
    src = bytes;
    base = start;
    pos = start;
    stop = end;
    keys = [];
    extended = this.#extended;
    try {
      const value = readValue(0);
      if (pos !== end) throw formError(`bytes left after the value (${end - pos})`, pos - start);
      return value;
    } finally {
      [src, view, base, pos, stop, keys, extended] = outer;
    }
  }
}

// The reader's state: the bytes, a view of them, where the value starts
// (error offsets count from it), where the walk is, where the bytes end,
// the keys read so far by number, the mode.
let src = null;
let view = null;
let base = 0;
let pos = 0;
let stop = 0;
let keys = [];
let extended = false;

function cutShort() {
  return formError('the bytes end inside a value', pos - base);
}

function readU32() {
  if (stop - pos < 4) throw cutShort();
  const at = pos;
  pos = at + 4;
  return (src[at] | (src[at + 1] << 8) | (src[at + 2] << 16) | (src[at + 3] << 24)) >>> 0;
}

function readValue(depth) {
  if (pos >= stop) throw cutShort();
  const tag = src[pos++];
  switch (tag) {
    case 0:
      return null;
    case 1:
      return false;
    case 2:
      return true;
    case 3: {
      if (stop - pos < 4) throw cutShort();
      const at = pos;
      pos = at + 4;
      return src[at] | (src[at + 1] << 8) | (src[at + 2] << 16) | (src[at + 3] << 24);
    }
    case 4: {
      if (stop - pos < 8) throw cutShort();
      const value = view.getFloat64(pos, true);
      pos += 8;
      return value;
    }
    case 5:
      return readText(readU32());
    case 6: {
      if (depth >= MAX_DEPTH) throw formError(`nesting deeper than ${MAX_DEPTH} levels`, pos - 1 - base);
      const count = readU32();
      // Each value takes a byte at least: a count beyond the bytes left is
      // bad bytes, not an array to allocate.
      if (count > stop - pos) throw cutShort();
      const array = new Array(count);
      for (let i = 0; i < count; i++) {
        // A number inline, with no call: the common element of a long
        // array (coordinates, tuples). A peek at `stop` or past it reads
        // no value: the room checks send it to readValue, which throws.
        const next = src[pos];
        if (next === 4 && stop - pos >= 9) {
          array[i] = view.getFloat64(pos + 1, true);
          pos += 9;
        } else if (next === 3 && stop - pos >= 5) {
          array[i] = src[pos + 1] | (src[pos + 2] << 8) | (src[pos + 3] << 16) | (src[pos + 4] << 24);
          pos += 5;
        } else {
          array[i] = readValue(depth + 1);
        }
      }
      return array;
    }
    case 7: {
      if (depth >= MAX_DEPTH) throw formError(`nesting deeper than ${MAX_DEPTH} levels`, pos - 1 - base);
      const count = readU32();
      const object = {};
      for (let i = 0; i < count; i++) {
        const key = readKey();
        const value = readValue(depth + 1);
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
      if (!extended) break;
      {
        if (stop - pos < 8) throw cutShort();
        const time = view.getFloat64(pos, true);
        pos += 8;
        return new Date(time);
      }
    case 9:
      if (!extended) break;
      {
        const length = readU32();
        if (stop - pos < length) throw cutShort();
        const at = pos;
        pos += length;
        return src.slice(at, at + length);
      }
  }
  throw formError(`unknown tag ${tag}`, pos - 1 - base);
}

// A key: new (h even, its bytes follow) or the number of one already read (h odd).
function readKey() {
  const h = readU32();
  if ((h & 1) === 0) {
    const key = readText(h >>> 1);
    keys.push(key);
    return key;
  }
  const number = h >>> 1;
  if (number >= keys.length) {
    throw formError(`key number ${number} before that key (${keys.length} keys so far)`, pos - 4 - base);
  }
  return keys[number];
}

// `length` bytes of UTF-8.
function readText(length) {
  if (stop - pos < length) throw cutShort();
  const at = pos;
  const end = at + length;
  let text;
  if (length < SHORT_READ) {
    text =
      bufferOn && length >= ASCII_SLICE && isAscii(src, at, end)
        ? latin1Slice(src, at, end)
        : shortText(src, at, end);
  } else if (bufferOn) {
    // utf8Slice writes bad bytes as U+FFFD: only then is the check needed.
    text = utf8Slice(src, at, end);
    if (text.indexOf('\ufffd') !== -1) text = fatalText(src, at, end);
  } else {
    text = fatalText(src, at, end);
  }
  if (text === null) throw formError('a string that is not valid UTF-8', at - base);
  pos = end;
  return text;
}

function isAscii(bytes, start, end) {
  let bits = 0;
  for (let at = start; at < end; at++) bits |= bytes[at];
  return bits < 0x80;
}

// TextDecoder's string of bytes[start, end), or null if they are not UTF-8.
function fatalText(bytes, start, end) {
  try {
    return decoder.decode(bytes.subarray(start, end));
  } catch {
    return null;
  }
}

// Code units of a short string being decoded (reused: one allocation less per string).
const units = [];

// The string of the UTF-8 in bytes[start, stop), or null if it is not
// valid UTF-8 (an overlong form, a surrogate, beyond U+10FFFF, a cut one).
function shortText(bytes, start, stop) {
  const length = stop - start;
  // ASCII up to 8 bytes, the common key and short value: fromCharCode of
  // the bytes themselves, no array.
  if (length <= 8) {
    let ascii = 0;
    for (let at = start; at < stop; at++) ascii |= bytes[at];
    if (ascii < 0x80) {
      switch (length) {
        case 0:
          return '';
        case 1:
          return fromCharCode(bytes[start]);
        case 2:
          return fromCharCode(bytes[start], bytes[start + 1]);
        case 3:
          return fromCharCode(bytes[start], bytes[start + 1], bytes[start + 2]);
        case 4:
          return fromCharCode(bytes[start], bytes[start + 1], bytes[start + 2], bytes[start + 3]);
        default: {
          let text = fromCharCode(bytes[start], bytes[start + 1], bytes[start + 2], bytes[start + 3]);
          for (let at = start + 4; at < stop; at++) text += fromCharCode(bytes[at]);
          return text;
        }
      }
    }
  }
  let count = 0;
  let at = start;
  while (at < stop) {
    const first = bytes[at++];
    if (first < 0x80) {
      units[count++] = first;
    } else if (first < 0xe0) {
      // 2 bytes: C0 and C1 would be overlong.
      if (first < 0xc2 || at >= stop) return null;
      const second = bytes[at++];
      if ((second & 0xc0) !== 0x80) return null;
      units[count++] = ((first & 0x1f) << 6) | (second & 0x3f);
    } else if (first < 0xf0) {
      if (at + 1 >= stop) return null;
      const second = bytes[at];
      const third = bytes[at + 1];
      at += 2;
      if ((second & 0xc0) !== 0x80 || (third & 0xc0) !== 0x80) return null;
      const code = ((first & 0x0f) << 12) | ((second & 0x3f) << 6) | (third & 0x3f);
      // Overlong below U+0800, or a surrogate.
      if (code < 0x800 || (code & 0xf800) === 0xd800) return null;
      units[count++] = code;
    } else {
      if (first > 0xf4 || at + 2 >= stop) return null;
      const second = bytes[at];
      const third = bytes[at + 1];
      const fourth = bytes[at + 2];
      at += 3;
      if ((second & 0xc0) !== 0x80 || (third & 0xc0) !== 0x80 || (fourth & 0xc0) !== 0x80) return null;
      const point =
        ((first & 0x07) << 18) | ((second & 0x3f) << 12) | ((third & 0x3f) << 6) | (fourth & 0x3f);
      // Overlong below U+10000, or beyond U+10FFFF.
      if (point < 0x10000 || point > 0x10ffff) return null;
      units[count++] = 0xd800 | ((point - 0x10000) >> 10);
      units[count++] = 0xdc00 | ((point - 0x10000) & 0x3ff);
    }
  }
  units.length = count;
  return fromCharCode.apply(null, units);
}

// writeTagged's buffer, kept at the largest size a call needed: no growth
// copies after the first calls, one copy of the result out.
let scratch = new Uint8Array(256);

const growScratch = (used, needed) => {
  const bigger = new Uint8Array(Math.max(2 * scratch.length, used + needed));
  bigger.set(scratch.subarray(0, used));
  scratch = bigger;
  return [scratch, 0, scratch.length];
};

const scratchWriters = {
  plain: new TaggedWriter(growScratch),
  extended: new TaggedWriter(growScratch, { extended: true }),
};

/**
 * The tagged form of `value` as a new Uint8Array (no wasm). Throws a
 * ValueError for a value that is not JSON-like (options: { extended }).
 * It writes into a buffer it keeps for the next call; with `initialBytes`,
 * into a new one of that size that grows as needed (tests of growth).
 */
export function writeTagged(value, initialBytes, options = {}) {
  if (initialBytes === undefined) {
    const writer = options.extended ? scratchWriters.extended : scratchWriters.plain;
    const length = writer.write(value, scratch, 0, scratch.length);
    return scratch.slice(0, length);
  }
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
