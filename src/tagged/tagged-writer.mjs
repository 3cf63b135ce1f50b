// The tagged form's writer (docs/documents.md#the-tagged-form): a
// JSON-like value into the form in one walk, into any Uint8Array: the wasm
// heap or the addon's buffer (a workload's `tagged` strategy, in the
// extended mode that tagged-form.mjs describes for records) or any other.
// Its reader
// is tagged-reader.mjs. A value that is not a document stops the walk, and
// value-checks.mjs walks it again for the error that names its path.

import { MAX_DEPTH, bufferOn, utf8Write } from './tagged-form.mjs';
import { isPlainObject, valueError, wellFormed } from './value-checks.mjs';

const encoder = new TextEncoder();

// Thrown by the fast walk, which keeps no path: valueProblem finds it again.
const BAD_VALUE = Symbol('bad value');

// Strings under SHORT_STRING UTF-16 units are encoded by a plain loop here:
// a call of TextEncoder or Buffer costs more than such a loop at these
// sizes.
const SHORT_STRING = 64;

/**
 * Writes values in the tagged form into a Uint8Array it is given, asking
 * `grow` for more room when it runs out:
 *   grow(used, needed) -> [bytes, start, end]: a Uint8Array whose
 *   [start, end) holds at least used + needed bytes, the first `used` of
 *   them those written so far. In wasm it asks the module to grow its
 *   buffer and returns the heap view read afresh (memory growth detaches
 *   the old one).
 * Every key it has written once in a value it writes again as its number
 * (docs/documents.md#the-tagged-form). With { extended: true } (records)
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

/** Writes into a buffer of its own, doubled as needed: a view the next write overwrites. */
export function ownBufferWriter(initialBytes, options) {
  let buffer = new Uint8Array(initialBytes);
  const writer = new TaggedWriter((used, needed) => {
    const bigger = new Uint8Array(Math.max(2 * buffer.length, used + needed));
    bigger.set(buffer.subarray(0, used));
    buffer = bigger;
    return [buffer, 0, buffer.length];
  }, options);
  return (value) => {
    const length = writer.write(value, buffer, 0, buffer.length); // may replace buffer
    return buffer.subarray(0, length);
  };
}
