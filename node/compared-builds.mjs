// The wasm builds after the first of --build-dir A,B (a toolchain A/B:
// docs/decisions/toolchain.md#the-ab), for bench:node and bench:web alike:
// which workloads may compare them, and the tag that labels their paths.

import { basename } from 'node:path';
import { WORKLOADS, codecsOf, workloadInfo } from '../src/catalog.mjs';
import { UsageError } from './options.mjs';

/**
 * The builds after the first: [{ dir, tag, codecs, info }], the tag (what
 * labels their paths and rows) their Emscripten version, else their folder's
 * name; codecs: those they built for the workload. `readInfo(dir)` reads a
 * build's build-info.json (each runner its own way, with its own errors);
 * `firstInfo` is the first build's. Refused for a workload whose entry does
 * not compare builds, and with `oneBuildOption`, an option of the run whose
 * protocol has no place for a second build (bench:node's --limits,
 * bench:web's --startup, whose page serves one build).
 */
export function comparedBuilds(
  { buildDir, moreBuildDirs = [], workload },
  firstInfo,
  readInfo,
  oneBuildOption,
) {
  if (moreBuildDirs.length > 0 && (!workloadInfo(workload).comparesBuilds || oneBuildOption)) {
    const able = WORKLOADS.filter((entry) => entry.comparesBuilds).map((entry) => entry.name);
    throw new UsageError(
      `--build-dir with several builds: only the blocks of ${able.join(', ')} compare builds (not ${oneBuildOption ?? workload})`,
    );
  }
  const seen = new Set([firstInfo.emscripten]);
  return moreBuildDirs.map((dir) => {
    const info = readInfo(dir);
    const tag = seen.has(info.emscripten) ? basename(dir) : info.emscripten;
    if (seen.has(tag)) throw new UsageError(`--build-dir: ${dir} is given twice, or as ${buildDir}`);
    seen.add(tag);
    return { dir, tag, codecs: codecsOf(info, workload), info };
  });
}
