// js-binary: a schema'd binary format (no type tags). 'int' is a signed
// variable-length integer, 'float' a 64-bit double. It works on Node's
// Buffer (a polyfill in the page) and calls the deprecated `new Buffer()`,
// so Node prints a DEP0005 warning once per process.

import jsBinary from 'js-binary';

/** The js-binary path; decodes to plain objects. */
export function createPeerPath(meta) {
  const type = new jsBinary.Type({ items: [{ x: 'int', y: 'float', z: 'float' }] });
  return {
    ...meta,
    encode(items) {
      return { encoded: type.encode({ items }) };
    },
    decode(bytes) {
      return { items: type.decode(bytes).items };
    },
    bytesOf(bytes) {
      return bytes;
    },
  };
}
