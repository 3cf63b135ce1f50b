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
import { startServer } from '../../node/serve.mjs';

const SERVE = fileURLToPath(new URL('../../node/serve.mjs', import.meta.url));

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
  return new Promise((resolve, reject) => {
    const request = http.get({ host: '127.0.0.1', port: server.port, path: requestPath }, (response) => {
      let body = '';
      response.on('data', (chunk) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode, body }));
    });
    request.on('error', reject);
  });
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
