// The README's answer table (src/report/answer.mjs) over block runs' results:
//
//   node scripts/answer-table.mjs [--data FILE] RUN.json...
//
// --data FILE also writes the answer as data (answerData: the run's date,
// its machine and each cell's parts), the file the page opens on: the
// answer command's runs write web/answer.json with it. The answer command
// (scripts/bench.sh --answer) makes those runs and prints the same table.

import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { answerData, answerMarkdown, answerRows } from '../src/report/answer.mjs';
import { overProcesses } from '../src/harness/block-verdicts.mjs';
import { registerWorkloadFolders } from '../src/workload-folders.mjs';
import { writeAtomically } from '../node/run-file.mjs';

const usage = 'usage: node scripts/answer-table.mjs [--data FILE] RUN.json...\n';
let parsed;
try {
  parsed = parseArgs({
    options: { data: { type: 'string' }, help: { type: 'boolean' } },
    allowPositionals: true,
  });
} catch (error) {
  process.stderr.write(`answer-table: ${error.message}\n${usage}`);
  process.exit(2);
}
const { values, positionals: files } = parsed;
if (values.help) {
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
if (values.data) writeAtomically(values.data, `${JSON.stringify(answerData(documents), null, 2)}\n`);
