// The compression stage in Chromium (docs/design.md#compression): the page
// measures a tuple block whose members are compressed by CompressionStream
// and by zlib in the codec's lean module; and the same browser-safe modules,
// bundled into a blank page, round-trip and cross-read CompressionStream's
// and the module's bytes, and turn corrupt or truncated bytes into an Error
// naming the codec and the compressor without harming the module.

import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from '@playwright/test';
import { build } from 'esbuild';
import { readWasmBuild } from '../../scripts/build-web.mjs';
import { startServer } from '../../scripts/serve.mjs';
import { codecsOf, pathLabel } from '../../src/catalog.mjs';
import { compressedMembers } from '../../src/harness/compressed-path.mjs';
import { leanZlibModuleOf } from '../../src/harness/lean-codec.mjs';
import { selectSteps } from '../../src/workloads/tuples/dataset.mjs';
import { REPO_ROOT, openPage, watchErrors } from './browser.mjs';

const { info } = readWasmBuild();
const wasmDir = path.join(REPO_ROOT, 'build', 'wasm');
const [CODEC] = codecsOf(info, 'tuples').filter((codec) => codec !== 'raw' && leanZlibModuleOf(info, codec));
const FORMATS = ['gzip', 'deflate-raw'];

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
  const bundle = await build({
    stdin: {
      contents: [
        "export { withCompression } from './src/harness/compressed-path.mjs';",
        "export { createStreamCompressor, COMPRESSION_FORMATS } from './src/harness/compressors.mjs';",
        "export { createLeanCodec } from './src/harness/lean-codec.mjs';",
      ].join('\n'),
      resolveDir: REPO_ROOT,
      loader: 'js',
    },
    bundle: true,
    format: 'iife',
    globalName: 'wcbCompressTest',
    write: false,
  });
  await page.goto(server.url);
  await page.addScriptTag({ content: bundle.outputFiles[0].text });
  const wasm = [...readFileSync(path.join(wasmDir, leanZlibModuleOf(info, CODEC).wasm))];
  const outcome = await page.evaluate(
    async ({ wasm, formats }) => {
      const { createLeanCodec, createStreamCompressor, COMPRESSION_FORMATS } = globalThis.wcbCompressTest;
      const lean = await createLeanCodec(new Uint8Array(wasm));
      const items = Array.from({ length: 2000 }, (_, i) => ({ x: i, y: i / 3, z: -i / 7 }));
      const plain = lean.encode('typed', items).bytes;
      const same = (a, b) => a.length === b.length && a.every((byte, i) => byte === b[i]);
      const results = {};
      for (const format of formats) {
        const id = COMPRESSION_FORMATS[format].wasmId;
        const stream = createStreamCompressor(format);
        const fromModule = lean.encodeCompressed(items, id, 6).bytes;
        const fromStream = await stream.compress(plain);
        const errors = [];
        for (const bad of [fromModule.subarray(0, fromModule.length >> 1), new Uint8Array([1, 2, 3])]) {
          try {
            lean.decodeCompressed(bad, id);
          } catch (error) {
            errors.push(error.message);
          }
        }
        results[format] = {
          streamReadsModule: same(await stream.decompress(fromModule), plain),
          moduleReadsStream: lean.decodeCompressed(fromStream, id).items.length === items.length,
          errors,
          usable: lean.decodeCompressed(fromModule, id).items.length === items.length,
          aborted: lean.aborted,
        };
      }
      return results;
    },
    { wasm, formats: FORMATS },
  );
  for (const format of FORMATS) {
    const result = outcome[format];
    assert.ok(result.streamReadsModule && result.moduleReadsStream, format);
    assert.equal(result.errors.length, 2, format);
    for (const message of result.errors)
      assert.match(message, new RegExp(`^${CODEC}: ${format} decompress \\(zlib `));
    assert.ok(result.usable);
    assert.equal(result.aborted, null);
  }
});
