// The pure-JS libraries a user would `npm install` instead of a C++ codec in
// wasm: the one registry of them, shared by the Node runner and the page.
// Each entry says where it runs ('node', 'browser'), which format it writes
// (the row's `codec`), and loads its adapter (src/harness/peers/<name>.mjs)
// only when asked, so Node-only libraries never load in a page.
//
// An adapter's createPeerPath(meta, context) returns a path (see paths.mjs):
// encode(items) -> { encoded }, decode(encoded) -> { items }, bytesOf, and,
// when the library's decoded items are not plain {x, y, z} objects,
// toPlainItems(items) to convert them for verification.
//
// What is timed is what the library gives: decode() returns the library's
// own items (protobufjs messages, avsc records, ...), not a plain copy. The
// conversion that verification needs happens outside the timed region, and
// the cleanliness table (cleanliness.mjs) shows which libraries hand back
// something other than plain objects, so a reader sees the difference instead
// of it being hidden in the times.
//
// `version` is the installed npm version, pinned in package.json; a test
// (tests/node/peers-roundtrip.test.mjs) checks the two agree.
//
// Workloads: PEERS are the tuple workload's libraries (every one takes part
// in messages too); `documents` marks those that take part in the documents
// workload, beside DOCUMENT_ONLY_PEERS, libraries that only hold documents
// (FlexBuffers, geobuf). DOCUMENT_PEERS is that workload's registry.

import { MESSAGE_NAMES } from '../workloads/messages/records.mjs';
import { datasetInfo } from '../workloads/documents/dataset-catalog.mjs';

export const PEER_PLACES = Object.freeze(['node', 'browser']);
const EVERYWHERE = PEER_PLACES;
const NODE_ONLY = Object.freeze(['node']);

// `messages`: whether the peer takes part in the messages workload at all
// (every peer does; a record one cannot hold is reported by its forRecord).
// `documents`: whether it takes part in the documents workload (a data set
// one cannot hold is reported by its forDataset).
function freezePeer(peer) {
  return Object.freeze({ variant: undefined, messages: true, documents: false, ...peer });
}

export const PEERS = Object.freeze(
  [
    {
      name: 'avsc',
      codec: 'avro',
      npm: 'avsc',
      version: '5.7.9',
      places: EVERYWHERE,
      load: () => import('./peers/avsc.mjs'),
    },
    {
      name: 'protobufjs',
      codec: 'protobuf',
      npm: 'protobufjs',
      version: '8.8.1',
      places: EVERYWHERE,
      load: () => import('./peers/protobufjs.mjs'),
    },
    {
      name: 'pbf',
      codec: 'protobuf',
      npm: 'pbf',
      version: '5.1.2',
      places: EVERYWHERE,
      load: () => import('./peers/pbf.mjs'),
    },
    {
      name: 'google-protobuf',
      codec: 'protobuf',
      npm: 'google-protobuf',
      version: '4.0.3',
      places: EVERYWHERE,
      load: () => import('./peers/google-protobuf.mjs'),
    },
    {
      name: 'msgpackr',
      codec: 'msgpack',
      npm: 'msgpackr',
      version: '2.1.4',
      places: EVERYWHERE,
      documents: true,
      load: () => import('./peers/msgpackr.mjs'),
    },
    {
      name: 'msgpackr-records',
      codec: 'msgpack',
      variant: 'records',
      npm: 'msgpackr',
      version: '2.1.4',
      places: EVERYWHERE,
      documents: true,
      load: () => import('./peers/msgpackr.mjs'),
    },
    {
      name: '@msgpack/msgpack',
      codec: 'msgpack',
      npm: '@msgpack/msgpack',
      version: '3.1.3',
      places: EVERYWHERE,
      documents: true,
      load: () => import('./peers/msgpack-msgpack.mjs'),
    },
    {
      name: 'cbor-x',
      codec: 'cbor',
      npm: 'cbor-x',
      version: '1.6.9',
      places: EVERYWHERE,
      documents: true,
      load: () => import('./peers/cbor-x.mjs'),
    },
    {
      name: 'bson',
      codec: 'bson',
      npm: 'bson',
      version: '7.3.4',
      places: EVERYWHERE,
      documents: true,
      load: () => import('./peers/bson.mjs'),
    },
    {
      name: 'flatbuffers',
      codec: 'flatbuffers',
      npm: 'flatbuffers',
      version: '25.9.23',
      places: EVERYWHERE,
      load: () => import('./peers/flatbuffers.mjs'),
    },
    {
      name: 'js-binary',
      codec: 'js-binary',
      npm: 'js-binary',
      version: '1.2.0',
      places: EVERYWHERE,
      load: () => import('./peers/js-binary.mjs'),
    },
    {
      name: 'bser',
      codec: 'bser',
      npm: 'bser',
      version: '2.1.2',
      places: NODE_ONLY,
      documents: true,
      load: () => import('./peers/bser.mjs'),
    },
    {
      // Not an npm package: V8's own serializer, versioned with the runtime.
      name: 'v8',
      codec: 'v8',
      npm: 'v8.serialize',
      version: globalThis.process?.versions?.v8 ?? 'unknown',
      places: NODE_ONLY,
      documents: true,
      load: () => import('./peers/v8.mjs'),
    },
  ].map(freezePeer),
);

/** The peers that run in `place` ('node' or 'browser'), in registry order. */
export function peersFor(place, peers = PEERS) {
  return peers.filter((peer) => peer.places.includes(place));
}

/** Names of the peers of a place. */
export function peerNames(place, peers = PEERS) {
  return peersFor(place, peers).map((peer) => peer.name);
}

/** The peer called `name`, or undefined. */
export function findPeer(name, peers = PEERS) {
  return peers.find((peer) => peer.name === name);
}

/**
 * What every row of a peer carries: { codec, impl: 'js', interop: 'js',
 * library: '<npm name> <version>', variant? }. Also what a failed row
 * describes when the adapter never loaded.
 */
export function peerMeta(peer) {
  const meta = { codec: peer.codec, impl: 'js', interop: 'js', library: `${peer.npm} ${peer.version}` };
  if (peer.variant) meta.variant = peer.variant;
  return meta;
}

/**
 * Loads a peer's adapter and makes its path. `context` carries what some
 * adapters need from the environment: { protoText } (proto/tuple.proto,
 * for protobufjs). Rejects when the library does not load.
 */
export async function createPeerPath(peer, context = {}) {
  const adapter = await peer.load();
  return adapter.createPeerPath(peerMeta(peer), context);
}

/** The peers of `place` that take part in the messages workload, in registry order. */
export function messagePeersFor(place, peers = PEERS) {
  return peersFor(place, peers).filter((peer) => peer.messages);
}

/**
 * Loads a peer's adapter and makes its messages path:
 *
 *   { ...peerMeta(peer), forRecord(name) -> {
 *       encode(record) -> Uint8Array,        // timed
 *       decode(bytes) -> the library's value, // timed
 *       toPlain?(value) -> plain record,      // verification only, untimed
 *       bytesOf(bytes) -> bytes,              // what the size columns count (as for tuples)
 *   } }
 *
 * forRecord throws Error('<peer>: cannot represent <what> of record
 * "<name>"') when the library cannot hold that record exactly, and an
 * unknown-record error for a name outside MESSAGE_NAMES. `context` carries
 * { messagesProtoText } (proto/messages.proto, for protobufjs). Rejects when
 * the library does not load or the peer has no messages path.
 */
export async function createPeerMessagePath(peer, context = {}) {
  if (!peer.messages) throw new Error(`${peer.name}: not part of the messages workload`);
  const adapter = await peer.load();
  if (typeof adapter.createMessagePath !== 'function')
    throw new Error(`${peer.name}: its adapter has no createMessagePath`);
  const path = adapter.createMessagePath(peerMeta(peer), context);
  return {
    ...path,
    forRecord(name) {
      if (!MESSAGE_NAMES.includes(name))
        throw new Error(
          `${peer.name}: unknown message record "${name}" (known: ${MESSAGE_NAMES.join(', ')})`,
        );
      const record = path.forRecord(name);
      return { bytesOf: (bytes) => bytes, ...record };
    },
  };
}

/**
 * Libraries that take part in the documents workload only: they hold
 * schema-less JSON-like values (FlexBuffers) or GeoJSON (geobuf), not the
 * tuple or messages layouts. Not in PEERS, so the tuple and messages
 * runners never see them.
 */
export const DOCUMENT_ONLY_PEERS = Object.freeze(
  [
    {
      // flatbuffers' schema-less format, from the same npm package as the
      // 'flatbuffers' peer; the variant keeps the two apart in tables.
      name: 'flexbuffers',
      codec: 'flatbuffers',
      variant: 'flexbuffers',
      npm: 'flatbuffers',
      version: '25.9.23',
      places: EVERYWHERE,
      tuples: false,
      messages: false,
      documents: true,
      load: () => import('./peers/flexbuffers.mjs'),
    },
    {
      // Mapbox's GeoJSON in protobuf (written and read through pbf): only
      // the GeoJSON data sets.
      name: 'geobuf',
      codec: 'geobuf',
      npm: 'geobuf',
      version: '4.0.0',
      places: EVERYWHERE,
      tuples: false,
      messages: false,
      documents: true,
      load: () => import('./peers/geobuf.mjs'),
    },
  ].map(freezePeer),
);

/** Every registered peer of any workload, PEERS first. */
export const ALL_PEERS = Object.freeze([...PEERS, ...DOCUMENT_ONLY_PEERS]);

/** The documents workload's peers, in registry order. */
export const DOCUMENT_PEERS = Object.freeze(ALL_PEERS.filter((peer) => peer.documents));

/** The peers of `place` that take part in the documents workload, in registry order. */
export function documentPeersFor(place, peers = DOCUMENT_PEERS) {
  return peersFor(place, peers);
}

/** The documents peer called `name`, or undefined. */
export function findDocumentPeer(name, peers = DOCUMENT_PEERS) {
  return findPeer(name, peers);
}

/**
 * Loads a peer's adapter and makes its documents path:
 *
 *   { ...peerMeta(peer), forDataset(dataset) -> {
 *       encode(value) -> Uint8Array,          // timed
 *       decode(bytes) -> the library's value, // timed
 *       toPlain?(value) -> plain value,       // verification only, untimed
 *       keyOrder: boolean,                    // false: verify objects without key order
 *       bytesOf(bytes) -> bytes,              // what the size columns count
 *   } }
 *
 * `dataset` is a data set id (src/workloads/documents/datasets.mjs: one of
 * DATASETS or unmapped-s<step>) or its catalog entry. forDataset throws
 * Error('<peer>: cannot represent <what>') when the library cannot hold
 * that data set (geobuf outside GeoJSON), and an unknown-data-set error.
 * Rejects when the library does not load or the peer has no documents path.
 */
export async function createPeerDocumentPath(peer, context = {}) {
  if (!peer.documents) throw new Error(`${peer.name}: not part of the documents workload`);
  const adapter = await peer.load();
  if (typeof adapter.createDocumentPath !== 'function')
    throw new Error(`${peer.name}: its adapter has no createDocumentPath`);
  const path = adapter.createDocumentPath(peerMeta(peer), context);
  return {
    ...path,
    forDataset(dataset) {
      const id = typeof dataset === 'string' ? dataset : dataset?.id;
      let entry;
      try {
        entry = datasetInfo(id);
      } catch (error) {
        throw new Error(`${peer.name}: ${error.message}`);
      }
      const calls = path.forDataset(entry);
      return { bytesOf: (bytes) => bytes, keyOrder: true, ...calls };
    },
  };
}
