// protobuf: C++ protobuf-lite (native and wasm) <-> the runtimes that work
// from generated code: protobuf-es, protobuf-ts and protons
// (build/peers-generated, node/generate-peers.mjs). Tuples at every
// growth step up to ~1 MB (conformance-support.mjs), and every record of
// the messages workload. protobuf has no documents peer (see
// src/harness/peers.mjs).
import assert from 'node:assert/strict';

import { MESSAGE_NAMES, makeMessage, messageDifference } from '../../src/workloads/messages/records.mjs';
import { assertFormatConformance, missingWasm, peerImplementation } from './conformance-support.mjs';
import {
  checkMessageConformance,
  cppMessages,
  missingModule,
  peerMessages,
} from './conformance-peers-support.mjs';
import { testWithBuild } from './wasm-helpers.mjs';

const JS_LIBRARIES = ['protobuf-es', 'protobuf-ts', 'protons'];

testWithBuild(
  'protobuf tuples of C++ (native, wasm), protobuf-es, protobuf-ts and protons decode alike everywhere',
  missingWasm,
  { timeout: 300_000 },
  async (t) => {
    await assertFormatConformance(t, 'protobuf', await Promise.all(JS_LIBRARIES.map(peerImplementation)));
  },
);

// protons 9.0.2 writes a repeated int32 unpacked (one tag per element) and
// reads field 1 of ArrayMessage only that way: the packed form, which C++,
// protobuf-es and protobuf-ts write (proto3's default, and which every
// proto3 parser must accept), is read as one varint and fails. So `array` is
// checked without protons as a reader, and protons' failure is asserted.
const WITHOUT_ARRAY = MESSAGE_NAMES.filter((name) => name !== 'array');

testWithBuild(
  'protobuf records of C++ (wasm), protobuf-es, protobuf-ts and protons decode alike everywhere',
  missingModule('protobuf', 'messages'),
  {},
  async () => {
    const implementations = [
      await cppMessages('protobuf'),
      ...(await Promise.all(JS_LIBRARIES.map(peerMessages))),
    ];
    const checks = checkMessageConformance('protobuf', WITHOUT_ARRAY, implementations);
    assert.equal(checks, WITHOUT_ARRAY.length * implementations.length ** 2);
  },
);

testWithBuild(
  'protobuf repeated int32: every implementation reads the unpacked form protons writes; protons fails on the packed one',
  missingModule('protobuf', 'messages'),
  {},
  async () => {
    const [cpp, protobufEs, protobufTs, protons] = [
      await cppMessages('protobuf'),
      ...(await Promise.all(JS_LIBRARIES.map(peerMessages))),
    ];
    const packedWriters = [cpp, protobufEs, protobufTs];
    assert.equal(checkMessageConformance('protobuf', ['array'], packedWriters), 9);
    const record = makeMessage('array');
    const unpacked = protons.write(record, 'array');
    for (const reader of [...packedWriters, protons]) {
      assert.equal(
        messageDifference(record, reader.read(unpacked, 'array')),
        null,
        `protons -> ${reader.name}`,
      );
    }
    for (const writer of packedWriters) {
      const packed = writer.write(record, 'array');
      assert.equal(packed[0], (1 << 3) | 2, `${writer.name} writes the packed form (field 1, wire type 2)`);
      assert.throws(() => protons.read(packed, 'array'), /index out of range/, `${writer.name} -> protons`);
    }
  },
);
