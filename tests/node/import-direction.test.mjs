// Imports point one way (docs/architecture.md#layout): scripts/ and node/
// use src/; src/ never imports node/ or scripts/; the page (web/) never
// imports node/, scripts/ or any module that needs Node's own modules.
import assert from 'node:assert/strict';
import { mkdtempSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

// Every module specifier a file names: static imports and re-exports, bare
// side-effect imports and dynamic imports of a literal.
const SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(\s*|^\s*import\s+)(['"])([^'"\n]+)\1/gm;

export function specifiersOf(text, { dynamic = true } = {}) {
  return [...text.matchAll(SPECIFIER)]
    .filter((match) => dynamic || !match[0].includes('('))
    .map((match) => match[2]);
}

function modulesUnder(root, folder, skip = []) {
  const found = [];
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (skip.includes(path.relative(root, full))) continue;
      if (entry.isDirectory()) walk(full);
      else if (/\.(mjs|js)$/.test(entry.name)) found.push(full);
    }
  };
  walk(path.join(root, folder));
  return found;
}

/** Imports of modules under `folder` that resolve into one of `forbidden` (folders of `root`): ["file -> target"]. */
export function importsInto(root, folder, forbidden, skip = []) {
  const crossings = [];
  for (const file of modulesUnder(root, folder, skip)) {
    for (const specifier of specifiersOf(readFileSync(file, 'utf8'))) {
      if (!specifier.startsWith('.')) continue;
      const target = path.relative(root, path.resolve(path.dirname(file), specifier));
      if (forbidden.some((dir) => target === dir || target.startsWith(`${dir}/`)))
        crossings.push(`${path.relative(root, file)} -> ${target}`);
    }
  }
  return crossings;
}

/**
 * The modules `entries` reach through static relative imports that import
 * one of Node's own modules (node:...), which would stop the page loading:
 * ["module (reached from entry)"]. A dynamic import is loaded only when
 * asked for (a Node-only peer the page never asks for).
 */
export function nodeModulesReached(root, entries) {
  const seen = new Set();
  const found = [];
  const visit = (file, entry) => {
    if (seen.has(file)) return;
    seen.add(file);
    const specifiers = specifiersOf(readFileSync(file, 'utf8'), { dynamic: false });
    if (specifiers.some((specifier) => specifier.startsWith('node:')))
      found.push(`${path.relative(root, file)} (from ${path.relative(root, entry)})`);
    // Generated code (build/, the protobuf peers') is the generators', not ours to hold.
    for (const specifier of specifiers) {
      const target = path.resolve(path.dirname(file), specifier);
      if (specifier.startsWith('.') && !path.relative(root, target).startsWith('build/'))
        visit(target, entry);
    }
  };
  for (const entry of entries) visit(entry, entry);
  return found;
}

test('the scanner finds an import that runs back up, and a Node module the page would reach', () => {
  const root = mkdtempSync(path.join(tmpdir(), 'wcb-imports-'));
  try {
    for (const dir of ['src/harness', 'node', 'web/src'])
      mkdirSync(path.join(root, dir), { recursive: true });
    writeFileSync(path.join(root, 'node/options.mjs'), "import fs from 'node:fs';\n");
    writeFileSync(
      path.join(root, 'src/harness/run.mjs'),
      "import { a } from './local.mjs';\nexport { b } from '../../node/options.mjs';\nconst c = await import('../../scripts/x.mjs');\n",
    );
    writeFileSync(path.join(root, 'src/harness/local.mjs'), "import path from 'node:path';\n");
    writeFileSync(
      path.join(root, 'web/src/page.mjs'),
      "import '../../src/harness/local.mjs';\nconst later = () => import('../../node/options.mjs');\n",
    );
    assert.deepEqual(importsInto(root, 'src', ['node', 'scripts']), [
      'src/harness/run.mjs -> node/options.mjs',
      'src/harness/run.mjs -> scripts/x.mjs',
    ]);
    assert.deepEqual(nodeModulesReached(root, [path.join(root, 'web/src/page.mjs')]), [
      'src/harness/local.mjs (from web/src/page.mjs)',
    ]);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});

test('src/ imports nothing from node/ or scripts/', () => {
  assert.deepEqual(importsInto(REPO_ROOT, 'src', ['node', 'scripts']), []);
});

test('the page imports nothing from node/ or scripts/, and reaches no module that needs Node', () => {
  assert.deepEqual(importsInto(REPO_ROOT, 'web', ['node', 'scripts'], ['web/dist']), []);
  const entries = modulesUnder(REPO_ROOT, 'web', ['web/dist']);
  assert.deepEqual(nodeModulesReached(REPO_ROOT, entries), []);
});
