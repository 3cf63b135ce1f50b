// npm run bench:web end to end, on the smallest sweep: it drives the served
// page in headless Chromium and writes a valid browser results file.

import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { promisify } from 'node:util';
import { createResultsValidator } from '../../src/harness/validate.mjs';
import { REPO_ROOT } from './browser.mjs';

const run = promisify(execFile);
const BENCH_WEB = path.join(REPO_ROOT, 'node', 'bench-web.mjs');
const validate = createResultsValidator(
  JSON.parse(readFileSync(path.join(REPO_ROOT, 'src', 'results.schema.json'))),
);

test('bench:web writes browser results that validate, and prints the table', async () => {
  const directory = mkdtempSync(path.join(tmpdir(), 'wcb-bench-web-'));
  try {
    const out = path.join(directory, 'browser.json');
    const args = [
      '--codecs',
      'raw,json',
      '--strategies',
      'typed,val',
      '--peers',
      'pbf',
      '--min-mb',
      '0.001',
      '--max-mb',
      '0.002',
    ];
    const { stdout, stderr } = await run(
      process.execPath,
      [BENCH_WEB, ...args, '--repetitions', '2', '--warmup', '0', '--out', out],
      {
        timeout: 180_000,
      },
    );
    const document = JSON.parse(readFileSync(out, 'utf8'));
    const verdict = validate(document);
    assert.ok(verdict.valid, verdict.text);
    const { run: header, rows } = document;
    assert.equal(header.place, 'browser');
    assert.equal(header.finished, true);
    assert.equal(header.runtime.name, 'chromium');
    assert.equal(header.protocol.crossOriginIsolated, true, 'served with COOP/COEP');
    assert.equal(header.protocol.gc, true, 'Chromium started with --expose-gc');
    // In the page's order (its checkboxes), whatever the order asked for.
    assert.deepEqual([...header.protocol.codecs].sort(), ['json', 'raw']);
    assert.deepEqual([...header.protocol.strategies].sort(), ['typed', 'val']);
    assert.equal(header.protocol.repetitions, 2);
    assert.ok(header.machine.cpuModel, 'the host fills in what the page cannot see');
    assert.deepEqual(header.protocol.peers, ['pbf']);
    // One size: the JSON baseline, 2 codecs x 2 strategies and the one JS library.
    assert.deepEqual(rows.map((row) => `${row.codec}/${row.interop}/${row.status}`).sort(), [
      'json/js/ok',
      'json/typed/ok',
      'json/val/ok',
      'protobuf/js/ok',
      'raw/typed/ok',
      'raw/val/ok',
    ]);
    assert.ok(rows.every((row) => row.encode.n === 2 && row.decode.n === 2));
    for (const label of ['json (js)', 'raw/typed', 'raw/val', 'json/typed', 'json/val', 'protobuf (pbf)']) {
      assert.match(
        stdout,
        new RegExp(`^${label.replace(/[()]/g, '\\$&')}\\s+\\d`, 'm'),
        `table line for ${label}`,
      );
    }
    assert.match(stderr, /wrote 6 rows \(0 failed\)/);
  } finally {
    rmSync(directory, { recursive: true, force: true });
  }
});

test('bench:web rejects a bad option with exit code 2 and names what it accepts', async () => {
  await assert.rejects(run(process.execPath, [BENCH_WEB, '--strategies', 'fast']), (error) => {
    assert.equal(error.code, 2);
    assert.match(error.stderr, /--strategies: unknown value 'fast' \(accepted: val, embind, typed\)/);
    return true;
  });
});
