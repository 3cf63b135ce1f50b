// No result lost: the runner rewrites its results file after every block
// process (--limits: every row), so a run killed while a child hangs leaves a
// valid file with every row measured before the kill, and --resume measures
// what is missing, keeping the rest. Runs on the fake wasm loader (pure-JS codecs that misbehave on
// request), so it needs no wasm build and takes seconds.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { isObjectFloor } from '../../src/catalog.mjs';
import { createResultsValidator } from '../../src/harness/validate.mjs';
import { resultsSchema } from '../../src/workload-folders.mjs';

const BENCH = fileURLToPath(new URL('../../node/bench.mjs', import.meta.url));
const FAKE_LOADER = fileURLToPath(new URL('./runner-fake-loader.mjs', import.meta.url));
const schema = await resultsSchema();
const validate = createResultsValidator(schema);

// msgpack hangs from its third quick size (about 4,800 items) until the config changes.
const HANGING = { raw: { mode: 'ok' }, json: { mode: 'ok' }, msgpack: { mode: 'hang', minItems: 3000 } };
const HEALTHY = { raw: { mode: 'ok' }, json: { mode: 'ok' }, msgpack: { mode: 'ok' } };
const JOBS = ['raw/typed', 'json/typed', 'msgpack/typed'];

function setup() {
  const dir = mkdtempSync(join(tmpdir(), 'wcb-resume-'));
  writeFileSync(join(dir, 'fake-build.json'), JSON.stringify(HANGING));
  return { dir, out: join(dir, 'results.json') };
}

const runArgs = ({ dir, out }) => [
  BENCH,
  '--sweep',
  '--quick',
  '--no-peers',
  '--codecs',
  'raw,json,msgpack',
  '--strategies',
  'typed',
  '--timeout',
  '120',
  '--build-dir',
  dir,
  '--loader',
  FAKE_LOADER,
  '--out',
  out,
];

function readResults(out) {
  try {
    return JSON.parse(readFileSync(out, 'utf8'));
  } catch {
    return undefined; // not written yet
  }
}

/** Polls the results file until `ready(document)` holds (the runner keeps it valid JSON at all times). */
async function waitForResults(out, ready, what) {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    const document = existsSync(out) ? readResults(out) : undefined;
    if (document && ready(document)) return document;
    await sleep(100);
  }
  throw new Error(`timed out waiting for ${what}`);
}

// The msgpack block of the third size is stuck once the blocks of the first
// two are written (a block's rows come when its process is done): msgpack
// hangs in its first encode there.
const hanging = (document) =>
  document.rows.filter((row) => row.batch === 'msgpack/typed' && isObjectFloor(row)).length === 2;

function exited(child) {
  return new Promise((resolve) => child.on('exit', (code, signal) => resolve({ code, signal })));
}

function alive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function waitUntilGone(pid) {
  for (let i = 0; i < 50 && alive(pid); i++) await sleep(100);
  return !alive(pid);
}

const key = (row) => `${row.batch}|${row.codec}|${row.impl}|${row.step}`;

test('a run killed mid-child keeps every row measured before the kill; --resume completes it', async () => {
  const paths = setup();
  // Its own process group, so the test can kill the runner and its child at once (like a closed terminal).
  const runner = spawn(process.execPath, runArgs(paths), { detached: true, stdio: 'ignore' });
  const end = exited(runner);
  const before = await waitForResults(paths.out, hanging, 'the msgpack child to hang');
  await sleep(500);
  process.kill(-runner.pid, 'SIGKILL');
  assert.equal((await end).signal, 'SIGKILL');

  const killed = JSON.parse(readFileSync(paths.out, 'utf8'));
  assert.deepEqual(validate(killed), { valid: true });
  assert.equal(killed.run.finished, false);
  // Every row seen before the kill is there (the file was complete at every write).
  assert.deepEqual(killed.rows.slice(0, before.rows.length), before.rows);
  const count = (document, batch) => document.rows.filter((row) => row.batch === batch).length;
  assert.equal(count(killed, 'raw/typed'), 12, 'raw/typed: 4 sizes x (JSON + object floor + raw)');
  assert.equal(count(killed, 'json/typed'), 12);
  assert.equal(count(killed, 'msgpack/typed'), 6, 'msgpack/typed: 2 sizes x 3');
  assert.ok(killed.rows.every((row) => row.status === 'ok'));

  writeFileSync(join(paths.dir, 'fake-build.json'), JSON.stringify(HEALTHY));
  const resumed = spawnSync(
    process.execPath,
    [BENCH, '--resume', paths.out, '--build-dir', paths.dir, '--loader', FAKE_LOADER],
    { encoding: 'utf8', timeout: 60_000 },
  );
  assert.equal(resumed.status, 0, resumed.stderr);
  assert.match(resumed.stderr, /resuming .*results\.json: 30 rows kept/);
  assert.equal(resumed.stderr.match(/: 1 process\(es\) kept from the resumed file/g).length, 10);
  assert.equal(resumed.stderr.match(/: process 1\n/g).length, 2, 'msgpack at the two sizes left');

  const done = JSON.parse(readFileSync(paths.out, 'utf8'));
  assert.deepEqual(validate(done), { valid: true });
  assert.equal(done.run.finished, true);
  assert.equal(done.run.date, killed.run.date, 'the run keeps its start date');
  assert.equal(done.run.resumedAt.length, 1);
  assert.ok(done.run.resumedAt[0] > done.run.date);
  assert.deepEqual(done.run.protocol, killed.run.protocol);
  // Every (batch, path, size) exactly once, all measured ok.
  assert.equal(done.rows.length, JOBS.length * 4 * 3);
  assert.equal(new Set(done.rows.map(key)).size, done.rows.length);
  assert.ok(done.rows.every((row) => row.status === 'ok'));
  for (const batch of JOBS) assert.equal(count(done, batch), 12, batch);
  // Sizes measured ok in both paths are kept as they were, not measured again.
  const keptSteps = new Set(
    killed.rows.filter((row) => row.batch === 'msgpack/typed' && row.codec === 'msgpack').map((r) => r.step),
  );
  for (const row of killed.rows.filter((row) => row.batch !== 'msgpack/typed' || keptSteps.has(row.step))) {
    assert.deepEqual(
      done.rows.find((other) => key(other) === key(row)),
      row,
      `${key(row)} kept`,
    );
  }
});

test('Ctrl+C stops the run and its child and keeps the rows; --resume checks what it continues', async () => {
  const paths = setup();
  const runner = spawn(process.execPath, runArgs(paths), { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  runner.stderr.setEncoding('utf8').on('data', (chunk) => (stderr += chunk));
  const end = exited(runner);
  await waitForResults(paths.out, hanging, 'the msgpack child to hang');
  await sleep(500);
  // A child per block: the hanging one is the last started.
  const childPid = Number([...stderr.matchAll(/child process (\d+)/g)].at(-1)?.[1]);
  assert.ok(alive(childPid), 'the hanging child runs');
  runner.kill('SIGINT');
  assert.equal((await end).code, 130, stderr);
  assert.match(stderr, /interrupted by SIGINT: partial results \(finished: false\) in /);
  assert.match(stderr, /continue with: npm run bench:node -- --resume .*results\.json/);
  assert.ok(await waitUntilGone(childPid), 'the runner killed its hanging child');
  const document = JSON.parse(readFileSync(paths.out, 'utf8'));
  assert.deepEqual(validate(document), { valid: true });
  assert.equal(document.run.finished, false);
  assert.equal(document.rows.length, 30);

  const bench = (...args) =>
    spawnSync(process.execPath, [BENCH, ...args], { encoding: 'utf8', timeout: 60_000 });
  // What is measured comes from the file: no measuring option with --resume.
  const withCodecs = bench('--resume', paths.out, '--codecs', 'raw');
  assert.equal(withCodecs.status, 2);
  assert.match(
    withCodecs.stderr,
    /^bench:node: --codecs cannot be given with --resume: .*\(accepted with --resume: --timeout, --build-dir, --loader, --peer-registry\)\n$/,
  );
  // A different build would not compare with the rows kept.
  writeFileSync(join(paths.dir, 'fake-build.json'), JSON.stringify({ ...HEALTHY, protobuf: { mode: 'ok' } }));
  const rebuilt = bench('--resume', paths.out, '--build-dir', paths.dir, '--loader', FAKE_LOADER);
  assert.equal(rebuilt.status, 1);
  assert.match(
    rebuilt.stderr,
    /^bench:node: cannot resume: the wasm build differs from the one the file was measured with \(it was rebuilt\)\n$/,
  );
  assert.deepEqual(JSON.parse(readFileSync(paths.out, 'utf8')), document, 'a refused resume writes nothing');
});

test('--resume of a --limits run keeps the limits found and grows the interrupted path on from its largest size', async () => {
  const paths = setup();
  // msgpack hangs from 20,000 items (about 1 MB of JSON), after 7 sizes measured ok.
  writeFileSync(
    join(paths.dir, 'fake-build.json'),
    JSON.stringify({ raw: { mode: 'ok' }, msgpack: { mode: 'hang', minItems: 20000 } }),
  );
  const args = [
    BENCH,
    '--limits',
    '--limits-max-mb',
    '4',
    '--min-mb',
    '0.05',
    '--codecs',
    'raw,msgpack',
    '--strategies',
    'typed',
    '--no-peers',
    '--timeout',
    '120',
    '--build-dir',
    paths.dir,
    '--loader',
    FAKE_LOADER,
    '--out',
    paths.out,
  ];
  const runner = spawn(process.execPath, args, { detached: true, stdio: 'ignore' });
  const end = exited(runner);
  const msgpackRows = (document) => document.rows.filter((row) => row.batch === 'msgpack/typed');
  await waitForResults(paths.out, (document) => msgpackRows(document).length === 7, 'msgpack to hang');
  process.kill(-runner.pid, 'SIGKILL');
  await end;
  const killed = JSON.parse(readFileSync(paths.out, 'utf8'));
  assert.deepEqual(validate(killed), { valid: true });
  assert.deepEqual(
    killed.run.limits.map((entry) => entry.batch),
    ['json (js)', 'raw/typed'],
    'the limits found before the kill are in the file',
  );

  writeFileSync(
    join(paths.dir, 'fake-build.json'),
    JSON.stringify({ raw: { mode: 'ok' }, msgpack: { mode: 'ok' } }),
  );
  const resumed = spawnSync(
    process.execPath,
    [BENCH, '--resume', paths.out, '--build-dir', paths.dir, '--loader', FAKE_LOADER],
    { encoding: 'utf8', timeout: 60_000 },
  );
  assert.equal(resumed.status, 0, resumed.stderr);
  assert.match(resumed.stderr, /\[2\/3\] raw\/typed: limit already found, kept/);
  assert.match(resumed.stderr, /\[3\/3\] msgpack\/typed: growing on from 0\.68 MB \(kept\)/);
  const done = JSON.parse(readFileSync(paths.out, 'utf8'));
  assert.deepEqual(validate(done), { valid: true });
  assert.equal(done.run.finished, true);
  assert.deepEqual(done.run.limits.slice(0, 2), killed.run.limits);
  const msgpack = done.run.limits[2];
  assert.equal(msgpack.cause, 'none');
  assert.deepEqual(msgpackRows(done).slice(0, 7), msgpackRows(killed), 'the sizes measured before are kept');
  const steps = msgpackRows(done).map((row) => row.step);
  assert.deepEqual(
    steps,
    [...new Set(steps)].sort((a, b) => a - b),
    'each size once, in order',
  );
  assert.equal(msgpackRows(done).at(-1).jsonMB, msgpack.largestOkMB);
  assert.equal(msgpack.largestOkMB, done.run.limits[1].largestOkMB, 'grown to the same last size as raw');
});
