import test from 'ava';
import { http } from '../helpers/http.ts';
import * as seed from '../../ops/harness/seed.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

let s: TestServer;
let key: string;
let a: { id: string }, b: { id: string }, c: { id: string };
test.before(async () => {
  s = await startTestServer();
  a = await seed.workspace(s.db.pool, 'Alpha');
  b = await seed.workspace(s.db.pool, 'beta', 'org_b');
  c = await seed.workspace(s.db.pool, 'Gamma');
  await seed.member(s.db.pool, a.id, 'pat@x.test', 'member');
  await seed.member(s.db.pool, b.id, 'pat@x.test', 'admin');
  await seed.member(s.db.pool, c.id, 'other@x.test', 'owner');
  key = (await seed.key(s.db.pool, 'pat@x.test', 'hackathon')).key;
});
test.after.always(() => s?.close());

test.serial('lists only your workspaces, with role, organization and the default', async (t) => {
  const r = await http(s.url, 'GET', '/api/v1/workspaces', { key });
  t.is(r.status, 200);
  t.deepEqual(r.body.items, [
    { id: a.id, name: 'Alpha', organizationId: null, role: 'member', isDefault: true },
    { id: b.id, name: 'beta', organizationId: 'org_b', role: 'admin', isDefault: false },
  ]);
  t.is(r.body.nextCursor, null);
});

test.serial('the default workspace moves to another membership, never to a stranger workspace', async (t) => {
  const r = await http(s.url, 'PUT', '/api/v1/me/default-workspace', { key, body: { workspaceId: b.id } });
  t.is(r.status, 200);
  t.is(r.body.defaultWorkspace.name, 'beta');
  t.is((await http(s.url, 'GET', '/api/v1/me', { key })).body.workspace.id, b.id);
  const stranger = await http(s.url, 'PUT', '/api/v1/me/default-workspace', { key, body: { workspaceId: c.id } });
  t.is(stranger.status, 404);
  t.is(stranger.body.error.code, 'workspace_not_found');
  const bad = await http(s.url, 'PUT', '/api/v1/me/default-workspace', { key, body: { workspaceId: 'Alpha' } });
  t.is(bad.body.error.field, 'workspaceId');
});

test.serial('a read-only key cannot change the default', async (t) => {
  const ro = (await seed.key(s.db.pool, 'pat@x.test', 'hackathon', { scopes: ['hackathon:read'] })).key;
  t.is((await http(s.url, 'GET', '/api/v1/workspaces', { key: ro })).status, 200);
  const r = await http(s.url, 'PUT', '/api/v1/me/default-workspace', { key: ro, body: { workspaceId: a.id } });
  t.is(r.body.error.code, 'insufficient_scope');
});

test.serial('a key pinned to one workspace cannot change the account default (REST and GraphQL), naming its pin', async (t) => {
  const pinned = (await seed.key(s.db.pool, 'pat@x.test', 'hackathon', { workspaceId: a.id })).key;
  const before = (await http(s.url, 'GET', '/api/v1/me', { key })).body.workspace.id;
  for (const target of [b.id, a.id]) {
    const r = await http(s.url, 'PUT', '/api/v1/me/default-workspace', { key: pinned, body: { workspaceId: target } });
    t.is(r.status, 403);
    t.like(r.body.error, { code: 'workspace_pinned', pinnedWorkspaceId: a.id });
    t.regex(r.body.error.message, new RegExp(`pinned to workspace Alpha \\(${a.id}\\).*cannot change your default workspace`));
  }
  const gql = await http(s.url, 'POST', '/graphql', {
    key: pinned,
    body: { query: 'mutation($id: UUID!) { setDefaultWorkspace(input: { workspace: $id }) { result { id name organizationId } } }', variables: { id: b.id } },
  });
  t.like(gql.body.errors?.[0], { extensions: { code: 'workspace_pinned', pinnedWorkspaceId: a.id } });
  t.is((await http(s.url, 'GET', '/api/v1/me', { key })).body.workspace.id, before, 'the default did not move');
  t.is((await http(s.url, 'PUT', '/api/v1/me/default-workspace', { key, body: { workspaceId: before } })).status, 200, 'an unpinned key still may');
});

test.serial('on a cloud instance the default is a hub account setting', async (t) => {
  const cloud = await startTestServer({ db: s.db, env: { HUB_URL: 'https://hub.podium.test', HUB_INSTANCE_SECRET: 'test-instance-secret-0123456789abcdef' } });
  try {
    const r = await http(cloud.url, 'PUT', '/api/v1/me/default-workspace', { key, body: { workspaceId: a.id } });
    t.is(r.status, 409);
    t.is(r.body.error.code, 'managed_on_hub');
    t.is(r.body.error.accountUrl, 'https://hub.podium.test/account');
  } finally {
    await cloud.close();
  }
});
