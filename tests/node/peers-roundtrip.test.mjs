// The pure-JS peers (src/harness/peers.mjs): every one that runs in Node
// round-trips every growth step up to ~1 MB, value by value; measured by the
// harness, each gives an ok row whose cleanliness says what its decode
// returns; the registry's versions are the installed ones.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';

import { REPO_ROOT } from '../../node/load-wasm.mjs';
import { selectSteps, TupleDataset } from '../../src/workloads/tuples/dataset.mjs';
import { measurePath } from '../../src/harness/payload-measure.mjs';
import { pathLabel } from '../../src/harness/paths.mjs';
import {
  ALL_PEERS,
  PEERS,
  createPeerPath,
  peerMeta,
  peerNames,
  peersFor,
  peersNotRun,
} from '../../src/harness/peers.mjs';
import { datasetAtSteps } from '../../src/workloads/tuples/block.mjs';
import { assertSameItems } from './wasm-helpers.mjs';

const PROTO_TEXT = readFileSync(path.join(REPO_ROOT, 'proto', 'tuple.proto'), 'utf8');
const STEPS = selectSteps({ minMB: 0, maxMB: 1, perDecade: 0 });

// What each library's decode hands back (the "negative effects" table).
// protobuf-ts' messages are made by Object.create(<the type's prototype>).
const NOT_PLAIN = new Set(['avsc', 'avro-js', 'protobufjs', 'protobuf-ts', 'flatbuffers']);
const TYPE_NAMED = new Set(['protobuf-es']); // plain objects with one more own property, $typeName
const WRAPPERS = new Set(['google-protobuf']); // data behind getters: no own x, y, z at all

test('the registry: unique names, Node and browser sets, library labels', () => {
  const names = PEERS.map((peer) => peer.name);
  assert.equal(new Set(names).size, names.length, 'unique names');
  assert.deepEqual(peerNames('node'), names, 'every peer runs in Node');
  assert.deepEqual(
    names.filter((name) => !peerNames('browser').includes(name)),
    ['msgpack5', 'cbor', 'bser', 'v8'],
    'msgpack5, cbor, bser and v8.serialize are Node only',
  );
  for (const peer of PEERS.filter((candidate) => !candidate.places.includes('browser'))) {
    assert.match(peer.notIn?.browser ?? '', /\S/, `${peer.name} says why it does not run in a page`);
  }
  // The results header of a page names them with the reason; Node runs every one.
  const notInPage = peersNotRun('browser');
  assert.deepEqual(Object.keys(notInPage), ['msgpack5', 'cbor', 'bser', 'v8']);
  assert.match(notInPage.bser, /Buffer/);
  assert.deepEqual(peersNotRun('node'), {});
  for (const peer of PEERS) {
    const meta = peerMeta(peer);
    assert.equal(meta.impl, 'js');
    assert.equal(meta.interop, 'js');
    assert.equal(meta.library, `${peer.npm} ${peer.version}`);
    assert.notEqual(meta.codec, 'json', 'a peer never passes for the JSON baseline');
  }
  const labels = PEERS.map((peer) => pathLabel(peerMeta(peer)));
  assert.equal(new Set(labels).size, labels.length, 'every peer has its own table label');
  assert.equal(
    pathLabel(peerMeta(PEERS.find((peer) => peer.name === 'msgpackr-records'))),
    'msgpack (msgpackr) [records]',
  );
});

test('the registry names the installed versions, pinned exactly in package.json', () => {
  const manifest = JSON.parse(readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8'));
  const pinned = { ...manifest.dependencies, ...manifest.devDependencies };
  // The documents workload's own peers (flexbuffers, geobuf) too.
  for (const peer of ALL_PEERS.filter((candidate) => candidate.name !== 'v8')) {
    // Read straight from node_modules: some packages' "exports" hide package.json.
    const file = path.join(REPO_ROOT, 'node_modules', peer.npm, 'package.json');
    const installed = JSON.parse(readFileSync(file, 'utf8'));
    assert.equal(peer.version, installed.version, `${peer.name}: registry vs node_modules`);
    assert.equal(pinned[peer.npm], peer.version, `${peer.name}: package.json pins the exact version`);
  }
  assert.equal(PEERS.find((peer) => peer.name === 'v8').version, process.versions.v8);
});

for (const peer of peersFor('node')) {
  test(`${peer.name} round-trips every growth step up to 1 MB`, async () => {
    const peerPath = await createPeerPath(peer, { protoText: PROTO_TEXT });
    for (const { step, items } of datasetAtSteps(STEPS)) {
      const { encoded } = peerPath.encode(items);
      const bytes = peerPath.bytesOf(encoded);
      assert.ok(bytes instanceof Uint8Array && bytes.byteLength > 0, `${peer.name}: bytes`);
      const decoded = peerPath.decode(encoded).items;
      const plain = peerPath.toPlainItems ? peerPath.toPlainItems(decoded) : decoded;
      assertSameItems(plain, items, `${peer.name} step ${step.index}`);
    }
  });
}

test('measured by the harness, every Node peer is verified, sized and checked for cleanliness', async () => {
  const dataset = new TupleDataset();
  while (dataset.items.length < 500) dataset.grow();
  const step = dataset.step();
  const env = {
    gzipSize: async (bytes) => (await import('node:zlib')).gzipSync(bytes).length,
    gzip9Size: async (bytes) => (await import('node:zlib')).gzipSync(bytes, { level: 9 }).length,
  };
  for (const peer of peersFor('node')) {
    const peerPath = await createPeerPath(peer, { protoText: PROTO_TEXT });
    const row = await measurePath(peerPath, {
      place: 'node',
      step,
      items: dataset.items,
      warmup: 0,
      repetitions: 1,
      batch: peer.name,
      env,
    });
    assert.equal(row.status, 'ok', `${peer.name}: ${row.error}`);
    assert.equal(row.library, peerMeta(peer).library);
    assert.equal(row.variant, peer.variant);
    assert.ok(row.encodedBytes > 0 && row.gzipBytes > 0 && row.gzip9Bytes > 0, `${peer.name}: sizes`);
    const { cleanliness } = row;
    const label = `${peer.name}: ${cleanliness.detail}`;
    if (WRAPPERS.has(peer.name)) {
      assert.deepEqual(
        [cleanliness.plainObject, cleanliness.exactKeys, cleanliness.dataProperties, cleanliness.clean],
        [false, false, false, false],
        label,
      );
    } else if (TYPE_NAMED.has(peer.name)) {
      assert.deepEqual(
        [cleanliness.plainObject, cleanliness.exactKeys, cleanliness.dataProperties, cleanliness.clean],
        [true, false, true, false],
        label,
      );
      assert.equal(cleanliness.detail, 'item 0 has extra own properties $typeName');
    } else if (NOT_PLAIN.has(peer.name)) {
      assert.deepEqual(
        [cleanliness.plainObject, cleanliness.exactKeys, cleanliness.dataProperties, cleanliness.clean],
        [false, true, true, false],
        label,
      );
      assert.match(cleanliness.detail, /^item 0 is an? .*instance.*, not a plain object$/);
    } else {
      assert.deepEqual(
        cleanliness,
        { plainObject: true, exactKeys: true, dataProperties: true, clean: true },
        label,
      );
    }
  }
});
