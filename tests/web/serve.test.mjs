// The static server of npm run serve: isolation headers, content types,
// and nothing served from outside its root.

import assert from 'node:assert/strict';
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import http from 'node:http';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { startServer } from '../../scripts/serve.mjs';

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
