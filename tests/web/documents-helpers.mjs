// What the documents workload's browser tests share: whether the wasm build
// has its modules, the one codec and strategy a tiny run uses, the results
// validator with the workload's rows, and a server for the page.

import { readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from '@playwright/test';
import { readWasmBuild } from '../../scripts/build-web.mjs';
import { startServer } from '../../scripts/serve.mjs';
import { buildWorkloads, codecsOf, registerWorkload } from '../../src/catalog.mjs';
import { createResultsValidator, withWorkloadRows } from '../../src/harness/validate.mjs';
import { rowSchema } from '../../src/workloads/documents/runner.mjs';
import documents from '../../src/workloads/documents/workload.mjs';
import { REPO_ROOT } from './browser.mjs';

registerWorkload(documents);
const info = readWasmBuild().info;

/** Whether the wasm build has documents modules (the tests skip without them). */
export const built = buildWorkloads(info).includes('documents');
/** The build's documents codecs. */
export const codecs = built ? codecsOf(info, 'documents') : [];
// One codec and strategy: json (its bytes are JSON text, so the UTF-8 baseline runs beside it too).
export const CODEC = codecs.includes('json') ? 'json' : codecs[0];
export const STRATEGY = 'tagged';

/** The results validator, with the documents rows. */
export const validate = createResultsValidator(
  withWorkloadRows(
    JSON.parse(readFileSync(path.join(REPO_ROOT, 'src', 'results.schema.json'))),
    'documents',
    rowSchema,
  ),
);

/** Starts the page's server before the file's tests and closes it after; returns its URL when asked. */
export function serveThePage() {
  let server;
  test.beforeAll(async () => {
    server = await startServer();
  });
  test.afterAll(async () => {
    await server?.close();
  });
  return () => server.url;
}
