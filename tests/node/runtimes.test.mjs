// --runtime and the pinned runtimes' installer (node/runtimes.mjs,
// node/install-runtime.mjs): an unknown runtime is one line naming those
// accepted; a package whose sha512 or printed version is not the pinned one
// is refused; a package the registry refuses is named; an install is done
// once and quiet after.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { gzipSync } from 'node:zlib';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { installRuntime, integrityOf } from '../../node/install-runtime.mjs';
import { RUNTIME_NAMES, parseRuntimes, resultsFileOf } from '../../node/runtimes.mjs';
import { PINNED_RUNTIMES } from '../../src/places.mjs';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

test('--runtime takes a name, node@20, a comma list or all', () => {
  assert.deepEqual(parseRuntimes('bun'), ['bun']);
  assert.deepEqual(parseRuntimes('node@20'), ['node']);
  assert.deepEqual(parseRuntimes('node@24, deno,node@24'), ['node@24', 'deno']);
  assert.deepEqual(parseRuntimes('all'), ['node', 'node@22', 'node@24', 'node@26', 'bun', 'deno']);
  assert.deepEqual(RUNTIME_NAMES, ['node', ...Object.keys(PINNED_RUNTIMES)]);
});

test('an unknown runtime or version is one line naming those accepted (exit 2), before any install', () => {
  for (const given of ['node@99', 'bun,quickjs']) {
    const run = spawnSync(process.execPath, [join(ROOT, 'node', 'bench.mjs'), '--runtime', given], {
      encoding: 'utf8',
      timeout: 60_000,
    });
    assert.equal(run.status, 2, run.stderr);
    assert.equal(run.stderr.trim().split('\n').length, 1, run.stderr);
    assert.match(
      run.stderr,
      /^bench:node: --runtime: unknown runtime '(node@99|quickjs)' \(accepted: node, node@22, node@24, node@26, bun, deno, node@20 for node, a comma list or all\)\n$/,
    );
  }
});

test('each runtime writes its own results file, named after it', () => {
  const out = '/r/node-2026-12-07.json';
  assert.equal(resultsFileOf('node', { out, outGiven: false, several: true }), out);
  assert.equal(resultsFileOf('bun', { out, outGiven: false, several: true }), '/r/bun-2026-12-07.json');
  assert.equal(
    resultsFileOf('node@24', { out, outGiven: false, several: false }),
    '/r/node24-2026-12-07.json',
  );
  assert.equal(resultsFileOf('deno', { out: '/r/x.json', outGiven: true, several: false }), '/r/x.json');
  assert.equal(resultsFileOf('deno', { out: '/r/x.json', outGiven: true, several: true }), '/r/x-deno.json');
  assert.equal(resultsFileOf('node', { out: '/r/x.json', outGiven: true, several: true }), '/r/x-node.json');
});

// A package like the pinned ones: package/bin/fake, a script printing `prints`.
function fakePack(prints) {
  return (spec, dir) => {
    const source = mkdtempSync(join(tmpdir(), 'wcb-fake-runtime-'));
    mkdirSync(join(source, 'package', 'bin'), { recursive: true });
    const binary = join(source, 'package', 'bin', 'fake');
    writeFileSync(binary, `#!/bin/sh\necho '${prints}'\n`);
    chmodSync(binary, 0o755);
    // The same bytes from every call (fixed times and owners, a gzip header
    // without a time), as a registry's tarball is: the pin's sha512 is taken
    // from one call and checked against another.
    const tar = execFileSync('tar', [
      'cf',
      '-',
      '--mtime=@0',
      '--owner=0',
      '--group=0',
      '--numeric-owner',
      '-C',
      source,
      'package',
    ]);
    const tarball = join(dir, 'fake-1.0.0.tgz');
    writeFileSync(tarball, gzipSync(tar));
    return tarball;
  };
}

function fakePin(pack, integrity) {
  const probe = mkdtempSync(join(tmpdir(), 'wcb-fake-probe-'));
  return {
    place: 'fake',
    package: 'fake',
    version: '1.0.0',
    binary: 'bin/fake',
    prints: 'fake 1.0.0',
    integrity: integrity ?? integrityOf(pack('fake@1.0.0', probe)),
  };
}

test('an install is checked by sha512 and printed version, done once and quiet after', () => {
  const dir = mkdtempSync(join(tmpdir(), 'wcb-runtimes-'));
  const pack = fakePack('fake 1.0.0');
  const pin = fakePin(pack);
  const lines = [];
  const binary = installRuntime('fake', pin, { dir, pack, log: (line) => lines.push(line) });
  assert.equal(binary, join(dir, 'fake-1.0.0', 'bin', 'fake'));
  assert.equal(execFileSync(binary, { encoding: 'utf8' }), 'fake 1.0.0\n');
  assert.equal(lines.length, 1);
  const again = installRuntime('fake', pin, {
    dir,
    pack: () => assert.fail('installed twice'),
    log: (line) => lines.push(line),
  });
  assert.equal(again, binary);
  assert.equal(lines.length, 1, 'quiet when present');
  assert.deepEqual(readdirSync(dir), ['fake-1.0.0'], 'no work folder left');
});

test('a wrong sha512 or a wrong printed version is refused, and nothing is installed', () => {
  const dir = mkdtempSync(join(tmpdir(), 'wcb-runtimes-'));
  const pack = fakePack('fake 1.0.0');
  const wrong = `sha512-${'A'.repeat(86)}==`;
  assert.throws(
    () => installRuntime('fake', fakePin(pack, wrong), { dir, pack }),
    new RegExp(
      `^Error: runtime fake: fake@1.0.0 refused: its sha512 is sha512-\\S+, the pinned one is ${wrong}$`,
    ),
  );
  const other = fakePack('fake 0.9.0');
  assert.throws(
    () => installRuntime('fake', fakePin(other), { dir, pack: other }),
    /^Error: runtime fake: fake@1.0.0 refused: its binary prints 'fake 0.9.0', the pinned version is 'fake 1.0.0'$/,
  );
  assert.equal(existsSync(join(dir, 'fake-1.0.0')), false);
});

test('a package the npm registry refuses is named', { timeout: 120_000 }, () => {
  const dir = mkdtempSync(join(tmpdir(), 'wcb-runtimes-'));
  const pin = { ...PINNED_RUNTIMES.bun, package: '@oven/bun-linux-x64', version: '0.0.0-no-such-version' };
  assert.throws(
    () => installRuntime('bun', pin, { dir }),
    /^Error: runtime bun: the npm registry refused @oven\/bun-linux-x64@0\.0\.0-no-such-version: /,
  );
});
