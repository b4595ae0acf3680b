// Scopes hold on GraphQL reads. /graphql takes any key, and its table reads are plain
// SELECTs under row security: the policies check the tool's read scope (presentations:read
// for deck tables, hackathon:read for event tables), not only membership. Two workspaces:
// B's keys read none of A's rows; in A, a key of one tool reads none of the other tool's
// rows, and a data:export key lists no decks.
import test from 'ava';
import { publish } from '../helpers/deck.ts';
import { createEvent, HOUR, importRoster } from '../helpers/event.ts';
import { http } from '../helpers/http.ts';
import * as seed from '../../ops/harness/seed.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

let s: TestServer;
let wsA: string, deckA: string;
const keys: Record<'aDeck' | 'aEvent' | 'aExport' | 'bDeck' | 'bEvent', string> = { aDeck: '', aEvent: '', aExport: '', bDeck: '', bEvent: '' };

test.before(async () => {
  s = await startTestServer();
  const a = await seed.basicWorkspace(s.db.pool, 'Alpha', 'ann@alpha.test');
  const b = await seed.basicWorkspace(s.db.pool, 'Beta', 'ben@beta.test');
  wsA = a.ws.id;
  Object.assign(keys, {
    aDeck: a.deckKey.key,
    aEvent: a.hackKey.key,
    aExport: (await seed.key(s.db.pool, 'ann@alpha.test', 'deck', { scopes: ['data:export'] })).key,
    bDeck: b.deckKey.key,
    bEvent: b.hackKey.key,
  });
  // A: a deck with a share link and a form answer, and an event with a roster (and so projects).
  const p = await publish(s.url, keys.aDeck, { 'index.html': '<form method="post" action="forms/contact"><input name="email"></form>' }, { title: 'Alpha deck' });
  if (p.status !== 201) throw new Error(JSON.stringify(p.body));
  deckA = p.body.presentation.id;
  const link = await http(s.url, 'POST', `/api/v1/presentations/${deckA}/share-links`, { key: keys.aDeck, body: {} });
  const answer = await http(s.url, 'POST', link.body.url.slice(s.url.length) + 'forms/contact', { body: { email: 'fan@x.test' } });
  if (answer.status >= 300) throw new Error(answer.text);
  await createEvent(s.url, keys.aEvent, Date.now() + HOUR);
  await importRoster(s.url, keys.aEvent, [{ email: 'pat@alpha.test', team: 'Rocket' }]);
  // B: a deck of its own, so its listings are not empty for want of data.
  const q = await publish(s.url, keys.bDeck, { 'index.html': '<h1>Beta</h1>' }, { title: 'Beta deck' });
  if (q.status !== 201) throw new Error(JSON.stringify(q.body));
});
test.after.always(() => s?.close());

const DECK_READS = `{
  decks: allDecks { nodes { workspaceId } } files: allDeckFiles { nodes { deckId } } versions: allDeckVersions { nodes { deckId } }
  links: allShareLinks { nodes { deckId } } responses: allFormResponses { nodes { deckId } } revisions: allFormResponseRevisions { totalCount }
  views: allDeckViews { nodes { deckId } } }`;
const EVENT_READS = `{
  events: allEvents { nodes { workspaceId } } roster: allRosterEntries { totalCount } projects: allProjects { nodes { workspaceId } }
  teams: allEventTeams { totalCount } }`;

async function gql(key: string, query: string) {
  const r = await http(s.url, 'POST', '/graphql', { key, body: { query } });
  if (r.status !== 200) throw new Error(r.text);
  return r.body as { data: any; errors?: { extensions?: { code?: string } }[] };
}
const countOf = (v: { nodes?: unknown[]; totalCount?: number }) => v.totalCount ?? v.nodes!.length;
const listDecks = (key: string) => gql(key, '{ listDecks(limit: 100) { id } }');

test("A's keys read A's rows of their own tool (the allow side)", async (t) => {
  const deck = (await gql(keys.aDeck, DECK_READS)).data;
  for (const table of ['decks', 'files', 'versions', 'links', 'responses', 'revisions']) t.true(countOf(deck[table]) >= 1, table);
  t.deepEqual((await listDecks(keys.aDeck)).data.listDecks.map((d: { id: string }) => d.id), [deckA]);
  const event = (await gql(keys.aEvent, EVENT_READS)).data;
  for (const table of ['events', 'roster', 'projects', 'teams']) t.true(countOf(event[table]) >= 1, table);
});

test("B's keys read none of A's rows", async (t) => {
  const deck = (await gql(keys.bDeck, DECK_READS)).data;
  t.true(deck.decks.nodes.length >= 1, "B's own deck");
  t.false(deck.decks.nodes.some((n: { workspaceId: string }) => n.workspaceId === wsA));
  for (const table of ['files', 'versions', 'links', 'responses', 'views']) {
    t.false(deck[table].nodes.some((n: { deckId: string }) => n.deckId === deckA), table);
  }
  t.is(deck.revisions.totalCount, 0);
  t.false((await listDecks(keys.bDeck)).data.listDecks.some((d: { id: string }) => d.id === deckA));
  const event = (await gql(keys.bEvent, EVENT_READS)).data;
  for (const table of ['events', 'roster', 'projects', 'teams']) t.is(countOf(event[table]), 0, table);
});

test('a hackathon key reads no deck rows of its own workspace, and cannot list decks', async (t) => {
  const deck = (await gql(keys.aEvent, DECK_READS)).data;
  for (const table of ['decks', 'files', 'versions', 'links', 'responses', 'revisions', 'views']) t.is(countOf(deck[table]), 0, table);
  const listed = await listDecks(keys.aEvent);
  t.is(listed.errors?.[0]?.extensions?.code, 'insufficient_scope');
});

test('a deck key reads no event rows of its own workspace', async (t) => {
  const event = (await gql(keys.aDeck, EVENT_READS)).data;
  for (const table of ['events', 'roster', 'projects', 'teams']) t.is(countOf(event[table]), 0, table);
});

test('data:export alone lists no decks and reads no deck rows; it still exports', async (t) => {
  const listed = await listDecks(keys.aExport);
  t.is(listed.errors?.[0]?.extensions?.code, 'insufficient_scope');
  const deck = (await gql(keys.aExport, DECK_READS)).data;
  for (const table of ['decks', 'files', 'links', 'responses']) t.is(countOf(deck[table]), 0, table);
  const exported = await http(s.url, 'GET', '/api/v1/export', { key: keys.aExport });
  t.is(exported.status, 200, exported.text);
  t.is(exported.body.decks[0].id, deckA);
});

test('the directory: any key of A lists names and emails of A\'s members, never their two-factor state or default workspace', async (t) => {
  for (const key of [keys.aDeck, keys.aEvent, keys.aExport]) {
    const users = await gql(key, '{ allUsers { nodes { email name } } }');
    t.true(users.data.allUsers.nodes.some((n: { email: string }) => n.email === 'ann@alpha.test'));
    for (const field of ['twoFactorEnabled', 'defaultWorkspaceId']) {
      const r = await http(s.url, 'POST', '/graphql', { key, body: { query: `{ allUsers { nodes { email ${field} } } }` } });
      t.is(r.body.data, undefined, field);
      t.regex(r.body.errors[0].message, new RegExp(`Cannot query field "${field}"`), field);
    }
  }
  const b = await gql(keys.bEvent, '{ allUsers { nodes { email } } }');
  t.false(b.data.allUsers.nodes.some((n: { email: string }) => n.email.endsWith('@alpha.test')), "B's keys list none of A's members");
});
