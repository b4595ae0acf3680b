// Browser writes are checked against PUBLIC_URL only. A DNS-rebinding
// page at evil.test, resolved to this server, sends `Origin: http://evil.test` and
// `Host: evil.test`: the forms whose credential is in the body (setup token, sign-in) and the
// session writes refuse it and write nothing. The other loopback spellings of a loopback
// PUBLIC_URL (same scheme and port) are this machine's own and pass.
import test from 'ava';
import { request } from 'node:http';
import { allowedOrigins } from '../../api/auth/caller.ts';
import { randomToken, sha256 } from '../../core/crypto.ts';
import { cookieFrom, http } from '../helpers/http.ts';
import * as seed from '../../ops/harness/seed.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

let s: TestServer;
let token: string;
test.before(async () => {
  s = await startTestServer();
  token = randomToken(24);
  await s.db.pool.query('select app_private.issue_setup_token($1)', [sha256(token)]);
});
test.after.always(() => s?.close());

/** A form post with the Host header the client chooses (fetch will not set Host). */
function post(path: string, fields: Record<string, string>, headers: Record<string, string>): Promise<{ status: number; text: string; cookie?: string }> {
  const u = new URL(s.url);
  const body = new URLSearchParams(fields).toString();
  return new Promise((resolve, reject) => {
    const req = request({ host: u.hostname, port: u.port, path, method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', 'content-length': Buffer.byteLength(body), ...headers } }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (c) => (text += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text, cookie: res.headers['set-cookie']?.find((c) => c.startsWith('podium_session='))?.split(';')[0] }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

const REBOUND = { origin: 'http://evil.test', host: 'evil.test' };
const count = async (table: string) => (await s.db.pool.query(`select count(*)::int as n from ${table}`)).rows[0].n as number;

test.serial('POST /setup from a rebound host with a valid token is refused 403 and makes nothing', async (t) => {
  const fields = { token, workspace: 'Evil', email: 'mallory@evil.test', password: 'correct horse battery' };
  for (const from of [REBOUND, { referer: 'http://evil.test/setup', host: 'evil.test' }, { origin: `http://evil.test:${new URL(s.url).port}`, host: `evil.test:${new URL(s.url).port}` }]) {
    const r = await post('/setup', fields, from);
    t.is(r.status, 403, JSON.stringify(from));
    t.regex(r.text, /this instance’s own page/);
    t.is(r.cookie, undefined);
  }
  t.is(await count('app.workspaces'), 0, 'no workspace');
  t.is(await count('app.users'), 0, 'no account');
  t.is((await http(s.url, 'GET', `/setup?token=${token}`)).status, 200, 'the link is not spent');
});

test.serial('a loopback spelling of a loopback PUBLIC_URL is this machine: setup from localhost succeeds', async (t) => {
  const port = new URL(s.url).port;
  const r = await post('/setup', { token, workspace: 'Acme', email: 'olive@acme.test', name: 'Olive', password: 'correct horse battery' },
    { origin: `http://localhost:${port}`, host: `localhost:${port}` });
  t.is(r.status, 200, r.text);
  t.truthy(r.cookie);
  t.is(await count('app.workspaces'), 1);
});

test.serial('sign-in forms from a rebound host are refused 403 and open no session', async (t) => {
  const ws = (await s.db.pool.query(`select id from app.workspaces`)).rows[0].id;
  const ann = await seed.member(s.db.pool, ws, 'ann@acme.test');
  await seed.password(s.db.pool, ann.userId, 'correct horse battery');
  const before = await count('app_private.sessions');
  const r = await post('/signin', { email: 'ann@acme.test', password: 'correct horse battery', next: '/decks' }, REBOUND);
  t.is(r.status, 403);
  t.regex(r.text, /this instance’s own page/);
  t.is(r.cookie, undefined);
  t.is(await count('app_private.sessions'), before, 'no session');
  const ok = await post('/signin', { email: 'ann@acme.test', password: 'correct horse battery', next: '/decks' }, { origin: s.url });
  t.is(ok.status, 303, 'the same form from PUBLIC_URL signs in');
  t.truthy(ok.cookie);
  // A session write from the rebound host is refused too (the session's own Origin lock).
  const out = await http(s.url, 'DELETE', '/api/v1/auth/session', { cookie: ok.cookie, headers: { origin: 'http://evil.test' } });
  t.is(out.status, 403, out.text);
  t.is((await http(s.url, 'GET', '/api/v1/me', { cookie: ok.cookie })).status, 200, 'the session still stands');
});

test('allowedOrigins: PUBLIC_URL only; loopback spellings only for a loopback PUBLIC_URL, same scheme and port', (t) => {
  t.deepEqual([...allowedOrigins('https://podium.example.org')], ['https://podium.example.org']);
  t.deepEqual([...allowedOrigins('https://podium.example.org:8443/base')], ['https://podium.example.org:8443']);
  t.deepEqual([...allowedOrigins('http://127.0.0.1:8080')].sort(), ['http://127.0.0.1:8080', 'http://[::1]:8080', 'http://localhost:8080'].sort());
  t.deepEqual([...allowedOrigins('http://localhost')].sort(), ['http://127.0.0.1', 'http://[::1]', 'http://localhost'].sort());
  t.false(allowedOrigins('http://127.0.0.1:8080').has('http://localhost:8081'));
  t.false(allowedOrigins('http://127.0.0.1:8080').has('https://localhost:8080'));
  t.deepEqual([...allowedOrigins('not a url')], []);
});
