// bench:web --build-dir A,B (docs/decisions/toolchain.md#the-ab): one
// Chromium run holds both builds' C++-in-wasm paths in the same blocks, the
// second build's rows name it, and the run ends with its verdicts against the
// first build's same paths. The second build is a stand-in: build/wasm's
// modules under another toolchain's name, its raw tuple module without a
// lean one, so its rows (module: embind) show that the page ran the second
// build's module. Then the pages: the A/B page names both toolchains and
// carries the second build's modules as assets of their own, the default
// page one build. The messages and documents blocks hold both builds' tagged
// paths the same way. Last, a block of each workload with the real
// Emscripten 3.1.69 build, when it is built. No timing is asserted.

import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { test } from '@playwright/test';
import { buildComparedPage } from '../../scripts/build-compared-page.mjs';
import { DEFAULT_WASM_DIR, WEB_DIST, readWasmBuild } from '../../scripts/build-web.mjs';
import { pathLabel } from '../../src/catalog.mjs';
import { OPERATIONS } from '../../src/harness/block.mjs';
import { createResultsValidator } from '../../src/harness/validate.mjs';
import { resultsSchema } from '../../src/workload-folders.mjs';
import { PAGE_FILE_URL, REPO_ROOT, openPage } from './browser.mjs';

const run = promisify(execFile);
const BENCH_WEB = path.join(REPO_ROOT, 'node', 'bench-web.mjs');
const REPORT = path.join(REPO_ROOT, 'node', 'report.mjs');
const validate = createResultsValidator(await resultsSchema());

// Its tag is its Emscripten version, as a real build's is.
const STAND_IN = {
  tag: '0.0.0-standin',
  toolchain: { name: 'emscripten-standin', emscripten: '0.0.0-standin', clang: '0.0' },
};
const escape = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
// The smallest block run that still has verdicts: two contexts of one tiny size.
const TINY_BLOCKS = [
  ...['--strategies', 'typed', '--peers', 'pbf', '--min-mb', '0.05', '--max-mb', '0.1', '--per-decade', '1'],
  ...['--repetitions', '2', '--warmup', '0'],
];

let dir;
let standIn;

/**
 * A copy of the wasm build in `target`: its module files linked, its
 * build-info naming STAND_IN's toolchain, and raw's tuple module without a
 * lean module (the page then loads its embind module).
 */
function standInBuild(target) {
  mkdirSync(target);
  const { info, modules } = readWasmBuild(DEFAULT_WASM_DIR);
  for (const module of modules)
    for (const file of [module.glue, module.wasm, module.lean, module.leanZlib].filter(Boolean))
      if (!existsSync(path.join(target, path.basename(file))))
        symlinkSync(file, path.join(target, path.basename(file)));
  const withoutTuples = ({ tuples: _, ...others } = {}) => others;
  const codecs = info.catalog.codecs.map((codec) =>
    codec.name === 'raw'
      ? { ...codec, lean: withoutTuples(codec.lean), leanZlib: withoutTuples(codec.leanZlib) }
      : codec,
  );
  const copy = {
    ...info,
    emscripten: STAND_IN.toolchain.emscripten,
    toolchain: STAND_IN.toolchain,
    catalog: { ...info.catalog, codecs },
  };
  writeFileSync(path.join(target, 'build-info.json'), JSON.stringify(copy, null, 2));
  return target;
}

test.beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'wcb-bench-web-builds-'));
  standIn = standInBuild(path.join(dir, 'wasm-standin'));
});

test.afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** bench:web with `builds` as --build-dir: { stdout, document }, the document checked against the schema. */
async function benchWeb(builds, args) {
  const out = path.join(dir, `browser-${path.basename(builds.at(-1))}.json`);
  const { stdout } = await run(
    process.execPath,
    [BENCH_WEB, '--build-dir', builds.join(','), ...args, '--out', out],
    { timeout: 480_000 },
  );
  const document = JSON.parse(readFileSync(out, 'utf8'));
  const verdict = validate(document);
  assert.ok(verdict.valid, verdict.text);
  return { stdout, document, out };
}

/**
 * Every browser context of every block held each `codecs` path (through
 * `strategy`) of both builds; the closing table has a verdict per block,
 * path and operation.
 */
function assertSameBlocks({ stdout, document }, tag, codecs, contexts, strategy = 'typed') {
  const { rows } = document;
  const blocks = [...new Set(rows.map((row) => row.block))];
  assert.ok(blocks.length > 0);
  for (const block of blocks)
    for (let context = 0; context < contexts; context++) {
      const labels = rows.filter((row) => row.block === block && row.process === context).map(pathLabel);
      for (const codec of codecs)
        for (const label of [`${codec}/${strategy}`, `${codec}/${strategy} [${tag}]`])
          assert.ok(labels.includes(label), `${block} context ${context}: ${label} in ${labels.join(', ')}`);
    }
  for (const row of rows.filter((row) => row.impl === 'cpp'))
    assert.equal(row.status, 'ok', `${pathLabel(row)}: ${row.error}`);
  const table = stdout.slice(stdout.indexOf('the wasm builds compared'));
  // A line: block, path, op, then the verdict, which starts with the tag.
  const lines = table
    .split('\n')
    .filter((line) => new RegExp(`^\\S+\\s+\\S+\\s+(${OPERATIONS.join('|')})\\s+${escape(tag)} `).test(line));
  assert.equal(lines.length, blocks.length * codecs.length * OPERATIONS.length, table);
  for (const line of lines)
    assert.match(
      line,
      new RegExp(`${escape(tag)} (faster|slower|equivalent|undecided) .*${contexts} process(es)?,`),
    );
}

test('--build-dir A,B: both builds in the same blocks and contexts, the second judged against the first', async () => {
  const result = await benchWeb(
    [DEFAULT_WASM_DIR, standIn],
    ['--codecs', 'raw,msgpack', '--looks', '2', ...TINY_BLOCKS],
  );
  const { run: header, rows } = result.document;
  assert.equal(header.place, 'browser');
  assert.deepEqual(
    header.build.compared.map(({ tag, toolchain }) => ({ tag, toolchain })),
    [{ tag: STAND_IN.tag, toolchain: STAND_IN.toolchain }],
  );
  assert.equal(header.build.toolchain.name, readWasmBuild(DEFAULT_WASM_DIR).info.toolchain.name);
  assertSameBlocks(result, STAND_IN.tag, ['raw', 'msgpack'], 2);
  // The first build's raw runs its lean module; the stand-in's has none: the page ran the stand-in's own.
  const modulesOf = (label) =>
    new Set(rows.filter((row) => pathLabel(row) === label).map((row) => row.module));
  assert.deepEqual(modulesOf('raw/typed'), new Set(['lean']));
  assert.deepEqual(modulesOf(`raw/typed [${STAND_IN.tag}]`), new Set(['embind']));
  // The report and --compare read the file as they read bench:node's.
  const reportDir = path.join(dir, 'report');
  await run(process.execPath, [REPORT, '--out-dir', reportDir, result.out], { timeout: 120_000 });
  const { stdout } = await run(
    process.execPath,
    [REPORT, '--compare', '--out-dir', reportDir, result.out, result.out],
    {
      timeout: 120_000,
    },
  );
  assert.match(stdout, /^verdicts: \d+ compared, \d+ agree, 0 flips/m);
});

// The answer's per-call and per-document C++ paths (their tagged strategy): the smallest block of each.
const TAGGED_BLOCKS = [
  { workload: 'messages', args: ['--min-rep-ms', '2'] },
  { workload: 'documents', args: ['--datasets', 'geo-110m'] },
].map(({ workload, args }) => ({
  workload,
  args: [
    ...['--workload', workload, '--strategies', 'tagged', '--peers', 'msgpackr'],
    ...['--repetitions', '2', '--warmup', '0', ...args],
  ],
}));

for (const { workload, args } of TAGGED_BLOCKS)
  test(`${workload}, --build-dir A,B: both builds in the same blocks and contexts`, async () => {
    const result = await benchWeb(
      [DEFAULT_WASM_DIR, standIn],
      [...args, '--codecs', 'msgpack', '--looks', '2'],
    );
    assert.equal(result.document.run.build.compared[0].tag, STAND_IN.tag);
    assertSameBlocks(result, STAND_IN.tag, ['msgpack'], 2, 'tagged');
  });

test("the A/B page names each build's toolchain and loads the second build's modules as assets of its own; the default page has one build", async ({
  page,
}) => {
  const { root } = await buildComparedPage({
    wasmDir: DEFAULT_WASM_DIR,
    builds: [{ dir: standIn, tag: STAND_IN.tag }],
  });
  const assets = JSON.parse(readFileSync(path.join(root, 'dist', 'meta.json'), 'utf8')).assets;
  // Asset names are lower-case letters, digits and dashes: the tag's dots become dashes.
  const compared = assets.filter((name) => name.includes('0-0-0-standin'));
  assert.ok(compared.includes('wasm-raw-tuples-0-0-0-standin'), compared.join(', '));
  // Each workload whose blocks compare builds takes the second build's modules.
  for (const workload of ['tuples', 'messages', 'documents'])
    assert.ok(compared.includes(`wasm-msgpack-${workload}-0-0-0-standin`), compared.join(', '));

  const facts = () =>
    page.$$eval('dd[data-fact^="wasm build"]', (nodes) =>
      nodes.map((node) => [node.dataset.fact, node.textContent]),
    );
  await openPage(page, pathToFileURL(path.join(root, 'index.html')).href);
  const [first, second, ...more] = await facts();
  const { toolchain } = readWasmBuild(DEFAULT_WASM_DIR).info;
  assert.equal(first[0], 'wasm build');
  assert.match(
    first[1],
    new RegExp(`^Emscripten ${escape(toolchain.emscripten)} \\(clang ${escape(toolchain.clang)}\\);`),
  );
  assert.deepEqual(second[0], `wasm build [${STAND_IN.tag}]`);
  assert.match(second[1], /^Emscripten 0\.0\.0 \(clang 0\.0\);/);
  assert.deepEqual(more, []);

  await openPage(page, PAGE_FILE_URL);
  assert.deepEqual(
    (await facts()).map(([fact]) => fact),
    ['wasm build'],
  );
  const defaultAssets = JSON.parse(readFileSync(path.join(WEB_DIST, 'meta.json'), 'utf8')).assets;
  assert.ok(!defaultAssets.some((name) => name.includes('standin')), defaultAssets.join(', '));
});

// The real second toolchain, once set up and built (scripts/setup.sh --toolchain emscripten-3.1.69).
const REAL_SECOND = path.join(REPO_ROOT, 'build', 'wasm-emscripten-3.1.69');
const REAL_FIRST = path.join(REPO_ROOT, 'build', 'wasm');
const realMissing = [REAL_FIRST, REAL_SECOND].find(
  (build) => !existsSync(path.join(build, 'build-info.json')),
);

// Each workload's block with the answer's C++ strategy of it.
for (const { workload, args, codecs, strategy } of [
  { workload: 'tuples', args: TINY_BLOCKS, codecs: ['msgpack', 'protobuf'], strategy: 'typed' },
  ...TAGGED_BLOCKS.map((block) => ({ ...block, codecs: ['msgpack'], strategy: 'tagged' })),
])
  test(`the real builds, Emscripten 3.1.6 and 3.1.69, in one Chromium block of ${workload}`, async () => {
    test.skip(
      Boolean(realMissing),
      `no wasm build in ${realMissing} (WCB_WASM_TOOLCHAIN=emscripten-3.1.69 scripts/build-wasm.sh)`,
    );
    const result = await benchWeb(
      [REAL_FIRST, REAL_SECOND],
      [...args, '--codecs', codecs.join(','), '--looks', '1'],
    );
    assert.equal(result.document.run.build.compared[0].tag, '3.1.69');
    assertSameBlocks(result, '3.1.69', codecs, 1, strategy);
  });
