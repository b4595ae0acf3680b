// API keys from the dashboard over HTTP (/decks/keys): the list never shows a secret, a
// new key's secret is shown once, presentations:write is unchecked by default, the key
// works on the API until revoked, writes need this instance's Origin, key callers are
// refused by the page and by the SQL functions, and nobody revokes another person's key.
// Serial: several tests count the keys made.
import test from 'ava';
import { sha256 } from '../../../core/crypto.ts';
import { withCaller } from '../../../core/db/pool.ts';
import { mintKey } from '../../../core/keys.ts';
import { publish } from '../../helpers/deck.ts';
import { http, setClock } from '../../helpers/http.ts';
import { pageSignIn, person } from '../../helpers/pages.ts';
import * as seed from '../../../ops/harness/seed.ts';
import { startTestServer, type TestServer } from '../../helpers/server.ts';

let s: TestServer;
let ws: string;
let ownerKey: string;
let ownerKeyId: string;
let ownerId: string;
let owner: string;
let other: string;

test.before(async () => {
  s = await startTestServer();
  const b = await seed.basicWorkspace(s.db.pool);
  ws = b.ws.id;
  ownerKey = b.deckKey.key;
  ownerKeyId = b.deckKey.id;
  ownerId = b.owner.userId;
  await seed.password(s.db.pool, ownerId, 'correct horse battery');
  owner = await pageSignIn(s.url, 'owner@acme.test');
  await person(s.db.pool, ws, 'mallory@acme.test', 'member');
  other = await pageSignIn(s.url, 'mallory@acme.test');
});
test.after.always(() => s?.close());

const page = (cookie?: string, key?: string) => http(s.url, 'GET', '/decks/keys', { cookie, key });
const post = (path: string, fields: [string, string][], opts: { cookie?: string; key?: string; origin?: string | null } = {}) =>
  http(s.url, 'POST', path, {
    cookie: opts.cookie,
    key: opts.key,
    raw: new URLSearchParams(fields).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...(opts.origin === null ? {} : { origin: opts.origin ?? s.url }) },
  });
const create = (fields: [string, string][], cookie = owner, origin?: string | null) => post('/decks/keys', fields, { cookie, origin });
const secretOf = (html: string) => /id="new-secret"[^>]*value="(dk_[A-Za-z0-9_-]{43})"/.exec(html)?.[1];
const me = (key: string) => http(s.url, 'GET', '/api/v1/me', { key });
const keyCount = async () => (await s.db.pool.query(`select count(*)::int as n from app_private.api_keys where created_via = 'dashboard'`)).rows[0].n as number;

test.serial('the page lists your deck keys without secrets, behind a session and a strict CSP', async (t) => {
  const r = await page(owner);
  t.is(r.status, 200);
  t.regex(r.headers.get('content-security-policy') ?? '', /default-src 'none'; script-src 'self'; style-src 'nonce-/);
  t.regex(r.text, /<h1>API keys<\/h1>/);
  t.regex(r.text, /test key/, 'the operator-made key is listed');
  t.false(r.text.includes(ownerKey), 'no secret');
  t.false(r.text.includes(ownerKey.slice(3, 20)));
  t.regex(r.text, /<input type="checkbox" name="presentations:read" checked="" value="1"\/>/);
  t.regex(r.text, /<input type="checkbox" name="presentations:write" value="1"\/>/, 'write is unchecked by default');
  t.regex(r.text, /href="\/decks\/keys"/, 'the navigation links the page');
  const anon = await page();
  t.is(anon.status, 303);
  t.is(anon.headers.get('location'), `/signin?next=${encodeURIComponent('/decks/keys')}`);
});

test.serial('a key made with the defaults reads only; its secret is shown once and only its sha256 is kept', async (t) => {
  const r = await create([['name', 'Laptop <b>'], ['presentations:read', '1']]);
  t.is(r.status, 200);
  t.is(r.headers.get('cache-control'), 'no-store');
  const secret = secretOf(r.text)!;
  t.truthy(secret, r.text.slice(0, 500));
  t.is(r.text.split(secret).length, 2, 'the secret appears exactly once');
  t.regex(r.text, /shown once/);
  t.regex(r.text, /Laptop &lt;b&gt;/);
  const who = await me(secret);
  t.is(who.status, 200);
  t.deepEqual(who.body.key.scopes, ['presentations:read']);
  t.is(who.body.key.workspaceId, null);
  t.is(who.body.key.expiresAt, null);
  const row = (await s.db.pool.query('select token_hash, created_via, last4 from app_private.api_keys where id = $1', [who.body.key.id])).rows[0];
  t.deepEqual(row.token_hash, sha256(secret));
  t.is(row.created_via, 'dashboard');
  t.is(row.last4, secret.slice(-4));
  const reload = await page(owner);
  t.false(reload.text.includes(secret), 'a reload does not show it');
  t.true(reload.text.includes(`dk_…${secret.slice(-4)}`), 'the list shows the last four characters');
  t.is((await http(s.url, 'GET', '/api/v1/presentations', { key: secret })).status, 200, 'it reads');
  t.is((await publish(s.url, secret, { 'index.html': '<h1>x</h1>' }, { title: 'Nope' })).status, 403, 'it cannot push');
});

test.serial('checking presentations:write gives both scopes, the key pushes; expiry and pin are kept', async (t) => {
  const r = await create([['name', 'CI'], ['presentations:read', '1'], ['presentations:write', '1'], ['expires', '30'], ['pin', '1']]);
  t.is(r.status, 200);
  const secret = secretOf(r.text)!;
  const who = await me(secret);
  t.deepEqual([...who.body.key.scopes].sort(), ['presentations:read', 'presentations:write']);
  t.is(who.body.key.workspaceId, ws);
  t.truthy(who.body.key.expiresAt);
  const days = (Date.parse(who.body.key.expiresAt) - Date.now()) / 86_400_000;
  t.true(days > 29.9 && days <= 30.01, String(days));
  t.is((await publish(s.url, secret, { 'index.html': '<h1>x</h1>' }, { title: 'Pushed' })).status, 201);
});

test.serial('hackathon keys too: hck_, hackathon:write unchecked by default, shown once; only the chosen tool\'s scopes count', async (t) => {
  const form = await page(owner);
  t.regex(form.text, /<input type="radio" name="tool" checked="" value="deck"\/>/);
  t.regex(form.text, /<input type="radio" name="tool" value="hackathon"\/>/);
  t.regex(form.text, /<input type="checkbox" name="hackathon:read" checked="" value="1"\/>/);
  t.regex(form.text, /<input type="checkbox" name="hackathon:write" value="1"\/>/, 'hackathon:write is unchecked by default');
  const r = await create([['name', 'Event laptop'], ['tool', 'hackathon'], ['hackathon:read', '1'], ['presentations:write', '1'], ['expires', '7'], ['pin', '1']]);
  t.is(r.status, 200);
  const secret = /id="new-secret"[^>]*value="(hck_[A-Za-z0-9_-]{43})"/.exec(r.text)?.[1];
  t.truthy(secret, r.text.slice(0, 500));
  t.is(r.text.split(secret!).length, 2, 'the secret appears exactly once');
  t.regex(r.text, /hackathon login --api-key-stdin --api-url/);
  const who = await me(secret!);
  t.is(who.body.key.tool, 'hackathon');
  t.deepEqual(who.body.key.scopes, ['hackathon:read'], 'a deck scope ticked for a hackathon key is ignored');
  t.is(who.body.key.workspaceId, ws);
  t.truthy(who.body.key.expiresAt);
  t.is((await http(s.url, 'GET', '/api/v1/teams', { key: secret })).status, 200, 'it reads');
  t.is((await http(s.url, 'POST', '/api/v1/teams', { key: secret, body: { slug: 'x', name: 'X' } })).status, 403, 'it cannot write');
  const list = await page(owner);
  t.true(list.text.includes(`hck_…${secret!.slice(-4)}`));
  t.false(list.text.includes(secret!));
  const badTool = await create([['name', 'x'], ['tool', 'other'], ['hackathon:read', '1']]);
  t.is(badTool.status, 400);
  t.regex(badTool.text, /Pick the tool/);
});

test.serial('refusals show the form again and make nothing', async (t) => {
  const before = await keyCount();
  const noName = await create([['name', '  '], ['presentations:read', '1']]);
  t.is(noName.status, 400);
  t.regex(noName.text, /Give the key a name/);
  const noScope = await create([['name', 'x']]);
  t.is(noScope.status, 400);
  t.regex(noScope.text, /at least one scope/);
  const badExpiry = await create([['name', 'x'], ['presentations:read', '1'], ['expires', '0']]);
  t.is(badExpiry.status, 400);
  t.regex(badExpiry.text, /Lifetime must be 1 to 3650 days/);
  t.is(secretOf(badExpiry.text), undefined);
  t.is(await keyCount(), before);
});

test.serial('revoke: confirmed by a form post, then the key is refused (401) and leaves the list', async (t) => {
  const secret = secretOf((await create([['name', 'Short-lived'], ['presentations:read', '1']])).text)!;
  const id = (await me(secret)).body.key.id as string;
  const list = await page(owner);
  t.regex(list.text, new RegExp(`<form action="/decks/keys/${id}/revoke" method="post">`));
  t.regex(list.text, /Revoke <strong>Short-lived<\/strong>\?/);
  const r = await post(`/decks/keys/${id}/revoke`, [], { cookie: owner });
  t.is(r.status, 303);
  t.is(r.headers.get('location'), '/decks/keys');
  t.is((await me(secret)).status, 401);
  t.false((await page(owner)).text.includes(id));
  t.is((await post(`/decks/keys/${id}/revoke`, [], { cookie: owner })).status, 303, 'revoking twice is harmless');
  t.is((await post('/decks/keys/not-a-uuid/revoke', [], { cookie: owner })).status, 404);
});

test.serial('writes without this instance as Origin are refused', async (t) => {
  const before = await keyCount();
  for (const origin of [null, 'http://evil.test', 'null']) {
    const r = await create([['name', 'csrf'], ['presentations:read', '1']], owner, origin);
    t.is(r.status, 403, String(origin));
    t.is(secretOf(r.text), undefined);
  }
  t.is(await keyCount(), before, 'no key made');
  const secret = secretOf((await create([['name', 'Keep'], ['presentations:read', '1']])).text)!;
  const id = (await me(secret)).body.key.id as string;
  t.is((await post(`/decks/keys/${id}/revoke`, [], { cookie: owner, origin: 'http://evil.test' })).status, 403);
  t.is((await post(`/decks/keys/${id}/revoke`, [], { cookie: owner, origin: null })).status, 403);
  t.is((await me(secret)).status, 200, 'still valid');
});

test.serial('a key caller can use neither the page nor the SQL functions', async (t) => {
  const before = await keyCount();
  const g = await page(undefined, ownerKey);
  t.is(g.status, 403);
  t.false(g.text.includes('name="presentations:read"'));
  t.is((await post('/decks/keys', [['name', 'k'], ['presentations:read', '1']], { key: ownerKey })).status, 403);
  t.is((await post(`/decks/keys/${ownerKeyId}/revoke`, [], { key: ownerKey })).status, 403);
  t.is((await me(ownerKey)).status, 200);

  // Through GraphQL (open to every key) the function refuses a key caller itself.
  const gql = await http(s.url, 'POST', '/graphql', {
    key: ownerKey,
    body: { query: 'mutation($id: UUID!) { revokeMyApiKey(input: { key: $id }) { result { id name revokedAt } } }', variables: { id: ownerKeyId } },
  });
  t.like(gql.body.errors?.[0], { extensions: { code: 'key_not_allowed' } });
  t.is((await me(ownerKey)).status, 200);

  // And directly, as the API would run SQL for a key caller.
  const asKey = { userId: ownerId, workspaceId: ws, workspaceRole: 'owner', keyId: ownerKeyId, sessionId: null, scopes: ['presentations:read', 'presentations:write'], via: 'api_key' as const };
  const { hash, key } = mintKey('deck');
  const made = withCaller(s.db.pool, asKey, (c) => c.query('select app_private.create_dashboard_key($1, $2, $3, $4, $5, $6)', [hash, key.slice(-4), 'k', ['presentations:read'], null, false]));
  await t.throwsAsync(made, { message: /API keys are refused/ });
  await t.throwsAsync(withCaller(s.db.pool, asKey, (c) => c.query('select app.revoke_my_api_key($1)', [ownerKeyId])), { message: /API keys are refused/ });
  t.is(await keyCount(), before);
});

test.serial("another person's key cannot be revoked", async (t) => {
  const r = await post(`/decks/keys/${ownerKeyId}/revoke`, [], { cookie: other });
  t.is(r.status, 404);
  t.is((await me(ownerKey)).status, 200, 'the owner key still works');
  const theirs = await page(other);
  t.false(theirs.text.includes(ownerKeyId), "the owner's keys are not in another person's list");
  t.false(theirs.text.includes('test key'));
});

test.serial('a key shows as expired by the server clock (app.now()), not by the page process clock', async (t) => {
  const r = await create([['name', 'Short lived'], ['presentations:read', '1'], ['expires', '1']]);
  t.is(r.status, 200);
  const row = (html: string) => /<tr><td>Short lived<\/td>[\s\S]*?<\/tr>/.exec(html)?.[0] ?? '';
  t.notRegex(row((await page(owner)).text), /expired/);
  try {
    await setClock(s.url, 2 * 86_400); // the server is two days ahead; this process's clock is not
    t.regex(row((await page(owner)).text), /<td>expired <time /);
  } finally {
    await setClock(s.url, 0);
  }
  t.notRegex(row((await page(owner)).text), /expired/);
});
