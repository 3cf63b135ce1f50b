// Shared by the conformance-peers-*.test.mjs files and
// conformance-messages.test.mjs (not a test itself): the messages and
// documents halves of the cross-implementation checks (the tuple half is
// conformance-support.mjs's assertFormatConformance). Every writer's bytes
// must read back, in every reader of the same format, to the written value:
// records with messageDifference (numbers bit for bit, Dates by time, bytes
// by value), documents with verifyDocument (key order kept).
//
// C++ is the wasm module of the format and workload (strategy 'val' for
// records, 'tagged' for documents); a check whose module is missing is
// skipped with the reason, or fails under WCB_REQUIRE_BUILDS=1.

import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';

import { DEFAULT_WASM_BUILD_DIR, loadWasmCodec, REPO_ROOT, wasmModuleFiles } from '../../node/load-wasm.mjs';
import { findPeer } from '../../src/harness/peers.mjs';
import { createPeerDocumentPath } from '../../src/workloads/documents/measure.mjs';
import { createPeerMessagePath } from '../../src/workloads/messages/measure.mjs';
import { makeMessage, messageDifference } from '../../src/workloads/messages/records.mjs';
import { makeDataset, unmappedId } from '../../src/workloads/documents/datasets.mjs';
import { createWasmDocumentPath } from '../../src/workloads/documents/wasm-documents.mjs';
import { verifyDocument } from '../../src/workloads/documents/verify.mjs';

const MESSAGES_PROTO_TEXT = fs.readFileSync(path.join(REPO_ROOT, 'proto', 'messages.proto'), 'utf8');
/** The wasm build the C++ side comes from (WCB_WASM_BUILD_DIR, else build/wasm). */
export const WASM_BUILD_DIR = path.resolve(process.env.WCB_WASM_BUILD_DIR ?? DEFAULT_WASM_BUILD_DIR);

/** The small documents data sets (the ones tests/node/documents-peers.test.mjs uses). */
export const SMALL_DATASETS = Object.freeze([
  'geo-110m',
  'random-strings',
  'jbb-repeated',
  'jbb-random',
  unmappedId(25),
]);

/** Why the wasm module of `format` for `workload` cannot take part, or false. */
export function missingModule(format, workload) {
  let files;
  try {
    files = wasmModuleFiles(format, WASM_BUILD_DIR, workload);
  } catch (error) {
    return error.message;
  }
  if (!fs.existsSync(files.glue) || !fs.existsSync(files.wasm))
    return `no ${workload} wasm module for ${format} in ${WASM_BUILD_DIR}: run scripts/build-wasm.sh first`;
  return false;
}

/** C++ in wasm as a writer and reader of records: { name, write(record, name), read(bytes, name) }. */
export async function cppMessages(format) {
  const codec = await loadWasmCodec(format, { buildDir: WASM_BUILD_DIR, workload: 'messages' });
  const { messages } = codec;
  assert.ok(messages, `${format}: the messages module has no messages exports`);
  return {
    name: `C++ wasm (${messages.libraryVersion})`,
    write: (record, name) => messages.encode('val', name, record),
    read: (bytes, name) => messages.decode('val', name, bytes),
  };
}

/** A JS peer (by registry name) as a writer and reader of records. */
export async function peerMessages(peerName) {
  const peer = findPeer(peerName);
  assert.ok(peer, `no peer '${peerName}' in src/harness/peers.mjs`);
  const messagePath = await createPeerMessagePath(peer, { messagesProtoText: MESSAGES_PROTO_TEXT });
  return {
    name: `${peer.npm} ${peer.version}`,
    write: (record, name) => messagePath.forRecord(name).encode(record),
    read: (bytes, name) => {
      const codec = messagePath.forRecord(name);
      const decoded = codec.decode(bytes);
      return codec.toPlain ? codec.toPlain(decoded) : decoded;
    },
  };
}

/**
 * The loop both workloads check by: every implementation writes the value of
 * each case (`valueOf(id)`, asked again for every use); every implementation
 * reads every writing back, and `check(value, decoded, label)` compares.
 * Returns the number of checks.
 */
function checkEveryPair({ format, what, ids, valueOf, implementations, check }) {
  let checks = 0;
  for (const id of ids) {
    for (const writer of implementations) {
      const bytes = writer.write(valueOf(id), id);
      assert.ok(
        bytes instanceof Uint8Array && bytes.length > 0,
        `${format} ${id}: ${writer.name} wrote no bytes`,
      );
      for (const reader of implementations) {
        const label = `${format} ${what} "${id}": written by ${writer.name}, read by ${reader.name}`;
        let decoded;
        try {
          decoded = reader.read(bytes, id);
        } catch (error) {
          assert.fail(`${label}: decode threw ${error.message}`);
        }
        check(valueOf(id), decoded, label);
        checks += 1;
      }
    }
  }
  return checks;
}

/**
 * Every implementation writes each record of `names`; every implementation
 * reads every writing back to the record. Returns the number of checks.
 */
export function checkMessageConformance(format, names, implementations) {
  return checkEveryPair({
    format,
    what: 'record',
    ids: names,
    valueOf: makeMessage,
    implementations,
    check: (expected, decoded, label) => assert.equal(messageDifference(expected, decoded), null, label),
  });
}

/** C++ in wasm as a writer and reader of documents ('tagged'): { name, write(value), read(bytes) }. */
export async function cppDocuments(format) {
  const codec = await loadWasmCodec(format, { buildDir: WASM_BUILD_DIR, workload: 'documents' });
  const documentPath = createWasmDocumentPath(codec, 'tagged');
  return {
    name: `C++ wasm (${codec.libraryVersion})`,
    write: (value) => documentPath.bytesOf(documentPath.encode(value).encoded),
    read: (bytes) => documentPath.decode(bytes).value,
  };
}

/** A JS peer (by registry name) as a writer and reader of documents. */
export async function peerDocuments(peerName) {
  const peer = findPeer(peerName);
  assert.ok(peer, `no peer '${peerName}' in src/harness/peers.mjs`);
  const documentPath = await createPeerDocumentPath(peer);
  return {
    name: `${peer.npm} ${peer.version}`,
    write: (value, id) => {
      const calls = documentPath.forDataset(id);
      return calls.bytesOf(calls.encode(value));
    },
    read: (bytes, id) => {
      const calls = documentPath.forDataset(id);
      const decoded = calls.decode(bytes);
      return calls.toPlain ? calls.toPlain(decoded) : decoded;
    },
  };
}

/**
 * Every implementation writes each data set of `datasets`; every
 * implementation reads every writing back to the same value, keys in order.
 * Returns the number of checks.
 */
export function checkDocumentConformance(format, datasets, implementations) {
  // One value per data set, written and compared against.
  const values = new Map(datasets.map((id) => [id, makeDataset(id)]));
  return checkEveryPair({
    format,
    what: 'documents',
    ids: datasets,
    valueOf: (id) => values.get(id),
    implementations,
    check: (expected, decoded, label) => verifyDocument(expected, decoded, { keyOrder: true, by: label }),
  });
}
