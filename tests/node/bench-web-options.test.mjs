// bench:web's options without a browser: the defaults a plain
// `npm run bench:web` runs with (it once crashed on the peer list), and
// --build-dir, bench:node's option, which bench:web takes from the same
// declaration and parses and checks as bench:node does.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test } from 'node:test';

import {
  BROWSER_CHOICES,
  BROWSER_PEERS,
  buildDirsOfArgv,
  helpText,
  parseOptions,
} from '../../node/bench-web-options.mjs';
import { parseOptions as parseNodeOptions } from '../../node/cli.mjs';
import { comparedBuilds } from '../../node/compared-builds.mjs';
import { UsageError } from '../../node/options.mjs';
import { DEFAULT_WASM_BUILD_DIR } from '../../src/build-dirs.mjs';
import { optionNamed } from '../../src/options/table.mjs';
import { BROWSER_NAMES } from '../../src/places.mjs';
import { peerNames } from '../../src/harness/peers.mjs';

const buildInfo = {
  catalog: {
    workloads: ['tuples', 'messages'],
    codecs: [
      { name: 'raw', workloads: ['tuples'] },
      { name: 'json', workloads: ['tuples', 'messages'], jsonText: true },
    ],
  },
};

test('without --peers every library that runs in a browser takes part, for each workload', () => {
  assert.ok(BROWSER_PEERS.length > 0);
  assert.deepEqual(BROWSER_PEERS, peerNames('browser'));
  for (const workload of ['tuples', 'messages']) {
    const options = parseOptions(['--workload', workload], { buildInfo });
    assert.deepEqual(options.peers, BROWSER_PEERS, workload);
  }
});

test('--peers picks libraries, --no-peers none', () => {
  assert.deepEqual(parseOptions(['--peers', 'pbf'], { buildInfo }).peers, ['pbf']);
  assert.deepEqual(parseOptions(['--no-peers'], { buildInfo }).peers, []);
  assert.deepEqual(parseOptions([], { buildInfo }).codecs, ['raw', 'json']);
});

test('--browser: chromium by default, firefox, or all of them in order; anything else is refused', () => {
  const now = new Date('2026-01-02T03:04:05Z');
  const chromium = parseOptions([], { buildInfo, now });
  assert.deepEqual(chromium.browsers, ['chromium']);
  assert.equal(path.basename(chromium.out), 'browser-2026-01-02T03-04-05Z.json');
  const firefox = parseOptions(['--browser', 'firefox'], { buildInfo, now });
  assert.deepEqual(firefox.browsers, ['firefox']);
  assert.equal(path.basename(firefox.out), 'browser-firefox-2026-01-02T03-04-05Z.json');
  const all = parseOptions(['--browser', 'all', '--workload', 'messages'], { buildInfo, now });
  assert.deepEqual(all.browsers, BROWSER_NAMES);
  assert.deepEqual(
    Object.fromEntries(Object.entries(all.outs).map(([browser, file]) => [browser, path.basename(file)])),
    {
      chromium: 'browser-messages-2026-01-02T03-04-05Z.json',
      firefox: 'browser-messages-firefox-2026-01-02T03-04-05Z.json',
      webkit: 'browser-messages-webkit-2026-01-02T03-04-05Z.json',
    },
  );
  assert.throws(
    () => parseOptions(['--browser', 'safari'], { buildInfo }),
    (error) =>
      error instanceof UsageError &&
      error.message === `--browser: unknown value 'safari' (accepted: ${BROWSER_CHOICES.join(', ')})`,
  );
});

test('--out names the one browser file, or each browser file with its name before the extension', () => {
  const one = parseOptions(['--browser', 'firefox', '--out', 'run.json'], { buildInfo });
  assert.equal(one.out, path.resolve('run.json'));
  const all = parseOptions(['--browser', 'all', '--out', 'run.json'], { buildInfo });
  assert.deepEqual(all.outs, {
    chromium: path.resolve('run-chromium.json'),
    firefox: path.resolve('run-firefox.json'),
    webkit: path.resolve('run-webkit.json'),
  });
  assert.equal(all.out, all.outs.chromium);
});

test('--no-gc turns the forced GC off; it is on by default', () => {
  assert.equal(parseOptions([], { buildInfo }).gc, true);
  assert.equal(parseOptions(['--no-gc', '--browser', 'firefox'], { buildInfo }).gc, false);
});

test('the help names every --browser value and --no-gc', () => {
  const text = helpText();
  for (const choice of BROWSER_CHOICES) assert.match(text, new RegExp(`\\b${choice}\\b`));
  assert.match(text, /--no-gc/);
  assert.match(text, /dom\.testing\.testutils\.enabled/);
});

test('--connect takes the endpoint of one browser already running; --host and --port where the page is served', () => {
  const cdp = 'ws://127.0.0.1:9222/devtools/browser/4d1c';
  const chromium = parseOptions(['--connect', cdp], { buildInfo });
  assert.equal(chromium.connect, cdp);
  assert.equal(chromium.host, '127.0.0.1');
  assert.equal(parseOptions([], { buildInfo }).connect, undefined);
  const firefox = parseOptions(
    ['--browser', 'firefox', '--connect', 'ws://10.0.0.5:9222', '--host', '0.0.0.0'],
    {
      buildInfo,
    },
  );
  assert.deepEqual(
    [firefox.browsers, firefox.connect, firefox.host],
    [['firefox'], 'ws://10.0.0.5:9222', '0.0.0.0'],
  );
  const refused = (args, message) =>
    assert.throws(
      () => parseOptions(args, { buildInfo }),
      (error) => error instanceof UsageError && message.test(error.message),
      args.join(' '),
    );
  refused(
    ['--connect', '127.0.0.1:9222'],
    /^--connect: '127\.0\.0\.1:9222' is not a ws:\/\/ or http:\/\/ URL \(accepted: chromium: CDP/,
  );
  refused(
    ['--connect', 'file:///tmp/x'],
    /^--connect: 'file:\/\/\/tmp\/x' is not a ws:\/\/ or http:\/\/ URL/,
  );
  refused(
    ['--connect', cdp, '--browser', 'all'],
    /^--connect drives one browser \(accepted: --browser chromium or firefox or webkit\)$/,
  );
  // Classic WebDriver: an http:// endpoint, never a ws:// one.
  const webkit = parseOptions(['--browser', 'webkit', '--connect', 'http://127.0.0.1:4444'], { buildInfo });
  assert.deepEqual([webkit.browsers, webkit.connect], [['webkit'], 'http://127.0.0.1:4444']);
  refused(
    ['--browser', 'webkit', '--connect', cdp],
    /^--connect: 'ws:.*' is not an http:\/\/ URL \(accepted: webkit: classic W3C WebDriver/,
  );
  refused(['--connect', cdp, '--headed'], /^--headed applies to a browser bench:web launches/);
  refused(['--connect', cdp, '--no-gc'], /^--no-gc applies to a browser bench:web launches/);
  refused(['--host', 'phone'], /^--host: 'phone' is not an IP address/);
  assert.equal(parseOptions(['--port', '8080'], { buildInfo }).port, 8080);
  assert.equal(parseOptions([], { buildInfo }).port, 0);
  refused(['--port', '-1'], /^--port: a value starting with '-' must be attached/);
  refused(['--port=-1'], /^--port: '-1' is not valid \(accepted: an integer >= 0 and <= 65535\)/);
  assert.match(helpText(), /--connect URL/);
});

test('--records takes the record sets bench:node takes; an unknown one is refused', () => {
  const options = parseOptions(['--workload', 'messages', '--records', 'small-values'], { buildInfo });
  assert.deepEqual(options.records, ['bool', 'int', 'string', 'object1', 'object2', 'object3']);
  assert.throws(
    () => parseOptions(['--workload', 'messages', '--records', 'big-values'], { buildInfo }),
    (error) => error instanceof UsageError && /--records: unknown value 'big-values'/.test(error.message),
  );
});

test("--build-dir is bench:node's option, declared once: the page's build, then the builds compared with it", () => {
  assert.deepEqual(optionNamed('build-dir').commands, ['node', 'web']);
  const [first, second] = [
    mkdtempSync(path.join(tmpdir(), 'wcb-a-')),
    mkdtempSync(path.join(tmpdir(), 'wcb-b-')),
  ];
  try {
    // Without it, the build bench:web has always bundled: WCB_WASM_BUILD_DIR's, else build/wasm.
    assert.deepEqual(
      [parseOptions([], { buildInfo }).buildDir, parseOptions([], { buildInfo }).moreBuildDirs],
      [DEFAULT_WASM_BUILD_DIR, []],
    );
    const both = parseOptions(['--build-dir', `${first}, ${second}`], { buildInfo });
    assert.deepEqual([both.buildDir, both.moreBuildDirs], [first, [second]]);
    assert.deepEqual(buildDirsOfArgv(['--build-dir', `${first},${second}`]), {
      buildDir: first,
      moreBuildDirs: [second],
    });
    // The same words as bench:node's for a folder that is not there.
    const missing = path.join(first, 'missing');
    for (const parse of [(argv) => parseOptions(argv, { buildInfo }), parseNodeOptions])
      assert.throws(
        () => parse(['--build-dir', `${first},${missing}`]),
        (error) =>
          error instanceof UsageError &&
          error.message === `--build-dir: no directory '${missing}' (accepted: an existing directory)`,
      );
  } finally {
    for (const folder of [first, second]) rmSync(folder, { recursive: true, force: true });
  }
});

test('--build-dir A,B: only the workloads whose blocks compare builds, as in bench:node', () => {
  const first = { emscripten: '3.1.6' };
  const second = { emscripten: '3.1.69', catalog: buildInfo.catalog };
  const builds = comparedBuilds(
    { buildDir: 'a', moreBuildDirs: ['b'], workload: 'tuples' },
    first,
    () => second,
  );
  assert.deepEqual(
    builds.map(({ dir, tag, codecs }) => ({ dir, tag, codecs })),
    [{ dir: 'b', tag: '3.1.69', codecs: ['raw', 'json'] }],
  );
  // Every workload of the answer compares builds: each takes the second build's codecs of it.
  for (const [workload, codecs] of [
    ['messages', ['json']],
    ['documents', []],
  ])
    assert.deepEqual(
      comparedBuilds({ buildDir: 'a', moreBuildDirs: ['b'], workload }, first, () => second)[0].codecs,
      codecs,
    );
  // bench:web's start-up page serves one build.
  assert.throws(
    () =>
      comparedBuilds(
        { buildDir: 'a', moreBuildDirs: ['b'], workload: 'tuples' },
        first,
        () => second,
        '--startup',
      ),
    (error) =>
      error instanceof UsageError &&
      error.message ===
        '--build-dir with several builds: only the blocks of tuples, messages, documents compare builds (not --startup)',
  );
});

test('--startup: the start-up plan in the browsers, its file named as bench:node names its own; refused with --sweep', () => {
  const now = new Date('2026-01-02T03:04:05Z');
  const options = parseOptions(['--startup', '--looks', '2'], { buildInfo, now });
  assert.equal(options.mode, 'startup');
  assert.deepEqual(options.looks, [2]);
  assert.match(path.basename(options.out), /^startup-browser-.*\.json$/);
  const both = parseOptions(['--startup', '--browser', 'all'], { buildInfo, now });
  assert.ok(Object.values(both.outs).every((file) => path.basename(file).startsWith('startup-browser-')));
  assert.match(helpText(), /--startup\s/);
  assert.throws(
    () => parseOptions(['--startup', '--sweep'], { buildInfo }),
    (error) =>
      error instanceof UsageError && /^--startup is an option of the block protocol/.test(error.message),
  );
});

test("--break-even: the browsers take the workload's break-even sizes as bench:node does; refused where none are declared", () => {
  const web = parseOptions(['--break-even'], { buildInfo });
  const node = parseNodeOptions(['--break-even']);
  assert.equal(web.mode, 'blocks');
  assert.deepEqual([web.minMB, web.maxMB, web.perDecade], [node.minMB, node.maxMB, node.perDecade]);
  assert.ok(
    web.maxMB < parseOptions([], { buildInfo }).minMB,
    'every break-even size is below the answer block',
  );
  assert.throws(
    () => parseOptions(['--break-even', '--workload', 'messages'], { buildInfo }),
    (error) =>
      error instanceof UsageError &&
      /^--break-even: messages declares no break-even sizes/.test(error.message),
  );
});
