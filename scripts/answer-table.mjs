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
  if (versus?.verdict === FASTER)
    return `**C++** ${name} ${figure(versus)} over ${short(versus.closest)}${best.json.verdict === FASTER ? '' : ` (vs JSON: ${best.json.verdict})`}`;
  if (versus?.verdict === SLOWER) {
    const library = againstJson(document.rows, block, versus.closest, operation, higherIsFaster);
    const lead = `${formatRatio(1 / versus.ratio)} over ${name}`;
    if (library.verdict === SLOWER)
      return `**JSON** ${figure({ ...library, ratio: 1 / library.ratio, low: 1 / library.high, high: 1 / library.low })} over ${short(versus.closest)}`;
    return `**library** ${short(versus.closest)} ${lead}`;
  }
  const against = versus ? `${short(versus.closest)}` : JSON_CALLS[operation];
  const word = versus?.verdict === EQUIVALENT ? 'as fast as' : 'undecided against';
  return `C++ ${name} ${word} ${against} (${figure(versus ?? best.json)})`;
}

const rows = [];
for (const file of positionals) {
  const document = JSON.parse(readFileSync(file, 'utf8'));
  if (document.run.protocol?.mode !== 'blocks') throw new Error(`${file}: not a block run`);
  const date = document.run.date.slice(0, 10);
  const places = document.run.place === 'node' ? ['node', ADDON_PLACE] : ['browser'];
  for (const [shape, [block]] of Object.entries(UNITS)) {
    if (!block.startsWith(`${document.run.workload}@`)) continue;
    for (const place of places) {
      const cells = ['encode', 'decode'].map((operation) => operationCell(document, block, operation, place));
      if (cells.every((cell) => cell === undefined)) continue;
      const where = place === ADDON_PLACE ? 'Node addon' : engineLabel(document.run.runtime);
      rows.push([shape, where, `enc: ${cells[0] ?? '-'}; dec: ${cells[1] ?? '-'} (${date})`]);
    }
  }
}
for (const [shape, where, text] of rows) process.stdout.write(`${shape} | ${where} | ${text}\n`);
