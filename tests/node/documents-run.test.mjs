// `npm run bench:node -- --workload documents`: its options, the data sets
// it takes by default, and a tiny run on the real build (every row verified,
// the JSON baseline beside each path, the file valid, the tables printed).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseOptions } from '../../node/cli.mjs';
import { workloadInfo } from '../../src/catalog.mjs';
import { createResultsValidator } from '../../src/harness/validate.mjs';
import { registerWorkloadFolders, resultsSchema } from '../../src/workload-folders.mjs';
import { datasetInfo } from '../../src/workloads/documents/datasets.mjs';
import { selectSteps } from '../../src/workloads/tuples/dataset.mjs';
import { testWithBuild } from './wasm-helpers.mjs';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const BENCH = join(ROOT, 'node', 'bench.mjs');
const BUILD_INFO = join(ROOT, 'build', 'wasm', 'build-info.json');

await registerWorkloadFolders();
const documents = workloadInfo('documents');

function documentsModulesMissing() {
  if (!existsSync(BUILD_INFO)) return 'no wasm build (scripts/build-wasm.sh)';
  const catalog = JSON.parse(readFileSync(BUILD_INFO, 'utf8')).catalog;
  const json = catalog?.codecs.find((codec) => codec.name === 'json');
  return json?.modules?.documents ? false : 'the wasm build has no documents module for json';
}

test('the unmapped data sets sit at the tuple sweep steps nearest 1, 10 and 25 MB (0.1 MB for --quick)', () => {
  const unmapped = (ids) => ids.filter((id) => id.startsWith('unmapped-')).map((id) => datasetInfo(id).step);
  const sizes = new Map(
    selectSteps({ minMB: 0.05, maxMB: 26, perDecade: 0 }).map((s) => [s.index, s.jsonMB]),
  );
  const mb = (steps) => steps.map((step) => Math.round(sizes.get(step) * 10) / 10);
  assert.deepEqual(mb(unmapped(documents.defaults.datasets)), [1.1, 10.5, 25.5]);
  assert.deepEqual(mb(unmapped(documents.quick.datasets)), [0.1]);
});

test('--datasets is checked against the workload, and other workloads refuse it', () => {
  const options = parseOptions(['--workload', 'documents', '--datasets', 'geo-110m,jbb-repeated']);
  assert.deepEqual(options.datasets, ['geo-110m', 'jbb-repeated']);
  assert.deepEqual(
    parseOptions(['--workload', 'documents', '--sweep']).datasets,
    documents.defaults.datasets,
  );
  assert.deepEqual(
    parseOptions(['--workload', 'documents', '--sweep', '--quick']).datasets,
    documents.quick.datasets,
  );
  // The default run is the block protocol, on its own data sets.
  const blocks = parseOptions(['--workload', 'documents']);
  assert.equal(blocks.mode, 'blocks');
  assert.deepEqual(blocks.datasets, documents.blocks.datasets);
  assert.deepEqual(blocks.strategies, ['tagged']);
  assert.deepEqual(
    parseOptions(['--workload', 'documents', '--quick']).datasets,
    documents.blocksQuick.datasets,
  );
  assert.throws(
    () => parseOptions(['--workload', 'documents', '--datasets', 'geo-1m']),
    /--datasets: unknown value 'geo-1m' \(accepted: geo-110m, /,
  );
  assert.throws(
    () => parseOptions(['--workload', 'documents', '--max-mb', '3']),
    /--max-mb is an option of the tuples workload \(accepted with --workload documents: --datasets, --documents, --repetitions, --warmup, --min-warmup-ms\)/,
  );
  // --min-warmup-ms is an option of two kinds of workload (its table entry's kind lists both).
  assert.equal(parseOptions(['--workload', 'documents', '--min-warmup-ms', '0']).minWarmupMs, 0);
  assert.throws(
    () => parseOptions(['--datasets', 'geo-110m']),
    /--datasets is an option of the documents workload/,
  );
});

testWithBuild(
  'a tiny documents run: every path verified on every data set, JSON beside it, the file valid',
  documentsModulesMissing(),
  { timeout: 300_000 },
  async () => {
    const out = join(mkdtempSync(join(tmpdir(), 'wcb-documents-run-')), 'results.json');
    const result = spawnSync(
      process.execPath,
      [
        BENCH,
        '--workload',
        'documents',
        '--sweep',
        '--min-warmup-ms',
        '0',
        '--datasets',
        'geo-110m,jbb-repeated',
        '--codecs',
        'json',
        '--strategies',
        'val,text,tagged',
        '--peers',
        'msgpackr',
        '--repetitions',
        '3',
        '--warmup',
        '0',
        '--out',
        out,
      ],
      { encoding: 'utf8', timeout: 280_000 },
    );
    assert.equal(result.status, 0, result.stderr);
    const document = JSON.parse(readFileSync(out, 'utf8'));
    const validate = createResultsValidator(await resultsSchema());
    assert.deepEqual(validate(document), { valid: true });
    assert.equal(document.run.workload, 'documents');
    assert.deepEqual(document.run.protocol.datasets, ['geo-110m', 'jbb-repeated']);
    const failed = document.rows.filter((row) => row.status !== 'ok');
    assert.deepEqual(failed, []);
    for (const batch of ['json/val', 'json/text', 'json/tagged', 'msgpackr']) {
      for (const dataset of ['geo-110m', 'jbb-repeated']) {
        const rows = document.rows.filter((row) => row.batch === batch && row.dataset === dataset);
        // The JSON baseline (and the UTF-8 one beside json, a JSON-text codec), then the path.
        const expected = batch.startsWith('json/') ? 3 : 2;
        assert.equal(rows.length, expected, `${batch} on ${dataset}`);
        assert.ok(
          rows.every((row) => row.encode.median > 0 && row.decode.median > 0 && row.encodedBytes > 0),
        );
        assert.ok(rows.every((row) => row.jsonBytes === rows[0].jsonBytes && row.jsonBytes > 0));
      }
    }
    const wasm = document.rows.filter((row) => row.impl === 'cpp');
    assert.ok(
      wasm.every((row) => row.encodePhases && row.decodePhases),
      'every wasm row has its phases',
    );
    assert.match(result.stdout, /^geo-110m .*: time per call$/m);
    assert.match(result.stdout, /JBB published: MsgPack/);
  },
);
