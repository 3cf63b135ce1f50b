// "Decode these bytes": turns what the user pasted or picked into bytes,
// decodes them with one codec and strategy, and describes the outcome.

/** Bytes from hex ("0a ff", "0x0a,0xff"), base64 or UTF-8 text. Throws a plain message when they are not. */
export function parseBytes(text, format) {
  const trimmed = text.trim();
  if (format === 'text') return new TextEncoder().encode(text);
  const hexDigits = trimmed.replace(/0x/gi, '').replace(/[\s,:]/g, '');
  const looksHex = /^[0-9a-f]*$/i.test(hexDigits);
  if (format === 'hex' || (format === 'auto' && looksHex)) {
    if (!looksHex) throw new Error('not hex: use the digits 0-9 and a-f, optionally separated by spaces');
    if (hexDigits.length % 2 !== 0)
      throw new Error(`hex needs an even number of digits, got ${hexDigits.length}`);
    const bytes = new Uint8Array(hexDigits.length / 2);
    for (let i = 0; i < bytes.length; i++) bytes[i] = parseInt(hexDigits.slice(2 * i, 2 * i + 2), 16);
    return bytes;
  }
  let binary;
  try {
    binary = atob(trimmed.replace(/\s/g, '').replace(/-/g, '+').replace(/_/g, '/'));
  } catch {
    throw new Error('neither hex nor base64 (choose "text" to decode the characters themselves)');
  }
  return Uint8Array.from(binary, (char) => char.charCodeAt(0));
}

export function toHex(bytes) {
  const parts = [];
  for (const byte of bytes) parts.push(byte.toString(16).padStart(2, '0'));
  return parts.join(' ');
}
