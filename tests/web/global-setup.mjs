// Before the browser tests: the page bundle, built once when stale.

import { buildWeb } from '../../node/build-web.mjs';

export default async function globalSetup() {
  await buildWeb({ quiet: true });
}
