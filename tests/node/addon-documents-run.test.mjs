// A tiny `npm run bench:node -- --workload documents` with the Node-API addon
// built: the addon's object, text and tagged paths run beside wasm's by
// default, with their phases, in rows that say place node-addon; the run
// validates (bench:node checks its file against the schema before exit 0).
// Skipped when the addon or the wasm build is missing, unless
// WCB_REQUIRE_BUILDS=1.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

import { ADDON_PLACE } from '../../src/catalog.mjs';
import workload from '../../src/workloads/documents/workload.mjs';
import { missingAddonRun } from './addon-helpers.mjs';
import { testWithBuild } from './wasm-helpers.mjs';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const MISSING = missingAddonRun('documents');

testWithBuild(
  'bench:node --workload documents runs the addon strategies by default, with phases',
  MISSING,
  { timeout: 300_000 },
  () => {
    const out = join(mkdtempSync(join(tmpdir(), 'wcb-addon-documents-')), 'run.json');
    const args = [
      '--workload',
      'documents',
      '--sweep',
      '--quick',
      '--min-warmup-ms',
      '0',
      '--codecs',
      'msgpack',
      '--no-peers',
    ];
    args.push('--datasets', 'geo-110m', '--strategies', 'tagged', '--out', out);
    const result = spawnSync(process.execPath, [join(ROOT, 'node', 'bench.mjs'), ...args], {
      encoding: 'utf8',
      timeout: 240_000,
    });
    assert.equal(result.status, 0, `exit ${result.status}, signal ${result.signal}\n${result.stderr}`);
    const document = JSON.parse(readFileSync(out, 'utf8'));
    assert.equal(document.run.finished, true);
    for (const strategy of workload.addonStrategies) {
      const row = document.rows.find(
        (each) => each.place === ADDON_PLACE && each.codec === 'msgpack' && each.interop === strategy,
      );
      assert.equal(row?.status, 'ok', `msgpack/${strategy} (addon): ${JSON.stringify(row)}`);
      assert.equal(row.dataset, 'geo-110m');
      assert.ok(row.encodePhases && row.decodePhases, `msgpack/${strategy} (addon): phases`);
      assert.ok(row.encodePhases.codecMs > 0, `msgpack/${strategy} (addon): codec time`);
    }
    const wasm = document.rows.find(
      (row) => row.place === 'node' && row.codec === 'msgpack' && row.interop === 'tagged',
    );
    assert.equal(wasm?.status, 'ok');
  },
);
