// bench:node in the pinned runtimes (--runtime; installed from npm on first
// use): the CI smokes in Bun and Node 24 (one tiny block, verified rows, 0
// failed), Deno's header, and a crash and a hang that fail their block's
// process alone in Bun. Each results header names the runtime it ran in,
// found from what it is: Bun and JavaScriptCore, Deno and V8, Node 24 and
// V8 13.6, never the Node 26 that Bun and Deno answer through process.version.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { addonAvailable } from '../../src/addon/load-addon.mjs';
import { engineLabel } from '../../src/engines.mjs';
import { createResultsValidator } from '../../src/harness/validate.mjs';
import { resultsSchema } from '../../src/workload-folders.mjs';
import { testWithBuild } from './wasm-helpers.mjs';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const BENCH = join(ROOT, 'node', 'bench.mjs');
const missingBuild = existsSync(join(ROOT, 'build', 'wasm', 'build-info.json'))
  ? false
  : 'build/wasm is missing: run `bash scripts/build-wasm.sh` first (the project test command does)';
const validate = createResultsValidator(await resultsSchema());

// One block of one size: msgpack's typed path (wasm and addon) against its
// fastest libraries, JSON and the floor, in 2 processes.
const TINY = ['--quick', '--looks', '2', '--codecs', 'msgpack', '--min-mb', '0.05', '--max-mb', '0.1'];

function benchIn(runtime, args) {
  const out = join(mkdtempSync(join(tmpdir(), `wcb-${runtime.replace('@', '')}-`)), 'results.json');
  const run = spawnSync(process.execPath, [BENCH, '--runtime', runtime, ...args, '--out', out], {
    encoding: 'utf8',
    timeout: 600_000,
  });
  assert.equal(run.status, 0, `exit ${run.status}, signal ${run.signal}\n${run.stderr}`);
  const document = JSON.parse(readFileSync(out, 'utf8'));
  assert.deepEqual(validate(document), { valid: true });
  return { document, stderr: run.stderr };
}

const EXPECTED = {
  bun: { name: 'bun', version: '1.4.4', engine: 'JavaScriptCore', label: 'Bun 1.4.4 (JavaScriptCore)' },
  'node@24': { name: 'node', version: 'v24.22.3', engine: 'V8', label: 'Node v24.22.3 (V8 13.6)' },
  deno: { name: 'deno', version: '2.9.6', engine: 'V8', label: 'Deno 2.9.6 (V8 15.0)' },
};

for (const runtime of ['bun', 'node@24', 'deno']) {
  testWithBuild(
    `a tiny block in ${runtime}: verified rows, 0 failed, its own name and engine`,
    missingBuild,
    { timeout: 600_000 },
    () => {
      const { document } = benchIn(runtime, TINY);
      const { name, version, engine, label } = EXPECTED[runtime];
      assert.deepEqual(
        {
          name: document.run.runtime.name,
          version: document.run.runtime.version,
          engine: document.run.runtime.engine,
        },
        { name, version, engine },
      );
      assert.equal(engineLabel(document.run.runtime), label);
      assert.equal(document.run.protocol.gc, true, 'each child forced a GC that collected');
      assert.ok(document.run.protocol.timerResolutionMs > 0 && document.run.protocol.timerResolutionMs < 1);
      assert.ok(document.rows.length > 0);
      assert.deepEqual(
        document.rows.filter((row) => row.status !== 'ok').map((row) => row.error),
        [],
        'no failed row',
      );
      // A row is ok only once its decodes were verified against the input (src/harness/rows.mjs).
      const wasm = document.rows.filter((row) => row.codec === 'msgpack' && row.place === 'node');
      assert.ok(
        wasm.length >= 2 && wasm.every((row) => row.decode.median > 0),
        'msgpack in wasm, each process',
      );
      if (addonAvailable('tuples'))
        assert.ok(
          document.rows.some((row) => row.place === 'node-addon'),
          `the Node-API addon loads in ${runtime}`,
        );
    },
  );
}

test('in Bun, a crash and a hang fail their own process and the run goes on', { timeout: 300_000 }, () => {
  const dir = mkdtempSync(join(tmpdir(), 'wcb-bun-faults-'));
  writeFileSync(
    join(dir, 'fake-build.json'),
    JSON.stringify({
      raw: { mode: 'ok' },
      protobuf: { mode: 'crash', minItems: 3000 },
      flatbuffers: { mode: 'hang', minItems: 3000 },
    }),
  );
  const loader = join(ROOT, 'tests', 'node', 'runner-fake-loader.mjs');
  const { document } = benchIn('bun', [
    ...['--sweep', '--quick', '--no-peers', '--strategies', 'typed', '--timeout', '4', '--max-mb', '0.5'],
    ...['--build-dir', dir, '--loader', loader],
  ]);
  assert.equal(document.run.runtime.name, 'bun');
  const wasm = (codec) => document.rows.filter((row) => row.codec === codec && row.impl === 'cpp');
  assert.ok(wasm('raw').length > 0 && wasm('raw').every((row) => row.status === 'ok'));
  for (const [codec, why] of [
    ['protobuf', /^child process crashed \(killed by SIGKILL\)/],
    ['flatbuffers', /^timed out: the child process ran over --timeout 4 s/],
  ]) {
    const rows = wasm(codec);
    assert.ok(
      rows.some((row) => row.status === 'ok'),
      `${codec}: the small sizes are measured`,
    );
    const failed = rows.filter((row) => row.status === 'failed');
    assert.ok(failed.length > 0 && failed.every((row) => why.test(row.error)), JSON.stringify(failed));
  }
});
