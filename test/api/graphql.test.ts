// GraphQL is authenticated exactly like REST, and row-level security decides what each
// caller sees: two workspaces stay apart over GraphQL as over SQL.
import test from 'ava';
import { getIntrospectionQuery } from 'postgraphile/graphql';
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

test('a request with 500 aliases is refused before it runs: 400, the GraphQL error shape, the limit named', async (t) => {
  const many = `{ ${Array.from({ length: 500 }, (_, i) => `u${i}: allUsers { nodes { email } }`).join(' ')} }`;
  const r = await gql(keyA, many);
  t.is(r.status, 400, r.text.slice(0, 300));
  t.is(r.body.data, undefined, 'nothing ran');
  t.is(r.body.errors.length, 1);
  t.regex(r.body.errors[0].message, /^This request asks for too much: more than 50 aliased fields in one operation\. Split it into several requests\.$/);
  // A client that accepts only application/json gets GraphQL over HTTP's legacy 200, the same errors and no data.
  const legacy = await http(s.url, 'POST', '/graphql', { key: keyA, body: { query: many }, headers: { accept: 'application/json' } });
  t.is(legacy.status, 200);
  t.is(legacy.body.data, undefined);
  t.regex(legacy.body.errors[0].message, /more than 50 aliased fields/);
  // A fragment counts where it is spread: 30 aliases spread twice is 60.
  const spread = `{ a: allWorkspaces { nodes { ...F } } b: allWorkspaces { nodes { ...F } } } fragment F on Workspace { ${Array.from({ length: 30 }, (_, i) => `n${i}: name`).join(' ')} }`;
  const s2 = await gql(keyA, spread);
  t.is(s2.status, 400, s2.text.slice(0, 300));
  t.regex(s2.body.errors[0].message, /more than 50 aliased fields/);
});

test('nesting past the depth limit is refused; a normal query, 50 aliases and the full introspection query are fine', async (t) => {
  let deep = 'email';
  for (let i = 0; i < 16; i++) deep = `x${i} { ${deep} }`;
  const r = await gql(keyA, `{ ${deep} }`);
  t.is(r.status, 400);
  t.true(r.body.errors.some((e: { message: string }) => /fields nested more than 15 levels deep/.test(e.message)), r.text.slice(0, 500));
  const fifty = await gql(keyA, `{ ${Array.from({ length: 50 }, (_, i) => `u${i}: allWorkspaces { nodes { name } }`).join(' ')} }`);
  t.is(fifty.status, 200, fifty.text.slice(0, 300));
  t.deepEqual(fifty.body.data.u49.nodes, [{ name: 'Alpha' }]);
  const normal = await gql(keyA);
  t.is(normal.status, 200);
  const introspection = await gql(keyA, getIntrospectionQuery());
  t.is(introspection.status, 200, introspection.text.slice(0, 300));
  t.truthy(introspection.body.data.__schema.queryType);
});

test('batching is not offered: an array of operations is a clean 400 in the GraphQL error shape, nothing runs', async (t) => {
  const batch = [{ query: '{ currentUserId }' }, { query: '{ currentWorkspaceId }' }];
  for (const accept of [undefined, 'application/json']) {
    const r = await http(s.url, 'POST', '/graphql', { key: keyA, body: batch, headers: accept ? { accept } : {} });
    t.is(r.status, 400, r.text);
    t.false(Array.isArray(r.body), 'not a batch of answers');
    t.is(r.body.data, undefined);
    t.deepEqual(r.body.errors.map((e: { message: string }) => e.message), ['Invalid body; expected object']);
  }
});

test('persisted queries are not offered: a hash or a document id without the query is a clean 400; a query sent with the hash just runs', async (t) => {
  const persisted = { version: 1, sha256Hash: 'a'.repeat(64) };
  for (const body of [{ extensions: { persistedQuery: persisted } }, { documentId: 'currentUser' }, { id: 'currentUser' }]) {
    const r = await http(s.url, 'POST', '/graphql', { key: keyA, body });
    t.is(r.status, 400, JSON.stringify(body));
    t.is(r.body.data, undefined);
    t.deepEqual(r.body.errors.map((e: { message: string }) => e.message), ['query must be a string'], JSON.stringify(body));
  }
  // Nothing was registered by the first request, nor by this one: the extension is ignored and the query runs.
  const withQuery = await http(s.url, 'POST', '/graphql', { key: keyA, body: { query: '{ allWorkspaces { nodes { name } } }', extensions: { persistedQuery: persisted } } });
  t.is(withQuery.status, 200, withQuery.text);
  t.deepEqual(withQuery.body.data.allWorkspaces.nodes, [{ name: 'Alpha' }]);
  const again = await http(s.url, 'POST', '/graphql', { key: keyA, body: { extensions: { persistedQuery: persisted } } });
  t.is(again.status, 400);
});
