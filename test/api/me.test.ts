import test from 'ava';
import { cookieFrom, http, setClock } from '../helpers/http.ts';
import * as seed from '../../ops/harness/seed.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

let s: TestServer;
let base: Awaited<ReturnType<typeof seed.basicWorkspace>>;
test.before(async () => {
  s = await startTestServer();
  base = await seed.basicWorkspace(s.db.pool);
  await seed.password(s.db.pool, base.owner.userId, 'correct horse battery');
});
test.after.always(() => s?.close());

test('a deck key answers /me via api_key with its prefix, scopes and workspace', async (t) => {
  t.regex(base.deckKey.key, /^dk_[A-Za-z0-9_-]{43}$/);
  const r = await http(s.url, 'GET', '/api/v1/me', { key: base.deckKey.key });
  t.is(r.status, 200);
  t.is(r.body.via, 'api_key');
  t.is(r.body.user.email, 'owner@acme.test');
  t.deepEqual(r.body.key.scopes, ['presentations:read', 'presentations:write']);
  t.is(r.body.key.tool, 'deck');
  t.is(r.body.workspace.id, base.ws.id);
  t.is(r.body.workspace.role, 'owner');
});

test('a hackathon key carries the hck_ prefix and hackathon scopes', async (t) => {
  t.regex(base.hackKey.key, /^hck_/);
  const r = await http(s.url, 'GET', '/api/v1/me', { key: base.hackKey.key });
  t.is(r.status, 200);
  t.deepEqual(r.body.key.scopes, ['hackathon:read', 'hackathon:write']);
});

test('a session answers /me via session', async (t) => {
  const login = await http(s.url, 'POST', '/api/v1/auth/session', { body: { email: 'OWNER@acme.test', password: 'correct horse battery' } });
  t.is(login.status, 200);
  const setCookie = login.headers.getSetCookie()[0];
  t.regex(setCookie, /HttpOnly/);
  t.regex(setCookie, /SameSite=Lax/);
  const r = await http(s.url, 'GET', '/api/v1/me', { cookie: cookieFrom(login) });
  t.is(r.status, 200);
  t.is(r.body.via, 'session');
  t.is(r.body.key, null);
});

test('no credential, an unknown key, a malformed key and a forged cookie are 401', async (t) => {
  t.is((await http(s.url, 'GET', '/api/v1/me')).body.error.code, 'unauthorized');
  const unknown = await http(s.url, 'GET', '/api/v1/me', { key: 'dk_' + 'A'.repeat(43) });
  t.is(unknown.status, 401);
  t.is((await http(s.url, 'GET', '/api/v1/me', { key: 'not-a-key' })).status, 401);
  t.is((await http(s.url, 'GET', '/api/v1/me', { cookie: 'podium_session=abc.def' })).status, 401);
});

test('an expired key stops working when the server clock passes its expiry', async (t) => {
  const k = await seed.key(s.db.pool, 'owner@acme.test', 'deck', { expiresInDays: 1 });
  t.is((await http(s.url, 'GET', '/api/v1/me', { key: k.key })).status, 200);
  await setClock(s.url, 2 * 86400);
  try {
    t.is((await http(s.url, 'GET', '/api/v1/me', { key: k.key })).status, 401);
  } finally {
    await setClock(s.url, 0);
  }
});

test('secrets are stored only as hashes', async (t) => {
  const { rows } = await s.db.pool.query('select token_hash from app_private.api_keys');
  for (const r of rows) {
    t.is(r.token_hash.length, 32);
    t.false(r.token_hash.toString().includes(base.deckKey.key));
  }
  const dump = await s.db.pool.query(`select string_agg(t::text, ' ') as all from app_private.api_keys t`);
  t.false(dump.rows[0].all.includes(base.deckKey.key.slice(3)));
});
