// The object floor of the tuple workload: what any path that takes {x, y, z}
// objects and gives them back must pay in JS, with no format and no codec.
// Encode reads every item's fields into typed arrays (the least an encoder
// does: the typed strategy's marshalling without its check); decode builds
// the plain objects from typed arrays (the least a decoder to plain objects
// does: V8 allocating them). It is measured beside every path, in its
// process or page, so each path's and each library's distance to it is a
// same-process ratio (docs/design.md#object-floor).

import { OBJECT_FLOOR } from '../catalog.mjs';
import { columnsFromItems, itemsFromColumns } from './wasm-items.mjs';

/** A measurable path (see payload-measure.mjs) for the object floor. */
export function createObjectFloorPath() {
  return {
    ...OBJECT_FLOOR,
    encode(items) {
      return { encoded: columnsFromItems(items) };
    },
    decode(columns) {
      return { items: itemsFromColumns(columns) };
    },
    // The columns' bytes one after the other: what a size column shows.
    bytesOf({ x, y, z }) {
      const bytes = new Uint8Array(x.byteLength + y.byteLength + z.byteLength);
      bytes.set(new Uint8Array(x.buffer, x.byteOffset, x.byteLength), 0);
      bytes.set(new Uint8Array(y.buffer, y.byteOffset, y.byteLength), x.byteLength);
      bytes.set(new Uint8Array(z.buffer, z.byteOffset, z.byteLength), x.byteLength + y.byteLength);
      return bytes;
    },
  };
}
