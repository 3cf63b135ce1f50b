// The compression stage in Chromium (docs/design.md#compression): the page
// measures a tuple block whose members are compressed by CompressionStream
// and by zlib in the codec's lean module; and the same browser-safe modules,
// bundled into a blank page (compress-in-page.mjs), round-trip and cross-read CompressionStream's
// and the module's bytes, and turn corrupt or truncated bytes into an Error
// naming the codec and the compressor without harming the module; and
// bench:web runs messages per call compressed by fflate.

import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { test } from '@playwright/test';
import { startServer } from '../../node/serve.mjs';
import { pathLabel } from '../../src/catalog.mjs';
import { compressedMembers } from '../../src/harness/compressed-path.mjs';
import { selectSteps } from '../../src/workloads/tuples/dataset.mjs';
import { REPO_ROOT, openPage, watchErrors } from './browser.mjs';
import {
  COMPRESS_CODEC as CODEC,
  SHARED_FORMATS as FORMATS,
  checkCrossRead,
  crossReadInPage,
} from './compress-in-page.mjs';

const run = promisify(execFile);
const BENCH_WEB = path.join(REPO_ROOT, 'node', 'bench-web.mjs');

let server;
test.beforeAll(async () => {
  server = await startServer();
});
test.afterAll(async () => {
  await server?.close();
});

test('a block with members compressed by CompressionStream and in wasm, measured in the page', async ({
  page,
}) => {
  const errors = watchErrors(page);
  await openPage(page, server.url);
  await page.waitForFunction(() => document.body.dataset.state === 'idle');
  const facts = await page.textContent('[data-fact="CompressionStream formats"]');
  for (const format of FORMATS) assert.ok(facts.includes(format), facts);

  const subject = (fields) => ({ subject: fields, label: pathLabel(fields) });
  const members = [
    {
      reference: 'json',
      ...subject({ codec: 'json', impl: 'js', interop: 'js', library: 'JSON.stringify/JSON.parse' }),
    },
    { codec: CODEC, strategy: 'typed', ...subject({ codec: CODEC, impl: 'cpp', interop: 'typed' }) },
  ];
  const variants = FORMATS.flatMap((format) => [
    { format, where: 'CompressionStream' },
    { format, where: 'wasm', level: 6 },
  ]);
  const measured = compressedMembers(members, { formats: ['none', ...FORMATS], variants }, (member) =>
    Boolean(member.codec),
  );
  const [step] = selectSteps({ minMB: 0.05, maxMB: 0.06 });
  const text = await page.evaluate((job) => globalThis.wcbPage.runBlock(job), {
    workload: 'tuples',
    block: `tuples@${step.index}`,
    batch: `tuples@${step.index}#1`,
    process: 0,
    offset: 0,
    step,
    members: measured,
    rounds: 2,
    warmup: 1,
    sizes: true,
    codecs: [CODEC],
    strategies: ['typed'],
    peers: [],
    repetitions: 2,
  });
  const { rows } = JSON.parse(text);
  assert.deepEqual(
    rows.map((row) => pathLabel(row)),
    measured.map((member) => member.label),
  );
  for (const row of rows) {
    assert.equal(row.status, 'ok', `${pathLabel(row)}: ${row.error}`);
    if (!row.compression) continue;
    assert.ok(row.compression.compressedBytes < row.encodedBytes, pathLabel(row));
    assert.ok(row.encodePhases.compressMs >= 0 && row.decodePhases.decompressMs >= 0, pathLabel(row));
    if (row.compression.where === 'wasm') assert.equal(row.module, 'lean+zlib');
  }
  assert.deepEqual(errors, []);
});

test('in the browser: the module and CompressionStream read each other; bad bytes are an Error naming both', async ({
  page,
}) => {
  await page.goto(server.url);
  checkCrossRead(await crossReadInPage(page));
});

test('bench:web --workload messages --compress gzip: per call in Chromium through fflate, beside the plain paths', async () => {
  const directory = mkdtempSync(path.join(tmpdir(), 'wcb-compress-messages-'));
  try {
    const out = path.join(directory, 'messages.json');
    const args = ['--workload', 'messages', '--records', 'int', '--codecs', 'json', '--strategies', 'val'];
    args.push('--peers', 'msgpackr', '--compress', 'none,gzip', '--looks', '2', '--repetitions', '2');
    args.push('--warmup', '0', '--min-rep-ms', '1', '--out', out);
    const { stdout } = await run(process.execPath, [BENCH_WEB, ...args], { timeout: 480_000 });
    const { run: header, rows } = JSON.parse(readFileSync(out, 'utf8'));
    assert.deepEqual(header.protocol.compression.variants, [{ format: 'gzip', where: 'fflate', level: 6 }]);
    const measured = rows.filter((row) => row.record === 'int');
    const compressed = measured.filter((row) => row.compression);
    // JSON, msgpackr and the wasm path, each plain and through gzip, in both contexts.
    assert.ok(compressed.length >= 4, `${compressed.length} compressed rows`);
    for (const row of measured) assert.equal(row.status, 'ok', `${pathLabel(row)}: ${row.error}`);
    for (const row of compressed) {
      assert.equal(row.compression.where, 'fflate');
      assert.ok(row.compression.compressedBytes > 0);
    }
    assert.match(stdout, /\+ gzip \(fflate\)/);
  } finally {
    rmSync(directory, { recursive: true, force: true });
  }
});
