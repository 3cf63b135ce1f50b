import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseOptions, DEFAULTS, QUICK } from '../../node/cli.mjs';

const BENCH = fileURLToPath(new URL('../../node/bench.mjs', import.meta.url));
const FAKE_LOADER = fileURLToPath(new URL('./runner-fake-loader.mjs', import.meta.url));

function bench(...args) {
  return spawnSync(process.execPath, [BENCH, ...args], { encoding: 'utf8', timeout: 60_000 });
}

function assertUsageError(result, pattern) {
  assert.equal(result.status, 2, `exit code 2 expected, stderr: ${result.stderr}`);
  const lines = result.stderr.trimEnd().split('\n');
  assert.equal(lines.length, 1, `one line expected: ${result.stderr}`);
  assert.match(lines[0], /^bench:node: /);
  assert.match(lines[0], pattern);
  assert.equal(result.stdout, '');
}

test('bad options exit 2 with one line naming what is accepted', () => {
  assertUsageError(
    bench('--codecs', 'raw,zstd'),
    /--codecs: unknown value 'zstd' \(accepted: raw, json, msgpack, protobuf, flatbuffers\)/,
  );
  assertUsageError(bench('--strategies', 'fast'), /accepted: val, embind, typed/);
  assertUsageError(
    bench('--repetitions', '2.5'),
    /--repetitions: '2.5' is not valid \(accepted: an integer >= 1\)/,
  );
  assertUsageError(bench('--min-mb', '0'), /--min-mb: '0' is not valid \(accepted: a number > 0\)/);
  assertUsageError(bench('--min-mb=-1'), /accepted: a number > 0/);
  assertUsageError(bench('--max-mb', '0.2', '--min-mb', '1'), /below --min-mb/);
  assertUsageError(bench('--frobnicate'), /unknown option --frobnicate \(accepted: --codecs, /);
  assertUsageError(bench('results.json'), /unexpected argument 'results.json'/);
  assertUsageError(bench('--out'), /--out needs a value/);
});

test('--help lists the options and exits 0', () => {
  const result = bench('--help');
  assert.equal(result.status, 0);
  for (const option of [
    '--codecs',
    '--strategies',
    '--min-mb',
    '--max-mb',
    '--per-decade',
    '--repetitions',
    '--warmup',
    '--out',
    '--quick',
    '--build-dir',
    '--timeout',
  ]) {
    assert.ok(result.stdout.includes(option), `help mentions ${option}`);
  }
});

test('a missing wasm build is a one-line error with exit 1 that says how to build', () => {
  const empty = mkdtempSync(join(tmpdir(), 'wcb-nobuild-'));
  const result = bench(
    '--quick',
    '--build-dir',
    empty,
    '--loader',
    FAKE_LOADER,
    '--out',
    join(empty, 'r.json'),
  );
  assert.equal(result.status, 1, result.stderr);
  assert.match(
    result.stderr,
    /^bench:node: no usable wasm build in .*fake-build.json not found \(build it with: bash scripts\/build-wasm.sh\)\n$/,
  );
});

test('--quick sets a tiny sweep and explicit options still win', () => {
  const quick = parseOptions(['--quick']);
  assert.equal(quick.minMB, QUICK.minMB);
  assert.equal(quick.maxMB, QUICK.maxMB);
  assert.equal(quick.repetitions, 3);
  assert.equal(quick.warmup, 1);
  assert.deepEqual(parseOptions(['--quick', '--repetitions', '5']).repetitions, 5);

  const defaults = parseOptions([], { now: new Date('2025-03-04T05:06:07.890Z') });
  assert.equal(defaults.minMB, 0.1);
  assert.equal(defaults.maxMB, 30);
  assert.equal(defaults.perDecade, 3);
  assert.equal(defaults.repetitions, 7);
  assert.equal(defaults.warmup, 2);
  assert.deepEqual(defaults.codecs, DEFAULTS.codecs);
  assert.ok(defaults.out.endsWith(join('results', 'node-2025-03-04T05-06-07Z.json')), defaults.out);
  assert.deepEqual(parseOptions(['--codecs', 'msgpack, raw,msgpack']).codecs, ['msgpack', 'raw']);
});
