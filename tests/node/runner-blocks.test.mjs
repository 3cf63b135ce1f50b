// bench:node's default run, the block protocol, end to end with the test
// loader (pure-JS stand-ins for the wasm modules) and a real library: one
// process per block and wave, rows that pair up, a failing path that does
// not stop the others, the header and the verdict tables.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { pathLabel } from '../../src/catalog.mjs';
import { OPERATIONS } from '../../src/harness/block.mjs';
import { findPeer, peerMeta } from '../../src/harness/peers.mjs';
import { createResultsValidator } from '../../src/harness/validate.mjs';
import { resultsSchema } from '../../src/workload-folders.mjs';

const BENCH = fileURLToPath(new URL('../../node/bench.mjs', import.meta.url));
const FAKE_LOADER = fileURLToPath(new URL('./runner-fake-loader.mjs', import.meta.url));
const COMMITTED = JSON.parse(
  readFileSync(new URL('../../src/workloads/tuples/contenders.json', import.meta.url), 'utf8'),
);
const SCHEMA = await resultsSchema();
const validate = createResultsValidator(SCHEMA);

const REPORT = fileURLToPath(new URL('../../node/report.mjs', import.meta.url));

const runBlocks = (config, ...args) => runBuilds([config], ...args);

// bench:node with one fake build per config (--build-dir A,B,...).
function runBuilds(configs, ...args) {
  const dirs = configs.map((config) => {
    const dir = mkdtempSync(join(tmpdir(), 'wcb-blocks-'));
    writeFileSync(join(dir, 'fake-build.json'), JSON.stringify(config));
    return dir;
  });
  const out = join(dirs[0], 'results.json');
  const result = spawnSync(
    process.execPath,
    [
      BENCH,
      ...['--min-mb', '0.05', '--max-mb', '0.1', '--per-decade', '1', '--repetitions', '3', '--warmup', '1'],
      ...['--build-dir', dirs.join(','), '--loader', FAKE_LOADER, '--out', out],
      ...args,
    ],
    { encoding: 'utf8', timeout: 300_000 },
  );
  assert.equal(result.status, 0, result.stderr);
  const document = JSON.parse(readFileSync(out, 'utf8'));
  assert.deepEqual(validate(document), { valid: true });
  return { result, document, out };
}

test('the block protocol: a process per block and wave, every path of the block in it, verdicts in words', () => {
  const { result, document, out } = runBlocks(
    { raw: { mode: 'ok' }, msgpack: { mode: 'wrong' } },
    '--codecs',
    'raw,msgpack',
    '--peers',
    'pbf',
    '--looks',
    '6',
  );
  const { run, rows } = document;
  assert.equal(run.protocol.mode, 'blocks');
  assert.equal(run.protocol.isolation, 'process-per-block');
  assert.deepEqual(run.protocol.strategies, ['typed']);
  assert.deepEqual(run.protocol.blocks.looks, [6]);
  assert.deepEqual(run.protocol.blocks.fastest, { encode: ['protobuf (pbf)'], decode: ['protobuf (pbf)'] });
  const blocks = [...new Set(rows.map((row) => row.block))];
  assert.equal(run.blocks.length, blocks.length);
  for (const entry of run.blocks) {
    assert.equal(entry.processes, 6);
    assert.ok(['decided', 'last look'].includes(entry.stop), entry.stop);
  }
  assert.equal(
    result.stderr.split(': process ').length - 1,
    6 * blocks.length,
    'a child process per block and wave',
  );
  // Each process of a block holds JSON, the floor, both paths and the library.
  for (const block of blocks) {
    for (let process = 0; process < 6; process++) {
      const own = rows.filter((row) => row.block === block && row.process === process);
      assert.deepEqual(own.map((row) => `${row.codec}/${row.interop}`).sort(), [
        'json/js',
        'msgpack/typed',
        'objects/js',
        'protobuf/js',
        'raw/typed',
      ]);
      assert.ok(own.every((row) => row.batch === `${block}#${process + 1}`));
      // Sizes (gzip) in the first process only.
      const ok = own.filter((row) => row.status === 'ok');
      assert.ok(ok.every((row) => (row.gzipBytes !== undefined) === (process === 0)));
      assert.ok(ok.every((row) => row.encode.n === 3 && row.decode.n === 3));
    }
  }
  // The path that decodes wrongly fails in every process; the others do not.
  const failed = rows.filter((row) => row.status !== 'ok');
  assert.ok(failed.length > 0 && failed.every((row) => row.codec === 'msgpack'));
  assert.match(failed[0].error, /^verify: decoded items differ from the input/);

  assert.match(result.stdout, /^block protocol: verdicts over processes\./);
  assert.match(result.stdout, /^fastest libraries: encode protobuf \(pbf\); decode protobuf \(pbf\)$/m);
  assert.match(
    result.stdout,
    /^raw\/typed +encode +(faster|slower|equivalent|undecided) (in \d\/6|over 6|after 6) processes, \d/m,
  );
  assert.match(result.stdout, /^msgpack\/typed +encode +not measured +not measured/m);
  assert.match(result.stdout, /^msgpack\/typed +0 +- +- +- +- +failed: verify: /m);
  assert.match(result.stderr, /stopped|decided after 6 processes|the last look/);

  // The report shows the run as verdicts over processes; --compare of a run
  // with itself counts every verdict as agreeing.
  const outDir = join(dirname(out), 'report');
  const report = spawnSync(process.execPath, [REPORT, out, '--out-dir', outDir], { encoding: 'utf8' });
  assert.equal(report.status, 0, report.stderr);
  assert.match(
    report.stdout,
    /In Node v\d+\.\d+\.\d+ \(V8 [\d.]+\) at 0\.\d+ MB: raw\/typed, the best wasm path, encodes this /,
  );
  const html = readFileSync(join(outDir, 'index.html'), 'utf8');
  assert.match(html, /<section id="verdicts">/);
  assert.match(html, /Verdicts over processes \(the block protocol\)/);
  // Its charts are drawn from the medians over processes, as a sweep's are.
  assert.match(html, /<div class="view" data-chart="time-encode">/);
  assert.match(readFileSync(join(outDir, 'time-encode.svg'), 'utf8'), /raw\/typed/);
  const compare = spawnSync(process.execPath, [REPORT, '--compare', out, out, '--out-dir', outDir], {
    encoding: 'utf8',
  });
  assert.equal(compare.status, 0, compare.stderr);
  // Per block: two paths x two operations x (JSON, the fastest libraries).
  const verdicts = blocks.length * 2 * 2 * 2;
  assert.match(
    compare.stdout,
    new RegExp(`^verdicts: ${verdicts} compared, ${verdicts} agree, 0 flips `, 'm'),
  );
});

test('without --peers the libraries are the committed fastest sets, each timed in the operations of its sets', () => {
  const { document } = runBlocks({ raw: { mode: 'ok' } }, '--codecs', 'raw', '--looks', '1');
  const label = (name) => pathLabel(peerMeta(findPeer(name)));
  const sets = Object.fromEntries(
    OPERATIONS.map((operation) => [operation, COMMITTED.libraries.node[operation].map(label)]),
  );
  assert.deepEqual(document.run.protocol.blocks.fastest, sets);
  const libraries = document.rows.filter(
    (row) => row.impl === 'js' && row.codec !== 'json' && row.codec !== 'objects',
  );
  assert.deepEqual(
    [...new Set(libraries.map(pathLabel))].sort(),
    [...new Set([...sets.encode, ...sets.decode])].sort(),
  );
  for (const row of libraries) {
    const own = OPERATIONS.filter((operation) => sets[operation].includes(pathLabel(row)));
    assert.equal(row.status, 'ok', `${pathLabel(row)}: ${row.error}`);
    assert.deepEqual(row.operations ?? OPERATIONS, own, pathLabel(row));
    for (const operation of OPERATIONS) assert.equal(row[operation] !== undefined, own.includes(operation));
  }
});

test('--build-dir A,B: the wasm paths of the second build in the same blocks, labelled, judged against the first build', () => {
  const config = { raw: { mode: 'ok' } };
  const { result, document } = runBuilds(
    [config, config],
    '--codecs',
    'raw',
    '--peers',
    'pbf',
    '--looks',
    '6',
  );
  const { run, rows } = document;
  // The fake builds have the same Emscripten ('fake'): the second is named by its folder.
  const [compared] = run.build.compared;
  assert.match(compared.tag, /^wcb-blocks-/);
  assert.equal(compared.emscripten, 'fake');
  const blocks = [...new Set(rows.map((row) => row.block))];
  assert.ok(blocks.length > 0);
  for (const block of blocks) {
    for (let process = 0; process < 6; process++) {
      const labels = rows.filter((row) => row.block === block && row.process === process).map(pathLabel);
      assert.ok(labels.includes('raw/typed'), labels.join(', '));
      assert.ok(labels.includes(`raw/typed [${compared.tag}]`), labels.join(', '));
    }
  }
  assert.ok(rows.filter((row) => row.build === compared.tag).every((row) => row.status === 'ok'));
  // One line per block and operation: the later build's verdict against the first's, in words.
  const table = result.stdout.slice(result.stdout.indexOf('the wasm builds compared'));
  const lines = table.split('\n').filter((line) => line.includes(`${compared.tag} `));
  assert.equal(lines.length, blocks.length * OPERATIONS.length, table);
  for (const line of lines) assert.match(line, /(faster|slower|equivalent|undecided) .*6 processes/);
});
