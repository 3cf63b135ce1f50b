// Workloads added as a folder alone: every src/workloads/<name>/workload.mjs
// is registered in the catalog (src/catalog.mjs registerWorkload) and its
// rows (runner.mjs rowSchema) join the results schema: bench:node, bench:web
// and the report take such a workload's results alike. Node only (the page
// bundles every workload's page.mjs instead).

import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { registerWorkload } from './catalog.mjs';
import { withWorkloadRows } from './harness/validate.mjs';

const WORKLOADS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), 'workloads');

let registered;

/** Registers the workload folders (once); resolves to [{ name, rowSchema? }] of those registered. */
export function registerWorkloadFolders() {
  registered ??= (async () => {
    const added = [];
    for (const name of readdirSync(WORKLOADS_DIR)) {
      const file = path.join(WORKLOADS_DIR, name, 'workload.mjs');
      if (!existsSync(file)) continue;
      const entry = (await import(pathToFileURL(file))).default;
      registerWorkload(entry);
      const runner = path.join(WORKLOADS_DIR, name, 'runner.mjs');
      const rowSchema = existsSync(runner) ? (await import(pathToFileURL(runner))).rowSchema : undefined;
      added.push({ name: entry.name, rowSchema });
    }
    return added;
  })();
  return registered;
}

/** The results schema with the rows of every registered folder workload. */
export async function schemaWithFolderWorkloads(schema) {
  let extended = schema;
  for (const { name, rowSchema } of await registerWorkloadFolders())
    if (rowSchema) extended = withWorkloadRows(extended, name, rowSchema);
  return extended;
}
