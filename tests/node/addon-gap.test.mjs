// bench:gap --addon (node/codec-gap.mjs, node/addon-loop.mjs): the codec
// loop inside the addon and through its typed path from JS, on the dataset
// the native loop uses, with the same encodings. Needs the native build's
// addon and loop and the wasm loop (skipped without, failing under
// WCB_REQUIRE_BUILDS=1).
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

import { REPO_ROOT } from '../../node/load-wasm.mjs';
import { checksumItems } from '../../src/workloads/tuples/item-checksum.mjs';
import { TupleDataset } from '../../src/workloads/tuples/dataset.mjs';
import { ADDON_CODECS, missingAddon } from './addon-helpers.mjs';
import { testWithBuild } from './wasm-helpers.mjs';

const nativeLoop = path.join(REPO_ROOT, 'build', 'native-release', 'src', 'loop', 'wcb_codec_loop');
const wasmLoop = path.join(REPO_ROOT, 'build', 'wasm', 'wcb_codec_loop.cjs');
const addonLoop = path.join(REPO_ROOT, 'node', 'addon-loop.mjs');
const missingLoops = [nativeLoop, wasmLoop].filter((file) => !fs.existsSync(file));
const notBuilt = missingAddon || (missingLoops.length > 0 ? `not built: ${missingLoops.join(', ')}` : false);

function lines(command, args) {
  const result = spawnSync(command, args, { encoding: 'utf8', timeout: 300_000 });
  assert.equal(result.status, 0, `${command} ${args.join(' ')}: ${result.stderr}`);
  return result.stdout
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line));
}

testWithBuild(
  "addon-loop: both ways, every codec, the native loop's dataset and encodings",
  notBuilt,
  {},
  () => {
    const args = ['--mb', '0.3', '--repetitions', '2', '--warmup', '0'];
    const native = lines(nativeLoop, args);
    const dataset = new TupleDataset();
    dataset.growToMB(0.3);
    for (const through of ['loop', 'calls']) {
      const addon = lines(process.execPath, [addonLoop, ...args, '--through', through]);
      assert.deepEqual(
        addon.map((line) => line.codec),
        ADDON_CODECS,
      );
      for (const line of addon) {
        const reference = native.find((other) => other.codec === line.codec);
        assert.ok(reference, `${line.codec} in the native loop`);
        assert.equal(line.items, dataset.items.length);
        assert.equal(line.checksum, checksumItems(dataset.items));
        assert.equal(line.bytes, reference.bytes, `${line.codec} ${through}: encoded size`);
        assert.equal(line.library, reference.library);
        assert.equal(line.encodeMs.length, 2);
        for (const ms of [...line.encodeMs, ...line.decodeMs]) assert.ok(ms >= 0 && ms < 60_000);
      }
    }
  },
);

testWithBuild('codec-gap.mjs --addon prints the addon/native columns', notBuilt, {}, () => {
  const result = spawnSync(
    process.execPath,
    [
      path.join(REPO_ROOT, 'node', 'codec-gap.mjs'),
      '--addon',
      '--mb',
      '0.2',
      '--rounds',
      '1',
      '--repetitions',
      '2',
    ],
    { encoding: 'utf8', timeout: 300_000 },
  );
  assert.equal(result.status, 0, result.stderr);
  const rows = result.stdout.split('\n');
  const header = rows.find((line) => /^codec +native enc/.test(line));
  assert.match(header, /addon\/native enc +addon\/native dec/);
  assert.match(header, /addon-js\/native enc +addon-js\/native dec/);
  for (const codec of ADDON_CODECS) {
    const row = rows.find((line) => line.startsWith(`${codec} `));
    assert.ok(row, `a row for ${codec}`);
    // native 2, then wasm, addon and addon-js with 4 each
    const figures = row.trim().split(/\s+/).slice(1).map(parseFloat);
    assert.equal(figures.length, 14, row);
    for (const figure of figures) assert.ok(figure > 0, row);
  }
});
