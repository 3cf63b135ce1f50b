// `npm run bench:node -- --workload messages` with fake wasm codecs and fake
// JS libraries that misbehave on purpose (every failure is a row with its
// reason, the run goes on, the file validates), its options, --resume, and a
// tiny run on the real build when it has message codecs.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as jsonBaseline from '../../src/workloads/messages/json-path.mjs';
import * as peerRegistry from '../../src/harness/peers.mjs';
import { createResultsValidator } from '../../src/harness/validate.mjs';
import { parseOptions, resolveCodecs } from '../../node/cli.mjs';
import { resultsSchema } from '../../src/workload-folders.mjs';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const BENCH = join(ROOT, 'node', 'bench.mjs');
const FAKE_LOADER = fileURLToPath(new URL('./messages-fake-loader.mjs', import.meta.url));
const FAKE_REGISTRY = fileURLToPath(new URL('./messages-fake-registry.mjs', import.meta.url));
const schema = await resultsSchema();
const validate = createResultsValidator(schema);
const noJsonMessagePath =
  typeof jsonBaseline.createJsonMessagePath === 'function'
    ? false
    : 'src/workloads/messages/json-path.mjs has no createJsonMessagePath yet';
const TINY = [
  '--workload',
  'messages',
  '--sweep',
  '--repetitions',
  '2',
  '--warmup',
  '1',
  '--min-rep-ms',
  '0.5',
];

function bench(args, timeout = 120_000) {
  return spawnSync(process.execPath, [BENCH, ...args], { encoding: 'utf8', timeout });
}

function runFake(config, ...args) {
  const dir = mkdtempSync(join(tmpdir(), 'wcb-messages-run-'));
  writeFileSync(join(dir, 'fake-build.json'), JSON.stringify(config));
  const out = join(dir, 'results.json');
  const result = bench([
    ...TINY,
    '--build-dir',
    dir,
    '--loader',
    FAKE_LOADER,
    '--peer-registry',
    FAKE_REGISTRY,
    '--out',
    out,
    ...args,
  ]);
  return { result, out, dir, document: JSON.parse(readFileSync(out, 'utf8')) };
}

const find = (rows, { batch, codec, interop, variant, record }) =>
  rows.filter(
    (row) =>
      (batch === undefined || row.batch === batch) &&
      (codec === undefined || row.codec === codec) &&
      (interop === undefined || row.interop === interop) &&
      row.variant === variant &&
      (record === undefined || row.record === record),
  );

test(
  'every failure is a row with its reason, the run goes on and the results validate',
  { skip: noJsonMessagePath, timeout: 180_000 },
  () => {
    const { result, document } = runFake(
      {
        json: { mode: 'ok' },
        msgpack: { mode: 'wrong', record: 'int' },
        protobuf: { mode: 'crash', record: 'int' },
        flatbuffers: { mode: 'no-messages' },
      },
      '--records',
      'bool,int,binary',
    );
    assert.equal(result.status, 0, result.stderr);
    assert.deepEqual(validate(document), { valid: true });
    const { run, rows } = document;
    assert.equal(run.workload, 'messages');
    assert.equal(run.finished, true);
    assert.deepEqual(run.protocol.records, ['bool', 'int', 'binary']);
    assert.equal(run.protocol.minRepMs, 0.5);
    assert.equal(run.protocol.repetitions, 2);
    assert.deepEqual(run.protocol.strategies, ['val', 'embind', 'tagged']);
    assert.deepEqual(run.protocol.peers, ['fake-json', 'fake-no-binary']);
    assert.equal(run.protocol.minMB, undefined);
    assert.equal(run.protocol.isolation, 'process-per-block');

    // A block (one process) per record of each (codec, strategy) and peer,
    // each with its own JSON baseline.
    const children = (batch) => result.stderr.split(` ${batch}: process 1\n`).length - 1;
    assert.equal(children('json/val'), 3);
    assert.equal(children('fake-json'), 3);
    assert.equal(children('flatbuffers/val'), 3);
    const batches = [...new Set(rows.map((row) => row.batch))];
    assert.deepEqual(batches, [
      'json/val',
      'json/embind',
      'json/tagged',
      'msgpack/val',
      'msgpack/embind',
      'msgpack/tagged',
      'protobuf/val',
      'protobuf/embind',
      'protobuf/tagged',
      'flatbuffers/val',
      'flatbuffers/embind',
      'flatbuffers/tagged',
      'fake-json',
      'fake-no-binary',
    ]);
    for (const batch of ['json/val', 'fake-json']) {
      assert.deepEqual(
        find(rows, { batch, codec: 'json', interop: 'js' }).map((row) => [row.record, row.status]),
        [
          ['bool', 'ok'],
          ['int', 'ok'],
          ['binary', 'ok'],
        ],
        batch,
      );
    }
    // A crash takes its block's process with it: the JSON measured beside protobuf on int too.
    assert.deepEqual(
      find(rows, { batch: 'protobuf/val', codec: 'json', interop: 'js' }).map((row) => [
        row.record,
        row.status,
      ]),
      [
        ['bool', 'ok'],
        ['int', 'failed'],
        ['binary', 'ok'],
      ],
    );

    // json: all ok; the val path has a floor and a boundary share per record, one empty call.
    for (const record of ['bool', 'int', 'binary']) {
      const [path] = find(rows, { batch: 'json/val', codec: 'json', interop: 'val', record });
      assert.equal(path.status, 'ok');
      assert.ok(path.roundTrip.opsPerSec.median > 0);
      assert.ok(path.boundaryShare.encode >= 0 && path.boundaryShare.decode <= 1);
      assert.equal(find(rows, { batch: 'json/val', interop: 'val', variant: 'floor', record }).length, 1);
    }
    assert.equal(
      find(rows, { batch: 'json/val', interop: 'call', variant: 'floor', record: 'none' }).length,
      1,
    );
    // embind does not offer binary: n/a, no floor.
    const [embindBinary] = find(rows, { batch: 'json/embind', interop: 'embind', record: 'binary' });
    assert.equal(embindBinary.status, 'n/a');
    assert.equal(find(rows, { batch: 'json/embind', variant: 'floor', record: 'binary' }).length, 0);

    // msgpack decodes int wrongly: failed with the difference, the other records ok.
    const msgpack = find(rows, { batch: 'msgpack/val', interop: 'val' });
    assert.deepEqual(
      msgpack.map((row) => [row.record, row.status]),
      [
        ['bool', 'ok'],
        ['int', 'failed'],
        ['binary', 'ok'],
      ],
    );
    assert.match(
      msgpack[1].error,
      /^verify: decoded record differs: \$: expected keys value, got extra, value$/,
    );

    // protobuf kills its process on int: that record failed, a new process measured binary.
    const protobuf = find(rows, { batch: 'protobuf/val', interop: 'val' });
    assert.deepEqual(
      protobuf.map((row) => [row.record, row.status]),
      [
        ['bool', 'ok'],
        ['int', 'failed'],
        ['binary', 'ok'],
      ],
    );
    assert.match(protobuf[1].error, /^child process crashed \(killed by SIGKILL\)/);

    // flatbuffers has no message codec: failed rows that say so, for each record.
    const flatbuffers = find(rows, { batch: 'flatbuffers/val', codec: 'flatbuffers', interop: 'val' });
    assert.equal(flatbuffers.length, 3);
    assert.ok(
      flatbuffers.every((row) => /^load: flatbuffers: the module has no message codec/.test(row.error)),
    );

    // A peer that cannot hold binary data: a failed row with its message.
    const [noBinary] = find(rows, {
      batch: 'fake-no-binary',
      interop: 'js',
      codec: 'fake',
      record: 'binary',
    });
    assert.equal(noBinary.error, 'fake-no-binary: cannot represent the Uint8Array of record "binary"');

    // The console tables: a block per record, the per-call floor, the summary.
    for (const record of ['bool', 'int', 'binary'])
      assert.match(result.stdout, new RegExp(`^record "${record}"`, 'm'));
    assert.match(result.stdout, /^json\/val\s+\d+ B\s+[\d.]+ [kM]?\/?s?/m);
    assert.match(result.stdout, /^json\/embind\s+n\/a: /m);
    assert.match(result.stdout, /^Per-call floor/m);
    assert.match(result.stdout, /^Summary over records/m);
  },
);

test(
  '--resume measures again only the batches left unfinished',
  { skip: noJsonMessagePath, timeout: 180_000 },
  () => {
    const { result, out, dir, document } = runFake(
      { json: { mode: 'ok' }, msgpack: { mode: 'ok' } },
      '--codecs',
      'json,msgpack',
      '--strategies',
      'val',
      '--no-peers',
      '--records',
      'bool,nested',
    );
    assert.equal(result.status, 0, result.stderr);
    // As if interrupted during msgpack/val's nested record.
    const kept = document.rows.filter((row) => !(row.batch === 'msgpack/val' && row.record !== 'bool'));
    writeFileSync(
      out,
      JSON.stringify({ ...document, run: { ...document.run, finished: false }, rows: kept }),
    );
    const resumed = bench([
      '--resume',
      out,
      '--build-dir',
      dir,
      '--loader',
      FAKE_LOADER,
      '--peer-registry',
      FAKE_REGISTRY,
    ]);
    assert.equal(resumed.status, 0, resumed.stderr);
    assert.match(resumed.stderr, /record bool json\/val: 1 process\(es\) kept from the resumed file/);
    assert.match(resumed.stderr, /record nested json\/val: 1 process\(es\) kept from the resumed file/);
    assert.match(resumed.stderr, /record nested msgpack\/val: process 1\n/);
    assert.doesNotMatch(resumed.stderr, /record bool msgpack\/val: process 1\n/);
    const after = JSON.parse(readFileSync(out, 'utf8'));
    assert.deepEqual(validate(after), { valid: true });
    assert.equal(after.run.finished, true);
    assert.equal(after.run.resumedAt.length, 1);
    assert.deepEqual(
      after.rows.filter((row) => row.batch === 'json/val'),
      document.rows.filter((row) => row.batch === 'json/val'),
      'finished batches are kept as they were',
    );
    const msgpack = after.rows.filter((row) => row.batch === 'msgpack/val');
    assert.deepEqual(
      msgpack
        .map((row) => `${row.record} ${row.codec}/${row.interop}${row.variant ? ` [${row.variant}]` : ''}`)
        .sort(),
      [
        'bool json/js',
        'bool msgpack/val',
        'bool msgpack/val [floor]',
        'nested json/js',
        'nested msgpack/val',
        'nested msgpack/val [floor]',
        'none msgpack/call [floor]',
      ],
    );
  },
);

test('messages options: defaults, lists and what does not go with the workload', () => {
  const options = parseOptions(['--workload', 'messages', '--sweep'], {
    now: new Date('2026-01-02T03:04:05Z'),
  });
  assert.equal(options.workload, 'messages');
  // Without --sweep, the block protocol: the answer's record, the tagged strategy.
  const blocks = parseOptions(['--workload', 'messages']);
  assert.equal(blocks.mode, 'blocks');
  assert.deepEqual(blocks.strategies, ['tagged']);
  assert.deepEqual(blocks.records, ['record']);
  // The codecs the build's catalog declares for the workload.
  const info = {
    catalog: {
      workloads: ['tuples', 'messages'],
      codecs: [
        { name: 'raw', workloads: ['tuples'] },
        { name: 'json', workloads: ['tuples', 'messages'] },
        { name: 'msgpack', workloads: ['tuples', 'messages'] },
      ],
    },
  };
  assert.deepEqual(resolveCodecs(options, info).codecs, ['json', 'msgpack']);
  assert.deepEqual(options.strategies, ['val', 'embind', 'tagged']);
  assert.deepEqual(options.records, [
    'bool',
    'int',
    'double',
    'string',
    'array',
    'nested',
    'record',
    'binary',
  ]);
  assert.equal(options.minRepMs, 10);
  assert.equal(options.repetitions, 7);
  assert.equal(options.warmup, 2);
  assert.ok(options.out.endsWith(join('results', 'node-messages-2026-01-02T03-04-05Z.json')), options.out);
  assert.deepEqual(parseOptions(['--workload', 'messages', '--records', 'int, bool,int']).records, [
    'int',
    'bool',
  ]);
  assert.equal(parseOptions([]).workload, 'tuples');

  const usage = (args, pattern) => {
    const result = bench(args, 60_000);
    assert.equal(result.status, 2, result.stderr);
    assert.match(result.stderr, pattern);
  };
  usage(
    ['--workload', 'bytes'],
    /--workload: unknown value 'bytes' \(accepted: tuples, messages, documents\)/,
  );
  usage(
    ['--workload', 'messages', '--records', 'bool,huge'],
    /--records: unknown value 'huge' \(accepted: bool, int,/,
  );
  usage(
    ['--workload', 'messages', '--strategies', 'typed'],
    /--strategies: unknown value 'typed' \(accepted: val, embind, tagged\)/,
  );
  usage(
    ['--workload', 'messages', '--codecs', 'raw'],
    /--codecs: unknown value 'raw' \(accepted: json, msgpack,/,
  );
  usage(
    ['--workload', 'messages', '--min-rep-ms', '0'],
    /--min-rep-ms: '0' is not valid \(accepted: a number > 0/,
  );
  usage(
    ['--workload', 'messages', '--max-mb', '3'],
    /--max-mb is an option of the tuples workload \(accepted with --workload messages: --records, --min-rep-ms, --repetitions, --warmup\)/,
  );
  usage(
    ['--records', 'bool'],
    /--records is an option of the messages workload \(accepted with --workload tuples: --min-mb, --max-mb, --per-decade, --repetitions, --warmup, --min-warmup-ms, --limits, --limits-max-mb\)/,
  );
});

// The real wasm build and the real peers, when they speak messages.
const BUILD_DIR = join(ROOT, 'build', 'wasm');
async function missingMessageBuild() {
  try {
    const { loadWasmCodec } = await import('../../node/load-wasm.mjs');
    const codec = await loadWasmCodec('json', { buildDir: BUILD_DIR, workload: 'messages' });
    return codec.messages ? false : 'build/wasm has no message codecs yet (bash scripts/build-wasm.sh)';
  } catch (error) {
    return `no wasm build: ${error.message}`;
  }
}
const noRealBuild = await missingMessageBuild();

test(
  'a tiny real run: json through val, embind and tagged, one record, and a JS library',
  { skip: noJsonMessagePath || noRealBuild, timeout: 180_000 },
  () => {
    const dir = mkdtempSync(join(tmpdir(), 'wcb-messages-real-'));
    const out = join(dir, 'results.json');
    const peers = typeof peerRegistry.loadPeerPath === 'function' ? ['--peers', 'msgpackr'] : ['--no-peers'];
    const result = bench([
      ...TINY,
      '--build-dir',
      BUILD_DIR,
      '--codecs',
      'json',
      '--records',
      'nested',
      ...peers,
      '--out',
      out,
    ]);
    assert.equal(result.status, 0, result.stderr);
    const document = JSON.parse(readFileSync(out, 'utf8'));
    assert.deepEqual(validate(document), { valid: true });
    const failed = document.rows.filter((row) => row.status !== 'ok');
    assert.deepEqual(failed, [], 'every row ok');
    for (const strategy of ['val', 'embind', 'tagged']) {
      const [path] = find(document.rows, { codec: 'json', interop: strategy, record: 'nested' });
      assert.ok(path.boundaryShare, `json/${strategy} has a boundary share`);
    }
    // The wasm modules' empty calls (the Node-API addon's, when built, say place node-addon).
    const wasmCalls = find(document.rows, { codec: 'json', interop: 'call', variant: 'floor' });
    assert.equal(wasmCalls.filter((row) => row.place === 'node').length, 3);
  },
);

test('the block protocol with --compress gzip: each member measured per call compressed by node:zlib', () => {
  const dir = mkdtempSync(join(tmpdir(), 'wcb-messages-compress-'));
  writeFileSync(join(dir, 'fake-build.json'), JSON.stringify({ msgpack: { mode: 'ok' } }));
  const out = join(dir, 'results.json');
  const result = bench([
    ...['--workload', 'messages', '--records', 'record', '--codecs', 'msgpack', '--no-peers', '--no-addon'],
    ...['--compress', 'none,gzip', '--looks', '6', '--min-rep-ms', '0.5', '--repetitions', '2'],
    ...['--build-dir', dir, '--loader', FAKE_LOADER, '--out', out],
  ]);
  assert.equal(result.status, 0, result.stderr);
  const document = JSON.parse(readFileSync(out, 'utf8'));
  assert.deepEqual(validate(document), { valid: true });
  const compressed = document.rows.filter((row) => row.compression);
  assert.ok(compressed.length > 0, 'compressed members measured');
  assert.deepEqual(
    compressed.filter((row) => row.status !== 'ok').map((row) => row.error),
    [],
    'every compressed member measured',
  );
  for (const row of compressed) {
    assert.equal(row.compression.where, 'node:zlib');
    assert.equal(row.compression.format, 'gzip');
  }
  assert.deepEqual([...new Set(compressed.map((row) => `${row.codec}/${row.interop}`))].sort(), [
    'json/js',
    'msgpack/tagged',
  ]);
});
