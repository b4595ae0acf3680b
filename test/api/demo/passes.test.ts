// Demo passes: only with DEMO_SIGNIN=1 on self-hosted instances, browser sessions only;
// one pass per email, lifetime a day by default and at most a week, the secret only in the
// links (stored hashed); the link signs the member in until the pass expires or is revoked;
// revoking ends every session the pass opened. The clock moves by the test clock only.
import { createHash } from 'node:crypto';
import test from 'ava';
import { HOUR, MINUTE, person, type Person } from '../../helpers/event.ts';
import { cookieFrom, http, setClock } from '../../helpers/http.ts';
import * as seed from '../../../ops/harness/seed.ts';
import { startTestServer, type TestServer } from '../../helpers/server.ts';

const PASSWORD = 'correct horse battery staple';
let s: TestServer;
let ws: { id: string };
let owner: Person, mia: Person, max: Person;
let ownerCookie: string, miaCookie: string;

async function signIn(base: string, email: string): Promise<string> {
  const r = await http(base, 'POST', '/api/v1/auth/session', { body: { email, password: PASSWORD } });
  if (r.status !== 200) throw new Error(`sign-in failed: ${r.text}`);
  return cookieFrom(r);
}

test.before(async () => {
  s = await startTestServer({ env: { DEMO_SIGNIN: '1' } });
  ws = await seed.workspace(s.db.pool, 'Demo');
  owner = await person(s.db.pool, ws.id, 'owner@demo.test', 'owner');
  mia = await person(s.db.pool, ws.id, 'mia@demo.test');
  max = await person(s.db.pool, ws.id, 'max@demo.test');
  await seed.password(s.db.pool, owner.userId, PASSWORD);
  await seed.password(s.db.pool, mia.userId, PASSWORD);
  ownerCookie = await signIn(s.url, owner.email);
  miaCookie = await signIn(s.url, mia.email);
});
test.after.always(() => s?.close());
test.beforeEach(() => setClock(s.url, 0));

const write = (method: string, path: string, cookie: string, body?: unknown, base = s.url) =>
  http(base, method, path, { cookie, body, headers: { origin: base } });
const mint = (body: Record<string, unknown>, cookie = ownerCookie) => write('POST', '/api/v1/demo/passes', cookie, body);
const open = (link: string) => {
  const u = new URL(link);
  return http(s.url, 'GET', u.pathname + u.search);
};
const me = (cookie: string) => http(s.url, 'GET', '/api/v1/me', { cookie });

test.serial('mints one pass per email; lifetime a day by default; the secret appears only in the links and is stored hashed', async (t) => {
  const before = Date.now();
  const r = await mint({ emails: [mia.email, max.email], paths: ['/', '/event'] });
  t.is(r.status, 201);
  t.is(r.body.items.length, 2);
  const [a, b] = r.body.items;
  t.like(a, { email: mia.email, userId: mia.userId, revokedAt: null, uses: 0 });
  t.is(b.email, max.email);
  const life = Date.parse(a.expiresAt) - before;
  t.true(life > 23.9 * HOUR && life < 24.1 * HOUR, `lifetime ${life}`);
  t.is(a.links.length, 2);
  t.regex(a.links[0], new RegExp(`^${s.url}/demo/[A-Za-z0-9_-]{43}$`));
  t.is(a.links[1], `${a.links[0]}?to=%2Fevent`);
  const secret = new URL(a.links[0]).pathname.split('/')[2];
  t.not(secret, new URL(b.links[0]).pathname.split('/')[2], 'each pass its own secret');
  const stored = await s.db.pool.query('select token_hash from app_private.demo_passes where id = $1', [a.id]);
  t.deepEqual(stored.rows[0].token_hash, createHash('sha256').update(secret).digest());
  const listed = await http(s.url, 'GET', '/api/v1/demo/passes', { cookie: ownerCookie });
  t.false(JSON.stringify(listed.body).includes(secret), 'the list never shows the secret');
});

test.serial('lifetime: hours or minutes, at most a week; not both', async (t) => {
  const week = await mint({ emails: [mia.email], hours: 168 });
  t.is(week.status, 201);
  t.true(Math.abs(Date.parse(week.body.items[0].expiresAt) - Date.now() - 168 * HOUR) < MINUTE);
  const short = await mint({ emails: [mia.email], minutes: 5 });
  t.true(Math.abs(Date.parse(short.body.items[0].expiresAt) - Date.now() - 5 * MINUTE) < MINUTE);
  t.is((await mint({ emails: [mia.email], hours: 169 })).body.error.field, 'hours');
  t.is((await mint({ emails: [mia.email], minutes: 10_081 })).body.error.field, 'minutes');
  t.is((await mint({ emails: [mia.email], hours: 1, minutes: 1 })).status, 400);
});

test.serial('the link signs the member in, counts a use and lands on the path asked', async (t) => {
  const r = await mint({ emails: [max.email], paths: ['/event/status'] });
  const link = r.body.items[0].links[0];
  const opened = await open(link);
  t.is(opened.status, 303);
  t.is(opened.headers.get('location'), '/event/status');
  const cookie = cookieFrom(opened);
  const who = await me(cookie);
  t.is(who.status, 200);
  t.is(who.body.user.email, max.email);
  t.is(who.body.via, 'session');
  const again = await open(link);
  t.is(again.status, 303);
  const listed = (await http(s.url, 'GET', '/api/v1/demo/passes?limit=100', { cookie: ownerCookie })).body.items;
  t.like(listed.find((p: { id: string }) => p.id === r.body.items[0].id), { uses: 2 });
});

test.serial('an expired pass signs nobody in, and the sessions it opened end with it', async (t) => {
  const r = await mint({ emails: [mia.email], hours: 2 });
  const link = r.body.items[0].links[0];
  const cookie = cookieFrom(await open(link));
  t.is((await me(cookie)).status, 200);
  await setClock(s.url, 2 * 3600 + 60);
  const late = await open(link);
  t.is(late.status, 404);
  t.is(late.body.error.code, 'demo_pass_invalid');
  t.is((await me(cookie)).status, 401);
});

test.serial('revoke ends every session the pass opened and stops the link; idempotent; unknown is demo_pass_not_found', async (t) => {
  const r = await mint({ emails: [mia.email] });
  const pass = r.body.items[0];
  const c1 = cookieFrom(await open(pass.links[0]));
  const c2 = cookieFrom(await open(pass.links[0]));
  const other = cookieFrom(await open((await mint({ emails: [mia.email] })).body.items[0].links[0]));
  const gone = await write('DELETE', `/api/v1/demo/passes/${pass.id}`, ownerCookie);
  t.is(gone.status, 200);
  t.is(gone.body.sessionsEnded, 2);
  t.truthy(gone.body.revokedAt);
  t.is((await me(c1)).status, 401);
  t.is((await me(c2)).status, 401);
  t.is((await me(other)).status, 200, 'another pass\'s session stays');
  t.is((await me(miaCookie)).status, 200, 'the member\'s own sign-in stays');
  t.is((await open(pass.links[0])).body.error.code, 'demo_pass_invalid');
  const again = await write('DELETE', `/api/v1/demo/passes/${pass.id}`, ownerCookie);
  t.is(again.body.revokedAt, gone.body.revokedAt);
  t.is(again.body.sessionsEnded, 0);
  const listed = (await http(s.url, 'GET', '/api/v1/demo/passes?limit=100', { cookie: ownerCookie })).body.items;
  t.is(listed.find((p: { id: string }) => p.id === pass.id).revokedAt, gone.body.revokedAt);
  const unknown = await write('DELETE', '/api/v1/demo/passes/00000000-0000-4000-8000-000000000000', ownerCookie);
  t.is(unknown.status, 404);
  t.is(unknown.body.error.code, 'demo_pass_not_found');
});

test.serial('only owners and admins mint; members of the workspace only; each email once', async (t) => {
  const byMember = await mint({ emails: [max.email] }, miaCookie);
  t.is(byMember.status, 403);
  t.is(byMember.body.error.code, 'owner_or_admin_required');
  const stranger = await mint({ emails: ['nobody@else.test'] });
  t.is(stranger.status, 400);
  t.is(stranger.body.error.code, 'not_a_member');
  t.is((await mint({ emails: [mia.email, mia.email.toUpperCase()] })).body.error.field, 'emails.1');
  t.is((await http(s.url, 'GET', '/api/v1/demo/passes', { cookie: miaCookie })).body.error.code, 'owner_or_admin_required');
});

test.serial('paths and landing targets stay on this instance', async (t) => {
  for (const p of ['//evil.test', 'https://evil.test/', '/\\evil.test', 'event']) {
    t.is((await mint({ emails: [mia.email], paths: ['/', p] })).body.error.field, 'paths.1', p);
  }
  const link = (await mint({ emails: [mia.email] })).body.items[0].links[0];
  const r = await open(`${link}?to=${encodeURIComponent('//evil.test')}`);
  t.is(r.status, 400);
  t.is(r.body.error.field, 'to');
});

test.serial('a landing path above U+00FF is followed percent-encoded: one use counted, no 500 after the session was made', async (t) => {
  const r = await mint({ emails: [max.email], paths: ['/event/Ā😀'] });
  const link = r.body.items[0].links[0];
  const opened = await open(link);
  t.is(opened.status, 303);
  t.is(opened.headers.get('location'), '/event/%C4%80%F0%9F%98%80');
  t.is((await me(cookieFrom(opened))).body.user.email, max.email);
  const listed = (await http(s.url, 'GET', '/api/v1/demo/passes?limit=100', { cookie: ownerCookie })).body.items;
  t.like(listed.find((p: { id: string }) => p.id === r.body.items[0].id), { uses: 1 });
});

test.serial('browser sessions only: keys are refused, and writes need this instance\'s Origin', async (t) => {
  const k = await http(s.url, 'GET', '/api/v1/demo/passes', { key: owner.key });
  t.is(k.status, 403);
  t.is(k.body.error.code, 'key_not_allowed');
  const noOrigin = await http(s.url, 'POST', '/api/v1/demo/passes', { cookie: ownerCookie, body: { emails: [mia.email] } });
  t.is(noOrigin.body.error.code, 'csrf_refused');
});

test('off unless the operator turned demo sign-in on; on cloud demo links are minted at the hub', async (t) => {
  const off = await startTestServer({ db: s.db });
  const cloud = await startTestServer({ db: s.db, env: { DEMO_SIGNIN: '1', HUB_URL: 'https://hub.podium.test', HUB_INSTANCE_SECRET: 'test-instance-secret-0123456789abcdef' } });
  try {
    const cookie = await signIn(off.url, owner.email);
    const r = await write('POST', '/api/v1/demo/passes', cookie, { emails: [mia.email] }, off.url);
    t.is(r.status, 403);
    t.is(r.body.error.code, 'demo_signin_off');
    t.is((await http(off.url, 'GET', '/demo/whatever')).body.error.code, 'demo_signin_off');
    const c = await http(cloud.url, 'GET', '/api/v1/demo/passes', { cookie });
    t.is(c.status, 409);
    t.is(c.body.error.code, 'managed_on_hub');
  } finally {
    await off.close();
    await cloud.close();
  }
});
