// The GraphQL member directory. Others see a person's name and email;
// two-factor state and the default workspace are the person's own, and two-factor state is
// also the workspace owners'. Column privileges say it: the User type has no such
// fields and a query naming them is refused; memberTwoFactor answers what the caller may
// read; a person in two workspaces shows neither workspace's id to the other.
import test from 'ava';
import { http } from '../helpers/http.ts';
import * as seed from '../../ops/harness/seed.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

let s: TestServer;
let wsA: string, wsB: string;
const keys: Record<string, string> = {};

test.before(async () => {
  s = await startTestServer();
  wsA = (await seed.workspace(s.db.pool, 'Alpha')).id;
  wsB = (await seed.workspace(s.db.pool, 'Beta')).id;
  await seed.member(s.db.pool, wsA, 'ann@a.test', 'owner', 'Ann');
  await seed.member(s.db.pool, wsA, 'gus@a.test', 'guest', 'Gus');
  const dual = await seed.member(s.db.pool, wsA, 'dee@x.test', 'member', 'Dee');
  await seed.member(s.db.pool, wsB, 'dee@x.test', 'member', 'Dee');
  await seed.member(s.db.pool, wsB, 'ben@b.test', 'owner', 'Ben');
  // Dee: two-factor on, default workspace Beta.
  await s.db.pool.query('update app.users set two_factor_enabled = true, default_workspace_id = $2 where id = $1', [dual.userId, wsB]);
  keys.ann = (await seed.key(s.db.pool, 'ann@a.test', 'hackathon', { workspaceId: wsA })).key;
  keys.gus = (await seed.key(s.db.pool, 'gus@a.test', 'hackathon', { workspaceId: wsA, scopes: ['hackathon:read'] })).key;
  keys.dee = (await seed.key(s.db.pool, 'dee@x.test', 'deck', { workspaceId: wsA })).key;
  keys.ben = (await seed.key(s.db.pool, 'ben@b.test', 'deck', { workspaceId: wsB })).key;
});
test.after.always(() => s?.close());

const gql = (key: string, query: string) => http(s.url, 'POST', '/graphql', { key, body: { query } });

test('the User type carries id, email, name and dates only: no two-factor state, no default workspace', async (t) => {
  const r = await gql(keys.gus!, '{ __type(name: "User") { fields { name } } }');
  const fields = r.body.data.__type.fields.map((f: { name: string }) => f.name);
  t.false(fields.includes('twoFactorEnabled'), fields.join(','));
  t.false(fields.includes('defaultWorkspaceId'), fields.join(','));
  t.true(fields.includes('email'));
  t.true(fields.includes('name'));
});

test('a guest\'s read-only key lists names and emails, and a query for two-factor state or default workspace is refused', async (t) => {
  const list = await gql(keys.gus!, '{ allUsers { nodes { email name } } }');
  t.is(list.status, 200, list.text);
  t.deepEqual(list.body.data.allUsers.nodes.map((n: { email: string }) => n.email).sort(), ['ann@a.test', 'dee@x.test', 'gus@a.test']);
  for (const q of ['{ allUsers { nodes { email twoFactorEnabled } } }', '{ allUsers { nodes { email defaultWorkspaceId } } }']) {
    const r = await gql(keys.gus!, q);
    t.is(r.body.data, undefined, q);
    t.truthy(r.body.errors?.length, q);
    t.false(r.text.includes(wsB), 'no workspace id of Beta in the answer');
  }
  // Filters and orderings cannot probe the columns either.
  const probe = await gql(keys.gus!, '{ allUsers(condition: { twoFactorEnabled: true }) { nodes { email } } }');
  t.truthy(probe.body.errors?.length);
  const probe2 = await gql(keys.gus!, `{ allUsers(condition: { defaultWorkspaceId: "${wsB}" }) { nodes { email } } }`);
  t.truthy(probe2.body.errors?.length);
});

test('memberTwoFactor: an owner sees every member of the workspace; a guest or member only themselves', async (t) => {
  const owner = await gql(keys.ann!, '{ memberTwoFactor { userId email name twoFactorEnabled } }');
  t.is(owner.status, 200, owner.text);
  t.deepEqual(owner.body.data.memberTwoFactor.map((x: { email: string; twoFactorEnabled: boolean }) => [x.email, x.twoFactorEnabled]),
    [['ann@a.test', false], ['dee@x.test', true], ['gus@a.test', false]]);
  const guest = await gql(keys.gus!, '{ memberTwoFactor { userId email name twoFactorEnabled } }');
  t.deepEqual(guest.body.data.memberTwoFactor.map((x: { email: string }) => x.email), ['gus@a.test']);
  const dee = await gql(keys.dee!, '{ memberTwoFactor { userId email name twoFactorEnabled } }');
  t.deepEqual(dee.body.data.memberTwoFactor.map((x: { email: string; twoFactorEnabled: boolean }) => [x.email, x.twoFactorEnabled]), [['dee@x.test', true]]);
  // Ben owns Beta, where Dee is a member: he sees Dee there, never Alpha's people.
  const ben = await gql(keys.ben!, '{ memberTwoFactor { userId email name twoFactorEnabled } }');
  t.deepEqual(ben.body.data.memberTwoFactor.map((x: { email: string }) => x.email), ['ben@b.test', 'dee@x.test']);
});

test('a person in two workspaces: Alpha never reads Beta\'s id; the person reads their own default', async (t) => {
  for (const key of [keys.ann!, keys.gus!]) {
    const r = await gql(key, '{ allUsers { nodes { id email name } } allMemberships { nodes { userId workspaceId role } } }');
    t.is(r.status, 200, r.text);
    t.false(r.text.includes(wsB), 'Beta\'s id is not in Alpha\'s directory');
  }
  const mine = await gql(keys.dee!, '{ myWorkspaces { id name organizationId role isDefault } }');
  t.is(mine.status, 200, mine.text);
  t.deepEqual(mine.body.data.myWorkspaces.map((w: { id: string; isDefault: boolean }) => [w.id, w.isDefault]).sort(),
    [[wsA, false], [wsB, true]].sort());
  const me = await http(s.url, 'GET', '/api/v1/me', { key: keys.dee! });
  t.is(me.status, 200, me.text);
});
