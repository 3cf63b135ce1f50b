// One path on one data set, by the harness's per-payload protocol
// (src/harness/payload-measure.mjs payloadMember): verified by deep equality with
// the data set before anything is timed, and after every timed decode
// (outside the timer). Browser-safe: bench:node's children and the page share it.

import { pathLabel } from '../../catalog.mjs';
import { payloadMember } from '../../harness/payload-measure.mjs';
import { pathFields } from '../../harness/rows.mjs';
import { verifyDocument } from './verify.mjs';

const BYTES_PER_MB = 1024 * 1024;
const jsonBytesOf = new WeakMap();

/** UTF-8 bytes of the value's JSON text (what the data set's size means), once per value. */
export function jsonBytes(value) {
  if (!jsonBytesOf.has(value))
    jsonBytesOf.set(value, new TextEncoder().encode(JSON.stringify(value)).byteLength);
  return jsonBytesOf.get(value);
}

/** The row fields naming a path and a data set (`datasetFields`: a user's document's, rows.mjs). */
export function documentRowBase(path, { place, batch, dataset, datasetFields, value }) {
  const bytes = jsonBytes(value);
  return {
    ...pathFields(path, { place, batch }),
    dataset,
    ...datasetFields,
    jsonBytes: bytes,
    jsonMB: bytes / BYTES_PER_MB,
  };
}

/**
 * A peer's documents path (peers.mjs createPeerDocumentPath) on one data set,
 * as the harness measures paths: encode(value) -> { encoded }, decode(bytes)
 * -> { value }. Throws when the library cannot hold the data set.
 */
export function peerDocumentPath(peerPath, dataset) {
  const calls = peerPath.forDataset(dataset);
  const { forDataset: _, ...meta } = peerPath;
  return {
    ...meta,
    keyOrder: calls.keyOrder,
    toPlain: calls.toPlain,
    encode: (value) => ({ encoded: calls.encode(value) }),
    decode: (bytes) => ({ value: calls.decode(bytes) }),
    bytesOf: calls.bytesOf ?? ((bytes) => bytes),
  };
}

/**
 * `path` on the data set `value` as a member of a block (harness/block.mjs):
 * verified by deep equality, with `extra` fields in its row; options as
 * payloadMember's (env, sizes, operations; `memory` is its heapGrowth).
 */
export function documentMember(path, { value, extra, env, sizes, memory = false, operations, ...where }) {
  const spec = documentSpec(path, { value, ...where });
  return payloadMember(path, {
    ...spec,
    base: { ...spec.base, ...extra },
    env,
    sizes,
    heapGrowth: memory,
    ...(operations && { operations }),
  });
}

// What documentMember gives the per-payload protocol.
function documentSpec(path, { value, ...where }) {
  const by = pathLabel(path);
  const keyOrder = path.keyOrder !== false;
  return {
    input: value,
    base: documentRowBase(path, { ...where, value }),
    decodedOf: (result) => result.value,
    verify: (decoded) =>
      verifyDocument(value, path.toPlain ? path.toPlain(decoded) : decoded, { keyOrder, by }),
  };
}
