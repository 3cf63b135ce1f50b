// The README's answer table (src/report/answer-winners.mjs) over block runs' results:
//
//   node scripts/answer-table.mjs RUN.json...
//   node scripts/answer-table.mjs --by-place RUN.json...   one table per data shape, a row per
//                                                          place: each verdict across runtimes
//
// The answer command (scripts/bench.sh --answer) makes those runs and prints
// the same table.

import { readFileSync } from 'node:fs';
import { answerByPlaceMarkdown, answerMarkdown, answerRows } from '../src/report/answer-winners.mjs';
import { overProcesses } from '../src/harness/block-verdicts.mjs';
import { registerWorkloadFolders } from '../src/workload-folders.mjs';

const byPlace = process.argv.includes('--by-place');
const files = process.argv.slice(2).filter((arg) => arg !== '--by-place');
const usage = 'usage: node scripts/answer-table.mjs [--by-place] RUN.json...\n';
if (files.includes('--help')) {
  process.stdout.write(usage);
  process.exit(0);
}
if (files.length === 0) {
  process.stderr.write(usage);
  process.exit(2);
}
await registerWorkloadFolders();
const documents = files.map((file) => {
  let document;
  try {
    document = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    process.stderr.write(`answer-table: ${file}: ${error.message}\n`);
    process.exit(2);
  }
  if (!overProcesses(document.rows)) throw new Error(`${file}: no block measured in several processes`);
  return document;
});
const rows = answerRows(documents);
process.stdout.write(byPlace ? answerByPlaceMarkdown(rows) : answerMarkdown(rows));
