// A codec the page, bench:web and the report have never heard of, declared
// only in the build's catalog (a copy of build/wasm whose build-info.json
// lists one more codec, its module a copy of raw's): the page offers it for
// the workloads it declares, bench:web accepts it in --codecs, and the
// report gives it a colour of its own from the catalog order. No list of
// codec names is edited for it.

import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { test } from '@playwright/test';
import { DEFAULT_WASM_DIR, buildWeb } from '../../node/build-web.mjs';
import { codecNames, modulesOf } from '../../src/catalog.mjs';
import { REPO_ROOT, openPage, watchErrors } from './browser.mjs';
import { baseline, documentOf, row } from './report-helpers.mjs';

const run = promisify(execFile);
const EXTRA = 'fakecodec';
let dir;
let wasmDir;
let info;

/** A copy of the wasm build with EXTRA declared for the first workload, its module a copy of the first codec's. */
function fakeBuild(target) {
  mkdirSync(target, { recursive: true });
  const original = JSON.parse(readFileSync(path.join(DEFAULT_WASM_DIR, 'build-info.json'), 'utf8'));
  for (const { glue, wasm } of modulesOf(original))
    for (const file of [glue, wasm]) copyFileSync(path.join(DEFAULT_WASM_DIR, file), path.join(target, file));
  const [workload] = original.catalog.workloads;
  const [first] = original.catalog.codecs;
  const module = { ...first.modules[workload], glue: `wcb_${EXTRA}.cjs`, wasm: `wcb_${EXTRA}.wasm` };
  copyFileSync(path.join(DEFAULT_WASM_DIR, first.modules[workload].glue), path.join(target, module.glue));
  copyFileSync(path.join(DEFAULT_WASM_DIR, first.modules[workload].wasm), path.join(target, module.wasm));
  const catalog = {
    ...original.catalog,
    codecs: [
      ...original.catalog.codecs,
      { name: EXTRA, workloads: [workload], modules: { [workload]: module } },
    ],
  };
  const copy = { ...original, catalog };
  writeFileSync(path.join(target, 'build-info.json'), JSON.stringify(copy, null, 2));
  return copy;
}

test.beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'wcb-extra-codec-'));
  wasmDir = path.join(dir, 'wasm');
  info = fakeBuild(wasmDir);
});

test.afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

test('the page offers the extra codec for its workload only, and the decode box has it', async ({ page }) => {
  const site = path.join(dir, 'site');
  mkdirSync(site);
  copyFileSync(path.join(REPO_ROOT, 'web', 'index.html'), path.join(site, 'index.html'));
  await buildWeb({ wasmDir, outDir: path.join(site, 'dist'), force: true, quiet: true });
  const errors = watchErrors(page);
  await openPage(page, pathToFileURL(path.join(site, 'index.html')).href);
  const codecs = await page.$$eval('input[name="codec"]', (inputs) => inputs.map((input) => input.value));
  assert.deepEqual(codecs, codecNames(info));
  const box = `input[name="codec"][value="${EXTRA}"]`;
  const [workload, other] = info.catalog.workloads;
  assert.equal(await page.inputValue('#workload'), workload);
  assert.ok(await page.isVisible(box), `${EXTRA} offered for ${workload}`);
  await page.selectOption('#workload', other);
  assert.ok(!(await page.isVisible(box)), `${EXTRA} not offered for ${other}`);
  const decodeCodecs = await page.$$eval('#decode-codec option', (options) => options.map((o) => o.value));
  assert.ok(decodeCodecs.includes(EXTRA), decodeCodecs.join(', '));
  assert.deepEqual(errors, []);
});

test('bench:web accepts the extra codec in --codecs and lists it among the accepted ones', async () => {
  const env = { ...process.env, WCB_WASM_BUILD_DIR: wasmDir };
  const benchWeb = path.join(REPO_ROOT, 'node', 'bench-web.mjs');
  // A bad size range stops the run after --codecs was accepted.
  await assert.rejects(
    run(process.execPath, [benchWeb, '--codecs', EXTRA, '--min-mb', '2', '--max-mb', '1'], { env }),
    (error) => {
      assert.equal(error.code, 2);
      assert.match(error.stderr, /--max-mb 1 is below --min-mb 2/);
      return true;
    },
  );
  await assert.rejects(run(process.execPath, [benchWeb, '--codecs', 'nosuch'], { env }), (error) => {
    assert.equal(error.code, 2);
    assert.match(error.stderr, new RegExp(`--codecs: unknown value 'nosuch' \\(accepted: .*, ${EXTRA}\\)`));
    return true;
  });
});

test('the report draws the extra codec in a colour of its own, after the catalog codecs', async () => {
  const [first] = codecNames(info);
  const rows = [baseline({ step: 1, jsonMB: 0.1 })];
  for (const codec of [EXTRA, first])
    rows.push(row({ codec, interop: 'typed', step: 1, jsonMB: 0.1, encodeMs: 1, decodeMs: 1 }));
  const file = path.join(dir, 'node-extra.json');
  writeFileSync(file, JSON.stringify(documentOf('node', rows)));
  const outDir = path.join(dir, 'report');
  const { stdout } = await run(
    process.execPath,
    [path.join(REPO_ROOT, 'node', 'report.mjs'), file, '--out-dir', outDir],
    {
      env: { ...process.env, WCB_WASM_BUILD_DIR: wasmDir },
    },
  );
  assert.match(stdout, /wrote .*index\.html/);
  const html = readFileSync(path.join(outDir, 'index.html'), 'utf8');
  // The time chart's colour scale: the baseline, the catalog's codec, then the extra one in its own colour.
  const scale =
    /"domain":\["json \(js\)","([^"]+)","([^"]+)"\],"range":\["#000000","(#[0-9a-f]+)","(#[0-9a-f]+)"\]/.exec(
      html,
    );
  assert.ok(scale, 'a colour scale with the baseline and both codecs');
  assert.deepEqual(scale.slice(1, 3), [first, EXTRA]);
  assert.notEqual(scale[3], scale[4]);
});
