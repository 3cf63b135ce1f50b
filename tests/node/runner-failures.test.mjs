// The runner with a fake wasm loader whose codecs misbehave on purpose: every
// failure becomes failed rows with its reason, and the sweep's blocks go on.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createResultsValidator } from '../../src/harness/validate.mjs';
import { resultsSchema } from '../../src/workload-folders.mjs';

const BENCH = fileURLToPath(new URL('../../node/bench.mjs', import.meta.url));
const FAKE_LOADER = fileURLToPath(new URL('./runner-fake-loader.mjs', import.meta.url));
const schema = await resultsSchema();
const validate = createResultsValidator(schema);

function runFake(config, ...args) {
  const dir = mkdtempSync(join(tmpdir(), 'wcb-fake-'));
  writeFileSync(join(dir, 'fake-build.json'), JSON.stringify(config));
  const out = join(dir, 'results.json');
  const result = spawnSync(
    process.execPath,
    // --no-peers: these tests are about the wasm paths (peers-runner.test.mjs has the JS libraries).
    [
      BENCH,
      '--sweep',
      '--quick',
      '--min-warmup-ms',
      '0',
      '--no-peers',
      '--build-dir',
      dir,
      '--loader',
      FAKE_LOADER,
      '--out',
      out,
      ...args,
    ],
    { encoding: 'utf8', timeout: 120_000 },
  );
  return { result, document: JSON.parse(readFileSync(out, 'utf8')) };
}

test('wrong results, errors, crashes and hangs are reported as failed rows and the sweep goes on', () => {
  const { result, document } = runFake(
    {
      raw: { mode: 'ok' },
      json: { mode: 'wrong' },
      msgpack: { mode: 'throw' },
      protobuf: { mode: 'crash', minItems: 3000 },
      flatbuffers: { mode: 'hang', minItems: 3000 },
    },
    '--strategies',
    'typed',
    '--timeout',
    '4',
  );
  assert.equal(result.status, 0, result.stderr);
  assert.deepEqual(validate(document), { valid: true });
  assert.equal(document.run.finished, true);
  assert.equal(document.run.place, 'node');
  assert.equal(document.run.build.emscripten, 'fake');

  const steps = [...new Set(document.rows.map((row) => row.step))];
  assert.ok(steps.length >= 4, `quick mode has several sizes: ${steps}`);
  const wasm = (codec) => document.rows.filter((row) => row.codec === codec && row.impl === 'cpp');

  assert.equal(wasm('raw').length, steps.length);
  assert.ok(wasm('raw').every((row) => row.status === 'ok'));
  assert.ok(wasm('json').every((row) => /^verify: decoded items differ from the input/.test(row.error)));
  assert.ok(wasm('msgpack').every((row) => row.error === 'decode: msgpack: truncated input'));

  // protobuf crashes from ~3000 items: small sizes ok, then every larger size
  // crashes its own fresh child.
  const protobuf = wasm('protobuf');
  assert.equal(protobuf.length, steps.length);
  const firstCrash = protobuf.findIndex((row) => row.status === 'failed');
  assert.ok(firstCrash > 0, 'the small sizes are measured before the crash');
  for (const row of protobuf.slice(firstCrash))
    assert.match(row.error, /^child process crashed \(killed by SIGKILL\)/);

  // flatbuffers hangs: each larger size times out in its own block's process.
  const flatbuffers = wasm('flatbuffers');
  assert.equal(flatbuffers.length, steps.length);
  const hang = flatbuffers.findIndex((row) => row.status === 'failed');
  assert.ok(hang > 0);
  for (const row of flatbuffers.slice(hang))
    assert.match(row.error, /^timed out: the child process ran over --timeout 4 s/);

  // Each child measured its own JSON baseline, tagged with its batch.
  const baselines = document.rows.filter((row) => row.impl === 'js' && row.status === 'ok');
  assert.deepEqual(
    [...new Set(baselines.map((row) => row.batch))],
    ['raw/typed', 'json/typed', 'msgpack/typed', 'protobuf/typed', 'flatbuffers/typed'],
  );

  // The table names every path, failures included, and progress went to stderr.
  for (const label of ['raw/typed', 'json/typed', 'msgpack/typed', 'protobuf/typed', 'flatbuffers/typed']) {
    assert.ok(result.stdout.includes(label), `table lists ${label}`);
  }
  assert.match(result.stdout, /msgpack\/typed\s+FAILED: decode: msgpack: truncated input/);
  assert.match(result.stderr, /flatbuffers\/typed: process 1\n/);
});

test('a codec whose module does not load fails at every size without stopping the others', () => {
  const { result, document } = runFake(
    { raw: { mode: 'load-error' }, msgpack: { mode: 'ok' } },
    '--codecs',
    'raw,msgpack',
    '--strategies',
    'val',
  );
  assert.equal(result.status, 0, result.stderr);
  assert.deepEqual(validate(document), { valid: true });
  const raw = document.rows.filter((row) => row.codec === 'raw');
  assert.ok(raw.length >= 4);
  assert.ok(raw.every((row) => row.error === 'load: raw: fake module failed to load'));
  const msgpack = document.rows.filter((row) => row.codec === 'msgpack');
  assert.equal(msgpack.length, raw.length);
  assert.ok(msgpack.every((row) => row.status === 'ok'));
});
