// js-binary: a schema'd binary format (no type tags). 'int' is a signed
// variable-length integer, 'float' a 64-bit double. It works on Node's
// Buffer (a polyfill in the page) and calls the deprecated `new Buffer()`,
// so Node prints a DEP0005 warning once per process.

import { Buffer } from 'buffer';
import jsBinary from 'js-binary';
import { bufferViewOf } from './buffer-input.mjs';
import { itemsPath } from './value-paths.mjs';

const asInput = bufferViewOf(Buffer);

/** The js-binary path; decodes to plain objects. */
export function createPeerPath(meta) {
  const type = new jsBinary.Type({ items: [{ x: 'int', y: 'float', z: 'float' }] });
  return itemsPath(meta, {
    encode: (message) => type.encode(message),
    decode: (bytes) => type.decode(asInput(bytes)),
  });
}

// The messages records as js-binary schemas. 'int' holds any int32, 'float'
// is a double (so the float32 fields are exact too), 'date' is the Date's
// milliseconds as an unsigned integer (a date before 1970 would not fit; the
// record's does), 'Buffer' needs a Buffer (Node's, or the page bundle's
// polyfill: the same `buffer` module js-binary uses there), and the mixed
// array is 'json' (its JSON text: exact for booleans, strings and numbers).
const OBJECT1 = { foo: 'string', thisIs: 'string', another: 'int' };
const OBJECT2 = { ...OBJECT1, sub: OBJECT1 };
const MESSAGE_SCHEMAS = Object.freeze({
  bool: { value: 'boolean' },
  int: { value: 'int' },
  double: { value: 'float' },
  string: { value: 'string' },
  array: { value: ['int'] },
  nested: { value: { level2: { level3: { flag: 'boolean', count: 'int', label: 'string' } } } },
  record: {
    id: 'int',
    active: 'boolean',
    score: 'float',
    balance: 'float',
    latitude: 'float',
    longitude: 'float',
    createdAt: 'date',
    name: 'string',
    description: 'string',
    tags: 'json',
  },
  binary: { name: 'string', data: 'Buffer' },
  object1: OBJECT1,
  object2: OBJECT2,
  object3: { ...OBJECT1, sub: OBJECT2 },
});

/**
 * The js-binary messages path. Binary data goes in as a Buffer over the
 * record's bytes (no copy; the conversion a user must write, timed) and
 * comes back as a Buffer (a Uint8Array), a view of the decoded bytes.
 * Decoded records are plain objects: no toPlain.
 */
export function createMessagePath(meta) {
  return {
    ...meta,
    forRecord(name) {
      const type = new jsBinary.Type(MESSAGE_SCHEMAS[name]);
      if (name === 'binary') {
        return {
          encode: (record) =>
            type.encode({
              name: record.name,
              data: Buffer.from(record.data.buffer, record.data.byteOffset, record.data.byteLength),
            }),
          decode: (bytes) => type.decode(asInput(bytes)),
        };
      }
      return {
        encode: (record) => type.encode(record),
        decode: (bytes) => type.decode(asInput(bytes)),
      };
    },
  };
}
