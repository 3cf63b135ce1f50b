// bench:web's options for the documents workload, without a browser: its
// data sets (--datasets, checked against the catalog entry), its libraries
// (those its runner takes, including the ones that hold documents only),
// and the options of the other workloads refused, as the command line sees
// them (exit 2 before any build or browser).

import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { promisify } from 'node:util';

import { BROWSER_PEERS, browserPeersOf, parseOptions } from '../../node/bench-web-options.mjs';
import { REPO_ROOT } from '../../node/options.mjs';
import { registerWorkloadFolders } from '../../src/workload-folders.mjs';
import { ALL_PEERS, peersFor } from '../../src/harness/peers.mjs';

const run = promisify(execFile);
await registerWorkloadFolders();
const documents = (await import('../../src/workloads/documents/workload.mjs')).default;
const { takesPeer } = await import('../../src/workloads/documents/runner.mjs');
const messagesRunner = await import('../../src/workloads/messages/runner.mjs');

const buildInfo = {
  catalog: {
    workloads: ['tuples', 'messages', 'documents'],
    codecs: [
      { name: 'raw', workloads: ['tuples'] },
      { name: 'json', workloads: ['tuples', 'messages', 'documents'], jsonText: true },
      { name: 'msgpack', workloads: ['tuples', 'messages', 'documents'] },
    ],
  },
};
const takesPeerOf = (workload) => ({ documents: takesPeer, messages: messagesRunner.takesPeer })[workload];
const parse = (argv) =>
  parseOptions(['--workload', 'documents', '--sweep', ...argv], { buildInfo, takesPeerOf });

test('without --sweep the block protocol: its data sets, the tagged strategy', () => {
  const options = parseOptions(['--workload', 'documents'], { buildInfo, takesPeerOf });
  assert.equal(options.mode, 'blocks');
  assert.deepEqual(options.datasets, documents.blocks.datasets);
  assert.deepEqual(options.strategies, ['tagged']);
});

test('the defaults: every data set of the catalog entry, the quick ones with --quick', () => {
  const options = parse([]);
  assert.deepEqual(options.datasets, documents.defaults.datasets);
  assert.equal(options.repetitions, documents.defaults.repetitions);
  assert.equal(options.warmup, documents.defaults.warmup);
  assert.deepEqual(options.codecs, ['json', 'msgpack'], "the build's codecs of the workload");
  assert.deepEqual(options.strategies, ['val', 'text', 'tagged']);
  assert.match(path.basename(options.out), /^browser-documents-.*\.json$/);
  const quick = parse(['--quick']);
  assert.deepEqual(quick.datasets, documents.quick.datasets);
  assert.equal(quick.repetitions, documents.quick.repetitions);
  // Given options still win over --quick.
  assert.equal(parse(['--quick', '--repetitions', '1']).repetitions, 1);
});

test('--datasets picks data sets of the catalog entry, in the order given, without repeats', () => {
  assert.deepEqual(parse(['--datasets', 'jbb-repeated,geo-110m,jbb-repeated']).datasets, [
    'jbb-repeated',
    'geo-110m',
  ]);
  assert.throws(
    () => parse(['--datasets', 'geo-1m']),
    /--datasets: unknown value 'geo-1m' \(accepted: geo-110m, /,
  );
  assert.throws(() => parse(['--datasets', '']), /--datasets is empty/);
});

test("--documents: only the user's data sets, or beside --datasets; a missing path is refused", () => {
  const folder = mkdtempSync(path.join(tmpdir(), 'wcb-bench-web-documents-'));
  try {
    const file = path.join(folder, 'mine.json');
    writeFileSync(file, '{"a":1}');
    const alone = parse(['--documents', file]);
    assert.deepEqual(alone.datasets, ['user:mine.json']);
    assert.deepEqual(alone.documents, [{ id: 'user:mine.json', file }]);
    assert.deepEqual(parse(['--datasets', 'geo-110m', '--documents', file]).datasets, [
      'geo-110m',
      'user:mine.json',
    ]);
    assert.throws(
      () => parse(['--documents', path.join(folder, 'nope.json')]),
      /^Error: --documents: no file or folder/,
    );
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
});

test('the libraries: those the runner takes, documents-only ones included, others refused', () => {
  const expected = peersFor('browser', ALL_PEERS)
    .filter(takesPeer)
    .map((peer) => peer.name);
  assert.ok(expected.includes('flexbuffers') && expected.includes('geobuf'), expected.join());
  assert.deepEqual(parse([]).peers, expected);
  assert.deepEqual(browserPeersOf(takesPeer), expected);
  assert.deepEqual(parse(['--peers', 'geobuf,msgpackr']).peers, ['geobuf', 'msgpackr']);
  assert.throws(() => parse(['--peers', 'pbf']), /--peers: unknown value 'pbf'/);
  assert.deepEqual(parse(['--no-peers']).peers, []);
});

test('tuples and messages keep their libraries; a documents-only library is refused there', () => {
  const tuples = parseOptions([], { buildInfo, takesPeerOf });
  assert.deepEqual(tuples.peers, BROWSER_PEERS);
  const messages = parseOptions(['--workload', 'messages'], { buildInfo, takesPeerOf });
  assert.deepEqual(messages.peers, BROWSER_PEERS);
  assert.equal(tuples.datasets, undefined);
  assert.throws(
    () => parseOptions(['--peers', 'geobuf'], { buildInfo, takesPeerOf }),
    /--peers: unknown value 'geobuf'/,
  );
});

test('options of the other workloads are refused with documents, and --datasets elsewhere', () => {
  assert.throws(
    () => parse(['--min-mb', '1']),
    /--min-mb is an option of the tuples workload \(accepted with --workload documents: --datasets, --documents, --repetitions, --warmup\)/,
  );
  assert.throws(() => parse(['--records', 'bool']), /--records is an option of the messages workload/);
  assert.throws(
    () => parseOptions(['--documents', 'my.json'], { buildInfo, takesPeerOf }),
    /--documents is an option of the documents workload/,
  );
  assert.throws(
    () => parseOptions(['--datasets', 'geo-110m'], { buildInfo, takesPeerOf }),
    /--datasets is an option of the documents workload \(accepted with --workload tuples: --min-mb/,
  );
});

test('the command line: a bad documents option exits 2 naming what is accepted', async () => {
  const benchWeb = path.join(REPO_ROOT, 'node', 'bench-web.mjs');
  await assert.rejects(
    run(process.execPath, [benchWeb, '--workload', 'documents', '--datasets', 'nope']),
    (error) => {
      assert.equal(error.code, 2);
      assert.match(error.stderr, /^bench:web: --datasets: unknown value 'nope' \(accepted: geo-110m/);
      return true;
    },
  );
  const { stdout } = await run(process.execPath, [benchWeb, '--help']);
  assert.match(stdout, /documents: .*\n {4}its options: --datasets, --documents\n/);
});
