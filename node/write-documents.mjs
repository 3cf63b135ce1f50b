// Writes the documents workload's data sets as JSON files for the native
// runner, which reads them instead of rebuilding the values
// (docs/documents.md#data-sets):
//
//   node node/write-documents.mjs <dir> [--datasets id,id,...] [--unmapped-steps i,j,...]
//
// <dir>/<id>.json is JSON.stringify of the value (UTF-8), and
// <dir>/manifest.json = { "datasets": [ { "id", "file", "jsonBytes",
// "checksum": "0x%08x" }, ... ] } in the order written; an unmapped set
// (id unmapped-s<step>) also carries { "step", "items", "jsonMB" }, its
// tuple growth step, item count and the tuple payload's JSON size in MB.
// --datasets defaults to every fixed data set; --unmapped-steps adds the
// unmapped sets at those tuple step indices (none by default).

import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { pathToFileURL } from 'node:url';

import { documentChecksum, formatChecksum } from '../src/workloads/documents/checksum.mjs';
import {
  DATASET_IDS,
  datasetInfo,
  makeDataset,
  unmappedId,
  unmappedStepInfo,
} from '../src/workloads/documents/datasets.mjs';
import { writeAtomically } from './run-file.mjs';

export const MANIFEST = 'manifest.json';

const USAGE = 'usage: node node/write-documents.mjs <dir> [--datasets id,id,...] [--unmapped-steps i,j,...]';

class UsageError extends Error {}

function listOf(text) {
  return text
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
}

/** The data set ids a command line asks for, in order, without repeats; throws UsageError. */
export function requestedIds({ datasets, unmappedSteps }) {
  const ids = datasets === undefined ? [...DATASET_IDS] : listOf(datasets);
  for (const id of ids) {
    try {
      datasetInfo(id);
    } catch (error) {
      throw new UsageError(`--datasets: ${error.message}`);
    }
  }
  for (const text of unmappedSteps === undefined ? [] : listOf(unmappedSteps)) {
    if (!/^(0|[1-9][0-9]*)$/.test(text))
      throw new UsageError(`--unmapped-steps: '${text}' is not a step index (0, 1, 2, ...)`);
    ids.push(unmappedId(Number(text)));
  }
  if (ids.length === 0) throw new UsageError('nothing to write: --datasets is empty');
  return [...new Set(ids)];
}

/**
 * Writes each data set of `ids` and the manifest into `dir` (created when
 * missing); returns the manifest object. `onWritten(entry)` after each.
 */
export function writeDocuments(dir, ids, { onWritten = () => {} } = {}) {
  mkdirSync(dir, { recursive: true });
  const entries = [];
  for (const id of ids) {
    const value = makeDataset(id);
    const bytes = Buffer.from(JSON.stringify(value), 'utf8');
    const file = `${id}.json`;
    writeAtomically(path.join(dir, file), bytes);
    const entry = {
      id,
      file,
      jsonBytes: bytes.byteLength,
      checksum: formatChecksum(documentChecksum(value)),
    };
    const { step } = datasetInfo(id);
    if (step !== undefined) Object.assign(entry, unmappedStepInfo(step));
    entries.push(entry);
    onWritten(entry);
  }
  const manifest = { datasets: entries };
  // Last, so a reader that sees the manifest sees every file it names.
  writeAtomically(path.join(dir, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
  return manifest;
}

function main(argv) {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        datasets: { type: 'string' },
        'unmapped-steps': { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (error) {
    throw new UsageError(error.message);
  }
  if (parsed.values.help) {
    console.log(`${USAGE}\n  data sets: ${DATASET_IDS.join(', ')}, unmapped-s<step>`);
    return;
  }
  if (parsed.positionals.length !== 1) throw new UsageError('give exactly one output directory');
  const dir = path.resolve(parsed.positionals[0]);
  const ids = requestedIds({
    datasets: parsed.values.datasets,
    unmappedSteps: parsed.values['unmapped-steps'],
  });
  writeDocuments(dir, ids, {
    onWritten: ({ file, jsonBytes, checksum }) =>
      console.log(`wrote ${path.join(dir, file)} (${jsonBytes} bytes, checksum ${checksum})`),
  });
  console.log(`wrote ${path.join(dir, MANIFEST)}`);
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  try {
    main(process.argv.slice(2));
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    console.error(`write-documents: ${error.message}\n${USAGE}`);
    process.exitCode = 2;
  }
}
