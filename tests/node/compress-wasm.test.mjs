// The compression stage in wasm (src/compress/compressor.h, zlib from
// Debian's source in each codec's lean module with zlib,
// src/workloads/tuples/lean-compress-bindings.cpp), for every codec of the
// build's catalog:
//   - the typed path compressed in the module round-trips, and its bytes
//     decompress to the plain typed encoding (node:zlib and CompressionStream
//     read them: the standard format);
//   - the module reads node:zlib's and CompressionStream's bytes;
//   - corrupt, truncated and foreign bytes are an Error naming the codec,
//     the format and the compressor; the module stays usable and keeps no
//     bytes from failed calls;
//   - the plain lean module stays without zlib (smaller).
import assert from 'node:assert/strict';
import zlib from 'node:zlib';
import { describe, test } from 'node:test';

import { listWasmCodecs, loadLeanCodec, readWasmBuildInfo } from '../../node/load-wasm.mjs';
import { pathLabel } from '../../src/catalog.mjs';
import { compressedPath } from '../../src/harness/compressed-path.mjs';
import {
  COMPRESSION_FORMATS,
  createFflateCompressor,
  createStreamCompressor,
} from '../../src/harness/compressors.mjs';
import { LEAN_ZLIB_MODULE, leanModuleOf, leanZlibModuleOf } from '../../src/harness/lean-codec.mjs';
import { createWasmPath } from '../../src/workloads/tuples/tuple-paths.mjs';
import { assertSameItems, datasetWithItems } from './wasm-helpers.mjs';

const FAILING_CALLS = 500;
const ALLOCATED_MARGIN_BYTES = 1024;

const info = readWasmBuildInfo();
const codecs = listWasmCodecs();
const { items } = datasetWithItems(3000);

// node:zlib's calls of each format the module has.
const NODE_ZLIB = {
  gzip: { compress: zlib.gzipSync, decompress: zlib.gunzipSync },
  'deflate-raw': { compress: zlib.deflateRawSync, decompress: zlib.inflateRawSync },
};
const FORMATS = Object.keys(NODE_ZLIB);

describe('zlib in the lean modules', () => {
  for (const codec of codecs) {
    test(`${codec}: a lean module with zlib beside the plain one, which stays smaller`, () => {
      const plain = leanModuleOf(info, codec);
      const withZlib = leanZlibModuleOf(info, codec);
      assert.ok(plain && withZlib, `${codec}: both lean modules in the catalog`);
      assert.ok(withZlib.wasmBytes > plain.wasmBytes + 20_000, `${withZlib.wasmBytes} vs ${plain.wasmBytes}`);
    });

    for (const format of FORMATS) {
      const { wasmId } = COMPRESSION_FORMATS[format];
      test(`${codec} ${format}: round trip in the module, the standard format both ways`, async () => {
        const plainCodec = await loadLeanCodec(codec);
        assert.equal(plainCodec.compresses, false);
        const lean = await loadLeanCodec(codec, { compress: true });
        assert.equal(lean.compresses, true);
        assert.equal(lean.module, LEAN_ZLIB_MODULE);
        const plainBytes = plainCodec.encode('typed', items).bytes;

        for (const level of [-1, 0, 1, 9]) {
          const { bytes, codecBytes, phases } = lean.encodeCompressed(items, wasmId, level);
          assert.equal(codecBytes, plainBytes.length);
          assert.ok(phases.compressMs >= 0 && phases.codecMs >= 0);
          // node:zlib, CompressionStream and fflate read the module's bytes...
          assert.deepEqual(new Uint8Array(NODE_ZLIB[format].decompress(bytes)), plainBytes, `level ${level}`);
          const stream = createStreamCompressor(format);
          assert.deepEqual(new Uint8Array(await stream.decompress(bytes)), plainBytes);
          assert.deepEqual(createFflateCompressor(format, 6).decompress(bytes), plainBytes, 'fflate');
          // ...and the module reads its own.
          assertSameItems(lean.decodeCompressed(bytes, wasmId).items, items, `${codec} ${format} ${level}`);
        }
        // The module reads node:zlib's, CompressionStream's and fflate's bytes.
        const fromNode = NODE_ZLIB[format].compress(plainBytes);
        assertSameItems(lean.decodeCompressed(fromNode, wasmId).items, items, 'node:zlib bytes');
        const fromStream = await createStreamCompressor(format).compress(plainBytes);
        const decoded = lean.decodeCompressed(fromStream, wasmId);
        assertSameItems(decoded.items, items, 'CompressionStream bytes');
        assert.ok(decoded.phases.decompressMs >= 0);
        const fromFflate = createFflateCompressor(format, 6).compress(plainBytes);
        assertSameItems(lean.decodeCompressed(fromFflate, wasmId).items, items, 'fflate bytes');
      });

      test(`${codec} ${format}: bad compressed bytes are an Error naming the codec and the compressor`, async () => {
        const lean = await loadLeanCodec(codec, { compress: true });
        const { bytes } = lean.encodeCompressed(items, wasmId, -1);
        const other = FORMATS.find((name) => name !== format);
        const bad = {
          truncated: bytes.subarray(0, bytes.length >> 1),
          'one byte short': bytes.subarray(0, bytes.length - 1),
          empty: new Uint8Array(0),
          'trailing bytes': new Uint8Array([...bytes, 1, 2, 3]),
          noise: new Uint8Array(300).map((_, i) => (i * 131 + 7) & 0xff),
          'the other format': NODE_ZLIB[other].compress(Buffer.from('not this format')),
        };
        const prefix = `${codec}: ${format} decompress (zlib `;
        const failOnce = () => {
          for (const [what, input] of Object.entries(bad)) {
            assert.throws(
              () => lean.decodeCompressed(input, wasmId),
              (error) => error instanceof Error && error.message.startsWith(prefix),
              `${codec} ${format}: ${what}`,
            );
          }
        };
        failOnce();
        const allocated = lean.allocatedBytes();
        for (let i = 0; i < FAILING_CALLS / 6; i++) failOnce();
        assert.ok(
          lean.allocatedBytes() - allocated <= ALLOCATED_MARGIN_BYTES,
          `${lean.allocatedBytes() - allocated} bytes more after failing calls`,
        );
        assert.equal(lean.aborted, null);
        // A format id the module has not, and a level zlib has not: errors too.
        assert.throws(
          () => lean.decodeCompressed(bytes, 99),
          /compression format 99 is not one this module has/,
        );
        assert.throws(() => lean.encodeCompressed(items, wasmId, 10), /level 10 is out of range/);
        // Still usable.
        assertSameItems(lean.decodeCompressed(bytes, wasmId).items, items, 'after the failures');
      });
    }

    test(`${codec}: the typed path compressed in wasm, as the harness makes it`, async () => {
      const path = createWasmPath(await loadLeanCodec(codec, { compress: true }), 'typed');
      const compressed = compressedPath(path, { format: 'gzip', where: 'wasm', level: 6 });
      assert.equal(pathLabel(compressed), `${codec}/typed + gzip (wasm)`);
      const { encoded, codecBytes } = compressed.encode(items);
      assert.ok(encoded.length < codecBytes);
      assertSameItems(compressed.decode(encoded).items, items, 'harness path');
      // The plain lean module has no compression stage to offer.
      const plain = createWasmPath(await loadLeanCodec(codec), 'typed');
      assert.throws(
        () => compressedPath(plain, { format: 'gzip', where: 'wasm' }),
        new RegExp(`^Error: ${codec}: this module does not compress in wasm`),
      );
    });
  }
});
