// The whole cost (docs/startup-memory.md): start-up rows from a real short
// start-up run validate against the schema; the break-even size and the
// calls that repay the start-up, from results made with a known crossing;
// an answer without start-up or break-even files renders as before.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';

import { answerRows } from '../../src/report/answer-rows.mjs';
import { breakEven, crossingSize, startupComparison } from '../../src/report/whole-cost.mjs';
import { probeWebAssembly, startupVerdicts } from '../../src/harness/startup.mjs';
import { compareVerdicts } from '../../src/report/compare.mjs';
import { wholeCostSection } from '../../src/report/whole-cost-section.mjs';
import { createResultsValidator } from '../../src/harness/validate.mjs';
import { registerWorkloadFolders, resultsSchema } from '../../src/workload-folders.mjs';

await registerWorkloadFolders();
const validate = createResultsValidator(await resultsSchema());
const BENCH = fileURLToPath(new URL('../../node/bench.mjs', import.meta.url));

// A short start-up run of `workload` (json in wasm and avsc, one process each): its results and output.
function shortStartupRun(workload, ...more) {
  const out = join(mkdtempSync(join(tmpdir(), 'wcb-startup-')), 'startup.json');
  const args = ['--workload', workload, '--startup', '--quick', '--codecs', 'json', '--no-addon', ...more];
  const result = spawnSync(
    process.execPath,
    [BENCH, ...args, '--peers', 'avsc', '--looks', '1', '--out', out],
    {
      encoding: 'utf8',
      timeout: 180_000,
    },
  );
  assert.equal(result.status, 0, result.stderr);
  const document = JSON.parse(readFileSync(out, 'utf8'));
  assert.deepEqual(validate(document), { valid: true });
  return { result, document };
}

test('a start-up run: one start-up row per path and process, valid against the schema, with its phases', () => {
  const { result, document } = shortStartupRun('tuples');
  assert.equal(document.run.protocol.mode, 'startup');
  // --quick's two sizes, json/typed in wasm and avsc, one process each.
  assert.equal(document.rows.length, 4);
  for (const row of document.rows) {
    assert.equal(row.kind, 'startup');
    assert.equal(row.status, 'ok', row.error);
    const { startup, memory } = row;
    assert.ok(startup.readyMs > 0 && startup.calls.encode.firstMs > 0 && startup.calls.decode.warmMs > 0);
    assert.ok(memory.maxRssBytes > 10 * 2 ** 20, `${memory.maxRssBytes}`);
    if (row.impl === 'cpp') {
      // The module's bytes, compiled and instantiated, and its memory kept after the calls.
      assert.ok(startup.wasmBytes > 10_000 && startup.compileMs > 0 && startup.instantiateMs > 0);
      assert.ok(startup.readyMs >= startup.compileMs + startup.instantiateMs);
      assert.ok(memory.wasmHeapBytes >= row.unit.length);
    } else assert.equal(startup.compileMs, undefined);
  }
  assert.match(result.stdout, /Start-up at tuples@\d+/);
});

test("a per-call workload's start-up rows have its first calls and warm calls in ms per call", () => {
  const { document } = shortStartupRun('messages', '--records', 'record');
  assert.equal(document.rows.length, 2);
  for (const { status, error, startup } of document.rows) {
    assert.equal(status, 'ok', error);
    for (const operation of ['encode', 'decode']) {
      const { firstMs, warmMs } = startup.calls[operation];
      // One record's call: microseconds warm, and never a rate taken for a time.
      assert.ok(firstMs > 0 && warmMs > 0 && warmMs < 1, `${operation}: ${firstMs} ${warmMs}`);
    }
  }
});

test('the probe splits instantiate(bytes) into its compile and its instantiate, and counts the bytes', async () => {
  // The smallest module: the magic number and version, no sections.
  const bytes = new Uint8Array([0, 0x61, 0x73, 0x6d, 1, 0, 0, 0]);
  const wasm = {
    Module: WebAssembly.Module,
    compile: (b) => WebAssembly.compile(b),
    instantiate: (s, i) => WebAssembly.instantiate(s, i),
  };
  const tally = probeWebAssembly(wasm);
  const { module, instance } = await wasm.instantiate(bytes, {});
  assert.ok(module instanceof WebAssembly.Module && instance instanceof WebAssembly.Instance);
  assert.equal(tally.wasmBytes, 8);
  assert.equal(tally.modules, 1);
  assert.ok(tally.compileMs > 0 && tally.instantiateMs > 0);
});

const stats = (median) => ({ median, samples: [median] });
const WASM = { codec: 'msgpack', impl: 'cpp', interop: 'typed' };
const LIBRARY = { codec: 'avro', impl: 'js', interop: 'js', library: 'avsc 5.7.9' };
const JSON_ROW = { codec: 'json', impl: 'js', interop: 'js', library: 'JSON.stringify/JSON.parse' };
const RUNTIME = { name: 'node', version: 'v20.20.2', engine: 'V8', engineVersion: '11.3' };
const SETS = { encode: ['avro (avsc)'], decode: ['avro (avsc)'] };

// A Node tuples block run at `step` (`jsonBytes`): JSON 20 ms, avsc `library` ms, the wasm path `wasm(process)` ms.
function blockRun(step, jsonBytes, { wasm, library = 8, processes = 6 }) {
  const rows = [];
  for (let process = 0; process < processes; process++) {
    for (const [path, ms] of [
      [JSON_ROW, 20],
      [WASM, wasm(process)],
      [LIBRARY, library],
    ]) {
      const block = `tuples@${step}`;
      rows.push({ ...path, place: 'node', block, process, step, jsonBytes, status: 'ok' });
      Object.assign(rows.at(-1), { batch: `${block}#${process + 1}`, encode: stats(ms), decode: stats(ms) });
    }
  }
  const protocol = { mode: 'blocks', blocks: { fastest: SETS } };
  return {
    run: { place: 'node', workload: 'tuples', date: '2026-12-07T04:00:00.000Z', runtime: RUNTIME, protocol },
    rows,
  };
}

// A start-up run at the answer's unit: the wasm path ready in 60 ms, avsc in 20 ms; their
// few calls after the first (6 and 7 ms) are not as warm as a block run's (4 and 8 ms).
function startupFile(processes = 6) {
  const row = (path, process, readyMs, firstMs, warmMs) => ({
    kind: 'startup',
    ...path,
    place: 'node',
    unit: 'tuples@90',
    block: `tuples@90/${path.library ?? 'msgpack/typed'}`,
    process,
    status: 'ok',
    startup: {
      loadMs: readyMs / 2,
      readyMs,
      calls: { encode: { firstMs, warmMs }, decode: { firstMs, warmMs } },
    },
    memory: { jsHeapGrowthBytes: 4 * 2 ** 20, maxRssBytes: 150 * 2 ** 20 },
  });
  const rows = [];
  for (let process = 0; process < processes; process++)
    rows.push(row(WASM, process, 60 + process, 10, 6), row(LIBRARY, process, 20, 12, 7));
  const protocol = { mode: 'startup', blocks: { fastest: SETS } };
  return {
    run: { place: 'node', workload: 'tuples', date: '2026-12-07T04:00:00.000Z', runtime: RUNTIME, protocol },
    rows,
  };
}

test('the crossing through 1 is interpolated on log size and log ratio; above or below every size is said so', () => {
  const crossing = crossingSize([
    { size: 100_000, value: 0.8 },
    { size: 1_000_000, value: 1.2 },
  ]);
  // log10 s = 5 + log(1/0.8) / log(1.2/0.8) = 5.5503
  assert.ok(Math.abs(crossing.size - 10 ** 5.5503) < 50, `${crossing.size}`);
  assert.deepEqual(
    crossingSize([
      { size: 1, value: 1.1 },
      { size: 2, value: 1.3 },
    ]),
    { below: 1 },
  );
  assert.deepEqual(
    crossingSize([
      { size: 1, value: 1.1 },
      { size: 2, value: 0.9 },
    ]),
    { none: 2 },
  );
  // Crossing, falling back and crossing again: the last rise is the one it stays above.
  const values = [0.5, 1.2, 0.9, 1.5];
  const last = crossingSize(values.map((value, i) => ({ size: 10 ** i, value })));
  assert.ok(last.size > 100 && last.size < 1000);
});

test('the break-even size of a results file made with a known crossing, with its interval', () => {
  // The wasm path 0.8x avsc at 100 KB, 1.2x at 1 MB, and a spread of +-5% over processes.
  const spread = [1, 1.05, 0.95, 1.02, 0.98, 1];
  const small = blockRun(61, 100_000, { wasm: (p) => (8 / 0.8) * spread[p] });
  const large = blockRun(71, 1_000_000, { wasm: (p) => (8 / 1.2) * spread[p] });
  const found = breakEven([small, large], 'msgpack/typed', 'encode');
  assert.equal(found.points.length, 2);
  assert.ok(Math.abs(Math.log10(found.size) - 5.55) < 0.01, `${found.size}`);
  // The interval: where the ratios' upper bounds cross (earlier) and their lower bounds (later).
  assert.ok(found.earliest.size < found.size && found.size < found.latest.size);
});

test('an answer cell adds the start-up difference, the memory kept and where C++ pays off', () => {
  const answer = blockRun(90, 10_970_000, { wasm: () => 4 });
  const below = blockRun(71, 1_000_000, { wasm: () => 8 / 1.2 });
  const lower = blockRun(61, 100_000, { wasm: () => 8 / 0.8 });
  const startup = startupFile();
  const warm = { own: 4, other: 8 };
  const comparison = startupComparison(
    startup.rows,
    'tuples@90',
    'msgpack/typed',
    'avro (avsc)',
    'encode',
    warm,
  );
  // Start-up cost against the block run's warm calls: 60..65 + 10 - 4 against 20 + 12 - 8, 42..47 ms more.
  assert.equal(comparison.first.verdict, 'slower');
  assert.ok(comparison.cost.estimate > 42 && comparison.cost.estimate < 47);
  const [row] = answerRows([answer, below, lower, startup]);
  const cell = row[2];
  assert.match(cell, /^\*\*C\+\+\*\* msgpack\/typed 2\.00x \[2\.00, 2\.00\] over avsc; /);
  assert.match(
    cell,
    /start-up \+4\d\.\d ms \[4\d\.?\d*, 4\d\.?\d*\] vs avsc \(first result slower in 6\/6 processes, 0\.44x/,
  );
  assert.match(cell, /keeps JS heap 4\.00 MB, peak RSS 150 MB \(avsc: JS heap 4\.00 MB, peak RSS 150 MB\)/);
  // 44.5 ms of start-up over a saving of 4 ms per call at 10.5 MB: 12 calls.
  assert.match(cell, /pays off above 34\d KB \[34\d KB, 34\d KB\] per call, after 12 calls$/);
});

test('an answer without start-up or break-even files renders as before', () => {
  const [row] = answerRows([blockRun(90, 10_970_000, { wasm: () => 4 })]);
  assert.equal(row[2], '**C++** msgpack/typed 2.00x [2.00, 2.00] over avsc');
  assert.equal(row[3], '**C++** msgpack/typed 2.00x [2.00, 2.00] over avsc');
});

test('two start-up runs compare verdict by verdict, as block runs do (report --compare)', () => {
  const result = compareVerdicts(startupFile(), startupFile());
  // The wasm path's time to the first result against avsc's, encode and decode.
  assert.equal(result.compared, 2);
  assert.equal(result.agree, 2);
  assert.equal(result.flips.length, 0);
  const [verdict] = startupVerdicts(startupFile().rows);
  assert.equal(verdict.fastest.verdict, 'slower');
  assert.equal(verdict.fastest.closest, 'avro (avsc)');
});

test("the report keeps start-up files out of the workload's sections and gives them the whole cost's", () => {
  const answer = { file: 'node-tuples.json', document: blockRun(90, 10_970_000, { wasm: () => 4 }) };
  const startup = { file: 'node-tuples-startup.json', document: startupFile() };
  assert.deepEqual(wholeCostSection([answer]), { others: [answer] });
  const { others, section } = wholeCostSection([answer, startup]);
  assert.deepEqual(others, [answer]);
  assert.match(
    section.html,
    /<td>\*\*C\+\+\*\* msgpack\/typed 2\.00x \[2\.00, 2\.00\] over avsc; start-up \+44\.5 ms/,
  );
  assert.match(section.text, /node-tuples-startup\.json\nStart-up at tuples@90/);
});
