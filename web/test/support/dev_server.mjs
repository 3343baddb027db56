// A small HTTP server for developing and testing the page before (or without) the
// server's own static serving: serves web/public (any path that is not a file gets
// index.html, as the real server does for the app's routes) and passes /ws, /api/...
// and /healthz through to a running boardhall-server.
//
//   node test/support/dev_server.mjs --backend 127.0.0.1:8080 [--port 8000] [--mount /js/board=DIR]
//
// --mount serves another folder under a URL prefix (e.g. the board module from its
// own branch). Not used in production; the e2e tests use it only when the server has
// no --web-root flag.
import http from 'node:http';
import net from 'node:net';
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const TYPES = {
  '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8', '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8', '.svg': 'image/svg+xml', '.json': 'application/json', '.png': 'image/png',
};
const PROXIED = /^\/(ws|api\/|healthz|metrics)/;

/**
 * @param {{root:string, backend:string, port?:number, host?:string, mounts?:Record<string,string>}} options
 * @returns {Promise<{url:string, close:()=>Promise<void>}>}
 */
export async function startDevServer({ root, backend, port = 0, host = '127.0.0.1', mounts = {} }) {
  const [bhost, bport] = backend.split(':');
  const server = http.createServer(async (req, res) => {
    const url = new URL(req.url, 'http://x');
    if (PROXIED.test(url.pathname)) {
      const up = http.request({ host: bhost, port: bport, path: req.url, method: req.method, headers: req.headers }, (r) => {
        res.writeHead(r.statusCode, r.headers);
        r.pipe(res);
      });
      up.on('error', () => { res.writeHead(502); res.end('backend down'); });
      return req.pipe(up);
    }
    let base = root;
    let rel = decodeURIComponent(url.pathname);
    for (const [prefix, dir] of Object.entries(mounts))
      if (rel.startsWith(prefix + '/')) { base = dir; rel = rel.slice(prefix.length); }
    const file = path.join(base, path.normalize(rel).replace(/^(\.\.[/\\])+/, ''));
    if (!file.startsWith(path.resolve(base))) { res.writeHead(403); return res.end(); }
    try {
      const stat = await fs.stat(file);
      const body = await fs.readFile(stat.isDirectory() ? path.join(root, 'index.html') : file);
      res.writeHead(200, { 'content-type': TYPES[path.extname(stat.isDirectory() ? 'x.html' : file)] || 'application/octet-stream', 'cache-control': 'no-cache' });
      res.end(body);
    } catch {
      if (path.extname(rel)) { res.writeHead(404); return res.end('not found'); }
      res.writeHead(200, { 'content-type': TYPES['.html'], 'cache-control': 'no-cache' });
      res.end(await fs.readFile(path.join(root, 'index.html')));
    }
  });
  // WebSocket upgrades go through as raw bytes.
  server.on('upgrade', (req, socket, head) => {
    const up = net.connect(Number(bport), bhost, () => {
      const lines = [`${req.method} ${req.url} HTTP/1.1`];
      for (let i = 0; i < req.rawHeaders.length; i += 2) lines.push(`${req.rawHeaders[i]}: ${req.rawHeaders[i + 1]}`);
      up.write(lines.join('\r\n') + '\r\n\r\n');
      if (head.length) up.write(head);
      up.pipe(socket);
      socket.pipe(up);
    });
    const end = () => { up.destroy(); socket.destroy(); };
    up.on('error', end);
    socket.on('error', end);
    up.on('close', end);
    socket.on('close', end);
  });
  await new Promise((resolve) => server.listen(port, host, resolve));
  const sockets = new Set();
  server.on('connection', (s) => { sockets.add(s); s.on('close', () => sockets.delete(s)); });
  return {
    url: `http://${host}:${server.address().port}`,
    close: () => new Promise((resolve) => { for (const s of sockets) s.destroy(); server.close(() => resolve()); }),
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const get = (flag, dflt) => { const i = args.indexOf(flag); return i >= 0 ? args[i + 1] : dflt; };
  const mounts = {};
  args.forEach((a, i) => { if (a === '--mount') { const [p, d] = args[i + 1].split('='); mounts[p] = path.resolve(d); } });
  const here = path.dirname(fileURLToPath(import.meta.url));
  const s = await startDevServer({ root: path.resolve(here, '../../public'), backend: get('--backend', '127.0.0.1:8080'), port: Number(get('--port', 8000)), mounts });
  console.log(`serving web/public at ${s.url}`);
}
