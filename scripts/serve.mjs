// A tiny static server for the browser page, on localhost only. It sends
// the COOP/COEP headers that make the page cross-origin isolated, which is
// what gives performance.now() its fine resolution in Chromium.
//
//   npm run serve [-- --port 8080] [--root web]

import { createServer } from 'node:http';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';

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
  response.writeHead(200, { ...ISOLATION_HEADERS, 'Content-Type': type, 'Content-Length': info.size });
  if (request.method === 'HEAD') return response.end();
  createReadStream(file).pipe(response);
}

/**
 * Starts the server on 127.0.0.1 (port 0 picks a free one). `files`: files
 * outside the root to serve too, each at servedFileUrl(index, name) (bench:web
 * serves a user's documents so). Resolves to { url, port, close() }.
 */
export function startServer({ root = WEB_ROOT, port = 0, host = '127.0.0.1', files = [] } = {}) {
  const resolvedRoot = path.resolve(root);
  const server = createServer((request, response) => {
    handle(resolvedRoot, files, request, response).catch((error) =>
      send(response, 500, String(error?.message ?? error)),
    );
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      const { port: actualPort } = server.address();
      resolve({
        url: `http://${host === '127.0.0.1' ? 'localhost' : host}:${actualPort}/`,
        port: actualPort,
        close: () => new Promise((done) => server.close(() => done())),
      });
    });
  });
}

/** The URL path (relative to the page) of `files[index]` of startServer, ending in the file's name. */
export const servedFileUrl = (index, name) =>
  `${SERVED_FILES_PREFIX.slice(1)}${index}/${encodeURIComponent(name)}`;

async function main() {
  const { values } = parseArgs({
    options: {
      port: { type: 'string', default: '8080' },
      root: { type: 'string', default: WEB_ROOT },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (values.help) {
    console.log(
      'usage: npm run serve [-- --port 8080] [--root web]\nServes the page on localhost with COOP/COEP headers.',
    );
    return;
  }
  const { buildWeb } = await import('./build-web.mjs');
  await buildWeb();
  const { url } = await startServer({ root: values.root, port: Number(values.port) });
  console.log(`serving ${values.root} at ${url} (cross-origin isolated; Ctrl+C to stop)`);
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((error) => {
    console.error(error?.message ?? error);
    process.exitCode = 1;
  });
}
