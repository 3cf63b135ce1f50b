// A tiny static server for the browser page, on localhost unless --host
// says otherwise (0.0.0.0: every interface, so a phone on the same network
// can open the page). It sends the COOP/COEP headers that make the page
// cross-origin isolated, which is what gives performance.now() its fine
// resolution; a browser grants that only to a secure context, so a page
// opened at a LAN address over plain http runs with the coarse clock
// (docs/devices.md). Text and wasm go compressed to a client that accepts
// it (Accept-Encoding: brotli, else gzip; node:zlib), each file compressed
// once per version and kept in memory.
//
//   npm run serve [-- --host 127.0.0.1] [--port 8080] [--root web]

import { createServer } from 'node:http';
import { createReadStream } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlibConstants, gzip } from 'node:zlib';
import { isIP } from 'node:net';
import { networkInterfaces } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { UsageError, parseArgv, parseNumber } from '../node/options.mjs';

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const WEB_ROOT = path.join(REPO_ROOT, 'web');

const CONTENT_TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.wasm': 'application/wasm',
  '.map': 'application/json; charset=utf-8',
  '.png': 'image/png',
  '.svg': 'image/svg+xml',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
};

// Every response carries these: the document opts into cross-origin
// isolation, and every subresource says it may be embedded by this origin.
const ISOLATION_HEADERS = {
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Embedder-Policy': 'require-corp',
  'Cross-Origin-Resource-Policy': 'same-origin',
  'Cache-Control': 'no-store',
  'X-Content-Type-Options': 'nosniff',
};

function send(response, status, text) {
  response.writeHead(status, { ...ISOLATION_HEADERS, 'Content-Type': 'text/plain; charset=utf-8' });
  response.end(text);
}

/** The file under `root` a URL path names, or null if it points outside. */
function resolveInside(root, urlPath) {
  let decoded;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  if (decoded.includes('\0')) return null;
  const file = path.resolve(root, '.' + path.posix.normalize('/' + decoded));
  return file === root || file.startsWith(root + path.sep) ? file : null;
}

/** The URL path prefix under which `files` (startServer) are served. */
export const SERVED_FILES_PREFIX = '/served-files/';

// `files[n]` is served at SERVED_FILES_PREFIX + n + '/' + any name.
function servedFile(files, pathname) {
  if (!pathname.startsWith(SERVED_FILES_PREFIX)) return undefined;
  const index = pathname.slice(SERVED_FILES_PREFIX.length).split('/')[0];
  return /^(0|[1-9][0-9]*)$/.test(index) ? files[Number(index)] : undefined;
}

async function handle(root, files, request, response) {
  if (request.method !== 'GET' && request.method !== 'HEAD') return send(response, 405, 'method not allowed');
  const { pathname } = new URL(request.url, 'http://localhost');
  let file = servedFile(files, pathname) ?? resolveInside(root, pathname);
  if (!file) return send(response, 404, 'not found');
  let info = await stat(file).catch(() => null);
  if (info?.isDirectory()) {
    file = path.join(file, 'index.html');
    info = await stat(file).catch(() => null);
  }
  if (!info?.isFile()) return send(response, 404, 'not found');
  const type = CONTENT_TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream';
  const encoding = COMPRESSIBLE.test(type) ? chooseEncoding(request.headers['accept-encoding']) : undefined;
  if (encoding) {
    const body = await compressed(file, info, encoding);
    response.writeHead(200, {
      ...ISOLATION_HEADERS,
      'Content-Type': type,
      'Content-Encoding': encoding,
      'Content-Length': body.length,
      Vary: 'Accept-Encoding',
    });
    return response.end(request.method === 'HEAD' ? undefined : body);
  }
  response.writeHead(200, { ...ISOLATION_HEADERS, 'Content-Type': type, 'Content-Length': info.size });
  if (request.method === 'HEAD' || info.size === 0) return response.end();
  // No more than the Content-Length sent: a file that grows while it is read
  // (a bundle rebuilt meanwhile) would otherwise put its extra bytes where a
  // kept-alive connection's next response starts.
  createReadStream(file, { end: info.size - 1 }).pipe(response);
}

// What is worth compressing: text (the page's script holds most of its bytes) and wasm.
const COMPRESSIBLE = /^(text\/|application\/(json|wasm)|image\/svg)/;

const COMPRESSORS = {
  br: (bytes) =>
    promisify(brotliCompress)(bytes, {
      params: {
        [zlibConstants.BROTLI_PARAM_QUALITY]: 9,
        [zlibConstants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
      },
    }),
  gzip: (bytes) => promisify(gzip)(bytes, { level: 9 }),
};

/**
 * The encoding to send for an Accept-Encoding header: br, else gzip, else
 * undefined (the file as it is); an encoding given q=0 is refused.
 */
export function chooseEncoding(header = '') {
  const accepted = new Set(
    header
      .split(',')
      .map((part) => part.trim().split(/\s*;\s*/))
      .filter(([name, ...params]) => name && !params.some((param) => /^q=0(\.0*)?$/.test(param)))
      .map(([name]) => name.toLowerCase()),
  );
  return ['br', 'gzip'].find((name) => accepted.has(name) || accepted.has('*'));
}

// Compressed files by path, encoding and version (size and time): each is compressed once.
const compressedFiles = new Map();

async function compressed(file, info, encoding) {
  const key = `${encoding}:${file}`;
  const version = `${info.size}:${info.mtimeMs}`;
  const kept = compressedFiles.get(key);
  if (kept?.version === version) return kept.body;
  const body = await COMPRESSORS[encoding](await readFile(file));
  compressedFiles.set(key, { version, body });
  return body;
}

export const DEFAULT_HOST = '127.0.0.1';
// The addresses that mean "every interface" (IPv4, IPv6 with IPv4 too).
const ANY_ADDRESS = ['0.0.0.0', '::'];

/** --host: an IP address of this machine, one of ANY_ADDRESS, or localhost. */
export function parseHost(text) {
  if (text === 'localhost' || isIP(text) !== 0) return text;
  throw new UsageError(
    `--host: '${text}' is not an IP address (accepted: ${DEFAULT_HOST}, 0.0.0.0 for every interface, ` +
      'an address of this machine, localhost)',
  );
}

/** --port: 0 (a free port) to 65535. */
export const parsePort = (text) => parseNumber('port', text, { integer: true, min: 0, max: 65535 });

const urlOf = (host, port) => `http://${isIP(host) === 6 ? `[${host}]` : host}:${port}/`;

/**
 * The URLs a server listening on `host`:`port` answers at: localhost's for
 * the loopback, else the address itself; for every interface, localhost's
 * and one per IPv4 address of this machine that is not internal (what a
 * phone on the same network opens).
 */
export function urlsOf(host, port, interfaces = networkInterfaces()) {
  if (host === DEFAULT_HOST || host === 'localhost') return [urlOf('localhost', port)];
  if (!ANY_ADDRESS.includes(host)) return [urlOf(host, port)];
  const external = Object.values(interfaces)
    .flat()
    .filter((address) => address && address.family === 'IPv4' && !address.internal)
    .map((address) => urlOf(address.address, port));
  return [urlOf('localhost', port), ...external];
}

/**
 * Starts the server on `host` (port 0 picks a free one). `files`: files
 * outside the root to serve too, each at servedFileUrl(index, name) (bench:web
 * serves a user's own files so). Resolves to { url, urls, port, close() }:
 * `urls` as urlsOf gives them, `url` the first. An address that is not this
 * machine's rejects with a UsageError.
 */
export function startServer({ root = WEB_ROOT, port = 0, host = DEFAULT_HOST, files = [] } = {}) {
  const resolvedRoot = path.resolve(root);
  const server = createServer((request, response) => {
    handle(resolvedRoot, files, request, response).catch((error) =>
      send(response, 500, String(error?.message ?? error)),
    );
  });
  return new Promise((resolve, reject) => {
    server.once('error', (error) =>
      reject(
        error.code === 'EADDRNOTAVAIL'
          ? new UsageError(
              `--host: ${host} is not an address of this machine (accepted: ${DEFAULT_HOST}, 0.0.0.0, one of its addresses)`,
            )
          : error,
      ),
    );
    server.listen(port, host, () => {
      const { port: actualPort } = server.address();
      const urls = urlsOf(host, actualPort);
      resolve({
        url: urls[0],
        urls,
        port: actualPort,
        close: () => new Promise((done) => server.close(() => done())),
      });
    });
  });
}

/** The URL path (relative to the page) of `files[index]` of startServer, ending in the file's name. */
export const servedFileUrl = (index, name) =>
  `${SERVED_FILES_PREFIX.slice(1)}${index}/${encodeURIComponent(name)}`;

const OPTIONS = {
  host: { type: 'string', default: DEFAULT_HOST },
  port: { type: 'string', default: '8080' },
  root: { type: 'string', default: WEB_ROOT },
  help: { type: 'boolean', short: 'h', default: false },
};

const HELP = `usage: npm run serve [-- --host ${DEFAULT_HOST}] [--port 8080] [--root web]
Serves the page with COOP/COEP headers (cross-origin isolated) and prints its URLs.
  --host ADDRESS   where to listen: ${DEFAULT_HOST} (default, this machine only), 0.0.0.0 (every
                   interface: a phone on the same network opens one of the printed URLs),
                   or one address of this machine
  --port N         the port (default 8080; 0 picks a free one)
  --root DIR       the folder served (default web, whose bundle is built first if stale)`;

async function main(argv) {
  const values = parseArgv(argv, OPTIONS);
  if (values.help) {
    console.log(HELP);
    return;
  }
  const host = parseHost(values.host);
  const port = parsePort(values.port);
  // The page's bundle is built first; another --root is served as it is.
  if (path.resolve(values.root) === WEB_ROOT) await (await import('./build-web.mjs')).buildWeb();
  const { urls } = await startServer({ root: values.root, port, host });
  console.log(`serving ${values.root} with COOP/COEP headers (cross-origin isolated) at:`);
  for (const url of urls) console.log(`  ${url}`);
  // Only localhost is a secure context over plain http: elsewhere the browser ignores COOP/COEP.
  if (urls.some((url) => !url.startsWith('http://localhost:')))
    console.log(
      'beyond localhost the page is not a secure context over http: not cross-origin isolated, coarse clock',
    );
  console.log('Ctrl+C to stop');
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  main(process.argv.slice(2)).catch((error) => {
    console.error(`serve: ${error?.message ?? error}`);
    process.exitCode = error instanceof UsageError ? 2 : 1;
  });
}
