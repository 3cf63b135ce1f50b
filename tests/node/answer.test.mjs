// The answer command (node/answer.mjs) and its table (src/report/answer-rows.mjs):
// each workload's default run measures exactly the answer's blocks, the time limit is
// shared out so the runs fit it, and a cell says who wins, or "too few"
// when its block had fewer processes than an interval needs.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  answerUnits,
  TOO_FEW,
  answerByPlaceMarkdown,
  answerData,
  answerMarkdown,
  answerRows,
} from '../../src/report/answer-rows.mjs';
import {
  OVERHEAD_MINUTES,
  answerBrowsers,
  answerPlan,
  budgetMinutes,
  defaultRuntimes,
  measuredFirstLook,
  reestimate,
} from '../../node/answer.mjs';
import { places } from '../../src/places.mjs';
import { selectSteps } from '../../src/workloads/tuples/dataset.mjs';
import { parseOptions } from '../../node/cli.mjs';
import { registerWorkloadFolders } from '../../src/workload-folders.mjs';
import { runtimesSection } from '../../src/report/runtimes-section.mjs';
import { workloadInfo } from '../../src/workload-entries.mjs';

await registerWorkloadFolders();

test("each workload's default run measures its answer blocks and nothing else", () => {
  const blocksOf = (workload) =>
    answerUnits()
      .filter((unit) => unit.workload === workload)
      .map((unit) => unit.block);
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

const declared = await places();
const DEFAULT_PLACES = { runtimes: ['node@24', 'bun', 'deno'], browsers: ['chromium', 'firefox', 'webkit'] };

test('the plan: each runtime, then each browser, every workload of the answer in each', async () => {
  assert.deepEqual(await defaultRuntimes(), ['node@24', 'bun', 'deno']);
  const plan = answerPlan({ runtimes: ['node@24', 'bun'], browsers: ['chromium', 'webkit'] }, declared);
  assert.deepEqual(
    plan.map((run) => `${run.place}-${run.workload}${run.suffix ?? ''}`),
    [
      ...['node@24', 'bun', 'chromium', 'webkit'].flatMap((place) =>
        ['tuples', 'messages', 'documents'].map((w) => `${place}-${w}`),
      ),
      // The whole cost, where a workload declares break-even sizes: start-up and
      // break-even in the first runtime, start-up in the first browser.
      ...['node@24-tuples-startup', 'node@24-tuples-break-even', 'chromium-tuples-startup'],
    ],
  );
  assert.deepEqual(plan.at(-2).args, [
    '--runtime',
    'node@24',
    '--workload',
    'tuples',
    '--break-even',
    '--looks',
    '6',
  ]);
  assert.equal(plan.at(-1).script, 'node/bench-web.mjs');
  assert.deepEqual(plan.at(-1).args, ['--browser', 'chromium', '--workload', 'tuples', '--startup']);
  assert.equal(plan[0].script, 'node/bench.mjs');
  assert.deepEqual(plan[3].args, ['--runtime', 'bun', '--workload', 'tuples']);
  assert.equal(plan[6].script, 'node/bench-web.mjs');
  assert.deepEqual(plan[6].args.slice(0, 4), ['--browser', 'chromium', '--workload', 'tuples']);
  // Each run starts from its place's declared minutes times its workload's
  // answerWeight for that kind of place; an earlier answer's measured ones replace them.
  const minutes = declared.bun.answer.firstLookMinutes;
  assert.equal(plan[3].firstLook, minutes);
  assert.equal(plan[5].firstLook, minutes * workloadInfo('documents').answerWeight.runtime);
  assert.equal(
    plan[8].firstLook,
    declared.chromium.answer.firstLookMinutes * workloadInfo('documents').answerWeight.browser,
  );
  const estimated = answerPlan({ runtimes: ['bun'], browsers: [] }, declared, { bun: { messages: 0.7 } });
  assert.deepEqual(
    estimated.filter((run) => !run.suffix).map((run) => run.firstLook),
    [minutes, 0.7, minutes * workloadInfo('documents').answerWeight.runtime],
  );
  // `node` is the machine's Node: the node declaration's minutes.
  assert.equal(
    answerPlan({ runtimes: ['node'], browsers: [] }, declared)[0].firstLook,
    declared.node.answer.firstLookMinutes,
  );
});

// Spends each run's whole budget, in order: the budgets and the minutes left over.
function spendAll(plan, limit) {
  let left = limit;
  const budgets = plan.map((run, index) => {
    const budget = budgetMinutes(plan, index, left);
    left -= budget + OVERHEAD_MINUTES;
    return budget;
  });
  return { budgets, left };
}

test('the default answer, 6 places x 3 workloads: its first looks past 30 minutes, each run gets its share of them', () => {
  // The declared first looks are one answer run's on this machine (2026-12-07): 32 minutes
  // with the runs' start-up, more than the limit (docs/decisions/answer-command.md).
  const plan = answerPlan({ ...DEFAULT_PLACES, wholeCost: false }, declared);
  assert.equal(plan.length, 18);
  const firstLooks = plan.reduce((sum, run) => sum + run.firstLook, 0);
  assert.ok(firstLooks + plan.length * OVERHEAD_MINUTES > 30, `${firstLooks} minutes of first looks`);
  const { budgets, left } = spendAll(plan, 30);
  assert.ok(Math.abs(left) < 0.05, `${left} minutes left over`);
  // No run goes past its share: the same fraction of its first look for every run.
  const fraction = (index) => budgets[index] / plan[index].firstLook;
  plan.forEach((run, index) =>
    assert.ok(Math.abs(fraction(index) - fraction(0)) < 0.02, `${run.place}-${run.workload}`),
  );
  assert.ok(fraction(0) < 1);
});

test('a run may go on to its last look while every later run keeps its first look; the last run gets the rest', () => {
  const plan = answerPlan({ runtimes: ['node@24'], browsers: ['chromium'] }, declared);
  assert.equal(plan.filter((run) => run.suffix).length, 3);
  const { budgets, left } = spendAll(plan, 30);
  assert.ok(Math.abs(left) < 0.05, `${left} minutes left over`);
  // With 30 minutes every run gets more than its first look needs.
  plan.forEach((run, index) => assert.ok(budgets[index] > run.firstLook, `${run.place}-${run.workload}`));
  // The first run may reach its last look (14 processes against the first look's 6).
  assert.ok(Math.abs(budgets[0] - (plan[0].firstLook * 14) / 6) < 0.01, `${budgets[0]}`);
  // A run that stops early leaves the rest to those after it.
  const early = budgetMinutes(plan, plan.length - 2, 10);
  assert.ok(early > budgetMinutes(plan, plan.length - 2, 4));
  // Short of time, every run still gets its share in first looks.
  const tight = budgetMinutes(plan, 0, 12);
  const firstLooks = plan.reduce((sum, run) => sum + run.firstLook, 0);
  const share = ((12 - plan.length * OVERHEAD_MINUTES) * plan[0].firstLook) / firstLooks;
  assert.ok(Math.abs(tight - share) < 0.01, `${tight} against ${share}`);
});

test('after every run the later runs are estimated again from the time it took', () => {
  const plan = [
    { place: 'bun', workload: 'a', firstLook: 1 },
    { place: 'bun', workload: 'b', firstLook: 2 },
    { place: 'deno', workload: 'a', firstLook: 1 },
    { place: 'webkit', workload: 'a', firstLook: 1 },
  ];
  // Bun's first run took 1.5 times its estimate: its next run is estimated 1.5 times longer, and
  // the places not run yet take this machine's ratio so far, the same 1.5.
  const once = reestimate(plan, 0, [{ place: 'bun', estimate: 1, minutes: 1.5 }]);
  assert.deepEqual(
    once.map((run) => run.firstLook),
    [1, 3, 1.5, 1.5],
  );
  // Deno then ran at half its estimate: Bun keeps its own ratio, the others take the mean (geometric:
  // sqrt(1.5 * 0.5)); a ratio is bounded to [0.5, 2], and each estimate stays the first one.
  const twice = reestimate(once, 2, [
    { place: 'bun', estimate: 1, minutes: 1.5 },
    { place: 'deno', estimate: 1, minutes: 0.5 },
  ]);
  assert.ok(Math.abs(twice[3].firstLook - Math.sqrt(0.75)) < 1e-9, `${twice[3].firstLook}`);
  assert.equal(twice[3].estimate, 1);
  const slow = reestimate(plan, 0, [{ place: 'bun', estimate: 1, minutes: 10 }]);
  assert.deepEqual(
    slow.map((run) => run.firstLook),
    [1, 4, 2, 2],
  );
  // The budget follows: a later run estimated longer gets a larger share of what is left.
  assert.ok(budgetMinutes(once, 3, 5) < budgetMinutes(plan, 3, 5) + 1e-9);
  assert.ok(budgetMinutes(once, 1, 10) > budgetMinutes(plan, 1, 10));
});

test("a run's first look is its share of the waves its blocks ran", () => {
  const document = (processes) => ({ run: { blocks: processes.map((count) => ({ processes: count })) } });
  // 14 waves in 7.15 minutes (0.15 of them start-up): 3 minutes to the first look's 6.
  assert.ok(Math.abs(measuredFirstLook(document([14, 10]), 7.15) - 3) < 1e-9);
  assert.ok(Math.abs(measuredFirstLook(document([6]), 2.15) - 2) < 1e-9);
  assert.equal(measuredFirstLook(document([]), 2), undefined);
  // Stopped short of its first look: no measure of it.
  assert.equal(measuredFirstLook(document([5, 3]), 2), undefined);
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

test("a compared build's path (a toolchain A/B) is never the answer's best C++ path, however fast", () => {
  const run = tuplesRun(6);
  const compared = run.rows
    .filter((row) => row.codec === 'msgpack')
    .map((row) => ({ ...row, build: '3.1.69', encode: stats(1), decode: stats(1) }));
  const [row] = answerRows([{ ...run, rows: [...run.rows, ...compared] }]);
  assert.match(row[2], /^\*\*C\+\+\*\* msgpack\/typed 2\.00x /);
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

test('the answer as data (the page opens on it): each cell its words and its parts, the date and machine', () => {
  const run = tuplesRun(6, { json: 2 });
  run.run.machine = { os: 'Linux', arch: 'x64', cpus: 2, cpuModel: 'Xeon', hostname: 'vm' };
  const data = answerData([run, { ...tuplesRun(6), run: { ...run.run, date: '2026-12-06T09:00:00.000Z' } }]);
  assert.equal(data.command, 'scripts/bench.sh --answer');
  assert.equal(data.date, '2026-12-06T09:00:00.000Z', 'the latest run');
  assert.deepEqual(data.machine, { os: 'Linux', arch: 'x64', cpus: 2, cpuModel: 'Xeon' }, 'no host name');
  assert.deepEqual(
    data.rows.map((row) => [row.shape, row.place, row.encode.text, row.decode.text, row.run]),
    answerRows([run, tuplesRun(6)]).map((row, index) =>
      index >= 1 ? [...row.slice(0, 4), '2026-12-06'] : row,
    ),
  );
  // JSON at 2 ms over msgpack/typed at 4 ms: C++ against the winner is 0.5x.
  const [{ encode }] = data.rows;
  assert.equal(encode.winner, 'JSON');
  assert.deepEqual(
    [encode.cpp.path, encode.cpp.against, encode.cpp.ratio],
    ['msgpack/typed', 'JSON.stringify', 0.5],
  );
  // msgpack/typed at 4 ms over avsc at 8 ms.
  const cxx = data.rows[1].encode;
  assert.equal(cxx.winner, 'C++');
  assert.deepEqual([cxx.cpp.against, cxx.cpp.ratio, cxx.cpp.verdict], ['avsc', 2, 'faster']);
  assert.ok(cxx.cpp.low <= 2 && cxx.cpp.high >= 2);
});

test('the runtimes side by side: one table per data shape, a row per runtime and its addon', () => {
  const node20 = tuplesRun(6);
  node20.run.runtime = { name: 'node', version: 'v20.20.2', engine: 'V8', v8: '11.3.244.8-node.38' };
  // Bun: the wasm path at 12 ms loses to avsc's 8 ms; its addon rows win at 2 ms.
  const bun = tuplesRun(6, { wasm: () => 12 });
  bun.run.runtime = { name: 'bun', version: '1.4.4', engine: 'JavaScriptCore' };
  bun.rows.push(
    ...bun.rows
      .filter((row) => row.impl === 'cpp')
      .map((row) => ({ ...row, place: 'node-addon', encode: stats(2), decode: stats(2) })),
  );
  const rows = answerRows([node20, bun]);
  assert.deepEqual(
    rows.map((row) => row[1]),
    ['Node v20.20.2 (V8 11.3)', 'Bun 1.4.4 (JavaScriptCore)', 'Bun 1.4.4 addon'],
  );
  const table = answerByPlaceMarkdown(rows).split('\n');
  assert.equal(table[0], '### tuples with a schema (10.5 MB)');
  assert.deepEqual(table.slice(2, 4), ['| place | encode | decode | run |', '| --- | --- | --- | --- |']);
  assert.match(
    table[4],
    /^\| Node v20\.20\.2 \(V8 11\.3\) \| \*\*C\+\+\*\* msgpack\/typed 2\.00x .* \| 2026-12-05 \|$/,
  );
  assert.match(
    table[5],
    /^\| Bun 1\.4\.4 \(JavaScriptCore\) \| \*\*library\*\* avsc 1\.50x .* over msgpack\/typed \|/,
  );
  assert.match(table[6], /^\| Bun 1\.4\.4 addon \| \*\*C\+\+\*\* msgpack\/typed 4\.00x /);
  assert.equal(table.length, 8);
});

test("the report's runtimes section: only with two runtimes' block runs, each verdict in a row of its runtime", () => {
  const node24 = tuplesRun(6);
  node24.run.runtime = { name: 'node', version: 'v24.22.3', engine: 'V8', v8: '13.6.233.17-node.37' };
  const deno = tuplesRun(6, { wasm: () => 12 });
  deno.run.runtime = { name: 'deno', version: '2.9.6', engine: 'V8', v8: '15.0.245.2-rusty' };
  const source = (document, file) => ({ file, document });
  assert.equal(runtimesSection([source(node24, 'node24.json')]), undefined, 'one runtime: no section');
  const { html, text } = runtimesSection([source(node24, 'node24.json'), source(deno, 'deno.json')]);
  assert.match(html, /<h2>The runtimes side by side<\/h2>/);
  assert.match(html, /<h3>tuples with a schema \(10\.5 MB\)<\/h3>/);
  assert.match(html, /<td>Node v24\.22\.3 \(V8 13\.6\)<\/td><td>\*\*C\+\+\*\* msgpack\/typed 2\.00x/);
  assert.match(html, /<td>Deno 2\.9\.6 \(V8 15\.0\)<\/td><td>\*\*library\*\* avsc 1\.50x/);
  assert.match(text, /^The runtimes side by side\n\ntuples with a schema \(10\.5 MB\)\n {2}Node v24\.22\.3/);
});

test('--browsers of the answer: the names given, none for the runtimes alone, an unknown one refused', async () => {
  assert.deepEqual(await answerBrowsers({ browsers: 'none' }), []);
  assert.deepEqual(await answerBrowsers({ browsers: 'firefox,chromium' }), ['firefox', 'chromium']);
  await assert.rejects(
    answerBrowsers({ browsers: 'safari' }),
    /--browsers: unknown value 'safari' \(accepted: chromium, firefox, webkit\)/,
  );
});
