// A stand-in for src/harness/peers.mjs in the runner tests (--peer-registry):
// one real library (pbf) and fake ones that misbehave on purpose, so each
// kind of failure can be provoked. Not a test itself.
import * as registry from '../../src/harness/peers.mjs';

const payloadOf = (items) => new TextEncoder().encode(JSON.stringify(items));
const itemsOf = (bytes) => JSON.parse(new TextDecoder().decode(bytes));

function fakeAdapter(decodeItems, extra = {}) {
  return {
    createPeerPath: (meta) => ({
      ...meta,
      encode: (items) => {
        if (extra.crashFrom !== undefined && items.length >= extra.crashFrom)
          process.kill(process.pid, 'SIGKILL');
        return { encoded: payloadOf(items) };
      },
      decode: (bytes) => ({ items: decodeItems(bytes) }),
      bytesOf: (bytes) => bytes,
      ...(extra.toPlainItems && { toPlainItems: extra.toPlainItems }),
    }),
  };
}

class Boxed {
  #item;
  constructor(item) {
    this.#item = item;
  }
  get x() {
    return this.#item.x;
  }
  get y() {
    return this.#item.y;
  }
  get z() {
    return this.#item.z;
  }
}

const fake = (name, adapter, more = {}) => ({
  name,
  codec: 'fake',
  npm: name,
  version: '1.0.0',
  places: ['node'],
  load: async () => adapter,
  ...more,
});

export const PEERS = [
  registry.findPeer('pbf'),
  fake(
    'fake-throws',
    fakeAdapter(() => {
      throw new Error('fake-throws: unexpected end of input');
    }),
  ),
  fake(
    'fake-wrong',
    fakeAdapter((bytes) => {
      const items = itemsOf(bytes);
      items[items.length - 1].y += 1;
      return items;
    }),
  ),
  fake('fake-crash', fakeAdapter(itemsOf, { crashFrom: 3000 })),
  fake('fake-load-error', null, {
    load: async () => {
      throw new Error("Cannot find package 'fake-missing'");
    },
  }),
  fake(
    'fake-wrapper',
    fakeAdapter((bytes) => itemsOf(bytes).map((item) => new Boxed(item)), {
      toPlainItems: (boxes) => boxes.map(({ x, y, z }) => ({ x, y, z })),
    }),
  ),
  fake('fake-browser-only', fakeAdapter(itemsOf), { places: ['browser'] }),
];

export const peersFor = (place) => registry.peersFor(place, PEERS);
export const peerNames = (place) => registry.peerNames(place, PEERS);
export const findPeer = (name) => registry.findPeer(name, PEERS);
export const peerMeta = registry.peerMeta;
export const createPeerPath = registry.createPeerPath;
