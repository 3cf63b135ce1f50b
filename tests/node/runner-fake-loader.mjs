// A stand-in for node/load-wasm.mjs in the runner tests: pure-JS codecs with
// the wasm codec API whose behaviour each test chooses, so crashes, hangs and
// wrong results can be provoked on purpose. `buildDir` holds fake-build.json:
//   { "<codec>": { "mode": "ok" | "wrong" | "throw" | "crash" | "hang" | "load-error", "minItems": 0 } }
// "crash" and "hang" only start once the payload has at least minItems items.

import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

function readConfig(buildDir) {
  const file = join(buildDir, 'fake-build.json');
  if (!existsSync(file)) throw new Error(`${file} not found`);
  return JSON.parse(readFileSync(file, 'utf8'));
}

export function readWasmBuildInfo(buildDir) {
  const config = readConfig(buildDir);
  const module = (codec) => ({
    glue: `fake_${codec}.cjs`,
    wasm: `fake_${codec}.wasm`,
    wasmBytes: 1000,
    wasmGzipBytes: 500,
    glueBytes: 2000,
  });
  return {
    emscripten: 'fake',
    flags: '-O2 (fake build for tests)',
    profile: 'test',
    catalog: {
      workloads: ['tuples'],
      codecs: Object.keys(config).map((name) => ({
        name,
        workloads: ['tuples'],
        modules: { tuples: module(name) },
      })),
    },
  };
}

const FIELDS = 3;

function pack(items) {
  const values = new Float64Array(items.length * FIELDS);
  for (let i = 0; i < items.length; i++) {
    values[i * FIELDS] = items[i].x;
    values[i * FIELDS + 1] = items[i].y;
    values[i * FIELDS + 2] = items[i].z;
  }
  return new Uint8Array(values.buffer);
}

function unpack(bytes) {
  const values = new Float64Array(bytes.slice().buffer);
  const items = [];
  for (let i = 0; i < values.length; i += FIELDS)
    items.push({ x: values[i], y: values[i + 1], z: values[i + 2] });
  return items;
}

export async function loadWasmCodec(name, { buildDir }) {
  const { mode = 'ok', minItems = 0 } = readConfig(buildDir)[name] ?? {};
  if (mode === 'load-error') throw new Error(`${name}: fake module failed to load`);
  const trouble = (count) => {
    if (count < minItems) return;
    if (mode === 'crash') process.kill(process.pid, 'SIGKILL');
    if (mode === 'hang') for (;;);
  };
  return {
    name,
    libraryVersion: `fake-${name} 1.0`,
    strategies: ['val', 'embind', 'typed'],
    encode(strategy, items) {
      trouble(items.length);
      const bytes = pack(items);
      return { bytes, phases: { marshalInMs: 0.01, codecMs: 0.02, bytesOutMs: 0.01 } };
    },
    decode(strategy, bytes) {
      if (mode === 'throw') throw new Error(`${name}: truncated input`);
      const items = unpack(bytes);
      if (mode === 'wrong') items[items.length - 1].y += 1;
      return { items, phases: { bytesInMs: 0.01, codecMs: 0.02, marshalOutMs: 0.01 } };
    },
    heapBytes() {
      return 16 * 65536;
    },
    // Decode builds fresh items every call: there is no reused output to fill.
    poisonOutputs() {},
  };
}
