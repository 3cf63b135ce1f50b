// The static server of npm run serve: isolation headers, content types,
// nothing served from outside its root, and --host: every interface with a
// URL per address, a bad host refused in one line.

import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { networkInterfaces, tmpdir } from 'node:os';
import http from 'node:http';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { startServer } from '../../scripts/serve.mjs';

const SERVE = fileURLToPath(new URL('../../scripts/serve.mjs', import.meta.url));

let root;
let server;

before(async () => {
  const parent = mkdtempSync(path.join(tmpdir(), 'wcb-serve-'));
  root = path.join(parent, 'site');
  mkdirSync(path.join(root, 'dist'), { recursive: true });
  writeFileSync(path.join(root, 'index.html'), '<!doctype html><p>hello</p>');
  writeFileSync(path.join(root, 'dist', 'page.js'), 'console.log(1);');
  writeFileSync(path.join(parent, 'secret.txt'), 'outside the root');
  server = await startServer({ root });
});

after(async () => {
  await server?.close();
  rmSync(path.dirname(root), { recursive: true, force: true });
});

test('listens on localhost only', () => {
  assert.match(server.url, /^http:\/\/localhost:\d+\/$/);
});

test('serves the page with the headers that make it cross-origin isolated', async () => {
  const response = await fetch(server.url);
  assert.equal(response.status, 200);
  assert.equal(await response.text(), '<!doctype html><p>hello</p>');
  assert.equal(response.headers.get('content-type'), 'text/html; charset=utf-8');
  assert.equal(response.headers.get('cross-origin-opener-policy'), 'same-origin');
  assert.equal(response.headers.get('cross-origin-embedder-policy'), 'require-corp');
  assert.equal(response.headers.get('cross-origin-resource-policy'), 'same-origin');
});

test('serves scripts as JavaScript, with the isolation headers too', async () => {
  const response = await fetch(new URL('dist/page.js', server.url));
  assert.equal(response.status, 200);
  assert.equal(response.headers.get('content-type'), 'text/javascript; charset=utf-8');
  assert.equal(response.headers.get('cross-origin-embedder-policy'), 'require-corp');
  assert.equal(await response.text(), 'console.log(1);');
});

// A raw request: fetch() would normalise the dots away before sending.
function rawGet(requestPath) {
  return rawBytes(requestPath).then(({ status, body }) => ({ status, body: body.toString() }));
}

test('answers 404 for missing files and for paths that leave the root', async () => {
  for (const target of [
    '/missing.js',
    '/../secret.txt',
    '/%2e%2e/secret.txt',
    '/dist/..%2f..%2fsecret.txt',
    '/..%5csecret.txt',
  ]) {
    const { status, body } = await rawGet(target);
    assert.equal(status, 404, target);
    assert.notEqual(body, 'outside the root', target);
  }
});

test('refuses methods other than GET and HEAD', async () => {
  const response = await fetch(server.url, { method: 'POST', body: 'x' });
  assert.equal(response.status, 405);
});

/** Runs npm run serve's script with `args` until it prints its URLs (then stops it) or exits. */
function serveCli(args) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [SERVE, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.stdout.on('data', (chunk) => {
      stdout += chunk;
      // The last line: every URL is printed.
      if (stdout.includes('Ctrl+C to stop')) {
        const urls = stdout.split('\n').filter((line) => line.startsWith('  http://'));
        resolve({ child, stdout, urls: urls.map((line) => line.trim()) });
      }
    });
    child.on('error', reject);
    child.on('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

test('--host 0.0.0.0 listens on every interface and prints a URL per IPv4 address', async () => {
  const { child, stdout, urls } = await serveCli(['--host', '0.0.0.0', '--port', '0', '--root', root]);
  assert.ok(child, stdout);
  try {
    const port = new URL(urls[0]).port;
    const external = Object.values(networkInterfaces())
      .flat()
      .filter((address) => address.family === 'IPv4' && !address.internal)
      .map((address) => `http://${address.address}:${port}/`);
    assert.deepEqual(urls, [`http://localhost:${port}/`, ...external]);
    // Each printed URL answers, and so does 127.0.0.1.
    for (const url of [...urls, `http://127.0.0.1:${port}/`]) {
      const response = await fetch(url);
      assert.equal(response.status, 200, url);
      assert.equal(await response.text(), '<!doctype html><p>hello</p>', url);
      assert.equal(response.headers.get('cross-origin-embedder-policy'), 'require-corp', url);
    }
    // Beyond localhost, the page is no secure context: the output says what that costs.
    if (external.length > 0)
      assert.match(stdout, /beyond localhost the page is not a secure context .*coarse clock/);
  } finally {
    child.kill();
  }
});

test('a bad --host or --port is exit 2 with one line', async () => {
  for (const [args, message] of [
    [['--host', 'my phone'], /^serve: --host: 'my phone' is not an IP address \(accepted: /],
    [['--host', '203.0.113.77'], /^serve: --host: 203\.0\.113\.77 is not an address of this machine/],
    [['--port', '70000'], /^serve: --port: '70000' is not valid \(accepted: an integer >= 0 and <= 65535\)/],
    [['--hots', '0.0.0.0'], /^serve: unknown option --hots \(accepted: --host, /],
  ]) {
    const { code, stderr } = await serveCli([...args, '--root', root]);
    assert.equal(code, 2, `${args.join(' ')}: ${stderr}`);
    assert.match(stderr, message);
    assert.equal(stderr.trimEnd().split('\n').length, 1, stderr);
  }
});

// A raw GET of `requestPath` with `headers`: { status, headers, body (the bytes as sent) }.
function rawBytes(requestPath, headers) {
  return new Promise((resolve, reject) => {
    const request = http.get(
      { host: '127.0.0.1', port: server.port, path: requestPath, headers },
      (response) => {
        const chunks = [];
        response.on('data', (chunk) => chunks.push(chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode, headers: response.headers, body: Buffer.concat(chunks) }),
        );
      },
    );
    request.on('error', reject);
  });
}

test('sends text compressed as the client accepts it: brotli, else gzip, else as it is', async () => {
  const script = 'console.log("a line the compressor can shorten");\n'.repeat(200);
  writeFileSync(path.join(root, 'dist', 'big.js'), script);
  const gzipped = await rawBytes('/dist/big.js', { 'Accept-Encoding': 'gzip, deflate' });
  assert.equal(gzipped.headers['content-encoding'], 'gzip');
  assert.equal(gzipped.headers.vary, 'Accept-Encoding');
  assert.equal(Number(gzipped.headers['content-length']), gzipped.body.length);
  assert.ok(gzipped.body.length < script.length / 10, `${gzipped.body.length} bytes`);
  assert.equal(gunzipSync(gzipped.body).toString(), script);
  assert.equal(gzipped.headers['cross-origin-embedder-policy'], 'require-corp');

  const brotli = await rawBytes('/dist/big.js', { 'Accept-Encoding': 'gzip, deflate, br' });
  assert.equal(brotli.headers['content-encoding'], 'br');
  assert.equal(brotliDecompressSync(brotli.body).toString(), script);
  const refused = await rawBytes('/dist/big.js', { 'Accept-Encoding': 'br;q=0, gzip' });
  assert.equal(refused.headers['content-encoding'], 'gzip');
  for (const headers of [{}, { 'Accept-Encoding': 'identity' }]) {
    const plain = await rawBytes('/dist/big.js', headers);
    assert.equal(plain.headers['content-encoding'], undefined);
    assert.equal(plain.body.toString(), script);
  }
  // A changed file is compressed again, not served from the kept copy.
  writeFileSync(path.join(root, 'dist', 'big.js'), `${script}// changed\n`);
  const again = await rawBytes('/dist/big.js', { 'Accept-Encoding': 'gzip' });
  assert.equal(gunzipSync(again.body).toString(), `${script}// changed\n`);
});
