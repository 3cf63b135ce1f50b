// The README's answer table from block runs (docs/design.md#blocks): for a
// unit of each workload and each place (Node, the Node-API addon, each
// browser), which route wins each operation there — the best C++ path, the
// fastest JS library, or JSON — with its figure, its interval and the date of
// the run. Every verdict is one over processes; a comparison the run left
// undecided or equivalent is said so.
//
//   node scripts/answer-table.mjs RUN.json... [--unit workload=block]...
//
// Units by default: tuples at ~10.5 MB (tuples@90), the ten-field record
// (messages@record), GeoJSON at 1:110m (documents@geo-110m) and the random
// strings (documents@random-strings).

import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { ADDON_PLACE, JSON_CALLS, floorCodecsOf } from '../src/catalog.mjs';
import { engineLabel } from '../src/engines.mjs';
import { againstJson, documentVerdicts, verdictOptionsOf } from '../src/harness/block-verdicts.mjs';
import { formatRatio } from '../src/harness/format.mjs';
import { EQUIVALENT, FASTER, SLOWER, intervalText } from '../src/harness/paired.mjs';
import { registerWorkloadFolders } from '../src/workload-folders.mjs';
import { isBlockRun } from '../src/harness/block.mjs';

const UNITS = {
  tuples: ['tuples@90', 'tuples with a schema (10.5 MB)'],
  messages: ['messages@record', 'small records (the ten-field record)'],
  documents: ['documents@geo-110m', 'JSON documents (GeoJSON, 0.44 MB)'],
  strings: ['documents@random-strings', 'strings (random nested strings, 1 MB)'],
};

const { positionals } = parseArgs({ allowPositionals: true, options: {} });
if (positionals.length === 0) {
  process.stderr.write('usage: node scripts/answer-table.mjs RUN.json...\n');
  process.exit(2);
}

const figure = (comparison) => `${formatRatio(comparison.ratio)}${intervalText(comparison)}`;
const short = (label) =>
  label.replace(
    /^[\w-]+ \((.+)\)( \[records\])?$/,
    (_, name, variant) => `${name}${variant ? ' records' : ''}`,
  );

// One operation's winner in words, for the C++ paths of `place` in a block.
function operationCell(document, block, operation, place) {
  const { higherIsFaster } = verdictOptionsOf(document.run.workload);
  const floors = floorCodecsOf(document.run);
  const own = documentVerdicts(document).filter(
    (verdict) =>
      verdict.block === block &&
      verdict.operation === operation &&
      (verdict.row.place === ADDON_PLACE) === (place === ADDON_PLACE) &&
      !floors.includes(verdict.row.codec) &&
      verdict.json.n > 0,
  );
  if (own.length === 0) return undefined;
  const score = (verdict) => verdict.fastest?.ratio ?? verdict.json.ratio;
  const best = own.reduce((a, b) => (score(b) > score(a) ? b : a));
  const versus = best.fastest;
  const name = best.label.replace(' (addon)', '');
  const inverse = (c) => ({ ...c, ratio: 1 / c.ratio, low: 1 / c.high, high: 1 / c.low });
  if (versus?.verdict === FASTER)
    return `**C++** ${name} ${figure(versus)} over ${short(versus.closest)}${best.json.verdict === FASTER ? '' : ` (vs JSON: ${best.json.verdict})`}`;
  if (versus?.verdict === SLOWER) {
    const library = againstJson(document.rows, block, versus.closest, operation, higherIsFaster);
    if (library.verdict === SLOWER)
      return `**JSON** ${figure(inverse(library))} over ${short(versus.closest)}`;
    return `**library** ${short(versus.closest)} ${figure(inverse(versus))} over ${name}`;
  }
  const against = versus ? `${short(versus.closest)}` : JSON_CALLS[operation];
  const comparison = versus ?? best.json;
  if (comparison.verdict === EQUIVALENT) return `C++ ${name} as fast as ${against} (${figure(comparison)})`;
  // Fewer processes than an interval needs (the time budget ran out): the direction, not a verdict.
  if (comparison.low === undefined) {
    const [ahead, behind, count] =
      comparison.ratio < 1 ? [against, name, comparison.losses] : [name, against, comparison.wins];
    return `undecided, ${comparison.n} processes (too few): ${ahead} ${formatRatio(Math.max(comparison.ratio, 1 / comparison.ratio))} over ${behind} in ${count}/${comparison.n}`;
  }
  return `undecided: C++ ${name} ${figure(comparison)} against ${against}`;
}

// The documents workload is a plug-in folder: the catalog knows it once registered.
await registerWorkloadFolders();

const documents = positionals.map((file) => {
  const document = JSON.parse(readFileSync(file, 'utf8'));
  if (!isBlockRun(document.run)) throw new Error(`${file}: not a block run`);
  return document;
});
// Shape by shape, each in the order of the files given.
const rows = [];
for (const [block, label] of Object.values(UNITS)) {
  for (const document of documents) {
    if (!block.startsWith(`${document.run.workload}@`)) continue;
    const places = document.run.place === 'node' ? ['node', ADDON_PLACE] : ['browser'];
    for (const place of places) {
      const cells = ['encode', 'decode'].map((operation) => operationCell(document, block, operation, place));
      if (cells.every((cell) => cell === undefined)) continue;
      const where = place === ADDON_PLACE ? 'Node addon' : engineLabel(document.run.runtime);
      rows.push([label, where, cells[0] ?? '-', cells[1] ?? '-', document.run.date.slice(0, 10)]);
    }
  }
}
// A Markdown table, as the README shows it.
const line = (cells) => `| ${cells.join(' | ')} |\n`;
process.stdout.write(line(['data shape', 'place', 'encode', 'decode', 'run']));
process.stdout.write(line(['---', '---', '---', '---', '---']));
for (const row of rows) process.stdout.write(line(row));
