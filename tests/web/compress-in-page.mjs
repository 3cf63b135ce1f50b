// The compression cross-check run inside a browser page, shared by the
// Chromium spec (Playwright) and the Firefox test (puppeteer-core): both
// page APIs take addScriptTag({ content }) and evaluate(fn, arg). The
// browser-safe modules are bundled into the page; in it, zlib in the codec's
// lean module and the engine's CompressionStream read each other's bytes,
// and corrupt or truncated bytes are an Error naming the codec and the
// compressor, from either, with the module still usable after.

import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';
import { readWasmBuild } from '../../node/build-web.mjs';
import { codecsOf } from '../../src/catalog.mjs';
import { leanZlibModuleOf } from '../../src/harness/lean-codec.mjs';
import { REPO_ROOT } from './browser.mjs';

const { info } = readWasmBuild();
/** The first tuple codec (not the raw floor) whose lean module has zlib in it. */
export const COMPRESS_CODEC = codecsOf(info, 'tuples').filter(
  (codec) => codec !== 'raw' && leanZlibModuleOf(info, codec),
)[0];
/** The formats both CompressionStream and zlib write. */
export const SHARED_FORMATS = ['gzip', 'deflate-raw'];

async function bundle() {
  const result = await build({
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
  return result.outputFiles[0].text;
}

/**
 * Runs the cross-check in `page` (already on a served page) for every
 * format: { [format]: { streamReadsModule, moduleReadsStream, moduleErrors,
 * streamErrors, usable, aborted } }.
 */
export async function crossReadInPage(page, formats = SHARED_FORMATS) {
  await page.addScriptTag({ content: await bundle() });
  const wasm = [
    ...readFileSync(path.join(REPO_ROOT, 'build', 'wasm', leanZlibModuleOf(info, COMPRESS_CODEC).wasm)),
  ];
  return page.evaluate(
    async ({ wasm, formats, codec }) => {
      const { createLeanCodec, createStreamCompressor, withCompression, COMPRESSION_FORMATS } =
        globalThis.wcbCompressTest;
      const lean = await createLeanCodec(new Uint8Array(wasm));
      const items = Array.from({ length: 2000 }, (_, i) => ({ x: i, y: i / 3, z: -i / 7 }));
      const plain = lean.encode('typed', items).bytes;
      const same = (a, b) => a.length === b.length && a.every((byte, i) => byte === b[i]);
      const messageOf = async (call) => {
        try {
          await call();
        } catch (error) {
          return error.message;
        }
        return null;
      };
      const results = {};
      for (const format of formats) {
        const id = COMPRESSION_FORMATS[format].wasmId;
        const stream = createStreamCompressor(format);
        // The stream's side as a path would see it: the module's typed decode behind a decompress.
        const streamPath = withCompression(
          {
            codec,
            encode: (input) => ({ encoded: lean.encode('typed', input).bytes, phases: {} }),
            decode: (bytes) => lean.decode('typed', bytes),
            bytesOf: (encoded) => encoded,
          },
          stream,
        );
        const fromModule = lean.encodeCompressed(items, id, 6).bytes;
        const fromStream = await stream.compress(plain);
        const bad = [fromModule.subarray(0, fromModule.length >> 1), new Uint8Array([1, 2, 3])];
        const moduleErrors = [];
        const streamErrors = [];
        for (const bytes of bad) {
          moduleErrors.push(await messageOf(() => lean.decodeCompressed(bytes, id)));
          streamErrors.push(await messageOf(() => streamPath.decode(bytes)));
        }
        results[format] = {
          streamReadsModule: same(await stream.decompress(fromModule), plain),
          moduleReadsStream: lean.decodeCompressed(fromStream, id).items.length === items.length,
          moduleErrors,
          streamErrors,
          usable: lean.decodeCompressed(fromModule, id).items.length === items.length,
          aborted: lean.aborted,
        };
      }
      return results;
    },
    { wasm, formats, codec: COMPRESS_CODEC },
  );
}

/** Asserts crossReadInPage's outcome: every read whole, every bad input an Error naming codec and compressor. */
export function checkCrossRead(outcome, formats = SHARED_FORMATS) {
  for (const format of formats) {
    const result = outcome[format];
    assert.ok(result.streamReadsModule, `${format}: CompressionStream reads the module's bytes`);
    assert.ok(result.moduleReadsStream, `${format}: the module reads CompressionStream's bytes`);
    for (const message of result.moduleErrors)
      assert.match(message ?? 'no error', new RegExp(`^${COMPRESS_CODEC}: ${format} decompress \\(zlib `));
    for (const message of result.streamErrors)
      assert.match(
        message ?? 'no error',
        new RegExp(`^${COMPRESS_CODEC}: ${format} decompress \\(CompressionStream\\): \\S`),
      );
    assert.ok(result.usable, `${format}: the module decodes after the bad bytes`);
    assert.equal(result.aborted, null, format);
  }
}
