// The messages measurement (src/workloads/messages/measure.mjs), its rows in the
// results schema and its tables, with the real JSON baseline and fake paths.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { decodeTaggedJson, encodeTaggedJson } from './tagged-json.mjs';
import * as jsonBaseline from '../../src/workloads/messages/json-path.mjs';
import {
  MESSAGE_OPERATIONS,
  boundaryShare,
  createWasmMessagePath,
  messageJsonBytes,
} from '../../src/workloads/messages/measure.mjs';
import { repetitionTimer } from '../../src/workloads/messages/calls.mjs';
import { measureMessageBlock } from '../../src/workloads/messages/block.mjs';
import { MESSAGE_NAMES, makeMessage } from '../../src/workloads/messages/records.mjs';
import { buildHeader, protocolHeader, resultsDocument, runHeader } from '../../src/harness/results.mjs';
import { viewText } from '../../src/report/table-view.mjs';
import {
  messageFloorTable,
  messageRecordTables,
  messageSummaryByPath,
  messageView,
} from '../../src/workloads/messages/view.mjs';
import { createResultsValidator } from '../../src/harness/validate.mjs';
import { loadWasmCodec } from './messages-fake-loader.mjs';
import { resultsSchema } from '../../src/workload-folders.mjs';

const schema = await resultsSchema();
const validate = createResultsValidator(schema);
const noJsonMessagePath =
  typeof jsonBaseline.createJsonMessagePath === 'function'
    ? false
    : 'src/workloads/messages/json-path.mjs has no createJsonMessagePath yet';

// Tiny timings: these tests check behaviour, never speed.
const QUICK = { minRepMs: 0.2, warmup: 1, repetitions: 2 };

// `path` alone in a block on `record`, as a sweep's block measures a path
// (every operation): its row.
async function measureAlone(path, { record }) {
  const [row] = await measureMessageBlock(
    {
      block: `messages@${record}`,
      process: 0,
      batch: 'b',
      record,
      members: [{ subject: path, label: path.codec }],
      rounds: QUICK.repetitions,
      warmup: QUICK.warmup,
      minRepMs: QUICK.minRepMs,
      operations: MESSAGE_OPERATIONS,
    },
    { place: 'node', loadPath: async () => ({ subject: path }) },
  );
  return row;
}

function messagesDocument(rows, protocol = {}) {
  const run = runHeader({
    place: 'node',
    workload: 'messages',
    date: new Date('2026-01-02T03:04:05Z'),
    machine: { os: 'Linux', arch: 'x64', cpus: 2 },
    runtime: { name: 'node', version: 'v20.0.0', v8: '11.3' },
    build: buildHeader(null),
    protocol: protocolHeader({ warmup: 1, repetitions: 2, records: ['bool'], minRepMs: 0.2, ...protocol }),
  });
  return resultsDocument(run, rows);
}

// A message path over a codec that writes tagged JSON; `decode` can be
// swapped to misbehave.
function fakePath({ decodeHook = (value) => value, forRecord, ...meta } = {}) {
  const encode = encodeTaggedJson;
  const decode = decodeTaggedJson;
  return {
    codec: 'fake',
    impl: 'js',
    interop: 'js',
    library: 'fake 1.0.0',
    ...meta,
    forRecord: forRecord ?? (() => ({ encode, decode: (bytes) => decodeHook(decode(bytes)) })),
  };
}

// `warmup` untimed repetitions of `call`, then `repetitions` timed ones: opsStats.
function timeCalls(call, { minRepMs, warmup, repetitions, env }) {
  const timer = repetitionTimer(call, { minRepMs, env });
  for (let i = 0; i < warmup; i++) timer.warm();
  for (let i = 0; i < repetitions; i++) timer.time();
  return timer.stats();
}

test('repetitionTimer: calls per repetition double until a repetition takes minRepMs; ops/s from the clock', () => {
  // A fake clock that advances 1 µs per call: 1 ms needs 1000 calls, so 1024.
  let clock = 0;
  let gcs = 0;
  const env = { now: () => clock, gc: () => gcs++ };
  const stats = timeCalls(() => (clock += 0.001), { minRepMs: 1, warmup: 2, repetitions: 5, env });
  assert.equal(stats.callsPerRep, 1024);
  assert.equal(stats.opsPerSec.n, 5);
  assert.ok(Math.abs(stats.opsPerSec.median - 1e6) < 1e-3, `${stats.opsPerSec.median}`);
  assert.ok(Math.abs(stats.nsPerOp - 1000) < 1e-6);
  assert.equal(stats.opsPerSec.mad < 1e-3, true);
  assert.equal(gcs, 1 + 5, 'a GC before calibrating and before each timed repetition');

  // A first call far slower than the rest (a cold JIT) stops calibration
  // early; the warm-up doubles again until a repetition is long enough.
  clock = 0;
  let calls = 0;
  const cold = timeCalls(() => (clock += calls++ === 0 ? 5 : 0.001), {
    minRepMs: 1,
    warmup: 12,
    repetitions: 1,
    env,
  });
  assert.equal(cold.callsPerRep, 1024);
});

test(
  'messageJsonBytes is the UTF-8 size of the JSON baseline text of every record',
  { skip: noJsonMessagePath },
  () => {
    for (const name of MESSAGE_NAMES) {
      const text = JSON.stringify(jsonBaseline.toJsonValue(name, makeMessage(name)));
      assert.equal(messageJsonBytes(makeMessage(name)), Buffer.byteLength(text, 'utf8'), name);
    }
    assert.equal(messageJsonBytes({ value: true }), '{"value":true}'.length);
  },
);

test(
  'the JSON baseline measures every record ok, and its rows validate',
  { skip: noJsonMessagePath },
  async () => {
    const rows = [];
    for (const record of MESSAGE_NAMES) {
      const row = await measureAlone(jsonBaseline.createJsonMessagePath(), { record });
      assert.equal(row.status, 'ok', `${record}: ${row.error}`);
      assert.equal(row.record, record);
      assert.equal(row.operations, undefined, 'every operation timed');
      assert.equal(row.encodedBytes, row.jsonBytes, 'the baseline writes the JSON text itself');
      for (const operation of ['encode', 'decode', 'roundTrip']) {
        assert.equal(row[operation].opsPerSec.n, QUICK.repetitions);
        assert.ok(row[operation].opsPerSec.median > 0 && row[operation].callsPerRep >= 1);
      }
      rows.push(row);
    }
    assert.deepEqual(validate(messagesDocument(rows)), { valid: true });
  },
);

test('a path that loses data, throws, or cannot hold a record gives a failed row naming why', async () => {
  const context = { record: 'record' };
  const wrong = await measureAlone(
    fakePath({ decodeHook: (value) => ({ ...value, createdAt: new Date(0) }) }),
    context,
  );
  assert.equal(wrong.status, 'failed');
  assert.match(
    wrong.error,
    /^verify: decoded record differs: \$\.createdAt: expected 2026-11-30T12:34:56\.789Z/,
  );

  const cannot = await measureAlone(
    fakePath({
      forRecord: (name) => {
        throw new Error(`fake: cannot represent the Date of record "${name}"`);
      },
    }),
    context,
  );
  assert.equal(cannot.error, 'fake: cannot represent the Date of record "record"');

  // Right at first, wrong later: the check after the timed decodes catches it.
  let decodes = 0;
  const drifting = await measureAlone(
    fakePath({ decodeHook: (value) => (++decodes > 3 ? { ...value, id: 0 } : value) }),
    context,
  );
  assert.match(
    drifting.error,
    /^verify after decode: decoded record differs: \$\.id: expected 123456789, got 0/,
  );
  for (const row of [wrong, cannot, drifting])
    assert.deepEqual(validate(messagesDocument([row])), { valid: true });

  const notOffered = await measureAlone(
    { ...fakePath(), notApplicable: (name) => (name === 'record' ? 'fake: no Date' : undefined) },
    context,
  );
  assert.deepEqual(
    { status: notOffered.status, reason: notOffered.reason },
    { status: 'n/a', reason: 'fake: no Date' },
  );
});

test('boundaryShare = floor ns/op / path ns/op, capped at 1, only for ok rows', () => {
  const ops = (nsPerOp) => ({ opsPerSec: { median: 1e9 / nsPerOp }, nsPerOp, callsPerRep: 1 });
  const path = { status: 'ok', encode: ops(200), decode: ops(400) };
  assert.deepEqual(boundaryShare(path, { status: 'ok', encode: ops(50), decode: ops(500) }), {
    encode: 0.25,
    decode: 1,
  });
  assert.equal(boundaryShare(path, { status: 'failed' }), undefined);
});

test('a sweep block of a wasm path: baseline, path with its boundary share, floor; n/a for embind; the empty call in the last', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'wcb-messages-'));
  writeFileSync(join(dir, 'fake-build.json'), JSON.stringify({ msgpack: { mode: 'ok' } }));
  const codec = await loadWasmCodec('msgpack', { buildDir: dir });
  const rows = [];
  for (const record of ['int', 'binary']) {
    const job = {
      block: `messages@${record}/msgpack/embind`,
      process: 0,
      batch: 'msgpack/embind',
      record,
      members: [
        { reference: 'json', subject: { codec: 'json', impl: 'js', interop: 'js' }, label: 'json' },
        {
          codec: 'msgpack',
          strategy: 'embind',
          subject: { codec: 'msgpack', impl: 'cpp', interop: 'embind' },
        },
      ],
      rounds: QUICK.repetitions,
      warmup: QUICK.warmup,
      minRepMs: QUICK.minRepMs,
      operations: MESSAGE_OPERATIONS,
      floors: true,
      emptyCall: record === 'binary',
    };
    const loadPath = async ({ strategy }) => ({
      subject: createWasmMessagePath(codec, strategy),
      wasm: { codec, strategy },
    });
    rows.push(...(await measureMessageBlock(job, { place: 'node', loadPath })));
  }
  const shape = rows.map((row) => [row.record, row.codec, row.interop, row.variant ?? '', row.status]);
  assert.deepEqual(shape, [
    ['int', 'json', 'js', '', 'ok'],
    ['int', 'msgpack', 'embind', '', 'ok'],
    ['int', 'msgpack', 'embind', 'floor', 'ok'],
    ['binary', 'msgpack', 'embind', '', 'n/a'],
    ['binary', 'json', 'js', '', 'ok'],
    ['none', 'msgpack', 'call', 'floor', 'ok'],
  ]);
  const [, path, floor, notApplicable, , call] = rows;
  assert.deepEqual(path.boundaryShare, boundaryShare(path, floor));
  assert.ok(path.boundaryShare.encode >= 0 && path.boundaryShare.encode <= 1);
  assert.equal(floor.roundTrip, undefined, 'a floor has no round trip');
  assert.equal(path.library, 'fake-msgpack-messages 1.0', "the message codec's library");
  assert.match(notApplicable.reason, /record "binary" is not offered through embind/);
  assert.deepEqual(Object.keys(call).sort(), [
    'batch',
    'block',
    'codec',
    'encode',
    'impl',
    'interop',
    'library',
    'place',
    'process',
    'record',
    'status',
    'variant',
  ]);
  assert.deepEqual(validate(messagesDocument(rows)), { valid: true });
});

test('the schema keeps message rows and tuple rows apart', () => {
  const ops = { opsPerSec: { median: 10, min: 9, max: 11, mad: 1, n: 3 }, nsPerOp: 1e8, callsPerRep: 4 };
  const ok = {
    place: 'node',
    codec: 'json',
    impl: 'js',
    interop: 'js',
    record: 'bool',
    status: 'ok',
    encodedBytes: 14,
    jsonBytes: 14,
    encode: ops,
    decode: ops,
    roundTrip: ops,
  };
  assert.deepEqual(validate(messagesDocument([ok])), { valid: true });

  const { roundTrip, ...noRoundTrip } = ok;
  assert.ok(roundTrip);
  assert.equal(
    validate(messagesDocument([noRoundTrip])).text,
    "/rows/0: must have required property 'roundTrip'",
  );
  const floor = { ...noRoundTrip, impl: 'cpp', interop: 'val', variant: 'floor' };
  assert.deepEqual(validate(messagesDocument([floor])), { valid: true });
  const call = {
    place: 'node',
    codec: 'json',
    impl: 'cpp',
    interop: 'call',
    variant: 'floor',
    record: 'none',
    status: 'ok',
    encode: ops,
  };
  assert.deepEqual(validate(messagesDocument([call])), { valid: true });
  assert.equal(
    validate(messagesDocument([{ ...call, status: 'n/a' }])).text,
    "/rows/0: must have required property 'reason'",
  );
  assert.equal(validate(messagesDocument([{ ...ok, record: 'huge' }])).valid, false);
  assert.equal(
    validate(messagesDocument([{ ...ok, boundaryShare: { encode: 1.5, decode: 0 } }])).valid,
    false,
  );

  const noMinRep = messagesDocument([ok]);
  delete noMinRep.run.protocol.minRepMs;
  assert.equal(validate(noMinRep).text, "/run/protocol: must have required property 'minRepMs'");

  // A tuple row in a messages run, and a message row in a tuples run, are refused.
  const tupleRow = {
    place: 'node',
    codec: 'json',
    impl: 'js',
    interop: 'js',
    step: 0,
    items: 4,
    jsonBytes: 10,
    jsonMB: 0,
    status: 'failed',
    error: 'x',
  };
  assert.equal(validate(messagesDocument([tupleRow])).valid, false);
  const tuples = messagesDocument([ok]);
  tuples.run.workload = 'tuples';
  Object.assign(tuples.run.protocol, { minMB: 0.1, maxMB: 1 });
  assert.equal(validate(tuples).valid, false);
  tuples.rows = [tupleRow];
  assert.deepEqual(validate(tuples), { valid: true });
  assert.throws(() => runHeader({ place: 'node', workload: 'bytes' }), /unknown workload 'bytes'/);
});

test('the messages tables: per record, ratios against the same batch, floors, n/a, summary', () => {
  // Three repetitions within 1%: every ratio here is a verdict, not noise.
  const ops = (perSecond) => ({
    opsPerSec: {
      median: perSecond,
      min: perSecond * 0.99,
      max: perSecond * 1.01,
      mad: perSecond * 0.01,
      n: 3,
      samples: [0.99, 1, 1.01].map((factor) => perSecond * factor),
    },
    nsPerOp: 1e9 / perSecond,
    callsPerRep: 8,
  });
  const row = (fields, perSecond) => ({
    place: 'node',
    impl: 'cpp',
    status: 'ok',
    encodedBytes: 10,
    jsonBytes: 14,
    encode: ops(perSecond),
    decode: ops(perSecond / 2),
    roundTrip: ops(perSecond / 4),
    ...fields,
  });
  const json = (batch, perSecond) =>
    row(
      {
        codec: 'json',
        impl: 'js',
        interop: 'js',
        library: 'JSON.stringify/JSON.parse',
        batch,
        record: 'bool',
      },
      perSecond,
    );
  const rows = [
    json('msgpack/val', 4e6),
    {
      ...row({ codec: 'msgpack', interop: 'val', batch: 'msgpack/val', record: 'bool' }, 2e6),
      boundaryShare: { encode: 0.5, decode: 0.25 },
    },
    (({ roundTrip, ...floor }) => floor)(
      row({ codec: 'msgpack', interop: 'val', variant: 'floor', batch: 'msgpack/val', record: 'bool' }, 4e6),
    ),
    json('msgpack/embind', 1e6),
    row({ codec: 'msgpack', interop: 'embind', batch: 'msgpack/embind', record: 'bool' }, 2e6),
    {
      place: 'node',
      codec: 'msgpack',
      impl: 'cpp',
      interop: 'embind',
      batch: 'msgpack/embind',
      record: 'binary',
      status: 'n/a',
      reason: 'no Uint8Array',
    },
    {
      place: 'node',
      codec: 'msgpack',
      impl: 'cpp',
      interop: 'call',
      variant: 'floor',
      batch: 'msgpack/val',
      record: 'none',
      status: 'ok',
      encode: ops(2e8),
    },
  ];
  const [bool, binary] = messageRecordTables(rows);
  assert.equal(bool.title, 'record "bool" (JSON 14 B)');
  assert.deepEqual(bool.lines[0].slice(0, 5), ['json (js) x2', '10 B', '2.50 M/s', '1.25 M/s', '625 k/s']);
  const val = bool.lines.find((line) => line[0] === 'msgpack/val');
  // Against the JSON of its own batch: 2e6 / 4e6.
  assert.deepEqual(val.slice(2, 13), [
    '2.00 M/s',
    '1.00 M/s',
    '500 k/s',
    '500',
    '1000',
    '2000',
    '0.50x',
    '0.50x',
    '0.50x',
    '50%',
    '25%',
  ]);
  const embind = bool.lines.find((line) => line[0] === 'msgpack/embind');
  assert.deepEqual(embind.slice(8, 11), ['2.00x', '2.00x', '2.00x']);
  // Without samples (an older file) the ratio has no verdict: marked "?".
  const bare = rows.map((r) =>
    r.encode
      ? { ...r, encode: { ...r.encode, opsPerSec: { ...r.encode.opsPerSec, samples: undefined } } }
      : r,
  );
  const bareVal = messageRecordTables(bare)[0].lines.find((line) => line[0] === 'msgpack/val');
  assert.equal(bareVal[8], '0.50x?');
  // Within the spread: the same ops/s as its baseline is "~1.00x".
  const same = rows.map((r) =>
    r.batch === 'msgpack/val' && r.codec === 'msgpack' ? { ...r, encode: ops(4e6) } : r,
  );
  const sameVal = messageRecordTables(same)[0].lines.find((line) => line[0] === 'msgpack/val');
  assert.equal(sameVal[8], '~1.00x');
  assert.ok(bool.lines.some((line) => line[0] === 'msgpack/val [floor]'));
  assert.deepEqual(binary.lines, [{ label: 'msgpack/embind', text: 'n/a: no Uint8Array' }]);
  assert.deepEqual(messageFloorTable(rows).lines, [['msgpack', '200 M/s', '5.00', '1']]);
  const summary = messageSummaryByPath(rows);
  assert.deepEqual(
    summary.map(({ label, ok, notApplicable, failed, ratio }) => [
      label,
      ok,
      notApplicable,
      failed,
      ratio.encode,
    ]),
    [
      ['msgpack/val', 1, 0, 0, 0.5],
      ['msgpack/embind', 1, 1, 0, 2],
    ],
  );
  const text = viewText(messageView(rows));
  assert.match(text, /Per-call floor/);
  assert.match(text, /^msgpack\/embind\s+n\/a: no Uint8Array$/m);
});
