// A toy third workload added as one folder (tests/fixtures/toy-workload/
// counters: its JS part beside the C++ part) to a copy of the repository:
// bench:node picks it up by convention (workload.mjs, runner.mjs, child.mjs)
// with --workload counters, with no other edit. The wasm build of the copy
// is stood in for by a fake loader whose catalog declares a codec `tally`
// for the toy workload; the repository itself does not know the workload.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import {
  cpSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const TOY = join(ROOT, 'tests', 'fixtures', 'toy-workload', 'counters');

// A JS stand-in for the copy's wasm build: the catalog the build would
// write, and a `tally` module with the toy workload's exports.
const FAKE_LOADER = `
export function readWasmBuildInfo() {
  const module = { glue: 'wcb_tally_counters.cjs', wasm: 'wcb_tally_counters.wasm', wasmBytes: 1000, wasmGzipBytes: 500, glueBytes: 2000 };
  return {
    emscripten: 'fake',
    flags: '-O2 (fake build for tests)',
    catalog: {
      workloads: ['tuples', 'messages', 'counters'],
      codecs: [{ name: 'tally', workloads: ['counters'], modules: { counters: module } }],
    },
  };
}
export async function loadWasmCodec(name, { workload }) {
  if (workload !== 'counters') throw new Error('no ' + workload + ' module for ' + name);
  return {
    name,
    libraryVersion: 'tally 1.0',
    exports: {
      encodeCounter: (counter, count) => new TextEncoder().encode(counter + '=' + count),
      decodeCounter: (bytes) => {
        const [counter, count] = new TextDecoder().decode(bytes).split('=');
        return { name: counter, count: Number(count) };
      },
    },
  };
}
`;

/** A copy of the repository's JS with the toy workload's folder added (JS files only). */
function copyWithToy() {
  const dir = mkdtempSync(join(tmpdir(), 'wcb-toy-'));
  for (const part of ['node', 'src', 'proto']) cpSync(join(ROOT, part), join(dir, part), { recursive: true });
  symlinkSync(join(ROOT, 'node_modules'), join(dir, 'node_modules'));
  const folder = join(dir, 'src', 'workloads', 'counters');
  mkdirSync(folder, { recursive: true });
  for (const file of readdirSync(TOY).filter((name) => name.endsWith('.mjs'))) {
    cpSync(join(TOY, file), join(folder, file));
  }
  writeFileSync(join(dir, 'fake-loader.mjs'), FAKE_LOADER);
  mkdirSync(join(dir, 'fake-build'));
  return dir;
}

function bench(root, args) {
  return spawnSync(process.execPath, [join(root, 'node', 'bench.mjs'), ...args], {
    encoding: 'utf8',
    timeout: 120_000,
  });
}

test('a workload folder alone makes bench:node accept and measure it', () => {
  const dir = copyWithToy();
  const out = join(dir, 'out.json');
  const fake = ['--loader', join(dir, 'fake-loader.mjs'), '--build-dir', join(dir, 'fake-build')];
  const result = bench(dir, ['--workload', 'counters', ...fake, '--no-peers', '--out', out]);
  assert.equal(result.status, 0, result.stderr);
  const document = JSON.parse(readFileSync(out, 'utf8'));
  assert.equal(document.run.workload, 'counters');
  assert.equal(document.run.finished, true);
  assert.deepEqual(document.run.protocol.codecs, ['tally']);
  assert.deepEqual(document.run.protocol.records, ['small', 'large']);
  assert.deepEqual(document.run.build.modules, [
    { codec: 'tally', wasmBytes: 1000, wasmGzipBytes: 500, glueBytes: 2000 },
  ]);
  assert.deepEqual(
    document.rows.map((row) => `${row.batch} ${row.record} ${row.status}`),
    ['tally/val small ok', 'tally/val large ok'],
  );
  assert.match(result.stdout, /^tally\/val large ok \d+ B$/m);

  const unknown = bench(dir, ['--workload', 'counters', ...fake, '--codecs', 'raw']);
  assert.equal(unknown.status, 2, unknown.stderr);
  assert.match(unknown.stderr, /--codecs: unknown value 'raw' \(accepted: tally\)/);

  // Its entry does not say it compares builds: two builds are a bad option, naming those that do.
  const twoBuilds = ['--build-dir', `${join(dir, 'fake-build')},${join(dir, 'fake-build')}`];
  const refused = bench(dir, [
    '--workload',
    'counters',
    '--loader',
    join(dir, 'fake-loader.mjs'),
    ...twoBuilds,
  ]);
  assert.equal(refused.status, 2, refused.stderr);
  assert.match(
    refused.stderr,
    /--build-dir with several builds: only the blocks of tuples, messages, documents compare builds \(not counters\)/,
  );
});

test('without the folder the workload is unknown', () => {
  const result = bench(ROOT, ['--workload', 'counters']);
  assert.equal(result.status, 2, result.stderr);
  assert.match(
    result.stderr,
    /--workload: unknown value 'counters' \(accepted: tuples, messages, documents\)/,
  );
});

// The same with the real wasm build of a copy made by tests/catalog/build-copy.sh
// with the toy's folders (minutes of compiling, so only when asked):
//   tests/catalog/build-copy.sh /tmp/toy tests/fixtures/toy-workload/counters tests/fixtures/toy-workload/tally
//   WCB_TOY_COPY=/tmp/toy node --test tests/node/catalog-extra-workload.test.mjs
const COPY = process.env.WCB_TOY_COPY;
test(
  'the toy workload through the real wasm build of a copy',
  {
    skip: COPY
      ? false
      : 'set WCB_TOY_COPY to a copy built by tests/catalog/build-copy.sh with the toy folders',
  },
  () => {
    const out = join(mkdtempSync(join(tmpdir(), 'wcb-toy-real-')), 'out.json');
    const result = bench(COPY, ['--workload', 'counters', '--no-peers', '--out', out]);
    assert.equal(result.status, 0, result.stderr);
    const document = JSON.parse(readFileSync(out, 'utf8'));
    assert.ok(document.run.protocol.codecs.includes('tally'), document.run.protocol.codecs.join(', '));
    const rows = document.rows.filter((row) => row.codec === 'tally');
    assert.deepEqual(
      rows.map((row) => `${row.record} ${row.status}`),
      ['small ok', 'large ok'],
      JSON.stringify(rows),
    );
  },
);
