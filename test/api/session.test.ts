// Password sign-in, the TOTP step for two-factor accounts, and the login wall.
import test from 'ava';
import { seal } from '../../core/crypto.ts';
import { totpAt } from '../../core/totp.ts';
import { cookieFrom, http } from '../helpers/http.ts';
import * as seed from '../helpers/seed.ts';
import { startTestServer, TEST_AUTH_SECRET, type TestServer } from '../helpers/server.ts';

const SECRET = 'JBSWY3DPEHPK3PXP';
let s: TestServer;
test.before(async () => {
  s = await startTestServer();
  const ws = await seed.workspace(s.db.pool, 'Acme');
  const plain = await seed.member(s.db.pool, ws.id, 'plain@acme.test');
  const two = await seed.member(s.db.pool, ws.id, 'two@acme.test');
  await seed.password(s.db.pool, plain.userId, 'correct horse battery');
  await seed.password(s.db.pool, two.userId, 'correct horse battery');
  await s.db.pool.query(`update app.users set two_factor_enabled = true where id = $1`, [two.userId]);
  await s.db.pool.query(`update app_private.user_secrets set totp_secret_sealed = $2 where user_id = $1`, [two.userId, seal(TEST_AUTH_SECRET, SECRET)]);
});
test.after.always(() => s?.close());

const signIn = (body: object) => http(s.url, 'POST', '/api/v1/auth/session', { body });

test('right password signs in with an HttpOnly SameSite=Lax cookie; wrong one and unknown account look alike', async (t) => {
  const ok = await signIn({ email: 'plain@acme.test', password: 'correct horse battery' });
  t.is(ok.status, 200);
  t.regex(ok.headers.getSetCookie()[0], /^podium_session=[^;]+; Path=\/; HttpOnly; SameSite=Lax; Max-Age=\d+$/);
  const wrong = await signIn({ email: 'plain@acme.test', password: 'nope' });
  const unknown = await signIn({ email: 'ghost@acme.test', password: 'nope' });
  t.is(wrong.status, 401);
  t.deepEqual(wrong.body, unknown.body);
});

test('a two-factor account needs its TOTP code', async (t) => {
  const first = await signIn({ email: 'two@acme.test', password: 'correct horse battery' });
  t.is(first.status, 403);
  t.is(first.body.error.code, 'two_factor_required');
  const bad = await signIn({ email: 'two@acme.test', password: 'correct horse battery', totp: '000000' === totpAt(SECRET, Date.now() / 1000) ? '111111' : '000000' });
  t.is(bad.status, 401);
  const good = await signIn({ email: 'two@acme.test', password: 'correct horse battery', totp: totpAt(SECRET, Date.now() / 1000) });
  t.is(good.status, 200);
  const me = await http(s.url, 'GET', '/api/v1/me', { cookie: cookieFrom(good) });
  t.is(me.body.user.email, 'two@acme.test');
});

test('TOTP follows RFC 6238 test vectors', (t) => {
  // RFC 6238 appendix B, SHA-1 seed "12345678901234567890", 6 digits.
  const seedB32 = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';
  t.is(totpAt(seedB32, 59), '287082');
  t.is(totpAt(seedB32, 1111111109), '081804');
  t.is(totpAt(seedB32, 2000000000), '279037');
});

test('the password wall: the 11th attempt in 15 minutes answers 429', async (t) => {
  for (let i = 0; i < 10; i++) t.is((await signIn({ email: 'wall@acme.test', password: 'x' })).status, 401);
  const r = await signIn({ email: 'wall@acme.test', password: 'x' });
  t.is(r.status, 429);
  t.is(r.body.error.code, 'rate_limited');
});
