// npm run bench:web end to end, on the smallest sweep: it drives the served
// page in headless Chromium and writes a valid browser results file.

import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test } from '@playwright/test';
import { promisify } from 'node:util';
import { isJsonUtf8Baseline } from '../../src/catalog.mjs';
import { createResultsValidator } from '../../src/harness/validate.mjs';
import { REPO_ROOT } from './browser.mjs';
import { assertSameBatchBaselines } from './isolation.mjs';
import { resultsSchema } from '../../src/workload-folders.mjs';

const run = promisify(execFile);
const BENCH_WEB = path.join(REPO_ROOT, 'node', 'bench-web.mjs');
const validate = createResultsValidator(await resultsSchema());

test('bench:web writes browser results that validate, and prints the table', async () => {
  const directory = mkdtempSync(path.join(tmpdir(), 'wcb-bench-web-'));
  try {
    const out = path.join(directory, 'browser.json');
    const args = [
      '--sweep',
      '--codecs',
      'raw,json',
      '--strategies',
      'typed,val',
      '--peers',
      'pbf',
      '--min-mb',
      '0.001',
      '--max-mb',
      '0.003',
    ];
    const { stdout, stderr } = await run(
      process.execPath,
      [BENCH_WEB, ...args, '--repetitions', '2', '--warmup', '0', '--out', out],
      {
        timeout: 480_000,
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
    // Two sizes x (2 codecs x 2 strategies and the one JS library), each
    // path at each size in its own browser context, JSON beside it, first at
    // the 1st size and second at the 2nd.
    assert.equal(header.protocol.isolation, 'context-per-block');
    assert.equal(header.protocol.minMB, 0.001, "the run range, not one context's");
    assert.equal(header.protocol.maxMB, 0.003);
    assert.deepEqual(
      [...new Set(rows.map((row) => row.step))].sort((a, b) => a - b),
      [12, 19],
    );
    // json's bytes are JSON text: its paths have the UTF-8 JSON baseline beside them too;
    // every path has the object floor beside it.
    assert.deepEqual(rows.map((row) => `${row.codec}/${row.interop}/${row.status}`).sort(), [
      ...Array(14).fill('json/js/ok'),
      ...Array(2).fill('json/typed/ok'),
      ...Array(2).fill('json/val/ok'),
      ...Array(10).fill('objects/js/ok'),
      ...Array(2).fill('protobuf/js/ok'),
      ...Array(2).fill('raw/typed/ok'),
      ...Array(2).fill('raw/val/ok'),
    ]);
    assert.deepEqual(assertSameBatchBaselines(rows, 'context-per-block').sort(), [
      'json/typed',
      'json/val',
      'pbf',
      'raw/typed',
      'raw/val',
    ]);
    assert.ok(rows.every((row) => row.encode.n === 2 && row.decode.n === 2));
    for (const label of ['raw/typed', 'raw/val', 'json/typed', 'json/val', 'protobuf (pbf)']) {
      assert.match(
        stdout,
        new RegExp(`^${label.replace(/[()]/g, '\\$&')}\\s+\\d`, 'm'),
        `table line for ${label}`,
      );
    }
    assert.match(stdout, /^json \(js\) x5\s+\d/m, 'the baselines of a size in one line');
    assert.deepEqual(
      rows
        .filter(isJsonUtf8Baseline)
        .map((row) => `${row.batch} ${row.step}`)
        .sort(),
      ['json/typed 12', 'json/typed 19', 'json/val 12', 'json/val 19'],
    );
    assert.match(stderr, /wrote 34 rows \(0 failed\)/);
    // A block (one context) per path and size, path by path.
    const contexts = [...stderr.matchAll(/wave 1\/1 ([\d.]+) KB (\S+): process 1\n/g)];
    assert.deepEqual(
      contexts.map((match) => match[2]),
      ['raw', 'json']
        .flatMap((codec) => ['typed', 'val'].flatMap((strategy) => Array(2).fill(`${codec}/${strategy}`)))
        .concat(['pbf', 'pbf']),
    );
  } finally {
    rmSync(directory, { recursive: true, force: true });
  }
});

test('bench:web runs the block protocol by default: a context per block and wave, verdicts in words', async () => {
  const directory = mkdtempSync(path.join(tmpdir(), 'wcb-bench-web-blocks-'));
  try {
    const out = path.join(directory, 'browser.json');
    const { stdout, stderr } = await run(
      process.execPath,
      [
        BENCH_WEB,
        ...[
          '--codecs',
          'raw,msgpack',
          '--peers',
          'pbf',
          '--min-mb',
          '0.001',
          '--max-mb',
          '0.003',
          '--per-decade',
          '3',
        ],
        ...['--looks', '2', '--repetitions', '2', '--warmup', '0', '--out', out],
      ],
      { timeout: 480_000 },
    );
    const document = JSON.parse(readFileSync(out, 'utf8'));
    const verdict = validate(document);
    assert.ok(verdict.valid, verdict.text);
    const { run: header, rows } = document;
    assert.equal(header.protocol.mode, 'blocks');
    assert.equal(header.protocol.isolation, 'context-per-block');
    assert.deepEqual(header.protocol.strategies, ['typed']);
    assert.deepEqual(header.protocol.blocks.fastest, {
      encode: ['protobuf (pbf)'],
      decode: ['protobuf (pbf)'],
    });
    assert.equal(header.runtime.name, 'chromium');
    assert.equal(header.finished, true);
    // Two sizes, two contexts each; every context holds the whole block.
    assert.deepEqual(
      header.blocks.map((entry) => [entry.block, entry.processes, entry.stop]),
      [
        ['tuples@12', 2, 'last look'],
        ['tuples@19', 2, 'last look'],
      ],
    );
    for (const block of ['tuples@12', 'tuples@19']) {
      for (const process of [0, 1]) {
        const own = rows.filter((row) => row.block === block && row.process === process);
        assert.deepEqual(own.map((row) => `${row.codec}/${row.interop}/${row.status}`).sort(), [
          'json/js/ok',
          'msgpack/typed/ok',
          'objects/js/ok',
          'protobuf/js/ok',
          'raw/typed/ok',
        ]);
        assert.ok(own.every((row) => row.batch === `${block}#${process + 1}` && row.place === 'browser'));
        assert.ok(own.every((row) => (row.gzipBytes !== undefined) === (process === 0)));
      }
    }
    assert.equal(stderr.match(/: process \d/g)?.length, 4, 'a browser context per block and wave');
    assert.match(stdout, /^block protocol: verdicts over processes/m);
    assert.match(stdout, /^raw\/typed +encode +undecided after 2 processes, \d/m);
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

test('bench:web --workload messages writes a valid messages results file and prints the tables', async () => {
  const directory = mkdtempSync(path.join(tmpdir(), 'wcb-bench-web-messages-'));
  try {
    const out = path.join(directory, 'browser-messages.json');
    // Two records, each in its own browser context, JSON first at the 1st and second at the 2nd.
    const args = [
      '--workload',
      'messages',
      '--sweep',
      '--records',
      'int,string',
      '--codecs',
      'json',
      '--strategies',
      'val',
    ];
    args.push(
      '--peers',
      'msgpackr',
      '--repetitions',
      '2',
      '--warmup',
      '0',
      '--min-rep-ms',
      '1',
      '--out',
      out,
    );
    const { stdout, stderr } = await run(process.execPath, [BENCH_WEB, ...args], { timeout: 480_000 });
    const document = JSON.parse(readFileSync(out, 'utf8'));
    const verdict = validate(document);
    assert.ok(verdict.valid, verdict.text);
    const { run: header, rows } = document;
    assert.equal(header.workload, 'messages');
    assert.equal(header.finished, true);
    assert.deepEqual(header.protocol.records, ['int', 'string']);
    assert.equal(header.protocol.minRepMs, 1);
    assert.equal(header.protocol.gc, true);
    assert.deepEqual(header.protocol.strategies, ['val']);
    assert.equal(header.protocol.isolation, 'context-per-block');
    assert.deepEqual(assertSameBatchBaselines(rows, 'context-per-block').sort(), ['json/val', 'msgpackr']);
    // The module's empty call: one row for the wasm path (every context
    // measures one), kept from its last context.
    const loaded = rows.some((row) => row.interop === 'val' && !/^load: /.test(row.error ?? ''));
    assert.equal(rows.filter((row) => row.record === 'none').length, loaded ? 1 : 0);
    const byPath = new Map(
      rows.map((row) => [`${row.codec}/${row.interop}${row.variant ? `/${row.variant}` : ''}`, row]),
    );
    assert.equal(byPath.get('json/js').status, 'ok');
    assert.equal(byPath.get('msgpack/js').status, 'ok');
    assert.ok(byPath.has('json/val'), 'the wasm path has a row, ok or failed');
    assert.ok(rows.every((row) => ['int', 'string', 'none'].includes(row.record)));
    assert.match(stdout, /^record "int" \(JSON \d+ B\)$/m);
    assert.match(stdout, /^json \(js\) x2\s+\d+ B\s+\d/m);
    assert.match(
      stderr,
      /messages: 4 blocks \(the sweep: each path with its references at each unit\), 2 paths/,
    );
    assert.match(stderr, /wrote \d+ rows/);
  } finally {
    rmSync(directory, { recursive: true, force: true });
  }
});

test('bench:web refuses options of the other workload with exit code 2', async () => {
  await assert.rejects(
    run(process.execPath, [BENCH_WEB, '--workload', 'messages', '--max-mb', '1']),
    (error) => {
      assert.equal(error.code, 2);
      assert.match(error.stderr, /--max-mb is an option of the tuples workload/);
      return true;
    },
  );
  await assert.rejects(
    run(process.execPath, [BENCH_WEB, '--workload', 'messages', '--records', 'date']),
    (error) => {
      assert.equal(error.code, 2);
      assert.match(error.stderr, /--records: unknown value 'date' \(accepted: bool, int, double/);
      return true;
    },
  );
  await assert.rejects(run(process.execPath, [BENCH_WEB, '--workload', 'files']), (error) => {
    assert.equal(error.code, 2);
    assert.match(error.stderr, /--workload: unknown value 'files' \(accepted: tuples, messages, documents\)/);
    return true;
  });
});
