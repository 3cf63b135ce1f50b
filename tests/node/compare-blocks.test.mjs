// npm run report -- --compare over two block runs (src/report/compare.mjs):
// the medians of the same place, path and unit pooled over each file's
// processes, rates per call judged the right way round, beside the
// verdicts. The fixtures are cut from two real default runs of messages
// in Chromium (13:44 and 13:45, 2026-12-05): five paths of the ten-field
// record, six contexts each, sample lists dropped.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathLabel } from '../../src/catalog.mjs';
import { median } from '../../src/harness/stats.mjs';
import { compareRuns, comparisonChart, renderComparison } from '../../src/report/compare.mjs';
import { REPO_ROOT } from '../../node/options.mjs';

const FIXTURES = path.join(REPO_ROOT, 'tests', 'fixtures', 'report');
const OLD_FILE = path.join(FIXTURES, 'blocks-old.json');
const NEW_FILE = path.join(FIXTURES, 'blocks-new.json');
const read = (file) => JSON.parse(readFileSync(file, 'utf8'));

// A copy of `document` whose `label` rows run `operation` at `factor` times their rate.
function scaled(document, label, operation, factor) {
  const copy = structuredClone(document);
  for (const row of copy.rows) {
    if (pathLabel(row) !== label) continue;
    const stats = row[operation].opsPerSec;
    for (const key of ['median', 'min', 'max', 'mean', 'mad', 'p75']) stats[key] *= factor;
  }
  return copy;
}

test('two block runs compare their medians per path, unit and operation, pooled over processes', () => {
  const [old, current] = [read(OLD_FILE), read(NEW_FILE)];
  const { lines, onlyOld, onlyNew, statusChanges, verdicts } = compareRuns(old, current);
  assert.equal(lines.length, 10, 'five paths, two operations');
  assert.deepEqual([onlyOld.length, onlyNew.length, statusChanges.length], [0, 0, 0]);
  const json = lines.find((line) => line.label === 'json (js)' && line.operation === 'encode');
  const perProcess = old.rows
    .filter((row) => pathLabel(row) === 'json (js)')
    .map((row) => row.encode.opsPerSec.median);
  assert.equal(perProcess.length, 6);
  assert.equal(json.oldMedian, median(perProcess));
  assert.equal(json.unit, 'record');
  assert.equal(json.higherIsFaster, true);
  assert.ok(
    lines.every((line) => !line.flagged),
    'two runs of one machine: nothing beyond the spread',
  );
  assert.equal(verdicts.flips.length, 0);
  assert.ok(verdicts.compared > 0);
});

test('a rate that halves is slower, one that doubles is faster', () => {
  const old = read(OLD_FILE);
  const current = scaled(scaled(old, 'msgpack/tagged', 'decode', 0.5), 'avro (avsc)', 'encode', 2);
  const { lines } = compareRuns(old, current);
  const line = (label, operation) =>
    lines.find((entry) => entry.label === label && entry.operation === operation);
  assert.equal(line('msgpack/tagged', 'decode').verdict, 'slower');
  assert.equal(line('avro (avsc)', 'encode').verdict, 'faster');
  assert.equal(lines.filter((entry) => entry.flagged).length, 2);
  const text = renderComparison(compareRuns(old, current));
  assert.match(text, /^place +path +unit +op +old +new +change +3xMAD +flag$/m);
  assert.match(text, /msgpack\/tagged +record +decode +\S+ k\/s +\S+ k\/s +-50% +\S+ k\/s +SLOWER/);
  assert.match(text, /10 row operations compared: 1 slower and 1 faster beyond the spread/);
  assert.equal(comparisonChart({ lines }).spec.layer[1].encoding.x.field, 'unit');
});

test('report --compare prints the medians and the verdicts of two block runs', () => {
  const outDir = mkdtempSync(path.join(tmpdir(), 'wcb-compare-blocks-'));
  const result = spawnSync(
    process.execPath,
    [path.join(REPO_ROOT, 'node', 'report.mjs'), '--compare', OLD_FILE, NEW_FILE, '--out-dir', outDir],
    { encoding: 'utf8' },
  );
  assert.equal(result.status, 0, result.stderr);
  assert.match(result.stdout, /^10 row operations compared: 0 slower and 0 faster beyond the spread/m);
  assert.match(result.stdout, /^verdicts: \d+ compared, \d+ agree, 0 flips/m);
  assert.match(result.stdout, /wrote .*compare\.html and .*compare\.svg/);
});
