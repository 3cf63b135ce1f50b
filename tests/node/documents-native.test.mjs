// The native runner on the documents workload (docs/documents.md): the data
// sets JS writes (node/write-documents.mjs) read in C++ give the document
// checksum JS computed, so C++ and JS measure the same values; and a tiny
// run writes an ok row per codec and data set. Skipped while the writer or
// the native build is missing, or failed under WCB_REQUIRE_BUILDS=1 (as
// scripts/test.sh runs it).
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after } from 'node:test';
import { fileURLToPath } from 'node:url';

import { testWithBuild } from './wasm-helpers.mjs';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
// The small data sets: enough kinds of value (GeoJSON, non-ASCII strings and
// escapes, repeated records with an integer-like key) for a quick test.
const SMALL = ['geo-110m', 'random-strings', 'jbb-repeated'];

const writer = path.join(ROOT, 'node', 'write-documents.mjs');
const nativeBench = process.env.WCB_NATIVE_BENCH
  ? path.resolve(process.env.WCB_NATIVE_BENCH)
  : path.join(ROOT, 'build', 'native-release', 'src', 'native', 'wcb_native_bench');
const missing = !fs.existsSync(writer)
  ? `no ${path.relative(ROOT, writer)} yet (it writes the data-set files)`
  : !fs.existsSync(nativeBench)
    ? `no native runner at ${nativeBench}: run scripts/build-native.sh or set WCB_NATIVE_BENCH`
    : false;

const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'wcb-documents-native-'));
after(() => fs.rmSync(scratch, { recursive: true, force: true }));
const documentsDir = path.join(scratch, 'documents');

function native(args) {
  return spawnSync(nativeBench, ['--workload', 'documents', '--documents-dir', documentsDir, ...args], {
    encoding: 'utf8',
    timeout: 300_000,
    maxBuffer: 16 * 1024 * 1024,
  });
}

// Written once, by the first test that needs it.
let manifest;
function writeDocuments() {
  if (!manifest) {
    execFileSync(process.execPath, [writer, documentsDir, '--datasets', SMALL.join(',')], {
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    manifest = JSON.parse(fs.readFileSync(path.join(documentsDir, 'manifest.json'), 'utf8'));
  }
  return manifest;
}

testWithBuild('documents: C++ reads the data sets with the checksums JS wrote', missing, {}, () => {
  const { datasets } = writeDocuments();
  assert.deepEqual(
    datasets.map((entry) => entry.id),
    SMALL,
    'the data sets written',
  );
  const result = native(['--checksums']);
  assert.equal(result.status, 0, `--checksums exit status (stderr: ${result.stderr})`);
  const lines = result.stdout.trimEnd().split('\n');
  assert.deepEqual(
    lines,
    datasets.map((entry) => `${entry.id} ${entry.checksum} ok`),
    'C++ checksum of each data set vs the manifest (JS)',
  );
});

testWithBuild('documents: a tiny native run has an ok row per codec and data set', missing, {}, () => {
  const { datasets } = writeDocuments();
  const listed = spawnSync(nativeBench, ['--workload', 'documents', '--list'], { encoding: 'utf8' });
  assert.equal(listed.status, 0, listed.stderr);
  const codecs = listed.stdout
    .trimEnd()
    .split('\n')
    .map((line) => line.split('\t')[0]);
  assert.ok(codecs.includes('json'), `the build's document codecs: ${codecs.join(', ')}`);

  const out = path.join(scratch, 'native-documents.json');
  const result = native(['--repetitions', '1', '--warmup', '0', '--out', out]);
  assert.equal(result.status, 0, `exit status (stderr: ${result.stderr})`);
  const file = JSON.parse(fs.readFileSync(out, 'utf8'));
  assert.equal(file.run.workload, 'documents');
  assert.equal(file.run.finished, true);
  assert.deepEqual(file.run.protocol.datasets, SMALL);
  assert.equal(file.rows.length, codecs.length * datasets.length, 'one row per codec and data set');
  for (const entry of datasets) {
    for (const codec of codecs) {
      const row = file.rows.find((r) => r.dataset === entry.id && r.codec === codec);
      const label = `${codec} on ${entry.id}`;
      assert.ok(row, `${label}: a row`);
      assert.equal(row.status, 'ok', `${label}: ${row.error}`);
      assert.equal(row.place, 'native');
      assert.equal(row.impl, 'cpp');
      assert.equal(row.interop, 'none');
      assert.equal(row.jsonBytes, entry.jsonBytes, `${label}: jsonBytes from the manifest`);
      for (const size of ['encodedBytes', 'gzipBytes', 'gzip9Bytes']) {
        assert.ok(row[size] > 0, `${label}: ${size} ${row[size]}`);
      }
      for (const operation of ['encode', 'decode']) {
        assert.equal(row[operation].n, 1, `${label}: ${operation} repetitions`);
        assert.ok(row[operation].median > 0, `${label}: ${operation} median ${row[operation].median}`);
      }
    }
  }
});
