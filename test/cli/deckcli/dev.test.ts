// `deckcli dev`: every Dev rule over real HTTP.
import test from 'ava';
import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { DEV_CSP, startDevServer, type DevServer } from '../../../cli/deckcli/dev/server.ts';

let s: DevServer;
let root: string;
test.before(async () => {
  root = mkdtempSync(path.join(os.tmpdir(), 'dev-deck-'));
  const outside = mkdtempSync(path.join(os.tmpdir(), 'dev-outside-'));
  writeFileSync(path.join(outside, 'secret.txt'), 'secret');
  writeFileSync(path.join(root, 'index.html'), '<html><body><h1>Deck</h1></body></html>');
  writeFileSync(path.join(root, 'style.css'), 'h1{}');
  writeFileSync(path.join(root, '.env'), 'KEY=1');
  mkdirSync(path.join(root, '.git'));
  writeFileSync(path.join(root, '.git', 'config'), 'x');
  symlinkSync(path.join(outside, 'secret.txt'), path.join(root, 'leak.txt'));
  symlinkSync(outside, path.join(root, 'outside'));
  s = await startDevServer(root, 'index.html', 0);
});
test.after.always(() => s?.close());

function get(p: string, host?: string): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
  const u = new URL(s.url);
  return new Promise((resolve, reject) => {
    const req = http.request({ host: u.hostname, port: u.port, path: p, headers: { host: host ?? u.host } }, (res) => {
      let body = '';
      res.on('data', (c) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

test('every answer carries the sandbox CSP, nosniff, no-referrer and no-store', async (t) => {
  for (const p of ['/', '/style.css', '/missing']) {
    const r = await get(p);
    t.is(r.headers['content-security-policy'], DEV_CSP, p);
    t.is(r.headers['content-security-policy'], 'sandbox allow-scripts allow-forms allow-popups allow-popups-to-escape-sandbox allow-modals allow-downloads');
    t.is(r.headers['x-content-type-options'], 'nosniff');
    t.is(r.headers['referrer-policy'], 'no-referrer');
    t.is(r.headers['cache-control'], 'no-store');
  }
});

test('HTML gets live reload injected; other files are served as they are', async (t) => {
  const html = await get('/');
  t.is(html.status, 200);
  t.regex(html.body, /<h1>Deck<\/h1><script>.*EventSource\("\/__deckcli\/reload"\).*<\/script><\/body>/);
  t.is((await get('/style.css')).body, 'h1{}');
});

test('dot-prefixed paths answer 404', async (t) => {
  t.is((await get('/.env')).status, 404);
  t.is((await get('/.git/config')).status, 404);
  t.is((await get('/%2eenv')).status, 404);
});

test('paths are resolved with realpath and re-checked against the root: traversal and links out are 404', async (t) => {
  t.is((await get('/../../etc/passwd')).status, 404);
  t.is((await get('/%2e%2e/%2e%2e/etc/passwd')).status, 404);
  t.is((await get('/leak.txt')).status, 404);
  t.is((await get('/outside/secret.txt')).status, 404);
});

test('a Host header that is not the bound address is refused 403', async (t) => {
  t.is((await get('/', 'evil.example.com')).status, 403);
  t.is((await get('/', `127.0.0.1.evil.test:${new URL(s.url).port}`)).status, 403);
  t.is((await get('/', `localhost:${new URL(s.url).port}`)).status, 200);
});

test('a change in the folder tells connected pages to reload', async (t) => {
  const u = new URL(s.url);
  const got = await new Promise<string>((resolve, reject) => {
    const req = http.request({ host: u.hostname, port: u.port, path: '/__deckcli/reload', headers: { host: u.host } }, (res) => {
      let buf = '';
      res.on('data', (c) => {
        buf += c;
        if (buf.includes('data: reload')) {
          req.destroy();
          resolve(buf);
        }
      });
      // Connected (the answer started, so this page is a reload client; the watcher runs since
      // the server started): change a file now. A file of its own: the concurrent test above
      // reads style.css and expects it unchanged.
      writeFileSync(path.join(root, 'changed.css'), 'h1{color:red}');
    });
    req.on('error', (e) => (String(e).includes('socket hang up') ? null : reject(e)));
    req.end();
  });
  t.regex(got, /data: reload/);
});
