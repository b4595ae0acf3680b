// Demo passes act narrower than their maker (DIRECTION.md, Trust boundaries): a pass is for a
// member or guest below the maker's role (never an owner or admin); its session acts only in
// the workspace that minted it, whatever the person's default and whatever a request names
// (REST, GraphQL, pages, export); it never makes, ends or lists a credential; and it dies with
// its pass, or as soon as the pass may no longer act. Serial: tests move roles and defaults.
import test from 'ava';
import { sha256 } from '../../../core/crypto.ts';
import { mintKey } from '../../../core/keys.ts';
import { publish } from '../../helpers/deck.ts';
import { person, type Person } from '../../helpers/event.ts';
import { cookieFrom, http } from '../../helpers/http.ts';
import * as seed from '../../../ops/harness/seed.ts';
import { startTestServer, type TestServer } from '../../helpers/server.ts';

const PASSWORD = 'correct horse battery staple';
let s: TestServer;
let ws: { id: string; name: string }, other: { id: string }, third: { id: string };
let owner: Person, admin: Person, mia: Person, max: Person, gus: Person;
let ownerCookie: string, adminCookie: string;
let otherDeck: string, thirdDeck: string;

async function signIn(email: string): Promise<string> {
  const r = await http(s.url, 'POST', '/api/v1/auth/session', { body: { email, password: PASSWORD } });
  if (r.status !== 200) throw new Error(`sign-in failed: ${r.text}`);
  return cookieFrom(r);
}

test.before(async () => {
  s = await startTestServer({ env: { DEMO_SIGNIN: '1' } });
  ws = await seed.workspace(s.db.pool, 'Demo');
  owner = await person(s.db.pool, ws.id, 'owner@demo.test', 'owner');
  admin = await person(s.db.pool, ws.id, 'adam@demo.test', 'admin');
  mia = await person(s.db.pool, ws.id, 'mia@demo.test', 'member');
  max = await person(s.db.pool, ws.id, 'max@demo.test', 'member');
  gus = await person(s.db.pool, ws.id, 'gus@demo.test', 'guest');
  for (const p of [owner, admin, mia]) await seed.password(s.db.pool, p.userId, PASSWORD);
  ownerCookie = await signIn(owner.email);
  adminCookie = await signIn(admin.email);

  // Mia owns another workspace, her default, with a deck of hers in it.
  other = await seed.workspace(s.db.pool, 'Other');
  await seed.member(s.db.pool, other.id, mia.email, 'owner');
  await s.db.pool.query('update app.users set default_workspace_id = $2 where id = $1', [mia.userId, other.id]);
  const miaDeckKey = (await seed.key(s.db.pool, mia.email, 'deck', { workspaceId: other.id })).key;
  const p = await publish(s.url, miaDeckKey, { 'index.html': '<h1>secret plans</h1>' }, { title: 'Other plans' });
  if (p.status !== 201) throw new Error(JSON.stringify(p.body));
  otherDeck = p.body.presentation.id;

  // And she is invited to read a deck of a third workspace she is not a member of.
  third = await seed.workspace(s.db.pool, 'Third');
  await seed.member(s.db.pool, third.id, 'zoe@third.test', 'owner');
  const zoeKey = (await seed.key(s.db.pool, 'zoe@third.test', 'deck')).key;
  const z = await publish(s.url, zoeKey, { 'index.html': '<h1>third</h1>' }, { title: 'Third deck' });
  thirdDeck = z.body.presentation.id;
  const invited = await http(s.url, 'POST', `/api/v1/presentations/${thirdDeck}/collaborators`, { key: zoeKey, body: { email: mia.email } });
  if (invited.status !== 201) throw new Error(invited.text);
});
test.after.always(() => s?.close());

const write = (method: string, path: string, cookie: string, body?: unknown, headers: Record<string, string> = {}) =>
  http(s.url, method, path, { cookie, body, headers: { origin: s.url, ...headers } });
const mint = (emails: string[], cookie = ownerCookie) => write('POST', '/api/v1/demo/passes', cookie, { emails });
async function demoSession(email: string, cookie = ownerCookie): Promise<{ cookie: string; passId: string }> {
  const r = await mint([email], cookie);
  if (r.status !== 201) throw new Error(r.text);
  const link = new URL(r.body.items[0].links[0]);
  const opened = await http(s.url, 'GET', link.pathname);
  return { cookie: cookieFrom(opened), passId: r.body.items[0].id };
}
const get = (path: string, cookie: string, headers: Record<string, string> = {}) => http(s.url, 'GET', path, { cookie, headers });
const gql = (cookie: string, query: string, variables: Record<string, unknown> = {}, headers: Record<string, string> = {}) =>
  write('POST', '/graphql', cookie, { query, variables }, headers);
const passCount = async () => (await s.db.pool.query('select count(*)::int as n from app_private.demo_passes')).rows[0].n as number;

test.serial('a pass is for a member or guest below its maker: owners and admins are refused, nothing is stored', async (t) => {
  const before = await passCount();
  for (const [cookie, target, role] of [
    [ownerCookie, admin.email, 'admin'],
    [ownerCookie, owner.email, 'owner'],
    [adminCookie, owner.email, 'owner'],
    [adminCookie, admin.email, 'admin'],
  ] as const) {
    const r = await mint([mia.email, target], cookie);
    t.is(r.status, 403, target);
    t.like(r.body.error, { code: 'demo_role_refused', field: 'emails.1', role });
    t.regex(r.body.error.message, new RegExp(`${target} is an? ${role} of this workspace`));
  }
  t.is(await passCount(), before, 'no pass of a refused batch was kept');
  t.is((await mint([max.email], adminCookie)).status, 201, 'an admin mints for a member');
  t.is((await mint([gus.email])).status, 201, 'an owner mints for a guest');
});

test.serial('a demo session acts only in the workspace that minted it: REST, export, GraphQL and pages', async (t) => {
  const own = await signIn(mia.email);
  t.is((await get('/api/v1/me', own)).body.workspace.id, other.id, 'her own session acts in her default');
  t.is((await get(`/api/v1/presentations/${thirdDeck}`, own)).status, 200, 'and reads the deck she is invited to');
  const demo = (await demoSession(mia.email)).cookie;

  // REST: pinned, whatever the default, and naming another workspace is refused naming the pin.
  const me = await get('/api/v1/me', demo);
  t.like(me.body.workspace, { id: ws.id, role: 'member' });
  for (const headers of [{ 'podium-workspace': other.id }, { 'podium-workspace': third.id }]) {
    const r = await get('/api/v1/me', demo, headers);
    t.is(r.status, 403);
    t.like(r.body.error, { code: 'workspace_pinned', pinnedWorkspaceId: ws.id });
    t.regex(r.body.error.message, /demo session acts only in workspace Demo/);
  }
  t.deepEqual((await get('/api/v1/workspaces', demo)).body.items.map((w: { id: string }) => w.id), [ws.id]);
  t.is((await get(`/api/v1/presentations/${otherDeck}`, demo)).status, 404);
  t.is((await get(`/api/v1/presentations/${thirdDeck}`, demo)).status, 404, 'an invitation elsewhere does not reach it');

  // Export: only the minting workspace.
  t.is((await get('/api/v1/export', demo, { 'podium-workspace': other.id })).body.error.code, 'workspace_pinned');
  const exported = await get('/api/v1/export', demo);
  t.is(exported.status, 200);
  t.is(exported.body.workspaceId, ws.id);
  t.false(exported.text.includes(otherDeck));

  // GraphQL: the same caller, the same pin.
  const q = await gql(demo, '{ allWorkspaces { nodes { name } } allMemberships { nodes { workspaceId } } allDecks { nodes { title } } myWorkspaces { id name organizationId role isDefault } }');
  t.falsy(q.body.errors, JSON.stringify(q.body.errors));
  t.deepEqual(q.body.data.allWorkspaces.nodes, [{ name: 'Demo' }]);
  t.true(q.body.data.allMemberships.nodes.every((m: { workspaceId: string }) => m.workspaceId === ws.id));
  t.deepEqual(q.body.data.allDecks.nodes, []);
  t.deepEqual(q.body.data.myWorkspaces.map((w: { id: string }) => w.id), [ws.id]);
  const named = await gql(demo, '{ allDecks { nodes { id } } }', {}, { 'podium-workspace': other.id });
  t.is(named.status, 403);
  t.is(named.body.error.code, 'workspace_pinned');

  // Pages.
  const dashboard = await get('/decks', demo);
  t.is(dashboard.status, 200);
  t.false(dashboard.text.includes('Other plans'));
  t.false(dashboard.text.includes('Third deck'));
  t.is((await get(`/decks/${otherDeck}`, demo)).status, 404);
  t.is((await get(`/decks/${otherDeck}`, demo, { 'podium-workspace': other.id })).status, 303, 'naming another workspace is not signed in there');
});

test.serial('a demo session never makes, ends or lists a credential', async (t) => {
  const { cookie: demo } = await demoSession(max.email);
  const keysOfMax = async () => (await s.db.pool.query('select count(*)::int as n from app_private.api_keys where user_id = $1 and revoked_at is null', [max.userId])).rows[0].n as number;
  const before = await keysOfMax();

  // The dashboard keys page, read and write.
  const page = await get('/decks/keys', demo);
  t.is(page.status, 403);
  t.regex(page.text, /A demo session cannot see or manage API keys/);
  const form = await http(s.url, 'POST', '/decks/keys', {
    cookie: demo,
    raw: new URLSearchParams([['name', 'stolen'], ['presentations:read', '1']]).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: s.url },
  });
  t.is(form.status, 403);

  // GraphQL: nothing makes a key, the SQL function refuses a revocation, and no key is listed.
  const { key } = mintKey('deck');
  const made = await gql(demo, 'mutation { createDashboardKey(input: { name: "stolen", scopes: ["presentations:read"] }) { result } }');
  // Making a dashboard key takes a server-made hash, so it is not exposed through GraphQL at all.
  t.regex(made.body.errors?.[0]?.message ?? '', /Cannot query field "createDashboardKey"/);
  const maxKeyId = (await s.db.pool.query('select id from app_private.api_keys where user_id = $1 limit 1', [max.userId])).rows[0].id;
  const revoked = await gql(demo, 'mutation($id: UUID!) { revokeMyApiKey(input: { key: $id }) { result { id name revokedAt } } }', { id: maxKeyId });
  t.like(revoked.body.errors?.[0], { extensions: { code: 'demo_session_refused' } });
  const listed = await gql(demo, '{ allMyApiKeys { nodes { name } } }');
  t.falsy(listed.body.errors, JSON.stringify(listed.body.errors));
  t.deepEqual(listed.body.data.allMyApiKeys.nodes, []);
  t.is(await keysOfMax(), before, 'no key made, none revoked');
  t.is((await http(s.url, 'GET', '/api/v1/me', { key: max.key })).status, 200, 'his own key still works');
  t.is((await s.db.pool.query('select count(*)::int as n from app_private.api_keys where token_hash = $1', [sha256(key)])).rows[0].n, 0);

  // Self-revocation is for keys only; demo passes and the account default are refused too.
  t.is((await write('DELETE', '/cli/auth/key', demo)).body.error.code, 'session_refused');
  t.is((await mint([gus.email], demo)).body.error.code, 'demo_session_refused');
  const dflt = await write('PUT', '/api/v1/me/default-workspace', demo, { workspaceId: ws.id });
  t.is(dflt.status, 403);
  t.like(dflt.body.error, { code: 'workspace_pinned', pinnedWorkspaceId: ws.id });
  t.regex(dflt.body.error.message, /demo session acts only in workspace Demo/);
});

test.serial('a demo session dies with its pass, even if its row is left behind', async (t) => {
  const { cookie: demo, passId } = await demoSession(max.email);
  t.is((await get('/api/v1/me', demo)).status, 200);
  await s.db.pool.query('update app_private.demo_passes set revoked_at = now() where id = $1', [passId]);
  t.is((await s.db.pool.query('select count(*)::int as n from app_private.sessions where demo_pass_id = $1', [passId])).rows[0].n, 1);
  t.is((await get('/api/v1/me', demo)).status, 401, 'a revoked pass does not authenticate its session');

  const second = await demoSession(max.email);
  const gone = await write('DELETE', `/api/v1/demo/passes/${second.passId}`, ownerCookie);
  t.is(gone.body.sessionsEnded, 1);
  t.is((await s.db.pool.query('select count(*)::int as n from app_private.sessions where demo_pass_id = $1', [second.passId])).rows[0].n, 0);
  t.is((await get('/api/v1/me', second.cookie)).status, 401);
});

test.serial('a pass stops acting when its person is promoted or its maker loses the role', async (t) => {
  const mint1 = await mint([max.email], adminCookie);
  const link = new URL(mint1.body.items[0].links[0]).pathname;
  const demo = cookieFrom(await http(s.url, 'GET', link));
  t.is((await get('/api/v1/me', demo)).body.workspace.role, 'member');

  await seed.member(s.db.pool, ws.id, max.email, 'admin');
  t.is((await get('/api/v1/me', demo)).status, 401, 'never an admin through a pass');
  t.is((await http(s.url, 'GET', link)).body.error.code, 'demo_pass_invalid');
  await seed.member(s.db.pool, ws.id, max.email, 'member');
  t.is((await get('/api/v1/me', demo)).status, 200);

  await seed.member(s.db.pool, ws.id, admin.email, 'member');
  try {
    t.is((await get('/api/v1/me', demo)).status, 401, 'its maker is no longer above the person');
    t.is((await http(s.url, 'GET', link)).body.error.code, 'demo_pass_invalid');
  } finally {
    await seed.member(s.db.pool, ws.id, admin.email, 'admin');
  }
  t.is((await get('/api/v1/me', demo)).status, 200);
});
