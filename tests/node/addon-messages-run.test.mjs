// A tiny `npm run bench:node -- --workload messages` with the Node-API addon
// built: the addon's object and tagged paths run beside wasm's by default,
// with their floors and the empty call, in rows that say place node-addon
// and validate; --no-addon leaves them out. Skipped when the addon or the
// wasm build is missing, unless WCB_REQUIRE_BUILDS=1.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

import { ADDON_PLACE, addonStrategiesOf } from '../../src/catalog.mjs';
import { createResultsValidator } from '../../src/harness/validate.mjs';
import { missingAddonRun } from './addon-helpers.mjs';
import { testWithBuild } from './wasm-helpers.mjs';
import { resultsSchema } from '../../src/workload-folders.mjs';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const MISSING = missingAddonRun('messages');

function bench(extra) {
  const out = join(mkdtempSync(join(tmpdir(), 'wcb-addon-messages-')), 'run.json');
  const args = ['--workload', 'messages', '--sweep', '--quick', '--codecs', 'msgpack', '--no-peers'];
  args.push('--records', 'int,record', '--strategies', 'val,tagged', '--out', out, ...extra);
  const result = spawnSync(process.execPath, [join(ROOT, 'node', 'bench.mjs'), ...args], {
    encoding: 'utf8',
    timeout: 240_000,
  });
  assert.equal(result.status, 0, `exit ${result.status}, signal ${result.signal}\n${result.stderr}`);
  return { document: JSON.parse(readFileSync(out, 'utf8')), stdout: result.stdout };
}

testWithBuild(
  'bench:node --workload messages runs the addon paths, floors and empty call by default',
  MISSING,
  { timeout: 300_000 },
  async () => {
    const { document, stdout } = bench([]);
    const schema = await resultsSchema();
    assert.deepEqual(createResultsValidator(schema)(document), { valid: true });
    assert.equal(document.run.place, 'node');
    const addonRows = document.rows.filter((row) => row.place === ADDON_PLACE);
    for (const strategy of addonStrategiesOf('messages')) {
      for (const record of ['int', 'record']) {
        const of = (variant) =>
          addonRows.find(
            (row) =>
              row.codec === 'msgpack' &&
              row.interop === strategy &&
              row.record === record &&
              row.variant === variant,
          );
        const path = of(undefined);
        assert.equal(path?.status, 'ok', `msgpack/${strategy} (addon) ${record}: ${JSON.stringify(path)}`);
        assert.ok(path.encode.opsPerSec.median > 0 && path.decode.opsPerSec.median > 0);
        assert.ok(path.boundaryShare, `msgpack/${strategy} (addon) ${record}: no boundary share`);
        assert.equal(of('floor')?.status, 'ok', `msgpack/${strategy} (addon) ${record} floor`);
      }
    }
    const calls = addonRows.filter((row) => row.interop === 'call');
    assert.equal(calls.length, addonStrategiesOf('messages').length, 'one empty call per addon batch');
    assert.ok(calls.every((row) => row.status === 'ok'));
    // The JSON baseline of an addon batch is JS in node, not the addon.
    assert.ok(document.rows.filter((row) => row.impl === 'js').every((row) => row.place === 'node'));
    assert.ok(
      document.rows.some((row) => row.place === 'node' && row.impl === 'cpp'),
      'the wasm rows are there too',
    );
    assert.match(stdout, /msgpack\/object \(addon\)/);
  },
);

testWithBuild('--no-addon leaves the addon out', MISSING, { timeout: 300_000 }, () => {
  const { document } = bench(['--no-addon', '--records', 'int', '--strategies', 'val']);
  assert.equal(document.rows.filter((row) => row.place === ADDON_PLACE).length, 0);
  assert.ok(document.rows.length > 0);
});
