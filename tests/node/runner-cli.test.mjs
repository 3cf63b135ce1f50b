import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { optionsFromProtocol, parseOptions, resolveCodecs, DEFAULTS } from '../../node/cli.mjs';
import { listWasmCodecs } from '../../node/load-wasm.mjs';
import { BLOCKS, DEFAULT_WORKLOAD, workloadInfo } from '../../src/catalog.mjs';

const { quick: QUICK, limits: LIMITS } = workloadInfo(DEFAULT_WORKLOAD);

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
  // The codecs accepted are those of the build's catalog.
  const accepted = listWasmCodecs().join(', ');
  const zstd = bench('--codecs', 'zstd');
  assertUsageError(zstd, /--codecs: unknown value 'zstd'/);
  assert.ok(zstd.stderr.includes(`(accepted: ${accepted})`), zstd.stderr);
  assertUsageError(bench('--strategies', 'fast'), /accepted: val, embind, typed/);
  assertUsageError(
    bench('--repetitions', '2.5'),
    /--repetitions: '2.5' is not valid \(accepted: an integer >= 1 and <= 10000\)/,
  );
  assertUsageError(
    bench('--min-mb', '0'),
    /--min-mb: '0' is not valid \(accepted: a number > 0 and <= 1024\)/,
  );
  assertUsageError(bench('--min-mb=-1'), /accepted: a number > 0/);
  assertUsageError(bench('--max-mb', '0.2', '--min-mb', '1'), /below --min-mb/);
  assertUsageError(bench('--frobnicate'), /unknown option --frobnicate \(accepted: --workload, .*--codecs, /);
  assertUsageError(bench('results.json'), /unexpected argument 'results.json'/);
  assertUsageError(bench('--out'), /--out needs a value/);
});

test('every option is checked: ranges, contradictions, files, child flags', () => {
  const dir = mkdtempSync(join(tmpdir(), 'wcb-cli-'));
  const file = join(dir, 'a-file');
  writeFileSync(file, '{}');
  assertUsageError(
    bench('--max-mb', '5000'),
    /--max-mb: '5000' is not valid \(accepted: a number > 0 and <= 1024\)/,
  );
  assertUsageError(bench('--per-decade', '1e6'), /accepted: a number >= 0 and <= 100/);
  assertUsageError(
    bench('--warmup=-1'),
    /--warmup: '-1' is not valid \(accepted: an integer >= 0 and <= 10000\)/,
  );
  assertUsageError(
    bench('--timeout', '1e9'),
    /--timeout: '1e9' is not valid \(accepted: a number > 0 and <= 86400\)/,
  );
  assertUsageError(bench('--timeout', 'soon'), /--timeout: 'soon' is not valid/);
  assertUsageError(
    bench('--min-warmup-ms', '1e6'),
    /--min-warmup-ms: '1e6' is not valid \(accepted: a number >= 0 and <= 60000\)/,
  );
  assertUsageError(
    bench('--workload', 'messages', '--min-warmup-ms', '0'),
    /--min-warmup-ms is an option of the tuples or documents workload \(accepted with --workload messages: --records, --min-rep-ms, --repetitions, --warmup\)/,
  );
  assertUsageError(bench('--codecs', ''), /--codecs is empty \(accepted: \w+, /);
  assertUsageError(bench('--peers', 'pbf', '--no-peers'), /contradict/);
  assertUsageError(bench('--quick', '--limits'), /--quick and --limits contradict each other/);
  assertUsageError(bench('--limits', '--max-mb', '10'), /with --limits use --limits-max-mb/);
  assertUsageError(bench('--limits-max-mb', '10'), /--limits-max-mb needs --limits/);
  assertUsageError(
    bench('--limits', '--limits-max-mb', '0'),
    /--limits-max-mb: '0' is not valid \(accepted: a number > 0 and <= 65536\)/,
  );
  assertUsageError(
    bench('--limits', '--limits-max-mb', '2', '--min-mb', '4'),
    /--limits-max-mb 2 is below --min-mb 4/,
  );
  assertUsageError(
    bench('--loader', join(dir, 'missing.mjs')),
    /--loader: no file '.*missing\.mjs' \(accepted: an existing file\)/,
  );
  assertUsageError(bench('--peer-registry', dir), /--peer-registry: '.*' is a directory/);
  assertUsageError(
    bench('--build-dir', file),
    /--build-dir: '.*a-file' is a file \(accepted: an existing directory\)/,
  );
  assertUsageError(bench('--build-dir', join(dir, 'nowhere')), /--build-dir: no directory/);
  assertUsageError(bench('--out', dir), /--out: '.*' is a directory \(accepted: a file path\)/);
  assertUsageError(bench('--resume', join(dir, 'gone.json')), /--resume: no file '.*gone\.json'/);
  assertUsageError(
    bench('--resume', file),
    /--resume: '.*a-file' is not a valid results file \(\/: must have required property 'schemaVersion'\)/,
  );
  writeFileSync(file, 'not json');
  assertUsageError(bench('--resume', file), /--resume: '.*a-file' is not JSON: /);
  assertUsageError(bench('--child-node-options', ' '), /--child-node-options is empty/);
  assertUsageError(
    bench('--child-node-options', '--max-old-space-size=64'),
    /--child-node-options: a value starting with '-' must be attached to it \(accepted: --child-node-options=VALUE\)/,
  );
  assertUsageError(
    bench('--child-node-options', 'max-old-space-size=64'),
    /'max-old-space-size=64' is not a flag/,
  );
  assertUsageError(
    bench('--child-node-options=--no-such-node-flag', '--loader', FAKE_LOADER, '--build-dir', dir),
    /--child-node-options: node does not start with '--no-such-node-flag': .*bad option/,
  );
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
    '--limits',
    '--limits-max-mb',
    '--child-node-options',
    '--resume',
    '--sweep',
    '--looks',
    '--budget-minutes',
  ]) {
    assert.ok(result.stdout.includes(option), `help mentions ${option}`);
  }
});

test('a missing wasm build is a one-line error with exit 1 that says how to build', () => {
  const empty = mkdtempSync(join(tmpdir(), 'wcb-nobuild-'));
  const result = bench(
    '--sweep',
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

test('--sweep --quick sets a tiny sweep and explicit options still win', () => {
  const quick = parseOptions(['--sweep', '--quick']);
  assert.equal(quick.mode, 'sweep');
  assert.equal(quick.minMB, QUICK.minMB);
  assert.equal(quick.maxMB, QUICK.maxMB);
  assert.equal(quick.repetitions, 3);
  assert.equal(quick.warmup, 1);
  assert.deepEqual(parseOptions(['--sweep', '--quick', '--repetitions', '5']).repetitions, 5);
  // The minimum warm-up time is the protocol's unless given (then the jobs and the header carry it).
  assert.equal(quick.minWarmupMs, undefined);
  assert.equal(parseOptions(['--sweep', '--quick', '--min-warmup-ms', '0']).minWarmupMs, 0);

  const defaults = parseOptions(['--sweep'], { now: new Date('2025-03-04T05:06:07.890Z') });
  assert.deepEqual(defaults.strategies, ['val', 'embind', 'typed']);
  assert.equal(defaults.addonStrategies, undefined, 'the addon runs every strategy of its own');
  assert.equal(defaults.minMB, 0.1);
  assert.equal(defaults.maxMB, 30);
  assert.equal(defaults.perDecade, 3);
  assert.equal(defaults.repetitions, 5);
  assert.equal(defaults.warmup, 1);
  assert.deepEqual(defaults.codecs, DEFAULTS.codecs);
  assert.ok(defaults.out.endsWith(join('results', 'node-2025-03-04T05-06-07Z.json')), defaults.out);
  // --codecs is checked against the build's catalog; every codec of it by default.
  const info = {
    catalog: {
      workloads: ['tuples'],
      codecs: ['raw', 'msgpack', 'toy'].map((name) => ({ name, workloads: ['tuples'] })),
    },
  };
  assert.deepEqual(resolveCodecs(defaults, info).codecs, ['raw', 'msgpack', 'toy']);
  const listed = resolveCodecs(parseOptions(['--sweep', '--codecs', 'msgpack, raw,msgpack']), info);
  assert.deepEqual(listed.codecs, ['msgpack', 'raw']);
  assert.throws(
    () => resolveCodecs(parseOptions(['--codecs', 'zstd']), info),
    /--codecs: unknown value 'zstd' \(accepted: raw, msgpack, toy\)/,
  );
});

test('--limits defaults: a coarse grid from 1 MB to a cap of a few GB, one timed run per size', () => {
  const limits = parseOptions(['--limits'], { now: new Date('2025-03-04T05:06:07.890Z') });
  assert.equal(limits.mode, 'limits');
  assert.equal(limits.minMB, LIMITS.minMB);
  assert.equal(limits.maxMB, 4096);
  assert.equal(limits.perDecade, 5);
  assert.equal(limits.repetitions, 1);
  assert.equal(limits.warmup, 0);
  assert.ok(limits.out.endsWith(join('results', 'limits-node-2025-03-04T05-06-07Z.json')), limits.out);
  const capped = parseOptions([
    '--limits',
    '--limits-max-mb',
    '64',
    '--child-node-options',
    ' --max-old-space-size=64  --stack-size=900 ',
  ]);
  assert.equal(capped.maxMB, 64);
  assert.deepEqual(capped.childNodeOptions, ['--max-old-space-size=64', '--stack-size=900']);
  assert.equal(parseOptions(['--sweep']).mode, 'sweep');
});

test("the default run is the block protocol: typed paths at the answer's ~10 MB, looks at 6, 10, 14 processes", () => {
  const defaults = parseOptions([], { now: new Date('2025-03-04T05:06:07.890Z') });
  assert.equal(defaults.mode, 'blocks');
  assert.deepEqual([defaults.minMB, defaults.maxMB, defaults.perDecade], [10, 11, 1]);
  assert.deepEqual(defaults.strategies, ['typed']);
  assert.deepEqual(defaults.addonStrategies, ['typed']);
  assert.deepEqual(defaults.looks, BLOCKS.looks);
  assert.equal(defaults.budgetSeconds, BLOCKS.budgetMinutes * 60);
  assert.equal(defaults.repetitions, 5, 'rounds per process');
  assert.ok(defaults.out.endsWith(join('results', 'node-2025-03-04T05-06-07Z.json')), defaults.out);

  const quick = parseOptions(['--quick']);
  assert.equal(quick.mode, 'blocks');
  assert.deepEqual(quick.looks, BLOCKS.quick.looks);
  assert.ok(quick.maxMB < defaults.maxMB);

  const given = parseOptions(['--looks', '10,6,6', '--budget-minutes', '2.5', '--strategies', 'typed,val']);
  assert.deepEqual(given.looks, [6, 10], 'sorted, without repeats');
  assert.equal(given.budgetSeconds, 150);
  assert.deepEqual(given.strategies, ['typed', 'val']);

  assertUsageError(bench('--looks', '6,x'), /--looks: 'x' is not valid \(accepted: an integer >= 1/);
  assertUsageError(bench('--budget-minutes', '0'), /--budget-minutes: '0' is not valid/);
  assertUsageError(bench('--sweep', '--looks', '6'), /--looks is an option of the block protocol/);
  assertUsageError(bench('--sweep', '--limits'), /--sweep and --limits contradict each other/);
  assertUsageError(
    bench('--limits', '--budget-minutes', '3'),
    /--budget-minutes is an option of the block protocol/,
  );
});

test('--no-addon is recorded in the header and kept by --resume', () => {
  assert.equal(parseOptions([]).addon, true);
  assert.equal(parseOptions(['--no-addon']).addon, false);
  const given = { resume: 'run.json', loader: DEFAULTS.loader };
  const protocol = { codecs: ['raw'], strategies: ['typed'], repetitions: 3, warmup: 1 };
  assert.equal(optionsFromProtocol({ ...protocol, addon: false }, given).addon, false);
  assert.equal(optionsFromProtocol({ ...protocol, addon: true }, given).addon, true);
  // A file from before the field: the addon ran whenever it was built.
  assert.equal(optionsFromProtocol(protocol, given).addon, true);
  // A test's loader stands in for the wasm build: no addon.
  assert.equal(
    optionsFromProtocol({ ...protocol, addon: true }, { ...given, loader: '/tmp/fake.mjs' }).addon,
    false,
  );
});

test("--resume takes back the options of the workload's kind, as the options table declares them", () => {
  const given = { resume: 'run.json', loader: DEFAULTS.loader };
  const protocol = { codecs: ['raw'], strategies: ['typed'], repetitions: 3, warmup: 1 };
  const sizes = { ...protocol, minMB: 0.5, maxMB: 8, stepsPerDecade: 4, minWarmupMs: 0 };
  const tuples = optionsFromProtocol(sizes, given);
  assert.deepEqual([tuples.minMB, tuples.maxMB, tuples.perDecade, tuples.minWarmupMs], [0.5, 8, 4, 0]);
  assert.equal(tuples.records, undefined, 'no option of another kind');
  const limits = optionsFromProtocol({ ...sizes, mode: 'limits', stepsPerDecade: undefined }, given);
  assert.equal(limits.perDecade, LIMITS.perDecade, "a file without the field: the mode's default");
  // A per-call run: its records (all of them in a file from before the field) and min ms per repetition.
  const messages = workloadInfo('messages');
  const calls = optionsFromProtocol({ ...protocol, minRepMs: 20 }, given, 'messages');
  assert.deepEqual([calls.records, calls.minRepMs], [[...messages.records], 20]);
  assert.equal(calls.minWarmupMs, undefined);
  // Data sets, and a user's documents read again and checked against what the file recorded.
  const documents = [{ id: 'user:a.json', file: '/tmp/a.json', fileBytes: 2, documentChecksum: 'x' }];
  const sets = optionsFromProtocol({ ...protocol, datasets: ['geo-110m'], documents }, given, 'documents');
  assert.deepEqual(sets.datasets, ['geo-110m']);
  assert.deepEqual(sets.documents, [{ id: 'user:a.json', file: '/tmp/a.json' }]);
  assert.deepEqual(sets.recordedDocuments, documents);
  assert.deepEqual(optionsFromProtocol(protocol, given, 'documents').documents, []);
});

test('--records takes records and record sets: small-values is six records; an unknown name is refused', () => {
  const records = (...args) => parseOptions(['--workload', 'messages', ...args]).records;
  // The default run measures the answer's record; a sweep, the eight records it had before the small objects.
  assert.deepEqual(records(), ['record']);
  assert.deepEqual(records('--sweep'), [
    'bool',
    'int',
    'double',
    'string',
    'array',
    'nested',
    'record',
    'binary',
  ]);
  assert.deepEqual(records('--records', 'small-values'), [
    'bool',
    'int',
    'string',
    'object1',
    'object2',
    'object3',
  ]);
  // A set expands in place, without repeating a record named beside it.
  assert.deepEqual(records('--records', 'object2,small-values,record'), [
    'object2',
    'bool',
    'int',
    'string',
    'object1',
    'object3',
    'record',
  ]);
  assertUsageError(
    bench('--workload', 'messages', '--records', 'small-value'),
    /--records: unknown value 'small-value' \(accepted: bool, .*, object3, small-values\)/,
  );
  assertUsageError(
    bench('--workload', 'messages', '--records', 'object4'),
    /--records: unknown value 'object4'/,
  );
});
