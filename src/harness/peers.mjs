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

import { MESSAGE_NAMES } from '../workloads/messages/records.mjs';

export const PEER_PLACES = Object.freeze(['node', 'browser']);
const EVERYWHERE = PEER_PLACES;
const NODE_ONLY = Object.freeze(['node']);

// `messages`: whether the peer takes part in the messages workload at all
// (every peer does; a record one cannot hold is reported by its forRecord).
function freezePeer(peer) {
  return Object.freeze({ variant: undefined, messages: true, ...peer });
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
      load: () => import('./peers/msgpackr.mjs'),
    },
    {
      name: 'msgpackr-records',
      codec: 'msgpack',
      variant: 'records',
      npm: 'msgpackr',
      version: '2.1.4',
      places: EVERYWHERE,
      load: () => import('./peers/msgpackr.mjs'),
    },
    {
      name: '@msgpack/msgpack',
      codec: 'msgpack',
      npm: '@msgpack/msgpack',
      version: '3.1.3',
      places: EVERYWHERE,
      load: () => import('./peers/msgpack-msgpack.mjs'),
    },
    {
      name: 'cbor-x',
      codec: 'cbor',
      npm: 'cbor-x',
      version: '1.6.9',
      places: EVERYWHERE,
      load: () => import('./peers/cbor-x.mjs'),
    },
    {
      name: 'bson',
      codec: 'bson',
      npm: 'bson',
      version: '7.3.4',
      places: EVERYWHERE,
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
      load: () => import('./peers/bser.mjs'),
    },
    {
      // Not an npm package: V8's own serializer, versioned with the runtime.
      name: 'v8',
      codec: 'v8',
      npm: 'v8.serialize',
      version: globalThis.process?.versions?.v8 ?? 'unknown',
      places: NODE_ONLY,
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
