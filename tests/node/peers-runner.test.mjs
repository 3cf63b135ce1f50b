// The JS peers in the Node runner and the harness: each peer in its own
// child with its own JSON baseline; a peer that throws, decodes wrongly,
// crashes its process or does not load is reported failed with the reason
// and the run goes on; --peers / --no-peers choose them.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';

import { UsageError, parseOptions, selectPeers } from '../../node/cli.mjs';
import { TupleDataset } from '../../src/workloads/tuples/dataset.mjs';
import { createJsonBaselinePath } from '../../src/harness/json-baseline.mjs';
import { isObjectFloor } from '../../src/catalog.mjs';
import { measureBlock } from '../../src/harness/block.mjs';
import { measurePath, pathMember } from '../../src/harness/payload-measure.mjs';
import * as realRegistry from '../../src/harness/peers.mjs';
import { createResultsValidator } from '../../src/harness/validate.mjs';
import * as fakeRegistry from './peers-fake-registry.mjs';
import { resultsSchema } from '../../src/workload-folders.mjs';

const BENCH = fileURLToPath(new URL('../../node/bench.mjs', import.meta.url));
const FAKE_LOADER = fileURLToPath(new URL('./runner-fake-loader.mjs', import.meta.url));
const FAKE_REGISTRY = fileURLToPath(new URL('./peers-fake-registry.mjs', import.meta.url));
const schema = await resultsSchema();
const validate = createResultsValidator(schema);

// The runner with the fake wasm build (one pure-JS "raw" codec) and the fake peers.
function runBench(...args) {
  const dir = mkdtempSync(join(tmpdir(), 'wcb-peers-'));
  writeFileSync(join(dir, 'fake-build.json'), JSON.stringify({ raw: { mode: 'ok' } }));
  const out = join(dir, 'results.json');
  const result = spawnSync(
    process.execPath,
    [
      BENCH,
      '--sweep',
      '--quick',
      '--min-warmup-ms',
      '0',
      '--codecs',
      'raw',
      '--build-dir',
      dir,
      '--loader',
      FAKE_LOADER,
      '--peer-registry',
      FAKE_REGISTRY,
      '--out',
      out,
      ...args,
    ],
    { encoding: 'utf8', timeout: 180_000 },
  );
  const document = result.status === 0 ? JSON.parse(readFileSync(out, 'utf8')) : undefined;
  return { result, document };
}

test('failing peers are reported failed with their reason; the others and the run go on', () => {
  const { result, document } = runBench('--strategies', 'typed', '--timeout', '20');
  assert.equal(result.status, 0, result.stderr);
  assert.deepEqual(validate(document), { valid: true });
  assert.deepEqual(document.run.protocol.peers, [
    'pbf',
    'fake-throws',
    'fake-wrong',
    'fake-crash',
    'fake-load-error',
    'fake-wrapper',
  ]);
  const steps = [...new Set(document.rows.map((row) => row.step))];
  assert.ok(steps.length >= 4, `quick mode has several sizes: ${steps}`);
  const rowsOf = (name) => document.rows.filter((row) => row.library === `${name} 1.0.0`);

  const pbf = document.rows.filter((row) => row.library?.startsWith('pbf '));
  assert.equal(pbf.length, steps.length);
  assert.ok(pbf.every((row) => row.status === 'ok' && row.batch === 'pbf' && row.cleanliness.clean));

  assert.ok(
    rowsOf('fake-throws').every((row) => row.error === 'decode: fake-throws: unexpected end of input'),
  );
  assert.ok(
    rowsOf('fake-wrong').every((row) => /^verify: decoded items differ from the input/.test(row.error)),
  );
  assert.ok(
    rowsOf('fake-load-error').every((row) => row.error === "load: Cannot find package 'fake-missing'"),
  );
  for (const name of ['fake-throws', 'fake-wrong', 'fake-load-error'])
    assert.equal(rowsOf(name).length, steps.length, name);

  // The crash takes its own child down from ~3000 items: smaller sizes are measured.
  const crash = rowsOf('fake-crash');
  assert.equal(crash.length, steps.length);
  const firstCrash = crash.findIndex((row) => row.status === 'failed');
  assert.ok(firstCrash > 0, 'the small sizes are measured before the crash');
  for (const row of crash.slice(firstCrash))
    assert.match(row.error, /^child process crashed \(killed by SIGKILL\)/);

  // A wrapper is measured (verified through toPlainItems) and reported unclean.
  const wrapper = rowsOf('fake-wrapper');
  assert.ok(wrapper.every((row) => row.status === 'ok'));
  assert.deepEqual(
    { ...wrapper[0].cleanliness, detail: undefined },
    { plainObject: false, exactKeys: false, dataProperties: false, clean: false, detail: undefined },
  );
  assert.match(wrapper[0].cleanliness.detail, /^item 0 is a Boxed instance/);

  // Each peer's block measured its own JSON baseline, and the wasm path ran too.
  const batches = new Set(
    document.rows.filter((row) => row.codec === 'json' && row.impl === 'js').map((row) => row.batch),
  );
  assert.deepEqual(
    [...batches].sort(),
    ['fake-crash', 'fake-load-error', 'fake-throws', 'fake-wrapper', 'fake-wrong', 'pbf', 'raw/typed'].sort(),
  );
  assert.ok(document.rows.filter((row) => row.codec === 'raw').every((row) => row.status === 'ok'));

  // The tables: failures, the fastest line (pbf or the wrapper, the only ok libraries), cleanliness.
  assert.match(
    result.stdout,
    /^fake \(fake-throws\) +FAILED: decode: fake-throws: unexpected end of input$/m,
  );
  assert.match(result.stdout, /^fastest JS library +encode (protobuf \(pbf\)|fake \(fake-wrapper\)) /m);
  assert.match(result.stdout, /^fake \(fake-wrapper\) +no +no +no +no +item 0 is a Boxed instance/m);
  assert.match(result.stdout, /^protobuf \(pbf\) +yes +yes +yes +yes$/m);
  assert.match(result.stderr, /fake-crash: process 1: child process crashed/);
});

test('--peers picks libraries, --no-peers drops them, unknown names are usage errors', () => {
  const only = runBench('--strategies', 'typed', '--max-mb', '0.06', '--peers', 'fake-wrapper');
  assert.equal(only.result.status, 0, only.result.stderr);
  assert.deepEqual(only.document.run.protocol.peers, ['fake-wrapper']);
  const libraries = new Set(only.document.rows.filter((row) => row.impl === 'js').map((row) => row.library));
  // The JSON baseline and the object floor are measured beside every path.
  assert.deepEqual([...libraries].sort(), ['JSON.stringify/JSON.parse', 'fake-wrapper 1.0.0', 'plain JS']);

  const none = runBench('--strategies', 'typed', '--max-mb', '0.06', '--no-peers');
  assert.equal(none.result.status, 0, none.result.stderr);
  assert.deepEqual(none.document.run.protocol.peers, []);
  assert.ok(
    none.document.rows.every((row) => row.impl === 'cpp' || row.codec === 'json' || isObjectFloor(row)),
  );
  assert.doesNotMatch(none.result.stdout, /^fastest JS library/m);

  const browserOnly = runBench('--peers', 'fake-browser-only');
  assert.equal(browserOnly.result.status, 2);
  assert.match(
    browserOnly.result.stderr,
    /--peers: unknown value 'fake-browser-only' \(it does not run in node\) \(accepted: pbf, /,
  );
  const unknown = runBench('--peers', 'nope');
  assert.equal(unknown.result.status, 2);
  assert.match(unknown.result.stderr, /--peers: unknown value 'nope'/);
});

test('parseOptions and selectPeers: defaults, lists, contradictions', () => {
  assert.equal(parseOptions([]).peers, undefined, 'default: every peer');
  assert.deepEqual(parseOptions(['--no-peers']).peers, []);
  assert.deepEqual(parseOptions(['--peers', 'pbf, avsc,pbf']).peers, ['pbf', 'avsc']);
  assert.throws(() => parseOptions(['--peers', ',']), UsageError);
  assert.throws(() => parseOptions(['--peers', 'pbf', '--no-peers']), /contradict/);

  const all = selectPeers(undefined, realRegistry).map((peer) => peer.name);
  assert.deepEqual(all, realRegistry.peerNames('node'));
  assert.ok(all.includes('bser') && all.includes('v8'));
  // Registry order, whatever order the names came in.
  assert.deepEqual(
    selectPeers(['v8', 'avsc'], realRegistry).map((peer) => peer.name),
    ['avsc', 'v8'],
  );
  assert.throws(
    () => selectPeers(['v8'], realRegistry, 'browser'),
    /'v8' \(it does not run in browser: v8\.serialize is part of Node, not of a browser\)/,
  );
  assert.throws(
    () => selectPeers(['cbor'], realRegistry, 'browser'),
    /'cbor' \(it does not run in browser: cbor encodes and decodes through Node stream Transforms/,
  );
  assert.deepEqual(
    selectPeers(['fake-wrapper'], fakeRegistry).map((peer) => peer.name),
    ['fake-wrapper'],
  );
});

test('in the harness, a throwing peer gives a failed row and its block measures the next path', async () => {
  const dataset = new TupleDataset();
  while (dataset.items.length < 100) dataset.grow();
  const broken = await fakeRegistry.createPeerPath(fakeRegistry.findPeer('fake-throws'));
  const good = createJsonBaselinePath();
  const member = (path) =>
    pathMember(path, {
      place: 'node',
      step: dataset.step(),
      items: dataset.items,
      env: { gzipSize: (bytes) => bytes.length },
    });
  const rows = await measureBlock([member(broken), member(good)], { rounds: 1, warmup: 0 });
  assert.equal(rows.length, 2);
  assert.equal(rows[0].status, 'failed');
  assert.equal(rows[0].error, 'decode: fake-throws: unexpected end of input');
  assert.equal(rows[0].library, 'fake-throws 1.0.0');
  assert.equal(rows[1].status, 'ok');

  // A wrapper's timed decode returns its wrappers; verification goes through toPlainItems.
  const wrapper = await fakeRegistry.createPeerPath(fakeRegistry.findPeer('fake-wrapper'));
  const row = await measurePath(wrapper, {
    place: 'node',
    step: dataset.step(),
    items: dataset.items,
    warmup: 0,
    repetitions: 2,
    env: { gzipSize: (bytes) => bytes.length },
  });
  assert.equal(row.status, 'ok', row.error);
  assert.equal(row.cleanliness.plainObject, false);
  assert.equal(row.gzip9Bytes, undefined, 'no gzip9Size in this environment: no gzip9Bytes');
});
