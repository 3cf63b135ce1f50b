// Conformance of the messages workload: for each format, the bytes one
// implementation writes for a record decode, in every other implementation
// of that format, to the same record (messageDifference === null: numbers
// bit for bit, Dates by time, bytes by value).
//
//   json         the JSON baseline (JSON.stringify + base64) and the C++ json
//                codec, whose bytes must also equal the UTF-8 of the
//                baseline's text exactly (the spec's wire mapping)
//   msgpack      msgpackr (plain maps) and @msgpack/msgpack, plus C++
//                (the 'records' variant is msgpackr-only and left out)
//   protobuf     protobufjs, pbf and google-protobuf, plus C++
//   flatbuffers  the flatbuffers JS runtime and C++
//
// Without any wasm build, protoc (C++ libprotobuf) still checks the
// protobuf peers: it parses their bytes and serializes the message again,
// and the peers read its bytes.
//
// C++ is the wasm module of the format (node/load-wasm.mjs, strategy 'val';
// the native runner cannot decode given bytes and is the same source;
// conformance-peers-support.mjs loads it). Its tests are skipped, with the
// reason, when the module is missing; under WCB_REQUIRE_BUILDS=1
// (scripts/test.sh) they fail instead. WCB_WASM_BUILD_DIR points them at another wasm build
// directory than build/wasm.

import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import test from 'node:test';

import { listWasmCodecs, REPO_ROOT } from '../../node/load-wasm.mjs';
import { createJsonMessagePath, toJsonValue } from '../../src/workloads/messages/json-path.mjs';
import { PROTO_MESSAGE_NAMES } from '../../src/harness/peers/message-support.mjs';
import { MESSAGE_NAMES, makeMessage, messageDifference } from '../../src/workloads/messages/records.mjs';
import {
  checkMessageConformance,
  cppMessages,
  missingModule,
  peerMessages as peerImplementation,
  WASM_BUILD_DIR,
} from './conformance-peers-support.mjs';
import { testWithBuild } from './wasm-helpers.mjs';

/** The JSON baseline as a writer and reader of UTF-8 bytes. */
function jsonBaselineImplementation() {
  const messagePath = createJsonMessagePath();
  return {
    name: 'JSON baseline',
    write: (record, name) => new TextEncoder().encode(messagePath.forRecord(name).encode(record)),
    read: (bytes, name) =>
      messagePath.forRecord(name).decode(new TextDecoder('utf-8', { fatal: true }).decode(bytes)),
  };
}

/**
 * The C++ codec of `format` in wasm as a writer and reader, or
 * { skip: reason } when it cannot take part.
 */
async function cppImplementation(format) {
  const missing = missingModule(format, 'messages');
  return missing ? { skip: missing } : cppMessages(format);
}

// The C++ side of each format below; a format the build does not declare for
// messages is skipped with the reason.
const CPP = new Proxy(
  Object.fromEntries(
    await Promise.all(buildMessageCodecs().map(async (format) => [format, await cppImplementation(format)])),
  ),
  {
    get: (known, format) =>
      known[format] ?? {
        skip: `the wasm build in ${WASM_BUILD_DIR} declares no messages module for ${String(format)}`,
      },
  },
);

function buildMessageCodecs() {
  try {
    return listWasmCodecs(WASM_BUILD_DIR, 'messages');
  } catch {
    return [];
  }
}

/**
 * Every implementation writes every record; every implementation reads
 * every writing back to the record. Returns the number of checks.
 */
function checkConformance(format, implementations) {
  const checks = checkMessageConformance(format, MESSAGE_NAMES, implementations);
  assert.equal(checks, MESSAGE_NAMES.length * implementations.length ** 2);
  return checks;
}

test('msgpack: msgpackr and @msgpack/msgpack read each other', async () => {
  checkConformance('msgpack', [
    await peerImplementation('msgpackr'),
    await peerImplementation('@msgpack/msgpack'),
  ]);
});

test('protobuf: protobufjs, pbf and google-protobuf read each other', async () => {
  checkConformance('protobuf', [
    await peerImplementation('protobufjs'),
    await peerImplementation('pbf'),
    await peerImplementation('google-protobuf'),
  ]);
});

test('protobuf: pbf and google-protobuf write the same bytes (proto3 defaults left out, int32 arrays packed)', async () => {
  const pbf = await peerImplementation('pbf');
  const google = await peerImplementation('google-protobuf');
  for (const name of MESSAGE_NAMES) {
    assert.deepEqual(pbf.write(makeMessage(name), name), google.write(makeMessage(name), name), name);
  }
});

function findProtoc() {
  try {
    execFileSync('protoc', ['--version'], { stdio: 'ignore' });
    return false;
  } catch {
    return 'protoc is not installed (Debian package protobuf-compiler; scripts/setup.sh installs it)';
  }
}

/** libprotobuf's own bytes for `bytes`: protoc --decode to text, then --encode back. */
function protocReserialize(name, bytes) {
  const args = ['-I', path.join(REPO_ROOT, 'proto'), 'messages.proto'];
  const text = execFileSync('protoc', [`--decode=wcb.msg.${PROTO_MESSAGE_NAMES[name]}`, ...args], {
    input: bytes,
  });
  return new Uint8Array(
    execFileSync('protoc', [`--encode=wcb.msg.${PROTO_MESSAGE_NAMES[name]}`, ...args], { input: text }),
  );
}

test(
  "protobuf: C++ libprotobuf (protoc) parses the peers' bytes, and the peers read its bytes",
  { skip: findProtoc() },
  async () => {
    const peers = [
      await peerImplementation('protobufjs'),
      await peerImplementation('pbf'),
      await peerImplementation('google-protobuf'),
    ];
    for (const name of MESSAGE_NAMES) {
      for (const writer of peers) {
        const written = writer.write(makeMessage(name), name);
        const canonical = protocReserialize(name, written);
        // Each peer writes what libprotobuf writes: fields in number order,
        // proto3 defaults left out, int32 arrays packed.
        assert.deepEqual(
          new Uint8Array(written),
          canonical,
          `protobuf record "${name}": ${writer.name} bytes differ from libprotobuf's`,
        );
        for (const reader of peers) {
          const label = `protobuf record "${name}": written by ${writer.name} via protoc, read by ${reader.name}`;
          assert.equal(messageDifference(makeMessage(name), reader.read(canonical, name)), null, label);
        }
      }
    }
  },
);

testWithBuild('json: the C++ codec writes the JSON baseline text byte for byte', CPP.json.skip, {}, () => {
  for (const name of MESSAGE_NAMES) {
    const expected = new TextEncoder().encode(JSON.stringify(toJsonValue(name, makeMessage(name))));
    const actual = CPP.json.write(makeMessage(name), name);
    assert.equal(
      new TextDecoder().decode(actual),
      new TextDecoder().decode(expected),
      `json record "${name}": C++ text differs from JSON.stringify`,
    );
    assert.deepEqual(actual, expected, `json record "${name}"`);
  }
});

testWithBuild('json: the C++ codec and the JSON baseline read each other', CPP.json.skip, {}, () => {
  checkConformance('json', [CPP.json, jsonBaselineImplementation()]);
});

testWithBuild('msgpack: the C++ codec and the JS peers read each other', CPP.msgpack.skip, {}, async () => {
  checkConformance('msgpack', [
    CPP.msgpack,
    await peerImplementation('msgpackr'),
    await peerImplementation('@msgpack/msgpack'),
  ]);
});

testWithBuild('protobuf: the C++ codec and the JS peers read each other', CPP.protobuf.skip, {}, async () => {
  checkConformance('protobuf', [
    CPP.protobuf,
    await peerImplementation('protobufjs'),
    await peerImplementation('pbf'),
    await peerImplementation('google-protobuf'),
  ]);
});

testWithBuild(
  'flatbuffers: the C++ codec and the JS runtime read each other',
  CPP.flatbuffers.skip,
  {},
  async () => {
    checkConformance('flatbuffers', [CPP.flatbuffers, await peerImplementation('flatbuffers')]);
  },
);
