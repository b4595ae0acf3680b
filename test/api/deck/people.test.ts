// Collaborators (invite by email, claim on sign-up or sign-in, read-only, may duplicate into
// a deck they own), annotations, and export under data:export.
import test from 'ava';
import { publish } from '../../helpers/deck.ts';
import { cookieFrom, http } from '../../helpers/http.ts';
import * as seed from '../../../ops/harness/seed.ts';
import { startTestServer, type TestServer } from '../../helpers/server.ts';

let s: TestServer;
let owner: string;
let id: string;
test.before(async () => {
  s = await startTestServer();
  owner = (await seed.basicWorkspace(s.db.pool)).deckKey.key;
  id = (await publish(s.url, owner, { 'index.html': '<h1>Team deck</h1>', 'b.html': 'b' }, { title: 'Team deck' })).body.presentation.id;
});
test.after.always(() => s?.close());

async function signIn(email: string): Promise<string> {
  const r = await http(s.url, 'POST', '/api/v1/auth/session', { body: { email, password: 'correct horse battery' } });
  if (r.status !== 200) throw new Error(r.text);
  return cookieFrom(r);
}
const origin = () => ({ origin: s.url });

test.serial('an invitation for an existing account is claimed on sign-in; the collaborator reads but cannot write', async (t) => {
  const other = await seed.workspace(s.db.pool, 'Elsewhere');
  const { userId } = await seed.member(s.db.pool, other.id, 'cora@else.test', 'member');
  await seed.password(s.db.pool, userId, 'correct horse battery');
  const inv = await http(s.url, 'POST', `/api/v1/presentations/${id}/collaborators`, { key: owner, body: { email: 'Cora@Else.test' } });
  t.is(inv.status, 201);
  t.false(inv.body.claimed);
  const cookie = await signIn('cora@else.test');
  const listed = await http(s.url, 'GET', `/api/v1/presentations/${id}/collaborators`, { key: owner });
  t.true(listed.body.items[0].claimed);
  t.is(listed.body.items[0].userId, userId);
  const g = await http(s.url, 'GET', `/api/v1/presentations/${id}`, { cookie });
  t.is(g.status, 200);
  t.is(g.body.role, 'collaborator');
  t.true((await http(s.url, 'GET', '/api/v1/presentations', { cookie })).body.items.some((d: { id: string }) => d.id === id));
  t.is((await http(s.url, 'GET', `/api/v1/presentations/${id}/files`, { cookie })).status, 200);
  const rename = await http(s.url, 'PATCH', `/api/v1/presentations/${id}`, { cookie, body: { title: 'mine' }, headers: origin() });
  t.is(rename.status, 403);
  t.is(rename.body.error.code, 'deck_read_only');
  t.is((await http(s.url, 'DELETE', `/api/v1/presentations/${id}`, { cookie, headers: origin() })).body.error.code, 'deck_read_only');
  t.is((await http(s.url, 'POST', `/api/v1/presentations/${id}/share-links`, { cookie, body: {}, headers: origin() })).body.error.code, 'deck_read_only');
  t.is((await http(s.url, 'GET', `/api/v1/presentations/${id}/views`, { cookie })).body.error.code, 'deck_read_only');
  // ... but may duplicate into a deck of their own, in their workspace.
  const copy = await http(s.url, 'POST', `/api/v1/presentations/${id}/duplicate`, { cookie, body: {}, headers: origin() });
  t.is(copy.status, 201, copy.text);
  t.is(copy.body.presentation.owner.email, 'cora@else.test');
  t.is(copy.body.presentation.workspaceId, other.id);
  t.is(copy.body.presentation.role, 'owner');
  t.is(copy.body.presentation.remixedFrom, id);
  t.deepEqual((await http(s.url, 'GET', `/api/v1/presentations/${copy.body.presentation.id}/collaborators`, { cookie })).body.items, []);
  t.deepEqual((await http(s.url, 'GET', `/api/v1/presentations/${copy.body.presentation.id}/annotations`, { cookie })).body.items, []);
});

test.serial('an invitation for an unknown address is claimed when that account signs up', async (t) => {
  await http(s.url, 'POST', `/api/v1/presentations/${id}/collaborators`, { key: owner, body: { email: 'newbie@nowhere.test' } });
  const ws = await seed.workspace(s.db.pool, 'Newbie space');
  await seed.member(s.db.pool, ws.id, 'newbie@nowhere.test', 'member'); // the account is created here
  const claimed = await s.db.pool.query(`select user_id from app.deck_collaborators where email = 'newbie@nowhere.test'`);
  t.truthy(claimed.rows[0].user_id);
});

test.serial('removing a collaborator withdraws access', async (t) => {
  const ws = await seed.workspace(s.db.pool, 'Gone space');
  const { userId } = await seed.member(s.db.pool, ws.id, 'gone@x.test', 'member');
  await seed.password(s.db.pool, userId, 'correct horse battery');
  const inv = await http(s.url, 'POST', `/api/v1/presentations/${id}/collaborators`, { key: owner, body: { email: 'gone@x.test' } });
  const cookie = await signIn('gone@x.test');
  t.is((await http(s.url, 'GET', `/api/v1/presentations/${id}`, { cookie })).status, 200);
  t.is((await http(s.url, 'DELETE', `/api/v1/presentations/${id}/collaborators/${inv.body.id}`, { key: owner })).status, 200);
  t.is((await http(s.url, 'GET', `/api/v1/presentations/${id}`, { cookie })).status, 404);
});

test('guests cannot duplicate (creating a deck is a workspace act)', async (t) => {
  const ws = (await s.db.pool.query('select workspace_id from app.decks where id = $1', [id])).rows[0].workspace_id;
  await seed.member(s.db.pool, ws, 'guesty@acme.test', 'guest');
  await http(s.url, 'POST', `/api/v1/presentations/${id}/collaborators`, { key: owner, body: { email: 'guesty@acme.test' } });
  const guestKey = (await seed.key(s.db.pool, 'guesty@acme.test', 'deck')).key; // a new key is a sign-in: claims
  const r = await http(s.url, 'POST', `/api/v1/presentations/${id}/duplicate`, { key: guestKey, body: {} });
  t.is(r.status, 403);
  t.is(r.body.error.code, 'guest_cannot_create');
});

test('annotations: comments on a version at a path and position; listed newest first; removable by author or owner', async (t) => {
  const a = await http(s.url, 'POST', `/api/v1/presentations/${id}/annotations`, { key: owner, body: { version: 1, path: 'index.html', position: { x: 0.5, y: 0.25 }, body: 'Fix the <b>title</b>' } });
  t.is(a.status, 201, a.text);
  t.is(a.body.version, 1);
  t.deepEqual(a.body.position, { x: 0.5, y: 0.25 });
  t.is(a.body.author.email, 'owner@acme.test');
  const b = await http(s.url, 'POST', `/api/v1/presentations/${id}/annotations`, { key: owner, body: { path: 'b.html', body: 'Second' } });
  const list = await http(s.url, 'GET', `/api/v1/presentations/${id}/annotations?limit=1`, { key: owner });
  t.is(list.body.items[0].id, b.body.id);
  t.truthy(list.body.nextCursor);
  const bad = await http(s.url, 'POST', `/api/v1/presentations/${id}/annotations`, { key: owner, body: { path: 'nope.html', body: 'x' } });
  t.is(bad.body.error.field, 'path');
  const traversal = await http(s.url, 'POST', `/api/v1/presentations/${id}/annotations`, { key: owner, body: { path: '../x', body: 'x' } });
  t.is(traversal.status, 400);
  t.is((await http(s.url, 'DELETE', `/api/v1/presentations/${id}/annotations/${a.body.id}`, { key: owner })).status, 200);
  t.is((await http(s.url, 'DELETE', `/api/v1/presentations/${id}/annotations/${a.body.id}`, { key: owner })).status, 404);
});

test('export needs data:export and holds decks, views and responses, never a link secret', async (t) => {
  const noScope = await http(s.url, 'GET', '/api/v1/export', { key: owner });
  t.is(noScope.status, 403);
  t.is(noScope.body.error.code, 'insufficient_scope');
  const exportKey = (await seed.key(s.db.pool, 'owner@acme.test', 'deck', { scopes: ['data:export'] })).key;
  const link = await http(s.url, 'POST', `/api/v1/presentations/${id}/share-links`, { key: owner, body: {} });
  const p = link.body.url.slice(s.url.length);
  await http(s.url, 'GET', p);
  await http(s.url, 'POST', p + 'forms/exported', { body: { q: 'answer' } });
  const r = await http(s.url, 'GET', '/api/v1/export', { key: exportKey });
  t.is(r.status, 200);
  t.true(r.body.decks.some((d: { id: string; versions: unknown[]; shareLinks: unknown[] }) => d.id === id && d.versions.length === 1 && d.shareLinks.length >= 1));
  t.true(r.body.views.some((v: { presentationId: string }) => v.presentationId === id));
  t.true(r.body.responses.some((x: { form: string; answers: { q: string } }) => x.form === 'exported' && x.answers.q === 'answer'));
  t.false(r.text.includes(p.split('/')[2]));
  // A read-only key may not export either.
  const readKey = (await seed.key(s.db.pool, 'owner@acme.test', 'deck', { scopes: ['presentations:read'] })).key;
  t.is((await http(s.url, 'GET', '/api/v1/export', { key: readKey })).status, 403);
});
