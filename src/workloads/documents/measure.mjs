// One path on one data set, by the harness's per-payload protocol
// (src/harness/payload-measure.mjs payloadMember): verified by deep equality with
// the data set before anything is timed, and after every timed decode
// (outside the timer). Browser-safe: bench:node's children and the page share it.

import { pathLabel } from '../../catalog.mjs';
import { loadPeerPath } from '../../harness/peers.mjs';
import { datasetInfo } from './dataset-catalog.mjs';
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
 * The libraries that take part in this workload (those that write any plain
 * value, and its own: peers.mjs): the runner's default, the page's offer.
 */
export const takesPeer = (peer) => peer.schemaless || peer.owner === 'documents';

/**
 * Loads a peer's adapter (through `registry`, the --peer-registry module)
 * and makes its documents path:
 *
 *   { ...peerMeta(peer), forDataset(dataset) -> {
 *       encode(value) -> Uint8Array,          // timed
 *       decode(bytes) -> the library's value, // timed
 *       toPlain?(value) -> plain value,       // verification only, untimed
 *       keyOrder: boolean,                    // false: verify objects without key order
 *       bytesOf(bytes) -> bytes,              // what the size columns count
 *   } }
 *
 * `dataset`: a data set id (dataset-catalog.mjs) or its entry (a user's:
 * userDatasetEntry). forDataset throws '<peer>: cannot represent <what>'
 * (geobuf outside GeoJSON) or an unknown-data-set error. Rejects when the
 * library does not load or is not part of this workload.
 */
export async function createPeerDocumentPath(peer, context = {}, registry = { loadPeerPath }) {
  if (!takesPeer(peer)) throw new Error(`${peer.name}: not part of the documents workload`);
  const path = await registry.loadPeerPath(peer, 'createDocumentPath', context);
  return {
    ...path,
    forDataset(dataset) {
      // An entry is taken as given: a user's document's says whether it is GeoJSON by its value.
      let entry = dataset;
      try {
        if (typeof dataset === 'string') entry = datasetInfo(dataset);
      } catch (error) {
        throw new Error(`${peer.name}: ${error.message}`);
      }
      return { bytesOf: (bytes) => bytes, keyOrder: true, ...path.forDataset(entry) };
    },
  };
}

/**
 * A peer's documents path (createPeerDocumentPath) on one data set,
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
