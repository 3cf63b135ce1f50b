// What the documents workload's browser tests share: whether the wasm build
// has its modules, the one codec and strategy a tiny run uses, the results
// validator with the workload's rows, and a server for the page.

import { test } from '@playwright/test';
import { readWasmBuild } from '../../node/build-web.mjs';
import { startServer } from '../../node/serve.mjs';
import { buildWorkloads, codecsOf } from '../../src/catalog.mjs';
import { createResultsValidator } from '../../src/harness/validate.mjs';
import { resultsSchema } from '../../src/workload-folders.mjs';

const info = readWasmBuild().info;

/** Whether the wasm build has documents modules (the tests skip without them). */
export const built = buildWorkloads(info).includes('documents');
/** The build's documents codecs. */
export const codecs = built ? codecsOf(info, 'documents') : [];
// One codec and strategy: json (its bytes are JSON text, so the UTF-8 baseline runs beside it too).
export const CODEC = codecs.includes('json') ? 'json' : codecs[0];
export const STRATEGY = 'tagged';

/** The results validator, with every workload's rows. */
export const validate = createResultsValidator(await resultsSchema());

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
