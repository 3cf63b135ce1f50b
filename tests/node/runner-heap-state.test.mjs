// One heap-state protocol (run.protocol.isolation: process-per-block): in a
// sweep every (path, size) is a block measured in a child process started
// for it alone, so a focused run and the full sweep hand a size's child the
// same starting state. Asserted on the jobs the children were started with (the
// recording fake loader writes them down), not on timings.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createResultsValidator } from '../../src/harness/validate.mjs';
import { selectSteps } from '../../src/workloads/tuples/dataset.mjs';
import { resultsSchema } from '../../src/workload-folders.mjs';

const BENCH = fileURLToPath(new URL('../../node/bench.mjs', import.meta.url));
const LOADER = fileURLToPath(new URL('./runner-recording-loader.mjs', import.meta.url));
const schema = await resultsSchema();
const validate = createResultsValidator(schema);

// Two sizes on the default grid (3 per decade): a ~1 KB and a ~2.4 KB payload.
const RANGE = { minMB: 0.001, maxMB: 0.003, perDecade: 3 };

/** Runs the sweep on the fake build; returns its results and the job of every child, in start order. */
function sweep(dir, { minMB, maxMB, perDecade }, ...args) {
  writeFileSync(join(dir, 'children.jsonl'), '');
  const out = join(dir, 'results.json');
  const result = spawnSync(
    process.execPath,
    [
      BENCH,
      '--sweep',
      ...['--codecs', 'raw,msgpack', '--strategies', 'typed', '--no-peers'],
      ...['--min-mb', String(minMB), '--max-mb', String(maxMB), '--per-decade', String(perDecade)],
      ...['--repetitions', '2', '--warmup', '0', '--build-dir', dir, '--loader', LOADER, '--out', out],
      ...args,
    ],
    { encoding: 'utf8', timeout: 120_000 },
  );
  assert.equal(result.status, 0, result.stderr);
  const jobs = readFileSync(join(dir, 'children.jsonl'), 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line));
  return { result, document: JSON.parse(readFileSync(out, 'utf8')), jobs };
}

test('each (path, size) has a child of its own, started the same in a sweep and in a focused run', (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'wcb-heap-state-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  writeFileSync(
    join(dir, 'fake-build.json'),
    JSON.stringify({ raw: { mode: 'ok' }, msgpack: { mode: 'ok' } }),
  );
  const [a, b] = selectSteps(RANGE);
  assert.ok(a && b && a.index < b.index, 'the range holds two sizes');

  const full = sweep(dir, RANGE);
  assert.deepEqual(validate(full.document), { valid: true });
  assert.equal(full.document.run.protocol.isolation, 'process-per-block');
  // One child per path and size, each given exactly one size, smallest first.
  assert.deepEqual(
    full.jobs.map((job) => `${job.batch} ${job.step.index}`),
    [`raw/typed ${a.index}`, `raw/typed ${b.index}`, `msgpack/typed ${a.index}`, `msgpack/typed ${b.index}`],
  );
  // The references (JSON baseline, object floor) and the path of a size come from that size's child.
  for (const batch of ['raw/typed', 'msgpack/typed']) {
    const rows = full.document.rows.filter((row) => row.batch === batch);
    assert.deepEqual(
      rows.map((row) => `${row.step} ${row.codec}/${row.interop}`),
      [
        `${a.index} json/js`,
        `${a.index} objects/js`,
        `${a.index} ${batch}`,
        `${b.index} json/js`,
        `${b.index} objects/js`,
        `${b.index} ${batch}`,
      ],
    );
  }

  // Only size b: its children are started with the very jobs the sweep gave size b.
  const focused = sweep(dir, { minMB: b.jsonMB, maxMB: b.jsonMB, perDecade: 0 });
  assert.equal(focused.document.run.protocol.isolation, 'process-per-block');
  const sizeB = full.jobs.filter((job) => job.step.index === b.index);
  assert.equal(focused.jobs.length, 2);
  assert.deepEqual(focused.jobs, sizeB);
  // Only size b is measured, references and path in each batch (the rows'
  // status is the fake codec's business, not this protocol's).
  assert.deepEqual(
    focused.document.rows.map((row) => `${row.batch} ${row.step} ${row.codec}`),
    ['raw/typed', 'msgpack/typed'].flatMap((batch) => [
      `${batch} ${b.index} json`,
      `${batch} ${b.index} objects`,
      `${batch} ${b.index} ${batch.split('/')[0]}`,
    ]),
  );
});

test('--resume refuses a file measured under another heap-state protocol', (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'wcb-heap-state-resume-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  writeFileSync(
    join(dir, 'fake-build.json'),
    JSON.stringify({ raw: { mode: 'ok' }, msgpack: { mode: 'ok' } }),
  );
  const { document } = sweep(dir, RANGE);
  // A file from before this protocol: one child per path over every size, no isolation recorded.
  const { isolation: _, ...protocol } = document.run.protocol;
  const old = {
    ...document,
    run: { ...document.run, protocol, finished: false },
    rows: document.rows.slice(0, 2),
  };
  const file = join(dir, 'old.json');
  writeFileSync(file, JSON.stringify(old));
  const resumed = spawnSync(
    process.execPath,
    [BENCH, '--resume', file, '--build-dir', dir, '--loader', LOADER],
    {
      encoding: 'utf8',
      timeout: 60_000,
    },
  );
  assert.equal(resumed.status, 1, resumed.stderr);
  assert.equal(
    resumed.stderr,
    'bench:node: cannot resume: the heap-state protocol (protocol.isolation) differs from the one the file ' +
      'was measured with (none recorded then, process-per-block now)\n',
  );
  assert.deepEqual(JSON.parse(readFileSync(file, 'utf8')), old, 'a refused resume writes nothing');
});
