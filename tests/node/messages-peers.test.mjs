// The JS side of the messages workload: every pure-JS peer (as the Node
// runner loads it) and the JSON baseline round-trip every record exactly,
// or, for the records a library cannot hold, forRecord refuses with the
// contract's 'cannot represent' error. The list of refused (peer, record)
// pairs is asserted exactly, so a change to it is noticed.

import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import test from 'node:test';

import { REPO_ROOT } from '../../node/load-wasm.mjs';
import { base64Decode, base64Encode } from '../../src/workloads/messages/base64.mjs';
import { createJsonMessagePath, toJsonValue } from '../../src/workloads/messages/json-path.mjs';
import { MESSAGE_NAMES, makeMessage, messageDifference } from '../../src/workloads/messages/records.mjs';
import { findPeer, peersFor, PEERS } from '../../src/harness/peers.mjs';
import { createPeerMessagePath } from '../../src/workloads/messages/measure.mjs';
import { takesPeer } from '../../src/workloads/messages/runner.mjs';

// The peers a messages run takes (the runner's takesPeer).
const messagePeersFor = (place) => peersFor(place).filter(takesPeer);

const MESSAGES_PROTO_TEXT = fs.readFileSync(path.join(REPO_ROOT, 'proto', 'messages.proto'), 'utf8');

// (peer, record) pairs whose forRecord throws 'cannot represent', and why.
const UNREPRESENTABLE = [
  [
    'msgpack-js',
    'record',
    'msgpack-js: cannot represent the timestamp createdAt (a Date: msgpack-js writes it as its ISO string) of record "record"',
  ],
  [
    'pson',
    'record',
    'pson: cannot represent the timestamp createdAt (a Date: PSON has no date type) of record "record"',
  ],
  [
    'bser',
    'record',
    'bser: cannot represent the timestamp createdAt (a Date: bser has no date type) of record "record"',
  ],
  [
    'bser',
    'binary',
    'bser: cannot represent the binary data (a Uint8Array: bser has no binary type) of record "binary"',
  ],
];

function roundTrip(codec, name) {
  const bytes = codec.encode(makeMessage(name));
  const decoded = codec.decode(bytes);
  return { bytes, plain: codec.toPlain ? codec.toPlain(decoded) : decoded };
}

test('every Node peer takes part in the messages workload', () => {
  assert.deepEqual(
    messagePeersFor('node').map((peer) => peer.name),
    PEERS.map((peer) => peer.name),
  );
});

test('every Node peer round-trips every record exactly, or refuses it with the documented error', async () => {
  const refused = [];
  for (const peer of messagePeersFor('node')) {
    const messagePath = await createPeerMessagePath(peer, { messagesProtoText: MESSAGES_PROTO_TEXT });
    assert.equal(messagePath.codec, peer.codec, peer.name);
    assert.equal(messagePath.impl, 'js', peer.name);
    assert.equal(messagePath.library, `${peer.npm} ${peer.version}`, peer.name);
    for (const name of MESSAGE_NAMES) {
      let codec;
      try {
        codec = messagePath.forRecord(name);
      } catch (error) {
        assert.match(
          error.message,
          /^[^:]+: cannot represent .+ of record "[a-z]+"$/,
          `${peer.name} ${name}`,
        );
        refused.push([peer.name, name, error.message]);
        continue;
      }
      const { bytes, plain } = roundTrip(codec, name);
      assert.ok(bytes instanceof Uint8Array, `${peer.name} ${name}: encode gives a Uint8Array`);
      assert.ok(bytes.length > 0, `${peer.name} ${name}: encode gives bytes`);
      assert.equal(codec.bytesOf(bytes), bytes, `${peer.name} ${name}: bytesOf`);
      assert.equal(messageDifference(makeMessage(name), plain), null, `${peer.name} ${name}`);
    }
  }
  assert.deepEqual(refused, UNREPRESENTABLE);
});

test('a peer messages path reads the record it is given, not a stored copy', async () => {
  // Two different values of the same record through one codec: each comes
  // back as itself (the paths keep no state between calls).
  for (const peer of messagePeersFor('node')) {
    const codec = (await createPeerMessagePath(peer, { messagesProtoText: MESSAGES_PROTO_TEXT })).forRecord(
      'int',
    );
    for (const value of [-123456789, 2147483647]) {
      const decoded = codec.decode(codec.encode({ value }));
      const plain = codec.toPlain ? codec.toPlain(decoded) : decoded;
      assert.equal(messageDifference({ value }, plain), null, `${peer.name} int ${value}`);
    }
  }
});

test('forRecord refuses an unknown record name', async () => {
  const messagePath = await createPeerMessagePath(findPeer('pbf'));
  assert.throws(() => messagePath.forRecord('tuple'), /^Error: pbf: unknown message record "tuple"/);
});

test('protobufjs needs the text of proto/messages.proto', async () => {
  await assert.rejects(
    createPeerMessagePath(findPeer('protobufjs')),
    /protobufjs: the text of proto\/messages\.proto is needed/,
  );
});

test('the mixed array keeps each element type through the schema-driven peers', async () => {
  // Integers in int32 range as int32, others (fractions, out of range) as
  // doubles. (-0 is left out: flatbuffers does not write a field equal to
  // its default, and -0 == 0, so it reads back as 0, in C++ as in JS.)
  const record = {
    ...makeMessage('record'),
    tags: [0, 2147483647, 2147483648, -2147483648, -2147483649, 0.5, true, ''],
  };
  for (const name of [
    'avsc',
    'avro-js',
    'protobufjs',
    'pbf',
    'google-protobuf',
    'protobuf-es',
    'protobuf-ts',
    'protons',
    'flatbuffers',
  ]) {
    const codec = (
      await createPeerMessagePath(findPeer(name), { messagesProtoText: MESSAGES_PROTO_TEXT })
    ).forRecord('record');
    const decoded = codec.decode(codec.encode(record));
    assert.equal(messageDifference(record, codec.toPlain ? codec.toPlain(decoded) : decoded), null, name);
  }
});

test('the JSON baseline round-trips every record, with the text of the wire mapping', () => {
  const messagePath = createJsonMessagePath();
  assert.deepEqual(
    { codec: messagePath.codec, impl: messagePath.impl, interop: messagePath.interop },
    { codec: 'json', impl: 'js', interop: 'js' },
  );
  for (const name of MESSAGE_NAMES) {
    const codec = messagePath.forRecord(name);
    const text = codec.encode(makeMessage(name));
    assert.equal(typeof text, 'string', name);
    assert.equal(codec.bytesOf(text), text, name);
    assert.equal(text, JSON.stringify(toJsonValue(name, makeMessage(name))), name);
    assert.equal(messageDifference(makeMessage(name), codec.decode(text)), null, name);
  }
  const record = JSON.parse(messagePath.forRecord('record').encode(makeMessage('record')));
  assert.equal(record.createdAt, '2026-11-30T12:34:56.789Z');
  assert.deepEqual(Object.keys(record), Object.keys(makeMessage('record')));
  const binary = JSON.parse(messagePath.forRecord('binary').encode(makeMessage('binary')));
  assert.equal(binary.data, Buffer.from(makeMessage('binary').data).toString('base64'));
  assert.deepEqual(Object.keys(binary), ['name', 'data']);
});

test('toJsonValue replaces only the binary field and leaves the record alone', () => {
  const record = makeMessage('binary');
  const value = toJsonValue('binary', record);
  assert.notEqual(value, record);
  assert.equal(typeof value.data, 'string');
  assert.ok(record.data instanceof Uint8Array);
  const nested = makeMessage('nested');
  assert.equal(toJsonValue('nested', nested), nested);
  assert.throws(() => createJsonMessagePath().forRecord('tuple'), /json: unknown message record "tuple"/);
});

test('base64 matches Node for every length and byte value, and round-trips', () => {
  const all = Uint8Array.from({ length: 256 }, (_, i) => (i * 37 + 11) & 0xff);
  for (let length = 0; length <= 40; length++) {
    const bytes = all.subarray(length * 5, length * 5 + length);
    const text = base64Encode(bytes);
    assert.equal(text, Buffer.from(bytes).toString('base64'), `length ${length}`);
    assert.deepEqual(base64Decode(text), new Uint8Array(bytes), `length ${length}`);
  }
  assert.equal(base64Encode(all), Buffer.from(all).toString('base64'));
  assert.deepEqual(base64Decode(Buffer.from(all).toString('base64')), all);
});

test('base64 decode rejects text that is not canonical padded base64', () => {
  for (const [text, error] of [
    ['QUJD\n', /base64: length 5 is not a multiple of 4/],
    ['QUJ', /base64: length 3 is not a multiple of 4/],
    ['QU=D', /base64: invalid character "=" at 2/],
    ['Q-JD', /base64: invalid character "-" at 1/],
    ['QUJé', /base64: invalid character "é" at 3/],
    ['====', /base64: invalid character "=" at 0/],
    ['QR==', /base64: non-zero bits after the last byte at 1/],
    ['QUK=', /base64: non-zero bits after the last byte at 2/],
  ]) {
    assert.throws(() => base64Decode(text), error, JSON.stringify(text));
  }
  assert.throws(() => base64Decode(42), /base64: expected a string, got number/);
  assert.deepEqual(base64Decode(''), new Uint8Array(0));
});
