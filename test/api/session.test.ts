// Password sign-in, the TOTP step for two-factor accounts (a code signs in once), and the
// login wall (one bucket per account, however its address is spelled).
import test from 'ava';
import { seal } from '../../core/crypto.ts';
import { totpAt } from '../../core/totp.ts';
import { cookieFrom, http } from '../helpers/http.ts';
import * as seed from '../../ops/harness/seed.ts';
import { startTestServer, TEST_AUTH_SECRET, type TestServer } from '../helpers/server.ts';

const SECRET = 'JBSWY3DPEHPK3PXP';
let s: TestServer;
let ws: { id: string };
test.before(async () => {
  s = await startTestServer();
  ws = await seed.workspace(s.db.pool, 'Acme');
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
  t.regex(ok.headers.getSetCookie()[0], /^podium_session=[^;]+; Max-Age=\d+; Path=\/; HttpOnly; SameSite=Lax$/); // @fastify/cookie's attribute order
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

async function twoFactorAccount(email: string): Promise<string> {
  const u = await seed.member(s.db.pool, ws.id, email);
  await seed.password(s.db.pool, u.userId, 'correct horse battery');
  await s.db.pool.query(`update app.users set two_factor_enabled = true where id = $1`, [u.userId]);
  await s.db.pool.query(`update app_private.user_secrets set totp_secret_sealed = $2 where user_id = $1`, [u.userId, seal(TEST_AUTH_SECRET, SECRET)]);
  return u.userId;
}

test('a two-factor code signs in once: the same code again in its window, or an older one after it, is refused', async (t) => {
  await twoFactorAccount('once@acme.test');
  const now = Date.now() / 1000;
  const code = totpAt(SECRET, now);
  const body = { email: 'once@acme.test', password: 'correct horse battery', totp: code };
  t.is((await signIn(body)).status, 200);
  const again = await signIn(body);
  t.is(again.status, 401);
  t.like(again.body.error, { code: 'invalid_credentials', message: 'This two-factor code was already used; wait for the next one' });
  t.false(again.headers.getSetCookie().some((c) => c.startsWith('podium_session=')));
  const older = await signIn({ ...body, totp: totpAt(SECRET, now - 30) });
  t.is(older.status, 401, 'an earlier step is spent too');
});

test('two sign-ins racing with one code: exactly one gets in', async (t) => {
  await twoFactorAccount('race@acme.test');
  const body = { email: 'race@acme.test', password: 'correct horse battery', totp: totpAt(SECRET, Date.now() / 1000) };
  const statuses = (await Promise.all([signIn(body), signIn(body), signIn(body)])).map((r) => r.status).sort();
  t.deepEqual(statuses, [200, 401, 401]);
});

// İ (dotted capital I), the Kelvin sign and fullwidth letters: JavaScript's toLowerCase()
// and the database's lower() disagree on some of them, so the bucket is the address as SQL
// folds it (app_private.email_fold: NFKC, lower). The fold keys the bucket only: the account
// is found by the address's identity (app_private.normalize_email: ASCII case only).
const KIWI_SPELLINGS = ['KIWI@acme.test', 'k\u0130wi@acme.test', '\u212Aiwi@acme.test', '\uFF4Biwi@acme.test', 'Kiwi@ACME.test'];

test.serial('the wall counts every spelling of one account in one bucket', async (t) => {
  const u = await seed.member(s.db.pool, ws.id, 'kiwi@acme.test');
  await seed.password(s.db.pool, u.userId, 'correct horse battery');
  for (let i = 0; i < 10; i++) {
    const r = await signIn({ email: KIWI_SPELLINGS[i % KIWI_SPELLINGS.length], password: 'wrong' });
    t.is(r.status, 401, `attempt ${i + 1}`);
  }
  const last = await signIn({ email: 'KİWI@ACME.TEST', password: 'correct horse battery' });
  t.is(last.status, 429, 'the eleventh attempt waits, even with the right password and a new spelling');
});

test.serial('an address reaches an account only as itself (ASCII case aside); every look-alike shares its bucket', async (t) => {
  for (const email of ['kiwi@acme.test', 'strasse@acme.test']) await seed.member(s.db.pool, ws.id, email);
  const tricky = [...KIWI_SPELLINGS, 'k\u0131wi@acme.test', 'STRASSE@acme.test', 'stra\u00DFe@acme.test', 'STRA\u1E9Ee@acme.test', ' kiwi@acme.test ', 'ki\u0307wi@acme.test'];
  const reaches = new Set(['KIWI@acme.test', 'Kiwi@ACME.test', ' kiwi@acme.test ', 'STRASSE@acme.test']);
  for (const input of tricky) {
    const { rows } = await s.db.pool.query(
      `select app_private.email_fold($1) as bucket,
              (select u.email from app.users u where u.id = (app_private.password_login_info($1) ->> 'userId')::uuid) as account`,
      [input],
    );
    const { bucket, account } = rows[0];
    if (reaches.has(input)) {
      t.truthy(account, `${input} is the address of an account`);
      const own = (await s.db.pool.query('select app_private.email_fold($1) as b', [account])).rows[0].b;
      t.is(bucket, own, `${input} counts in its account's bucket`);
    } else t.is(account, null, `${input} is a look-alike: it reaches no account`);
  }
  const folded = await s.db.pool.query(`select app_private.email_fold(x) as n from unnest($1::text[]) x`, [KIWI_SPELLINGS]);
  t.deepEqual(new Set(folded.rows.map((r) => r.n)), new Set(['kiwi@acme.test']), 'these spellings are one bucket here');
});

test('one account per address; a fullwidth look-alike is another account, never the same one', async (t) => {
  const plum = await seed.member(s.db.pool, ws.id, 'plum@acme.test');
  const same = await seed.member(s.db.pool, ws.id, 'PLUM@acme.test');
  t.is(same.userId, plum.userId, 'ASCII case is one address');
  // In another workspace: next to plum@acme.test a look-alike is refused (email_confusable).
  const elsewhere = await seed.workspace(s.db.pool, 'Plum elsewhere');
  const other = await seed.member(s.db.pool, elsewhere.id, '\uFF50lum@ACME.test');
  t.not(other.userId, plum.userId, 'the fullwidth spelling is not merged into the account');
  await t.throwsAsync(s.db.pool.query(`insert into app.users (email) values ($1)`, ['Plum@ACME.test']), { message: /users_email_(normalized_)?key/ });
});
