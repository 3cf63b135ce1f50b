// Finding and reading results files: the latest of each place in results/
// by default, every file validated against src/results.schema.json before
// anything is drawn from it.

import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from '../build-dirs.mjs';
import { DEFAULT_WORKLOAD, PLACES, WORKLOAD_NAMES } from '../catalog.mjs';
import { TAGGED_BROWSERS } from '../places.mjs';
import { createResultsValidator } from '../harness/validate.mjs';
import { resultsSchema } from '../workload-folders.mjs';

export { REPO_ROOT };
export const RESULTS_DIR = path.join(REPO_ROOT, 'results');

/** An input problem the user can fix (bad file, nothing to report): exit 1 with its message. */
export class InputError extends Error {}

/**
 * The newest results file of each place in `dir` for a workload: the
 * default workload's are <place>-<ISO date>.json, any other's
 * <place>-<workload>-<ISO date>.json (every runner names its files so:
 * node/options.mjs defaultResultsPath). The greatest date is the latest run.
 */
export function latestResultsFiles(dir = RESULTS_DIR, { workload = DEFAULT_WORKLOAD } = {}) {
  if (!existsSync(dir)) return [];
  const names = readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.json'))
    .map((entry) => entry.name);
  const kind = workload !== DEFAULT_WORKLOAD ? `${workload}-` : '';
  // <place>-<other workload>-* is not a file of the default workload of that place.
  const others = WORKLOAD_NAMES.filter((name) => name !== workload && name !== DEFAULT_WORKLOAD);
  const files = [];
  for (const place of PLACES) {
    const prefix = `${place}-${kind}`;
    // The latest of each browser: a browser's files carry its name before the date (src/engines.mjs).
    const dated = new Map();
    for (const name of names) {
      if (!name.startsWith(prefix)) continue;
      let date = name.slice(prefix.length);
      if (kind === '' && others.some((other) => date.startsWith(`${other}-`))) continue;
      const tag = TAGGED_BROWSERS.find((browser) => date.startsWith(`${browser}-`)) ?? '';
      if (tag) date = date.slice(tag.length + 1);
      if (!(dated.get(tag)?.date >= date)) dated.set(tag, { name, date });
    }
    for (const tag of ['', ...TAGGED_BROWSERS])
      if (dated.has(tag)) files.push(path.join(dir, dated.get(tag).name));
  }
  return files;
}

let validator;

/** Builds the validator with the rows of the folder workloads (workload-folders.mjs); call before loading. */
export async function prepareValidation() {
  validator ??= createResultsValidator(await resultsSchema());
}

function validate(document) {
  if (!validator)
    throw new Error('results validation is not prepared (src/report/load.mjs prepareValidation)');
  return validator(document);
}

/** Reads, parses and validates one results file; throws InputError naming the file and the first problem. */
export function loadResultsFile(file) {
  let text;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new InputError(`${file}: cannot read: ${error.message}`);
  }
  let document;
  try {
    document = JSON.parse(text);
  } catch (error) {
    throw new InputError(`${file}: not JSON: ${error.message}`);
  }
  const result = validate(document);
  if (!result.valid) {
    throw new InputError(
      `${file}: not a valid results file (src/results.schema.json): first error at ${result.text}`,
    );
  }
  return { file, document };
}

export function loadResultsFiles(files) {
  return files.map(loadResultsFile);
}
