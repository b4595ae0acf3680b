// The key allowlist (fail closed), scopes, session-only routes, CSRF on browser writes,
// and workspace selection (header, organization, key pin, default).
import test from 'ava';
import { KEY_ALLOWLIST } from '../../api/auth/allowlist.ts';
import { cookieFrom, http } from '../helpers/http.ts';
import * as seed from '../../ops/harness/seed.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

let s: TestServer;
let alpha: { id: string }, beta: { id: string }, gamma: { id: string };
let cookie: string;
test.before(async () => {
  s = await startTestServer();
  alpha = await seed.workspace(s.db.pool, 'Alpha');
  beta = await seed.workspace(s.db.pool, 'Beta', 'org_beta');
  gamma = await seed.workspace(s.db.pool, 'Gamma');
  const u = await seed.member(s.db.pool, alpha.id, 'pat@x.test', 'admin');
  await seed.member(s.db.pool, beta.id, 'pat@x.test', 'guest');
  await seed.password(s.db.pool, u.userId, 'correct horse battery');
  cookie = cookieFrom(await http(s.url, 'POST', '/api/v1/auth/session', { body: { email: 'pat@x.test', password: 'correct horse battery' } }));
});
test.after.always(() => s?.close());

test('a route not on the allowlist refuses keys whatever their scopes', async (t) => {
  t.false('DELETE /api/v1/auth/session' in KEY_ALLOWLIST);
  const k = await seed.key(s.db.pool, 'pat@x.test', 'deck', { scopes: ['presentations:read', 'presentations:write', 'data:export'] });
  const r = await http(s.url, 'DELETE', '/api/v1/auth/session', { key: k.key });
  t.is(r.status, 403);
  t.is(r.body.error.code, 'key_not_allowed');
  // The session itself may use that route.
  t.is((await http(s.url, 'DELETE', '/api/v1/auth/session', { cookie: 'podium_session=x.y' })).status, 401);
});

test('every allowlisted route exists on the server (no stale entries)', async (t) => {
  const routes = s.api.app.printRoutes({ commonPrefix: false });
  for (const entry of Object.keys(KEY_ALLOWLIST)) {
    const [method, url] = entry.split(' ');
    t.true(s.api.app.hasRoute({ method, url }), `${entry} is registered (${routes.length} chars of routes)`);
  }
});

test('workspace selection: the default is the account default; a header picks another membership', async (t) => {
  const k = await seed.key(s.db.pool, 'pat@x.test', 'hackathon');
  const def = await http(s.url, 'GET', '/api/v1/me', { key: k.key });
  t.is(def.body.workspace.id, alpha.id);
  t.is(def.body.workspace.role, 'admin');
  const other = await http(s.url, 'GET', '/api/v1/me', { key: k.key, headers: { 'podium-workspace': beta.id } });
  t.is(other.body.workspace.id, beta.id);
  t.is(other.body.workspace.role, 'guest');
  const byOrg = await http(s.url, 'GET', '/api/v1/me', { key: k.key, headers: { 'podium-organization': 'org_beta' } });
  t.is(byOrg.body.workspace.id, beta.id);
  t.is(byOrg.body.workspace.organizationId, 'org_beta');
});

test('a workspace you are not a member of answers workspace_not_found; both selectors is an error', async (t) => {
  const k = await seed.key(s.db.pool, 'pat@x.test', 'hackathon');
  const r = await http(s.url, 'GET', '/api/v1/me', { key: k.key, headers: { 'podium-workspace': gamma.id } });
  t.is(r.status, 404);
  t.is(r.body.error.code, 'workspace_not_found');
  const both = await http(s.url, 'GET', '/api/v1/me', { key: k.key, headers: { 'podium-workspace': beta.id, 'podium-organization': 'org_beta' } });
  t.is(both.status, 400);
  const bad = await http(s.url, 'GET', '/api/v1/me', { key: k.key, headers: { 'podium-workspace': 'Beta' } });
  t.is(bad.body.error.field, 'Podium-Workspace');
});

test('a key pinned to one workspace acts only there; selecting another is refused naming the pin', async (t) => {
  const k = await seed.key(s.db.pool, 'pat@x.test', 'hackathon', { workspaceId: beta.id });
  t.is((await http(s.url, 'GET', '/api/v1/me', { key: k.key })).body.workspace.id, beta.id);
  const r = await http(s.url, 'GET', '/api/v1/me', { key: k.key, headers: { 'podium-workspace': alpha.id } });
  t.is(r.status, 403);
  t.is(r.body.error.code, 'workspace_pinned');
  t.regex(r.body.error.message, /pinned to workspace Beta/);
  t.is(r.body.error.pinnedWorkspaceId, beta.id);
});

test('a key cannot be pinned to a workspace its account is not in', async (t) => {
  await t.throwsAsync(() => seed.key(s.db.pool, 'pat@x.test', 'deck', { workspaceId: gamma.id }), { message: /only be pinned to a workspace its account belongs to/ });
});

test('browser writes need our Origin (CSRF); reads do not', async (t) => {
  t.is((await http(s.url, 'GET', '/api/v1/me', { cookie })).status, 200);
  const cross = await http(s.url, 'DELETE', '/api/v1/auth/session', { cookie, headers: { origin: 'https://evil.test' } });
  t.is(cross.status, 403);
  t.is(cross.body.error.code, 'csrf_refused');
  const none = await http(s.url, 'DELETE', '/api/v1/auth/session', { cookie });
  t.is(none.body.error.code, 'csrf_refused');
  t.is((await http(s.url, 'GET', '/api/v1/me', { cookie })).status, 200, 'refused writes changed nothing');
});

test('sign-out ends the session on the server, not just the cookie', async (t) => {
  const c = cookieFrom(await http(s.url, 'POST', '/api/v1/auth/session', { body: { email: 'pat@x.test', password: 'correct horse battery' } }));
  const out = await http(s.url, 'DELETE', '/api/v1/auth/session', { cookie: c, headers: { origin: s.url } });
  t.is(out.status, 200);
  t.regex(out.headers.getSetCookie()[0], /Max-Age=0/);
  t.is((await http(s.url, 'GET', '/api/v1/me', { cookie: c })).status, 401);
});

test('keys with a pin, scopes and expiry keep their stored shape', async (t) => {
  await t.throwsAsync(() => seed.key(s.db.pool, 'pat@x.test', 'deck', { scopes: ['hackathon:read'] }), { message: /deck key takes/ });
  await t.throwsAsync(() => seed.key(s.db.pool, 'pat@x.test', 'hackathon', { scopes: [] }), { message: /at least one scope/ });
  await t.throwsAsync(() => seed.key(s.db.pool, 'pat@x.test', 'deck', { expiresInDays: 0 }), { message: /Lifetime must be 1 to 3650 days/ });
});
