// npm run bench:web --connect: the smallest run in a browser that is
// already running, started here on a free port as a user would start it
// (Debian's Chromium with --remote-debugging-port, driven over CDP; Firefox
// ESR with --remote-debugging-port, over WebDriver BiDi; WebKitGTK's
// WebKitWebDriver on a port, over classic WebDriver). The results record
// a connected browser, its engine and version, and no GC when the browser
// was started without one; the browser is still running afterwards; an
// endpoint nobody answers at is a one-line error. It measures nothing.

import assert from 'node:assert/strict';
import { execFile, spawn } from 'node:child_process';
import { closeSync, existsSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer as createHttpServer } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { buildWeb, readWasmBuild } from '../../scripts/build-web.mjs';
import { urlsOf } from '../../scripts/serve.mjs';
import { codecsOf } from '../../src/catalog.mjs';
import { createResultsValidator } from '../../src/harness/validate.mjs';
import { resultsSchema } from '../../src/workload-folders.mjs';
import { GC_METHODS } from '../../web/src/browser-info.mjs';
import { CHROMIUM, CHROMIUM_ARGS } from '../../node/chromium-driver.mjs';
import { FIREFOX, MEASURING_PREFS } from '../../node/firefox-driver.mjs';
import { WEBKIT_DRIVER, XVFB, missingPieces } from '../../node/webkit-driver.mjs';
import { REPO_ROOT } from './browser.mjs';

const BENCH_WEB = path.join(REPO_ROOT, 'node', 'bench-web.mjs');
const TIMEOUT = { timeout: 300_000 };
// What a connected run records and logs, by driver.
const CDP = {
  engine: 'V8',
  driver: /^playwright-core .*\(CDP\)$/,
  log: /Chromium \S+ at ws:\/\/.*: connected, driven by playwright-core \S+ \(CDP\)/,
};
const BIDI = {
  engine: 'SpiderMonkey',
  driver: /^puppeteer-core .*\(WebDriver BiDi\)$/,
  log: /Firefox \S+ at ws:\/\/.*: connected, driven by puppeteer-core \S+ \(WebDriver BiDi\)/,
};
const CLASSIC = {
  engine: 'JavaScriptCore',
  driver: /^classic W3C WebDriver over node:http$/,
  log: /WebKit \S+ at http:\/\/.*: connected, driven by classic W3C WebDriver over node:http/,
};

let validate;
let scratch;
let smallest;

before(async () => {
  await buildWeb({ quiet: true });
  validate = createResultsValidator(await resultsSchema());
  scratch = mkdtempSync(path.join(tmpdir(), 'wcb-connect-'));
  const codecs = codecsOf(readWasmBuild().info, 'tuples');
  // One path at one tiny size, no library, two contexts: the smallest run there is.
  smallest = [
    '--quick',
    ...['--codecs', codecs.includes('msgpack') ? 'msgpack' : codecs[0], '--strategies', 'typed'],
    ...['--no-peers', '--min-mb', '0.05', '--max-mb', '0.06', '--looks', '2'],
  ];
});

after(() => {
  if (scratch) rmSync(scratch, { recursive: true, force: true });
});

/**
 * Starts `executable` with `args` (plus a fresh profile from `profileArgs(dir)`)
 * and resolves, once its stderr prints the remote endpoint (`announce`'s
 * first group), to { endpoint, running(), stop() }.
 */
function startBrowser(executable, args, profileArgs, announce) {
  const profile = mkdtempSync(path.join(scratch, 'profile-'));
  const child = spawn(executable, [...args, ...profileArgs(profile), 'about:blank'], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill();
    await exited;
  };
  return new Promise((resolve, reject) => {
    let stderr = '';
    const timer = setTimeout(() => {
      stop();
      reject(new Error(`${executable} printed no endpoint within 60 s: ${stderr.slice(-500)}`));
    }, 60_000);
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
      const endpoint = announce.exec(stderr)?.[1];
      if (!endpoint) return;
      clearTimeout(timer);
      child.stderr.removeAllListeners('data');
      child.stderr.resume();
      resolve({ endpoint, running: () => child.exitCode === null && child.signalCode === null, stop });
    });
    child.once('error', reject);
  });
}

/** Debian's Chromium, headless, with remote debugging on a free port (and `extra` flags). */
const startChromium = (extra = []) =>
  startBrowser(
    CHROMIUM,
    [...CHROMIUM_ARGS, '--headless', '--remote-debugging-port=0', ...extra],
    (profile) => [`--user-data-dir=${profile}`],
    /DevTools listening on (ws:\/\/\S+)/,
  );

/** Firefox ESR, headless, with WebDriver BiDi on a free port; `prefs` go into its profile's user.js. */
const startFirefox = (prefs = {}) =>
  startBrowser(
    FIREFOX,
    ['--headless', '--no-remote', '--remote-debugging-port=0'],
    (profile) => {
      const lines = Object.entries(prefs).map(
        ([key, value]) => `user_pref(${JSON.stringify(key)}, ${value});`,
      );
      writeFileSync(path.join(profile, 'user.js'), `${lines.join('\n')}\n`);
      return ['--profile', profile];
    },
    /WebDriver BiDi listening on (ws:\/\/\S+)/,
  );

/** A port that was free a moment ago. */
const freePort = () =>
  new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port: free } = server.address();
      server.close(() => resolve(free));
    });
  });

/**
 * Xvfb on a display of its own, and WebKitWebDriver on a free loopback port
 * drawing there, as a user would start them: { endpoint, running(), stop() }
 * once the driver answers /status. Each in a process group of its own, so
 * stop() ends the browsers a driver started too.
 */
async function startWebKitDriver() {
  const group = (file, args, options) => {
    const child = spawn(file, args, { ...options, detached: true });
    const exited = new Promise((resolve) => child.once('exit', resolve));
    const running = () => child.exitCode === null && child.signalCode === null;
    const stop = async () => {
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        // Gone already.
      }
      if (running()) await exited;
    };
    return { child, running, stop };
  };
  const xvfb = group(XVFB, ['-displayfd', '3', '-screen', '0', '1280x1024x24', '-nolisten', 'tcp'], {
    stdio: ['ignore', 'ignore', 'ignore', 'pipe'],
  });
  const display = await new Promise((resolve) => {
    let text = '';
    xvfb.child.stdio[3].on('data', (chunk) => {
      text += chunk;
      if (text.includes('\n')) resolve(`:${text.trim()}`);
    });
  });
  const port = await freePort();
  // What the driver and its browsers print, for a failure's message.
  const driverLog = path.join(scratch, `webkit-driver-${port}.log`);
  const output = openSync(driverLog, 'w');
  const driver = group(WEBKIT_DRIVER, [`--port=${port}`], {
    env: { ...process.env, DISPLAY: display },
    stdio: ['ignore', output, output],
  });
  closeSync(output);
  const endpoint = `http://127.0.0.1:${port}`;
  const stop = async () => {
    await driver.stop();
    await xvfb.stop();
  };
  for (let tries = 0; ; tries++) {
    try {
      const response = await fetch(`${endpoint}/status`);
      if (response.ok) break;
    } catch {
      // Not listening yet.
    }
    if (tries > 100) {
      await stop();
      throw new Error(`${WEBKIT_DRIVER} did not answer at ${endpoint}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { endpoint, running: driver.running, stop, output: () => readFileSync(driverLog, 'utf8') };
}

/** Runs bench:web with `args`; resolves to { code, stdout, stderr } whatever the exit code. */
function benchWeb(args) {
  return new Promise((resolve) => {
    execFile(process.execPath, [BENCH_WEB, ...args], { timeout: 240_000 }, (error, stdout, stderr) =>
      resolve({ code: error ? error.code : 0, stdout, stderr }),
    );
  });
}

/**
 * Starts a browser (`start()`), runs bench:web --connect to it with `args`,
 * and checks the results: valid, finished, every row ok, the browser
 * recorded as connected with the driver's `engine`, `driver` and `log`
 * line, still running after bench:web disconnected. Resolves to { run, stderr }.
 */
async function connectedRun(start, args, { engine, driver, log }) {
  const browser = await start();
  try {
    const out = path.join(mkdtempSync(path.join(scratch, 'run-')), 'results.json');
    const { code, stderr } = await benchWeb([
      '--connect',
      browser.endpoint,
      ...args,
      ...smallest,
      '--out',
      out,
    ]);
    assert.equal(code, 0, `${stderr}${browser.output ? `\nthe driver printed:\n${browser.output()}` : ''}`);
    assert.match(stderr, log);
    const document = JSON.parse(readFileSync(out, 'utf8'));
    const check = validate(document);
    assert.ok(check.valid, check.text);
    const { run, rows } = document;
    assert.equal(run.finished, true);
    assert.ok(rows.length > 0 && rows.every((row) => row.status === 'ok'), stderr);
    assert.equal(run.runtime.connected, true);
    assert.equal(run.runtime.engine, engine);
    assert.match(run.runtime.driver, driver);
    assert.match(run.runtime.version, /^\d+\.\d+\.\d+/);
    // The browser may run on another machine: only what the page itself sees of it.
    assert.deepEqual(Object.keys(run.machine).sort(), ['arch', 'cpus', 'os']);
    assert.ok(browser.running(), 'bench:web disconnected; the browser still runs');
    return { run, stderr };
  } finally {
    await browser.stop();
  }
}

test(
  '--connect to a Chromium started with remote debugging, without --expose-gc: protocol.gc false',
  TIMEOUT,
  async () => {
    const { run, stderr } = await connectedRun(() => startChromium(), [], CDP);
    assert.match(stderr, /no GC before the timed operations \(protocol\.gc false\).*--js-flags=--expose-gc/);
    assert.equal(run.protocol.gc, false);
    assert.equal(run.protocol.crossOriginIsolated, true);
  },
);

test(
  "--connect with --host 0.0.0.0: the page at this machine's address, window.gc when the browser has it",
  TIMEOUT,
  async () => {
    const { run, stderr } = await connectedRun(
      () => startChromium(['--js-flags=--expose-gc']),
      ['--host', '0.0.0.0'],
      CDP,
    );
    assert.equal(run.protocol.gc, true);
    assert.equal(run.protocol.gcMethod, GC_METHODS.windowGc);
    // At a LAN address over http the page is no secure context: not isolated, and so recorded.
    const [, lan] = urlsOf('0.0.0.0', 1);
    assert.match(
      stderr,
      lan ? /opens the page at http:\/\/(?!localhost)/ : /opens the page at http:\/\/localhost/,
    );
    assert.equal(run.protocol.crossOriginIsolated, !lan);
  },
);

test(
  '--browser firefox --connect to a Firefox ESR started with remote debugging, over WebDriver BiDi',
  TIMEOUT,
  async () => {
    assert.ok(
      existsSync(FIREFOX),
      `no Firefox at ${FIREFOX}: scripts/setup.sh --browsers installs firefox-esr`,
    );
    const { run } = await connectedRun(() => startFirefox(MEASURING_PREFS), ['--browser', 'firefox'], BIDI);
    // Started with the pref: TestUtils.gc, found by the page as in a launched Firefox.
    assert.equal(run.protocol.gc, true);
    assert.equal(run.protocol.gcMethod, GC_METHODS.testUtils);
  },
);

test(
  '--browser webkit --connect to a WebKitWebDriver on a port, over classic WebDriver: JavaScriptCore, allocation pressure',
  TIMEOUT,
  async () => {
    assert.equal(missingPieces({ display: true }), '');
    const { run } = await connectedRun(startWebKitDriver, ['--browser', 'webkit'], CLASSIC);
    // The driver's version of its browser: WebKitGTK's, not the userAgent's frozen AppleWebKit/605.1.15.
    assert.equal(run.runtime.name, 'webkit');
    assert.match(run.runtime.version, /^2\.\d+\.\d+$/);
    // The page's own GC in JavaScriptCore, whatever started the browser.
    assert.equal(run.protocol.gc, true);
    assert.equal(run.protocol.gcMethod, GC_METHODS.pressure);
    assert.equal(run.protocol.crossOriginIsolated, true);
  },
);

test(
  '--browser webkit --connect to an endpoint nobody answers at: exit 1, naming it and what it should be',
  TIMEOUT,
  async () => {
    const endpoint = `http://127.0.0.1:${await freePort()}`;
    const result = await benchWeb([
      '--browser',
      'webkit',
      '--connect',
      endpoint,
      ...smallest,
      '--out',
      path.join(scratch, 'none-webkit.json'),
    ]);
    assert.equal(result.code, 1, result.stderr);
    const last = result.stderr.trimEnd().split('\n').at(-1);
    assert.match(
      last,
      new RegExp(
        `^bench:web: WebKit: cannot connect to ${endpoint} \\(WebKit: classic W3C WebDriver, .*ECONNREFUSED`,
      ),
    );
  },
);

test(
  '--connect to an endpoint nobody answers at: exit 1, naming it and what it should be',
  TIMEOUT,
  async () => {
    // A port that was free a moment ago.
    const port = await new Promise((resolve) => {
      const server = createServer().listen(0, '127.0.0.1', () => {
        const { port: free } = server.address();
        server.close(() => resolve(free));
      });
    });
    const endpoint = `ws://127.0.0.1:${port}/devtools/browser/none`;
    const result = await benchWeb([
      '--connect',
      endpoint,
      ...smallest,
      '--out',
      path.join(scratch, 'none.json'),
    ]);
    assert.equal(result.code, 1, result.stderr);
    const last = result.stderr.trimEnd().split('\n').at(-1);
    assert.match(last, new RegExp(`^bench:web: Chromium: cannot connect to ${endpoint} \\(Chromium: CDP, `));
  },
);

test(
  "--browser webkit --connect to a driver that stops answering under a block: the context fails at the run's --timeout, not later",
  TIMEOUT,
  async () => {
    // A classic WebDriver endpoint whose browser answers everything but the block's script.
    const hung = [];
    const server = createHttpServer((request, response) => {
      let body = '';
      request.on('data', (chunk) => (body += chunk));
      request.on('end', () => {
        const answer = (value) => response.end(JSON.stringify({ value }));
        if (request.url === '/status') return answer({ ready: true, message: 'No sessions' });
        if (request.url === '/session' && request.method === 'POST')
          return answer({
            sessionId: 's1',
            capabilities: { browserName: 'stand-in', browserVersion: '2.50.0' },
          });
        if (!request.url.endsWith('/execute/sync')) return answer(null);
        const { script } = JSON.parse(body);
        if (script.includes('runBlock')) return hung.push(response);
        return answer({ result: script.includes('dataset.state') ? 'idle' : null, errors: [] });
      });
    });
    await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
    const started = Date.now();
    try {
      const endpoint = `http://127.0.0.1:${server.address().port}`;
      const out = path.join(scratch, 'hung.json');
      const result = await benchWeb([
        ...['--browser', 'webkit', '--connect', endpoint, '--timeout', '5'],
        ...smallest,
        ...['--out', out],
      ]);
      assert.equal(result.code, 1, result.stderr);
      assert.ok(hung.length > 0, 'the block reached the stand-in browser');
      assert.match(result.stderr, /browser context failed: the block passed the run's --timeout 5 s/);
      assert.ok(Date.now() - started < 60_000, `bench:web took ${Date.now() - started} ms`);
    } finally {
      for (const response of hung) response.destroy();
      server.closeAllConnections();
      server.close();
    }
  },
);
