// The static server (scripts/serve.mjs): MIME types, index.html for "/", refusal of paths that
// leave the root, GET/HEAD only, and the one-line output when run directly.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import http from 'node:http';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { startServer } from '../../scripts/serve.mjs';

const SERVE = fileURLToPath(new URL('../../scripts/serve.mjs', import.meta.url));

let dir;
let outside;
let server;
before(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fairyboard-serve-'));
  outside = fs.mkdtempSync(path.join(os.tmpdir(), 'fairyboard-outside-'));
  fs.writeFileSync(path.join(outside, 'secret.txt'), 'secret');
  const files = {
    'index.html': '<!doctype html><title>t</title>',
    'a.js': 'export {}', 'a.mjs': 'export {}', 'a.css': 'b{}', 'a.wasm': '\0asm', 'a.svg': '<svg/>',
    'a.png': 'x', 'a.json': '{}', 'a.webmanifest': '{}', 'sub/index.html': 'sub',
  };
  for (const [name, body] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    fs.writeFileSync(path.join(dir, name), body);
  }
  fs.symlinkSync(outside, path.join(dir, 'link-out'));
  server = await startServer({ root: dir, port: 0 });
});
after(async () => {
  await server?.close();
  fs.rmSync(dir, { recursive: true, force: true });
  fs.rmSync(outside, { recursive: true, force: true });
});

// A raw request, so paths such as /../x reach the server unnormalised.
function request(urlPath, method = 'GET') {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port: server.port, path: urlPath, method }, (res) => {
      let body = '';
      res.on('data', (d) => { body += d; });
      res.on('end', () => resolve({ status: res.statusCode, type: res.headers['content-type'] || '', headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

test('binds 127.0.0.1 on an ephemeral port', () => {
  assert.match(server.url, /^http:\/\/127\.0\.0\.1:\d+\/$/);
  assert.ok(server.port > 0);
});

test('serves index.html for / and for a folder', async () => {
  const r = await request('/');
  assert.equal(r.status, 200);
  assert.match(r.type, /^text\/html/);
  assert.match(r.body, /<title>t<\/title>/);
  assert.equal((await request('/sub/')).body, 'sub');
  assert.equal((await request('/sub')).status, 301);
});

test('sends the right MIME types', async () => {
  const want = {
    '/a.js': 'text/javascript', '/a.mjs': 'text/javascript', '/a.css': 'text/css',
    '/a.wasm': 'application/wasm', '/a.svg': 'image/svg+xml', '/a.png': 'image/png',
    '/a.json': 'application/json', '/a.webmanifest': 'application/manifest+json', '/index.html': 'text/html',
  };
  for (const [p, type] of Object.entries(want)) {
    const r = await request(p);
    assert.equal(r.status, 200, p);
    assert.equal(r.type.split(';')[0], type, p);
  }
  const head = await request('/a.js', 'HEAD');
  assert.equal(head.status, 200);
  assert.equal(head.body, '');
  assert.equal(head.headers['content-length'], '9');
});

test('refuses paths that leave the root, unknown files and other methods', async () => {
  for (const p of ['/../' + path.basename(outside) + '/secret.txt', '/%2e%2e/%2e%2e/etc/passwd', '/..%2f..%2fetc%2fpasswd', '/link-out/secret.txt']) {
    const r = await request(p);
    assert.ok(r.status === 403 || r.status === 404, `${p} -> ${r.status}`);
    assert.ok(!r.body.includes('secret') && !r.body.includes('root:'), p);
  }
  assert.equal((await request('/link-out/secret.txt')).status, 403);
  assert.equal((await request('/%E0%A4%A')).status, 400);
  assert.equal((await request('/nope.js')).status, 404);
  assert.equal((await request('/', 'POST')).status, 405);
});

test('run directly, it prints exactly one line with its address', async () => {
  const child = spawn(process.execPath, [SERVE, '0'], { stdio: ['ignore', 'pipe', 'pipe'] });
  try {
    const out = await new Promise((resolve, reject) => {
      let text = '';
      const t = setTimeout(() => reject(new Error(`no output: ${text}`)), 5000);
      child.stdout.on('data', (d) => {
        text += d;
        if (text.includes('\n')) { clearTimeout(t); resolve(text); }
      });
      child.on('exit', (code) => reject(new Error(`exited ${code}`)));
    });
    assert.match(out, /^http:\/\/127\.0\.0\.1:\d+\/\n$/);
    const res = await fetch(out.trim());
    assert.equal(res.status, 200);
    assert.match(res.headers.get('content-type'), /^text\/html/);
    await res.text();
  } finally {
    child.kill('SIGTERM');
  }
});
