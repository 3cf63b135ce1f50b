// bench:node --build-dir A,B for the messages and documents workloads (the
// tuples' is in runner-blocks.test.mjs): both builds' C++-in-wasm paths in
// the same blocks and processes, the second build's rows named by it, a
// verdict line per block, path and operation against the first build's same
// path, and a file the schema, the report and --compare accept. Each second
// build is a stand-in that differs from the first in one codec, so its rows
// show that its members ran its own modules. No timing is asserted.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { modulesOf, pathLabel } from '../../src/catalog.mjs';
import { DEFAULT_WASM_BUILD_DIR } from '../../src/build-dirs.mjs';
import { OPERATIONS } from '../../src/harness/block.mjs';
import { createResultsValidator } from '../../src/harness/validate.mjs';
import { resultsSchema } from '../../src/workload-folders.mjs';

const node = (script) => fileURLToPath(new URL(`../../node/${script}`, import.meta.url));
const BENCH = node('bench.mjs');
const REPORT = node('report.mjs');
const MESSAGES_LOADER = fileURLToPath(new URL('./messages-fake-loader.mjs', import.meta.url));
const MESSAGES_REGISTRY = fileURLToPath(new URL('./messages-fake-registry.mjs', import.meta.url));
const validate = createResultsValidator(await resultsSchema());

function spawn(script, args) {
  const result = spawnSync(process.execPath, [script, ...args], { encoding: 'utf8', timeout: 300_000 });
  assert.equal(result.status, 0, result.stderr);
  return result;
}

/** bench:node over the builds `dirs` into a results file: { result, document, out }. */
function runBuilds(dirs, args) {
  const out = join(mkdtempSync(join(tmpdir(), 'wcb-builds-out-')), 'results.json');
  const result = spawn(BENCH, [...args, '--build-dir', dirs.join(','), '--no-addon', '--out', out]);
  const document = JSON.parse(readFileSync(out, 'utf8'));
  assert.deepEqual(validate(document), { valid: true });
  return { result, document, out };
}

/**
 * What every two-build run shows: in each block and process both builds'
 * paths of `codecs` (`strategy`), the header naming the second build by
 * `tag`, and the closing table a line per block, C++ path and operation.
 */
function assertBothBuilds({ result, document }, { tag, codecs, strategy, processes }) {
  const { run, rows } = document;
  assert.equal(run.build.compared[0].tag, tag);
  const blocks = [...new Set(rows.map((row) => row.block))];
  assert.ok(blocks.length > 0);
  for (const block of blocks)
    for (let process = 0; process < processes; process++) {
      const labels = rows.filter((row) => row.block === block && row.process === process).map(pathLabel);
      for (const codec of codecs) {
        assert.ok(labels.includes(`${codec}/${strategy}`), labels.join(', '));
        assert.ok(labels.includes(`${codec}/${strategy} [${tag}]`), labels.join(', '));
      }
    }
  const table = result.stdout.slice(result.stdout.indexOf('the wasm builds compared'));
  const lines = table.split('\n').filter((line) => line.includes(` ${tag} `));
  assert.equal(lines.length, blocks.length * codecs.length * OPERATIONS.length, table);
  for (const block of blocks)
    for (const codec of codecs)
      for (const operation of OPERATIONS)
        assert.ok(
          lines.some((line) =>
            line.split(/\s+/).join(' ').startsWith(`${block} ${codec}/${strategy} ${operation} `),
          ),
          `${block} ${codec}/${strategy} ${operation}:\n${table}`,
        );
}

/** The report and --compare take the file as any other. */
function assertReported(out) {
  const dir = mkdtempSync(join(tmpdir(), 'wcb-builds-report-'));
  spawn(REPORT, [out, '--out-dir', join(dir, 'report')]);
  const compared = spawn(REPORT, ['--compare', out, out, '--out-dir', join(dir, 'compare')]);
  assert.match(compared.stdout, /verdicts: \d+ compared, \d+ agree, 0 flips/);
}

test('messages, --build-dir A,B: both builds in every block and process, a verdict per block, path and operation', () => {
  const builds = [
    { msgpack: { mode: 'ok' }, flatbuffers: { mode: 'ok' } },
    // The second build's flatbuffers decodes the int record wrong: its rows, not the first build's, fail there.
    { msgpack: { mode: 'ok' }, flatbuffers: { mode: 'wrong', record: 'int' } },
  ];
  const dirs = builds.map((config) => {
    const dir = mkdtempSync(join(tmpdir(), 'wcb-builds-'));
    writeFileSync(join(dir, 'fake-build.json'), JSON.stringify(config));
    return dir;
  });
  const run = runBuilds(dirs, [
    ...['--workload', 'messages', '--records', 'record,int', '--looks', '2'],
    ...['--repetitions', '2', '--warmup', '1', '--min-rep-ms', '0.5'],
    ...['--loader', MESSAGES_LOADER, '--peer-registry', MESSAGES_REGISTRY, '--peers', 'fake-json'],
  ]);
  // The fake builds have the same Emscripten ('fake'): the second is named by its folder.
  const tag = basename(dirs[1]);
  assertBothBuilds(run, { tag, codecs: ['msgpack', 'flatbuffers'], strategy: 'tagged', processes: 2 });
  const failed = run.document.rows.filter((row) => row.status !== 'ok');
  assert.deepEqual(
    failed.map((row) => [row.block, pathLabel(row)]),
    [0, 1].map(() => ['messages@int', `flatbuffers/tagged [${tag}]`]),
  );
  for (const row of failed) assert.match(row.error, /decoded record differs/);
  assertReported(run.out);
});

const noBuild = existsSync(join(DEFAULT_WASM_BUILD_DIR, 'build-info.json'))
  ? false
  : `no wasm build in ${DEFAULT_WASM_BUILD_DIR} (scripts/build-wasm.sh)`;

/**
 * A second build made of the first's documents modules, linked into `dir`,
 * but those of `missing`: its catalog still declares them, so its member of
 * that codec must fail to load from `dir`.
 */
function standInBuild(dir, missing) {
  mkdirSync(dir);
  const info = JSON.parse(readFileSync(join(DEFAULT_WASM_BUILD_DIR, 'build-info.json'), 'utf8'));
  for (const module of modulesOf(info))
    if (module.workload === 'documents' && module.codec !== missing)
      for (const file of [module.glue, module.wasm])
        symlinkSync(join(DEFAULT_WASM_BUILD_DIR, file), join(dir, file));
  writeFileSync(join(dir, 'build-info.json'), JSON.stringify(info));
  return dir;
}

test(
  'documents, --build-dir A,B: both builds in every block and process, a verdict per block, path and operation',
  { skip: noBuild },
  () => {
    const second = standInBuild(join(mkdtempSync(join(tmpdir(), 'wcb-builds-')), 'standin'), 'bson');
    const run = runBuilds(
      [DEFAULT_WASM_BUILD_DIR, second],
      [
        ...['--workload', 'documents', '--datasets', 'geo-110m', '--codecs', 'msgpack,cbor,bson'],
        ...[
          '--strategies',
          'tagged',
          '--peers',
          'cbor-x',
          '--looks',
          '2',
          '--repetitions',
          '2',
          '--warmup',
          '1',
        ],
      ],
    );
    // Built by the same Emscripten as the first, the stand-in is named by its folder.
    const tag = 'standin';
    assertBothBuilds(run, { tag, codecs: ['msgpack', 'cbor', 'bson'], strategy: 'tagged', processes: 2 });
    const rows = run.document.rows.filter((row) => row.impl === 'cpp');
    const [ok, failed] = [
      rows.filter((row) => row.status === 'ok'),
      rows.filter((row) => row.status !== 'ok'),
    ];
    assert.ok(ok.some((row) => row.build === tag));
    assert.deepEqual(
      failed.map((row) => pathLabel(row)),
      [0, 1].map(() => `bson/tagged [${tag}]`),
    );
    for (const row of failed) assert.match(row.error, new RegExp(`not found in ${second}`));
    assertReported(run.out);
  },
);
