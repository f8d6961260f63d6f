#!/usr/bin/env node
// A tiny static file server for the page (node's http module only, no dependencies).
//   node scripts/serve.mjs [port]     serves the repo root on http://127.0.0.1:<port>/
//                                     (port: argument, else $PORT, else 8000; 0 = any free port)
//   import { startServer } from './scripts/serve.mjs'   for tests: startServer({ root, port: 0 })
// It answers GET and HEAD only, serves index.html for a directory, and refuses any path that
// would leave the root (including through symbolic links).

import http from 'node:http';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const HOST = '127.0.0.1';

/** The repository root (the folder above scripts/). */
export const defaultRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export const MIME_TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.htm': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.wasm': 'application/wasm',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
  '.md': 'text/markdown; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
};

/** The Content-Type for a file name (application/octet-stream when unknown). */
export function mimeType(file) {
  return MIME_TYPES[path.extname(file).toLowerCase()] || 'application/octet-stream';
}

function send(res, status, text, head = false) {
  const body = Buffer.from(`${text}\n`);
  res.writeHead(status, {
    'Content-Type': 'text/plain; charset=utf-8',
    'Content-Length': body.length,
    'X-Content-Type-Options': 'nosniff',
  });
  res.end(head ? undefined : body);
}

const inside = (root, p) => p === root || p.startsWith(root.endsWith(path.sep) ? root : root + path.sep);

/** Maps a request URL path to a file under `root`, or returns {status, text} for a refusal. */
async function resolveFile(root, urlPath) {
  let rel;
  try {
    rel = decodeURIComponent(urlPath);
  } catch {
    return { status: 400, text: 'Bad request: malformed path' };
  }
  if (rel.includes('\0')) return { status: 400, text: 'Bad request' };
  const target = path.resolve(root, `.${path.posix.normalize(`/${rel}`)}`);
  // The lexical check above already removes "..": also refuse anything resolving outside.
  if (!inside(root, target)) return { status: 403, text: 'Forbidden' };
  let real;
  try {
    real = await fs.promises.realpath(target);
  } catch {
    return { status: 404, text: 'Not found' };
  }
  if (!inside(root, real)) return { status: 403, text: 'Forbidden' };
  let stat = await fs.promises.stat(real);
  if (stat.isDirectory()) {
    if (!urlPath.endsWith('/')) return { redirect: `${urlPath}/` };
    real = path.join(real, 'index.html');
    try {
      stat = await fs.promises.stat(real);
    } catch {
      return { status: 404, text: 'Not found' };
    }
  }
  if (!stat.isFile()) return { status: 404, text: 'Not found' };
  return { file: real, size: stat.size };
}

/**
 * Starts serving `root` on 127.0.0.1:`port` (0 picks a free port).
 * @returns {Promise<{url: string, port: number, close(): Promise<void>}>}
 */
export async function startServer({ root = defaultRoot, port = 0 } = {}) {
  const realRoot = await fs.promises.realpath(path.resolve(root));
  const server = http.createServer(async (req, res) => {
    try {
      const head = req.method === 'HEAD';
      if (req.method !== 'GET' && !head) {
        res.setHeader('Allow', 'GET, HEAD');
        send(res, 405, 'Method not allowed', head);
        return;
      }
      const urlPath = new URL(req.url, 'http://localhost').pathname;
      const found = await resolveFile(realRoot, urlPath);
      if (found.redirect) {
        res.writeHead(301, { Location: found.redirect, 'Content-Length': 0 });
        res.end();
        return;
      }
      if (!found.file) {
        send(res, found.status, found.text, head);
        return;
      }
      res.writeHead(200, {
        'Content-Type': mimeType(found.file),
        'Content-Length': found.size,
        'Cache-Control': 'no-cache',
        'X-Content-Type-Options': 'nosniff',
      });
      if (head) {
        res.end();
        return;
      }
      const stream = fs.createReadStream(found.file);
      stream.on('error', () => res.destroy());
      stream.pipe(res);
    } catch (e) {
      if (!res.headersSent) send(res, 500, 'Internal error');
      else res.destroy();
    }
  });
  // Keep-alive sockets would hold close() open; track them to end them on close.
  const sockets = new Set();
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, HOST, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const actual = server.address().port;
  return {
    url: `http://${HOST}:${actual}/`,
    port: actual,
    close() {
      return new Promise((resolve) => {
        server.close(() => resolve());
        for (const s of sockets) s.destroy();
      });
    },
  };
}

// Run directly: serve until interrupted.
const isMain = process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (isMain) {
  const arg = process.argv[2] ?? process.env.PORT ?? '8000';
  const port = Number(arg);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    console.error(`serve.mjs: not a port number: ${arg}`);
    process.exit(2);
  }
  try {
    const server = await startServer({ port });
    console.log(server.url);
    const stop = () => server.close().then(() => process.exit(0));
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  } catch (e) {
    console.error(`serve.mjs: ${e.message}`);
    process.exit(1);
  }
}
