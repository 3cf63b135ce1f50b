// The wasm build of each codec writes exactly the bytes its native build
// writes for the same data, whatever the interop strategy. The native bytes
// come from `wcb_native_bench --export-encodings DIR` (the native build, or
// the binary WCB_NATIVE_BENCH names); without it the test is skipped, or
// fails under WCB_REQUIRE_BUILDS=1 (as scripts/test.sh runs it).
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after } from 'node:test';

import { listWasmCodecs, loadWasmCodec, REPO_ROOT } from '../../node/load-wasm.mjs';
import { checksumItems } from '../../src/workloads/tuples/item-checksum.mjs';
import { TupleDataset } from '../../src/workloads/tuples/dataset.mjs';
import { STRATEGIES } from '../../src/harness/wasm-codec.mjs';
import { assertSameBytes, testWithBuild } from './wasm-helpers.mjs';

const MAX_MB = 1;
const nativeBench = process.env.WCB_NATIVE_BENCH
  ? path.resolve(process.env.WCB_NATIVE_BENCH)
  : path.join(REPO_ROOT, 'build', 'native-release', 'src', 'native', 'wcb_native_bench');
const wasmBuildInfo = path.join(REPO_ROOT, 'build', 'wasm', 'build-info.json');
const notBuilt = !fs.existsSync(nativeBench)
  ? `no native runner at ${nativeBench}: build it (cmake --preset native-release && cmake --build --preset native-release) or set WCB_NATIVE_BENCH`
  : !fs.existsSync(wasmBuildInfo)
    ? `no wasm build at ${wasmBuildInfo}: run scripts/build-wasm.sh`
    : false;

const exportDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wcb-native-encodings-'));
after(() => fs.rmSync(exportDir, { recursive: true, force: true }));

testWithBuild(
  `wasm encodings are byte-identical to native ones, every step up to ${MAX_MB} MB`,
  notBuilt,
  {},
  async () => {
    execFileSync(
      nativeBench,
      ['--export-encodings', exportDir, '--min-mb', '0', '--max-mb', String(MAX_MB), '--per-decade', '0'],
      { stdio: ['ignore', 'ignore', 'pipe'] },
    );
    const manifest = JSON.parse(fs.readFileSync(path.join(exportDir, 'manifest.json'), 'utf8'));
    const wasmCodecs = listWasmCodecs();
    // A codec the native export left out failed its native round trip.
    assert.deepEqual(
      [...manifest.codecs].sort(),
      [...wasmCodecs].sort(),
      'codecs exported natively vs built for wasm',
    );
    assert.ok(manifest.steps.length > 50, `${manifest.steps.length} steps exported`);

    const codecs = await Promise.all(wasmCodecs.map((name) => loadWasmCodec(name)));
    const dataset = new TupleDataset();
    for (const step of manifest.steps) {
      while (dataset.index < step.index) dataset.grow();
      assert.equal(dataset.items.length, step.count, `step ${step.index}: item count, JS vs C++ generator`);
      assert.equal(
        checksumItems(dataset.items),
        step.checksum,
        `step ${step.index}: checksum, JS vs C++ generator`,
      );
      for (const codec of codecs) {
        const native = new Uint8Array(
          fs.readFileSync(path.join(exportDir, `${codec.name}-step${step.index}.bin`)),
        );
        for (const strategy of STRATEGIES) {
          const { bytes } = codec.encode(strategy, dataset.items);
          assertSameBytes(bytes, native, `${codec.name} ${strategy} step ${step.index}`);
        }
      }
    }
  },
);
