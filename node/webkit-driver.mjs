// WebKit (JavaScriptCore) for npm run bench:web --browser webkit: Debian's
// WebKitGTK MiniBrowser through WebKitGTK's own WebDriver
// (/usr/bin/WebKitWebDriver, spoken to by node/webdriver.mjs), on a
// virtual display (Xvfb) started here.

import { spawn } from 'node:child_process';
import { closeSync, existsSync, openSync } from 'node:fs';
import { createServer } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { RunError } from './run-file.mjs';
import { command, connectWebDriver, drivenAt, sessionVersion } from './webdriver.mjs';

const MULTIARCH = { x64: 'x86_64-linux-gnu', arm64: 'aarch64-linux-gnu' }[process.arch] ?? 'x86_64-linux-gnu';
export const WEBKIT_DRIVER = process.env.WCB_WEBKIT_DRIVER ?? '/usr/bin/WebKitWebDriver';
export const MINIBROWSER = process.env.WCB_MINIBROWSER ?? `/usr/lib/${MULTIARCH}/webkit2gtk-4.1/MiniBrowser`;
export const XVFB = process.env.WCB_XVFB ?? '/usr/bin/Xvfb';

/** What the launched WebKit needs, by the Debian package that installs it. */
const PIECES = [
  { file: () => WEBKIT_DRIVER, pkg: 'webkit2gtk-driver' },
  { file: () => MINIBROWSER, pkg: 'libwebkit2gtk-4.1-0' },
];

/** The session a launched WebKitWebDriver opens: Debian's MiniBrowser in automation mode. */
const LAUNCH_CAPABILITIES = Object.freeze({
  alwaysMatch: { 'webkitgtk:browserOptions': { binary: MINIBROWSER, args: ['--automation'] } },
});

// How long a driver or display may take to start.
const START_MS = 30_000;

/** A free TCP port on the loopback interface. */
function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
    server.once('error', reject);
  });
}

/**
 * Starts `file` with `args` in a process group of its own (what it starts,
 * MiniBrowser and its web processes, goes with it): { child, stop() }.
 */
function startGroup(file, args, options) {
  const child = spawn(file, args, { ...options, detached: true });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.once('error', () => {});
  const alive = () => child.exitCode === null && child.signalCode === null;
  // The group: the driver's browser may outlive a driver that died.
  const signal = (name) => {
    try {
      process.kill(-child.pid, name);
    } catch {
      // The group is gone already.
    }
  };
  return {
    child,
    alive,
    exited,
    signal,
    async stop() {
      signal('SIGTERM');
      if (alive()) await Promise.race([exited, sleep(5000)]);
      signal('SIGKILL');
    },
  };
}

/** Starts Xvfb on a display it picks itself (-displayfd): { display, stop() }. */
async function startXvfb() {
  const xvfb = startGroup(XVFB, ['-displayfd', '3', '-screen', '0', '1280x1024x24', '-nolisten', 'tcp'], {
    stdio: ['ignore', 'ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  xvfb.child.stderr.on('data', (chunk) => (stderr += chunk));
  const display = await new Promise((resolve, reject) => {
    let text = '';
    const timer = setTimeout(
      () => reject(new RunError(`Xvfb gave no display within ${START_MS / 1000} s`)),
      START_MS,
    );
    xvfb.child.stdio[3].on('data', (chunk) => {
      text += chunk;
      if (!text.includes('\n')) return;
      clearTimeout(timer);
      resolve(`:${text.trim()}`);
    });
    xvfb.exited.then((code) => {
      clearTimeout(timer);
      reject(
        new RunError(`Xvfb exited (${code}) before giving a display: ${stderr.trim().split('\n').at(-1)}`),
      );
    });
  }).catch(async (error) => {
    await xvfb.stop();
    throw error;
  });
  return { ...xvfb, display };
}

/** Waits until the driver at `base` answers /status, or throws naming why. */
async function waitForDriver(base, driver) {
  const deadline = Date.now() + START_MS;
  for (;;) {
    if (!driver.alive()) throw new RunError(`${WEBKIT_DRIVER} exited before answering at ${base}`);
    try {
      await command(base, 'GET', 'status');
      return;
    } catch (error) {
      if (Date.now() > deadline)
        throw new RunError(
          `${WEBKIT_DRIVER} did not answer at ${base} within ${START_MS / 1000} s: ${error.message}`,
        );
    }
    await sleep(100);
  }
}

/** The pieces a launched WebKit misses, as one line naming them and their packages; '' when none. */
export function missingPieces({ display }) {
  const missing = PIECES.filter((piece) => !existsSync(piece.file()));
  if (display && !existsSync(XVFB)) missing.push({ file: () => XVFB, pkg: 'xvfb' });
  if (missing.length === 0) return '';
  return `not installed: ${missing.map((piece) => `${piece.file()} (Debian package ${piece.pkg})`).join(', ')}; scripts/setup.sh --browsers installs them`;
}

/**
 * Launches WebKitWebDriver on a free loopback port, on a display of its own
 * (Xvfb, started here) unless `headed` (then $DISPLAY); a driver that dies
 * is started again before the next session, so one lost block context does
 * not end the run. `log(text)` hears about starts. Resolves to the driven
 * WebKit (drivenAt); throws a RunError naming what is missing.
 */
export async function launchWebKit({ headed = false, log = () => {} } = {}) {
  if (headed && !process.env.DISPLAY)
    throw new RunError('--headed needs a display ($DISPLAY is not set): run without --headed, on Xvfb');
  const ownDisplay = !headed;
  const missing = missingPieces({ display: ownDisplay });
  if (missing) throw new RunError(missing);
  const xvfb = ownDisplay ? await startXvfb() : undefined;
  const env = { ...process.env, DISPLAY: xvfb?.display ?? process.env.DISPLAY };
  let driver;
  let base;
  // Their process groups outlive a Node that exits without close(): ended as it exits.
  const onExit = () => [driver, xvfb].forEach((group) => group?.signal('SIGKILL'));
  process.on('exit', onExit);
  const stop = async () => {
    process.off('exit', onExit);
    await driver?.stop();
    await xvfb?.stop();
  };
  const start = async () => {
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    // $WCB_WEBKIT_LOG: a file for what the driver and its browsers print (why a browser exited).
    const output = process.env.WCB_WEBKIT_LOG ? openSync(process.env.WCB_WEBKIT_LOG, 'a') : 'ignore';
    driver = startGroup(WEBKIT_DRIVER, [`--port=${port}`, '--host=local'], {
      env,
      stdio: ['ignore', output, output],
    });
    if (typeof output === 'number') closeSync(output);
    await waitForDriver(base, driver);
    log(`WebKitWebDriver (pid ${driver.child.pid}) at ${base}, display ${env.DISPLAY}`);
  };
  try {
    await start();
    return drivenAt({
      base: () => base,
      capabilities: LAUNCH_CAPABILITIES,
      // The version the driver reports for its browser: WebKitGTK's.
      version: await sessionVersion(base, LAUNCH_CAPABILITIES),
      watch: true,
      async before() {
        // Its exit may not have been heard yet: a driver that does not answer is dead too.
        if (
          driver.alive() &&
          (await command(base, 'GET', 'status').then(
            () => true,
            () => false,
          ))
        )
          return;
        log(`WebKitWebDriver (pid ${driver.child.pid}) exited: starting it again`);
        await driver.stop();
        await start();
      },
      close: stop,
    });
  } catch (error) {
    await stop();
    throw error;
  }
}

/** The driver of the webkit place (src/places/webkit.mjs), as node/browsers.mjs takes it. */
export const BROWSER = {
  executable: () => WEBKIT_DRIVER,
  driver: ({ connected }) => `${connected ? '' : 'WebKitWebDriver, '}classic W3C WebDriver over node:http`,
  launch: ({ headed, log }) => launchWebKit({ headed, log }),
  endpoint: 'classic W3C WebDriver, http://HOST:PORT (safaridriver, a Selenium Grid, WebKitWebDriver)',
  // Classic WebDriver is plain HTTP: a ws:// endpoint is another protocol's.
  endpointSchemes: ['http:', 'https:'],
  connect: connectWebDriver,
};
