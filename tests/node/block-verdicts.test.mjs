// A block run's verdicts from its rows alone (src/harness/block-verdicts.mjs),
// the stopping rule's question (blockDecided), and whether two runs agree
// (src/report/compare.mjs): synthetic rows whose ratios are known.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  againstJson,
  blockDecided,
  blockVerdicts,
  documentVerdicts,
} from '../../src/harness/block-verdicts.mjs';
import { compareVerdicts, renderVerdictComparison } from '../../src/report/compare.mjs';

const JSON_ROW = { codec: 'json', impl: 'js', interop: 'js', library: 'JSON.stringify/JSON.parse' };
const WASM = { codec: 'msgpack', impl: 'cpp', interop: 'typed' };
const LIB_A = { codec: 'avro', impl: 'js', interop: 'js', library: 'avsc 5.7.9' };
const LIB_B = { codec: 'protobuf', impl: 'js', interop: 'js', library: 'pbf 5.1.2' };
const SETS = { encode: ['avro (avsc)', 'protobuf (pbf)'], decode: ['avro (avsc)'] };

const stats = (median) => ({ median, samples: [median] });

/**
 * Rows of `processes` processes of one block: per process, JSON at 10 ms
 * per operation, the wasm path at `wasm(i)` ms, avsc at `a(i)`, pbf at `b(i)`.
 */
function blockRows({ block = 'tuples@90', processes = 6, wasm, a, b, place = 'node' }) {
  const rows = [];
  for (let process = 0; process < processes; process++) {
    const row = (path, ms) => ({
      ...path,
      place,
      block,
      process,
      batch: `${block}#${process + 1}`,
      step: 90,
      status: 'ok',
      encode: stats(ms),
      decode: stats(ms),
    });
    rows.push(row(JSON_ROW, 10), row(WASM, wasm(process)), row(LIB_A, a(process)), row(LIB_B, b(process)));
  }
  return rows;
}

const runOf = (rows) => ({
  run: {
    place: 'node',
    workload: 'tuples',
    runtime: { name: 'node' },
    protocol: { mode: 'blocks', blocks: { fastest: SETS } },
  },
  rows,
});

test('blockVerdicts pairs the rows of each process: against JSON and against every library of the set', () => {
  // wasm 5 ms (2x JSON), avsc 6-7 ms, pbf 20 ms: faster than both.
  const rows = blockRows({ wasm: () => 5, a: (i) => 6 + (i % 2), b: () => 20 });
  const verdicts = blockVerdicts(rows, { sets: SETS });
  assert.deepEqual(
    verdicts.map((verdict) => [verdict.label, verdict.operation]),
    [
      ['msgpack/typed', 'encode'],
      ['msgpack/typed', 'decode'],
    ],
  );
  const [encode, decode] = verdicts;
  assert.equal(encode.processes, 6);
  assert.equal(encode.json.verdict, 'faster');
  assert.equal(encode.json.ratio, 2);
  assert.equal(encode.fastest.verdict, 'faster');
  assert.equal(encode.fastest.closest, 'avro (avsc)');
  assert.deepEqual(
    encode.fastest.members.map(({ name }) => name),
    ['avro (avsc)', 'protobuf (pbf)'],
  );
  assert.deepEqual(
    decode.fastest.members.map(({ name }) => name),
    ['avro (avsc)'],
    'decode has its own set',
  );
  assert.ok(blockDecided(verdicts, 'tuples@90'));
});

test('againstJson judges any path of a block against the JSON of each process (the answer table: JSON beats a library)', () => {
  // pbf 20 ms against JSON's 10 in every process: 2x slower; avsc 6 ms: faster.
  const rows = blockRows({ wasm: () => 5, a: () => 6, b: () => 20 });
  const pbf = againstJson(rows, 'tuples@90', 'protobuf (pbf)', 'encode');
  assert.equal(pbf.n, 6);
  assert.equal(pbf.verdict, 'slower');
  assert.equal(pbf.ratio, 0.5);
  assert.equal(againstJson(rows, 'tuples@90', 'avro (avsc)', 'decode').verdict, 'faster');
});

test('a comparison near 1 stays undecided, and the block is not decided', () => {
  const rows = blockRows({ wasm: () => 5, a: (i) => [4.5, 5.6, 5.1, 4.8, 5.4, 5][i], b: () => 20 });
  const verdicts = blockVerdicts(rows, { sets: SETS });
  assert.equal(verdicts[0].fastest.verdict, 'undecided');
  assert.ok(!blockDecided(verdicts, 'tuples@90'));
  // A failed row of a process leaves that process out of the pairs.
  rows.find((row) => row.process === 0 && row.codec === 'msgpack').status = 'failed';
  assert.equal(blockVerdicts(rows, { sets: SETS })[0].json.n, 5);
});

test('compareVerdicts: agreement, flips, and differences that are not flips', () => {
  const faster = runOf(blockRows({ wasm: () => 5, a: () => 6, b: () => 20 }));
  const again = runOf(blockRows({ wasm: () => 5.2, a: () => 6.5, b: () => 22 }));
  const same = compareVerdicts(faster, again);
  assert.deepEqual([same.compared, same.agree, same.flips.length, same.differ.length], [4, 4, 0, 0]);
  assert.match(
    renderVerdictComparison(same),
    /^verdicts: 4 compared, 4 agree, 0 flips \(0 differ without flipping/,
  );

  // avsc now faster than the path: its verdict against the set flips.
  const flipped = runOf(blockRows({ wasm: () => 5, a: () => 4, b: () => 20 }));
  const flips = compareVerdicts(faster, flipped);
  assert.equal(flips.flips.length, 2, 'encode and decode against the fastest libraries');
  assert.match(renderVerdictComparison(flips), /2 flips/);
  assert.match(
    renderVerdictComparison(flips),
    /FLIP: node msgpack\/typed tuples@90 encode vs the fastest libraries/,
  );

  // Undecided against faster is a difference, not a flip.
  const unclear = runOf(blockRows({ wasm: () => 5, a: (i) => [4.5, 5.6, 5.1, 4.8, 5.4, 5][i], b: () => 20 }));
  const soft = compareVerdicts(faster, unclear);
  assert.equal(soft.flips.length, 0);
  assert.equal(soft.differ.length, 2);

  // Decided by the rows, not the mode: blocks of one process each have no verdicts over processes.
  const single = runOf(blockRows({ processes: 1, wasm: () => 5, a: () => 6, b: () => 20 }));
  assert.equal(compareVerdicts(faster, single), null);
  assert.deepEqual(documentVerdicts(single), []);
  assert.deepEqual(documentVerdicts({ run: faster.run, rows: [] }), []);
});
