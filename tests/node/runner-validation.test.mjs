// The other command lines check their options like bench:node does: a bad
// value, an unknown option or a missing file is one line on stderr saying
// what is accepted, and exit code 2, before anything runs. The native runner
// is checked when it is built (WCB_NATIVE_BENCH names another build of it).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { recordsOf } from '../../src/catalog.mjs';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const NATIVE_BENCH =
  process.env.WCB_NATIVE_BENCH ?? join(ROOT, 'build', 'native-release', 'src', 'native', 'wcb_native_bench');

function run(command, args) {
  return spawnSync(command, args, { encoding: 'utf8', timeout: 60_000, cwd: ROOT });
}

function assertUsageError(result, prefix, pattern) {
  assert.equal(result.status, 2, `exit code 2 expected, got ${result.status}: ${result.stderr}`);
  const lines = result.stderr.trimEnd().split('\n');
  assert.equal(lines.length, 1, `one line expected: ${result.stderr}`);
  assert.ok(lines[0].startsWith(`${prefix}: `), lines[0]);
  assert.match(lines[0], pattern);
  assert.match(lines[0], /accepted|see --help/, 'says what is accepted');
  assert.equal(result.stdout, '');
}

function scratch() {
  const dir = mkdtempSync(join(tmpdir(), 'wcb-options-'));
  const file = join(dir, 'a-file.json');
  writeFileSync(file, '{}');
  return { dir, file };
}

test('npm run report: bad options and missing files exit 2 with one line', () => {
  const { dir, file } = scratch();
  const report = (...args) => run(process.execPath, [join(ROOT, 'node', 'report.mjs'), ...args]);
  assertUsageError(
    report('--colour'),
    'report',
    /unknown option --colour \(accepted: --out-dir, --size-mb, /,
  );
  assertUsageError(
    report('--size-mb=-3'),
    'report',
    /--size-mb: '-3' is not valid \(accepted: a number > 0\)/,
  );
  assertUsageError(report('--out-dir'), 'report', /--out-dir needs a value/);
  assertUsageError(
    report('--size-mb', '-3'),
    'report',
    /--size-mb: a value starting with '-' must be attached to it \(accepted: --size-mb=VALUE\)/,
  );
  assertUsageError(
    report(join(dir, 'node-gone.json')),
    'report',
    /no file '.*node-gone\.json' \(accepted: results files/,
  );
  assertUsageError(report(dir), 'report', /is a directory \(accepted: results files/);
  assertUsageError(report('--results-dir', join(dir, 'none')), 'report', /--results-dir: no directory/);
  assertUsageError(
    report('--out-dir', file, file),
    'report',
    /--out-dir: '.*' is a file \(accepted: a directory path\)/,
  );
  assertUsageError(report('--compare', file), 'report', /--compare takes exactly two results files/);
});

test('npm run bench:web: bad options exit 2 with one line, before any browser starts', () => {
  const { dir } = scratch();
  const web = (...args) => run(process.execPath, [join(ROOT, 'node', 'bench-web.mjs'), ...args]);
  assertUsageError(
    web('--frobnicate'),
    'bench:web',
    /unknown option --frobnicate \(accepted: (--[a-z-]+, )*--codecs, /,
  );
  assertUsageError(web('results.json'), 'bench:web', /unexpected argument 'results.json'/);
  assertUsageError(
    web('--max-mb', '2048'),
    'bench:web',
    /--max-mb: '2048' is not valid \(accepted: a number > 0 and <= 1024\)/,
  );
  assertUsageError(web('--per-decade=-1'), 'bench:web', /accepted: a number >= 0 and <= 100/);
  assertUsageError(web('--repetitions', '0'), 'bench:web', /accepted: an integer >= 1 and <= 10000/);
  assertUsageError(
    web('--timeout', '0'),
    'bench:web',
    /--timeout: '0' is not valid \(accepted: a number > 0 and <= 86400\)/,
  );
  assertUsageError(web('--min-mb', '2', '--max-mb', '1'), 'bench:web', /--max-mb 1 is below --min-mb 2/);
  assertUsageError(web('--min-mb', '0.2', '--max-mb', '0.2001'), 'bench:web', /no growth step between/);
  assertUsageError(web('--strategies', 'fast'), 'bench:web', /accepted: val, embind, typed/);
  assertUsageError(web('--peers', 'pbf', '--no-peers'), 'bench:web', /contradict/);
  assertUsageError(web('--peers', 'bser'), 'bench:web', /--peers: unknown value 'bser' \(accepted: /);
  assertUsageError(web('--out', dir), 'bench:web', /--out: '.*' is a directory/);
});

test(
  'the native runner: bad options exit 2 with one line',
  { skip: existsSync(NATIVE_BENCH) ? false : `${NATIVE_BENCH} is not built (scripts/build-native.sh)` },
  () => {
    const { dir, file } = scratch();
    const native = (...args) => run(NATIVE_BENCH, args);
    const name = 'wcb_native_bench';
    assertUsageError(native('--frob'), name, /unknown option '--frob' \(accepted: --codecs, --min-mb, /);
    assertUsageError(
      native('--max-mb', '0'),
      name,
      /--max-mb: '0' is not valid \(accepted: a number > 0 and <= 4096\)/,
    );
    assertUsageError(native('--max-mb=1e9'), name, /accepted: a number > 0 and <= 4096/);
    assertUsageError(native('--min-mb', 'nan'), name, /--min-mb: 'nan' is not valid/);
    assertUsageError(native('--per-decade', '101'), name, /accepted: a number >= 0 and <= 100/);
    assertUsageError(native('--repetitions', '1.5'), name, /accepted: a whole number >= 1 and <= 10000/);
    assertUsageError(native('--warmup', '-1'), name, /--warmup: '-1' is not valid/);
    assertUsageError(native('--codecs', 'raw,,json'), name, /--codecs: empty codec name/);
    assertUsageError(
      native('--codecs', 'zstd'),
      name,
      /unknown codec 'zstd' in --codecs \(accepted, this build has: /,
    );
    assertUsageError(native('--out', dir), name, /--out: '.*' is a directory \(accepted: a file path\)/);
    assertUsageError(native('--export-encodings', file), name, /is a file \(accepted: a directory path\)/);
    assertUsageError(native('--quick=yes'), name, /--quick takes no value/);
    assertUsageError(
      native('--max-mb', '0.1', '--min-mb', '1'),
      name,
      /--max-mb \(0\.1\) is below --min-mb \(1\)/,
    );
    assertUsageError(native('--repetitions'), name, /--repetitions needs a value/);
  },
);

test(
  "the native runner's default and on-request messages records are the catalog's (C++ splits them by kind order)",
  { skip: existsSync(NATIVE_BENCH) ? false : `${NATIVE_BENCH} is not built (scripts/build-native.sh)` },
  () => {
    const help = run(NATIVE_BENCH, ['--help']).stdout.replace(/\s+/g, ' ');
    const [, defaults, onRequest] =
      help.match(/--records a,b messages: records to run \(default: ([^;]+); on request: ([^)]+)\)/) ?? [];
    assert.deepEqual(defaults?.split(', '), recordsOf('messages'), help);
    const optional = recordsOf('messages', { optional: true }).slice(recordsOf('messages').length);
    assert.deepEqual(onRequest?.split(', '), optional);
  },
);
