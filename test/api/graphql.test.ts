// GraphQL is authenticated exactly like REST, and row-level security decides what each
// caller sees: two workspaces stay apart over GraphQL as over SQL.
import test from 'ava';
import { http } from '../helpers/http.ts';
import * as seed from '../helpers/seed.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

let s: TestServer;
let keyA: string, keyB: string;
test.before(async () => {
  s = await startTestServer();
  const a = await seed.workspace(s.db.pool, 'Alpha');
  const b = await seed.workspace(s.db.pool, 'Beta');
  await seed.member(s.db.pool, a.id, 'ann@a.test', 'owner');
  await seed.member(s.db.pool, a.id, 'art@a.test', 'member');
  await seed.member(s.db.pool, b.id, 'ben@b.test', 'owner');
  keyA = (await seed.key(s.db.pool, 'ann@a.test', 'deck')).key;
  keyB = (await seed.key(s.db.pool, 'ben@b.test', 'hackathon')).key;
});
test.after.always(() => s?.close());

const QUERY = '{ allUsers { nodes { email } } allWorkspaces { nodes { name } } allMemberships { nodes { role } } }';
const gql = (key: string | undefined, query = QUERY) => http(s.url, 'POST', '/graphql', { key, body: { query } });

test('workspace A sees only its own people and workspace', async (t) => {
  const r = await gql(keyA);
  t.is(r.status, 200, r.text);
  t.deepEqual(r.body.data.allUsers.nodes.map((n: { email: string }) => n.email).sort(), ['ann@a.test', 'art@a.test']);
  t.deepEqual(r.body.data.allWorkspaces.nodes, [{ name: 'Alpha' }]);
  t.is(r.body.data.allMemberships.nodes.length, 2);
});

test('workspace B sees nothing of workspace A', async (t) => {
  const r = await gql(keyB);
  t.deepEqual(r.body.data.allUsers.nodes, [{ email: 'ben@b.test' }]);
  t.deepEqual(r.body.data.allWorkspaces.nodes, [{ name: 'Beta' }]);
});

test('GraphQL without a credential is 401, like REST', async (t) => {
  const r = await gql(undefined);
  t.is(r.status, 401);
  t.is(r.body.error.code, 'unauthorized');
});

test('private schema is not exposed', async (t) => {
  const r = await gql(keyA, '{ __schema { queryType { fields { name } } } }');
  const names: string[] = r.body.data.__schema.queryType.fields.map((f: { name: string }) => f.name);
  t.false(names.some((n) => /apiKey(?!s$)|session|loginCode|userSecret/i.test(n) && !/myApiKey/i.test(n)), names.join(','));
  t.true(names.includes('allMyApiKeys'));
});
