// The workloads the page offers: those of the build's catalog that have a
// page module (src/workloads/<name>/page.mjs; esbuild bundles every one as a
// glob). A folder that src/workloads/index.mjs does not list is registered
// from its workload.mjs first; every workload's rows (the page module's
// rowSchema and protocolSchema) join the results schema, as in Node
// (src/workload-folders.mjs).

import { WORKLOAD_NAMES, buildWorkloads, registerWorkload } from '../../src/catalog.mjs';
import { createResultsValidator, withWorkloadRows } from '../../src/harness/validate.mjs';

/**
 * Resolves to { names, pages (name -> page module), validate (the results
 * validator) }. A workload whose modules do not load is not offered (a
 * warning); the others run.
 */
export async function loadWorkloads(buildInfo, resultsSchema) {
  const pages = new Map();
  let schema = resultsSchema;
  for (const name of buildWorkloads(buildInfo)) {
    try {
      if (!WORKLOAD_NAMES.includes(name))
        registerWorkload((await import(`../../src/workloads/${name}/workload.mjs`)).default);
      const page = await import(`../../src/workloads/${name}/page.mjs`);
      if (page.rowSchema) schema = withWorkloadRows(schema, name, page.rowSchema, page.protocolSchema);
      pages.set(name, page);
    } catch (error) {
      console.warn(`workload ${name}: not offered in this page (${error?.message ?? error})`);
    }
  }
  return { names: [...pages.keys()], pages, validate: createResultsValidator(schema) };
}
