// The second wasm toolchain (docs/decisions/toolchain.md), when it is set up
// and built: its build-info names it, and one bench:node block of each
// workload holds the same paths from both builds, every row verified. Skipped otherwise (CI
// does not make the Debian 13 tree).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { pathLabel } from '../../src/catalog.mjs';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const TOOLCHAIN = 'emscripten-3.1.69';
const FIRST = join(ROOT, 'build', 'wasm');
const SECOND = join(ROOT, 'build', `wasm-${TOOLCHAIN}`);
const missing = [FIRST, SECOND].find((dir) => !existsSync(join(dir, 'build-info.json')));
const skip = missing
  ? `no wasm build in ${missing} (scripts/setup.sh --toolchain ${TOOLCHAIN}, then ` +
    `scripts/build-wasm.sh and WCB_WASM_TOOLCHAIN=${TOOLCHAIN} scripts/build-wasm.sh)`
  : false;

test('the second build names its toolchain: Emscripten 3.1.69, clang 19', { skip }, () => {
  const info = JSON.parse(readFileSync(join(SECOND, 'build-info.json'), 'utf8'));
  assert.equal(info.toolchain.name, TOOLCHAIN);
  assert.equal(info.toolchain.emscripten, '3.1.69');
  assert.match(info.toolchain.clang, /^19\./);
});

// One small block of each workload with the answer's C++ strategy of it (tuples: typed; per call and per document: tagged).
for (const { workload, strategy, codecs, args } of [
  {
    workload: 'tuples',
    strategy: 'typed',
    codecs: ['msgpack', 'protobuf'],
    args: ['--min-mb', '0.05', '--max-mb', '0.1', '--per-decade', '1', '--peers', 'pbf'],
  },
  {
    workload: 'messages',
    strategy: 'tagged',
    codecs: ['msgpack', 'flatbuffers'],
    args: ['--min-rep-ms', '2', '--peers', 'msgpackr'],
  },
  {
    workload: 'documents',
    strategy: 'tagged',
    codecs: ['msgpack', 'cbor', 'bson'],
    args: ['--datasets', 'geo-110m', '--peers', 'msgpackr'],
  },
])
  test(
    `${workload}: one block of both builds, the same paths from each, every row verified`,
    { skip },
    () => {
      const out = join(mkdtempSync(join(tmpdir(), 'wcb-toolchain-')), 'results.json');
      const result = spawnSync(
        process.execPath,
        [
          join(ROOT, 'node', 'bench.mjs'),
          ...['--workload', workload, '--repetitions', '3', '--warmup', '1', '--looks', '1'],
          ...['--codecs', codecs.join(','), '--strategies', strategy, '--no-addon', ...args],
          ...['--build-dir', `${FIRST},${SECOND}`, '--out', out],
        ],
        { encoding: 'utf8', timeout: 300_000 },
      );
      assert.equal(result.status, 0, result.stderr);
      const { run, rows } = JSON.parse(readFileSync(out, 'utf8'));
      assert.equal(run.build.compared[0].tag, '3.1.69');
      const cpp = rows.filter((row) => row.impl === 'cpp');
      const labels = cpp.map(pathLabel);
      for (const codec of codecs) {
        assert.ok(labels.includes(`${codec}/${strategy}`), labels.join(', '));
        assert.ok(labels.includes(`${codec}/${strategy} [3.1.69]`), labels.join(', '));
      }
      for (const row of cpp) assert.equal(row.status, 'ok', `${pathLabel(row)}: ${row.error}`);
      assert.match(result.stdout, /the wasm builds compared/);
    },
  );
