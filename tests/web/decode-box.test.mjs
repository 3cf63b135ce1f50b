// The byte parsing of the page's "decode these bytes" box (plain functions,
// tested in Node).

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parseBytes, toHex } from '../../web/src/decode-box.mjs';

const bytes = (...values) => Uint8Array.from(values);

test('hex: spaces, commas, colons and 0x prefixes are accepted', () => {
  for (const text of ['0a ff 10', '0aff10', '0x0a, 0xff, 0x10', '0A:FF:10', '\n0a ff\n10\n']) {
    assert.deepEqual(parseBytes(text, 'auto'), bytes(10, 255, 16), text);
    assert.deepEqual(parseBytes(text, 'hex'), bytes(10, 255, 16), text);
  }
});

test('hex: an odd number of digits or a non-hex character is an error', () => {
  assert.throws(() => parseBytes('abc', 'hex'), /hex needs an even number of digits, got 3/);
  assert.throws(() => parseBytes('0g', 'hex'), /not hex/);
});

test('base64, standard and URL-safe; auto picks it when the text is not hex', () => {
  assert.deepEqual(parseBytes('Cv8Q', 'base64'), bytes(10, 255, 16));
  assert.deepEqual(parseBytes('+/8=', 'auto'), bytes(251, 255));
  assert.deepEqual(parseBytes('-_8=', 'auto'), bytes(251, 255));
  assert.throws(() => parseBytes('not base64!', 'auto'), /neither hex nor base64/);
});

test('text is taken as its UTF-8 bytes, untrimmed', () => {
  assert.deepEqual(parseBytes(' {"é"}', 'text'), bytes(32, 123, 34, 0xc3, 0xa9, 34, 125));
});

test('toHex writes what parseBytes reads back', () => {
  const all = Uint8Array.from({ length: 256 }, (_, i) => i);
  assert.equal(toHex(bytes(0, 15, 255)), '00 0f ff');
  assert.deepEqual(parseBytes(toHex(all), 'auto'), all);
});
