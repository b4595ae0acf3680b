// Hostile input never reaches a 500. First the cases of the hardening issue one by one
// (NUL, lone surrogates, integers beyond PostgreSQL range, malformed cursors, cookies,
// Referer, the router's own refusals, logs), then the standing sweep: every route the
// server registered (read from its route table, so a route added later is swept too) is fed
// hostile paths, queries, bodies, cookies and headers, and must answer below 500 (a 4xx in
// the wire error shape for the hostile ones) without changing a single row.
import test from 'ava';
import { connect } from 'node:net';
import { PassThrough } from 'node:stream';
import { keyRouteScopes } from '../../api/auth/allowlist.ts';
import { clientError } from '../../api/server.ts';
import type { RouteEntry } from '../../api/deps.ts';
import { toAppError } from '../../api/errors.ts';
import { serializeError } from '../../core/log.ts';
import { signBody, webhookSecret } from '../../core/codehost/webhook.ts';
import { publish, sha } from '../helpers/deck.ts';
import { createEvent, HOUR, importRoster, teamIds } from '../helpers/event.ts';
import { cookieFrom, http, type Res } from '../helpers/http.ts';
import { PASSWORD } from '../helpers/pages.ts';
import * as seed from '../helpers/seed.ts';
import { startTestServer, TEST_AUTH_SECRET, type TestServer } from '../helpers/server.ts';

let s: TestServer;
const logLines: string[] = [];
let deckKey: string;
let hackKey: string;
let session: string; // Cookie header value of the owner's browser session
const ids: Record<string, string> = {};

const INDEX = '<!doctype html><form method="post" action="forms/signup"><input name="email"></form>';

async function ok(r: Promise<Res> | Res, status: number, what: string): Promise<Res> {
  const res = await r;
  if (res.status !== status) throw new Error(`${what}: ${res.status} ${res.text.slice(0, 300)}`);
  return res;
}

test.before(async () => {
  s = await startTestServer({ env: { DEMO_SIGNIN: '1', EMAIL_DRIVER: 'smtp', SMTP_URL: 'smtp://127.0.0.1:9?tls=off', LOG_LEVEL: 'info' }, logLines });
  const pool = s.db.pool;
  const w = await seed.basicWorkspace(pool, 'Acme', 'owner@acme.test');
  await seed.password(pool, w.owner.userId, PASSWORD);
  await seed.member(pool, w.ws.id, 'part@acme.test', 'member', 'Pat');
  deckKey = (await seed.key(pool, 'owner@acme.test', 'deck', { scopes: ['presentations:read', 'presentations:write', 'data:export'], name: 'sweep' })).key;
  hackKey = w.hackKey.key;
  ids.keyId = w.deckKey.id;
  ids.workspace = w.ws.id;
  session = cookieFrom(await ok(http(s.url, 'POST', '/api/v1/auth/session', { body: { email: 'owner@acme.test', password: PASSWORD } }), 200, 'sign in'));

  // Deck service: a deck, a link (and its frame context), a response, a collaborator, an annotation.
  const pub = await publish(s.url, deckKey, { 'index.html': INDEX, 'downloads/a.txt': 'attachment' }, { title: 'Swept deck' });
  ids.deck = pub.body.presentation.id;
  ids.blob = sha(INDEX);
  const link = await ok(http(s.url, 'POST', `/api/v1/presentations/${ids.deck}/share-links`, { key: deckKey, body: { name: 'Sweep' } }), 201, 'share');
  ids.token = link.body.url.split('/v/')[1].replace('/', '');
  ids.linkId = link.body.token.id;
  const page = await ok(http(s.url, 'GET', `/v/${ids.token}/`), 200, 'link page');
  ids.ctx = /src="\.f\/([^/]+)\//.exec(page.text)![1];
  ids.response = (await ok(http(s.url, 'POST', `/v/${ids.token}/forms/signup`, { body: { email: 'a@b.c' } }), 201, 'form')).body.id;
  ids.collaborator = (await ok(http(s.url, 'POST', `/api/v1/presentations/${ids.deck}/collaborators`, { key: deckKey, body: { email: 'guest@acme.test' } }), 201, 'collaborator')).body.id;
  ids.annotation = (await ok(http(s.url, 'POST', `/api/v1/presentations/${ids.deck}/annotations`, { key: deckKey, body: { path: 'index.html', body: 'Nice' } }), 201, 'annotation')).body.id;

  // Event service: an event, a roster team (a project), a workspace team, a project member, a demo pass.
  ids.event = (await createEvent(s.url, hackKey, Date.now() + 24 * HOUR)).id;
  await importRoster(s.url, hackKey, [{ email: 'part@acme.test', team: 'Red' }]);
  ids.project = (await teamIds(pool, w.ws.id)).Red!;
  await ok(http(s.url, 'POST', '/api/v1/teams', { key: hackKey, body: { slug: 'core', name: 'Core' } }), 201, 'team');
  await ok(http(s.url, 'POST', '/api/v1/teams/core/members', { key: hackKey, body: { person: 'part@acme.test' } }), 201, 'team member');
  await ok(http(s.url, 'POST', `/api/v1/projects/${ids.project}/members`, { key: hackKey, body: { team: 'core', role: 'viewer' } }), 201, 'project member');
  const pass = await ok(http(s.url, 'POST', '/api/v1/demo/passes', { cookie: session, headers: { origin: s.url }, body: { emails: ['part@acme.test'] } }), 201, 'demo pass');
  ids.pass = pass.body.items[0].id;
  ids.passSecret = pass.body.items[0].links[0].split('/demo/')[1];
});
test.after.always(() => s?.close());

// ---------------------------------------------------------------------------------------
// Item by item.

const NUL = 'a\u0000b';
const LONE = 'a\ud800b';

test('a NUL in any string is 400 invalid_input naming the field, on every surface the issue lists', async (t) => {
  const key = (k: string) => ({ key: k });
  const cases: [string, string, string, Record<string, unknown>, object, string][] = [
    ['sign-in', 'POST', '/api/v1/auth/session', { email: 'owner@acme.test', password: NUL }, {}, 'password'],
    ['code request', 'POST', '/api/v1/cli/auth/request', { email: `x${NUL}@acme.test` }, {}, 'email'],
    ['code complete', 'POST', '/api/v1/cli/auth/complete', { email: 'owner@acme.test', code: '123456', keyName: NUL }, {}, 'keyName'],
    ['share link name', 'POST', `/api/v1/presentations/${ids.deck}/share-links`, { name: NUL }, key(deckKey), 'name'],
    ['annotation', 'POST', `/api/v1/presentations/${ids.deck}/annotations`, { path: 'index.html', body: NUL }, key(deckKey), 'body'],
    ['annotation position', 'POST', `/api/v1/presentations/${ids.deck}/annotations`, { path: 'index.html', body: 'x', position: { x: NUL } }, key(deckKey), 'position.x'],
    ['deck metadata', 'POST', '/api/v1/presentations', { entry: 'index.html', files: [{ path: 'index.html', sha256: ids.blob, size: INDEX.length }], metadata: { a: [NUL] } }, key(deckKey), 'metadata.a.0'],
    ['showcase', 'PATCH', '/api/v1/event/showcase', { team: 'Red', tagline: NUL }, key(hackKey), 'tagline'],
    ['project', 'POST', '/api/v1/projects', { name: NUL }, key(hackKey), 'name'],
    ['project metadata', 'PATCH', `/api/v1/projects/${ids.project}`, { metadata: { note: NUL } }, key(hackKey), 'metadata.note'],
    ['team', 'POST', '/api/v1/teams', { slug: 'nul', name: NUL }, key(hackKey), 'name'],
    ['roster', 'PUT', '/api/v1/event/roster', { participants: [{ email: 'part@acme.test', team: NUL }] }, key(hackKey), 'participants.0.team'],
    ['agenda', 'PUT', '/api/v1/event/agenda', { items: [{ title: NUL }] }, key(hackKey), 'items.0.title'],
    ['deck links', 'PATCH', '/api/v1/event/deck-links', { team: 'Red', demo: `https://127.0.0.1/v/${NUL}/` }, key(hackKey), 'demo'],
    ['form answers', 'POST', `/v/${ids.token}/forms/signup`, { email: NUL }, {}, 'email'],
    ['form field name', 'POST', `/v/${ids.token}/forms/signup`, { [NUL]: 'x' }, {}, NUL.replace('\u0000', '?')],
  ];
  for (const [what, method, path, body, opts, field] of cases) {
    const r = await http(s.url, method, path, { ...opts, body });
    t.is(r.status, 400, `${what}: ${r.text}`);
    t.is(r.body.error?.code, 'invalid_input', what);
    t.is(r.body.error?.field, field, what);
  }
  // Page forms (urlencoded) and the first-run setup page.
  for (const path of ['/signin', '/setup', '/signin/code']) {
    const r = await http(s.url, 'POST', path, { raw: 'email=owner%40acme.test&password=x%00y&workspace=W', headers: { 'content-type': 'application/x-www-form-urlencoded', origin: s.url } });
    t.is(r.status, 400, `${path}: ${r.text.slice(0, 200)}`);
    t.is(r.body.error.code, 'invalid_input', path);
  }
  // Query strings and path segments.
  t.is((await http(s.url, 'GET', '/api/v1/event/showcase?team=a%00b', { key: hackKey })).body.error.field, 'team');
  t.is((await http(s.url, 'GET', '/api/v1/teams/co%00re/members', { key: hackKey })).body.error.field, 'team');
});

test('a signed webhook delivery holding a NUL is 400 invalid_input and records nothing', async (t) => {
  const count = async () => (await s.db.pool.query('select count(*)::int as n from app.submission_receipts')).rows[0].n as number;
  const before = await count();
  const body = JSON.stringify({ ref: 'refs/heads/main', after: '0'.repeat(40), repository: { full_name: `acme/${NUL}` }, head_commit: { message: `fix${NUL}` } });
  const r = await fetch(`${s.url}/webhooks/github/${ids.event}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-github-event': 'push', 'x-github-delivery': 'sweep-nul-1', 'x-hub-signature-256': signBody(webhookSecret(TEST_AUTH_SECRET, ids.event), body) },
    body,
  });
  const answer = await r.json();
  t.is(r.status, 400);
  t.is(answer.error.code, 'invalid_input');
  t.is(answer.error.field, 'repository.full_name');
  t.is(await count(), before);
});

test('a lone UTF-16 surrogate is 400 invalid_input, in bodies, keys and queries', async (t) => {
  const r = await http(s.url, 'POST', '/api/v1/projects', { key: hackKey, raw: '{"name":"a\\ud800b"}' });
  t.is(r.status, 400);
  t.is(r.body.error.field, 'name');
  t.regex(r.body.error.message, /surrogate/);
  const low = await http(s.url, 'POST', `/v/${ids.token}/forms/signup`, { raw: '{"email":"\\udc00x"}' });
  t.is(low.status, 400);
  const paired = await http(s.url, 'POST', '/api/v1/projects', { key: hackKey, raw: '{"name":"Rocket \\ud83d\\ude80"}' });
  t.is(paired.status, 201, 'a proper pair (an emoji) is text like any other');
  const inKey = await http(s.url, 'PATCH', '/api/v1/event/showcase', { key: hackKey, raw: `{"team":"Red","${LONE.replace('\ud800', '\\ud800')}":"x"}` });
  t.is(inKey.status, 400);
  const q = await http(s.url, 'GET', `/api/v1/event/showcase?team=${encodeURIComponent('x')}%ED%A0%80`, { key: hackKey });
  // Not UTF-8 at all: the query string keeps the undecodable escape as text, a team no one has.
  t.is(q.status, 404, q.text);
  t.is(q.body.error.code, 'team_not_found');
});

test('integers beyond PostgreSQL range are refused at the edge: baseVersion, expectedVersion, version, sizes', async (t) => {
  const push = (baseVersion: unknown) =>
    http(s.url, 'POST', `/api/v1/presentations/${ids.deck}/versions`, { key: deckKey, raw: `{"entry":"index.html","files":[{"path":"index.html","sha256":"${ids.blob}","size":${INDEX.length}}],"baseVersion":${baseVersion}}` });
  for (const v of ['1e308', '99999999999', '2147483648']) {
    const r = await push(v);
    t.is(r.status, 400, `${v}: ${r.text}`);
    t.is(r.body.error.code, 'invalid_input');
    t.is(r.body.error.field, 'baseVersion');
  }
  for (const q of ['version=99999999999', 'version=1e308', 'limit=1e308']) {
    const r = await http(s.url, 'GET', `/api/v1/presentations/${ids.deck}/files?${q}`, { key: deckKey });
    t.is(r.status, 400, q);
    t.is(r.body.error.code, 'invalid_input', q);
  }
  const ev = await http(s.url, 'PUT', '/api/v1/event', { key: hackKey, raw: '{"expectedVersion":99999999999,"name":"x","timezone":"UTC","startsAt":"2030-01-01T00:00:00Z","buildEndsAt":"2030-01-02T00:00:00Z","voteOpensAt":"2030-01-02T01:00:00Z","voteClosesAt":"2030-01-02T02:00:00Z"}' });
  t.is(ev.status, 400, ev.text);
  t.is(ev.body.error.field, 'expectedVersion');
  // A byte size is an int8 column: beyond int4 it is still a size (refused by the file cap, 413).
  const big = await http(s.url, 'POST', '/api/v1/blobs/precheck', { key: deckKey, body: { files: [{ sha256: ids.blob, size: 3_000_000_000 }] } });
  t.is(big.status, 413);
  const huge = await http(s.url, 'POST', '/api/v1/blobs/precheck', { key: deckKey, raw: `{"files":[{"sha256":"${ids.blob}","size":1e308}]}` });
  t.is(huge.status, 400);
  t.is(huge.body.error.field, 'files.0.size');
  const thumb = await http(s.url, 'GET', `/decks/${ids.deck}/versions/99999999999/thumbnail.png`, { cookie: session });
  t.is(thumb.status, 404);
});

test('a malformed paging cursor is 400 invalid_cursor on every listing, before any SQL', async (t) => {
  const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');
  const bad = ['garbage', b64(['2024-01-01T00:00:00Z', 'not-a-uuid']), b64(['yesterday', '00000000-0000-4000-8000-000000000000']), b64(['275760-09-13T00:00:00Z', '00000000-0000-4000-8000-000000000000']),
    b64(['2024-02-30T25:61:00Z', '00000000-0000-4000-8000-000000000000']), b64({ at: 1 }), b64(['2024-01-01T00:00:00Z', 'a\u0000b'])];
  const listings: [string, string][] = [
    [`/api/v1/presentations`, deckKey], [`/api/v1/presentations/${ids.deck}/share-links`, deckKey], [`/api/v1/presentations/${ids.deck}/views`, deckKey],
    [`/api/v1/presentations/${ids.deck}/responses`, deckKey], [`/api/v1/presentations/${ids.deck}/annotations`, deckKey], [`/api/v1/presentations/${ids.deck}/versions`, deckKey],
    [`/api/v1/projects`, hackKey], [`/api/v1/projects/${ids.project}/members`, hackKey], [`/api/v1/teams`, hackKey], [`/api/v1/teams/core/members`, hackKey], [`/api/v1/event/roster`, hackKey],
  ];
  for (const [path, key] of listings) {
    for (const c of bad) {
      const r = await http(s.url, 'GET', `${path}?cursor=${encodeURIComponent(c)}`, { key });
      t.is(r.status, 400, `${path} ${c}: ${r.text}`);
      t.is(r.body.error?.code, r.body.error?.field === 'cursor' && r.body.error.code === 'invalid_input' ? 'invalid_input' : 'invalid_cursor', `${path} ${c}`);
    }
  }
  const version = await http(s.url, 'GET', `/api/v1/presentations/${ids.deck}/versions?cursor=${b64(['2024-01-01T00:00:00Z', '99999999999'])}`, { key: deckKey });
  t.is(version.body.error.code, 'invalid_cursor');
  const page = await http(s.url, 'GET', `/decks?cursor=${b64(['2024-01-01T00:00:00Z', 'not-a-uuid'])}`, { cookie: session });
  t.is(page.status, 400, 'the dashboard shows its problem page');
  const fine = await http(s.url, 'GET', '/api/v1/presentations?limit=1', { key: deckKey });
  t.is(fine.status, 200);
});

test('malformed cookies are treated as absent: podium_session, podium_link and podium_v never break a page', async (t) => {
  const planted = 'podium_session=%E0%A4%A; podium_link=%zz; podium_v=%ED%A0%80';
  const instance = await http(s.url, 'GET', '/api/v1/instance', { cookie: planted });
  t.is(instance.status, 200);
  const me = await http(s.url, 'GET', '/api/v1/me', { cookie: planted });
  t.is(me.status, 401);
  t.is(me.body.error.code, 'unauthorized');
  t.is((await http(s.url, 'GET', '/signin', { cookie: planted })).status, 200);
  t.is((await http(s.url, 'GET', '/decks', { cookie: planted })).status, 303, 'no session: to the sign-in page');
  const link = await http(s.url, 'GET', `/v/${ids.token}/`, { cookie: planted });
  t.is(link.status, 200, 'the link page, with a fresh visitor cookie');
  t.truthy(link.headers.getSetCookie().find((c) => c.startsWith('podium_v=')));
  t.is((await http(s.url, 'GET', `/v/${ids.token}/index.html`, { cookie: planted })).status, 200);
  t.is((await http(s.url, 'POST', `/v/${ids.token}/forms/planted`, { cookie: planted, body: { a: '1' } })).status, 201);
  // Beside a valid session, a planted duplicate of another cookie changes nothing.
  t.is((await http(s.url, 'GET', '/api/v1/me', { cookie: `podium_link=%zz; ${session}; podium_v=%` })).status, 200);
});

test('a malformed Referer on a browser write is csrf_refused (403), never a 500', async (t) => {
  for (const referer of ['http://[::1', '::not a url', '%zz', 'http://exa mple.test/']) {
    const r = await http(s.url, 'POST', '/api/v1/projects', { cookie: session, headers: { referer }, body: { name: 'Referer' } });
    t.is(r.status, 403, `${referer}: ${r.text}`);
    t.is(r.body.error.code, 'csrf_refused');
  }
  const good = await http(s.url, 'PATCH', `/api/v1/projects/${ids.project}`, { cookie: session, headers: { referer: `${s.url}/decks` }, body: { description: 'from our page' } });
  t.is(good.status, 200, 'a well-formed Referer of this instance still passes');
});

test('the router\u2019s and the body parser\u2019s own refusals answer the wire shape: %zz, over-long segments, bad JSON, wrong media type, empty body', async (t) => {
  const shape = (r: Res, status: number, what: string) => {
    t.is(r.status, status, `${what}: ${r.text}`);
    t.is(typeof r.body.error?.code, 'string', what);
    t.is(typeof r.body.error?.message, 'string', what);
  };
  shape(await http(s.url, 'GET', '/api/v1/presentations/%zz', { key: deckKey }), 400, '%zz');
  shape(await http(s.url, 'GET', `/v/${ids.token}/%ZZ`), 400, '%ZZ in a link path');
  shape(await http(s.url, 'GET', `/api/v1/presentations/${'a'.repeat(2000)}`, { key: deckKey }), 414, 'long param');
  shape(await http(s.url, 'POST', '/api/v1/projects', { key: hackKey, raw: '{"name":' }), 400, 'bad JSON');
  shape(await http(s.url, 'POST', '/api/v1/projects', { key: hackKey, raw: 'name=x', headers: { 'content-type': 'application/xml' } }), 415, 'media type');
  shape(await http(s.url, 'POST', '/api/v1/projects', { key: hackKey, raw: '' }), 400, 'empty body');
  shape(await http(s.url, 'POST', '/api/v1/projects', { key: hackKey, raw: '{"__proto__":{"x":1},"name":"p"}' }), 400, 'prototype poisoning');
  // A body that is not UTF-8 is refused on every JSON route, not only the chat ones.
  const latin1 = await http(s.url, 'POST', '/api/v1/projects', { key: hackKey, raw: Buffer.from('{"name":"caf\u00e9"}', 'latin1') });
  shape(latin1, 400, 'not UTF-8');
  t.is(latin1.body.error.code, 'invalid_input');
  t.is(latin1.body.error.field, 'body');
  t.regex(latin1.body.error.message, /not UTF-8/);
  const deep = '['.repeat(100_000) + ']'.repeat(100_000);
  shape(await http(s.url, 'PUT', '/api/v1/event/agenda', { key: hackKey, raw: `{"items":${deep}}` }), 400, 'deep nesting');
  // What Node itself refuses (a header line without a colon) is answered in the wire shape too.
  const raw = await new Promise<string>((resolve, reject) => {
    const sock = connect(Number(new URL(s.url).port), '127.0.0.1', () => sock.write('GET /api/v1/instance HTTP/1.1\r\nHost: x\r\nNot a header\r\n\r\n'));
    let got = '';
    sock.on('data', (d) => (got += d.toString()));
    sock.on('close', () => resolve(got));
    sock.on('error', reject);
  });
  t.regex(raw, /^HTTP\/1\.1 400 /);
  t.is(JSON.parse(raw.slice(raw.indexOf('\r\n\r\n') + 4)).error.code, 'invalid_input');
  // A framed form post keeps working with a signed context far longer than the router's default 100.
  t.true(ids.ctx.length > 100);
  t.is((await http(s.url, 'POST', `/v/${ids.token}/.f/${ids.ctx}/forms/long`, { body: { a: '1' } })).status, 201);
});

test('values PostgreSQL refuses (class 22) are 400 invalid_input with the message only; other database errors stay 500', async (t) => {
  const refused: [string, unknown[], string][] = [
    ['select $1::int', ['99999999999'], '22003'],
    ['select $1::uuid', ['not-a-uuid'], '22P02'],
    ['select $1::jsonb', ['{"a":"secret-value \\u0000"}'], '22P05'],
    ['select $1::text', ['a\u0000b'], '22021'],
    ['select $1::timestamptz', ['yesterday afternoon'], '22007'],
    ['select $1::timestamptz', ['2024-02-30T10:00:00Z'], '22008'],
  ];
  for (const [sql, params, state] of refused) {
    const err = await s.db.pool.query(sql, params).then(() => null, (e: unknown) => e);
    t.is((err as { code?: string })?.code, state, sql);
    const e = toAppError(err);
    t.is(e.status, 400, state);
    t.is(e.code, 'invalid_input', state);
    t.is(e.details.sqlstate, state);
    t.false(JSON.stringify(e.toJSON()).includes('secret-value'), 'DETAIL and CONTEXT stay out of the answer');
  }
  const other = await s.db.pool.query('select * from no_such_table').then(() => null, (e: unknown) => e);
  t.is(toAppError(other).status, 500);
});

test('requests Node cannot parse answer the wire shape: 400, 431 for oversized headers, 408 on a timeout', async (t) => {
  const answer = (code: string) => {
    const sock = new PassThrough();
    let out = '';
    sock.on('data', (d) => (out += d.toString()));
    clientError(Object.assign(new Error('x'), { code }), sock);
    const [head, body] = out.split('\r\n\r\n');
    return { status: Number(head!.split(' ')[1]), error: JSON.parse(body!).error, destroyed: sock.destroyed };
  };
  const bad = answer('HPE_INVALID_HEADER_TOKEN');
  t.deepEqual([bad.status, bad.error.code, bad.destroyed], [400, 'invalid_input', true]);
  const big = answer('HPE_HEADER_OVERFLOW');
  t.deepEqual([big.status, big.error.code], [431, 'invalid_input']);
  const slow = answer('ERR_HTTP_REQUEST_TIMEOUT');
  t.deepEqual([slow.status, slow.error.code], [408, 'request_timeout']);
  // And for real: a header block over Node's limit.
  const r = await fetch(`${s.url}/api/v1/instance`, { headers: { 'x-big': 'a'.repeat(20_000) } });
  t.is(r.status, 431);
  t.is((await r.json()).error.code, 'invalid_input');
});

test('form answers never reach the logs, even through PostgreSQL\u2019s error context', async (t) => {
  const secret = 'answer-' + Math.random().toString(36).slice(2);
  const r = await http(s.url, 'POST', `/v/${ids.token}/forms/logged`, { body: { note: secret, other: `x${NUL}` } });
  t.is(r.status, 400);
  t.false(logLines.some((l) => l.includes(secret)), 'no log line carries the answer');
  // Any PostgreSQL error that does reach a log loses DETAIL, CONTEXT, HINT and the rest.
  const err = await s.db.pool.query(`select $1::jsonb`, [`{"note":"${secret}","x":"\\u0000"}`]).catch((e: unknown) => e);
  t.truthy((err as { where?: string }).where?.includes(secret) || (err as { detail?: string }).detail, 'PostgreSQL quotes the JSON in its error');
  const logged = JSON.stringify(serializeError(err));
  t.false(logged.includes(secret));
  t.regex(logged, /"code":"22P05"/);
  t.regex(logged, /"message":"unsupported Unicode escape sequence"/);
});

// ---------------------------------------------------------------------------------------
// The standing sweep.

interface Sent {
  route: RouteEntry;
  what: string;
  path: string;
  init: { method: string; headers: Record<string, string>; body?: string | Uint8Array<ArrayBuffer> };
  hostile: boolean; // must be a 4xx (else: anything below 500)
}

const UUID_SAMPLE = '00000000-0000-4000-8000-000000000000';

/** A real value for a path parameter of the seeded workspace, by route and name. */
function realParam(url: string, name: string): string {
  const by: Record<string, string | undefined> = {
    token: ids.token, ctx: ids.ctx, form: 'signup', responseId: ids.response, collaboratorId: ids.collaborator, annotationId: ids.annotation, linkId: ids.linkId,
    sha256: ids.blob, version: '1', team: 'core', person: 'part@acme.test', ref: url.includes('/teams/') ? 'core' : 'part@acme.test', projectId: ids.project,
    key: 'sweep-run', secret: ids.passSecret, eventId: ids.event, owner: 'acme', repo: 'red.git', '*': url.startsWith('/git/') ? 'info/refs' : 'index.html',
  };
  if (name === 'id') {
    if (url.startsWith('/api/v1/projects')) return ids.project;
    if (url.startsWith('/api/v1/demo')) return ids.pass;
    if (url.startsWith('/decks/keys')) return ids.keyId;
    if (url.startsWith('/files/')) return ids.blob;
    return ids.deck;
  }
  return by[name] ?? UUID_SAMPLE;
}

function fill(url: string, values: Record<string, string>): string {
  return url.replace(/:([A-Za-z0-9_]+)|\*/g, (m, name) => values[name ?? '*'] ?? m);
}

function paramNames(url: string): string[] {
  return [...url.matchAll(/:([A-Za-z0-9_]+)|\*/g)].map((m) => m[1] ?? '*');
}

type Json = null | boolean | number | string | Json[] | { [k: string]: Json };
type Schema = { type?: string | string[]; properties?: Record<string, Schema>; required?: string[]; items?: Schema; enum?: Json[]; pattern?: string; format?: string; minItems?: number; minimum?: number; minLength?: number };

const PATTERN_SAMPLES = () => [ids.blob, UUID_SAMPLE, '123456', 'sweep@acme.test', '0'.repeat(40), 'sweep'];

/** A plausible value for a schema (what a client would send), so a hostile leaf is the one problem. */
function sample(sc: Schema | undefined, key = ''): Json {
  if (!sc) return 'sweep';
  if (sc.enum) return sc.enum[0]!;
  const type = Array.isArray(sc.type) ? sc.type.find((x) => x !== 'null') : sc.type;
  switch (type) {
    case 'object': {
      const out: Record<string, Json> = {};
      for (const k of sc.required ?? []) out[k] = sample(sc.properties?.[k], k);
      return out;
    }
    case 'array':
      return Array.from({ length: Math.max(1, sc.minItems ?? 1) }, () => sample(sc.items, key));
    case 'integer':
    case 'number':
      return Math.max(1, sc.minimum ?? 1);
    case 'boolean':
      return true;
    default: {
      if (sc.format === 'uuid') return UUID_SAMPLE;
      if (sc.format === 'date-time') return '2030-01-01T00:00:00Z';
      if (sc.pattern) return PATTERN_SAMPLES().find((v) => new RegExp(sc.pattern!).test(v)) ?? 'sweep';
      if (key === 'email' || key === 'to') return 'sweep@acme.test';
      return 'sweep'.padEnd(sc.minLength ?? 1, 'x');
    }
  }
}

/** Every leaf of a schema: [path, schema], with the properties it declares (required or not). */
function leaves(sc: Schema | undefined, path: string[] = []): [string[], Schema][] {
  if (!sc) return [];
  const type = Array.isArray(sc.type) ? sc.type.find((x) => x !== 'null') : sc.type;
  if (type === 'object' && sc.properties) return Object.entries(sc.properties).flatMap(([k, v]) => leaves(v, [...path, k]));
  if (type === 'array' && sc.items) return leaves(sc.items, [...path, '0']);
  return type ? [[path, sc]] : [];
}

function withLeaf(base: Json, schema: Schema, path: string[], value: Json): Json {
  const root = structuredClone(base) as Record<string, Json>;
  let at: Record<string, Json> | Json[] = root;
  let sc: Schema | undefined = schema;
  for (let i = 0; i < path.length - 1; i++) {
    const k = path[i]!;
    sc = Array.isArray(at) ? sc?.items : sc?.properties?.[k];
    const cur = (at as Record<string, Json>)[k];
    if (cur === undefined || cur === null || typeof cur !== 'object') (at as Record<string, Json>)[k] = sample(sc, k);
    at = (at as Record<string, Json>)[k] as Record<string, Json>;
  }
  (at as Record<string, Json>)[path[path.length - 1]!] = value;
  return root;
}

/** The credentials that get a request of this route past authentication to its handler. */
function credentials(route: RouteEntry): Record<string, string> {
  const scopes = keyRouteScopes(route.method, route.url);
  if (scopes && route.auth !== 'session') {
    const hack = scopes.some((x) => x.startsWith('hackathon'));
    return { authorization: `Bearer ${hack ? hackKey : deckKey}` };
  }
  if (route.auth === 'key') return { authorization: `Bearer ${deckKey}` };
  return { cookie: session, origin: s.url };
}

function jsonRoute(url: string): boolean {
  return /^\/(api|cli|bootstrap|webhooks|graphql|files)(\/|$)/.test(url);
}

/** Signs what the webhook route gets, so the hostile body reaches the parser, not the signature check. */
function decorate(route: RouteEntry, path: string, init: Sent['init']): Sent['init'] {
  if (route.url !== '/webhooks/github/:eventId') return init;
  const eventId = path.split('/')[3]!;
  return { ...init, headers: { ...init.headers, 'x-github-event': 'push', 'x-github-delivery': `sweep-${Math.random().toString(36).slice(2)}`, 'x-hub-signature-256': signBody(webhookSecret(TEST_AUTH_SECRET, eventId), init.body ?? '') } };
}

function hostileRequests(routes: readonly RouteEntry[]): Sent[] {
  const out: Sent[] = [];
  const deep = (n: number): Json => (n === 0 ? 'x' : { a: deep(n - 1) });
  for (const route of routes) {
    if (route.method === 'HEAD') continue;
    const names = paramNames(route.url);
    const real = Object.fromEntries(names.map((n) => [n, realParam(route.url, n)]));
    const path = fill(route.url, real);
    const creds = credentials(route);
    const hasBody = !['GET', 'OPTIONS'].includes(route.method);
    const json = (body: string) => ({ method: route.method, headers: { ...creds, 'content-type': 'application/json' }, body });
    const noBody = { method: route.method, headers: creds };
    const base = hasBody ? json('{}') : noBody;
    const add = (what: string, p: string, init: Sent['init'], hostile = true) => out.push({ route, what, path: p, init: decorate(route, p, init), hostile });

    // Path parameters: NUL in each, and a number beyond int8 (an unknown name to most routes:
    // anything below 500 will do); the router's refusals in the first.
    names.forEach((n, i) => {
      add(`param ${n} NUL`, fill(route.url, { ...real, [n]: 'a%00b' }), base);
      add(`param ${n} big integer`, fill(route.url, { ...real, [n]: '99999999999999999999' }), base, false);
      if (i === 0) {
        for (const [label, v] of [['bad escape', '%zz'], ['lone surrogate', '%ED%A0%80'], ['over-long', 'a'.repeat(1100)]] as const) add(`param ${n} ${label}`, fill(route.url, { ...real, [n]: v }), base);
      }
    });

    // Query: NUL and bad UTF-8 anywhere; beyond-range integers and malformed cursors where declared.
    const q = path + (path.includes('?') ? '&' : '?');
    add('query NUL', `${q}sweep=a%00b`, base);
    add('query field name NUL', `${q}swe%00ep=1`, base);
    const qs = route.schema?.querystring as Schema | undefined;
    for (const [k, sc] of Object.entries(qs?.properties ?? {})) {
      if (sc.type === 'integer') for (const v of ['99999999999', '1e308', '-99999999999']) add(`query ${k}=${v}`, `${q}${k}=${v}`, base);
      if (k === 'cursor') {
        for (const v of ['garbage', ['yesterday', UUID_SAMPLE], ['2024-01-01T00:00:00Z', 'a\u0000b']]) {
          add(`query cursor ${JSON.stringify(v)}`, `${q}cursor=${typeof v === 'string' ? v : Buffer.from(JSON.stringify(v)).toString('base64url')}`, base);
        }
      }
    }

    if (!hasBody) continue;
    // Bodies every route refuses, whatever it takes: NUL, lone surrogates (values and keys), deep nesting.
    add('body NUL', path, json('{"sweep":"a\\u0000b"}'));
    add('body lone surrogate', path, json('{"sweep":"a\\ud800b"}'));
    add('body key NUL', path, json('{"a\\u0000b":"x"}'));
    add('body deep nesting', path, json(JSON.stringify(deep(60))));
    add('form body NUL', path, { method: route.method, headers: { ...creds, 'content-type': 'application/x-www-form-urlencoded' }, body: 'sweep=a%00b' });

    // Routes with a declared JSON body: each declared field made hostile in turn, wrong types, an empty body.
    const bs = route.schema?.body as Schema | undefined;
    if (!bs) continue;
    const baseline = sample(bs);
    let firstString = true;
    for (const [p, sc] of leaves(bs)) {
      const type = Array.isArray(sc.type) ? sc.type.find((x) => x !== 'null') : sc.type;
      const at = p.join('.');
      if (type === 'string') {
        add(`body ${at} NUL`, path, json(JSON.stringify(withLeaf(baseline, bs, p, 'a\u0000b'))));
        if (firstString) {
          add(`body ${at} huge`, path, json(JSON.stringify(withLeaf(baseline, bs, p, 'x'.repeat(200_000)))));
          add(`body ${at} object`, path, json(JSON.stringify(withLeaf(baseline, bs, p, { no: 'text' }))));
          // Latin-1 bytes where UTF-8 is due: refused, never stored as U+FFFD.
          add(`body ${at} not UTF-8`, path, { ...json(''), body: Buffer.from(JSON.stringify(withLeaf(baseline, bs, p, 'caf\u00e9')), 'latin1') });
          firstString = false;
        }
      }
      // Numbers JSON.stringify cannot write (1e308 as written, beyond-int8 digits) go in raw.
      const raw = (v: string) => json(JSON.stringify(withLeaf(baseline, bs, p, '__NUMBER__')).replace('"__NUMBER__"', v));
      if (type === 'number') add(`body ${at}=1e308`, path, raw('1e308'));
      if (type === 'integer') for (const v of ['1e308', '99999999999', '-99999999999']) add(`body ${at}=${v}`, path, raw(v));
      if (type === 'boolean') add(`body ${at} object`, path, json(JSON.stringify(withLeaf(baseline, bs, p, { no: true }))));
    }
    for (const wrong of ['[]', '"text"', '42', 'true']) add(`body ${wrong}`, path, json(wrong));
    add('body empty', path, json(''));
  }
  return out;
}

/** Requests that are odd rather than hostile: they may succeed, but never with a 500. */
function oddRequests(routes: readonly RouteEntry[]): Sent[] {
  const out: Sent[] = [];
  for (const route of routes) {
    if (route.method === 'HEAD') continue;
    const path = fill(route.url, Object.fromEntries(paramNames(route.url).map((n) => [n, realParam(route.url, n)])));
    const write = !['GET', 'OPTIONS'].includes(route.method);
    const body = write ? { body: '{}' } : {};
    const ctype: Record<string, string> = write ? { 'content-type': 'application/json' } : {};
    out.push({ route, what: 'planted malformed cookies', path, init: { method: route.method, headers: { ...ctype, cookie: 'podium_session=%E0%A4%A; podium_link=%zz; podium_v=%ED%A0%80' }, ...body }, hostile: false });
    if (route.method === 'GET') {
      const creds = credentials(route);
      out.push({ route, what: 'Podium-Workspace beyond a uuid', path, init: { method: 'GET', headers: { ...creds, 'podium-workspace': '99999999999' } }, hostile: false });
      out.push({ route, what: 'odd Podium-Organization and Idempotency-Key', path, init: { method: 'GET', headers: { ...creds, 'podium-organization': '\u00ff\u0080 org', 'idempotency-key': 'k'.repeat(300) } }, hostile: false });
    }
    if (write) {
      out.push({ route, what: 'session with a malformed Referer', path, init: { method: route.method, headers: { ...ctype, cookie: `${session}; podium_link=%zz; podium_v=%`, referer: 'http://[::1' }, ...body }, hostile: false });
    }
  }
  return out;
}

/** A hash of every row of every table the application keeps, per table. */
/** Written by the replicas' own timers (every 30 s), never by a request: a sweep may span a beat. */
const TIMER_TABLES = ['app_private.api_heartbeats', 'app_private.worker_heartbeats'];

async function digest(): Promise<Record<string, string>> {
  const { rows: tables } = await s.db.pool.query(
    `select format('%I.%I', n.nspname, c.relname) as t from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where c.relkind in ('r', 'p') and n.nspname in ('app', 'app_private', 'graphile_worker')
       and format('%I.%I', n.nspname, c.relname) <> all($1) order by 1`,
    [TIMER_TABLES],
  );
  const out: Record<string, string> = {};
  for (const { t } of tables) {
    const { rows } = await s.db.pool.query(`select md5(coalesce(string_agg(x::text, '|' order by x::text), '')) as h, count(*)::int as n from ${t} x`);
    out[t] = `${rows[0].n}:${rows[0].h}`;
  }
  return out;
}

async function send(r: Sent): Promise<{ status: number; type: string; body: any; text: string }> {
  const res = await fetch(s.url + r.path, { ...r.init, redirect: 'manual' });
  const text = await res.text();
  let body: unknown = null;
  try {
    body = JSON.parse(text);
  } catch {
    /* not JSON */
  }
  return { status: res.status, type: res.headers.get('content-type') ?? '', body, text };
}

function problemOf(r: Sent, a: Awaited<ReturnType<typeof send>>): string | null {
  if (a.status >= 500) return `answered ${a.status}: ${a.text.slice(0, 200)}`;
  if (r.hostile && (a.status < 400 || a.status >= 500)) return `answered ${a.status} to hostile input (a 4xx expected): ${a.text.slice(0, 200)}`;
  if (a.status >= 400) {
    const shaped = typeof a.body?.error?.code === 'string' && typeof a.body?.error?.message === 'string';
    if (a.type.startsWith('application/json') && !shaped) return `answered ${a.status} JSON outside the error shape: ${a.text.slice(0, 200)}`;
    if (!a.type.startsWith('application/json') && jsonRoute(r.route.url)) return `answered ${a.status} ${a.type} instead of the JSON error shape: ${a.text.slice(0, 200)}`;
  }
  return null;
}

test.serial('the sweep: every route, fed hostile paths, queries and bodies, answers a 4xx in the wire shape and changes no row', async (t) => {
  const routes = s.api.routes;
  t.true(routes.length > 80, `the route table holds ${routes.length} routes`);
  const requests = hostileRequests(routes);
  const before = await digest();
  const problems: string[] = [];
  const answers = new Map<string, number>();
  const started = performance.now();
  for (const r of requests) {
    const a = await send(r);
    const label = `${a.status} ${a.body?.error?.code ?? a.type.split(';')[0]}`;
    answers.set(label, (answers.get(label) ?? 0) + 1);
    const problem = problemOf(r, a);
    if (problem) problems.push(`${r.route.method} ${r.route.url} [${r.what}] ${problem}`);
  }
  const after = await digest();
  t.log([...answers].sort((a, b) => b[1] - a[1]).map(([k, n]) => `${k} x${n}`).join(', '));
  const changed = Object.keys(after).filter((k) => after[k] !== before[k]);
  t.log(`${requests.length} hostile requests over ${new Set(routes.map((r) => `${r.method} ${r.url}`)).size} routes in ${Math.round(performance.now() - started)} ms`);
  t.deepEqual(problems, []);
  t.deepEqual(changed, [], 'tables changed by hostile requests');
});

test.serial('the sweep: planted malformed cookies, odd headers and a malformed Referer never make any route answer 500', async (t) => {
  const requests = oddRequests(s.api.routes);
  const problems: string[] = [];
  for (const r of requests) {
    const problem = problemOf(r, await send(r));
    if (problem) problems.push(`${r.route.method} ${r.route.url} [${r.what}] ${problem}`);
  }
  t.log(`${requests.length} requests with planted cookies, odd headers or a malformed Referer`);
  t.deepEqual(problems, []);
});
