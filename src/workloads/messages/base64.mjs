// Standard base64 (RFC 4648 section 4, with `=` padding), the way the
// messages workload writes binary data in JSON. Plain JS with no Node APIs
// (no Buffer, no atob/btoa over binary strings): it runs in the page too, and
// the JSON baseline's timed encode/decode call it.

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const PAD = 61; // '='

// Char code -> 6-bit value, or -1 for a character outside the alphabet.
const VALUE_OF = new Int16Array(128).fill(-1);
for (let i = 0; i < ALPHABET.length; i++) VALUE_OF[ALPHABET.charCodeAt(i)] = i;

/** The padded base64 text of `bytes` (a Uint8Array). */
export function base64Encode(bytes) {
  let text = '';
  const whole = bytes.length - (bytes.length % 3);
  for (let i = 0; i < whole; i += 3) {
    const triple = (bytes[i] << 16) | (bytes[i + 1] << 8) | bytes[i + 2];
    text +=
      ALPHABET[triple >> 18] +
      ALPHABET[(triple >> 12) & 63] +
      ALPHABET[(triple >> 6) & 63] +
      ALPHABET[triple & 63];
  }
  const rest = bytes.length - whole;
  if (rest === 1) {
    const pair = bytes[whole] << 16;
    text += ALPHABET[pair >> 18] + ALPHABET[(pair >> 12) & 63] + '==';
  } else if (rest === 2) {
    const pair = (bytes[whole] << 16) | (bytes[whole + 1] << 8);
    text += ALPHABET[pair >> 18] + ALPHABET[(pair >> 12) & 63] + ALPHABET[(pair >> 6) & 63] + '=';
  }
  return text;
}

function sextet(text, index) {
  const code = text.charCodeAt(index);
  const value = code < 128 ? VALUE_OF[code] : -1;
  if (value < 0) throw new Error(`base64: invalid character ${JSON.stringify(text[index])} at ${index}`);
  return value;
}

/**
 * The bytes of padded base64 `text`. Throws an Error starting with
 * "base64:" for a length that is not a multiple of 4, a character outside
 * the alphabet, misplaced padding, or non-zero bits after the last byte
 * (each byte string has exactly one canonical text).
 */
export function base64Decode(text) {
  if (typeof text !== 'string') throw new Error(`base64: expected a string, got ${typeof text}`);
  if (text.length % 4 !== 0) throw new Error(`base64: length ${text.length} is not a multiple of 4`);
  let padding = 0;
  if (text.length > 0 && text.charCodeAt(text.length - 1) === PAD) {
    padding = text.charCodeAt(text.length - 2) === PAD ? 2 : 1;
  }
  const bytes = new Uint8Array((text.length / 4) * 3 - padding);
  const whole = padding === 0 ? text.length : text.length - 4;
  let out = 0;
  for (let i = 0; i < whole; i += 4) {
    const quad =
      (sextet(text, i) << 18) |
      (sextet(text, i + 1) << 12) |
      (sextet(text, i + 2) << 6) |
      sextet(text, i + 3);
    bytes[out++] = quad >> 16;
    bytes[out++] = (quad >> 8) & 0xff;
    bytes[out++] = quad & 0xff;
  }
  if (padding > 0) {
    const first = sextet(text, whole);
    const second = sextet(text, whole + 1);
    if (padding === 2) {
      if (second & 15) throw new Error(`base64: non-zero bits after the last byte at ${whole + 1}`);
      bytes[out] = (first << 2) | (second >> 4);
    } else {
      const third = sextet(text, whole + 2);
      if (third & 3) throw new Error(`base64: non-zero bits after the last byte at ${whole + 2}`);
      bytes[out++] = (first << 2) | (second >> 4);
      bytes[out] = ((second & 15) << 4) | (third >> 2);
    }
  }
  return bytes;
}
