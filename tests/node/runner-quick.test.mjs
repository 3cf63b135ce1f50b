// `npm run bench:node -- --quick` end to end on the real wasm build: exit 0,
// a results file that validates, and a table with every codec and strategy.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CODECS, STRATEGIES } from '../../node/cli.mjs';
import { createResultsValidator } from '../../src/harness/validate.mjs';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const BUILD_INFO = join(ROOT, 'build', 'wasm', 'build-info.json');
const missingBuild = existsSync(BUILD_INFO)
  ? false
  : 'build/wasm is missing: run `bash scripts/build-wasm.sh` first (the project test command does)';

test('quick mode runs every codec and strategy end to end', { skip: missingBuild, timeout: 600_000 }, () => {
  const out = join(mkdtempSync(join(tmpdir(), 'wcb-quick-')), 'node-quick.json');
  const result = spawnSync(process.execPath, [join(ROOT, 'node', 'bench.mjs'), '--quick', '--out', out], {
    encoding: 'utf8',
    timeout: 540_000,
  });
  assert.equal(result.status, 0, `exit ${result.status}, signal ${result.signal}\n${result.stderr}`);

  const schema = JSON.parse(readFileSync(join(ROOT, 'src', 'results.schema.json'), 'utf8'));
  const document = JSON.parse(readFileSync(out, 'utf8'));
  assert.deepEqual(createResultsValidator(schema)(document), { valid: true });
  assert.equal(document.run.finished, true);
  assert.equal(document.run.runtime.name, 'node');
  assert.equal(document.run.runtime.v8, process.versions.v8);
  assert.match(document.run.build.emscripten, /3\.\d+\.\d+/);
  assert.equal(document.run.protocol.repetitions, 3);

  const steps = [...new Set(document.rows.map((row) => row.step))];
  assert.ok(steps.length >= 3, `several sizes: ${steps}`);
  for (const codec of CODECS) {
    for (const strategy of STRATEGIES) {
      const rows = document.rows.filter(
        (row) => row.codec === codec && row.impl === 'cpp' && row.interop === strategy,
      );
      assert.equal(rows.length, steps.length, `${codec}/${strategy} has a row per size`);
      for (const row of rows) {
        assert.equal(row.status, 'ok', `${codec}/${strategy} at step ${row.step}: ${row.error}`);
        assert.ok(row.encodePhases && row.decodePhases, `${codec}/${strategy} has phases`);
        assert.ok(row.memory.wasmHeapBytes > 0);
      }
      const label = `${codec}/${strategy}`;
      const tableLines = result.stdout.split('\n').filter((line) => line.startsWith(`${label} `));
      assert.ok(tableLines.length >= steps.length, `the table lists ${label} at every size`);
      for (const line of tableLines.slice(0, steps.length))
        assert.match(line, /\d+(\.\d+)?x\s+\d+(\.\d+)?x\s+\d+%\s+\d+%$/);
    }
  }
  const baselines = document.rows.filter((row) => row.codec === 'json' && row.impl === 'js');
  assert.equal(
    baselines.length,
    CODECS.length * STRATEGIES.length * steps.length,
    'a JSON baseline per child and size',
  );
  assert.match(result.stdout, /^json \(js\) x15 /m);
});
