// The README's answer table (src/report/answer-rows.mjs) over block runs' results:
//
//   node scripts/answer-table.mjs RUN.json...
//   node scripts/answer-table.mjs --by-place RUN.json...   one table per data shape, a row per
//                                                          place: each verdict across runtimes
//   node scripts/answer-table.mjs --data FILE RUN.json...  the table, and the answer as data
//
// --data FILE also writes the answer as data (answerData: the run's date,
// its machine and each cell's parts), the file the page opens on: the
// answer command's runs write web/answer.json with it. The answer command
// (scripts/bench.sh --answer) makes those runs and prints the same table.

import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { answerByPlaceMarkdown, answerData, answerMarkdown, answerRows } from '../src/report/answer-rows.mjs';
import { overProcesses } from '../src/harness/block-verdicts.mjs';
import { registerWorkloadFolders } from '../src/workload-folders.mjs';
import { writeAtomically } from '../node/run-file.mjs';

const usage = 'usage: node scripts/answer-table.mjs [--by-place] [--data FILE] RUN.json...\n';
let parsed;
try {
  parsed = parseArgs({
    options: { 'by-place': { type: 'boolean' }, data: { type: 'string' }, help: { type: 'boolean' } },
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
const runs = files.map((file) => {
  let document;
  try {
    document = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    process.stderr.write(`answer-table: ${file}: ${error.message}\n`);
    process.exit(2);
  }
  if (!Array.isArray(document?.rows) || !document.run) {
    process.stderr.write(`answer-table: ${file}: not a results file (no run and rows)\n`);
    process.exit(2);
  }
  if (!overProcesses(document.rows)) throw new Error(`${file}: no block measured in several processes`);
  return document;
});
const rows = answerRows(runs);
process.stdout.write(values['by-place'] ? answerByPlaceMarkdown(rows) : answerMarkdown(rows));
if (values.data) writeAtomically(values.data, `${JSON.stringify(answerData(runs), null, 2)}\n`);
