// Deck pages over HTTP: sign-in (password, TOTP step, rate wall, CSRF, safe `next`),
// redirects, the strict CSP, escaping of user strings, the sandboxed deck frame, and what
// owners, admins, collaborators and guests each get on the master page and the dashboard.
import test from 'ava';
import { seal } from '../../../core/crypto.ts';
import { totpAt } from '../../../core/totp.ts';
import { publish } from '../../helpers/deck.ts';
import { cookieFrom, http } from '../../helpers/http.ts';
import { pageSignIn, PASSWORD, person } from '../../helpers/pages.ts';
import * as seed from '../../helpers/seed.ts';
import { startTestServer, TEST_AUTH_SECRET, type TestServer } from '../../helpers/server.ts';

const NASTY = `<script>alert("x")</script>&'`;
const TOTP_SECRET = 'JBSWY3DPEHPK3PXP';
let s: TestServer;
let ws: string;
let ownerKey: string;
let deck: string;
let owner: string;

test.before(async () => {
  s = await startTestServer();
  const b = await seed.basicWorkspace(s.db.pool);
  ws = b.ws.id;
  ownerKey = b.deckKey.key;
  await seed.password(s.db.pool, b.owner.userId, PASSWORD);
  deck = (await publish(s.url, ownerKey, { 'index.html': '<h1>hi</h1>', 'downloads/notes.txt': 'notes' }, { title: NASTY })).body.presentation.id;
  owner = await pageSignIn(s.url, 'owner@acme.test');
});
test.after.always(() => s?.close());

const page = (path: string, cookie?: string) => http(s.url, 'GET', path, { cookie });
const form = (fields: Record<string, string>, origin: string | null = s.url) =>
  http(s.url, 'POST', '/signin', {
    raw: new URLSearchParams(fields).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...(origin ? { origin } : {}) },
  });

test('pages without a session redirect to /signin with a local next', async (t) => {
  for (const p of ['/decks', `/decks/${deck}`, `/decks/${deck}/present`]) {
    const r = await page(p);
    t.is(r.status, 303, p);
    t.is(r.headers.get('location'), `/signin?next=${encodeURIComponent(p)}`);
  }
  const bad = await page('/decks', 'podium_session=forged.value');
  t.is(bad.status, 303, 'a forged cookie is a sign-in redirect, not a JSON error');
});

test('sign-in: wrong password, foreign origin and unsafe next are refused or neutralised', async (t) => {
  const wrong = await form({ email: 'owner@acme.test', password: 'nope', next: '/decks' });
  t.is(wrong.status, 401);
  t.regex(wrong.text, /Wrong email or password/);
  t.is((await form({ email: 'owner@acme.test', password: PASSWORD }, 'http://evil.test')).status, 403);
  t.is((await form({ email: 'owner@acme.test', password: PASSWORD }, null)).status, 403);
  const offsite = await form({ email: 'owner@acme.test', password: PASSWORD, next: '//evil.test/x' });
  t.is(offsite.status, 303);
  t.is(offsite.headers.get('location'), '/decks');
  const back = await form({ email: 'owner@acme.test', password: PASSWORD, next: `/decks/${deck}/present` });
  t.is(back.headers.get('location'), `/decks/${deck}/present`);
  const signin = await page('/signin');
  t.regex(signin.headers.get('content-security-policy') ?? '', /script-src 'self'/);
});

test('sign-in: two-factor accounts pass a TOTP step that never carries the password; a code signs in once', async (t) => {
  const userId = await person(s.db.pool, ws, 'two@acme.test', 'member');
  await s.db.pool.query('update app.users set two_factor_enabled = true where id = $1', [userId]);
  await s.db.pool.query('update app_private.user_secrets set totp_secret_sealed = $2 where user_id = $1', [userId, seal(TEST_AUTH_SECRET, TOTP_SECRET)]);
  const first = await form({ email: 'two@acme.test', password: PASSWORD, next: '/decks' });
  t.is(first.status, 200);
  t.regex(first.text, /Two-factor code/);
  t.false(first.text.includes(PASSWORD));
  t.false(first.headers.getSetCookie().some((c) => c.startsWith('podium_session=')));
  const pending = /name="pending" value="([^"]+)"/.exec(first.text)![1];
  const now = Date.now() / 1000;
  const wrongCode = totpAt(TOTP_SECRET, now) === '000000' ? '111111' : '000000';
  t.is((await form({ pending, totp: wrongCode, next: '/decks' })).status, 401);
  t.is((await form({ pending: pending.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A')), totp: totpAt(TOTP_SECRET, now) })).status, 401, 'a tampered proof is refused');
  const ok = await form({ pending, totp: totpAt(TOTP_SECRET, now), next: '/decks' });
  t.is(ok.status, 303);
  const me = await http(s.url, 'GET', '/api/v1/me', { cookie: cookieFrom(ok) });
  t.is(me.body.user.email, 'two@acme.test');
  const replay = await form({ pending, totp: totpAt(TOTP_SECRET, now), next: '/decks' });
  t.is(replay.status, 401, 'the same code twice in its window');
  t.regex(replay.text, /This two-factor code was already used; wait for the next one/);
});

test('sign-in: the login rate wall applies to the page form', async (t) => {
  await person(s.db.pool, ws, 'walled@acme.test', 'member');
  let last = 0;
  for (let i = 0; i < 11; i++) last = (await form({ email: 'walled@acme.test', password: 'wrong' })).status;
  t.is(last, 429);
  t.is((await form({ email: 'walled@acme.test', password: PASSWORD })).status, 429, 'even the right password waits');
});

test('master page: strict CSP, escaped title, the deck only in a sandboxed frame served with a sandbox CSP', async (t) => {
  const r = await page(`/decks/${deck}/present`, owner);
  t.is(r.status, 200);
  const csp = r.headers.get('content-security-policy') ?? '';
  t.regex(csp, /default-src 'none'/);
  t.regex(csp, /script-src 'self'(;|$)/);
  t.notRegex(csp, /unsafe-inline|unsafe-eval|https?:/);
  t.false(r.text.includes(NASTY), 'the raw title never reaches the page');
  t.true(r.text.includes('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;&amp;&#x27;'));
  t.notRegex(r.text, /<script>(?!<\/script>)/, 'no inline script');
  const frame = /<iframe src="([^"]+)" sandbox="([^"]+)"/.exec(r.text);
  t.truthy(frame);
  t.false(frame![2].includes('allow-same-origin'));
  const inner = await http(s.url, 'GET', frame![1].replace(/&amp;/g, '&'));
  t.is(inner.status, 200);
  t.regex(inner.headers.get('content-security-policy') ?? '', /^sandbox allow-scripts/);
  t.is(inner.text, '<h1>hi</h1>');
  t.regex(r.text, /Download files \(1\)/);
  t.regex(r.text, /All files \(zip\)[\s\S]*notes\.txt/);
  t.regex(r.text, /Delete/);
  t.regex(r.text, /Delete this deck\?/);
  // The preview link counts nothing and is hidden in the dashboard, listed by the API.
  const links = await http(s.url, 'GET', `/api/v1/presentations/${deck}/share-links`, { key: ownerKey });
  t.true(links.body.items.some((l: { dashboardPreview: boolean }) => l.dashboardPreview));
  const dash = await page(`/decks/${deck}`, owner);
  t.false(dash.text.includes('Dashboard preview'));
  const again = await page(`/decks/${deck}/present`, owner);
  t.is(/<iframe src="([^"]+)"/.exec(again.text)![1], frame![1], 'the preview link is reused, not minted per load');
});

test('app.js is served from this origin under a content hash, cached for good', async (t) => {
  const r = await page(`/decks/${deck}/present`, owner);
  const src = /<script src="(\/assets\/app-[0-9a-f]{16}\.js)" defer=""><\/script>/.exec(r.text)![1];
  const js = await page(src);
  t.is(js.status, 200);
  t.regex(js.headers.get('content-type') ?? '', /javascript/);
  t.regex(js.headers.get('cache-control') ?? '', /immutable/);
  t.is((await page('/assets/app-0000000000000000.js')).status, 404);
});

test('dashboard: decks listed and paged; panels escape annotations, names and link names; previews hidden', async (t) => {
  await http(s.url, 'POST', `/api/v1/presentations/${deck}/annotations`, { key: ownerKey, body: { path: 'index.html', body: `note ${NASTY}` } });
  await http(s.url, 'POST', `/api/v1/presentations/${deck}/share-links`, { key: ownerKey, body: { name: `Board ${NASTY}` } });
  const one = await page(`/decks/${deck}`, owner);
  t.is(one.status, 200);
  t.false(one.text.includes(NASTY));
  for (const h of ['About this deck', 'Share links', 'Collaborators', 'Annotations', 'Form responses', 'Versions']) t.regex(one.text, new RegExp(h));
  t.regex(one.text, /Board &lt;script&gt;/);
  t.regex(one.text, /data-revoke="[0-9a-f-]{36}"/);
  for (let i = 0; i < 25; i++) await publish(s.url, ownerKey, { 'index.html': `deck ${i}` }, { title: `Deck ${i}` });
  const list = await page('/decks', owner);
  t.is((list.text.match(/<li><img class="thumb"/g) ?? []).length, 24);
  const next = /href="(\/decks\?cursor=[^"]+)" rel="next"/.exec(list.text)![1];
  const second = await page(next.replace(/&amp;/g, '&'), owner);
  // The second page holds the two oldest: Deck 0 and the first deck, its title escaped.
  t.is((second.text.match(/<li><img class="thumb"/g) ?? []).length, 2);
  t.regex(second.text, />Deck 0<\/a>/);
  t.regex(second.text, />&lt;script&gt;/);
  t.is((await page('/decks/00000000-0000-0000-0000-000000000000', owner)).status, 404);
});

test('collaborator: read-only bar (version history, Duplicate), no render, a pointer to the dashboard; guests cannot duplicate', async (t) => {
  const other = await seed.workspace(s.db.pool, 'Elsewhere');
  await person(s.db.pool, other.id, 'cora@else.test', 'member');
  await http(s.url, 'POST', `/api/v1/presentations/${deck}/collaborators`, { key: ownerKey, body: { email: 'cora@else.test' } });
  const cora = await pageSignIn(s.url, 'cora@else.test');
  const r = await page(`/decks/${deck}/present`, cora);
  t.is(r.status, 200);
  t.false(r.text.includes('<iframe'));
  t.regex(r.text, /href="\/decks\/[0-9a-f-]+">dashboard<\/a>/);
  t.regex(r.text, /data-duplicate="">Duplicate/);
  t.regex(r.text, /Version history/);
  for (const absent of ['data-rename', 'data-share', 'data-delete', 'Download files', 'views</span>']) t.false(r.text.includes(absent), absent);
  const dash = await page(`/decks/${deck}`, cora);
  t.regex(dash.text, /Only the deck&#x27;s owner and workspace admins see these/);

  const guestWs = await seed.workspace(s.db.pool, 'Guesthouse');
  await person(s.db.pool, guestWs.id, 'gus@guest.test', 'guest');
  await http(s.url, 'POST', `/api/v1/presentations/${deck}/collaborators`, { key: ownerKey, body: { email: 'gus@guest.test' } });
  const gus = await pageSignIn(s.url, 'gus@guest.test');
  const g = await page(`/decks/${deck}/present`, gus);
  t.regex(g.text, /<button type="button" disabled="" title="Guests cannot create decks">Duplicate/);

  const stranger = await person(s.db.pool, other.id, 'sam@else.test', 'member');
  t.truthy(stranger);
  t.is((await page(`/decks/${deck}/present`, await pageSignIn(s.url, 'sam@else.test'))).status, 404, 'a deck you may not see is a 404 page');
});

test('workspace admins get the whole bar on a deck they do not own', async (t) => {
  await person(s.db.pool, ws, 'ada@acme.test', 'admin');
  const ada = await pageSignIn(s.url, 'ada@acme.test');
  const r = await page(`/decks/${deck}/present`, ada);
  for (const present of ['data-rename', 'data-share', 'data-delete', '<iframe', 'Olive Owner']) t.true(r.text.includes(present), present);
});

test('sign-out ends the session and refuses other origins', async (t) => {
  const c = await pageSignIn(s.url, 'owner@acme.test');
  t.is((await http(s.url, 'POST', '/signout', { cookie: c, headers: { origin: 'http://evil.test' } })).status, 403);
  t.is((await page('/decks', c)).status, 200);
  const out = await http(s.url, 'POST', '/signout', { cookie: c, headers: { origin: s.url } });
  t.is(out.status, 303);
  t.regex(out.headers.getSetCookie().join(), /podium_session=;/);
  t.is((await page('/decks', c)).status, 303);
});

test('bar rules: owner shown as You on your own deck (a name otherwise), the version badge, Open in dashboard; Duplicate disabled while the deck has no version', async (t) => {
  const mine = await page(`/decks/${deck}/present`, owner);
  t.is(mine.status, 200);
  t.regex(mine.text, /<dt>Owner<\/dt><dd>You<\/dd>/);
  const current = (await http(s.url, 'GET', `/api/v1/presentations/${deck}`, { key: ownerKey })).body.version as number;
  t.true(current >= 1);
  t.true(mine.text.includes(`<span class="badge" title="Current version">v${current}</span>`), 'the version badge names the current version');
  t.true(mine.text.includes(`<a href="/decks/${deck}">Open in dashboard</a>`));
  t.regex(mine.text, /<button type="button" data-duplicate="">Duplicate/, 'a deck with a version can be duplicated');

  await person(s.db.pool, ws, 'abe@acme.test', 'admin');
  const abe = await page(`/decks/${deck}/present`, await pageSignIn(s.url, 'abe@acme.test'));
  t.regex(abe.text, /<dt>Owner<\/dt><dd>Olive Owner<\/dd>/, 'someone else\'s deck names its owner');
  t.notRegex(abe.text, /<dd>You<\/dd>/);

  // A deck with no version, in a workspace of its own (so the shared workspace's listings stay as they are).
  const solo = await seed.workspace(s.db.pool, 'Solo');
  const nan = await person(s.db.pool, solo.id, 'nan@solo.test', 'member');
  const { rows } = await s.db.pool.query(`insert into app.decks (workspace_id, owner_id, title) values ($1, $2, 'Empty deck') returning id`, [solo.id, nan]);
  const empty = await page(`/decks/${rows[0].id}/present`, await pageSignIn(s.url, 'nan@solo.test'));
  t.regex(empty.text, /<dt>Owner<\/dt><dd>You<\/dd>/);
  t.is(empty.status, 200);
  t.regex(empty.text, /No version yet/);
  t.regex(empty.text, /<button type="button" data-duplicate="" disabled="" title="The deck has no version yet">Duplicate/);
  t.true(empty.text.includes('<span class="badge" title="Current version">v0</span>'));
  t.true(empty.text.includes(`<a href="/decks/${rows[0].id}">Open in dashboard</a>`));
});
