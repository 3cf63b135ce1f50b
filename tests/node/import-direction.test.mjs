// Imports point one way (docs/architecture.md#layout): scripts/ and node/
// use src/; src/ never imports node/ or scripts/; node/ never imports
// scripts/; web/ imports neither, nor any file of a workload's folder by
// name (the page finds a workload's modules by name: web/src/workloads.mjs).
// Every import, export-from, import() and require() with a literal path in
// the product code is read, and each must also name a file that exists.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';

import { REPO_ROOT } from '../../src/build-dirs.mjs';

const PRODUCT = ['src', 'node', 'web', 'scripts'];
const SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+|\brequire\s*\(\s*)(['"])([^'"\n]+)\1/g;

/** The relative specifiers of a module's source text, comments left out. */
export function specifiersOf(text) {
  const code = text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`\\])\/\/.*$/gm, '$1');
  return [...code.matchAll(SPECIFIER)].map((match) => match[2]).filter((spec) => spec.startsWith('.'));
}

/** Why `from` (a repository path) may not import `to`, or undefined when it may. */
export function wrongWay(from, to) {
  const [fromTop] = from.split('/');
  const [toTop, ...rest] = to.split('/');
  if (fromTop === 'src' && (toTop === 'node' || toTop === 'scripts'))
    return 'src/ never imports node/ or scripts/';
  if (fromTop === 'node' && toTop === 'scripts') return 'node/ never imports scripts/';
  if (fromTop === 'web' && (toTop === 'node' || toTop === 'scripts'))
    return 'web/ never imports node/ or scripts/';
  if (fromTop === 'web' && toTop === 'src' && rest[0] === 'workloads' && rest.length > 2)
    return "web/ never imports a workload's file by name (its page module is found by name)";
  return undefined;
}

/** Every wrong-way or unresolved import of the files `files` (repository paths). */
export function importProblems(files, root = REPO_ROOT) {
  const problems = [];
  for (const file of files) {
    for (const spec of specifiersOf(fs.readFileSync(path.join(root, file), 'utf8'))) {
      const target = path
        .relative(root, path.resolve(root, path.dirname(file), spec))
        .split(path.sep)
        .join('/');
      // build/ holds generated modules (made by the build, not committed).
      if (!target.startsWith('build/') && !fs.existsSync(path.join(root, target)))
        problems.push(`${file}: '${spec}' names no file`);
      const why = wrongWay(file, target);
      if (why) problems.push(`${file}: '${spec}': ${why}`);
    }
  }
  return problems;
}

function productModules() {
  const listed = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', ...PRODUCT], {
    cwd: REPO_ROOT,
    encoding: 'utf8',
  });
  return listed
    .split('\n')
    .filter((file) => /\.(mjs|js|cjs)$/.test(file) && fs.existsSync(path.join(REPO_ROOT, file)));
}

test('every import in src/, node/, web/ and scripts/ runs the one way and names a file', () => {
  const files = productModules();
  assert.ok(files.length > 100, `the product's modules are found (${files.length})`);
  assert.deepEqual(importProblems(files), []);
});

test('the check fails on an import that runs the wrong way', (t) => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'import-direction-'));
  t.after(() => fs.rmSync(root, { recursive: true, force: true }));
  const write = (file, text) => {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), text);
  };
  write('node/load.mjs', 'export const x = 1;\n');
  write('scripts/build.mjs', 'export const y = 1;\n');
  write('src/workloads/toy/dataset.mjs', 'export const z = 1;\n');
  write(
    'src/harness/bad.mjs',
    "import { x } from '../../node/load.mjs';\n// import from '../../scripts/build.mjs'\n",
  );
  write('src/lazy.mjs', "const { y } = await import('../scripts/build.mjs');\n");
  write('node/bad.mjs', "export { y } from '../scripts/build.mjs';\n");
  write(
    'web/src/panel.mjs',
    "import { z } from '../../src/workloads/toy/dataset.mjs';\nimport '../../src/gone.mjs';\n",
  );
  write('web/src/ok.mjs', "import { x } from '../../src/harness/bad.mjs';\n");
  const files = [
    'src/harness/bad.mjs',
    'src/lazy.mjs',
    'node/bad.mjs',
    'web/src/panel.mjs',
    'web/src/ok.mjs',
  ];
  assert.deepEqual(importProblems(files, root), [
    "src/harness/bad.mjs: '../../node/load.mjs': src/ never imports node/ or scripts/",
    "src/lazy.mjs: '../scripts/build.mjs': src/ never imports node/ or scripts/",
    "node/bad.mjs: '../scripts/build.mjs': node/ never imports scripts/",
    "web/src/panel.mjs: '../../src/workloads/toy/dataset.mjs': web/ never imports a workload's file by name (its page module is found by name)",
    "web/src/panel.mjs: '../../src/gone.mjs' names no file",
  ]);
});
