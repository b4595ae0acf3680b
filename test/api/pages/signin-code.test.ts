// Browser sign-in with an emailed code: real SMTP listener, mail jobs run by drain(); the same rules as
// the CLIs' codes (generic answer, 3 attempts, spent once), then a session; two-factor
// accounts go on to the TOTP step; no email driver, no pages.
import test from 'ava';
import { seal } from '../../../core/crypto.ts';
import { totpAt } from '../../../core/totp.ts';
import { http } from '../../helpers/http.ts';
import * as seed from '../../../ops/harness/seed.ts';
import { startTestServer, TEST_AUTH_SECRET, type TestServer } from '../../helpers/server.ts';
import { codeIn, startSmtp } from '../../../ops/harness/smtp.ts';
import { drain } from '../../helpers/worker.ts';

let s: TestServer;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let seen = 0;
test.before(async () => {
  smtp = await startSmtp();
  s = await startTestServer({ env: { EMAIL_DRIVER: 'smtp', SMTP_URL: smtp.url } });
  const ws = await seed.workspace(s.db.pool, 'Acme');
  await seed.member(s.db.pool, ws.id, 'ann@acme.test');
  const two = await seed.member(s.db.pool, ws.id, 'two@acme.test');
  await s.db.pool.query(`update app.users set two_factor_enabled = true where id = $1`, [two.userId]);
  await s.db.pool.query(`insert into app_private.user_secrets (user_id, totp_secret_sealed) values ($1, $2)`, [two.userId, seal(TEST_AUTH_SECRET, 'JBSWY3DPEHPK3PXP')]);
});
test.after.always(async () => {
  await s?.close();
  await smtp?.close();
});

const form = (path: string, fields: Record<string, string>, origin: string | null = s.url) =>
  fetch(s.url + path, { method: 'POST', redirect: 'manual', headers: { 'content-type': 'application/x-www-form-urlencoded', ...(origin ? { origin } : {}) }, body: new URLSearchParams(fields).toString() });
const cookieOf = (r: Response) => r.headers.getSetCookie().find((c) => c.startsWith('podium_session='))?.split(';')[0];

/** Runs the queued jobs and answers the one mail they sent (throws unless exactly one). */
async function nextMail() {
  await drain(s);
  if (smtp.mails.length !== seen + 1) throw new Error(`expected mail ${seen + 1}, have ${smtp.mails.length}`);
  return smtp.mails[seen++];
}

async function requestCode(email: string): Promise<string> {
  const r = await form('/signin/code', { email, next: '/decks' });
  if (r.status !== 200) throw new Error(`request answered ${r.status}`);
  return codeIn(await nextMail());
}

test.serial('the sign-in page offers the emailed code; the code opens a session and is spent', async (t) => {
  t.regex(await (await fetch(s.url + '/signin')).text(), /href="\/signin\/code\?next=/);
  const code = await requestCode('ann@acme.test');
  const r = await form('/signin/code/verify', { email: 'ann@acme.test', code, next: '/decks' });
  t.is(r.status, 303);
  t.is(r.headers.get('location'), '/decks');
  const me = await http(s.url, 'GET', '/api/v1/me', { cookie: cookieOf(r) });
  t.is(me.body.via, 'session');
  t.is(me.body.user.email, 'ann@acme.test');
  t.is((await form('/signin/code/verify', { email: 'ann@acme.test', code })).status, 401, 'spent');
  t.regex(smtp.mails[seen - 1].raw, /Your code to sign in on http/);
});

test.serial('an unknown address gets the same page and no mail; three wrong codes spend it, each answered as for the unknown address', async (t) => {
  const known = await (await form('/signin/code', { email: 'ann@acme.test' })).text();
  t.deepEqual((await nextMail()).to, ['ann@acme.test']);
  const unknown = await (await form('/signin/code', { email: 'nobody@acme.test' })).text();
  t.is(unknown.replace(/nobody@acme\.test/g, 'X').replace(/nonce(="|-)[^"']+/g, ''), known.replace(/ann@acme\.test/g, 'X').replace(/nonce(="|-)[^"']+/g, ''));
  t.deepEqual(await drain(s), [], 'no job was queued for the unknown address');
  t.is(smtp.mails.length, seen);
  const code = codeIn(smtp.mails[seen - 1]);
  const wrong = code === '000000' ? '111111' : '000000';
  // Each wrong code answers the page an address with no account gets: only the typed address differs.
  const same = (html: string, email: string) => html.replace(new RegExp(email.replace(/\./g, '\\.'), 'g'), 'X').replace(/nonce(="|-)[^"']+/g, '');
  for (let i = 0; i < 3; i++) {
    const r = await form('/signin/code/verify', { email: 'ann@acme.test', code: wrong });
    const n = await form('/signin/code/verify', { email: 'nobody@acme.test', code: wrong });
    t.is(r.status, 401);
    t.is(n.status, r.status);
    const html = await r.text();
    t.regex(html, /The code is wrong or has expired; ask for a new one/);
    t.is(same(await n.text(), 'nobody@acme.test'), same(html, 'ann@acme.test'), `attempt ${i + 1}`);
  }
  t.is((await form('/signin/code/verify', { email: 'ann@acme.test', code })).status, 401, 'three wrong codes spent it');
});

test.serial('a two-factor account goes on to the TOTP step', async (t) => {
  const code = await requestCode('two@acme.test');
  const step = await form('/signin/code/verify', { email: 'two@acme.test', code, next: '/decks' });
  t.is(step.status, 200);
  const html = await step.text();
  t.regex(html, /Two-factor code/);
  t.is(cookieOf(step), undefined);
  const pending = /name="pending" value="([^"]+)"/.exec(html)![1];
  const done = await form('/signin', { pending, totp: totpAt('JBSWY3DPEHPK3PXP', Date.now() / 1000), next: '/decks' });
  t.is(done.status, 303);
  t.truthy(cookieOf(done));
});

test.serial('a next above U+00FF is followed percent-encoded, never a 500 after the session was made: password, code and the signed-in page', async (t) => {
  const next = '/decks?q=Ā 😀&x=%41';
  const encoded = '/decks?q=%C4%80%20%F0%9F%98%80&x=%41';
  await seed.password(s.db.pool, (await s.db.pool.query(`select id from app.users where email = 'ann@acme.test'`)).rows[0].id, 'correct horse battery');
  const pw = await form('/signin', { email: 'ann@acme.test', password: 'correct horse battery', next });
  t.is(pw.status, 303);
  t.is(pw.headers.get('location'), encoded);
  t.truthy(cookieOf(pw));
  const code = await requestCode('ann@acme.test');
  const byCode = await form('/signin/code/verify', { email: 'ann@acme.test', code, next });
  t.is(byCode.status, 303);
  t.is(byCode.headers.get('location'), encoded);
  const signedIn = await fetch(`${s.url}/signin?next=${encodeURIComponent(next)}`, { redirect: 'manual', headers: { cookie: cookieOf(pw)! } });
  t.is(signedIn.status, 303);
  t.is(signedIn.headers.get('location'), encoded);
  // The form carries the target on: the page offered with such a next still works.
  t.regex(await (await fetch(`${s.url}/signin?next=${encodeURIComponent(next)}`)).text(), /name="next" value="\/decks\?q=%C4%80%20%F0%9F%98%80&amp;x=%41"/);
});

test.serial('posts from another origin are refused', async (t) => {
  t.is((await form('/signin/code', { email: 'ann@acme.test' }, 'https://evil.test')).status, 403);
  t.is((await form('/signin/code/verify', { email: 'ann@acme.test', code: '123456' }, null)).status, 403);
});

test('without an email driver the code pages do not exist and the link is not offered', async (t) => {
  const plain = await startTestServer({ db: s.db, env: { EMAIL_DRIVER: 'none' } });
  try {
    t.notRegex(await (await fetch(plain.url + '/signin')).text(), /signin\/code/);
    t.is((await fetch(plain.url + '/signin/code')).status, 404);
  } finally {
    await plain.close();
  }
});
