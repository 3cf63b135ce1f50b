// Progress lines on stderr, stamped with the seconds since the runner started.

import { relative } from 'node:path';

const startedAt = performance.now();

export function log(text) {
  const seconds = ((performance.now() - startedAt) / 1000).toFixed(1).padStart(6);
  process.stderr.write(`${seconds}s ${text}\n`);
}

/** A path relative to the working directory when it is below it. */
export function displayPath(file) {
  const path = relative(process.cwd(), file);
  return path.startsWith('..') ? file : path;
}
