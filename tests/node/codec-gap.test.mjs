// wcb_codec_loop (src/loop/codec_loop.cpp), natively and as wasm, and
// node/codec-gap.mjs over both: the same dataset as JS generates, the same
// encodings in both builds, every codec, and clear refusals of bad options.
// Needs the native Release build and the wasm build (scripts/test.sh makes
// both first); without them the tests are skipped, or fail under
// WCB_REQUIRE_BUILDS=1 (as scripts/test.sh runs them).
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

import { listWasmCodecs, REPO_ROOT } from '../../node/load-wasm.mjs';
import { checksumItems } from '../../src/workloads/tuples/item-checksum.mjs';
import { TupleDataset } from '../../src/workloads/tuples/dataset.mjs';
import { testWithBuild } from './wasm-helpers.mjs';

const nativeLoop = path.join(REPO_ROOT, 'build', 'native-release', 'src', 'loop', 'wcb_codec_loop');
const wasmLoop = path.join(REPO_ROOT, 'build', 'wasm', 'wcb_codec_loop.cjs');
const gapScript = path.join(REPO_ROOT, 'node', 'codec-gap.mjs');
const missing = [nativeLoop, wasmLoop].filter((file) => !fs.existsSync(file));
const notBuilt =
  missing.length > 0
    ? `not built: ${missing.join(', ')} (scripts/build-native.sh, scripts/build-wasm.sh)`
    : false;

function run(command, args) {
  return spawnSync(command, args, { encoding: 'utf8', timeout: 120_000 });
}

function loopLines(command, args) {
  const result = run(command, args);
  assert.equal(result.status, 0, `${command} ${args.join(' ')}: ${result.stderr}`);
  return result.stdout
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line));
}

// 11 MB crosses the 10 MiB point where the growth factor changes, which the
// wasm build decides with its own shortest-digits code (no to_chars there).
testWithBuild('native and wasm loops: the JS dataset, the same encodings, every codec', notBuilt, {}, () => {
  const args = ['--mb', '11', '--repetitions', '2', '--warmup', '0'];
  const native = loopLines(nativeLoop, args);
  const wasm = loopLines(process.execPath, [wasmLoop, ...args]);

  const dataset = new TupleDataset();
  dataset.growToMB(11);
  const expected = { items: dataset.items.length, checksum: checksumItems(dataset.items) };
  assert.deepEqual(
    native.map((line) => line.codec),
    listWasmCodecs(),
    'every codec of the build, in registry order',
  );
  for (const [place, lines] of [
    ['native', native],
    ['wasm', wasm],
  ]) {
    assert.deepEqual(
      lines.map((line) => line.codec),
      native.map((line) => line.codec),
    );
    for (const line of lines) {
      assert.equal(line.place, place);
      assert.deepEqual(
        { items: line.items, checksum: line.checksum },
        expected,
        `${place} ${line.codec} dataset`,
      );
      assert.equal(line.encodeMs.length, 2);
      assert.equal(line.decodeMs.length, 2);
      for (const ms of [...line.encodeMs, ...line.decodeMs]) assert.ok(ms >= 0 && ms < 60_000, `${ms} ms`);
    }
  }
  for (let i = 0; i < native.length; ++i) {
    assert.equal(wasm[i].bytes, native[i].bytes, `${native[i].codec}: encoded size in wasm vs native`);
    assert.equal(wasm[i].library, native[i].library, `${native[i].codec}: library version`);
  }
});

testWithBuild('codec-gap.mjs prints each codec with its wasm/native ratios', notBuilt, {}, () => {
  const result = run(process.execPath, [gapScript, '--mb', '0.2', '--rounds', '1', '--repetitions', '2']);
  assert.equal(result.status, 0, result.stderr);
  const rows = result.stdout.split('\n');
  assert.match(rows[0], /^codec time with no JS boundary, 0\.2\d MB \(\d+ items\)/);
  for (const codec of listWasmCodecs()) {
    const row = rows.find((line) => line.startsWith(`${codec} `));
    assert.ok(row, `a row for ${codec} in:\n${result.stdout}`);
    // native enc, native dec, wasm enc, wasm dec, x enc, x dec
    const figures = row.trim().split(/\s+/).slice(1).map(parseFloat);
    assert.equal(figures.length, 6, row);
    for (const figure of figures) assert.ok(figure > 0, row);
  }
});

testWithBuild('bad options are refused with exit code 2 and a reason', notBuilt, {}, () => {
  const unknownCodec = run(nativeLoop, ['--codecs', 'raw,nope']);
  assert.equal(unknownCodec.status, 2);
  assert.match(unknownCodec.stderr, /wcb_codec_loop: no codec 'nope' in this build/);

  const wasmBadSize = run(process.execPath, [wasmLoop, '--mb', 'ten']);
  assert.equal(wasmBadSize.status, 2);
  assert.match(wasmBadSize.stderr, /--mb must be a number from/);

  const gapBadRounds = run(process.execPath, [gapScript, '--rounds', '0']);
  assert.equal(gapBadRounds.status, 2);
  assert.match(gapBadRounds.stderr, /--rounds: '0' is not valid \(accepted: a number > 0 and <= 100\)/);

  const gapMissing = run(process.execPath, [gapScript, '--wasm', '/nonexistent/wcb_codec_loop.cjs']);
  assert.equal(gapMissing.status, 2);
  assert.match(gapMissing.stderr, /\/nonexistent\/wcb_codec_loop\.cjs not found/);
});
