// The fake wasm loader of the runner tests (runner-fake-loader.mjs) that also
// writes down, one JSON line each in <buildDir>/children.jsonl, the job every
// child process was started with (its argv), so a test can see from which
// state each measurement started.

import { appendFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadWasmCodec as loadFakeCodec } from './runner-fake-loader.mjs';

export { readWasmBuildInfo } from './runner-fake-loader.mjs';

export function loadWasmCodec(name, options) {
  appendFileSync(join(options.buildDir, 'children.jsonl'), `${process.argv[2]}\n`);
  return loadFakeCodec(name, options);
}
