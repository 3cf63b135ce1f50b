// The README's answer table (src/report/answer-winners.mjs) over block runs' results:
//
//   node scripts/answer-table.mjs RUN.json...
//
// The answer command (scripts/bench.sh --answer) makes those runs and prints
// the same table.

import { readFileSync } from 'node:fs';
import { answerMarkdown, answerRows } from '../src/report/answer-winners.mjs';
import { overProcesses } from '../src/harness/block-verdicts.mjs';
import { registerWorkloadFolders } from '../src/workload-folders.mjs';

const files = process.argv.slice(2);
const usage = 'usage: node scripts/answer-table.mjs RUN.json...\n';
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
process.stdout.write(answerMarkdown(answerRows(documents)));
