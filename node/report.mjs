// npm run report: results files (native, Node, browser) -> a self-contained
// HTML report and the same charts as SVG files; with --compare OLD NEW, the
// change in median of every row between two runs. See --help.

import { statSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { FLAG_RULE } from '../src/report/compare.mjs';
import { writeComparison, writeReport } from '../src/report/index.mjs';
import { InputError, RESULTS_DIR, latestResultsFiles } from '../src/report/load.mjs';

const DEFAULT_SIZE_MB = 10;
const WORKLOADS = ['tuples', 'messages'];

const HELP = `Usage: npm run report -- [options] [results files...]
       npm run report -- --compare OLD NEW [options]

Without files, reports the latest native-*.json, node-*.json and
browser-*.json of results/ (one of each that exists; with --workload messages
the latest <place>-messages-*.json). Every file is checked against
src/results.schema.json first; an invalid one is refused. One report holds one
workload: files of the tuples and the messages workloads together are refused.

Writes into --out-dir:
  index.html    the report: run headers, charts, payload limits, memory and
                cleanliness tables; self-contained (Vega and the data are
                inlined), opens from disk with no network
  <chart>.svg   each chart as an SVG file (time-encode, time-decode,
                ratio-encode, ratio-decode, breakdown-encode, breakdown-decode,
                wasm-penalty, sizes, modules), e.g. for the README

Messages results (run.workload "messages") give instead: index.html with the
run headers, operations per second per record and path (messages-encode,
messages-decode, messages-roundtrip), one table per record (ops/s, ns/op,
x JSON, boundary share) and the per-call floor of each wasm module
(call-floor), each chart also as an SVG file.

With --compare OLD NEW (tuples results only): prints the change in median of
every row present in both files and writes compare.html and compare.svg; a change is ${FLAG_RULE}.

Options:
  --out-dir DIR       where to write (default: results/report)
  --size-mb N         payload size of the breakdown, sizes and memory views; the
                      nearest measured size is used (default: ${DEFAULT_SIZE_MB})
  --results-dir DIR   where to look for the latest files (default: results)
  --workload NAME     which latest files to pick when none are given: tuples or
                      messages (default: tuples)
  --compare           compare two results files (exactly two paths: OLD NEW)
  -h, --help          show this help

Exit codes: 0 written, 1 an input is missing or not a valid results file,
2 bad option.`;

class UsageError extends Error {}

const OPTIONS = {
  'out-dir': { type: 'string' },
  'size-mb': { type: 'string' },
  'results-dir': { type: 'string' },
  workload: { type: 'string' },
  compare: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
};
const ACCEPTED_OPTIONS = `${Object.keys(OPTIONS)
  .map((name) => `--${name}`)
  .join(', ')}, -h, results files`;

function kindOf(file) {
  try {
    return statSync(file).isDirectory() ? 'directory' : 'file';
  } catch {
    return undefined;
  }
}

function parseOptions(argv) {
  let parsed;
  try {
    parsed = parseArgs({ args: argv, strict: true, allowPositionals: true, options: OPTIONS });
  } catch (error) {
    const quoted = /'([^']*)'/.exec(error.message)?.[1] ?? '';
    if (error.code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION')
      throw new UsageError(`unknown option ${quoted} (accepted: ${ACCEPTED_OPTIONS})`);
    if (error.code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE') {
      const name = quoted.split(' ')[0];
      if (/ambiguous/.test(error.message))
        throw new UsageError(
          `${name}: a value starting with '-' must be attached to it (accepted: ${name}=VALUE)`,
        );
      throw new UsageError(`${name} needs a value (see --help)`);
    }
    throw new UsageError(`${error.message.split('\n')[0]} (see --help)`);
  }
  const { values, positionals } = parsed;
  if (values.help) return { help: true };
  const sizeMB = values['size-mb'] === undefined ? DEFAULT_SIZE_MB : Number(values['size-mb']);
  if (!(Number.isFinite(sizeMB) && sizeMB > 0)) {
    throw new UsageError(`--size-mb: '${values['size-mb']}' is not valid (accepted: a number > 0)`);
  }
  const workload = values.workload ?? 'tuples';
  if (!WORKLOADS.includes(workload)) {
    throw new UsageError(`--workload: unknown value '${workload}' (accepted: ${WORKLOADS.join(', ')})`);
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
  if (values['results-dir'] !== undefined && kindOf(values['results-dir']) !== 'directory') {
    throw new UsageError(
      `--results-dir: no directory '${values['results-dir']}' (accepted: an existing directory)`,
    );
  }
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
  const options = parseOptions(argv);
  if (options.help) {
    process.stdout.write(`${HELP}\n`);
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
    const patterns =
      options.workload === 'messages'
        ? '<place>-messages-*.json'
        : 'native-*.json, node-*.json, browser-*.json';
    throw new InputError(
      `no results files in ${relative(options.resultsDir)} (${patterns}): ` +
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
