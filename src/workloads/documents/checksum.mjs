// The document checksum (docs/documents.md#the-document-checksum): FNV-1a,
// 32-bit, over a canonical walk of a JSON-like value, so C++ and JS can show
// they hold the same values whatever their number types:
//
//   null 'n' | false 'f' | true 't'
//   number  'd' + float64, 8 bytes little-endian
//   string  's' + UTF-8 byte length (u32 LE) + the UTF-8 bytes
//   array   'a' + count (u32 LE) + each value
//   object  'o' + count (u32 LE) + per member: key (length + bytes, no 's'), value
//
// Objects in their key order (Object.keys). -0 is hashed as 0: the C++
// Document holds -0 as the integer 0 (number_of), and verification counts
// them equal. A value JSON cannot hold (undefined, a function, a bigint, a
// lone surrogate, anything but a plain object or array) is an error naming
// its path, never a checksum of something else.

import { isPlainObject, pathStep, wellFormed } from '../../tagged/value-checks.mjs';

export { pathStep };

const FNV_OFFSET = 0x811c9dc5;
const FNV_PRIME = 0x01000193;

const scratch = new DataView(new ArrayBuffer(8));
const encoder = new TextEncoder();

class Hasher {
  constructor() {
    this.hash = FNV_OFFSET;
  }

  byte(value) {
    this.hash = Math.imul(this.hash ^ value, FNV_PRIME) >>> 0;
  }

  u32(value) {
    this.byte(value & 0xff);
    this.byte((value >>> 8) & 0xff);
    this.byte((value >>> 16) & 0xff);
    this.byte((value >>> 24) & 0xff);
  }

  number(value) {
    scratch.setFloat64(0, value === 0 ? 0 : value, true);
    for (let i = 0; i < 8; i++) this.byte(scratch.getUint8(i));
  }

  // Length then bytes of the UTF-8 of `text`.
  text(text, path) {
    if (!wellFormed(text))
      throw new Error(`checksum: ${path()}: a lone surrogate (JSON text in UTF-8 cannot hold it)`);
    const bytes = encoder.encode(text);
    this.u32(bytes.length);
    for (let i = 0; i < bytes.length; i++) this.byte(bytes[i]);
  }
}

const N = 0x6e; // 'n'
const F = 0x66; // 'f'
const T = 0x74; // 't'
const D = 0x64; // 'd'
const S = 0x73; // 's'
const A = 0x61; // 'a'
const O = 0x6f; // 'o'

// `where` rebuilds the path only when an error needs it.
function walk(hasher, value, where) {
  if (value === null) return hasher.byte(N);
  switch (typeof value) {
    case 'boolean':
      return hasher.byte(value ? T : F);
    case 'number':
      hasher.byte(D);
      return hasher.number(value);
    case 'string':
      hasher.byte(S);
      return hasher.text(value, where);
    case 'object':
      if (Array.isArray(value)) {
        hasher.byte(A);
        hasher.u32(value.length);
        for (let i = 0; i < value.length; i++) walk(hasher, value[i], () => `${where()}[${i}]`);
        return;
      }
      if (isPlainObject(value)) {
        const keys = Object.keys(value);
        hasher.byte(O);
        hasher.u32(keys.length);
        for (const key of keys) {
          const at = () => `${where()}${pathStep(key)}`;
          hasher.text(key, at);
          walk(hasher, value[key], at);
        }
        return;
      }
      throw new Error(`checksum: ${where()}: not a JSON value (${value.constructor?.name ?? 'object'})`);
    default:
      throw new Error(`checksum: ${where()}: not a JSON value (${typeof value})`);
  }
}

/** The checksum of a JSON-like value: an unsigned 32-bit number. */
export function documentChecksum(value) {
  const hasher = new Hasher();
  walk(hasher, value, () => '$');
  return hasher.hash;
}

/** A checksum as text: "0x" and 8 lowercase hex digits. */
export function formatChecksum(checksum) {
  return `0x${(checksum >>> 0).toString(16).padStart(8, '0')}`;
}
