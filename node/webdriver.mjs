// A classic W3C WebDriver client for npm run bench:web: WebKitGTK's
// WebKitWebDriver that node/webkit-driver.mjs launches, and any classic endpoint
// with --connect (safaridriver on a Mac, a Selenium Grid node, a
// WebKitWebDriver started by hand).
//
// The protocol is spoken directly over node:http: WebKitWebDriver has no
// WebDriver BiDi, so puppeteer-core cannot drive it, and Playwright drives
// only its own WebKit build, which cannot be installed here. bench:web
// needs seven commands of classic WebDriver (new session, timeouts,
// window rect, navigate, execute, delete session, status), fewer lines than
// a client's wiring, and node:http has no response timeout of its own: a
// block's script may run for minutes, past fetch's 300 s header timeout.
//
// Classic WebDriver allows one session per WebKitWebDriver, and a session
// is a fresh browser process: a context here is a session, closed before
// the next one opens. The driver sends no page events: the page's errors
// are collected by hooks installed after each navigation and handed to
// watchErrors' listeners (node/chromium-driver.mjs) after each script.

import http from 'node:http';
import https from 'node:https';

/**
 * The session a connected endpoint opens: Safari where the endpoint has it
 * (safaridriver, a Grid node), else the endpoint's own browser
 * (WebKitWebDriver's MiniBrowser).
 */
const CONNECT_CAPABILITIES = Object.freeze({ firstMatch: [{ browserName: 'safari' }, {}] });

// The scripts bench:web runs include whole blocks: no script timeout of the driver's.
const SCRIPT_TIMEOUT_MS = 2_147_483_647;

/** A classic WebDriver error response as an Error: "<error>: <message>". */
class WebDriverError extends Error {}

/** One command: resolves to the response's `value`, rejects with a WebDriverError or the socket's error. */
export function command(base, method, route, body, signal) {
  const url = new URL(route.replace(/^\//, ''), base.endsWith('/') ? base : `${base}/`);
  const payload = body === undefined ? undefined : JSON.stringify(body);
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const request = client.request(
      url,
      {
        method,
        signal,
        headers: {
          'content-type': 'application/json; charset=utf-8',
          ...(payload !== undefined && { 'content-length': Buffer.byteLength(payload) }),
        },
      },
      (response) => {
        const chunks = [];
        response.on('data', (chunk) => chunks.push(chunk));
        response.on('error', reject);
        response.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let parsed;
          try {
            parsed = JSON.parse(text);
          } catch {
            reject(
              new Error(
                `${method} ${route}: HTTP ${response.statusCode}, not WebDriver's JSON: ${text.slice(0, 120)}`,
              ),
            );
            return;
          }
          const value = parsed?.value;
          if (response.statusCode >= 400 || value?.error)
            reject(
              new WebDriverError(
                `${value?.error ?? `HTTP ${response.statusCode}`}: ${value?.message ?? text}`,
              ),
            );
          else resolve(value);
        });
      },
    );
    request.on('error', (error) => {
      if (!signal?.aborted) reject(error);
      // A bounded command's own timeout, named; a watcher's reason says itself why.
      else if (signal.reason?.name === 'TimeoutError')
        reject(
          Object.assign(new Error(`${method} ${route}: no answer from the driver in time`), {
            name: 'TimeoutError',
          }),
        );
      else reject(signal.reason);
    });
    request.end(payload);
  });
}

// How often a launched driver is asked whether the session still exists.
const WATCH_MS = 2000;
// The longest a session may take to open or close (one opens in ~1 s), and
// the longest any command but a script may take (a navigation is ~1 s): a
// driver whose browser is gone may never answer (a CI run hung 4 min on one).
const SESSION_MS = 60_000;
// WebKitWebDriver now and then never answers a new session after a few
// (the fifth or so, in runs here), while a second request goes through: a
// new session is asked for again after this long, up to SESSION_TRIES times.
const SESSION_TRY_MS = 15_000;
const SESSION_TRIES = 3;

/** POST /session, asked again when the driver does not answer in SESSION_TRY_MS. */
async function newSession(base, capabilities) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await command(base, 'POST', 'session', { capabilities }, AbortSignal.timeout(SESSION_TRY_MS));
    } catch (error) {
      if (error?.name !== 'TimeoutError' || attempt === SESSION_TRIES) throw error;
    }
  }
}

/**
 * `command` in a session of a driver that runs one session at a time
 * (WebKitWebDriver): when its browser exits, the driver drops the session
 * but never answers the command in flight, so its /status is watched
 * meanwhile; ready again (no session) fails the command.
 */
async function watchedCommand(base, method, route, body, signal) {
  const controller = new AbortController();
  const timer = setInterval(async () => {
    const status = await command(base, 'GET', 'status').catch(() => undefined);
    if (status?.ready === true)
      controller.abort(
        new Error(
          `the browser's session ended (${status.message ?? 'no session'}) during ${method} ${route.split('/').slice(2).join('/')}`,
        ),
      );
  }, WATCH_MS);
  try {
    const signals = signal ? AbortSignal.any([signal, controller.signal]) : controller.signal;
    return await command(base, method, route, body, signals);
  } finally {
    clearInterval(timer);
  }
}

// Installed in the page after each navigation: its uncaught errors,
// rejections and console errors from then on, as watchErrors hears them
// from CDP and BiDi. Before that the page's own state (error) tells a page
// that failed to start.
const HOOK_ERRORS = `
  if (!window.__wcbErrors) {
    const errors = (window.__wcbErrors = []);
    addEventListener('error', (event) => errors.push(['pageerror', String(event.error?.message ?? event.message)]));
    addEventListener('unhandledrejection', (event) => errors.push(['pageerror', String(event.reason?.message ?? event.reason)]));
    const consoleError = console.error.bind(console);
    console.error = (...args) => {
      errors.push(['console', args.map((arg) => (arg instanceof Error ? arg.message : String(arg))).join(' ')]);
      consoleError(...args);
    };
  }`;

/** A session's page: goto, evaluate, click and on (watchErrors' events), as the other drivers' pages. */
function pageOf(session) {
  const listeners = { pageerror: [], console: [] };
  const deliver = (errors) => {
    for (const [kind, text] of errors ?? []) {
      const event = kind === 'pageerror' ? { message: text } : { type: () => 'error', text: () => text };
      for (const listener of listeners[kind]) listener(event);
    }
  };
  const execute = async (fn, args) => {
    // The script's result, and the errors the page collected meanwhile.
    const script = `return (async function () {
      const result = await (${fn}).apply(null, arguments);
      const errors = window.__wcbErrors ? window.__wcbErrors.splice(0) : [];
      return { result: result === undefined ? null : result, errors };
    }).apply(null, arguments);`;
    const value = await session.command('POST', 'execute/sync', { script, args }, { script: true });
    deliver(value.errors);
    return value.result;
  };
  return {
    on(kind, listener) {
      listeners[kind]?.push(listener);
    },
    async goto(url) {
      await session.command('POST', 'url', { url });
      await session.command('POST', 'execute/sync', { script: HOOK_ERRORS, args: [] });
    },
    evaluate: (fn, ...args) => execute(fn.toString(), args),
    // A script's click, as the page's own button handlers take it.
    click: (selector) => execute(((text) => document.querySelector(text).click()).toString(), [selector]),
  };
}

/**
 * Opens a session at `base` with `capabilities`: { id, capabilities,
 * command(method, route, body, { script }), close() }. Every command but a
 * script (`script: true`: a block may run minutes) is bounded by
 * SESSION_MS. The window gets the other browsers' viewport size where the
 * driver allows it. `watch`: the driver runs this session alone, and its
 * commands fail when the session ends under them (watchedCommand); 'auto'
 * (a connected endpoint): watched when the driver says it is busy with it
 * (WebKitWebDriver's /status), not where it takes more sessions (a Grid).
 */
async function openSession(base, capabilities, { watch = false } = {}) {
  // Bounded: a browser that never starts left WebKitWebDriver silent on
  // POST /session (a default run hung 7 minutes there), and so can one
  // that dies while its session is deleted.
  const created = await newSession(base, capabilities);
  const id = created.sessionId;
  const watched =
    watch === 'auto'
      ? (await command(base, 'GET', 'status', undefined, AbortSignal.timeout(SESSION_MS)).catch(() => ({})))
          ?.ready === false
      : watch;
  const session = {
    id,
    capabilities: created.capabilities,
    command: (method, route, body, { script = false } = {}) =>
      (watched ? watchedCommand : command)(
        base,
        method,
        `session/${id}/${route}`,
        body,
        script ? undefined : AbortSignal.timeout(SESSION_MS),
      ),
    close: () => command(base, 'DELETE', `session/${id}`, undefined, AbortSignal.timeout(SESSION_MS)),
  };
  try {
    await session.command('POST', 'timeouts', { script: SCRIPT_TIMEOUT_MS });
    if (created.capabilities?.setWindowRect)
      await session.command('POST', 'window/rect', { width: 1280, height: 900 }).catch(() => {});
  } catch (error) {
    await session.close().catch(() => {});
    throw error;
  }
  return session;
}

/**
 * A driven WebKit whose contexts are sessions at the endpoint `base()`:
 * { browser: { version() }, newContext(), close() }. `before()` runs before
 * each session (a launched driver's restart after it died).
 */
export function drivenAt({ base, capabilities, version, watch = false, before = async () => {}, close }) {
  let open;
  return {
    browser: { version: async () => version },
    async newContext() {
      await before();
      const session = await openSession(base(), capabilities, { watch });
      open = session;
      return {
        newPage: async () => pageOf(session),
        close: async () => {
          if (open === session) open = undefined;
          // A driver that died has no session left to delete.
          await session.close().catch(() => {});
        },
      };
    },
    async close() {
      await open?.close().catch(() => {});
      await close();
    },
  };
}

/**
 * The version of the browser a session at `base` with `capabilities` runs,
 * from a session opened for it and closed at once: WebKitGTK's 2.50.6, Safari's 18.2.
 */
export async function sessionVersion(base, capabilities) {
  const probe = await openSession(base, capabilities);
  await probe.close();
  return String(probe.capabilities?.browserVersion ?? 'unknown');
}

/**
 * Connects to a classic W3C WebDriver endpoint (`endpoint`: its
 * http://HOST:PORT, with a path where it has one, e.g. a Grid's /wd/hub):
 * a first session tells the browser's version and is closed at once.
 * Resolves to the driven browser (drivenAt); close() ends the sessions made
 * here and leaves the driver running.
 */
export async function connectWebDriver(endpoint) {
  return drivenAt({
    base: () => endpoint,
    capabilities: CONNECT_CAPABILITIES,
    version: await sessionVersion(endpoint, CONNECT_CAPABILITIES),
    watch: 'auto',
    close: async () => {},
  });
}
