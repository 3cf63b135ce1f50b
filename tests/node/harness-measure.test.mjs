import { test } from 'node:test';
import assert from 'node:assert/strict';
import { TupleDataset } from '../../src/workloads/tuples/dataset.mjs';
import { createJsonBaselinePath, isJsonBaseline } from '../../src/harness/json-baseline.mjs';
import { MAX_WARMUP_ROUNDS } from '../../src/harness/block.mjs';
import { measurePath, gzipSizeWithCompressionStream } from '../../src/harness/payload-measure.mjs';
import { createWasmPath, pathLabel } from '../../src/harness/paths.mjs';
import { datasetAtSteps } from '../../src/workloads/tuples/block.mjs';
import { measureTupleBlock } from '../../src/workloads/tuples/block.mjs';

function payload(mb = 0.02) {
  const dataset = new TupleDataset();
  dataset.growToMB(mb);
  return { step: dataset.step(), items: dataset.items };
}

// A path that round-trips through JSON text and lets a test spoil one part.
function fakePath({ codec = 'fake', spoil = (items) => items, encodeThrows, decodeThrows, clock } = {}) {
  let encodes = 0;
  return {
    codec,
    impl: 'cpp',
    interop: 'typed',
    library: 'fake 1.0',
    encode(items) {
      if (encodeThrows) throw new Error(`${codec}: ${encodeThrows}`);
      encodes += 1;
      clock?.advance(encodes);
      const text = JSON.stringify(items);
      return {
        encoded: new TextEncoder().encode(text),
        phases: { marshalInMs: 1, codecMs: 0.5, bytesOutMs: 0.25 },
      };
    },
    decode(bytes) {
      if (decodeThrows) throw new Error(`${codec}: ${decodeThrows}`);
      clock?.advance(10);
      const items = spoil(JSON.parse(new TextDecoder().decode(bytes)));
      return { items, phases: { bytesInMs: 0.1, codecMs: 2, marshalOutMs: 3 } };
    },
    bytesOf: (bytes) => bytes,
    heapBytes: () => 131072,
  };
}

// A virtual clock: time moves only when a fake path says so.
function virtualClock() {
  let time = 0;
  return { now: () => time, advance: (ms) => (time += ms) };
}

// minWarmupMs 0: exactly `warmup` warm-up rounds, so the tests can count calls.
const context = (extra = {}) => ({
  place: 'node',
  warmup: 1,
  minWarmupMs: 0,
  repetitions: 5,
  ...payload(),
  ...extra,
});

test('a correct path gives an ok row with its stats, phases, sizes and memory', async () => {
  const clock = virtualClock();
  let gcCalls = 0;
  let pauses = 0;
  const env = {
    now: clock.now,
    gc: () => (gcCalls += 1),
    pause: async () => (pauses += 1),
    jsHeapUsed: () => 1000,
  };
  const { step, items } = payload();
  const row = await measurePath(fakePath({ clock }), { ...context(), step, items, batch: 'fake/typed', env });

  assert.equal(row.status, 'ok', row.error);
  assert.equal(row.codec, 'fake');
  assert.equal(row.batch, 'fake/typed');
  assert.equal(row.step, step.index);
  assert.equal(row.items, items.length);
  assert.equal(row.jsonBytes, step.jsonBytes);
  assert.equal(row.encodedBytes, JSON.stringify(items).length);
  assert.ok(row.gzipBytes > 0 && row.gzipBytes < row.encodedBytes, `gzip ${row.gzipBytes}`);
  // Encodes 1 (verify) and 2 (warm-up) are untimed; the timed ones advance the clock by 3..7 ms.
  assert.deepEqual(row.encode.samples, [3, 4, 5, 6, 7]);
  assert.equal(row.encode.median, 5);
  assert.equal(row.encode.min, 3);
  assert.equal(row.encode.max, 7);
  assert.equal(row.encode.n, 5);
  assert.equal(row.decode.median, 10);
  assert.equal(row.decode.mad, 0);
  assert.deepEqual(row.encodePhases, { marshalInMs: 1, codecMs: 0.5, bytesOutMs: 0.25 });
  assert.deepEqual(row.decodePhases, { bytesInMs: 0.1, codecMs: 2, marshalOutMs: 3 });
  assert.deepEqual(row.memory, { wasmHeapBytes: 131072, jsHeapGrowthBytes: 0 });
  assert.ok(gcCalls >= 10, `gc before every timed operation (${gcCalls} calls)`);
  assert.ok(pauses >= 10, `pause between operations (${pauses} calls)`);
});

test('the warm-up goes on until it has lasted minWarmupMs (at most MAX_WARMUP_ROUNDS rounds)', async () => {
  const run = async (minWarmupMs, warmup = 1) => {
    const clock = virtualClock();
    const path = fakePath({ clock });
    let encodes = 0;
    const encode = path.encode.bind(path);
    path.encode = (items) => ((encodes += 1), encode(items));
    const row = await measurePath(path, { ...context({ minWarmupMs, warmup }), env: { now: clock.now } });
    assert.equal(row.status, 'ok', row.error);
    return encodes - 1 - row.encode.n; // minus the verifying encode and the timed ones
  };
  assert.equal(await run(0), 1);
  // Warm-up round k advances the clock by k + 1 (its encode, the verifying
  // one being the first) + 10 (its decode) ms: 12, 13, 14, 15, 16; after
  // four rounds 54 ms < 60, after five 70.
  assert.equal(await run(60), 5);
  assert.equal(await run(1e9), MAX_WARMUP_ROUNDS);
  // --warmup 0 (the limits mode) means none at all.
  assert.equal(await run(1e9, 0), 0);
});

test('a path that returns wrong items is failed with the reason, never timed', async () => {
  const spoilLast = (items) => {
    items.at(-1).z += 1e-9;
    return items;
  };
  const row = await measurePath(fakePath({ spoil: spoilLast }), context());
  assert.equal(row.status, 'failed');
  assert.match(
    row.error,
    /^verify: decoded items differ from the input: checksum 0x[0-9a-f]{8}, expected 0x/,
  );
  assert.equal(row.encode, undefined);
  assert.equal(row.decode, undefined);

  const lost = await measurePath(fakePath({ spoil: (items) => items.slice(1) }), context());
  assert.equal(lost.status, 'failed');
  assert.match(lost.error, /decoded \d+ items, expected \d+/);

  const notArray = await measurePath(fakePath({ spoil: () => ({}) }), context());
  assert.match(notArray.error, /not an array/);
});

test('a throwing path is failed with its error, naming the stage and the codec', async () => {
  const encodeRow = await measurePath(
    fakePath({ codec: 'msgpack', encodeThrows: 'out of memory' }),
    context(),
  );
  assert.equal(encodeRow.status, 'failed');
  assert.equal(encodeRow.error, 'encode: msgpack: out of memory');

  const decodeRow = await measurePath(
    fakePath({ codec: 'protobuf', decodeThrows: 'truncated input' }),
    context(),
  );
  assert.equal(decodeRow.status, 'failed');
  assert.equal(decodeRow.error, 'decode: protobuf: truncated input');
  assert.equal(decodeRow.place, 'node');
  assert.equal(decodeRow.interop, 'typed');
});

test('a path whose later runs go wrong is failed too', async () => {
  const path = fakePath();
  let decodes = 0;
  const decode = path.decode.bind(path);
  path.decode = (bytes) => {
    decodes += 1;
    const result = decode(bytes);
    if (decodes === 4) result.items.pop();
    return result;
  };
  const row = await measurePath(path, context());
  assert.equal(row.status, 'failed');
  assert.match(row.error, /^timed decode \d: decoded \d+ items, expected \d+/);
});

test('the JSON baseline verifies and its encoded size is the JSON payload size', async () => {
  const { step, items } = payload(0.05);
  const baseline = createJsonBaselinePath();
  assert.ok(isJsonBaseline(baseline));
  assert.equal(pathLabel(baseline), 'json (js)');
  const row = await measurePath(baseline, { place: 'node', step, items, warmup: 0, repetitions: 3 });
  assert.equal(row.status, 'ok', row.error);
  assert.equal(row.impl, 'js');
  assert.equal(row.interop, 'js');
  assert.equal(row.encodedBytes, step.jsonBytes);
  assert.equal(row.encode.n, 3);
  assert.ok(row.encode.min <= row.encode.median && row.encode.median <= row.encode.max);
  assert.equal(row.encodePhases, undefined);
  assert.equal(row.memory, undefined);
});

test('an aborted signal stops the measurement instead of giving a row', async () => {
  const controller = new AbortController();
  controller.abort(new Error('stopped by the user'));
  await assert.rejects(
    measurePath(fakePath(), context({ env: { signal: controller.signal } })),
    /stopped by the user/,
  );
});

test('a wasm codec is wrapped into one path per strategy', () => {
  const codec = {
    name: 'raw',
    libraryVersion: 'memcpy',
    strategies: ['val', 'embind', 'typed'],
    encode: (strategy, items) => ({ bytes: new Uint8Array([items.length, strategy.length]), phases: {} }),
    decode: (strategy, bytes) => ({ items: [bytes[0], strategy], phases: {} }),
    heapBytes: () => 65536,
  };
  const path = createWasmPath(codec, 'embind');
  assert.equal(pathLabel(path), 'raw/embind');
  assert.equal(path.impl, 'cpp');
  assert.equal(path.library, 'memcpy');
  const { encoded } = path.encode([1, 2, 3]);
  assert.deepEqual([...encoded], [3, 6]);
  assert.deepEqual(path.decode(encoded).items, [3, 'embind']);
  assert.throws(() => createWasmPath(codec, 'zero-copy'), /raw: unknown strategy 'zero-copy'/);
});

test('a block measures every member, a failed one out with its row, and what each keeps alive when asked', async () => {
  const [{ step }] = [...datasetAtSteps([10])];
  const loaded = { fake: fakePath({ decodeThrows: 'bad' }) };
  const job = (memory) => ({
    block: 'tuples@10',
    process: 0,
    batch: 'tuples@10#1',
    step,
    members: [
      { reference: 'json', subject: { codec: 'json', impl: 'js', interop: 'js' } },
      { codec: 'fake', strategy: 'typed', subject: { codec: 'fake', impl: 'cpp', interop: 'typed' } },
    ],
    rounds: 1,
    warmup: 0,
    sizes: true,
    memory,
  });
  let heap = 0;
  const env = { gzipSize: (bytes) => bytes.length, jsHeapUsed: () => (heap += 1000) };
  const loadPath = async (spec) => loaded[spec.codec];
  const rows = await measureTupleBlock(job(true), { place: 'browser', env, loadPath });
  assert.deepEqual(
    rows.map((row) => [row.step, row.codec, row.status, row.block, row.process]),
    [
      [10, 'json', 'ok', 'tuples@10', 0],
      [10, 'fake', 'failed', 'tuples@10', 0],
    ],
  );
  assert.equal(rows[0].memory.jsHeapGrowthBytes, 1000);
  const plain = await measureTupleBlock(job(false), { place: 'browser', env, loadPath });
  assert.equal(plain[0].memory, undefined);
});

test('gzip sizes from CompressionStream (the page default) equal zlib gzip (the Node runner)', async () => {
  const { gzipSync } = await import('node:zlib');
  const bytes = new TextEncoder().encode(JSON.stringify(payload(0.01).items));
  const size = await gzipSizeWithCompressionStream(bytes);
  assert.ok(size > 0 && size < bytes.length);
  assert.equal(size, gzipSync(bytes).length);
});
