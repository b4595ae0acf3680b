// Emailed-code sign-in (both specs, Authentication) with a real SMTP listener; the mail jobs
// run by drain() (graphile-worker runTaskListOnce), so "no mail" is checked on a drained queue.
import test from 'ava';
import { http } from '../helpers/http.ts';
import * as seed from '../../ops/harness/seed.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { codeIn, startSmtp } from '../../ops/harness/smtp.ts';
import { drain } from '../helpers/worker.ts';

let s: TestServer;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let mailsSeen = 0;
test.before(async () => {
  smtp = await startSmtp();
  s = await startTestServer({ env: { EMAIL_DRIVER: 'smtp', SMTP_URL: smtp.url } });
  await seed.basicWorkspace(s.db.pool);
  for (const email of ['dev@acme.test', 'two@acme.test', 'hack@acme.test', 'wall@acme.test', 'tries@acme.test', 'both@acme.test', 'bound@acme.test']) {
    await seed.member(s.db.pool, (await s.db.pool.query(`select id from app.workspaces`)).rows[0].id, email, 'member');
  }
  await s.db.pool.query(`update app.users set two_factor_enabled = true where email = 'two@acme.test'`);
});
test.after.always(async () => {
  await s?.close();
  await smtp?.close();
});

/** Runs the queued jobs and answers the one mail they sent (throws unless exactly one). */
async function nextMail() {
  await drain(s);
  if (smtp.mails.length !== mailsSeen + 1) throw new Error(`expected mail ${mailsSeen + 1}, have ${smtp.mails.length}`);
  return smtp.mails[mailsSeen++];
}

/** Requests a code for email and answers it from the mail that arrives. Serial tests only. */
async function requestCode(email: string, tool: string | string[] = 'deck'): Promise<string> {
  const r = await http(s.url, 'POST', '/api/v1/cli/auth/request', { body: Array.isArray(tool) ? { email, tools: tool } : { email, tool } });
  if (r.status !== 200) throw new Error(r.text);
  const mail = await nextMail();
  if (!mail.to.includes(email)) throw new Error(`mail went to ${mail.to}`);
  return codeIn(mail);
}

test.serial('discovery names email_code when an email driver is set', async (t) => {
  const r = await http(s.url, 'GET', '/api/v1/instance');
  t.deepEqual(r.body.auth.methods, ['password', 'email_code']);
  t.deepEqual(r.body.auth.emailCodeTools, ['deck', 'hackathon'], 'one code may sign in both tools');
  t.is(r.body.limits.maxFileSizeMb, 100);
});

test.serial('request + complete hands out a deck key once, with the two scopes, and the temporary session is gone', async (t) => {
  const code = await requestCode('dev@acme.test');
  const r = await http(s.url, 'POST', '/api/v1/cli/auth/complete', { body: { email: 'dev@acme.test', code, keyName: 'laptop', expiresInDays: 30 } });
  t.is(r.status, 201);
  t.regex(r.body.key, /^dk_/);
  t.deepEqual(r.body.scopes, ['presentations:read', 'presentations:write']);
  t.is(r.body.name, 'laptop');
  t.truthy(r.body.expiresAt);
  t.is((await s.db.pool.query(`select count(*)::int as n from app_private.login_codes`)).rows[0].n, 0);
  const me = await http(s.url, 'GET', '/api/v1/me', { key: r.body.key });
  t.is(me.body.via, 'api_key');
  t.is(me.body.user.email, 'dev@acme.test');
  // The code is spent.
  const again = await http(s.url, 'POST', '/api/v1/cli/auth/complete', { body: { email: 'dev@acme.test', code } });
  t.is(again.status, 400);
  t.is(again.body.error.code, 'invalid_code');
});

test.serial('the hackathon tool gets an hck_ key with hackathon:read and hackathon:write, never data:export', async (t) => {
  const code = await requestCode('hack@acme.test', 'hackathon');
  const r = await http(s.url, 'POST', '/api/v1/cli/auth/complete', { body: { email: 'hack@acme.test', code, tool: 'hackathon' } });
  t.is(r.status, 201);
  t.regex(r.body.key, /^hck_/);
  t.deepEqual(r.body.scopes, ['hackathon:read', 'hackathon:write']);
  t.is(r.body.expiresAt, null);
});

test.serial('one code signs in both tools: one key per tool, each with its own prefix and scopes only, the code spent once (000285)', async (t) => {
  const before = smtp.mails.length;
  const code = await requestCode('both@acme.test', ['hackathon', 'deck']);
  t.is(smtp.mails.length, before + 1, 'one mail');
  t.regex(smtp.mails[before].raw, /sign in both hackathon and deckcli/);
  const r = await http(s.url, 'POST', '/api/v1/cli/auth/complete', { body: { email: 'both@acme.test', code, tools: ['hackathon', 'deck'] } });
  t.is(r.status, 201, r.text);
  t.deepEqual(Object.keys(r.body).sort(), ['keys', 'user']);
  t.is(r.body.user.email, 'both@acme.test');
  const [hck, dk] = r.body.keys;
  t.like(hck, { tool: 'hackathon', prefix: 'hck_', name: 'hackathon sign-in', scopes: ['hackathon:read', 'hackathon:write'], expiresAt: null });
  t.like(dk, { tool: 'deck', prefix: 'dk_', name: 'deckcli sign-in (by hackathon login)', scopes: ['presentations:read', 'presentations:write'] });
  t.regex(hck.key, /^hck_/);
  t.regex(dk.key, /^dk_/);
  // Each key is its own tool's: /me says so, and the other tool's routes refuse it.
  t.deepEqual((await http(s.url, 'GET', '/api/v1/me', { key: hck.key })).body.key.scopes, ['hackathon:read', 'hackathon:write']);
  t.deepEqual((await http(s.url, 'GET', '/api/v1/me', { key: dk.key })).body.key.scopes, ['presentations:read', 'presentations:write']);
  t.is((await http(s.url, 'GET', '/api/v1/presentations', { key: dk.key })).status, 200);
  t.is((await http(s.url, 'GET', '/api/v1/presentations', { key: hck.key })).status, 403, 'a hackathon key cannot call a deck route');
  t.not((await http(s.url, 'GET', '/api/v1/event/chats', { key: hck.key })).status, 403);
  t.is((await http(s.url, 'GET', '/api/v1/event/chats', { key: dk.key })).status, 403, 'a deck key cannot call a hackathon route');
  // Stored as hashes only, made by the emailed code; the code is gone and never works twice.
  const stored = await s.db.pool.query(`select k.tool, k.created_via, k.token_hash = sha256(convert_to($1, 'UTF8')) or k.token_hash = sha256(convert_to($2, 'UTF8')) as hashed
    from app_private.api_keys k join app.users u on u.id = k.user_id where u.email = 'both@acme.test' order by k.tool`, [hck.key, dk.key]);
  t.deepEqual(stored.rows, [{ tool: 'deck', created_via: 'email_code', hashed: true }, { tool: 'hackathon', created_via: 'email_code', hashed: true }]);
  t.is((await s.db.pool.query(`select count(*)::int as n from app_private.login_codes`)).rows[0].n, 0);
  const again = await http(s.url, 'POST', '/api/v1/cli/auth/complete', { body: { email: 'both@acme.test', code, tools: ['hackathon', 'deck'] } });
  t.is(again.status, 400);
  t.is(again.body.error.code, 'invalid_code');
  const single = await http(s.url, 'POST', '/api/v1/cli/auth/complete', { body: { email: 'both@acme.test', code, tool: 'hackathon' } });
  t.is(single.body.error.code, 'invalid_code', 'nor for one of its tools');
});

test.serial('a code is bound to the tools it was asked for; --key-name names both keys, the other one saying which login made it', async (t) => {
  // A one-tool code completes for that tool only: asking both with it is a wrong code (counted).
  const one = await requestCode('bound@acme.test', 'hackathon');
  const both = await http(s.url, 'POST', '/api/v1/cli/auth/complete', { body: { email: 'bound@acme.test', code: one, tools: ['deck', 'hackathon'] } });
  t.is(both.body.error.code, 'invalid_code');
  const r = await http(s.url, 'POST', '/api/v1/cli/auth/complete', { body: { email: 'bound@acme.test', code: one, tool: 'hackathon' } });
  t.is(r.status, 201, 'the one-tool code still works for its tool (the answer in the shape from before tools)');
  t.regex(r.body.key, /^hck_/);
  t.false('keys' in r.body);
  // The order of tools does not matter to the code; `tool` names the client signing in.
  const code = await requestCode('bound@acme.test', ['deck', 'hackathon']);
  const long = 'x'.repeat(100);
  const named = await http(s.url, 'POST', '/api/v1/cli/auth/complete', { body: { email: 'bound@acme.test', code, tool: 'deck', tools: ['hackathon', 'deck'], keyName: long } });
  t.is(named.status, 201, named.text);
  t.deepEqual(named.body.keys.map((k: { tool: string; name: string }) => [k.tool, k.name]), [
    ['hackathon', `${'x'.repeat(100 - ' (by deckcli login)'.length)} (by deckcli login)`], // 100 characters at most
    ['deck', long],
  ]);
});

test.serial('tools: bad input is a 400 naming the field, before any code is asked or spent', async (t) => {
  for (const body of [{ tools: [] }, { tools: ['deck', 'deck'] }, { tools: ['deck', 'browser'] }, { tools: ['deck', 'hackathon', 'deck'] }]) {
    const r = await http(s.url, 'POST', '/api/v1/cli/auth/request', { body: { email: 'dev@acme.test', ...body } });
    t.is(r.status, 400, JSON.stringify(body));
    t.regex(r.body.error.field, /^tools\b/, JSON.stringify(body));
  }
  const mismatch = await http(s.url, 'POST', '/api/v1/cli/auth/complete', { body: { email: 'dev@acme.test', code: '123456', tool: 'deck', tools: ['hackathon'] } });
  t.is(mismatch.status, 400);
  t.is(mismatch.body.error.field, 'tool');
  t.deepEqual(await drain(s), [], 'no mail was queued');
});

test.serial('an unknown address gets the same generic success and no mail', async (t) => {
  const known = await http(s.url, 'POST', '/api/v1/cli/auth/request', { body: { email: 'dev@acme.test' } });
  t.deepEqual((await nextMail()).to, ['dev@acme.test']);
  const unknown = await http(s.url, 'POST', '/api/v1/cli/auth/request', { body: { email: 'nobody@acme.test' } });
  t.is(unknown.status, known.status);
  t.deepEqual(unknown.body, known.body);
  t.deepEqual(await drain(s), [], 'no job was queued for the unknown address');
  t.is(smtp.mails.length, mailsSeen);
  t.is((await s.db.pool.query(`select count(*)::int as n from graphile_worker._private_jobs where payload->>'to' = 'nobody@acme.test'`)).rows[0].n, 0);
});

test.serial('a code allows three attempts, then it is gone; each wrong one answers like an address with no account', async (t) => {
  const code = await requestCode('tries@acme.test');
  await http(s.url, 'POST', '/api/v1/cli/auth/request', { body: { email: 'nobody-tries@acme.test' } });
  const wrong = code === '000000' ? '111111' : '000000';
  for (let i = 0; i < 3; i++) {
    const real = await http(s.url, 'POST', '/api/v1/cli/auth/complete', { body: { email: 'tries@acme.test', code: wrong } });
    const unknown = await http(s.url, 'POST', '/api/v1/cli/auth/complete', { body: { email: 'nobody-tries@acme.test', code: wrong } });
    t.is(real.status, 400, `attempt ${i + 1}`);
    t.is(real.body.error.code, 'invalid_code');
    t.is(unknown.status, real.status, `attempt ${i + 1}: the same status`);
    t.is(unknown.text, real.text, `attempt ${i + 1}: byte-identical bodies (no attemptsLeft)`);
  }
  const right = await http(s.url, 'POST', '/api/v1/cli/auth/complete', { body: { email: 'tries@acme.test', code } });
  t.is(right.status, 400);
  t.is(right.body.error.code, 'invalid_code');
  t.is(right.text, (await http(s.url, 'POST', '/api/v1/cli/auth/complete', { body: { email: 'nobody-tries@acme.test', code } })).text);
});

test.serial('an account with two-factor authentication is refused two_factor_required and gets no key', async (t) => {
  const code = await requestCode('two@acme.test');
  const r = await http(s.url, 'POST', '/api/v1/cli/auth/complete', { body: { email: 'two@acme.test', code } });
  t.is(r.status, 403);
  t.is(r.body.error.code, 'two_factor_required');
  t.is((await s.db.pool.query(`select count(*)::int as n from app_private.api_keys k join app.users u on u.id = k.user_id where u.email = 'two@acme.test'`)).rows[0].n, 0);
});

test.serial('bad input is a 400 naming the field', async (t) => {
  const r = await http(s.url, 'POST', '/api/v1/cli/auth/complete', { body: { email: 'dev@acme.test', code: 'abc' } });
  t.is(r.status, 400);
  t.is(r.body.error.code, 'invalid_input');
  t.is(r.body.error.field, 'code');
  const e = await http(s.url, 'POST', '/api/v1/cli/auth/request', { body: { email: 'not-an-email' } });
  t.is(e.body.error.field, 'email');
  const x = await http(s.url, 'POST', '/api/v1/cli/auth/complete', { body: { email: 'dev@acme.test', code: '123456', expiresInDays: 0 } });
  t.is(x.body.error.field, 'expiresInDays');
});

test.serial('the login bucket: 10 attempts per 15 minutes per IP and email, then 429 on both endpoints', async (t) => {
  for (let i = 0; i < 10; i++) {
    const r = await http(s.url, 'POST', '/api/v1/cli/auth/complete', { body: { email: 'wall@acme.test', code: '000000' } });
    t.not(r.status, 429, `attempt ${i + 1}`);
  }
  const blocked = await http(s.url, 'POST', '/api/v1/cli/auth/complete', { body: { email: 'wall@acme.test', code: '000000' } });
  t.is(blocked.status, 429);
  t.is(blocked.body.error.code, 'rate_limited');
  t.truthy(blocked.headers.get('retry-after'));
  t.is((await http(s.url, 'POST', '/api/v1/cli/auth/request', { body: { email: 'WALL@acme.test' } })).status, 429);
  // Another address from the same IP has its own bucket.
  t.is((await http(s.url, 'POST', '/api/v1/cli/auth/request', { body: { email: 'dev@acme.test' } })).status, 200);
  t.deepEqual((await nextMail()).to, ['dev@acme.test']);
});

test.serial('DELETE /cli/auth/key revokes exactly the presenting key', async (t) => {
  const a = await seed.key(s.db.pool, 'dev@acme.test', 'deck', { name: 'a' });
  const b = await seed.key(s.db.pool, 'dev@acme.test', 'deck', { name: 'b' });
  const r = await http(s.url, 'DELETE', '/cli/auth/key', { key: a.key });
  t.is(r.status, 200);
  t.is(r.body.revoked.id, a.id);
  t.is((await http(s.url, 'GET', '/api/v1/me', { key: a.key })).status, 401);
  t.is((await http(s.url, 'GET', '/api/v1/me', { key: b.key })).status, 200);
  const hk = await seed.key(s.db.pool, 'dev@acme.test', 'hackathon');
  t.is((await http(s.url, 'DELETE', '/cli/auth/key', { key: hk.key })).status, 200);
});

test.serial('DELETE /cli/auth/key refuses sessions; a read-only key revokes exactly itself too', async (t) => {
  await seed.password(s.db.pool, (await s.db.pool.query(`select id from app.users where email = 'owner@acme.test'`)).rows[0].id, 'correct horse battery');
  const login = await http(s.url, 'POST', '/api/v1/auth/session', { body: { email: 'owner@acme.test', password: 'correct horse battery' } });
  const cookie = login.headers.getSetCookie()[0].split(';')[0];
  const r = await http(s.url, 'DELETE', '/cli/auth/key', { cookie, headers: { origin: s.url } });
  t.is(r.status, 403);
  t.is(r.body.error.code, 'session_refused');
  const ro = await seed.key(s.db.pool, 'dev@acme.test', 'deck', { scopes: ['presentations:read'] });
  const other = await seed.key(s.db.pool, 'dev@acme.test', 'deck', { scopes: ['presentations:read'] });
  const hro = await seed.key(s.db.pool, 'dev@acme.test', 'hackathon', { scopes: ['hackathon:read'] });
  const revoked = await http(s.url, 'DELETE', '/cli/auth/key', { key: ro.key });
  t.is(revoked.status, 200);
  t.is(revoked.body.revoked.id, ro.id);
  t.is((await http(s.url, 'GET', '/api/v1/me', { key: ro.key })).status, 401);
  t.is((await http(s.url, 'GET', '/api/v1/me', { key: other.key })).status, 200, 'only the presenting key');
  t.is((await http(s.url, 'DELETE', '/cli/auth/key', { key: hro.key })).status, 200);
  t.is((await http(s.url, 'GET', '/api/v1/me', { key: hro.key })).status, 401);
});
