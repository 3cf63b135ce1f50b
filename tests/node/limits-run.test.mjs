// `npm run bench:node -- --limits`: every path grows in its own process until
// it fails, and the runner reports the largest size that passed and why the
// next failed instead of going down with it. The first test provokes each
// kind of failure with the fake wasm loader and fake peers; the second finds
// a real limit, the V8 heap of children started with --max-old-space-size=64,
// on the real wasm build.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createResultsValidator } from '../../src/harness/validate.mjs';
import { testWithBuild } from './wasm-helpers.mjs';
import { resultsSchema } from '../../src/workload-folders.mjs';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const BENCH = join(ROOT, 'node', 'bench.mjs');
const FAKE_LOADER = fileURLToPath(new URL('./runner-fake-loader.mjs', import.meta.url));
const FAKE_REGISTRY = fileURLToPath(new URL('./peers-fake-registry.mjs', import.meta.url));
const schema = await resultsSchema();
const validate = createResultsValidator(schema);
const missingBuild = existsSync(join(ROOT, 'build', 'wasm', 'build-info.json'))
  ? false
  : 'build/wasm is missing: run `bash scripts/build-wasm.sh` first (the project test command does)';

function runLimits(args, { fakeBuild } = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'wcb-limits-'));
  const out = join(dir, 'limits.json');
  const build = fakeBuild ? ['--build-dir', dir, '--loader', FAKE_LOADER] : [];
  if (fakeBuild) writeFileSync(join(dir, 'fake-build.json'), JSON.stringify(fakeBuild));
  const result = spawnSync(process.execPath, [BENCH, '--limits', ...build, '--out', out, ...args], {
    encoding: 'utf8',
    timeout: 120_000,
  });
  assert.equal(result.status, 0, `exit ${result.status} ${result.signal ?? ''}\n${result.stderr}`);
  const document = JSON.parse(readFileSync(out, 'utf8'));
  assert.deepEqual(validate(document), { valid: true });
  assert.equal(document.run.finished, true);
  assert.equal(document.run.protocol.mode, 'limits');
  return { result, document };
}

const limitOf = (document, batch) => document.run.limits.find((entry) => entry.batch === batch);
const rowsOf = (document, batch) => document.rows.filter((row) => row.batch === batch);

/** The console line of a path in the limits table. */
function tableLine(stdout, label) {
  const line = stdout.split('\n').find((text) => text.startsWith(`${label} `));
  assert.ok(line, `the limits table lists ${label}:\n${stdout}`);
  return line;
}

test('each path grows until it fails: error, crash, timeout, a library that does not load, or the cap', () => {
  const { result, document } = runLimits(
    [
      '--limits-max-mb',
      '8',
      '--min-mb',
      '0.05',
      '--strategies',
      'typed',
      '--timeout',
      '4',
      '--peer-registry',
      FAKE_REGISTRY,
      '--peers',
      'pbf,fake-crash,fake-load-error',
    ],
    {
      fakeBuild: {
        raw: { mode: 'ok' },
        json: { mode: 'wrong' },
        msgpack: { mode: 'throw' },
        protobuf: { mode: 'crash', minItems: 20000 },
        flatbuffers: { mode: 'hang', minItems: 20000 },
      },
    },
  );
  const { protocol, limits } = document.run;
  assert.equal(protocol.repetitions, 1, 'one timed encode and decode per size');
  assert.equal(protocol.warmup, 0);
  assert.equal(protocol.maxMB, 8);
  assert.deepEqual(
    limits.map((entry) => entry.batch),
    [
      'json (js)',
      'raw/typed',
      'json/typed',
      'msgpack/typed',
      'protobuf/typed',
      'flatbuffers/typed',
      'pbf',
      'fake-crash',
      'fake-load-error',
    ],
    'the JSON baseline, every codec and every peer, each in its own process',
  );
  for (const row of document.rows.filter((row) => row.status === 'ok')) {
    assert.equal(row.encode.n, 1);
    assert.ok(row.jsonMB <= limitOf(document, row.batch).largestOkMB, `${row.batch} grew in order`);
  }

  // Nothing failed up to the cap: the largest size is the last grid size under 8 MB.
  for (const batch of ['json (js)', 'raw/typed', 'pbf']) {
    const entry = limitOf(document, batch);
    assert.equal(entry.cause, 'none', batch);
    assert.equal(entry.failedAtMB, undefined);
    assert.match(entry.reason, /^no failure up to --limits-max-mb 8/);
    assert.ok(entry.largestOkMB > 5 && entry.largestOkMB <= 8, `${batch}: ${entry.largestOkMB}`);
    const rows = rowsOf(document, batch);
    assert.ok(rows.length >= 10 && rows.every((row) => row.status === 'ok'), batch);
    assert.equal(entry.largestOkItems, rows.at(-1).items);
  }
  assert.equal(limitOf(document, 'raw/typed').library, 'fake-raw 1.0');

  // A wrong decode and a thrown error stop the path at its first size.
  const json = limitOf(document, 'json/typed');
  assert.equal(json.cause, 'error');
  assert.equal(json.largestOkMB, 0);
  assert.equal(json.largestOkItems, 0);
  assert.match(json.reason, /^verify: decoded items differ from the input/);
  assert.equal(rowsOf(document, 'json/typed').length, 1);
  assert.equal(limitOf(document, 'msgpack/typed').reason, 'decode: msgpack: truncated input');

  // A child that dies (SIGKILL) or hangs is reported with its reason; the runner goes on.
  const crash = limitOf(document, 'protobuf/typed');
  assert.equal(crash.cause, 'crash');
  assert.match(crash.reason, /^child process crashed \(killed by SIGKILL\)/);
  assert.ok(crash.largestOkItems < 20000 && crash.failedAtItems >= 20000, JSON.stringify(crash));
  const crashRow = rowsOf(document, 'protobuf/typed').at(-1);
  assert.equal(crashRow.status, 'failed');
  assert.equal(crashRow.jsonMB, crash.failedAtMB);
  const hang = limitOf(document, 'flatbuffers/typed');
  assert.equal(hang.cause, 'timeout');
  assert.equal(hang.reason, 'timed out: one size ran over --timeout 4 s');
  assert.ok(hang.largestOkItems < 20000 && hang.failedAtItems >= 20000);

  // Peers too: a crash from 3,000 items, and a library that never loads (no size at all).
  const peerCrash = limitOf(document, 'fake-crash');
  assert.equal(peerCrash.cause, 'crash');
  assert.ok(peerCrash.largestOkItems < 3000 && peerCrash.failedAtItems >= 3000);
  const noLoad = limitOf(document, 'fake-load-error');
  assert.equal(noLoad.cause, 'error');
  assert.equal(noLoad.reason, "load: Cannot find package 'fake-missing'");
  assert.equal(noLoad.failedAtMB, undefined);
  assert.equal(rowsOf(document, 'fake-load-error').length, 0);

  // The console table: one line per path, its cause and reason, the seed's figure where it published one.
  assert.match(result.stdout, /^Payload limits: /);
  assert.match(tableLine(result.stdout, 'json (js)'), /\s+none\s+298\s+no failure up to --limits-max-mb 8/);
  assert.match(tableLine(result.stdout, 'protobuf (pbf)'), /\s+none\s+372\s+no failure/);
  assert.match(
    tableLine(result.stdout, 'json/typed'),
    /^json\/typed\s+none\s+0\s+0\.050\s+error\s+-\s+verify: decoded items differ/,
  );
  assert.match(
    tableLine(result.stdout, 'protobuf/typed'),
    /\s[\d.]+\s+crash\s+-\s+child process crashed \(killed by SIGKILL\)/,
  );
  assert.match(tableLine(result.stdout, 'flatbuffers/typed'), /\s+timeout\s+-\s+timed out: one size/);
  assert.match(tableLine(result.stdout, 'fake (fake-load-error)'), /none\s+0\s+-\s+error\s+-\s+load: /);
});

testWithBuild(
  'a small V8 heap (--child-node-options=--max-old-space-size=64) is found as the limit, not a crash of the runner',
  missingBuild,
  {},
  () => {
    const { result, document } = runLimits([
      '--limits-max-mb',
      '256',
      '--codecs',
      'raw',
      '--strategies',
      'typed',
      '--peers',
      'pbf',
      '--child-node-options=--max-old-space-size=64',
    ]);
    assert.deepEqual(document.run.protocol.childNodeOptions, ['--max-old-space-size=64']);
    for (const [batch, label] of [
      ['json (js)', 'json (js)'],
      ['raw/typed', 'raw/typed'],
      ['pbf', 'protobuf (pbf)'],
    ]) {
      const entry = limitOf(document, batch);
      assert.equal(entry.cause, 'js-heap', `${batch}: ${entry.reason}`);
      assert.match(
        entry.reason,
        /^child process crashed \(killed by SIGABRT\): FATAL ERROR: .*JavaScript heap out of memory/,
      );
      // Under a 64 MB heap the limit is a few MB of JSON, far below the cap.
      assert.ok(entry.largestOkMB >= 1 && entry.failedAtMB > entry.largestOkMB, JSON.stringify(entry));
      assert.ok(entry.failedAtMB < 256);
      const rows = rowsOf(document, batch);
      assert.ok(rows.filter((row) => row.status === 'ok').length >= 1, batch);
      assert.match(
        tableLine(result.stdout, label),
        /\s+js-heap\s+(-|\d+)\s+child process crashed \(killed by SIGABRT\)/,
      );
    }
    assert.match(result.stderr, /raw\/typed: largest ok [\d.]+ MB, failed at [\d.]+ MB: js-heap: /);
  },
);
