// The workload folders as Node finds them: every src/workloads/<name>/
// workload.mjs is registered in the catalog (src/catalog.mjs registerWorkload;
// those of src/workloads/index.mjs are already) and its rows (rows.mjs, or
// runner.mjs, rowSchema and protocolSchema) join the results schema:
// bench:node, bench:web and the report take every workload's results alike.
// Node only (the page bundles every workload's page.mjs instead).

import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { WORKLOAD_NAMES, registerWorkload } from './catalog.mjs';
import { withWorkloadRows } from './harness/validate.mjs';

const SRC = path.dirname(fileURLToPath(import.meta.url));
const WORKLOADS_DIR = path.join(SRC, 'workloads');
const SCHEMA_FILE = path.join(SRC, 'results.schema.json');

let registered;

/**
 * Registers the workload folders (once); resolves to [{ name, rowSchema?,
 * protocolSchema? }] of every folder, in the catalog's order.
 */
export function registerWorkloadFolders() {
  registered ??= (async () => {
    const added = [];
    for (const folder of readdirSync(WORKLOADS_DIR)) {
      const file = (name) => path.join(WORKLOADS_DIR, folder, name);
      if (!existsSync(file('workload.mjs'))) continue;
      const entry = (await import(pathToFileURL(file('workload.mjs')))).default;
      registerWorkload(entry);
      const rows = ['rows.mjs', 'runner.mjs'].map(file).find(existsSync);
      const { rowSchema, protocolSchema } = rows ? await import(pathToFileURL(rows)) : {};
      added.push({ name: entry.name, rowSchema, protocolSchema });
    }
    return added.sort((a, b) => WORKLOAD_NAMES.indexOf(a.name) - WORKLOAD_NAMES.indexOf(b.name));
  })();
  return registered;
}

/** `schema` (src/results.schema.json by default) with the rows of every workload folder. */
export async function resultsSchema(schema = JSON.parse(readFileSync(SCHEMA_FILE, 'utf8'))) {
  let extended = schema;
  for (const { name, rowSchema, protocolSchema } of await registerWorkloadFolders())
    if (rowSchema) extended = withWorkloadRows(extended, name, rowSchema, protocolSchema);
  return extended;
}
