// The JS side of the documents workload: every pure-JS peer of the Node
// place and the JSON baselines round-trip the small data sets and verify,
// except where a library changes or cannot read a value: those outcomes are
// asserted exactly (KNOWN_FAILURES), so a change in a library is noticed.

import assert from 'node:assert/strict';
import { test } from 'node:test';

import { BSON } from 'bson';

import {
  createJsonDocumentPath,
  createJsonUtf8DocumentPath,
} from '../../src/workloads/documents/json-path.mjs';
import {
  ALL_PEERS,
  PEERS,
  createPeerPath,
  findDocumentPeer,
  findPeer,
  peerMeta,
  peersFor,
} from '../../src/harness/peers.mjs';
import { createPeerDocumentPath, takesPeer } from '../../src/workloads/documents/measure.mjs';
import { createPeerMessagePath } from '../../src/workloads/messages/measure.mjs';
import { pathLabel } from '../../src/harness/paths.mjs';
import { documentChecksum } from '../../src/workloads/documents/checksum.mjs';
import { makeDataset, unmappedId } from '../../src/workloads/documents/datasets.mjs';
import { firstDifference, verifyDocument } from '../../src/workloads/documents/verify.mjs';

const SMALL = ['geo-110m', 'random-strings', 'jbb-repeated', 'jbb-random', unmappedId(25)];
const VALUES = new Map(SMALL.map((id) => [id, makeDataset(id)]));

// What each library does with a data set it cannot round-trip exactly:
// refuse: forDataset throws; decode: decode throws; verify: the decoded
// value differs. Matched against the error's message.
const GEOBUF_REFUSES = (id) => ({
  refuse: `geobuf: cannot represent data set "${id}" (geobuf holds GeoJSON only)`,
});
const KNOWN_FAILURES = {
  geobuf: {
    // Coordinates rounded to 6 decimals (geobuf's maximum precision).
    'geo-110m': {
      verify:
        '$.features[0].geometry.coordinates[0][0][0][0]: numbers differ (expected 178.12438124381248, got 178.124381) (decoded by geobuf (geobuf))',
    },
    'random-strings': GEOBUF_REFUSES('random-strings'),
    'jbb-repeated': GEOBUF_REFUSES('jbb-repeated'),
    'jbb-random': GEOBUF_REFUSES('jbb-random'),
    [unmappedId(25)]: GEOBUF_REFUSES(unmappedId(25)),
  },
};

// One encode/decode/verify of `path` (a forDataset result) on data set `id`:
// { stage: 'ok' | 'refuse' | 'decode' | 'verify', message }.
function attempt(documentPath, id, label) {
  let calls;
  try {
    calls = documentPath.forDataset(id);
  } catch (error) {
    return { stage: 'refuse', message: error.message };
  }
  const value = VALUES.get(id);
  const checksum = documentChecksum(value);
  const encoded = calls.encode(value);
  const bytes = calls.bytesOf(encoded);
  assert.ok(
    typeof bytes === 'string' || (bytes instanceof Uint8Array && bytes.byteLength > 0),
    `${label}: bytes`,
  );
  let decoded;
  try {
    decoded = calls.decode(encoded);
  } catch (error) {
    return { stage: 'decode', message: error.message };
  }
  const plain = calls.toPlain ? calls.toPlain(decoded) : decoded;
  try {
    verifyDocument(value, plain, { keyOrder: calls.keyOrder, by: label });
  } catch (error) {
    return { stage: 'verify', message: error.message };
  }
  assert.equal(documentChecksum(value), checksum, `${label}: the path left its input alone`);
  if (calls.keyOrder) assert.equal(documentChecksum(plain), checksum, `${label}: the checksum of the decode`);
  return { stage: 'ok' };
}

// The workload's libraries: those that write any value, and its own (its catalog entry's `peers`).
const DOCUMENT_PEERS = ALL_PEERS.filter(takesPeer);
const documentPeersFor = (place) => peersFor(place, DOCUMENT_PEERS);
const DOCUMENT_ONLY_PEERS = ALL_PEERS.filter((peer) => peer.owner === 'documents');

test('the documents registry: which peers take part, and the tuple and messages lists unchanged', () => {
  assert.deepEqual(
    DOCUMENT_PEERS.map((peer) => peer.name),
    [
      'msgpackr',
      'msgpackr-records',
      '@msgpack/msgpack',
      'notepack.io',
      'msgpack5',
      'msgpack-js',
      'cbor-x',
      'cbor',
      'pson',
      'bson',
      'bser',
      'v8',
      'flexbuffers',
      'geobuf',
    ],
  );
  assert.deepEqual(
    documentPeersFor('browser').map((peer) => peer.name),
    [
      'msgpackr',
      'msgpackr-records',
      '@msgpack/msgpack',
      'notepack.io',
      'msgpack-js',
      'cbor-x',
      'pson',
      'bson',
      'flexbuffers',
      'geobuf',
    ],
  );
  assert.deepEqual(documentPeersFor('node'), DOCUMENT_PEERS);
  for (const peer of DOCUMENT_ONLY_PEERS) {
    assert.ok(!PEERS.includes(peer), `${peer.name} stays out of the tuple registry`);
    assert.ok(!peersFor('node').includes(peer));
    assert.equal(findDocumentPeer(peer.name), peer);
  }
  assert.deepEqual(ALL_PEERS, [...PEERS, ...DOCUMENT_ONLY_PEERS]);
  const labels = DOCUMENT_PEERS.map((peer) => pathLabel(peerMeta(peer)));
  assert.equal(new Set(labels).size, labels.length, 'every documents peer has its own label');
  assert.equal(
    pathLabel(peerMeta(findDocumentPeer('flexbuffers'))),
    'flatbuffers (flatbuffers) [flexbuffers]',
  );
  assert.equal(pathLabel(peerMeta(findDocumentPeer('geobuf'))), 'geobuf (geobuf)');
});

test('a peer outside the documents workload, an unknown data set: clear errors', async () => {
  await assert.rejects(
    createPeerDocumentPath(findPeer('avsc')),
    /^Error: avsc: not part of the documents workload$/,
  );
  const msgpackr = await createPeerDocumentPath(findDocumentPeer('msgpackr'));
  assert.throws(
    () => msgpackr.forDataset('geo-1m'),
    /^Error: msgpackr: documents: unknown data set "geo-1m"/,
  );
  // The tuple and messages paths of a documents peer are what they were.
  const tuples = await createPeerPath(findPeer('msgpackr'));
  assert.deepEqual(tuples.decode(tuples.encode([{ x: 1, y: 2, z: 3 }]).encoded).items, [
    { x: 1, y: 2, z: 3 },
  ]);
  const messages = await createPeerMessagePath(findPeer('bson'));
  assert.equal(typeof messages.forRecord('int').encode, 'function');
});

for (const peer of documentPeersFor('node')) {
  test(`${peer.name} round-trips every small data set exactly, or fails as known`, async () => {
    const documentPath = await createPeerDocumentPath(peer);
    const label = pathLabel(documentPath);
    for (const id of SMALL) {
      const outcome = attempt(documentPath, id, label);
      const known = KNOWN_FAILURES[peer.name]?.[id];
      if (!known) {
        assert.deepEqual(outcome, { stage: 'ok' }, `${peer.name} on ${id}`);
        continue;
      }
      const [stage, message] = Object.entries(known)[0];
      assert.equal(outcome.stage, stage, `${peer.name} on ${id}: ${outcome.message}`);
      if (message instanceof RegExp) assert.match(outcome.message, message);
      else assert.equal(outcome.message, message);
    }
  });
}

test('key order: kept by every peer but flexbuffers (sorted keys) and geobuf (its Feature layout)', async () => {
  for (const peer of documentPeersFor('node')) {
    const documentPath = await createPeerDocumentPath(peer);
    const calls = documentPath.forDataset('geo-110m');
    assert.equal(calls.keyOrder, !['flexbuffers', 'geobuf'].includes(peer.name), peer.name);
  }
  const flex = (await createPeerDocumentPath(findDocumentPeer('flexbuffers'))).forDataset('jbb-repeated');
  const decoded = flex.decode(flex.encode({ b: 1, a: [2], 19: 'x' }));
  assert.deepEqual(Object.keys(decoded), ['19', 'a', 'b']);
  const geobuf = (await createPeerDocumentPath(findDocumentPeer('geobuf'))).forDataset('geo-110m');
  const feature = {
    type: 'Feature',
    id: 'a',
    properties: { n: 1 },
    geometry: { type: 'Point', coordinates: [1.5, 2.25] },
  };
  const back = geobuf.decode(geobuf.encode({ type: 'FeatureCollection', features: [feature] })).features[0];
  assert.equal(firstDifference(feature, back, { keyOrder: false }), null, 'a 6-decimal Point survives');
  assert.deepEqual(Object.keys(back), ['type', 'geometry', 'id', 'properties']);
});

// flatbuffers 25.9.23's FlexBuffers reader reads 8-byte offsets as BigInts
// and threw "Cannot mix BigInt and other types" on any vector holding a
// float64 (the page's documents run on unmapped-s51): the adapter's reader
// gives numbers where they hold the same integer.
test('flexbuffers reads vectors of 8-byte elements, and keeps a 64-bit integer no number holds', async () => {
  const { readFlexBuffer } = await import('../../src/workloads/documents/peers/flexbuffers.mjs');
  const { encode, toObject } = await import('flatbuffers/js/flexbuffers.js');
  const calls = (await createPeerDocumentPath(findDocumentPeer('flexbuffers'))).forDataset(unmappedId(51));
  const value = makeDataset(unmappedId(51));
  const bytes = calls.encode(value);
  assert.throws(
    () => toObject(bytes.slice().buffer),
    /Cannot mix BigInt and other types/,
    'the library alone',
  );
  assert.equal(firstDifference(value, calls.decode(bytes), { keyOrder: false }), null);
  // Integers in a vector of 8-byte elements: numbers back, 2^60 included (a double holds it exactly).
  const mixed = [1, -2, 2 ** 60, 0.1, { big: 2 ** 53 + 2 }];
  assert.deepEqual(readFlexBuffer(encode(mixed)), mixed);
  // The library's writer puts a float that 4 bytes hold into 4 of the 8 bytes of its slot: read back
  // wrong, which verification reports (as known; a fixed library would fail this line).
  assert.notEqual(readFlexBuffer(encode([0.1, 0.5]))[1], 0.5);
  // 2^53 + 1 is no number: read back as the BigInt it is, never rounded.
  const builder = (await import('flatbuffers/js/flexbuffers.js')).builder();
  builder.startVector();
  builder.addInt(2n ** 53n + 1n);
  builder.add(0.1);
  builder.end();
  assert.deepEqual(readFlexBuffer(builder.finish()), [2n ** 53n + 1n, 0.1]);
  // A view into a larger buffer reads from its own start, no copy needed.
  const padded = new Uint8Array(bytes.byteLength + 5);
  padded.set(bytes, 5);
  assert.equal(firstDifference(value, calls.decode(padded.subarray(5)), { keyOrder: false }), null);
  assert.throws(() => calls.decode(new Uint8Array(2)), /^Error: flexbuffers: decode failed: Error: 2 bytes/);
});

test("bson's wrapper: a non-object top level is written as {value: v} and unwrapped", async () => {
  const calls = (await createPeerDocumentPath(findDocumentPeer('bson'))).forDataset('jbb-repeated');
  const items = [{ a: 1 }, 'two', 3.5];
  const bytes = calls.encode(items);
  assert.deepEqual(BSON.deserialize(bytes), { value: items }, 'the bytes hold the wrapper');
  assert.deepEqual(calls.decode(bytes), items);
  for (const scalar of ['text', 42, 2.5, true, null])
    assert.deepEqual(calls.decode(calls.encode(scalar)), scalar);
  // An object is its own document, and an object that looks like the wrapper is refused.
  const object = { value: 1, other: 2 };
  assert.deepEqual(BSON.deserialize(calls.encode(object)), object);
  assert.throws(
    () => calls.encode({ value: 1 }),
    /^Error: bson: cannot represent a top-level object whose only key is "value"/,
  );
  // Integers stay int32 in range and every other number comes back exactly.
  const numbers = [2147483647, -2147483648, 2147483648, 2 ** 53, -(2 ** 53), 0.1, 1e300, -0];
  assert.equal(firstDifference(numbers, calls.decode(calls.encode(numbers))), null);
});

test('the JSON baselines for documents: text and UTF-8 bytes, keys in order', () => {
  for (const documentPath of [createJsonDocumentPath(), createJsonUtf8DocumentPath()]) {
    const label = pathLabel(documentPath);
    for (const id of SMALL)
      assert.deepEqual(attempt(documentPath, id, label), { stage: 'ok' }, `${label} on ${id}`);
    const value = VALUES.get('random-strings');
    const encoded = documentPath.encode(value);
    assert.equal(documentChecksum(documentPath.decode(encoded)), documentChecksum(value));
    assert.equal(documentPath.keyOrder, true);
  }
  assert.equal(typeof createJsonDocumentPath().encode(VALUES.get('jbb-repeated')), 'string');
  assert.ok(createJsonUtf8DocumentPath().encode([1]) instanceof Uint8Array);
  assert.equal(pathLabel(createJsonDocumentPath()), 'json (js)');
});
