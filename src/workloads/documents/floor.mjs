// The documents floor: what the documents' `tagged` path pays in JS alone,
// with no wasm call and no codec. Encode is the JS walk writing the tagged
// form (src/workloads/documents/tagged-writer.mjs) into a ready buffer, the
// marshal-in of a C++ path without C++ reading it; decode is the object
// building from ready tagged bytes, its marshal-out without C++ writing
// them. Measured beside every documents path in its process or page, so a
// C++ path's marshal phases read against it as a same-process pair, as the
// tuples' object floor does (docs/documents.md#the-documents-floor). A
// reference, not a library. Browser-safe.

import { floorOf, isFloorOf } from '../../catalog.mjs';
import workload from './workload.mjs';
import { TaggedReader } from './tagged-reader.mjs';
import { ownBufferWriter } from './tagged-writer.mjs';

export const DOCUMENTS_FLOOR = floorOf(workload.floor.codec);

/** How every table names the documents floor. */
export const DOCUMENTS_FLOOR_LABEL = workload.floor.label;

/** True for a results row (or path) of the documents floor. */
export const isDocumentsFloor = isFloorOf(DOCUMENTS_FLOOR);

// Where the ready buffer starts; it keeps the largest size a call needed,
// as the wasm modules' input buffer does.
const INITIAL_BYTES = 64 * 1024;

/**
 * A measurable path (see paths.mjs) for the documents floor. Its encoded
 * bytes are a view of the buffer it reuses: the next encode overwrites them
 * (the harness decodes the bytes of the data set's value, the same each time).
 */
export function createDocumentsFloorPath() {
  const write = ownBufferWriter(INITIAL_BYTES);
  const reader = new TaggedReader();
  return {
    ...DOCUMENTS_FLOOR,
    keyOrder: true,
    encode(value) {
      return { encoded: write(value) };
    },
    decode(bytes) {
      return { value: reader.read(bytes, 0, bytes.length) };
    },
    bytesOf: (bytes) => bytes,
  };
}
