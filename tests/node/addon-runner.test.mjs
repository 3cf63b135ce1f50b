// bench:node with the Node-API addon: by default each codec also runs
// through the addon's strategies (rows with place node-addon, beside the
// JSON baseline and the object floor in the same child), the rows validate
// against the schema, and --no-addon leaves them out. Needs the wasm build
// and the native build's addon (skipped without, failing under
// WCB_REQUIRE_BUILDS=1).
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { REPO_ROOT } from '../../node/load-wasm.mjs';
import { addonStrategiesOf, isJsonBaseline, isObjectFloor, pathLabel } from '../../src/catalog.mjs';
import { createResultsValidator } from '../../src/harness/validate.mjs';
import { missingWasm } from './conformance-support.mjs';
import { missingAddon } from './addon-helpers.mjs';
import { testWithBuild } from './wasm-helpers.mjs';
import { resultsSchema } from '../../src/workload-folders.mjs';

const schema = await resultsSchema();
const validate = createResultsValidator(schema);
const CODEC = 'msgpack';

function bench(args, env = process.env) {
  const out = join(mkdtempSync(join(tmpdir(), 'wcb-addon-run-')), 'node.json');
  const result = spawnSync(
    process.execPath,
    [
      join(REPO_ROOT, 'node', 'bench.mjs'),
      '--sweep',
      ...['--min-mb', '0.05', '--max-mb', '0.1', '--repetitions', '1', '--warmup', '0'],
      ...['--codecs', CODEC, '--no-peers', '--out', out],
      ...args,
    ],
    { encoding: 'utf8', timeout: 300_000, env },
  );
  assert.equal(result.status, 0, `exit ${result.status}\n${result.stderr}`);
  const document = JSON.parse(readFileSync(out, 'utf8'));
  assert.deepEqual(validate(document), { valid: true });
  return { result, document };
}

testWithBuild(
  'bench:node runs the addon paths by default, beside JSON and the object floor in their child',
  missingAddon || missingWasm,
  { timeout: 600_000 },
  () => {
    const { result, document } = bench(['--strategies', 'typed,columnar']);
    const steps = [...new Set(document.rows.map((row) => row.step))];
    const addonRows = document.rows.filter((row) => row.place === 'node-addon');
    const expected = [
      ...addonStrategiesOf('tuples').map((interop) => ({ interop, variant: undefined })),
      { interop: 'typed', variant: 'columnar' },
    ];
    assert.equal(addonRows.length, expected.length * steps.length, 'a row per addon path and size');
    for (const { interop, variant } of expected) {
      const rows = addonRows.filter((row) => row.interop === interop && row.variant === variant);
      assert.equal(rows.length, steps.length, `${interop}${variant ? `/${variant}` : ''}`);
      for (const row of rows) {
        assert.equal(row.status, 'ok', row.error);
        assert.equal(row.codec, CODEC);
        assert.equal(row.impl, 'cpp');
        assert.equal(row.module, undefined, 'an addon row names no wasm module');
        assert.ok(row.encodePhases.codecMs > 0 && row.decodePhases.codecMs > 0);
        const label = pathLabel(row);
        assert.equal(row.batch, label, 'its own batch');
        assert.match(label, / \(addon\)/);
        // The references were measured in the same child, at the same size.
        const batch = document.rows.filter((other) => other.batch === row.batch && other.step === row.step);
        assert.ok(batch.some(isJsonBaseline), `${label}: the JSON baseline beside it`);
        assert.ok(batch.some(isObjectFloor), `${label}: the object floor beside it`);
        for (const reference of batch.filter((other) => other !== row)) assert.equal(reference.place, 'node');
      }
    }
    // The wasm rows are still there, and say place node.
    const wasmTyped = document.rows.filter(
      (row) => row.place === 'node' && row.impl === 'cpp' && row.interop === 'typed' && !row.variant,
    );
    assert.equal(wasmTyped.length, steps.length);
    assert.match(result.stderr, /msgpack\/typed \(addon\): process 1\n/);
  },
);

testWithBuild(
  '--no-addon leaves the addon paths out',
  missingAddon || missingWasm,
  { timeout: 600_000 },
  () => {
    const { result, document } = bench(['--strategies', 'typed', '--no-addon']);
    assert.equal(document.rows.filter((row) => row.place === 'node-addon').length, 0);
    assert.ok(document.rows.some((row) => row.impl === 'cpp' && row.interop === 'typed'));
    assert.equal(document.run.protocol.addon, false);
    assert.doesNotMatch(result.stderr, /addon codec\/strategy pairs|\(addon\)|no addon paths/);
  },
);

testWithBuild(
  'without the addon the run says so once and goes on; WCB_REQUIRE_BUILDS=1 refuses',
  missingWasm,
  { timeout: 600_000 },
  () => {
    const nowhere = mkdtempSync(join(tmpdir(), 'wcb-no-native-'));
    const env = { ...process.env, WCB_NATIVE_BUILD_DIR: nowhere, WCB_REQUIRE_BUILDS: '0' };
    const { result, document } = bench(['--strategies', 'typed'], env);
    assert.equal(
      result.stderr.match(/no addon paths: the Node-API addon is not built/g)?.length,
      1,
      result.stderr,
    );
    assert.equal(document.rows.filter((row) => row.place === 'node-addon').length, 0);
    assert.ok(document.rows.every((row) => row.status === 'ok'));

    const required = spawnSync(
      process.execPath,
      [
        join(REPO_ROOT, 'node', 'bench.mjs'),
        '--sweep',
        '--quick',
        '--codecs',
        CODEC,
        '--no-peers',
        '--out',
        join(nowhere, 'x.json'),
      ],
      { encoding: 'utf8', timeout: 300_000, env: { ...env, WCB_REQUIRE_BUILDS: '1' } },
    );
    assert.equal(required.status, 1);
    assert.match(
      required.stderr,
      /^bench:node: the Node-API addon is not built .*WCB_REQUIRE_BUILDS=1 requires it/,
    );
  },
);
