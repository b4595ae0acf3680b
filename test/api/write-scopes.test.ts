// A write needs the credential's write scope on every path, GraphQL included (POST /graphql
// is open to every key; PostGraphile exposes the app schema): a read-only key cannot
// duplicate a deck or change its default workspace there, a write key can; the refusal is
// the SQL function's own code and message, as on REST. And the rule is
// structural: every write function of the app schema checks a scope before it changes
// anything, directly or through a helper named here.
import test from 'ava';
import { publish } from '../helpers/deck.ts';
import { http } from '../helpers/http.ts';
import * as seed from '../helpers/seed.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

let s: TestServer;
let ws: { id: string };
let readKey: string, writeKey: string, hckRead: string, deckId: string;
test.before(async () => {
  s = await startTestServer();
  ws = await seed.workspace(s.db.pool, 'Scopes');
  await seed.member(s.db.pool, ws.id, 'ann@scopes.test', 'owner');
  writeKey = (await seed.key(s.db.pool, 'ann@scopes.test', 'deck')).key;
  readKey = (await seed.key(s.db.pool, 'ann@scopes.test', 'deck', { scopes: ['presentations:read'] })).key;
  hckRead = (await seed.key(s.db.pool, 'ann@scopes.test', 'hackathon', { scopes: ['hackathon:read'] })).key;
  const p = await publish(s.url, writeKey, { 'index.html': '<h1>src</h1>' }, { title: 'Src' });
  if (p.status !== 201) throw new Error(JSON.stringify(p.body));
  deckId = p.body.presentation.id;
});
test.after.always(() => s?.close());

const gql = (key: string, query: string, variables: Record<string, unknown>) => http(s.url, 'POST', '/graphql', { key, body: { query, variables } });
const DUPLICATE = 'mutation($id: UUID!) { duplicateDeck(input: { pDeck: $id }) { result } }';
const DEFAULT_WS = 'mutation($id: UUID!) { setDefaultWorkspace(input: { pWorkspace: $id }) { result } }';

test('GraphQL: a read-only key cannot duplicate a deck; a write key can', async (t) => {
  const refused = await gql(readKey, DUPLICATE, { id: deckId });
  t.like(refused.body.errors?.[0], { message: 'This key lacks the scope presentations:write', extensions: { code: 'insufficient_scope', needed: ['presentations:write'] } });
  t.is((await s.db.pool.query(`select count(*)::int as n from app.decks where title = 'Src (copy)'`)).rows[0].n, 0, 'nothing copied');
  const ok = await gql(writeKey, DUPLICATE, { id: deckId });
  t.falsy(ok.body.errors, JSON.stringify(ok.body.errors));
  t.is(ok.body.data.duplicateDeck.result.presentation.title, 'Src (copy)');
});

test('GraphQL: the default workspace needs a write scope of either tool', async (t) => {
  for (const key of [readKey, hckRead]) {
    const refused = await gql(key, DEFAULT_WS, { id: ws.id });
    t.like(refused.body.errors?.[0], { extensions: { code: 'insufficient_scope' } });
  }
  const ok = await gql(writeKey, DEFAULT_WS, { id: ws.id });
  t.falsy(ok.body.errors, JSON.stringify(ok.body.errors));
  t.is(ok.body.data.setDefaultWorkspace.result.id, ws.id);
});

test('every write function of the app schema checks a scope before it changes anything', async (t) => {
  // Helpers that check the scope on the caller's behalf (each first statement is the check).
  const checks = ['require_scope', 'require_event_scope', 'has_scope', 'team_for_change', 'submission_exception_check', 'expected_upload'];
  const { rows } = await s.db.pool.query(`
    select p.proname, p.prosrc from pg_proc p join pg_namespace n on n.oid = p.pronamespace
     where n.nspname = 'app' and p.provolatile = 'v'`);
  const unchecked = rows.filter((r) => !checks.some((c) => r.prosrc.includes(c))).map((r) => r.proname);
  t.deepEqual(unchecked, []);
  t.true(rows.length > 20, 'the write functions were found');
});
