// The between-process spread of a block run's ratios, paired against
// unpaired (docs/decisions.md#blocks-pilot): for a C++ path and a
// reference measured in the same blocks, the paired ratios take both sides
// from the same process (r_i = reference_i / path_i); the unpaired ones take
// them from different processes of the same run (reference_i / path_j,
// i != j), which is what comparing two separate processes gives. Prints,
// per operation, the count, median, range and the spread (standard
// deviation of the natural log) of each.
//
//   node scripts/block-spread.mjs RESULTS.json [--path LABEL] [--reference LABEL]...

import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { pathLabel } from '../src/catalog.mjs';
import { OPERATIONS } from '../src/harness/block.mjs';
import { renderColumns } from '../src/harness/format.mjs';
import { judgeRatios, verdictWords } from '../src/harness/paired.mjs';
import { median } from '../src/harness/stats.mjs';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { path: { type: 'string', multiple: true }, reference: { type: 'string', multiple: true } },
});
if (positionals.length !== 1) {
  process.stderr.write(
    'usage: node scripts/block-spread.mjs RESULTS.json [--path LABEL] [--reference LABEL]...\n',
  );
  process.exit(2);
}
const { rows } = JSON.parse(readFileSync(positionals[0], 'utf8'));
const ok = rows.filter((row) => row.status === 'ok' && row.block !== undefined);
const labels = [...new Set(ok.map(pathLabel))];
const paths =
  values.path ?? labels.filter((label) => ok.find((row) => pathLabel(row) === label).impl === 'cpp');
const references = values.reference ?? labels.filter((label) => !paths.includes(label));

/** Per block, process -> median of `label`'s `operation`. */
function medians(label, operation) {
  const byBlock = new Map();
  for (const row of ok.filter((candidate) => pathLabel(candidate) === label)) {
    if (!byBlock.has(row.block)) byBlock.set(row.block, new Map());
    byBlock.get(row.block).set(row.process, row[operation].median);
  }
  return byBlock;
}

function spread(values) {
  const logs = values.map(Math.log);
  const mean = logs.reduce((sum, value) => sum + value, 0) / logs.length;
  return Math.sqrt(logs.reduce((sum, value) => sum + (value - mean) ** 2, 0) / (logs.length - 1));
}

const fixed = (value) => value.toFixed(2);
const lines = [];
for (const path of paths) {
  for (const reference of references) {
    for (const operation of OPERATIONS) {
      const own = medians(path, operation);
      const other = medians(reference, operation);
      for (const [block, processes] of own) {
        const refs = other.get(block);
        if (!refs) continue;
        const paired = [];
        const unpaired = [];
        for (const [i, pathMs] of processes) {
          for (const [j, referenceMs] of refs) (i === j ? paired : unpaired).push(referenceMs / pathMs);
        }
        if (paired.length < 2) continue;
        for (const [kind, ratios] of [
          ['paired', paired],
          ['unpaired', unpaired],
        ]) {
          lines.push([
            block,
            path,
            reference,
            operation,
            kind,
            `${ratios.length}`,
            fixed(median(ratios)),
            `${fixed(Math.min(...ratios))}-${fixed(Math.max(...ratios))}`,
            spread(ratios).toFixed(3),
            kind === 'paired' ? verdictWords(judgeRatios(ratios)) : '',
          ]);
        }
      }
    }
  }
}
process.stdout.write(
  `${renderColumns(
    ['block', 'path', 'reference', 'op', 'ratios', 'n', 'median', 'range', 'sd(ln)', 'verdict'],
    lines,
    ['l', 'l', 'l', 'l', 'l', 'r', 'r', 'r', 'r', 'l'],
  )}\n`,
);
