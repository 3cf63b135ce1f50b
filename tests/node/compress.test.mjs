// The compression stage in JS (src/harness/compressors.mjs,
// compressed-path.mjs, node/zlib-compressors.mjs): every JS compressor in Node
// round-trips a path's bytes and text; every one reads every other's bytes
// of the same format; corrupt and truncated input is an Error naming the
// codec, the format and the compressor; the protocol measures a compressed
// path (row fields, phases, schema); the variants a run asks for.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { describe, test } from 'node:test';

import { createZlibCompressor } from '../../node/zlib-compressors.mjs';
import { parseCompression } from '../../node/run-options.mjs';
import { pathLabel } from '../../src/catalog.mjs';
import {
  compressedMembers,
  withCompression,
  withMessageCompression,
} from '../../src/harness/compressed-path.mjs';
import { compressionLines } from '../../src/harness/block-tables.mjs';
import { makeMessage, messageDifference, MESSAGE_NAMES } from '../../src/workloads/messages/records.mjs';
import {
  COMPRESSORS,
  compressionVariants,
  createFflateCompressor,
  createStreamCompressor,
  streamFormats,
} from '../../src/harness/compressors.mjs';
import { createJsonBaselinePath } from '../../src/harness/json-baseline.mjs';
import { createJsonMessagePath } from '../../src/workloads/messages/json-path.mjs';
import { measurePath } from '../../src/harness/payload-measure.mjs';
import { createPeerPath, findPeer, peersFor } from '../../src/harness/peers.mjs';
import { createPeerMessagePath } from '../../src/workloads/messages/measure.mjs';
import { createResultsValidator } from '../../src/harness/validate.mjs';
import { datasetWithItems } from './wasm-helpers.mjs';
import { resultsSchema } from '../../src/workload-folders.mjs';

const LEVEL = 6;
const BROTLI_LEVEL = 5;

// Every JS compressor Node has, per format.
function jsCompressors() {
  const list = [];
  for (const where of ['node:zlib', 'node:zlib async']) {
    for (const format of ['gzip', 'deflate-raw', 'brotli']) {
      list.push(createZlibCompressor(format, format === 'brotli' ? BROTLI_LEVEL : LEVEL, where));
    }
  }
  for (const format of ['gzip', 'deflate-raw']) {
    list.push(createStreamCompressor(format), createFflateCompressor(format, LEVEL));
  }
  return list;
}

const describeCompressor = (compressor) => `${compressor.format} (${compressor.where})`;
const bytesOfText = (text) => new TextEncoder().encode(text);

describe('the JS compressors in Node', () => {
  const input = bytesOfText(JSON.stringify({ items: datasetWithItems(2000).items }));

  for (const compressor of jsCompressors()) {
    test(`${describeCompressor(compressor)}: round trip, smaller than its input`, async () => {
      const compressed = await compressor.compress(input);
      assert.ok(
        compressed.byteLength < input.byteLength / 3,
        `${compressed.byteLength} of ${input.byteLength}`,
      );
      assert.deepEqual(new Uint8Array(await compressor.decompress(compressed)), input);
    });
  }

  test('every compressor reads every other one bytes of the same format', async () => {
    const all = jsCompressors();
    for (const writer of all) {
      const compressed = await writer.compress(input);
      for (const reader of all.filter((other) => other.format === writer.format)) {
        const back = new Uint8Array(await reader.decompress(compressed));
        assert.deepEqual(back, input, `${describeCompressor(writer)} read by ${reader.where}`);
      }
    }
  });

  test('Node 20 CompressionStream has gzip, deflate and deflate-raw', () => {
    for (const format of ['gzip', 'deflate', 'deflate-raw']) assert.ok(streamFormats().includes(format));
    assert.throws(() => createStreamCompressor('zstd'), /CompressionStream: this engine has no 'zstd'/);
  });
});

const peer = await createPeerPath(findPeer('msgpackr'));

describe('a path through the compression stage', () => {
  const { items } = datasetWithItems(500);
  const paths = [createJsonBaselinePath(), peer];

  for (const compressor of jsCompressors()) {
    for (const plain of paths) {
      test(`${pathLabel(plain)} ${describeCompressor(compressor)}: round trip, label, phases`, async () => {
        const path = withCompression(plain, compressor);
        assert.equal(pathLabel(path), `${pathLabel(plain)} + ${compressor.format} (${compressor.where})`);
        const { encoded, codecBytes, phases } = await path.encode(items);
        const plainBytes = plain.bytesOf(plain.encode(items).encoded);
        assert.equal(
          codecBytes,
          typeof plainBytes === 'string' ? bytesOfText(plainBytes).length : plainBytes.length,
        );
        assert.ok(phases.compressMs >= 0);
        const decoded = await path.decode(encoded);
        assert.deepEqual(decoded.items, items);
        assert.ok(decoded.phases.decompressMs >= 0);
      });
    }
  }

  test('corrupt and truncated bytes: an Error naming the codec, the format and the compressor', async () => {
    for (const compressor of jsCompressors()) {
      for (const plain of paths) {
        const path = withCompression(plain, compressor);
        const { encoded } = await path.encode(items);
        const bad = {
          truncated: encoded.subarray(0, encoded.length >> 1),
          'cut by one byte': encoded.subarray(0, encoded.length - 1),
          empty: new Uint8Array(0),
          noise: new Uint8Array(64).map((_, i) => (i * 97 + 13) & 0xff),
        };
        for (const [what, bytes] of Object.entries(bad)) {
          const prefix = `${plain.codec}: ${compressor.format} decompress (${compressor.where}): `;
          await assert.rejects(
            async () => path.decode(bytes),
            (error) => error instanceof Error && error.message.startsWith(prefix),
            `${describeCompressor(compressor)} ${pathLabel(plain)}: ${what}`,
          );
        }
        // The path stays usable.
        assert.deepEqual((await path.decode(encoded)).items, items);
      }
    }
  });

  test('the protocol measures it: the row names the compression, the phases, the schema holds', async () => {
    const schema = await resultsSchema();
    // The row against the schema's tuplesRow.
    const validate = createResultsValidator({ $defs: schema.$defs, $ref: '#/$defs/tuplesRow' });
    const step = { index: 1, count: items.length, jsonBytes: 1, jsonMB: 0.1 };
    for (const compressor of [createZlibCompressor('gzip', 6, 'node:zlib'), createStreamCompressor('gzip')]) {
      const row = await measurePath(withCompression(peer, compressor), {
        place: 'node',
        step,
        items,
        warmup: 1,
        repetitions: 3,
      });
      assert.equal(row.status, 'ok', row.error);
      assert.deepEqual(
        { ...row.compression, compressedBytes: undefined },
        {
          format: 'gzip',
          where: compressor.where,
          ...(compressor.level && { level: 6 }),
          compressedBytes: undefined,
        },
      );
      assert.ok(row.compression.compressedBytes < row.encodedBytes);
      assert.equal(row.gzipBytes, undefined, 'no gzip size of compressed bytes');
      assert.ok(row.encodePhases.compressMs > 0 && row.decodePhases.decompressMs > 0);
      assert.ok(row.encode.median >= row.encodePhases.compressMs);
      const result = validate(row);
      assert.ok(result.valid, result.text);
    }
  });
});

// A decompressor hands bytes back as a plain Uint8Array, whatever the codec wrote (a Buffer here).
const plainCopy = (bytes) => new Uint8Array(bytes);

test('every library reads its bytes back as a plain Uint8Array (what a decompressor gives)', async () => {
  const { items } = datasetWithItems(50);
  const proto = (name) => fs.readFileSync(new URL(`../../proto/${name}.proto`, import.meta.url), 'utf8');
  const context = { protoText: proto('tuple'), messagesProtoText: proto('messages') };
  for (const entry of peersFor('node')) {
    const tuples = await createPeerPath(entry, context);
    const bytes = tuples.bytesOf(tuples.encode(items).encoded);
    if (typeof bytes !== 'string') {
      const decoded = tuples.decode(plainCopy(bytes)).items;
      assert.deepEqual(tuples.toPlainItems ? tuples.toPlainItems(decoded) : decoded, items, entry.name);
    }
    const messages = await createPeerMessagePath(entry, context);
    for (const name of ['int', 'record']) {
      let calls;
      try {
        calls = messages.forRecord(name);
      } catch {
        continue; // a record the library cannot hold (messages-peers.test.mjs lists them)
      }
      const encoded = calls.encode(makeMessage(name));
      if (typeof encoded === 'string') continue;
      const decoded = calls.decode(plainCopy(encoded));
      const plain = calls.toPlain ? calls.toPlain(decoded) : decoded;
      assert.equal(messageDifference(makeMessage(name), plain), null, `${entry.name} ${name}`);
    }
  }
});

describe('the variants a run asks for', () => {
  test('defaults per place, levels, and what no compressor has', () => {
    assert.deepEqual(
      compressionVariants({ formats: ['none', 'gzip'], options: ['zlib', 'wasm'], place: 'node' }),
      [
        { format: 'gzip', where: 'node:zlib', level: 6 },
        { format: 'gzip', where: 'wasm', level: 6 },
      ],
    );
    assert.deepEqual(
      compressionVariants({ formats: ['brotli'], options: ['zlib'], level: 4, place: 'node' }),
      [{ format: 'brotli', where: 'node:zlib', level: 4 }],
    );
    assert.throws(
      () => compressionVariants({ formats: ['zstd'], options: ['zlib', 'wasm'], place: 'node' }),
      /--compress zstd: no compressor in node has it/,
    );
    assert.throws(
      () => compressionVariants({ formats: ['brotli'], options: ['stream'], place: 'browser' }),
      /no compressor in browser has it/,
    );
    assert.throws(
      () => compressionVariants({ formats: ['gzip'], options: ['zlib'], level: 12, place: 'node' }),
      /gzip: level 12 is out of range \(accepted: 0 to 9\)/,
    );
    // CompressionStream takes no level: with --compress-level it cannot run.
    assert.throws(
      () => compressionVariants({ formats: ['gzip'], options: ['stream'], level: 1, place: 'browser' }),
      /CompressionStream take no level/,
    );
  });

  test('the command line', () => {
    assert.equal(parseCompression({}, 'node'), undefined);
    assert.equal(parseCompression({ compress: 'none' }, 'node'), undefined);
    assert.deepEqual(parseCompression({ compress: 'none,deflate-raw', compressors: 'stream' }, 'node'), {
      formats: ['none', 'deflate-raw'],
      compressors: ['stream'],
      variants: [{ format: 'deflate-raw', where: 'CompressionStream' }],
    });
    assert.throws(() => parseCompression({ compress: 'lz4' }, 'node'), /--compress: unknown value 'lz4'/);
    assert.throws(
      () => parseCompression({ 'compress-level': '3' }, 'node'),
      /--compress-level needs --compress/,
    );
  });

  test('block members: each member per variant it takes, the wasm one for in-module paths only', () => {
    const subject = (fields) => ({ subject: fields, label: pathLabel(fields) });
    const members = [
      { reference: 'json', ...subject({ codec: 'json', impl: 'js', interop: 'js' }) },
      { reference: 'floor', ...subject({ codec: 'objects', impl: 'js', interop: 'js', variant: 'floor' }) },
      {
        codec: 'msgpack',
        strategy: 'typed',
        ...subject({ codec: 'msgpack', impl: 'cpp', interop: 'typed' }),
      },
      {
        codec: 'msgpack',
        strategy: 'typed',
        addon: true,
        ...subject({ place: 'node-addon', codec: 'msgpack', impl: 'cpp', interop: 'typed' }),
      },
    ];
    const variants = [
      { format: 'gzip', where: 'node:zlib', level: 6 },
      { format: 'gzip', where: 'wasm', level: 6 },
    ];
    const inModule = (member) => member.codec !== undefined && !member.addon;
    const labels = compressedMembers(members, { formats: ['gzip'], variants }, inModule).map((m) => m.label);
    assert.deepEqual(labels, [
      'json (js)',
      'objects (js, floor)',
      'json (js) + gzip (node:zlib)',
      'msgpack/typed + gzip (node:zlib)',
      'msgpack/typed (addon) + gzip (node:zlib)',
      'msgpack/typed + gzip (wasm)',
    ]);
  });

  test('the declarations agree with what Node runs', () => {
    for (const compressor of COMPRESSORS.filter(
      (entry) => entry.places.includes('node') && entry.where.startsWith('node:'),
    )) {
      for (const format of compressor.formats) assert.ok(createZlibCompressor(format, 1, compressor.where));
    }
  });
});

describe('per call (messages)', () => {
  test('every record through gzip and back, JSON text included; the codec bytes kept', () => {
    const path = withMessageCompression(
      createJsonMessagePath(),
      createZlibCompressor('gzip', 6, 'node:zlib'),
    );
    assert.equal(pathLabel(path), 'json (js) + gzip (node:zlib)');
    for (const name of MESSAGE_NAMES) {
      const calls = path.forRecord(name);
      const compressed = calls.encode(makeMessage(name));
      assert.ok(compressed instanceof Uint8Array);
      assert.equal(
        calls.codecBytes(),
        bytesOfText(createJsonMessagePath().forRecord(name).encode(makeMessage(name))).length,
      );
      assert.equal(messageDifference(makeMessage(name), calls.decode(compressed)), null, name);
      assert.throws(
        () => calls.decode(compressed.subarray(0, 5)),
        /^Error: json: gzip decompress \(node:zlib\): unexpected end of file/,
      );
    }
  });

  test('fflate per call: every record through deflate-raw and back, bad bytes name it', () => {
    const path = withMessageCompression(createJsonMessagePath(), createFflateCompressor('deflate-raw', 6));
    for (const name of MESSAGE_NAMES) {
      const calls = path.forRecord(name);
      const compressed = calls.encode(makeMessage(name));
      assert.equal(messageDifference(makeMessage(name), calls.decode(compressed)), null, name);
      for (const bad of [new Uint8Array(0), compressed.subarray(0, compressed.length >> 1)]) {
        assert.throws(
          () => calls.decode(bad),
          /^Error: json: deflate-raw decompress \(fflate\): unexpected EOF/,
        );
      }
    }
  });

  test('a per-call run takes the compressors that answer in the call: node:zlib and fflate, fflate in a browser', () => {
    assert.deepEqual(parseCompression({ compress: 'gzip' }, 'node', { perCall: true }).compressors, ['zlib']);
    assert.deepEqual(parseCompression({ compress: 'gzip' }, 'browser', { perCall: true }).variants, [
      { format: 'gzip', where: 'fflate', level: 6 },
    ]);
    for (const option of ['stream', 'zlib-async', 'wasm']) {
      assert.throws(
        () => parseCompression({ compress: 'gzip', compressors: option }, 'node', { perCall: true }),
        new RegExp(`--compressors: unknown value '${option}'`),
      );
    }
  });

  test('an asynchronous compressor cannot run per call', () => {
    assert.throws(
      () => withMessageCompression(createJsonMessagePath(), createStreamCompressor('gzip')),
      /CompressionStream: asynchronous, and a per-call path needs a synchronous compressor/,
    );
  });
});

test('the block table of where compression pays: each compressed member beside its plain path', () => {
  const members = [
    { label: 'json (js)', encodedBytes: 1000, medians: { encode: 2, decode: 3 } },
    {
      label: 'json (js) + gzip (node:zlib)',
      plainLabel: 'json (js)',
      compression: { format: 'gzip', where: 'node:zlib', level: 6, compressedBytes: 250 },
      encodedBytes: 1000,
      medians: { encode: 4, decode: 5 },
    },
    { label: 'msgpack/val', encodedBytes: 14, medians: { encode: 1, decode: 1 } },
    {
      label: 'msgpack/val + gzip (fflate)',
      plainLabel: 'msgpack/val',
      compression: { format: 'gzip', where: 'fflate', level: 6, compressedBytes: 34 },
      medians: { encode: 9, decode: 8 },
    },
    { label: 'pbf', encodedBytes: 478000, medians: { encode: 2, decode: 2 } },
    {
      label: 'pbf + brotli (node:zlib)',
      plainLabel: 'pbf',
      compression: { format: 'brotli', where: 'node:zlib', level: 11, compressedBytes: 1060 },
      medians: { encode: 70, decode: 3 },
    },
  ];
  // Two significant digits: a tiny ratio keeps its size, a small value's growth shows.
  assert.deepEqual(compressionLines({ members, operations: ['encode', 'decode'] }, String), [
    ['json (js)', 'gzip -6 (node:zlib)', '1000 B', '250 B', '0.25x', '2 -> 4', '3 -> 5'],
    ['msgpack/val', 'gzip -6 (fflate)', '14 B', '34 B', '2.43x', '1 -> 9', '1 -> 8'],
    ['pbf', 'brotli -11 (node:zlib)', '467 KB', '1.04 KB', '0.0022x', '2 -> 70', '2 -> 3'],
  ]);
});
