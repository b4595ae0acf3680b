// The GraphQL trust boundary, walked from the schema itself (DIRECTION.md "Trust
// boundaries"): every function podium_app may execute in schema `app` is public API, because
// /graphql takes any key. So, structurally, for the schema as it is today and as it grows:
//   - the only mutations are those functions (PostGraphile's generated create/update/delete
//     of tables are not exposed at all);
//   - every one of them, called through /graphql by a key without any write scope, answers
//     the function's own `insufficient_scope` (the scope is checked before anything else);
//   - no exposed function or field takes a value only the server may compute: a hash, a
//     size the server measures, a secret, a sealed value, an archive (those functions live in
//     app_private, called by the route that computed the value);
//   - every row policy of a deck or event table checks the tool's read scope.
import test from 'ava';
import { buildClientSchema, buildSchema, getIntrospectionQuery, getNamedType, isObjectType, type GraphQLOutputType, type GraphQLSchema } from 'postgraphile/graphql';
import { http } from '../helpers/http.ts';
import * as seed from '../../ops/harness/seed.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

let s: TestServer;
let deckReader: string, eventReader: string;
test.before(async () => {
  s = await startTestServer();
  const ws = await seed.workspace(s.db.pool, 'Catalogue');
  await seed.member(s.db.pool, ws.id, 'owner@catalogue.test', 'owner');
  // Every scope but the write scopes, of each tool.
  deckReader = (await seed.key(s.db.pool, 'owner@catalogue.test', 'deck', { scopes: ['presentations:read', 'data:export'] })).key;
  eventReader = (await seed.key(s.db.pool, 'owner@catalogue.test', 'hackathon', { scopes: ['hackathon:read', 'data:export'] })).key;
});
test.after.always(() => s?.close());

/** A value the server computes or verifies, by the name of the argument or field that would carry it. */
const SERVER_COMPUTED = /hash|sha256|size|secret|seal|archive(?!d)|password|token|last4/i; // not `archived`, a filter

interface Field {
  name: string;
  args: { name: string; type: TypeRef }[];
}
interface TypeRef {
  kind: string;
  name: string | null;
  ofType: TypeRef | null;
}

const camel = (snake: string) => snake.replace(/_([a-z0-9])/g, (_m, c: string) => c.toUpperCase());
const named = (t: TypeRef): string | null => (t.ofType ? named(t.ofType) : t.name);

async function introspect() {
  const ref = 'kind name ofType { kind name ofType { kind name ofType { kind name } } }';
  const query = `{ __schema {
    queryType { fields { name args { name type { ${ref} } } } }
    mutationType { fields { name args { name type { ${ref} } } } }
    types { kind name inputFields { name type { ${ref} } } }
  } }`;
  const r = await http(s.url, 'POST', '/graphql', { key: deckReader, body: { query } });
  if (r.status !== 200 || r.body.errors) throw new Error(r.text);
  return r.body.data.__schema as {
    queryType: { fields: Field[] };
    mutationType: { fields: Field[] } | null;
    types: { kind: string; name: string; inputFields: { name: string; type: TypeRef }[] | null }[];
  };
}

/** The functions of schema `app` the API role may execute: what PostGraphile may expose. */
async function appFunctions() {
  const { rows } = await s.db.pool.query<{ name: string; volatile: boolean; args: string[]; types: string[] }>(`
    select p.proname as name, p.provolatile = 'v' as volatile,
           coalesce(p.proargnames, '{}') as args,
           array(select format_type(t, null) from unnest(p.proargtypes) t) as types
      from pg_proc p join pg_namespace n on n.oid = p.pronamespace
     where n.nspname = 'app' and p.prokind = 'f' and has_function_privilege('podium_app', p.oid, 'execute')
     order by p.proname`);
  return rows;
}

test('the only mutations are the app functions: no generated create, update or delete of a table', async (t) => {
  const schema = await introspect();
  const writes = new Set((await appFunctions()).filter((f) => f.volatile).map((f) => camel(f.name)));
  const mutations = (schema.mutationType?.fields ?? []).map((f) => f.name);
  t.deepEqual(mutations.filter((m) => !writes.has(m)), [], 'mutations that are no SQL function of app');
  t.deepEqual([...writes].filter((w) => !mutations.includes(w)), [], 'write functions missing from the schema (the walk below would not see them)');
  t.true(mutations.length > 20, 'the mutations were found');
  // Mutation inputs are `<Mutation>Input`; a table's create/patch inputs (`DeckInput`, `DeckPatch`) would be extra.
  const inputs = new Set(mutations.map((m) => m[0]!.toUpperCase() + m.slice(1) + 'Input'));
  const crudInputs = schema.types.filter((x) => x.kind === 'INPUT_OBJECT' && (x.name.endsWith('Patch') || (x.name.endsWith('Input') && !inputs.has(x.name))));
  t.deepEqual(crudInputs.map((x) => x.name), [], 'no table create/patch input types');
});

test('every mutation, called through /graphql by a key without a write scope, answers insufficient_scope', async (t) => {
  const mutations = (await introspect()).mutationType?.fields ?? [];
  const wrong: string[] = [];
  for (const m of mutations) {
    for (const [who, key] of [['deck read+export key', deckReader], ['event read+export key', eventReader]] as const) {
      const r = await http(s.url, 'POST', '/graphql', { key, body: { query: `mutation { ${m.name}(input: {}) { clientMutationId } }` } });
      const code = r.body.errors?.[0]?.extensions?.code;
      if (code !== 'insufficient_scope') wrong.push(`${m.name} (${who}): ${code ?? r.text}`);
    }
  }
  t.deepEqual(wrong, []);
  t.true(mutations.length > 20);
});

test('no exposed function takes a hash, a measured size, a secret, a sealed value or an archive', async (t) => {
  const fns = await appFunctions();
  const offending = fns.flatMap((f) =>
    f.args.map((a, i) => ({ f: f.name, a, type: f.types[i] })).filter(({ a, type }) => SERVER_COMPUTED.test(a) || type === 'bytea').map(({ f, a, type }) => `app.${f}(${a} ${type})`),
  );
  t.deepEqual(offending, []);
  t.true(fns.length > 40, 'the functions were found');
});

test('no GraphQL field or input takes such a value either', async (t) => {
  const schema = await introspect();
  const fields = [...schema.queryType.fields, ...(schema.mutationType?.fields ?? [])];
  const args = fields.flatMap((f) => f.args.filter((a) => SERVER_COMPUTED.test(a.name)).map((a) => `${f.name}(${a.name})`));
  // Inputs of mutations (the function's arguments) and of filters; `condition` inputs only
  // filter what row security already lets the caller read.
  const inputs = schema.types
    .filter((x) => x.kind === 'INPUT_OBJECT' && !x.name.endsWith('Condition') && !x.name.endsWith('Filter'))
    .flatMap((x) => (x.inputFields ?? []).filter((f) => SERVER_COMPUTED.test(f.name) || named(f.type) === 'Base64EncodedBinary').map((f) => `${x.name}.${f.name}`));
  t.deepEqual([...args, ...inputs], []);
});

test('the functions that record server-computed values are not on GraphQL', async (t) => {
  const schema = await introspect();
  const names = new Set([...schema.queryType.fields, ...(schema.mutationType?.fields ?? [])].map((f) => f.name));
  for (const gone of ['blobUploaded', 'recordSubmissionException', 'mintShareLink', 'rotateShareSecret', 'mailShareLink', 'createDashboardKey']) {
    t.false(names.has(gone), gone);
  }
});

test('every row policy on a deck or event table checks the tool read scope', async (t) => {
  // Identity tables (who you are, your workspaces and their members) are read by both tools.
  const identity = ['users', 'workspaces', 'memberships'];
  const { rows } = await s.db.pool.query<{ table: string; policy: string; qual: string | null }>(`
    select c.relname as table, p.polname as policy, pg_get_expr(p.polqual, p.polrelid) as qual
      from pg_policy p join pg_class c on c.oid = p.polrelid join pg_namespace n on n.oid = c.relnamespace
     where n.nspname = 'app'`);
  const unchecked = rows
    .filter((r) => !identity.includes(r.table))
    .filter((r) => !/app\.has_scope\('(presentations|hackathon):read'::text\)/.test(r.qual ?? ''))
    .map((r) => `${r.table}.${r.policy}`);
  t.deepEqual(unchecked, []);
  const { rows: tables } = await s.db.pool.query(`
    select c.relname from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where n.nspname = 'app' and c.relkind = 'r' and not c.relrowsecurity`);
  t.deepEqual(tables, [], 'row security is on for every app table');
  t.true(rows.length > 20, 'the policies were found');
});

test('no GraphQL field reads a column podium_app may not select (the directory: two-factor state, default workspace)', async (t) => {
  // Column privileges say who reads what; PostGraphile builds fields from the table,
  // so every column withheld from podium_app must also be withheld from the schema.
  const { rows } = await s.db.pool.query<{ table: string; column: string }>(`
    select c.relname as table, a.attname as column
      from pg_attribute a join pg_class c on c.oid = a.attrelid
     where c.relnamespace = 'app'::regnamespace and c.relkind in ('r', 'v', 'm') and a.attnum > 0 and not a.attisdropped
       and not has_column_privilege('podium_app', c.oid, a.attnum, 'SELECT')
       and has_table_privilege('podium_app', c.oid, 'SELECT') is false
       and exists (select 1 from pg_attribute b where b.attrelid = c.oid and b.attnum > 0 and has_column_privilege('podium_app', c.oid, b.attnum, 'SELECT'))`);
  t.deepEqual(rows.filter((r) => r.table === 'users').map((r) => r.column).sort(), ['default_workspace_id', 'two_factor_enabled']);
  const schema = await introspect();
  const r = await http(s.url, 'POST', '/graphql', { key: deckReader, body: { query: '{ __schema { types { name kind fields { name } } } }' } });
  const objects = (r.body.data.__schema.types as { name: string; kind: string; fields: { name: string }[] | null }[]).filter((x) => x.kind === 'OBJECT');
  const inputs = schema.types.filter((x) => x.kind === 'INPUT_OBJECT');
  // A function's typed answer (a @shape type) is not a column read: the function decides who
  // reads what. memberTwoFactor answers two-factor state to the owners (and each person their own).
  const FUNCTION_ANSWERS = new Set(['MemberTwoFactorState']);
  const exposed = rows.flatMap(({ column }) => [
    ...objects.filter((o) => !FUNCTION_ANSWERS.has(o.name) && o.fields?.some((f) => f.name === camel(column))).map((o) => `${o.name}.${camel(column)}`),
    ...inputs.filter((i) => i.inputFields?.some((f) => f.name === camel(column))).map((i) => `${i.name}.${camel(column)}`),
  ]);
  t.deepEqual(exposed, []);
  t.true(objects.find((o) => o.name === 'User')!.fields!.some((f) => f.name === 'email'), 'the directory itself stays');
});

/** The query fields and the mutations (by their payload's `result`) that answer the JSON scalar. */
function jsonFields(schema: GraphQLSchema) {
  const isJson = (type: GraphQLOutputType) => getNamedType(type).name === 'JSON';
  const queries = Object.values(schema.getQueryType()!.getFields());
  const jsonQueries = queries.filter((f) => isJson(f.type)).map((f) => f.name);
  // A mutation answers `{ result, clientMutationId, query }`: its `result` is the function's answer.
  const mutations = Object.values(schema.getMutationType()?.getFields() ?? {});
  const jsonMutations = mutations
    .filter((f) => {
      const payload = getNamedType(f.type);
      const result = isObjectType(payload) ? payload.getFields().result : undefined;
      return result !== undefined && isJson(result.type);
    })
    .map((f) => f.name);
  return { queries, jsonQueries, mutations, jsonMutations };
}

test('the JSON walk sees a JSON field, a list of JSON and a JSON mutation result, and nothing typed', (t) => {
  const { jsonQueries, jsonMutations } = jsonFields(
    buildSchema(`scalar JSON
      type Deck { title: String meta: JSON }
      type Query { a: JSON b: [JSON!]! c: Int d: Deck }
      input MInput { x: Int }
      type MPayload { result: JSON clientMutationId: String }
      type NPayload { result: Deck query: Query }
      type Mutation { m(input: MInput!): MPayload n(input: MInput!): NPayload }`),
  );
  t.deepEqual(jsonQueries, ['a', 'b']);
  t.deepEqual(jsonMutations, ['m']);
});

test('no query field or mutation answers the untyped JSON scalar: every function answering JSON names its @shape', async (t) => {
  const r = await http(s.url, 'POST', '/graphql', { key: deckReader, body: { query: getIntrospectionQuery() } });
  if (r.status !== 200 || r.body.errors) throw new Error(r.text.slice(0, 500));
  const schema = buildClientSchema(r.body.data);
  const { queries, jsonQueries, mutations, jsonMutations } = jsonFields(schema);
  t.deepEqual(jsonQueries, [], 'query fields answering JSON: give the function a @shape (sql/CONVENTIONS.md rule 9)');
  t.deepEqual(jsonMutations, [], 'mutations answering JSON: give the function a @shape (sql/CONVENTIONS.md rule 9)');
  t.true(queries.length > 100 && mutations.length > 20, 'the schema was walked');
});
