import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  buildHeader,
  measureTimerResolution,
  protocolHeader,
  resultsDocument,
  runHeader,
} from '../../src/harness/results.mjs';
import { interopShare } from '../../src/harness/format.mjs';
import { viewText } from '../../src/report/table-view.mjs';
import { TABLE_LEGEND, stepParts, summaryParts } from '../../src/workloads/tuples/view.mjs';
import { createResultsValidator } from '../../src/harness/validate.mjs';
import { WORKLOAD_NAMES } from '../../src/catalog.mjs';
import { resultsSchema } from '../../src/workload-folders.mjs';

const schema = await resultsSchema();
const validate = createResultsValidator(schema);

const stats = (median) => ({ median, min: median, max: median, mean: median, mad: 0, p75: median, n: 3 });

function okRow({ codec, impl = 'cpp', interop, batch, step = 52, encode, decode, codecMs = 1 }) {
  const row = {
    place: 'node',
    codec,
    impl,
    interop,
    batch,
    step,
    items: 2373,
    jsonBytes: 120063,
    jsonMB: 120063 / 1048576,
    status: 'ok',
    encodedBytes: 60000,
    gzipBytes: 2000,
    encode: stats(encode),
    decode: stats(decode),
  };
  if (impl === 'cpp') {
    row.encodePhases = { marshalInMs: encode - codecMs, codecMs, bytesOutMs: 0 };
    row.decodePhases = { bytesInMs: 0, codecMs, marshalOutMs: decode - codecMs };
  }
  return row;
}

function goodDocument() {
  const run = runHeader({
    place: 'node',
    date: new Date('2025-01-02T03:04:05Z'),
    machine: { os: 'Linux 6.1', arch: 'x64', cpus: 2 },
    runtime: { name: 'node', version: 'v20.0.0', v8: '11.3' },
    build: buildHeader({
      emscripten: '3.1.6',
      flags: '-O3',
      profile: 'release',
      catalog: {
        workloads: ['tuples'],
        codecs: [
          {
            name: 'raw',
            workloads: ['tuples'],
            modules: {
              tuples: { glue: 'raw.cjs', wasm: 'raw.wasm', wasmBytes: 100, wasmGzipBytes: 50, glueBytes: 10 },
            },
          },
        ],
      },
    }),
    protocol: protocolHeader({
      warmup: 2,
      repetitions: 7,
      minMB: 0.1,
      maxMB: 30,
      stepsPerDecade: 3,
      gc: true,
    }),
  });
  const rows = [
    okRow({ codec: 'json', impl: 'js', interop: 'js', batch: 'raw/typed', encode: 4, decode: 8 }),
    okRow({ codec: 'raw', interop: 'typed', batch: 'raw/typed', encode: 2, decode: 16 }),
    okRow({ codec: 'json', impl: 'js', interop: 'js', batch: 'msgpack/val', encode: 6, decode: 12 }),
    {
      ...okRow({ codec: 'msgpack', interop: 'val', batch: 'msgpack/val', encode: 1, decode: 1 }),
      status: 'failed',
      error: 'decode: msgpack: truncated input',
    },
  ];
  for (const key of ['encodedBytes', 'gzipBytes', 'encode', 'decode', 'encodePhases', 'decodePhases'])
    delete rows[3][key];
  return resultsDocument(run, rows);
}

test('a complete results document validates', () => {
  const document = goodDocument();
  assert.deepEqual(validate(document), { valid: true });
  assert.equal(document.schemaVersion, 1);
  assert.equal(document.run.finished, false);
  assert.equal(document.run.date, '2025-01-02T03:04:05.000Z');
});

test('a broken document gives its first error with the path into the document', () => {
  const noStatus = goodDocument();
  delete noStatus.rows[1].status;
  assert.deepEqual(validate(noStatus).error, {
    path: '/rows/1',
    message: "must have required property 'status'",
  });

  const okWithoutTimes = goodDocument();
  delete okWithoutTimes.rows[1].encode;
  const result = validate(okWithoutTimes);
  assert.equal(result.valid, false);
  assert.equal(result.text, "/rows/1: must have required property 'encode'");

  const badPlace = goodDocument();
  badPlace.run.place = 'deno';
  assert.equal(
    validate(badPlace).text,
    '/run/place: must be equal to one of the allowed values (native, node, browser)',
  );

  const badDate = goodDocument();
  badDate.run.date = 'yesterday';
  assert.equal(validate(badDate).text, '/run/date: must match format "date-time"');

  const failedWithoutReason = goodDocument();
  delete failedWithoutReason.rows[3].error;
  assert.equal(validate(failedWithoutReason).text, "/rows/3: must have required property 'error'");
});

test('a missing wasm build still gives a valid build header', () => {
  const document = goodDocument();
  document.run.build = buildHeader(null);
  assert.deepEqual(document.run.build, { emscripten: null, flags: '' });
  assert.deepEqual(validate(document), { valid: true });
});

test("the table gives ratios against the same batch's JSON baseline, interop shares and failures", () => {
  const text = viewText([{ note: TABLE_LEGEND }, ...stepParts(goodDocument().rows)]);
  assert.match(text, />1 = faster than JSON/);
  const lines = text.split('\n');
  const title = lines.findIndex((line) => line.startsWith('JSON payload 0.115 MB'));
  assert.ok(title > 0, text);
  assert.match(
    lines[title + 1],
    /^path\s+encode ms\s+decode ms\s+bytes\s+gzip\s+enc xJSON\s+dec xJSON\s+enc xBestJS\s+dec xBestJS\s+enc xFloor\s+dec xFloor\s+enc interop\s+dec interop$/,
  );
  // Two baselines (4 and 6 ms encode, 8 and 12 decode) merge into their median.
  // No JS library and no object floor in these rows: no xBestJS or xFloor ratio.
  assert.match(
    lines[title + 3],
    /^json \(js\) x2\s+5\.00\s+10\.0\s+58\.6 KB\s+1\.95 KB\s+1\.00x\s+1\.00x\s+-\s+-\s+-\s+-\s+-\s+-$/,
  );
  // raw/typed against its own batch: 4 / 2 = 2x encode, 8 / 16 = 0.5x decode;
  // interop (2 - 1) / 2 = 50% and (16 - 1) / 16 = 94%. These rows carry no
  // samples (like an older results file): the ratios are marked "?", no verdict.
  assert.match(
    lines[title + 4],
    /^raw\/typed\s+2\.00\s+16\.0\s+58\.6 KB\s+1\.95 KB\s+2\.00x\?\s+0\.50x\?\s+-\s+-\s+-\s+-\s+50%\s+94%$/,
  );
  assert.match(lines[title + 5], /^msgpack\/val\s+FAILED: decode: msgpack: truncated input$/);

  const summary = viewText(summaryParts(goodDocument().rows));
  assert.match(summary, /raw\/typed\s+largest ok payload 117 KB/);
  assert.match(
    summary,
    /msgpack\/val\s+largest ok payload none; 1 failed, first: decode: msgpack: truncated input/,
  );
});

test('interop share is clamped to [0, 1] and absent without phases', () => {
  assert.equal(interopShare(stats(4), { codecMs: 1 }), 0.75);
  assert.equal(interopShare(stats(4), { codecMs: 5 }), 0);
  assert.equal(interopShare(stats(4), undefined), undefined);
});

test('timer resolution is the smallest visible clock tick', () => {
  let time = 0;
  // A clock that moves by 0.1 ms every third reading.
  let reads = 0;
  const coarse = () => {
    reads += 1;
    if (reads % 3 === 0) time += 0.1;
    return time;
  };
  assert.ok(Math.abs(measureTimerResolution(coarse, 50) - 0.1) < 1e-9);
  assert.ok(measureTimerResolution() > 0);
});

test('the schema has a row $def and a rows rule for every workload of the catalog', () => {
  assert.deepEqual(schema.$defs.run.properties.workload.enum, [...WORKLOAD_NAMES]);
  for (const name of WORKLOAD_NAMES) {
    assert.ok(schema.$defs[`${name}Row`], `$defs/${name}Row`);
    const rule = schema.allOf.find((entry) => entry.if.properties.run.properties.workload.const === name);
    assert.ok(rule, `an allOf entry for ${name}`);
    // Its rows are its own, or start-up rows (docs/startup-memory.md), told apart by their kind.
    assert.equal(rule.then.properties.rows.items.else.$ref, `#/$defs/${name}Row`);
    assert.equal(rule.then.properties.rows.items.then.$ref, '#/$defs/startupRow');
  }
});
