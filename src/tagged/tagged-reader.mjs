// The tagged form's reader (docs/documents.md#the-tagged-form): the form
// back into a plain JS value, out of any Uint8Array: a wasm heap or the
// addon's buffer (a workload's `tagged` strategy, in the extended mode that
// tagged-form.mjs describes for records) or any other. Its writer is
// tagged-writer.mjs.

import { MAX_DEPTH, bufferOn, latin1Slice, utf8Slice } from './tagged-form.mjs';

// fatal: bytes that are not UTF-8 (the sentinel of a decoder that did no
// work) are an error, not U+FFFD.
const decoder = new TextDecoder('utf-8', { fatal: true });

// Strings under SHORT_READ bytes are decoded by a plain loop here: a call
// of TextDecoder or Buffer costs more than such a loop at these sizes.
const SHORT_READ = 64;
// ASCII of this many bytes or more Node's Buffer turns into a string faster
// (latin1Slice: one copy, no check) than the loop; shorter, or not ASCII
// (the loop checks UTF-8 as it goes; utf8Slice would need a second look for
// U+FFFD), the loop does.
const ASCII_SLICE = 16;

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
 * With { extended: true } (records) it also reads tag 8 as a Date and tag 9
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
    const outer = [src, view, base, pos, stop, keys, extended, viaBuffer];
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
    viaBuffer = bufferOn;
    try {
      const value = readValue(0);
      if (pos !== end) throw formError(`bytes left after the value (${end - pos})`, pos - start);
      return value;
    } finally {
      [src, view, base, pos, stop, keys, extended, viaBuffer] = outer;
    }
  }
}

// The reader's state: the bytes, a view of them, where the value starts
// (error offsets count from it), where the walk is, where the bytes end,
// the keys read so far by number, the mode, the string route (bufferOn,
// copied once per read: an export of another module costs more to read at
// every string than a variable of this one).
let src = null;
let view = null;
let base = 0;
let pos = 0;
let stop = 0;
let keys = [];
let extended = false;
let viaBuffer = false;

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
        // array (coordinates, pairs). A peek at `stop` or past it reads
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
      viaBuffer && length >= ASCII_SLICE && isAscii(src, at, end)
        ? latin1Slice(src, at, end)
        : shortText(src, at, end);
  } else if (viaBuffer) {
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
