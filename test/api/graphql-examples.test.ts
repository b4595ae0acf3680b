// The GraphQL the docs show is GraphQL the server answers: every fenced ```graphql block of
// the Markdown docs (read with markdown-it, not by pattern) is validated with graphql-js
// against the live schema (introspected over /graphql), and run against a seeded database as
// the caller its comment names: a read answers without errors and with the rows the seed
// made; the mutation renames a deck, and refuses one it cannot find with `not_found`.
import test from 'ava';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { buildClientSchema, getIntrospectionQuery, Kind, parse, validate, type GraphQLSchema, type OperationDefinitionNode } from 'postgraphile/graphql';
import { http } from '../helpers/http.ts';
import { fencedBlocks } from '../helpers/markdown.ts';
import * as seed from '../../ops/harness/seed.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { liveDeck, openVote, submit, voteFixture, type VoteFixture } from '../helpers/vote.ts';

let s: TestServer;
let fx: VoteFixture;
let deckId: string;
let schema: GraphQLSchema;
const keys: Record<'organizer' | 'participant' | 'deckOwner', string> = { organizer: '', participant: '', deckOwner: '' };

test.before(async () => {
  s = await startTestServer();
  fx = await voteFixture(s.db.pool, 'Alpha', { teams: { Rocket: ['ann@alpha.test'], Comet: ['cat@alpha.test'], Apollo: ['dan@alpha.test'] } });
  const version = await openVote(fx);
  await submit(fx, 'ann@alpha.test', ['Comet', 'Apollo'], version);
  keys.organizer = (await seed.key(s.db.pool, 'owner@alpha.test', 'hackathon', { scopes: ['hackathon:read'] })).key;
  keys.participant = (await seed.key(s.db.pool, 'ann@alpha.test', 'hackathon', { scopes: ['hackathon:read'] })).key;
  keys.deckOwner = (await seed.key(s.db.pool, 'owner@alpha.test', 'deck', { scopes: ['presentations:read', 'presentations:write'] })).key;
  deckId = (await liveDeck(s.db.pool, fx.wsId, fx.owner)).deckId;
  const intro = await http(s.url, 'POST', '/graphql', { key: keys.organizer, body: { query: getIntrospectionQuery() } });
  if (intro.status !== 200 || intro.body.errors) throw new Error(intro.text.slice(0, 500));
  schema = buildClientSchema(intro.body.data);
});
test.after.always(() => s?.close());

/** Every Markdown file of the docs: README.md, docs/ (with its subfolders) and sql/. */
function markdownFiles(): string[] {
  const walk = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(path.join(dir, e.name)) : e.name.endsWith('.md') ? [path.join(dir, e.name)] : []));
  return ['README.md', ...walk('docs'), ...walk('sql').filter((f) => !f.includes(`${path.sep}migrations${path.sep}`))];
}

const examples = markdownFiles().flatMap((file) => fencedBlocks(readFileSync(file, 'utf8'), 'graphql').map((b) => ({ ...b, file, where: `${file}:${b.line}` })));

const gql = (key: string, query: string, variables?: Record<string, unknown>) => http(s.url, 'POST', '/graphql', { key, body: { query, variables } });

/** Who runs each documented operation (by name), with what, and what its answer must hold. */
const RUNS: Record<string, { as: keyof typeof keys; variables?: () => Record<string, unknown>; check(data: any): void }> = {
  EventAndTeams: {
    as: 'organizer',
    check(data) {
      const [event, ...more] = data.allEvents.nodes;
      if (more.length || event.name !== 'Alpha Hack') throw new Error(`the event: ${JSON.stringify(data.allEvents)}`);
      const teams = event.eventTeamsByEventId.nodes.map((n: any) => n.projectByProjectId.name).sort();
      if (JSON.stringify(teams) !== '["Apollo","Comet","Rocket"]' || event.eventTeamsByEventId.totalCount !== 3) throw new Error(`the teams: ${teams}`);
      if (data.eventStatus?.name !== 'Alpha Hack' || data.eventStatus.role !== 'organizer') throw new Error(`eventStatus: ${JSON.stringify(data.eventStatus)}`);
      const states = data.eventStatus.teams.map((x: any) => x.name).sort();
      if (JSON.stringify(states) !== '["Apollo","Comet","Rocket"]' || data.eventStatus.teams.some((x: any) => typeof x.state !== 'string')) throw new Error(`eventStatus.teams: ${JSON.stringify(data.eventStatus.teams)}`);
    },
  },
  MyBallot: {
    as: 'participant',
    check(data) {
      const [ballot, ...more] = data.allVoteBallots.nodes;
      if (more.length || ballot.state !== 'submitted' || ballot.ranking.length !== 2) throw new Error(`the ballot: ${JSON.stringify(data.allVoteBallots)}`);
      const sheet = data.communityBallot;
      if (sheet?.state !== 'submitted' || sheet.revision !== ballot.revision || sheet.submission?.length !== 2 || sheet.submission[0].name !== 'Comet') throw new Error(`communityBallot: ${JSON.stringify(sheet)}`);
    },
  },
  MyDecks: {
    as: 'deckOwner',
    check(data) {
      // The three teams' vote decks of the fixture, then ours, newest first.
      if (data.allDecks.totalCount !== 4 || data.allDecks.nodes[0].rowId !== deckId) throw new Error(`the decks: ${JSON.stringify(data.allDecks)}`);
      if (data.allDecks.nodes[0].shareLinksByDeckId.nodes.length !== 1) throw new Error('the share link');
      // The typed listing: the same four decks, ours first, each with its owner.
      if (data.listDecks.length !== 4 || data.listDecks[0].id !== deckId || data.listDecks[0].role !== 'owner') throw new Error(`listDecks: ${JSON.stringify(data.listDecks)}`);
      if (data.listDecks.some((d: any) => d.owner?.email !== 'owner@alpha.test')) throw new Error(`listDecks owners: ${JSON.stringify(data.listDecks)}`);
    },
  },
  RenameDeck: {
    as: 'deckOwner',
    variables: () => ({ deck: deckId, title: 'Spring demo' }),
    check(data) {
      if (data.renameDeck.result?.title !== 'Spring demo' || data.renameDeck.result.id !== deckId) throw new Error(`renamed: ${JSON.stringify(data.renameDeck)}`);
    },
  },
};

test('the docs hold the GraphQL examples: an event with its teams, a ballot, a deck listing and a mutation', (t) => {
  t.true(examples.length >= 4, examples.map((e) => e.where).join(', '));
  t.true(examples.some((e) => e.file === path.join('docs', 'GRAPHQL.md')));
});

test('every example is valid against the live schema', (t) => {
  for (const e of examples) {
    const errors = validate(schema, parse(e.content));
    t.deepEqual(errors.map((x) => x.message), [], e.where);
  }
});

test('the check sees an example that is not valid', (t) => {
  t.true(validate(schema, parse('{ repositoryInvitation(pFullName: "acme/rocket") { repository } }')).length > 0, 'the SQL parameter name');
  t.true(validate(schema, parse('{ allDecks { nodes { titel } } }')).length > 0, 'a misspelled field');
  t.is(validate(schema, parse('{ repositoryInvitation(fullName: "acme/rocket") { repository } }')).length, 0);
});

test.serial('every example runs as its caller, reads first, without errors', async (t) => {
  const ops = examples.flatMap((e) =>
    parse(e.content)
      .definitions.filter((d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION)
      .map((op) => ({ e, op, name: op.name?.value ?? '' })),
  );
  t.deepEqual(ops.filter((o) => !RUNS[o.name]).map((o) => `${o.e.where} ${o.name || '(anonymous)'}`), [], 'every example is a named operation with its caller in RUNS');
  t.deepEqual(Object.keys(RUNS).filter((n) => !ops.some((o) => o.name === n)), [], 'RUNS names no operation the docs lost');
  // Reads before writes, so what a read shows is the seed.
  for (const { e, op, name } of [...ops].sort((a, b) => Number(a.op.operation === 'mutation') - Number(b.op.operation === 'mutation'))) {
    const run = RUNS[name]!;
    const r = await gql(keys[run.as], e.content, { ...run.variables?.() });
    t.is(r.status, 200, `${e.where} ${name}: ${r.text.slice(0, 300)}`);
    t.falsy(r.body.errors, `${e.where} ${name}: ${JSON.stringify(r.body.errors)}`);
    t.notThrows(() => run.check(r.body.data), `${e.where} ${name} (${op.operation})`);
  }
  t.true(ops.some((o) => o.op.operation === 'mutation'));
});

test.serial('the documented mutation refuses a deck it cannot find with the documented code', async (t) => {
  const rename = examples.find((e) => /mutation RenameDeck\b/.test(e.content))!;
  const r = await gql(keys.deckOwner, rename.content, { deck: '00000000-0000-4000-8000-000000000000', title: 'x' });
  t.is(r.body.errors?.[0]?.extensions?.code, 'not_found', r.text);
  // A key without the write scope: insufficient_scope, as on REST.
  const reader = (await seed.key(s.db.pool, 'owner@alpha.test', 'deck', { scopes: ['presentations:read'] })).key;
  const ro = await gql(reader, rename.content, { deck: deckId, title: 'x' });
  t.is(ro.body.errors?.[0]?.extensions?.code, 'insufficient_scope', ro.text);
});
