// The page of a toolchain A/B (bench:web --build-dir A,B;
// docs/decisions/toolchain.md#the-ab): web/index.html and a bundle of the
// first build that also carries the compared builds' modules, each an asset
// named by its build, in a site folder of its own under web/dist/builds/.
// The default page (web/dist) is left alone: it carries one module set, an
// A/B run does not make it stale, and a run of it beside an A/B run keeps
// its bundle.

import { createHash } from 'node:crypto';
import { copyFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from '../src/build-dirs.mjs';
import { WEB_DIST, buildWeb } from './build-web.mjs';

/** Where the A/B pages are, one folder per set of builds. */
export const COMPARED_PAGES = path.join(WEB_DIST, 'builds');

/**
 * The site folder of the page of `wasmDir` with `builds` ([{ dir, tag }]):
 * named by the tags (say builds/3.1.69-1a2b3c4d), and by the folders, so
 * two A/Bs of the same versions from other folders keep their own pages.
 */
export function comparedPageRoot(wasmDir, builds) {
  const folders = [wasmDir, ...builds.map(({ dir }) => dir)].map((dir) => path.resolve(dir));
  const digest = createHash('sha256').update(folders.join('\n')).digest('hex').slice(0, 8);
  const tags = builds.map(({ tag }) => tag.replace(/[^A-Za-z0-9.]+/g, '-'));
  return path.join(COMPARED_PAGES, [...tags, digest].join('-'));
}

/**
 * Builds the A/B page when stale (build-web.mjs decides) and resolves to
 * { root: the folder to serve, built }.
 */
export async function buildComparedPage({ wasmDir, builds, quiet = true }) {
  const root = comparedPageRoot(wasmDir, builds);
  mkdirSync(root, { recursive: true });
  copyFileSync(path.join(REPO_ROOT, 'web', 'index.html'), path.join(root, 'index.html'));
  const { built } = await buildWeb({
    wasmDir,
    outDir: path.join(root, 'dist'),
    comparedBuilds: builds.map(({ dir, tag }) => ({ dir, tag })),
    quiet,
  });
  return { root, built };
}
