// npm run report on documents results: a hand-made Node run (two data sets,
// the JSON baseline per batch, two wasm paths with phases, two JS libraries,
// a failed and an n/a row), a small browser run and a native one. Checks
// the documents are valid results files, then the page: per file, the
// view's time and size tables per data set with the verdicts, JBB's
// labelled reference lines, the failed and n/a reasons; the charts and the
// headlines. And that the default (tuples) report still
// works where no documents results are.

import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import {
  copyFileSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildHeader, protocolHeader, resultsDocument, runHeader } from '../../src/harness/results.mjs';
import { summarize } from '../../src/harness/stats.mjs';
import { compareStats, formatVerdictRatio, formatWithInterval } from '../../src/harness/verdict.mjs';
import { createResultsValidator } from '../../src/harness/validate.mjs';
import { useCodecOrder } from '../../src/report/codec-order.mjs';
import { escapeHtml } from '../../src/report/html.mjs';
import { toSources } from '../../src/report/shared-model.mjs';
import { registerWorkloadFolders, resultsSchema } from '../../src/workload-folders.mjs';
import { JBB_SOURCE } from '../../src/workloads/documents/jbb-reference.mjs';
import { unitRecords } from '../../src/report/unit-report.mjs';

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const REPORT = path.join(REPO_ROOT, 'node', 'report.mjs');
const GEO = 'geo-110m';
const UNMAPPED = 'unmapped-s51';
const JSON_BYTES = { [GEO]: 460000, [UNMAPPED]: 104000 };
const JSON_LIBRARY = 'JSON.stringify/JSON.parse';
const NA_REASON = 'geobuf: cannot represent a value that is not GeoJSON (unmapped-s51)';
const FAILED_ERROR = 'msgpack/val: decode: the value differs at $[3][1] (1.5 vs 1)';

// Five timed runs around a median: tight (1% spread) unless told (one spread, or [encode, decode]).
const samples = (median, spread = 0.01) => [-2, -1, 0, 1, 2].map((k) => median * (1 + k * spread));
const stats = (median, spread) => summarize(samples(median, spread));

function row(place, fields, { encode, decode, spread = 0.01, bytes, phases } = {}) {
  const base = { place, impl: 'cpp', ...fields };
  const dataset = fields.dataset;
  const withSize = { ...base, jsonBytes: JSON_BYTES[dataset], jsonMB: JSON_BYTES[dataset] / 2 ** 20 };
  if (encode === undefined) return withSize;
  const result = {
    ...withSize,
    status: 'ok',
    encodedBytes: bytes,
    gzipBytes: Math.round(bytes / 4),
    ...(place !== 'browser' && { gzip9Bytes: Math.round(bytes / 5) }),
    encode: stats(encode, [spread].flat()[0]),
    decode: stats(decode, [spread].flat().at(-1)),
  };
  if (phases) {
    const [encodeCodec, decodeCodec] = phases;
    result.encodePhases = { marshalInMs: encode - encodeCodec, codecMs: encodeCodec, bytesOutMs: 0 };
    result.decodePhases = { bytesInMs: 0, codecMs: decodeCodec, marshalOutMs: decode - decodeCodec };
  }
  return { ...result, status: 'ok' };
}

const baseline = (place, batch, dataset, encode, decode) =>
  row(
    place,
    { codec: 'json', impl: 'js', interop: 'js', library: JSON_LIBRARY, batch, dataset },
    { encode, decode, bytes: JSON_BYTES[dataset] },
  );
const wasm = (place, strategy, dataset, times) =>
  row(
    place,
    {
      codec: 'msgpack',
      interop: strategy,
      library: 'msgpack-cxx 6.1.0',
      batch: `msgpack/${strategy}`,
      dataset,
    },
    times,
  );
const peer = (place, codec, library, batch, dataset, times) =>
  row(place, { codec, impl: 'js', interop: 'js', library, batch, dataset }, times);

/** The Node run: per data set, each job's JSON baseline then its path. */
function nodeRows() {
  const rows = [];
  // geo-110m: tagged encodes 2x JSON (tight), val is within noise of JSON (a
  // 10% spread around nearly the same median); decodes are slower than JSON.
  rows.push(
    baseline('node', 'msgpack/val', GEO, 10, 8),
    wasm('node', 'val', GEO, { encode: 10.2, decode: 20, spread: 0.1, bytes: 300000, phases: [2, 3] }),
    baseline('node', 'msgpack/tagged', GEO, 10, 8),
    wasm('node', 'tagged', GEO, { encode: 5, decode: 16, bytes: 300000, phases: [2.5, 4] }),
    baseline('node', 'msgpackr', GEO, 10, 8),
    peer('node', 'msgpack', 'msgpackr 2.1.4', 'msgpackr', GEO, {
      encode: 6,
      decode: 16.1,
      spread: [0.01, 0.1],
      bytes: 300000,
    }),
    baseline('node', 'geobuf', GEO, 10, 8),
    peer('node', 'geobuf', 'geobuf 4.0.0', 'geobuf', GEO, { encode: 20, decode: 30, bytes: 120000 }),
  );
  // unmapped: val fails, geobuf cannot hold it (n/a), tagged is 3x faster to encode.
  rows.push(
    baseline('node', 'msgpack/val', UNMAPPED, 3, 3),
    { ...wasm('node', 'val', UNMAPPED), status: 'failed', error: FAILED_ERROR },
    baseline('node', 'msgpack/tagged', UNMAPPED, 3, 3),
    wasm('node', 'tagged', UNMAPPED, { encode: 1, decode: 2, bytes: 60000, phases: [0.5, 1] }),
    baseline('node', 'msgpackr', UNMAPPED, 3, 3),
    peer('node', 'msgpack', 'msgpackr 2.1.4', 'msgpackr', UNMAPPED, {
      encode: 1.5,
      decode: 2.5,
      bytes: 60000,
    }),
    baseline('node', 'geobuf', UNMAPPED, 3, 3),
    (({ jsonBytes, jsonMB, ...fields }) => ({ ...fields, status: 'n/a', reason: NA_REASON }))(
      peer('node', 'geobuf', 'geobuf 4.0.0', 'geobuf', UNMAPPED),
    ),
  );
  return rows;
}

function browserRows() {
  return [
    baseline('browser', 'msgpack/tagged', GEO, 12, 9),
    wasm('browser', 'tagged', GEO, { encode: 4, decode: 18, bytes: 300000, phases: [2, 5] }),
  ];
}

// Native: no JSON baseline, no JS library; interop 'none' with all the time in the codec.
function nativeRows() {
  return [GEO, UNMAPPED].map((dataset) =>
    row(
      'native',
      { codec: 'msgpack', interop: 'none', library: 'msgpack-cxx 6.1.0', batch: 'native', dataset },
      { encode: 1, decode: 2, bytes: dataset === GEO ? 300000 : 60000, phases: [1, 2] },
    ),
  );
}

function documentOf(place, rows) {
  const run = runHeader({
    place,
    workload: 'documents',
    date: new Date('2026-12-02T10:00:00Z'),
    finished: true,
    machine: { os: 'Linux 6.1', arch: 'x64', cpus: 2 },
    runtime:
      place === 'native'
        ? { name: 'g++', version: '12.2' }
        : place === 'browser'
          ? { name: 'chromium', version: '140', userAgent: 'HeadlessChrome/140' }
          : { name: 'node', version: 'v20.20.2', v8: '11.3' },
    build:
      place === 'native'
        ? { emscripten: null, flags: '-O3', compiler: 'g++ 12.2' }
        : buildHeader({ emscripten: '3.1.6', flags: '-O3', profile: 'Release' }, 'documents'),
    protocol: {
      ...protocolHeader({
        warmup: 1,
        repetitions: 5,
        datasets: [GEO, UNMAPPED],
        gc: place === 'node',
        codecs: ['msgpack'],
        strategies: place === 'native' ? undefined : ['val', 'tagged'],
        peers: place === 'node' ? ['msgpackr', 'geobuf'] : undefined,
      }),
      ...(place === 'node' && { isolation: 'process-per-path' }),
    },
  });
  return resultsDocument(run, rows);
}

function report(args) {
  return spawnSync(process.execPath, [REPORT, ...args], {
    encoding: 'utf8',
    cwd: REPO_ROOT,
    timeout: 120_000,
  });
}

const dir = mkdtempSync(path.join(tmpdir(), 'wcb-documents-report-'));
after(() => rmSync(dir, { recursive: true, force: true }));

async function writeFixtures() {
  await registerWorkloadFolders();
  const documents = {
    native: documentOf('native', nativeRows()),
    node: documentOf('node', nodeRows()),
    browser: documentOf('browser', browserRows()),
  };
  const files = {};
  for (const [place, document] of Object.entries(documents)) {
    files[place] = path.join(dir, `${place}-documents-2026-12-02T10-00-00Z.json`);
    writeFileSync(files[place], JSON.stringify(document));
  }
  return { documents, files };
}

const fixtures = writeFixtures();

/** The expected cell of a ratio: the same comparison the tables make, with its verdict's mark. */
const cellOf = (reference, path) => formatVerdictRatio(compareStats(reference, path));

/** The <tr>s of one file's table of a data set (`role`: time or size). */
function tableRows(html, file, dataset, role) {
  const start = html.indexOf(`<section class="file" data-file="${file}">`);
  assert.notEqual(start, -1, `a section for ${file}`);
  const end = html.indexOf('<section class="file"', start + 1);
  const section = html.slice(start, end === -1 ? undefined : end);
  const at = section.indexOf(`data-dataset="${dataset}" data-role="${role}"`);
  assert.notEqual(at, -1, `a ${role} table of ${dataset} in ${file}`);
  return section.slice(at, section.indexOf('</table>', at)).match(/<tr[^>]*>.*?<\/tr>/gs);
}
const cells = (tr) => [...tr.matchAll(/<t[dh][^>]*>(.*?)<\/t[dh]>/gs)].map((match) => match[1]);

test('the hand-made documents are valid results files with the documents rows', async () => {
  const { documents } = await fixtures;
  const validate = createResultsValidator(await resultsSchema());
  for (const [place, document] of Object.entries(documents))
    assert.deepEqual(validate(document), { valid: true }, place);
  // A row outside documentsRow is refused: the check above means something.
  const bad = structuredClone(documents.node);
  bad.rows[0].items = 3;
  assert.equal(validate(bad).valid, false);
});

test('the fixture says what the assertions below rely on', async () => {
  const { documents } = await fixtures;
  const [json, val, , tagged, , msgpackr] = documents.node.rows;
  assert.equal(compareStats(json.encode, tagged.encode).verdict, 'faster');
  assert.equal(compareStats(json.encode, val.encode).verdict, 'within noise');
  assert.equal(compareStats(json.decode, tagged.decode).verdict, 'slower');
  assert.equal(compareStats(msgpackr.encode, tagged.encode).verdict, 'faster');
  assert.equal(compareStats(msgpackr.decode, tagged.decode).verdict, 'within noise');
});

test('the chart model: places side by side, ratios within each run', async () => {
  const { documents } = await fixtures;
  // Codecs in a fixed order, whatever the wasm build's catalog says: msgpack before geobuf.
  useCodecOrder(['raw', 'json', 'msgpack']);
  const sources = toSources(
    Object.entries(documents).map(([place, document]) => ({ file: place, document })),
  );
  const lines = unitRecords(sources, 'encode').filter((record) => record.unit === GEO);
  assert.deepEqual(
    lines.map((line) => `${line.source}:${line.label}`),
    [
      'native:msgpack/native',
      'node:json (js)',
      'node:msgpack/tagged',
      'node:msgpack/val',
      'node:msgpack (msgpackr)',
      'node:geobuf (geobuf)',
      'browser:json (js)',
      'browser:msgpack/tagged',
    ],
  );
  const byKey = new Map(lines.map((line) => [`${line.source}:${line.label}`, line]));
  // Each place's tagged against its own baseline: node 10/5, browser 12/4.
  assert.equal(byKey.get('node:msgpack/tagged').versusJson, 2);
  assert.equal(byKey.get('node:msgpack/tagged').verdict, 'faster');
  assert.equal(byKey.get('browser:msgpack/tagged').versusJson, 3);
  const native = byKey.get('native:msgpack/native');
  assert.equal(native.versusJson, undefined);
  assert.equal(native.share, undefined, 'no crossing natively');
  assert.equal(byKey.get('node:msgpack/tagged').share, 0.5);
});

test('npm run report renders the documents tables, the JBB reference, verdicts and reasons', async () => {
  const { documents, files } = await fixtures;
  const outDir = path.join(dir, 'report');
  const result = report([files.node, files.browser, files.native, '--out-dir', outDir]);
  assert.equal(result.status, 0, result.stderr);
  assert.deepEqual(readdirSync(outDir).sort(), [
    'documents-decode.svg',
    'documents-encode.svg',
    'documents-interop.svg',
    'documents-ratio-decode.svg',
    'documents-ratio-encode.svg',
    'index.html',
  ]);
  for (const id of ['documents-encode', 'documents-decode', 'documents-ratio-encode', 'documents-interop']) {
    const svg = readFileSync(path.join(outDir, `${id}.svg`), 'utf8');
    assert.match(svg, /class="mark-symbol[^"]*"[^>]*><path/, `${id} has data marks`);
  }
  const html = readFileSync(path.join(outDir, 'index.html'), 'utf8');
  const [json, , , tagged, , msgpackr] = documents.node.rows;

  const file = (place) => path.basename(files[place]);
  const geo = tableRows(html, file('node'), GEO, 'time');
  assert.deepEqual(cells(geo[0]).slice(0, 5), ['path', 'encode ms', 'decode ms', 'enc xJSON', 'dec xJSON']);
  const line = (rows, label) => rows.map(cells).find((row) => row[0] === label);
  const tagged110 = line(geo, 'msgpack/tagged');
  assert.equal(tagged110[1], '5.00');
  assert.equal(tagged110[3], cellOf(json.encode, tagged.encode));
  assert.equal(tagged110[3], '2.00x');
  assert.equal(tagged110[4], '0.50x', 'slower: no mark');
  assert.equal(tagged110[5], cellOf(msgpackr.encode, tagged.encode));
  assert.match(tagged110[6], /^~/, 'within noise of the fastest library');
  assert.deepEqual(tagged110.slice(7), ['50%', '75%']);
  assert.match(line(geo, 'msgpack/val')[3], /^~0\.98x$/);
  const native = line(tableRows(html, file('native'), GEO, 'time'), 'msgpack/native');
  assert.deepEqual(native.slice(3, 7), ['-', '-', '-', '-'], 'no ratio natively');
  // The browser's own table: its tagged against its own JSON (12 / 4).
  assert.equal(line(tableRows(html, file('browser'), GEO, 'time'), 'msgpack/tagged')[3], '3.00x');

  // JBB's figures: labelled reference lines, the source named.
  assert.deepEqual(line(geo, 'JBB published: MsgPack').slice(1, 3), ['6.00', '8.80']);
  assert.match(html, /<tr class="reference" data-role="jbb"><td>JBB published: MsgPack<\/td>/);
  assert.ok(html.includes(escapeHtml(`JBB published: ${JBB_SOURCE}`)));
  // The size table's header and the C++ line.
  const sizes = tableRows(html, file('node'), GEO, 'size');
  assert.equal(cells(sizes[0]).join('|'), 'format (library)|bytes|gzip|gzip-9|x JSON size');
  assert.ok(line(sizes, 'msgpack (C++)'));
  assert.ok(line(sizes, 'JBB published: BSON'));

  // The failed and the n/a rows with their reasons; no JBB line for the unmapped set.
  const unmapped = tableRows(html, file('node'), UNMAPPED, 'time');
  assert.equal(line(unmapped, 'msgpack/val')[1], escapeHtml(`FAILED: ${FAILED_ERROR}`));
  assert.equal(line(unmapped, 'geobuf (geobuf)')[1], escapeHtml(`n/a: ${NA_REASON}`));
  assert.ok(!unmapped.some((tr) => tr.includes('JBB published')));
  assert.match(
    html,
    /<tr class="failed"[^>]*><td>msgpack\/val<\/td><td colspan="8">FAILED: msgpack\/val: decode/,
  );

  // What the charts show in words: each file's answer, the same comparisons as its tables.
  assert.match(result.stdout, /documents-encode: Documents, encode: time per data set and path\n/);
  assert.match(result.stdout, /documents-interop: Documents: the interop share per path\n/);
  assert.match(result.stdout, /on geo-110m: .*encodes this .*than JSON\.stringify/);
  assert.ok(html.includes('<li>In '), "each file's answer in the page");
});

test('npm run report with no files still reports the tuples where no documents results are', async () => {
  const { files } = await fixtures;
  const results = path.join(dir, 'results');
  mkdirSync(results);
  copyFileSync(
    path.join(REPO_ROOT, 'tests', 'fixtures', 'report', 'compare-old.json'),
    path.join(results, 'node-2026-11-30T00-43-17Z.json'),
  );
  const tuples = report(['--results-dir', results, '--out-dir', path.join(dir, 'tuples-report')]);
  assert.equal(tuples.status, 0, tuples.stderr);
  assert.match(tuples.stdout, /^Reporting .*node-2026-11-30T00-43-17Z\.json\n/);
  const none = report([
    '--results-dir',
    results,
    '--workload',
    'documents',
    '--out-dir',
    path.join(dir, 'x'),
  ]);
  assert.equal(none.status, 1);
  assert.match(none.stderr, /no results files .*node-documents-\*\.json/);

  // A documents file beside it: the default report still takes the tuples file alone.
  copyFileSync(files.node, path.join(results, path.basename(files.node)));
  const again = report(['--results-dir', results, '--out-dir', path.join(dir, 'tuples-report')]);
  assert.equal(again.status, 0, again.stderr);
  assert.ok(!again.stdout.includes('node-documents-'), again.stdout);
  const documents = report([
    '--results-dir',
    results,
    '--workload',
    'documents',
    '--out-dir',
    path.join(dir, 'd'),
  ]);
  assert.equal(documents.status, 0, documents.stderr);
  assert.match(documents.stdout, /^Reporting .*node-documents-2026-12-02T10-00-00Z\.json\n/);
});
