// `npm run bench:node -- --quick` end to end on the real wasm build: exit 0,
// a results file that validates, and a table with every codec and strategy
// and every pure-JS library that runs in Node, and, when the native build has
// the Node-API addon, every codec through each of its strategies.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { STRATEGIES } from '../../node/cli.mjs';
import { addonAvailable } from '../../src/addon/load-addon.mjs';
import {
  ADDON_PLACE,
  addonStrategiesOf,
  codecsOf,
  isJsonBaseline,
  isJsonText,
  isJsonUtf8Baseline,
} from '../../src/catalog.mjs';
import { pathLabel } from '../../src/harness/paths.mjs';
import { peerMeta, peersFor } from '../../src/harness/peers.mjs';
import { createResultsValidator } from '../../src/harness/validate.mjs';
import { testWithBuild } from './wasm-helpers.mjs';
import { resultsSchema } from '../../src/workload-folders.mjs';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const BUILD_INFO = join(ROOT, 'build', 'wasm', 'build-info.json');
const missingBuild = existsSync(BUILD_INFO)
  ? false
  : 'build/wasm is missing: run `bash scripts/build-wasm.sh` first (the project test command does)';

// A ratio cell: "1.17x" (a verdict), "~1.05x" (within noise).
const RATIO = String.raw`~?\d+(\.\d+)?x`;
const RATIOS_AND_SHARES = new RegExp(String.raw`${RATIO}\s+${RATIO}\s+${RATIO}\s+${RATIO}\s+\d+%\s+\d+%$`);

testWithBuild(
  'quick mode runs every codec, strategy and JS library end to end',
  missingBuild,
  { timeout: 900_000 },
  async () => {
    const out = join(mkdtempSync(join(tmpdir(), 'wcb-quick-')), 'node-quick.json');
    const result = spawnSync(
      process.execPath,
      // No minimum warm-up time: this run checks that every path works, not its figures.
      [join(ROOT, 'node', 'bench.mjs'), '--sweep', '--quick', '--min-warmup-ms', '0', '--out', out],
      {
        encoding: 'utf8',
        timeout: 840_000,
      },
    );
    assert.equal(result.status, 0, `exit ${result.status}, signal ${result.signal}\n${result.stderr}`);

    const schema = await resultsSchema();
    const document = JSON.parse(readFileSync(out, 'utf8'));
    assert.deepEqual(createResultsValidator(schema)(document), { valid: true });
    assert.equal(document.run.finished, true);
    assert.equal(document.run.runtime.name, 'node');
    assert.equal(document.run.runtime.v8, process.versions.v8);
    assert.match(document.run.build.emscripten, /3\.\d+\.\d+/);
    assert.equal(document.run.protocol.repetitions, 3);
    assert.equal(document.run.protocol.minWarmupMs, 0);
    assert.equal(document.run.protocol.isolation, 'process-per-block');

    // The codecs the build declares for the workload: the runner's default.
    const buildInfo = JSON.parse(readFileSync(BUILD_INFO, 'utf8'));
    const CODECS = codecsOf(buildInfo, 'tuples');
    assert.ok(CODECS.length > 0, 'the build declares codecs');
    assert.deepEqual(document.run.protocol.codecs, CODECS);
    const steps = [...new Set(document.rows.map((row) => row.step))];
    assert.ok(steps.length >= 3, `several sizes: ${steps}`);
    for (const codec of CODECS) {
      for (const strategy of STRATEGIES) {
        const rows = document.rows.filter(
          (row) =>
            row.codec === codec && row.place === 'node' && row.impl === 'cpp' && row.interop === strategy,
        );
        assert.equal(rows.length, steps.length, `${codec}/${strategy} has a row per size`);
        for (const row of rows) {
          assert.equal(row.status, 'ok', `${codec}/${strategy} at step ${row.step}: ${row.error}`);
          assert.ok(row.encodePhases && row.decodePhases, `${codec}/${strategy} has phases`);
          assert.ok(row.memory.wasmHeapBytes > 0);
          assert.ok(row.gzip9Bytes > 0 && row.gzip9Bytes <= row.gzipBytes + 64, 'gzip -9 size');
          assert.equal(row.cleanliness.clean, true, `${codec}/${strategy} decodes to plain objects`);
        }
        const label = `${codec}/${strategy}`;
        const tableLines = result.stdout.split('\n').filter((line) => line.startsWith(`${label} `));
        assert.ok(tableLines.length >= steps.length, `the table lists ${label} at every size`);
        for (const line of tableLines.slice(0, steps.length)) assert.match(line, RATIOS_AND_SHARES);
      }
    }
    // The addon's paths, by default when the native build has it.
    const ADDON_STRATEGIES = addonAvailable('tuples') ? addonStrategiesOf('tuples') : [];
    for (const codec of CODECS) {
      for (const strategy of ADDON_STRATEGIES) {
        const rows = document.rows.filter(
          (row) =>
            row.codec === codec && row.place === ADDON_PLACE && row.interop === strategy && !row.variant,
        );
        const label = `${codec}/${strategy} (addon)`;
        assert.equal(rows.length, steps.length, `${label} has a row per size`);
        for (const row of rows) {
          assert.equal(row.status, 'ok', `${label} at step ${row.step}: ${row.error}`);
          assert.equal(row.batch, label, 'measured in its own child');
          assert.ok(row.encodePhases && row.decodePhases, `${label} has phases`);
          assert.equal(row.cleanliness.clean, true, `${label} decodes to plain objects`);
        }
        const tableLines = result.stdout.split('\n').filter((line) => line.startsWith(`${label} `));
        assert.ok(tableLines.length >= steps.length, `the table lists ${label} at every size`);
      }
    }
    const peers = peersFor('node');
    assert.deepEqual(
      document.run.protocol.peers,
      peers.map((peer) => peer.name),
    );
    for (const peer of peers) {
      const meta = peerMeta(peer);
      const rows = document.rows.filter(
        (row) => row.impl === 'js' && row.library === meta.library && row.variant === meta.variant,
      );
      assert.equal(rows.length, steps.length, `${peer.name} has a row per size`);
      for (const row of rows) {
        assert.equal(row.status, 'ok', `${peer.name} at step ${row.step}: ${row.error}`);
        assert.equal(row.batch, peer.name, 'measured in its own child');
        assert.ok(row.gzip9Bytes > 0 && typeof row.cleanliness.clean === 'boolean');
      }
      const label = pathLabel(meta);
      const tableLines = result.stdout.split('\n').filter((line) => line.startsWith(`${label} `));
      assert.ok(tableLines.length >= steps.length, `the table lists ${label} at every size`);
      for (const line of tableLines.slice(0, steps.length)) assert.match(line, /x\s+-\s+-$/);
    }
    const codecPaths = CODECS.length * (STRATEGIES.length + ADDON_STRATEGIES.length);
    const paths = codecPaths + peers.length;
    const baselines = document.rows.filter(isJsonBaseline);
    assert.equal(baselines.length, paths * steps.length, 'a JSON baseline per path and size');
    // The UTF-8 baseline beside every path of a codec whose bytes are JSON text, in its process.
    const jsonTextCodecs = CODECS.filter((codec) => isJsonText(buildInfo, codec));
    assert.ok(jsonTextCodecs.includes('json'), `JSON-text codecs: ${jsonTextCodecs}`);
    const utf8 = document.rows.filter(isJsonUtf8Baseline);
    assert.equal(
      utf8.length,
      jsonTextCodecs.length * (STRATEGIES.length + ADDON_STRATEGIES.length) * steps.length,
    );
    assert.ok(
      utf8.every((row) => jsonTextCodecs.includes(row.batch.split('/')[0])),
      'in their own batch',
    );
    assert.match(result.stdout, /^ {2}vs json \(js, utf-8\) +enc xJSON /m);
    assert.equal(
      result.stderr.match(/^ *[\d.]+s +child process \d+$/gm)?.length,
      paths * steps.length,
      'a child process per path and size',
    );
    assert.match(result.stdout, new RegExp(`^json \\(js\\) x${paths} `, 'm'));
    assert.equal(
      result.stdout.match(/^fastest JS library +encode .+ ms; decode \(clean\) .+ ms(; .+)?$/gm)?.length,
      steps.length,
      'a fastest-library line per size',
    );
    assert.match(result.stdout, /^protobuf \(protobufjs\) +no +yes +yes +no +item 0 is /m);
  },
);
