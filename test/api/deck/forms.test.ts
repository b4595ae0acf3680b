// Forms: submissions through links (source link) and embeds (source embed with placement),
// refused on --no-forms links; edits from the same browser keep revisions (first + latest 99).
import test from 'ava';
import { publish } from '../../helpers/deck.ts';
import { cookieFrom, http, setClock } from '../../helpers/http.ts';
import * as seed from '../../../ops/harness/seed.ts';
import { startTestServer, type TestServer } from '../../helpers/server.ts';

let s: TestServer;
let key: string;
let id: string;
test.before(async () => {
  s = await startTestServer();
  key = (await seed.basicWorkspace(s.db.pool)).deckKey.key;
  id = (await publish(s.url, key, { 'index.html': '<form method="post" action="forms/signup"><input name="email"></form>' }, { title: 'Forms deck' })).body.presentation.id;
});
test.after.always(() => s?.close());

async function link(body: Record<string, unknown> = {}) {
  const r = await http(s.url, 'POST', `/api/v1/presentations/${id}/share-links`, { key, body });
  return { path: r.body.url.slice(s.url.length) as string, linkId: r.body.token.id as string };
}

/** Opens the link page like a browser and answers the framed deck's base path and the visitor cookie. */
async function open(p: string) {
  const page = await http(s.url, 'GET', p);
  const framed = /<iframe src="([^"]+)"/.exec(page.text)![1];
  return { base: p.split('?')[0] + framed.slice(0, framed.lastIndexOf('/') + 1), cookie: cookieFrom(page, 'podium_v') };
}

test('a plain HTML form post through a link records a response with source link', async (t) => {
  const l = await link({ name: 'Board' });
  const r = await http(s.url, 'POST', l.path + 'forms/signup', { raw: 'email=a%40b.c&tags=x&tags=y', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
  t.is(r.status, 201);
  t.regex(r.text, /answers are recorded/);
  t.regex(r.headers.get('content-security-policy')!, /default-src 'none'/);
  const list = await http(s.url, 'GET', `/api/v1/presentations/${id}/responses?link=Board`, { key });
  t.is(list.body.items.length, 1);
  const item = list.body.items[0];
  t.is(item.source, 'link');
  t.is(item.placement, null);
  t.deepEqual(item.link, { id: l.linkId, name: 'Board' });
  t.deepEqual(item.answers, { email: 'a@b.c', tags: 'y' });
});

test('JSON submissions from a framed embed carry source embed and the placement; CORS lets the deck read the answer', async (t) => {
  const l = await link({ name: 'Embedded' });
  const { base } = await open(l.path + '?embed=1&placement=pricing');
  const r = await http(s.url, 'POST', base + 'forms/signup', { body: { email: 'e@x.y', plan: 'pro' } });
  t.is(r.status, 201, r.text);
  t.is(r.headers.get('access-control-allow-origin'), '*');
  t.is(r.body.revision, 1);
  const pre = await fetch(s.url + base + 'forms/signup', { method: 'OPTIONS' });
  t.is(pre.status, 204);
  const list = await http(s.url, 'GET', `/api/v1/presentations/${id}/responses?source=embed&placement=pricing`, { key });
  t.is(list.body.items.length, 1);
  t.is(list.body.items[0].source, 'embed');
  t.is(list.body.items[0].placement, 'pricing');
  t.deepEqual(list.body.summary.map((x: { source: string; placement: string; responses: number }) => [x.source, x.placement, x.responses]), [['embed', 'pricing', 1]]);
});

test('a --no-forms link refuses submissions with 403 forms_disabled', async (t) => {
  const l = await link({ formsEnabled: false });
  const r = await http(s.url, 'POST', l.path + 'forms/signup', { body: { email: 'x@y.z' } });
  t.is(r.status, 403);
  t.is(r.body.error.code, 'forms_disabled');
  const { base } = await open(l.path);
  t.is((await http(s.url, 'POST', base + 'forms/signup', { body: { email: 'x@y.z' } })).body.error.code, 'forms_disabled');
});

test('dead links and bad bodies are refused', async (t) => {
  t.is((await http(s.url, 'POST', `/v/${'B'.repeat(43)}/forms/signup`, { body: { a: '1' } })).status, 404);
  const l = await link();
  t.is((await http(s.url, 'POST', l.path + 'forms/signup', { body: { nested: { no: 1 } } })).body.error.code, 'invalid_input');
  t.is((await http(s.url, 'POST', l.path + 'forms/signup', { body: {} })).body.error.code, 'invalid_input');
  t.is((await http(s.url, 'POST', l.path + '.f/forged/forms/signup', { body: { a: '1' } })).status, 404);
});

test('the same browser edits its response; every revision is kept up to 100: the first and the latest 99', async (t) => {
  const l = await link({ name: 'Edits' });
  const { base, cookie } = await open(l.path);
  let last: any;
  for (let i = 1; i <= 103; i++) {
    last = await http(s.url, 'POST', base + 'forms/feedback', { body: { n: String(i) }, cookie });
  }
  t.is(last.status, 200);
  t.is(last.body.revision, 103);
  const responseId = last.body.id;
  const one = await http(s.url, 'GET', `/api/v1/presentations/${id}/responses/${responseId}`, { key });
  t.deepEqual(one.body.answers, { n: '103' });
  t.is(one.body.revisions, 103);
  const kept = one.body.revisionsKept.map((r: { revision: number }) => r.revision);
  t.is(kept.length, 100);
  t.deepEqual(kept.slice(0, 2), [1, 5]);
  t.is(kept[99], 103);
  t.deepEqual(one.body.revisionsKept[0].answers, { n: '1' });
  t.deepEqual(one.body.revisionsKept[0].link, { id: l.linkId, name: 'Edits' });
  t.truthy(one.body.revisionsKept[0].writtenAt);
  t.truthy(one.body.editedAt);
  // Another browser makes another response.
  const other = await http(s.url, 'POST', l.path + 'forms/feedback', { body: { n: 'other' } });
  t.not(other.body.id, responseId);
  t.is(other.body.revision, 1);
});

test('responses listing: filters by form, link id or name (never a URL), source, since; pages newest activity first', async (t) => {
  const l = await link({ name: 'Filters' });
  await http(s.url, 'POST', l.path + 'forms/alpha', { body: { a: '1' } });
  await http(s.url, 'POST', l.path + 'forms/beta', { body: { b: '1' } });
  const byForm = await http(s.url, 'GET', `/api/v1/presentations/${id}/responses?form=alpha&link=${l.linkId}`, { key });
  t.deepEqual(byForm.body.items.map((x: { form: string }) => x.form), ['alpha']);
  const url = await http(s.url, 'GET', `/api/v1/presentations/${id}/responses?link=${encodeURIComponent(s.url + l.path)}`, { key });
  t.is(url.status, 400);
  t.is(url.body.error.field, 'link');
  const future = await http(s.url, 'GET', `/api/v1/presentations/${id}/responses?since=2999-01-01T00:00:00Z`, { key });
  t.deepEqual(future.body.items, []);
  const paged = await http(s.url, 'GET', `/api/v1/presentations/${id}/responses?link=Filters&limit=1`, { key });
  t.is(paged.body.items[0].form, 'beta');
  const next = await http(s.url, 'GET', `/api/v1/presentations/${id}/responses?link=Filters&limit=1&cursor=${paged.body.nextCursor}`, { key });
  t.is(next.body.items[0].form, 'alpha');
  t.is(next.body.nextCursor, null);
});

test('responses --since: a response created before the instant but edited at or after it is included; one untouched since is not', async (t) => {
  const l = await link({ name: 'Since' });
  const edited = await open(l.path);
  const untouched = await open(l.path);
  const a = await http(s.url, 'POST', edited.base + 'forms/since', { body: { n: 'a1' }, cookie: edited.cookie });
  const b = await http(s.url, 'POST', untouched.base + 'forms/since', { body: { n: 'b1' }, cookie: untouched.cookie });
  t.is(a.status, 201, a.text);
  t.is(b.status, 201, b.text);
  t.not(a.body.id, b.body.id);
  // Both were created long before the instant; only one is edited after it.
  await s.db.pool.query(`update app.form_responses set created_at = '2020-01-01T00:00:00Z', edited_at = null where id = any($1::uuid[])`, [[a.body.id, b.body.id]]);
  const since = '2021-01-01T00:00:00Z';
  const before = await http(s.url, 'GET', `/api/v1/presentations/${id}/responses?form=since&since=${since}`, { key });
  t.deepEqual(before.body.items, [], 'neither was created or edited at or after the instant');
  const again = await http(s.url, 'POST', edited.base + 'forms/since', { body: { n: 'a2' }, cookie: edited.cookie });
  t.is(again.body.id, a.body.id, 'the same browser edits its response');
  const after = await http(s.url, 'GET', `/api/v1/presentations/${id}/responses?form=since&since=${since}`, { key });
  t.deepEqual(after.body.items.map((x: { id: string }) => x.id), [a.body.id]);
  t.deepEqual(after.body.items[0].answers, { n: 'a2' });
  const all = await http(s.url, 'GET', `/api/v1/presentations/${id}/responses?form=since`, { key });
  t.deepEqual(all.body.items.map((x: { id: string }) => x.id).sort(), [a.body.id, b.body.id].sort());
});

/** The frame context of a framed base path (`/v/<token>/.f/<ctx>/`) and its readable payload. */
function contextOf(base: string) {
  const raw = /\/\.f\/([^/]+)\//.exec(base)![1];
  const [source, placement, visitor, expiresAt] = JSON.parse(Buffer.from(raw.split('.')[0], 'base64url').toString('utf8'));
  return { raw, source, placement, visitor, expiresAt };
}

test('frame contexts work on their own link only: a deck of another workspace cannot rewrite its visitors\u2019 answers elsewhere', async (t) => {
  // Workspace B (the victim) shares a deck with a form; workspace A owns another deck.
  const other = await seed.basicWorkspace(s.db.pool, 'Other', 'owner@other.test');
  const deckA = (await publish(s.url, other.deckKey.key, { 'index.html': '<script>/* reads location */</script>' }, { title: 'Deck A' })).body.presentation.id;
  const linkA = await http(s.url, 'POST', `/api/v1/presentations/${deckA}/share-links`, { key: other.deckKey.key, body: {} });
  const pathA = linkA.body.url.slice(s.url.length) as string;
  const b = await link({ name: 'Victim link' });
  // One browser answers B's form through B's frame, then opens A's deck.
  const onB = await open(b.path);
  const first = await http(s.url, 'POST', onB.base + 'forms/signup', { body: { email: 'victim@example.test' }, cookie: onB.cookie });
  t.is(first.status, 201, first.text);
  const pageA = await http(s.url, 'GET', pathA, { cookie: onB.cookie });
  const framedA = /<iframe src="([^"]+)"/.exec(pageA.text)![1];
  const ctxA = contextOf(pathA + framedA);
  const ctxB = contextOf(onB.base);
  // What A's script can read is the browser's id on A's link: not the cookie, not B's id.
  t.not(ctxA.visitor, ctxB.visitor);
  t.false(onB.cookie.includes(ctxA.visitor));
  const before = (await s.db.pool.query('select count(*)::int as n, max(answers::text) as a from app.form_responses where link_id = $1', [b.linkId])).rows[0];
  // A's context on B's link, and a hand-made context carrying what A saw: refused, nothing written.
  const forged = Buffer.from(JSON.stringify(['link', null, ctxB.visitor, ctxA.expiresAt])).toString('base64url') + '.' + ctxA.raw.split('.')[1];
  for (const ctx of [ctxA.raw, forged, Buffer.from(JSON.stringify(['link', null, null, ctxA.visitor])).toString('base64url')]) {
    const r = await http(s.url, 'POST', `${b.path}.f/${ctx}/forms/signup`, { body: { email: 'attacker@example.test' } });
    t.is(r.status, 404, r.text);
    t.is(r.body.error.code, 'not_found');
    t.is((await http(s.url, 'GET', `${b.path}.f/${ctx}/index.html`)).status, 404);
  }
  const after = (await s.db.pool.query('select count(*)::int as n, max(answers::text) as a from app.form_responses where link_id = $1', [b.linkId])).rows[0];
  t.deepEqual(after, before);
  t.deepEqual((await http(s.url, 'GET', `/api/v1/presentations/${id}/responses/${first.body.id}`, { key })).body.answers, { email: 'victim@example.test' });
});

test('an edited frame context is refused: changing its placement, source or visitor breaks the signature', async (t) => {
  const l = await link({ name: 'Tamper' });
  const { base } = await open(l.path + '?embed=1&placement=tamper');
  const ctx = contextOf(base);
  t.is(ctx.source, 'embed');
  t.is(ctx.placement, 'tamper');
  const sig = ctx.raw.split('.')[1];
  const edits = [
    ['embed', 'homepage', ctx.visitor, ctx.expiresAt],
    ['link', 'tamper', ctx.visitor, ctx.expiresAt],
    ['embed', 'tamper', 'A'.repeat(22), ctx.expiresAt],
    ['embed', 'tamper', ctx.visitor, ctx.expiresAt + 86_400 * 365],
  ];
  const tokenPath = l.path;
  for (const e of edits) {
    const raw = `${Buffer.from(JSON.stringify(e)).toString('base64url')}.${sig}`;
    const r = await http(s.url, 'POST', `${tokenPath}.f/${raw}/forms/signup`, { body: { email: 'x@y.z' } });
    t.is(r.status, 404, JSON.stringify(e));
  }
  t.is((await s.db.pool.query('select count(*)::int as n from app.form_responses where link_id = $1', [l.linkId])).rows[0].n, 0);
  // The untouched context still works.
  t.is((await http(s.url, 'POST', base + 'forms/signup', { body: { email: 'x@y.z' } })).status, 201);
});

test('the same browser is one visitor per link, framed or not; its id on the link never equals its cookie', async (t) => {
  const l = await link({ name: 'Per link' });
  const { base, cookie } = await open(l.path);
  const framed = await http(s.url, 'POST', base + 'forms/one', { body: { n: '1' } }); // no cookie: an opaque origin sends none
  const direct = await http(s.url, 'POST', l.path + 'forms/one', { body: { n: '2' }, cookie });
  t.is(framed.status, 201);
  t.is(direct.status, 200, 'the cookie on this link names the same visitor as its frame context');
  t.is(direct.body.id, framed.body.id);
  t.false(cookie.endsWith('=' + contextOf(base).visitor));
});

test.serial('a frame context expires: 12 hours after the page was opened, framed files and forms answer 404', async (t) => {
  const l = await link({ name: 'Expiring frame' });
  const { base } = await open(l.path);
  t.is((await http(s.url, 'GET', base + 'index.html')).status, 200);
  await setClock(s.url, 12 * 3600 + 60);
  try {
    t.is((await http(s.url, 'GET', base + 'index.html')).status, 404);
    const r = await http(s.url, 'POST', base + 'forms/signup', { body: { email: 'late@x.y' } });
    t.is(r.status, 404);
    t.is((await s.db.pool.query('select count(*)::int as n from app.form_responses where link_id = $1', [l.linkId])).rows[0].n, 0);
    // A fresh page load hands a fresh context.
    const again = await open(l.path);
    t.is((await http(s.url, 'POST', again.base + 'forms/signup', { body: { email: 'fresh@x.y' } })).status, 201);
  } finally {
    await setClock(s.url, 0);
  }
});
