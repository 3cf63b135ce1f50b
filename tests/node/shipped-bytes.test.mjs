// The shipped-bytes data (scripts/shipped-bytes.mjs, written by the page
// build next to build-info.json) and its rendering (src/report/shipped-bytes-rows.mjs):
// every tuple module of the catalog, embind and lean, and every peer of the
// registry is there; sizes add up; gzip never exceeds raw; a peer without
// sizes says why; the lean modules meet the size targets.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';

import { DEFAULT_WASM_BUILD_DIR, readWasmBuildInfo } from '../../node/load-wasm.mjs';
import { codecsOf } from '../../src/catalog.mjs';
import { leanModuleOf, leanZlibModuleOf } from '../../src/harness/lean-codec.mjs';
import { PEERS } from '../../src/harness/peers.mjs';
import {
  SHIPPED_BYTES_CHART_ID,
  shippedBytesChart,
  shippedHeadlines,
  shippedRows,
  shippedParts,
} from '../../src/report/shipped-bytes-rows.mjs';
import { viewHtml } from '../../src/report/table-view.mjs';
import { adapterOf } from '../../scripts/shipped-bytes.mjs';
import { testWithBuild } from './wasm-helpers.mjs';

const FILE = path.join(DEFAULT_WASM_BUILD_DIR, 'shipped-bytes.json');
const missing = fs.existsSync(FILE)
  ? false
  : `no ${FILE}: run scripts/build-wasm.sh (its build:web step writes it)`;
const read = () => JSON.parse(fs.readFileSync(FILE, 'utf8'));
// The target for the lean protobuf, msgpack and flatbuffers modules, wasm + glue, gzip -9.
const LEAN_TARGET_GZIP_BYTES = 30 * 1024;

test('every registry peer names the adapter file its load() imports', () => {
  for (const peer of PEERS) {
    const adapter = adapterOf(peer);
    assert.ok(fs.existsSync(adapter), `${peer.name}: ${adapter} does not exist`);
  }
});

testWithBuild(
  'every tuple module of the catalog, embind and lean, with sizes that add up',
  missing,
  {},
  () => {
    const shipped = read();
    const info = readWasmBuildInfo();
    const codecs = codecsOf(info, 'tuples');
    for (const codec of codecs) {
      const kinds = shipped.modules.filter((row) => row.codec === codec).map((row) => row.module);
      const expected = ['embind'];
      if (leanModuleOf(info, codec)) expected.push('lean');
      // The lean module with the compression stage (docs/design.md#compression).
      if (leanZlibModuleOf(info, codec)) expected.push('lean+zlib');
      assert.deepEqual(kinds, expected, codec);
    }
    assert.deepEqual([...new Set(shipped.modules.map((row) => row.codec))], codecs);
    for (const row of shipped.modules) {
      const label = `${row.codec}/${row.module}`;
      for (const [raw, gzip] of [
        ['wasmBytes', 'wasmGzipBytes'],
        ['glueBytes', 'glueGzipBytes'],
        ['totalBytes', 'totalGzipBytes'],
      ]) {
        assert.ok(
          row[gzip] > 0 && row[gzip] <= row[raw],
          `${label}: ${gzip} ${row[gzip]} vs ${raw} ${row[raw]}`,
        );
      }
      assert.equal(row.totalBytes, row.wasmBytes + row.glueBytes, label);
      assert.equal(row.totalGzipBytes, row.wasmGzipBytes + row.glueGzipBytes, label);
      assert.equal(
        row.wasmBytes,
        fs.statSync(path.join(DEFAULT_WASM_BUILD_DIR, row.wasm)).size,
        `${label}: stale`,
      );
    }
    // The lean module ships less than the embind one of the same codec.
    for (const codec of codecs) {
      const [embind, lean] = ['embind', 'lean'].map((kind) =>
        shipped.modules.find((row) => row.codec === codec && row.module === kind),
      );
      if (lean)
        assert.ok(lean.totalGzipBytes < embind.totalGzipBytes, `${codec}: lean ${lean.totalGzipBytes} B`);
    }
  },
);

testWithBuild(
  'the lean protobuf, msgpack and flatbuffers modules are at most 30 KiB gzip -9 with their glue',
  missing,
  {},
  () => {
    const shipped = read();
    for (const codec of ['protobuf', 'msgpack', 'flatbuffers']) {
      const lean = shipped.modules.find((row) => row.codec === codec && row.module === 'lean');
      if (!lean) continue; // a build without that codec
      assert.ok(lean.totalGzipBytes <= LEAN_TARGET_GZIP_BYTES, `${codec}: ${lean.totalGzipBytes} B`);
    }
  },
);

testWithBuild('every registry peer: a bundle with sizes, or why it has none', missing, {}, () => {
  const shipped = read();
  assert.deepEqual(
    shipped.peers.map((row) => row.name),
    PEERS.map((peer) => peer.name),
  );
  for (const row of shipped.peers) {
    const peer = PEERS.find((entry) => entry.name === row.name);
    assert.equal(row.codec, peer.codec, row.name);
    if (!peer.places.includes('browser')) {
      assert.equal(row.error, 'runs in Node only', row.name);
      continue;
    }
    if (row.error) {
      assert.match(row.error, /^does not bundle: ./, row.name);
      continue;
    }
    assert.ok(
      row.gzipBytes > 0 && row.gzipBytes <= row.bytes,
      `${row.name}: ${row.gzipBytes} / ${row.bytes}`,
    );
    assert.ok(
      fs.existsSync(path.resolve(DEFAULT_WASM_BUILD_DIR, '..', '..', row.entry)),
      `${row.name}: ${row.entry}`,
    );
  }
});

test('rendering: rows grouped by format, the chart and the section, with nothing built', () => {
  const shipped = {
    gzip: 'zlib level 9',
    minifier: 'esbuild 0 (bundle, minify, esm, browser)',
    modules: [
      {
        codec: 'msgpack',
        module: 'embind',
        wasm: 'a.wasm',
        glue: 'a.cjs',
        wasmBytes: 90,
        wasmGzipBytes: 30,
        glueBytes: 10,
        glueGzipBytes: 5,
        totalBytes: 100,
        totalGzipBytes: 35,
      },
      {
        codec: 'msgpack',
        module: 'lean',
        wasm: 'b.wasm',
        glue: 'l.mjs',
        wasmBytes: 45,
        wasmGzipBytes: 15,
        glueBytes: 5,
        glueGzipBytes: 2,
        totalBytes: 50,
        totalGzipBytes: 17,
      },
    ],
    peers: [
      { name: 'big', codec: 'msgpack', library: 'big 1', bytes: 80, gzipBytes: 20 },
      { name: 'small', codec: 'msgpack', library: 'small 1', bytes: 8, gzipBytes: 4 },
      { name: 'nodey', codec: 'v8', library: 'v8 1', error: 'runs in Node only' },
    ],
  };
  const rows = shippedRows(shipped);
  assert.deepEqual(
    rows.map((row) => `${row.format} ${row.kind} ${row.name}`),
    [
      'msgpack wasm embind msgpack/embind',
      'msgpack wasm lean msgpack/lean',
      'msgpack JS library small',
      'msgpack JS library big',
      'v8 JS library nodey',
    ],
  );
  const chart = shippedBytesChart(shipped);
  assert.equal(chart.id, SHIPPED_BYTES_CHART_ID);
  assert.equal(chart.empty, false);
  // Raw and gzip per row with sizes; the Node-only peer has none.
  assert.equal(chart.spec.data.values.length, 8);
  assert.deepEqual(shippedHeadlines(shipped), [
    'msgpack, gzip -9: lean 0.0 KB; embind 0.0 KB; smallest JS library small 0.0 KB',
  ]);
  const html = viewHtml(shippedParts(shipped));
  assert.match(html, /<table class="shipped-bytes">/);
  assert.match(html, /runs in Node only/);
  assert.equal(shippedBytesChart(null).empty, true);
  assert.match(viewHtml(shippedParts(null)), /No build\/wasm\/shipped-bytes.json/);
});
