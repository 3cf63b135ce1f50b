// bench:web --startup end to end in Chromium (docs/startup-memory.md#browsers):
// a tiny start-up run of two paths (a lean wasm module, fetched and compiled
// as it streams, and a library loaded from its own script) over two waves,
// the file valid against the schema, every row a start-up row of the browser
// with the fields its path and this engine give, and the report's start-up
// table read from it. It checks that everything runs; it asserts no timing.
// A start-up of an embind module (the glue fetching its .wasm) runs in the
// messages workload, one wave. Needs the wasm build and Debian's Chromium.

import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { after, before, test } from 'node:test';
import { createResultsValidator } from '../../src/harness/validate.mjs';
import { resultsSchema } from '../../src/workload-folders.mjs';
import { startupTable } from '../../src/report/whole-cost.mjs';
import { REPO_ROOT } from './browser.mjs';

const run = promisify(execFile);
const BENCH_WEB = path.join(REPO_ROOT, 'node', 'bench-web.mjs');
const TIMEOUT = { timeout: 300_000 };

let scratch;
let validate;

before(async () => {
  scratch = mkdtempSync(path.join(tmpdir(), 'wcb-startup-web-'));
  validate = createResultsValidator(await resultsSchema());
});
after(() => rmSync(scratch, { recursive: true, force: true }));

/** Runs bench:web --startup with `args` into a file of its own; resolves to { document, stdout }. */
async function startupRun(name, args) {
  const out = path.join(scratch, `${name}.json`);
  const { stdout } = await run(process.execPath, [BENCH_WEB, '--startup', '--out', out, ...args], {
    cwd: REPO_ROOT,
    timeout: TIMEOUT.timeout,
    maxBuffer: 16 * 1024 * 1024,
  });
  return { document: JSON.parse(readFileSync(out, 'utf8')), stdout };
}

test('tuples: a lean module and a library, two waves, start-up rows of the browser', TIMEOUT, async () => {
  const { document, stdout } = await startupRun('tuples', [
    ...['--min-mb', '0.05', '--max-mb', '0.06', '--looks', '2'],
    ...['--codecs', 'msgpack', '--strategies', 'typed', '--peers', 'msgpackr'],
  ]);
  const check = validate(document);
  assert.ok(check.valid, check.text);
  assert.equal(document.run.protocol.mode, 'startup');
  assert.equal(document.run.place, 'browser');
  assert.match(document.run.runtime.engine, /V8/);
  const rows = document.rows;
  assert.equal(rows.length, 4, 'two paths, two waves');
  for (const row of rows) {
    assert.equal(row.kind, 'startup');
    assert.equal(row.place, 'browser');
    assert.equal(row.status, 'ok', row.error);
    assert.ok(row.startup.readyMs >= row.startup.loadMs);
    for (const operation of ['encode', 'decode']) assert.ok(row.startup.calls[operation].firstMs >= 0);
    assert.ok(row.startup.transferBytes > 0, 'Resource Timing gave the bytes fetched');
    // Chromium is launched with ForceEagerMeasureMemory and the page is cross-origin isolated.
    assert.ok(row.memory.userAgentBytes > 0, 'measureUserAgentSpecificMemory answered');
    assert.equal(row.memory.maxRssBytes, undefined, 'a page has no process peak RSS');
  }
  assert.deepEqual([...new Set(rows.map((row) => row.process))].sort(), [0, 1]);
  const wasm = rows.filter((row) => row.impl === 'cpp');
  const library = rows.filter((row) => row.impl === 'js');
  assert.equal(wasm.length, 2);
  assert.equal(library.length, 2);
  for (const row of wasm) {
    assert.equal(row.module, 'lean');
    assert.ok(row.startup.wasmBytes > 0 && row.startup.compileMs >= 0 && row.startup.instantiateMs >= 0);
    assert.equal(row.startup.scriptBytes, undefined, 'a lean module has no glue script');
    assert.ok(row.memory.wasmHeapBytes > 0);
  }
  for (const row of library) {
    assert.equal(row.startup.wasmBytes, undefined);
    assert.ok(row.startup.scriptBytes > 0, "the library's own script");
  }
  assert.match(stdout, /Start-up at tuples@\d+/);
  assert.match(startupTable(rows), /msgpack\/typed\s+2 /);
});

test('messages: an embind module fetches its .wasm through its glue', TIMEOUT, async () => {
  const { document } = await startupRun('messages', [
    ...['--workload', 'messages', '--records', 'int', '--looks', '1'],
    ...['--codecs', 'msgpack', '--strategies', 'tagged', '--no-peers'],
  ]);
  const check = validate(document);
  assert.ok(check.valid, check.text);
  const [row] = document.rows;
  assert.equal(document.rows.length, 1);
  assert.equal(row.status, 'ok', row.error);
  assert.equal(row.impl, 'cpp');
  assert.ok(row.startup.wasmBytes > 0 && row.startup.scriptBytes > 0, 'the .wasm and its glue');
});
