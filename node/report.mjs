// npm run report: results files (native, Node, browser) -> a self-contained
// HTML report and the same charts as SVG files; with --compare OLD NEW, the
// change in median of every row between two runs and their verdicts. See --help.

import path from 'node:path';
import { parseArgs } from 'node:util';
import { DEFAULT_WORKLOAD, PLACES, WORKLOAD_NAMES } from '../src/catalog.mjs';
import { FLAG_RULE } from '../src/report/compare.mjs';
import { reportOf, writeComparison, writeReport } from '../src/report/index.mjs';
import { InputError, RESULTS_DIR, latestResultsFiles } from '../src/report/load.mjs';
import { registerWorkloadFolders } from '../src/workload-folders.mjs';
import { UsageError, existingDirectory, kindOf, parseArgv, parseNumber } from './options.mjs';

const DEFAULT_SIZE_MB = 10;

/** The results files of a workload that the report picks by default (load.mjs latestResultsFiles). */
const filePattern = (workload) =>
  PLACES.map((place) => `${place}-${workload !== DEFAULT_WORKLOAD ? `${workload}-` : ''}*.json`).join(', ');

// What each workload's report writes (src/workloads/<name>/report.mjs `help`).
async function helpText() {
  const reports = [];
  for (const workload of WORKLOAD_NAMES) reports.push([workload, (await reportOf(workload)).help]);
  return `Usage: npm run report -- [options] [results files...]
       npm run report -- --compare OLD NEW [options]

Without files, reports the latest results file of each place in results/
(${WORKLOAD_NAMES.map((workload) => `${workload}: ${filePattern(workload)}`).join('; ')}).
Every file is checked against src/results.schema.json first; an invalid one
is refused. One report holds one workload: files of several workloads
together are refused.

Writes into --out-dir an index.html (self-contained: Vega and the data are
inlined, opens from disk with no network) and each chart as an SVG file,
e.g. web/images/, shown in the workloads' docs. What they hold depends on the workload:
${reports.map(([workload, text]) => `  ${workload}: ${text}`).join('\n')}

With --compare OLD NEW: the change in median of every row present in both files (the same
place, path and unit: size, record or data set; a block run's processes pooled), written to
compare.html and compare.svg too; a change is ${FLAG_RULE}. For two block runs, also
whether their verdicts agree ("verdicts: N compared, N agree, N flips"; a flip is faster in one
run and slower in the other for the same path, unit, engine, operation and reference).

Options:
  --out-dir DIR       where to write (default: results/report)
  --size-mb N         payload size of the breakdown, sizes and memory views; the
                      nearest measured size is used (default: ${DEFAULT_SIZE_MB})
  --results-dir DIR   where to look for the latest files (default: results)
  --workload NAME     which latest files to pick when none are given: one of
                      ${WORKLOAD_NAMES.join(', ')} (default: ${DEFAULT_WORKLOAD})
  --compare           compare two results files (exactly two paths: OLD NEW)
  -h, --help          show this help

Exit codes: 0 written, 1 an input is missing or not a valid results file,
2 bad option.`;
}

const OPTIONS = {
  'out-dir': { type: 'string' },
  'size-mb': { type: 'string' },
  'results-dir': { type: 'string' },
  workload: { type: 'string' },
  compare: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
};

/** The file arguments and the rest (the options, parsed by node/options.mjs parseArgv). */
function splitFiles(argv) {
  const { tokens } = parseArgs({
    args: argv,
    options: OPTIONS,
    strict: false,
    allowPositionals: true,
    tokens: true,
  });
  const files = tokens.filter((token) => token.kind === 'positional');
  const fileIndexes = new Set(files.map((token) => token.index));
  return {
    positionals: files.map((token) => token.value),
    rest: argv.filter((_, index) => !fileIndexes.has(index)),
  };
}

function parseOptions(argv) {
  const { positionals, rest } = splitFiles(argv);
  const values = parseArgv(rest, OPTIONS);
  if (values.help) return { help: true };
  const sizeMB =
    values['size-mb'] === undefined
      ? DEFAULT_SIZE_MB
      : parseNumber('size-mb', values['size-mb'], { min: 0, exclusiveMin: true });
  const workload = values.workload ?? DEFAULT_WORKLOAD;
  if (!WORKLOAD_NAMES.includes(workload)) {
    throw new UsageError(`--workload: unknown value '${workload}' (accepted: ${WORKLOAD_NAMES.join(', ')})`);
  }
  if (values.compare && positionals.length !== 2) {
    throw new UsageError(
      `--compare takes exactly two results files, OLD and NEW (got ${positionals.length}; accepted: --compare OLD NEW)`,
    );
  }
  for (const file of positionals) {
    const kind = kindOf(file);
    if (kind !== 'file') {
      const what = kind === 'directory' ? `'${file}' is a directory` : `no file '${file}'`;
      throw new UsageError(`${what} (accepted: results files, e.g. results/node-<date>.json)`);
    }
  }
  if (values['results-dir'] !== undefined) existingDirectory('results-dir', values['results-dir']);
  if (values['out-dir'] !== undefined && kindOf(values['out-dir']) === 'file') {
    throw new UsageError(`--out-dir: '${values['out-dir']}' is a file (accepted: a directory path)`);
  }
  const resultsDir = path.resolve(values['results-dir'] ?? RESULTS_DIR);
  return {
    help: false,
    compare: Boolean(values.compare),
    files: positionals.map((file) => path.resolve(file)),
    outDir: path.resolve(values['out-dir'] ?? path.join(resultsDir, 'report')),
    resultsDir,
    sizeMB,
    workload,
  };
}

async function main(argv) {
  // Workloads added as a folder alone are known before the options are read.
  await registerWorkloadFolders();
  const options = parseOptions(argv);
  if (options.help) {
    process.stdout.write(`${await helpText()}\n`);
    return;
  }
  const relative = (file) => path.relative(process.cwd(), file) || file;
  if (options.compare) {
    const [oldFile, newFile] = options.files;
    const result = await writeComparison({ oldFile, newFile, outDir: options.outDir });
    process.stdout.write(`OLD ${relative(oldFile)}\nNEW ${relative(newFile)}\n\n${result.text}\n\n`);
    process.stdout.write(
      `wrote ${relative(result.html)}${result.svg ? ` and ${relative(result.svg)}` : ''}\n`,
    );
    return;
  }
  const files =
    options.files.length > 0
      ? options.files
      : latestResultsFiles(options.resultsDir, { workload: options.workload });
  if (files.length === 0) {
    throw new InputError(
      `no results files in ${relative(options.resultsDir)} (${filePattern(options.workload)}): ` +
        'run npm run bench:node, npm run bench:web or the native runner first, or pass files',
    );
  }
  process.stdout.write(`Reporting ${files.map(relative).join(', ')}\n\n`);
  const result = await writeReport({ files, outDir: options.outDir, sizeMB: options.sizeMB });
  for (const chart of result.charts) {
    if (chart.empty) {
      process.stdout.write(`${chart.id}: no data in these inputs\n`);
      continue;
    }
    const lines = result.headlines[chart.id] ?? [];
    process.stdout.write(`${chart.id}: ${chart.title}\n${lines.map((line) => `  ${line}\n`).join('')}`);
  }
  if (result.engines) process.stdout.write(`\n${result.engines}\n`);
  if (result.verdicts) process.stdout.write(`\n${result.verdicts}\n`);
  process.stdout.write(
    `\nwrote ${relative(result.html)} and ${result.svgs.length} SVG files in ${relative(options.outDir)}\n`,
  );
}

main(process.argv.slice(2)).catch((error) => {
  if (error instanceof UsageError) {
    process.stderr.write(`report: ${error.message}\n`);
    process.exitCode = 2;
  } else if (error instanceof InputError) {
    process.stderr.write(`report: ${error.message}\n`);
    process.exitCode = 1;
  } else {
    process.stderr.write(`report: ${error.stack ?? error}\n`);
    process.exitCode = 1;
  }
});
