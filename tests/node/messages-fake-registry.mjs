// A stand-in for src/harness/peers.mjs in the messages runner tests
// (--peer-registry): fake JS libraries with loadPeerPath, one that
// works and one that cannot hold binary data. Not a test itself.

import { decodeTaggedJson as decode, encodeTaggedJson as encode } from './tagged-json.mjs';

const fake = (name, { noBinary = false } = {}) => ({
  name,
  codec: 'fake',
  npm: name,
  version: '1.0.0',
  places: ['node'],
  noBinary,
});

export const PEERS = [fake('fake-json'), fake('fake-no-binary', { noBinary: true })];

export const peersFor = (place) => PEERS.filter((peer) => peer.places.includes(place));
export const peerNames = (place) => peersFor(place).map((peer) => peer.name);
export const findPeer = (name) => PEERS.find((peer) => peer.name === name);
export const peerMeta = (peer) => ({
  codec: peer.codec,
  impl: 'js',
  interop: 'js',
  library: `${peer.npm} ${peer.version}`,
});

export async function loadPeerPath(peer, factory, context) {
  if (typeof context.messagesProtoText !== 'string') throw new Error(`${peer.name}: no messagesProtoText`);
  return {
    ...peerMeta(peer),
    forRecord(name) {
      if (peer.noBinary && name === 'binary')
        throw new Error(`${peer.name}: cannot represent the Uint8Array of record "binary"`);
      return { encode, decode };
    },
  };
}
