// A write needs the credential's write scope on every path, GraphQL included (POST /graphql
// is open to every key; PostGraphile exposes the app schema): a read-only key cannot
// duplicate a deck or change its default workspace there, a write key can; the refusal is
// the SQL function's own code and message, as on REST. The structural rule (every mutation
// GraphQL exposes, called by a key without a write scope, answers insufficient_scope) is
// walked from the schema itself in test/api/graphql-catalogue.test.ts.
import test from 'ava';
import { publish } from '../helpers/deck.ts';
import { http } from '../helpers/http.ts';
import * as seed from '../../ops/harness/seed.ts';
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
const DUPLICATE = 'mutation($id: UUID!) { duplicateDeck(input: { deck: $id }) { result { presentation { title } } } }';
const DEFAULT_WS = 'mutation($id: UUID!) { setDefaultWorkspace(input: { workspace: $id }) { result { id name organizationId } } }';

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
