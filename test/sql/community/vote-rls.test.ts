// Row-level security of the community vote tables: an allow and a deny for each policy, no
// read without hackathon:read, no direct write by the API role, and two workspaces: B's
// people read, list and change nothing of A's vote (tables and functions, even naming A's
// workspace).
import test from 'ava';
import { asUser } from '../../helpers/as.ts';
import { createTestDatabase, type TestDatabase } from '../../helpers/db.ts';
import { openVote, refusal, RW, submit, voteFixture, type VoteFixture } from '../../helpers/vote.ts';

let db: TestDatabase;
let a: VoteFixture, b: VoteFixture;
let version: number;

test.before(async () => {
  db = await createTestDatabase();
  a = await voteFixture(db.pool, 'Alpha', {
    teams: { Rocket: ['ann@alpha.test'], Comet: ['cat@alpha.test'], Zeta: ['zed@alpha.test'] },
    others: [{ email: 'adv@alpha.test', role: 'advisor' }, { email: 'jury@alpha.test', role: 'jury' }],
  });
  version = await openVote(a, { excludedProjects: [{ projectId: a.teams.Zeta, reason: 'withdrew' }] });
  await submit(a, 'ann@alpha.test', ['Comet'], version);
  await a.call('owner', 'app.close_voting()');
  await a.call('owner', 'app.calculate_vote_results()'); // version 1, unreleased
  await a.call('owner', 'app_private.community_ballots()');
  b = await voteFixture(db.pool, 'Bravo', { teams: { Bee: ['bee@bravo.test'] } });
});
test.after.always(() => db?.drop());

const TABLES = ['app.vote_eligibility', 'app.vote_candidates', 'app.vote_voters', 'app.vote_ballots', 'app.vote_results', 'app.vote_ballot_reads'];
const count = async (fx: VoteFixture, who: string, table: string, scopes = RW) => (await fx.as(who, `select count(*)::int as n from ${table}`, [], scopes))[0].n as number;

test.serial('vote_eligibility: organizer, participant and advisor read the versions; jury none', async (t) => {
  t.is(await count(a, 'owner', 'app.vote_eligibility'), 1);
  t.is(await count(a, 'ann@alpha.test', 'app.vote_eligibility'), 1);
  t.is(await count(a, 'adv@alpha.test', 'app.vote_eligibility'), 1);
  t.is(await count(a, 'jury@alpha.test', 'app.vote_eligibility'), 0);
});

test.serial('vote_candidates: organizers every row with exclusion reasons; participants and advisors the included ones; jury none', async (t) => {
  t.deepEqual((await a.as('owner', 'select name, reason from app.vote_candidates order by name')).map((r) => [r.name, r.reason]), [['Comet', null], ['Rocket', null], ['Zeta', 'withdrew']]);
  t.deepEqual((await a.as('ann@alpha.test', 'select name from app.vote_candidates order by name')).map((r) => r.name), ['Comet', 'Rocket']);
  t.is(await count(a, 'adv@alpha.test', 'app.vote_candidates'), 2);
  t.is(await count(a, 'jury@alpha.test', 'app.vote_candidates'), 0);
});

test.serial('vote_voters: organizers every row; anyone else their own', async (t) => {
  t.is(await count(a, 'owner', 'app.vote_voters'), 3);
  t.deepEqual((await a.as('ann@alpha.test', 'select email from app.vote_voters')).map((r) => r.email), ['ann@alpha.test']);
  t.is(await count(a, 'adv@alpha.test', 'app.vote_voters'), 0);
});

test.serial('vote_ballots: the voter their own; organizers, other voters, advisors none', async (t) => {
  t.is(await count(a, 'ann@alpha.test', 'app.vote_ballots'), 1);
  t.is(await count(a, 'owner', 'app.vote_ballots'), 0);
  t.is(await count(a, 'cat@alpha.test', 'app.vote_ballots'), 0);
  t.is(await count(a, 'adv@alpha.test', 'app.vote_ballots'), 0);
});

test.serial('vote_results: organizers every version; participants and advisors released ones only', async (t) => {
  t.is(await count(a, 'owner', 'app.vote_results'), 1);
  t.is(await count(a, 'ann@alpha.test', 'app.vote_results'), 0);
  t.is(await count(a, 'adv@alpha.test', 'app.vote_results'), 0);
  await db.pool.query('update app.vote_results set released_at = now() where event_id = $1', [a.eventId]);
  try {
    t.is(await count(a, 'ann@alpha.test', 'app.vote_results'), 1);
    t.is(await count(a, 'adv@alpha.test', 'app.vote_results'), 1);
    t.is(await count(a, 'jury@alpha.test', 'app.vote_results'), 0);
  } finally {
    await db.pool.query('update app.vote_results set released_at = null where event_id = $1', [a.eventId]);
  }
});

test.serial('vote_ballot_reads: the workspace owner reads the audit; participants none', async (t) => {
  t.is(await count(a, 'owner', 'app.vote_ballot_reads'), 1);
  t.is(await count(a, 'ann@alpha.test', 'app.vote_ballot_reads'), 0);
});

test.serial('no read scope, no rows; the API role writes none of the tables directly', async (t) => {
  for (const table of TABLES) {
    t.is(await count(a, 'owner', table, ['hackathon:write']), 0, table);
    const err = await a.as('owner', `delete from ${table}`).then(() => null, (e) => e.code);
    t.is(err, '42501', `${table}: delete refused`);
  }
  const ins = await a.as('ann@alpha.test', `update app.vote_ballots set ranking = '{}'`).then(() => null, (e) => e.code);
  t.is(ins, '42501');
});

test.serial('two workspaces: B reads none of A\'s vote rows, even naming A\'s workspace; B\'s functions act on B only; naming A is refused', async (t) => {
  for (const table of TABLES) t.is(await count(b, 'owner', table), 0, table);
  // B's owner sets A's workspace: not a member there, so not on A's roster.
  const asBinA = asUser(db.pool, b.owner, a.wsId, 'owner', RW);
  for (const table of TABLES) t.is((await asBinA((c) => c.query(`select count(*)::int as n from ${table}`))).rows[0].n, 0, `${table} in A`);
  for (const fn of ['app.community_status()', 'app.community_eligibility()', 'app.community_results()', 'app.calculate_vote_results()', 'app.open_voting()', `app.community_results_export(1)`]) {
    const r = await refusal(asBinA((c) => c.query(`select ${fn}`)));
    t.is(r.code, 'not_on_roster', fn);
  }
  // In B, A's ballot id and results version do not exist.
  const aBallot = (await db.pool.query('select id from app.vote_ballots where event_id = $1 limit 1', [a.eventId])).rows[0].id;
  await b.call('owner', 'app.lock_roster()');
  t.like(await refusal(b.call('owner', 'app.invalidate_vote_ballot($1, $2)', [aBallot, 'x'])), { code: 'voting_not_closed' });
  t.like(await refusal(b.call('owner', 'app.community_results_export(1)')), { code: 'not_found' });
  t.like(await refusal(b.call('owner', 'app.release_vote_results(1)')), { code: 'not_found' });
  t.deepEqual((await b.call('owner', 'app.community_eligibility()')).candidates.map((c: any) => c.name), ['Bee']);
  t.is((await db.pool.query('select count(*)::int as n from app.vote_results where event_id = $1 and released_at is not null', [a.eventId])).rows[0].n, 0);
});
