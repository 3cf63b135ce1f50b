// The answer command (node/answer.mjs) and its table (src/report/answer-winners.mjs):
// each workload's default run measures exactly the answer's blocks, the time limit is
// shared out so the runs fit it, and a cell says who wins, or "too few"
// when its block had fewer processes than an interval needs.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ANSWER_UNITS, TOO_FEW, answerMarkdown, answerRows } from '../../src/report/answer-winners.mjs';
import { OVERHEAD_MINUTES, answerPlan, budgetMinutes } from '../../node/answer.mjs';
import { selectSteps } from '../../src/workloads/tuples/dataset.mjs';
import { parseOptions } from '../../node/cli.mjs';
import { registerWorkloadFolders } from '../../src/workload-folders.mjs';

await registerWorkloadFolders();

test("each workload's default run measures its answer blocks and nothing else", () => {
  const blocksOf = (workload) =>
    ANSWER_UNITS.filter((unit) => unit.workload === workload).map((unit) => unit.block);
  const tuples = parseOptions(['--workload', 'tuples']);
  assert.deepEqual(
    selectSteps(tuples).map((step) => `tuples@${step.index}`),
    blocksOf('tuples'),
  );
  const messages = parseOptions(['--workload', 'messages']);
  assert.deepEqual(
    messages.records.map((record) => `messages@${record}`),
    blocksOf('messages'),
  );
  const documents = parseOptions(['--workload', 'documents']);
  assert.deepEqual(
    documents.datasets.map((dataset) => `documents@${dataset}`),
    blocksOf('documents'),
  );
  // A sweep still measures every unit: the default records are the answer's only in a default run.
  assert.ok(parseOptions(['--workload', 'messages', '--sweep']).records.length > 1);
});

test('the plan: Node first, then each browser, every workload of the answer in each', () => {
  const plan = answerPlan(['chromium', 'webkit']);
  assert.deepEqual(
    plan.map((run) => `${run.place}-${run.workload}`),
    ['node', 'chromium', 'webkit'].flatMap((place) =>
      ['tuples', 'messages', 'documents'].map((w) => `${place}-${w}`),
    ),
  );
  assert.equal(plan[0].script, 'node/bench.mjs');
  assert.deepEqual(plan[3].args.slice(0, 4), ['--browser', 'chromium', '--workload', 'tuples']);
});

test('a run may go on to its last look while every later run keeps its first look; the last run gets the rest', () => {
  const plan = answerPlan(['chromium', 'firefox', 'webkit']);
  const limit = 30;
  // Every run using its whole budget: the runs and their overheads fit the limit.
  let left = limit;
  const budgets = plan.map((run, index) => {
    const budget = budgetMinutes(plan, index, left);
    left -= budget + OVERHEAD_MINUTES;
    return budget;
  });
  assert.ok(Math.abs(left) < 0.05, `${left} minutes left over`);
  // With 30 minutes every run gets more than its first look needs.
  plan.forEach((run, index) => assert.ok(budgets[index] > run.firstLook, `${run.place}-${run.workload}`));
  // The first run may reach its last look (14 processes against the first look's 6).
  assert.ok(Math.abs(budgets[0] - (plan[0].firstLook * 14) / 6) < 0.01, `${budgets[0]}`);
  // A run that stops early leaves the rest to those after it.
  const early = budgetMinutes(plan, plan.length - 2, 10);
  assert.ok(early > budgetMinutes(plan, plan.length - 2, 4));
  // Short of time, every run still gets its share in first looks.
  const tight = budgetMinutes(plan, 0, 8);
  const firstLooks = plan.reduce((sum, run) => sum + run.firstLook, 0);
  const share = ((8 - plan.length * OVERHEAD_MINUTES) * plan[0].firstLook) / firstLooks;
  assert.ok(Math.abs(tight - share) < 0.01, `${tight} against ${share}`);
});

const stats = (median) => ({ median, samples: [median] });
const JSON_ROW = { codec: 'json', impl: 'js', interop: 'js', library: 'JSON.stringify/JSON.parse' };
const WASM = { codec: 'msgpack', impl: 'cpp', interop: 'typed' };
const LIBRARY = { codec: 'avro', impl: 'js', interop: 'js', library: 'avsc 5.7.9' };

// A Node tuples block run of `processes` processes at the answer's unit:
// JSON 10 ms, the wasm path 4 ms, avsc 8 ms, both operations.
function tuplesRun(processes, { json = 10, wasm = () => 4 } = {}) {
  const rows = [];
  for (let process = 0; process < processes; process++) {
    for (const [path, ms] of [
      [JSON_ROW, json],
      [WASM, wasm(process)],
      [LIBRARY, 8],
    ]) {
      rows.push({
        ...path,
        place: 'node',
        block: 'tuples@90',
        process,
        batch: `tuples@90#${process + 1}`,
        step: 90,
        status: 'ok',
        encode: stats(ms),
        decode: stats(ms),
      });
    }
  }
  const sets = { encode: ['avro (avsc)'], decode: ['avro (avsc)'] };
  return {
    run: {
      place: 'node',
      workload: 'tuples',
      date: '2026-12-05T10:00:00.000Z',
      runtime: { name: 'node', version: 'v20.20.2', engine: 'V8', engineVersion: '11.3' },
      protocol: { mode: 'blocks', blocks: { fastest: sets } },
    },
    rows,
  };
}

test('a cell names the winner with its interval over processes, and says too few below 6', () => {
  const [row] = answerRows([tuplesRun(6)]);
  assert.equal(row[0], 'tuples with a schema (10.5 MB)');
  assert.match(row[2], /^\*\*C\+\+\*\* msgpack\/typed 2\.00x \[[\d.]+, [\d.]+\] over avsc$/);
  assert.ok(!row.join(' ').includes(TOO_FEW));
  const [few] = answerRows([tuplesRun(4)]);
  assert.match(few[2], new RegExp(`4 processes \\(${TOO_FEW}\\): msgpack/typed 2\\.00x over avsc in 4/4`));
  const table = answerMarkdown([row]).split('\n');
  assert.equal(table[0], '| data shape | place | encode | decode | run |');
  assert.equal(table[2].split(' | ').at(-1), '2026-12-05 |');
});

test('JSON wins a cell when it beats the best C++ path and the closest library, though those two are undecided', () => {
  // The wasm path within 10% of avsc's 8 ms either way (undecided), JSON at 2 ms.
  const around = [8, 8.8, 7.2, 8.4, 7.6, 8];
  const [row] = answerRows([tuplesRun(6, { json: 2, wasm: (process) => around[process] })]);
  assert.match(row[2], /^\*\*JSON\*\* 4\.00x \[4\.00, 4\.00\] over avsc$/);
});

test('JSON wins a cell when it beats the best C++ path, though that path beats every library', () => {
  // The wasm path at 4 ms beats avsc's 8 ms; JSON at 2 ms beats both.
  const [row] = answerRows([tuplesRun(6, { json: 2 })]);
  assert.match(row[2], /^\*\*JSON\*\* 2\.00x \[2\.00, 2\.00\] over msgpack\/typed$/);
});
