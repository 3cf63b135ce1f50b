// A stand-in for node/load-wasm.mjs in the messages runner tests: pure-JS
// codecs with the `codec.messages` API (src/workloads/messages/wasm-messages.mjs messagesOf) whose
// behaviour each test chooses. `buildDir` holds fake-build.json:
//   { "<codec>": { "mode": "ok" | "wrong" | "throw" | "crash" | "load-error" | "no-messages",
//                  "record": "<name>" } }
// wrong, throw and crash only hit `record` (every record when absent). Not a test itself.

import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { decodeTaggedJson as decodeRecord, encodeTaggedJson as encodeRecord } from './tagged-json.mjs';

function readConfig(buildDir) {
  const file = join(buildDir, 'fake-build.json');
  if (!existsSync(file)) throw new Error(`${file} not found`);
  return JSON.parse(readFileSync(file, 'utf8'));
}

export function readWasmBuildInfo(buildDir) {
  const module = (codec, workload) => ({
    glue: `fake_${codec}_${workload}.cjs`,
    wasm: `fake_${codec}_${workload}.wasm`,
    wasmBytes: 1000,
    wasmGzipBytes: 500,
  });
  return {
    emscripten: 'fake',
    flags: '-O2 (fake build for tests)',
    profile: 'test',
    catalog: {
      workloads: ['tuples', 'messages'],
      codecs: Object.keys(readConfig(buildDir)).map((name) => ({
        name,
        workloads: ['tuples', 'messages'],
        modules: { tuples: module(name, 'tuples'), messages: module(name, 'messages') },
      })),
    },
  };
}

// embind offers the records it can map to plain values, as in wasm-codec.mjs;
// val and tagged offer every record.
const EMBIND = ['bool', 'int', 'double', 'string', 'nested', 'object1', 'object2', 'object3'];

export async function loadWasmCodec(name, { buildDir }) {
  const { mode = 'ok', record: target } = readConfig(buildDir)[name] ?? {};
  if (mode === 'load-error') throw new Error(`${name}: fake module failed to load`);
  const hits = (record) => target === undefined || record === target;
  const floors = new Map();
  const messages = {
    strategies: ['val', 'embind', 'tagged'],
    libraryVersion: `fake-${name}-messages 1.0`,
    supports: (strategy, record) => strategy !== 'embind' || EMBIND.includes(record),
    encode(strategy, record, value) {
      if (mode === 'crash' && hits(record)) process.kill(process.pid, 'SIGKILL');
      return encodeRecord(value);
    },
    decode(strategy, record, bytes) {
      if (mode === 'throw' && hits(record)) throw new Error(`${name}: ${record}: truncated input`);
      const value = decodeRecord(bytes);
      if (mode === 'wrong' && hits(record)) value.extra = 1;
      return value;
    },
    prepareFloor(strategy, record, bytes) {
      floors.set(record, bytes);
    },
    encodeFloor(strategy, record, value) {
      if (!floors.has(record)) throw new Error(`${name}: a floor before prepareFloor`);
      JSON.stringify(value);
      return floors.get(record).slice();
    },
    decodeFloor(strategy, record, bytes) {
      if (!floors.has(record)) throw new Error(`${name}: a floor before prepareFloor`);
      return decodeRecord(bytes);
    },
    emptyCall() {},
    forRecord: (strategy, record) => ({
      encode: (value) => messages.encode(strategy, record, value),
      decode: (bytes) => messages.decode(strategy, record, bytes),
      prepareDecode: () => {},
      prepareFloor: (bytes) => messages.prepareFloor(strategy, record, bytes),
      encodeFloor: (value) => messages.encodeFloor(strategy, record, value),
      decodeFloor: (bytes) => messages.decodeFloor(strategy, record, bytes),
    }),
  };
  return {
    name,
    libraryVersion: `fake-${name} 1.0`,
    strategies: ['val', 'embind', 'typed'],
    messages: mode === 'no-messages' ? null : messages,
  };
}
