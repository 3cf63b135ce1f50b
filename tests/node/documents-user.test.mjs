// A user's own JSON documents in the documents workload
// (docs/documents.md#bring-your-own-data): how a file is read (.json,
// NDJSON, a folder; the errors, each naming the file and the place), the
// options of bench:node (--documents alone runs only the user's, a bad path
// is exit 2), a tiny run on the real build (a document measured and
// labelled as the user's in the tables and the report, a file that is not
// JSON failing alone while the others run, a key BSON cannot carry failing
// with the codec and the path), and the native runner reading the same
// files to the same checksums. The runs are skipped while the wasm or
// native build is missing (failed under WCB_REQUIRE_BUILDS=1, as
// scripts/test.sh runs them).

import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, test } from 'node:test';
import { fileURLToPath } from 'node:url';

import { parseOptions } from '../../node/cli.mjs';
import { resolveUserDocuments } from '../../src/workloads/documents/user-option.mjs';
import { workloadInfo } from '../../src/catalog.mjs';
import { createResultsValidator } from '../../src/harness/validate.mjs';
import { registerWorkloadFolders, resultsSchema } from '../../src/workload-folders.mjs';
import { documentChecksum, formatChecksum } from '../../src/workloads/documents/checksum.mjs';
import { readUserDocument } from '../../src/workloads/documents/user-documents.mjs';
import { testWithBuild } from './wasm-helpers.mjs';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const BENCH = path.join(ROOT, 'node', 'bench.mjs');
const REPORT = path.join(ROOT, 'node', 'report.mjs');
const BUILD_INFO = path.join(ROOT, 'build', 'wasm', 'build-info.json');
const NATIVE_BENCH = process.env.WCB_NATIVE_BENCH
  ? path.resolve(process.env.WCB_NATIVE_BENCH)
  : path.join(ROOT, 'build', 'native-release', 'src', 'native', 'wcb_native_bench');

await registerWorkloadFolders();
const documents = workloadInfo('documents');

const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'wcb-documents-user-'));
after(() => fs.rmSync(scratch, { recursive: true, force: true }));

/** Writes `contents` (text or bytes) to `name` under the scratch folder (or `folder`), returns its path. */
function writeFile(name, contents, folder = scratch) {
  fs.mkdirSync(folder, { recursive: true });
  const file = path.join(folder, name);
  fs.writeFileSync(file, contents);
  return file;
}

const bytesOf = (text) => new TextEncoder().encode(text);
const documentsArgs = (...paths) => paths.flatMap((file) => ['--documents', file]);
// One timed run, no warm-up: the runs check what is measured, not how fast.
const TINY_RUN = ['--repetitions', '1', '--warmup', '0'];
const read = (name, text) => readUserDocument(name, bytesOf(text));

// A document with what JSON.parse does that a naive reader would not: an
// integer-like key listed first, a repeated key (its first place, its last
// value), integers past 2^53, a float, escapes, non-ASCII and astral text.
const TRICKY_TEXT =
  '{"name":"Île \\u0041","b":[1,2.5,-0.0,1e-7,123456789012345678901],"17":true,"2":null,' +
  '"b":{"deep":[[[]]],"emoji":"\\ud83d\\ude00 ☃","tab":"a\\tb","ctl":"\\u0001"},"9007199254740993":9007199254740993}\n';

test("a .json file: JSON.parse's value (its key order, the last of a repeated key), its size and checksum", () => {
  const entry = read('tricky.json', TRICKY_TEXT);
  const value = JSON.parse(TRICKY_TEXT);
  assert.equal(entry.id, 'user:tricky.json');
  assert.deepEqual(entry.value, value);
  assert.deepEqual(Object.keys(entry.value), ['2', '17', 'name', 'b', '9007199254740993']);
  assert.equal(entry.fileBytes, bytesOf(TRICKY_TEXT).byteLength);
  assert.equal(entry.documentChecksum, formatChecksum(documentChecksum(value)));
  // A byte-order mark is skipped, as TextDecoder skips it.
  const bom = readUserDocument('bom.json', new Uint8Array([0xef, 0xbb, 0xbf, ...bytesOf('[1]')]));
  assert.deepEqual(bom.value, [1]);
  assert.equal(bom.fileBytes, 6);
});

test('an NDJSON file (.ndjson, .jsonl) is the array of its lines; blank lines only at its end', () => {
  assert.deepEqual(read('a.ndjson', '{"a":1}\n[2]\n"x"\n').value, [{ a: 1 }, [2], 'x']);
  assert.deepEqual(read('a.JSONL', '{"a":1}\r\n{"a":2}\r\n\n  \n').value, [{ a: 1 }, { a: 2 }]);
  assert.deepEqual(read('a.ndjson', '7').value, [7]);
  assert.throws(() => read('gap.ndjson', '{"a":1}\n\n{"a":2}\n'), {
    message: 'gap.ndjson: line 2 is blank (NDJSON: one JSON value per line; blank lines only at the end)',
  });
  assert.throws(() => read('bad.jsonl', '{"a":1}\n{"a":2}\n{"a":3,}\n'), {
    message: "bad.jsonl: not JSON: line 3, column 8: '}' where a key (a string) should be",
  });
  assert.throws(() => read('empty.ndjson', '\n\n'), { message: /^empty\.ndjson: no value/ });
  // A .json file is one JSON text, however many lines it has.
  assert.throws(() => read('lines.json', '{"a":1}\n{"a":2}\n'), {
    message: "lines.json: not JSON: line 2, column 1: '{' after the JSON value",
  });
});

test('what cannot be a data set is refused naming the file and the place', () => {
  const refusals = [
    ['notes.json', 'hello world\n', "notes.json: not JSON: line 1, column 1: 'h' where a value should start"],
    [
      'cut.json',
      '{"a":[1,2',
      "cut.json: not JSON: line 1, column 10: the end of the text where ',' or ']' should be",
    ],
    [
      'ctl.json',
      '["a\u0001"]',
      'ctl.json: not JSON: line 1, column 4: the control character U+0001 inside a string (it must be escaped)',
    ],
    [
      'empty.json',
      '',
      'empty.json: not JSON: line 1, column 1: the end of the text where a value should start',
    ],
    [
      'huge.json',
      '{"a":[1,-1e400]}',
      'huge.json: $.a[1]: a number beyond float64 (JSON.parse reads it as -Infinity; JSON text cannot carry it back)',
    ],
    [
      'lone.json',
      '{"k":["\\ud800"]}',
      'lone.json: $.k[0]: a lone surrogate (JSON text in UTF-8 cannot hold it)',
    ],
  ];
  for (const [name, text, message] of refusals) assert.throws(() => read(name, text), { message }, name);
  assert.throws(() => readUserDocument('latin1.json', new Uint8Array([0x22, 0x61, 0xe9, 0x22])), {
    message: 'latin1.json: not UTF-8 text (the byte at offset 2 is not UTF-8)',
  });
});

test('--documents: a file, a folder (its .json, .ndjson and .jsonl files by name), or a bad path (a usage error)', () => {
  const folder = path.join(scratch, 'resolve');
  writeFile('b.ndjson', '1\n', folder);
  writeFile('a.json', '1', folder);
  writeFile('notes.txt', 'x', folder);
  fs.mkdirSync(path.join(folder, 'sub.json'));
  const single = writeFile('single.json', '[]');
  assert.deepEqual(
    resolveUserDocuments([single, folder]).map((entry) => [entry.id, path.relative(scratch, entry.file)]),
    [
      ['user:single.json', 'single.json'],
      ['user:a.json', path.join('resolve', 'a.json')],
      ['user:b.ndjson', path.join('resolve', 'b.ndjson')],
    ],
  );
  assert.throws(() => resolveUserDocuments([path.join(scratch, 'missing.json')]), {
    message: /^--documents: no file or folder '.*missing\.json' \(accepted: a \.json file, an NDJSON file/,
  });
  const empty = path.join(scratch, 'empty-folder');
  fs.mkdirSync(empty);
  assert.throws(() => resolveUserDocuments([empty]), {
    message: /the folder '.*' has no file ending in \.json/,
  });
  const twin = writeFile('a.json', '2', path.join(scratch, 'other'));
  assert.throws(() => resolveUserDocuments([folder, twin]), {
    message: /^--documents: two files named a\.json/,
  });
});

test("--documents alone runs only the user's data sets; with --datasets, both; --datasets with a path points to it", () => {
  const file = writeFile('mine.json', '{"a":1}');
  const alone = parseOptions(['--workload', 'documents', '--documents', file]);
  assert.deepEqual(alone.datasets, ['user:mine.json']);
  assert.deepEqual(alone.documents, [{ id: 'user:mine.json', file }]);
  const quick = parseOptions(['--workload', 'documents', '--quick', '--documents', file]);
  assert.deepEqual(quick.datasets, ['user:mine.json'], '--quick keeps its repetitions, not its data sets');
  assert.equal(quick.repetitions, documents.quick.repetitions);
  const both = parseOptions(['--workload', 'documents', '--datasets', 'jbb-repeated', '--documents', file]);
  assert.deepEqual(both.datasets, ['jbb-repeated', 'user:mine.json']);
  assert.throws(() => parseOptions(['--workload', 'documents', '--datasets', './my.json']), {
    message:
      /^--datasets: unknown value '\.\/my\.json' \(accepted: geo-110m, .*\); a file of your own goes to --documents \(e\.g\. --documents \.\/my\.json\)$/,
  });
  assert.throws(
    () => parseOptions(['--documents', file]),
    /--documents is an option of the documents workload \(accepted with --workload tuples: --min-mb/,
  );
});

test('bench:node: a path that does not exist is a bad option, one line, exit 2', () => {
  const result = spawnSync(
    process.execPath,
    [BENCH, '--workload', 'documents', '--documents', path.join(scratch, 'nope.json')],
    { encoding: 'utf8', timeout: 60_000 },
  );
  assert.equal(result.status, 2, result.stderr);
  assert.match(result.stderr, /^bench:node: --documents: no file or folder '.*nope\.json' \(accepted: /);
  assert.equal(result.stderr.trimEnd().split('\n').length, 1, result.stderr);
});

function documentsModulesMissing() {
  if (!fs.existsSync(BUILD_INFO)) return 'no wasm build (scripts/build-wasm.sh)';
  const catalog = JSON.parse(fs.readFileSync(BUILD_INFO, 'utf8')).catalog;
  const codecs = new Map(catalog?.codecs.map((codec) => [codec.name, codec]));
  const missing = ['json', 'bson'].filter((name) => !codecs.get(name)?.modules?.documents);
  return missing.length > 0 ? `the wasm build has no documents module for ${missing.join(', ')}` : false;
}

function bench(args) {
  return spawnSync(
    process.execPath,
    [BENCH, '--workload', 'documents', '--sweep', '--min-warmup-ms', '0', ...args],
    {
      encoding: 'utf8',
      timeout: 280_000,
    },
  );
}

testWithBuild(
  'bench:node: a file that is not JSON alone does not start a run: one line, exit 2',
  documentsModulesMissing(),
  {},
  () => {
    const notes = writeFile('alone.json', 'not json at all\n');
    const result = bench(['--documents', notes, '--no-addon']);
    assert.equal(result.status, 2, result.stderr);
    assert.equal(
      result.stderr.trimEnd(),
      "bench:node: --documents: no data set can be measured: alone.json: not JSON: line 1, column 1: 'n' where a value should start",
    );
  },
);

testWithBuild(
  "bench:node: the user's documents measured and labelled; a file that is not JSON fails alone; a key BSON cannot carry fails with the codec and the path",
  documentsModulesMissing(),
  { timeout: 300_000 },
  async () => {
    const folder = path.join(scratch, 'run');
    // A folder of two documents, a JSON one and an NDJSON one, beside a file that is not JSON and one with a NUL in a key.
    const mine = writeFile('mine.json', TRICKY_TEXT, folder);
    writeFile('events.ndjson', '{"id":1,"tags":["a"]}\n{"id":2,"tags":[]}\n', folder);
    const notes = writeFile('notes.json', 'These are notes, not JSON.\n');
    const nul = writeFile('nul-key.json', '{"rows":[{"ok":1},{"bad\\u0000key":2}]}');
    const out = path.join(scratch, 'results.json');
    const result = bench([
      ...documentsArgs(folder, notes, nul),
      ...'--codecs json,bson --strategies tagged --peers msgpackr'.split(' '),
      ...TINY_RUN,
      '--out',
      out,
    ]);
    assert.equal(result.status, 0, result.stderr);
    const file = JSON.parse(fs.readFileSync(out, 'utf8'));
    const validate = createResultsValidator(await resultsSchema());
    assert.deepEqual(validate(file), { valid: true });
    const ids = ['user:events.ndjson', 'user:mine.json', 'user:notes.json', 'user:nul-key.json'];
    assert.deepEqual(file.run.protocol.datasets, ids, "only the user's data sets, in the order given");
    assert.deepEqual(
      file.run.protocol.documents.map(({ id, error }) => [id, error !== undefined]),
      ids.map((id) => [id, id === 'user:notes.json']),
    );

    const rowsOf = (dataset) => file.rows.filter((row) => row.dataset === dataset);
    const expected = readUserDocument('mine.json', fs.readFileSync(mine));
    for (const row of rowsOf('user:mine.json')) {
      assert.equal(row.status, 'ok', `${row.batch} ${row.codec}: ${row.error}`);
      assert.equal(row.fileBytes, expected.fileBytes);
      assert.equal(row.documentChecksum, expected.documentChecksum);
      assert.equal(row.jsonBytes, bytesOf(JSON.stringify(expected.value)).byteLength);
    }
    // Every path ran on it: the codecs' tagged paths, the addon's when built, the library, JSON beside each.
    assert.ok(
      ['json', 'bson'].every((codec) =>
        rowsOf('user:mine.json').some((row) => row.codec === codec && row.impl === 'cpp'),
      ),
    );
    assert.ok(rowsOf('user:events.ndjson').every((row) => row.status === 'ok'));

    // The file that is not JSON: one row, failed, naming it and the place; logged in one line.
    assert.deepEqual(
      rowsOf('user:notes.json').map(({ batch, codec, impl, status, error }) => ({
        batch,
        codec,
        impl,
        status,
        error,
      })),
      [
        {
          batch: 'json',
          codec: 'json',
          impl: 'js',
          status: 'failed',
          error: "notes.json: not JSON: line 1, column 1: 'T' where a value should start",
        },
      ],
    );
    assert.match(
      result.stderr,
      /documents: user:notes\.json is not measured: notes\.json: not JSON: line 1, column 1/,
    );

    // A NUL in a key: BSON writes keys as C strings, JSON carries it.
    const nulRows = rowsOf('user:nul-key.json');
    const bson = nulRows.find((row) => row.codec === 'bson' && row.impl === 'cpp' && row.place === 'node');
    assert.equal(bson.status, 'failed');
    assert.match(bson.error, /bson: .*\$\.rows\[1\]/);
    const json = nulRows.find((row) => row.codec === 'json' && row.impl === 'cpp' && row.place === 'node');
    assert.equal(json.status, 'ok', json.error);

    // The tables label them as the user's.
    assert.match(
      result.stdout,
      /^user:mine\.json \(your file, \d+ B, document checksum 0x[0-9a-f]{8}; \d+ B of JSON\): time per call$/m,
    );
    assert.match(result.stdout, /^user:notes\.json \(your file, \d+ B\): time per call$/m);
    assert.match(result.stdout, /FAILED: notes\.json: not JSON/);

    // So does the report.
    const reportDir = path.join(scratch, 'report');
    const report = spawnSync(process.execPath, [REPORT, '--out-dir', reportDir, out], { encoding: 'utf8' });
    assert.equal(report.status, 0, report.stderr);
    const html = fs.readFileSync(path.join(reportDir, 'index.html'), 'utf8');
    assert.match(
      html,
      /<section class="dataset user-dataset" data-dataset="user:mine\.json"><p class="how">your file mine\.json: /,
    );
    assert.match(
      html,
      new RegExp(
        `user:mine\\.json \\(your file, \\d+ B, document checksum ${expected.documentChecksum}; \\d+ B of JSON\\): time per call`,
      ),
    );
  },
);

const nativeMissing = fs.existsSync(NATIVE_BENCH)
  ? false
  : `no native runner at ${NATIVE_BENCH}: run scripts/build-native.sh or set WCB_NATIVE_BENCH`;

function native(args) {
  return spawnSync(NATIVE_BENCH, ['--workload', 'documents', ...args], {
    encoding: 'utf8',
    timeout: 300_000,
    maxBuffer: 16 * 1024 * 1024,
  });
}

testWithBuild(
  'native: the same files read to the same checksums and JSON sizes as in JS',
  nativeMissing,
  { timeout: 300_000 },
  () => {
    const folder = path.join(scratch, 'native');
    const files = {
      'tricky.json': TRICKY_TEXT,
      'lines.jsonl': '{"id":1,"b":2,"1":3}\n[1.5,"x"]\n\n',
      'package.json': fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8'),
      'bom.json': `\ufeff${TRICKY_TEXT}`,
    };
    for (const [name, text] of Object.entries(files)) writeFile(name, text, folder);
    const js = Object.keys(files)
      .sort()
      .map((name) => readUserDocument(name, fs.readFileSync(path.join(folder, name))));

    const checksums = native(['--documents', folder, '--checksums']);
    assert.equal(checksums.status, 0, checksums.stderr);
    assert.deepEqual(
      checksums.stdout.trimEnd().split('\n'),
      js.map((entry) => `${entry.id} ${entry.documentChecksum}`),
      'C++ checksum of each document vs JS',
    );

    // Not JSON to JSON.parse: refused by C++ too, and the other document still runs.
    const notes = writeFile('notes.json', 'These are notes.\n', path.join(scratch, 'native-bad'));
    const nul = writeFile('nul.json', '123\u0000', path.join(scratch, 'native-bad'));
    const out = path.join(scratch, 'native-documents.json');
    const tricky = path.join(folder, 'tricky.json');
    const run = native([
      ...documentsArgs(tricky, notes, nul),
      '--codecs',
      'json,msgpack',
      ...TINY_RUN,
      '--out',
      out,
    ]);
    assert.equal(run.status, 1, 'a data set could not be read');
    assert.match(run.stderr, /user:notes\.json is not measured: notes\.json: not JSON: line 1, column 1: /);
    assert.match(
      run.stderr,
      /user:nul\.json is not measured: nul\.json: not JSON: line 1, column 4: a NUL byte/,
    );
    const file = JSON.parse(fs.readFileSync(out, 'utf8'));
    const expected = js.find((entry) => entry.id === 'user:tricky.json');
    for (const row of file.rows.filter((row) => row.dataset === 'user:tricky.json')) {
      assert.equal(row.status, 'ok', row.error);
      assert.equal(row.documentChecksum, expected.documentChecksum);
      assert.equal(row.fileBytes, expected.fileBytes);
      assert.equal(
        row.jsonBytes,
        bytesOf(JSON.stringify(expected.value)).byteLength,
        "JSON.stringify's size",
      );
    }
    const failed = file.rows.filter((row) => row.dataset === 'user:notes.json');
    assert.deepEqual(
      failed.map((row) => row.codec),
      ['json', 'msgpack'],
    );
    assert.ok(
      failed.every((row) => row.status === 'failed' && /^read: notes\.json: not JSON/.test(row.error)),
    );
    assert.match(
      run.stdout,
      /user:tricky\.json \(your file, [\d,]+ bytes, document checksum 0x[0-9a-f]{8}\)/,
    );
  },
);
