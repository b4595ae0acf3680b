// Results in SQL: the worked example of docs/VOTING.md fraction for fraction (a tie at rank 1,
// decimals, coverage, digest over the canonical serialisation), `calculate` on the same
// ballot set, release by version, the export anyone recounts, and invalidation after the
// close with every refusal, then recalculation. Plus unranked candidates.
import { createHash } from 'node:crypto';
import test from 'ava';
import { createTestDatabase, type TestDatabase } from '../../helpers/db.ts';
import { openVote, refusal, submit, voteFixture, type VoteFixture } from '../../helpers/vote.ts';

let db: TestDatabase;
let fx: VoteFixture;
let version: number;
// Zeta has no vote link: no candidate, but its two members vote (ranking three candidates).
const TEAMS = { Apollo: ['dan@r.test'], Comet: ['cat@r.test'], Rocket: ['ann@r.test', 'gus@r.test'], Zeta: ['eve@r.test', 'fay@r.test'] };

test.before(async () => {
  db = await createTestDatabase();
  fx = await voteFixture(db.pool, 'Results', { teams: TEAMS, ready: ['Apollo', 'Comet', 'Rocket'] });
  version = await openVote(fx);
});
test.after.always(() => db?.drop());

const ballotId = async (email: string) => (await db.pool.query(
  `select b.id from app.vote_ballots b join app.vote_voters v on v.id = b.voter_id where lower(v.email) = $1 and b.event_id = $2`, [email, fx.eventId])).rows[0].id as string;

/** The digest as docs/VOTING.md defines it, written here from the text of the definition. */
function digestOf(eligibilityVersion: number, rankings: string[][]): string {
  const lines = rankings.map((r) => r.join(',')).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const text = `podium-vote-v1\neligibility ${eligibilityVersion}\n` + lines.map((l) => l + '\n').join('');
  return createHash('sha256').update(text, 'utf8').digest('hex').slice(0, 12);
}

test.serial('results calculate before the close: voting_not_closed; invalidate too', async (t) => {
  await submit(fx, 'ann@r.test', ['Comet', 'Apollo'], version);
  await submit(fx, 'cat@r.test', ['Rocket', 'Apollo'], version);
  await submit(fx, 'dan@r.test', ['Comet', 'Rocket'], version);
  await submit(fx, 'eve@r.test', ['Rocket', 'Comet', 'Apollo'], version);
  await submit(fx, 'fay@r.test', ['Apollo', 'Rocket', 'Comet'], version);
  await fx.call('gus@r.test', 'app.save_vote_ballot($1, $2, 0)', [[fx.teams.Comet], version]); // a draft: never counted
  t.like(await refusal(fx.call('owner', 'app.calculate_vote_results()')), { code: 'voting_not_closed', details: { voteState: 'open' } });
  t.like(await refusal(fx.call('owner', 'app.invalidate_vote_ballot($1, $2)', [await ballotId('fay@r.test'), 'x'])), { code: 'voting_not_closed' });
});

test.serial('the worked example: Comet and Rocket tie at 5/8, Apollo 1/4; coverage; digest of the canonical serialisation', async (t) => {
  await fx.call('owner', 'app.close_voting()');
  const c = await fx.call('owner', 'app.calculate_vote_results()');
  t.like(c, { version: 1, created: true });
  const r = c.result;
  t.like(r, { version: 1, eligibilityVersion: version, released: false, releasedAt: null });
  t.deepEqual(r.rows.map((x: any) => [x.rank, x.name, x.fraction, x.score, x.ballots]), [
    [1, 'Comet', '5/8', '0.6250', 4],
    [1, 'Rocket', '5/8', '0.6250', 4],
    [3, 'Apollo', '1/4', '0.2500', 4],
  ]);
  t.deepEqual(r.ties, [{ rank: 1, projectIds: [fx.teams.Comet, fx.teams.Rocket], names: ['Comet', 'Rocket'] }]);
  t.deepEqual(r.coverage, { voters: 6, submitted: 5, invalidated: 0, candidates: 3, excludedCandidates: 0, excludedVoters: 0 });
  const T = fx.teams;
  t.is(r.digest, digestOf(version, [[T.Comet!, T.Apollo!], [T.Rocket!, T.Apollo!], [T.Comet!, T.Rocket!], [T.Rocket!, T.Comet!, T.Apollo!], [T.Apollo!, T.Rocket!, T.Comet!]]));
  t.regex(r.digest, /^[0-9a-f]{12}$/);
});

test.serial('results calculate on the same ballot set: the version that already holds it, nothing new', async (t) => {
  t.like(await fx.call('owner', 'app.calculate_vote_results()'), { version: 1, created: false });
  t.is((await fx.call('owner', 'app.community_results()')).items.length, 1);
});

test.serial('the export: candidates and the counted rankings in canonical order, no voter and no ballot id; participants only once released', async (t) => {
  const x = await fx.call('owner', 'app.community_results_export(1)');
  t.like(x, { format: 'podium-vote-ballots/1', eligibilityVersion: version, resultVersion: 1 });
  t.is(x.digest, digestOf(version, x.ballots));
  const lines = x.ballots.map((b: string[]) => b.join(','));
  t.deepEqual(lines, [...lines].sort());
  t.deepEqual(x.candidates.map((c: any) => c.name), ['Apollo', 'Comet', 'Rocket']);
  const text = JSON.stringify(x);
  for (const email of Object.values(TEAMS).flat()) t.false(text.includes(email));
  for (const email of ['ann@r.test', 'fay@r.test']) t.false(text.includes(await ballotId(email)));
  t.like(await refusal(fx.call('ann@r.test', 'app.community_results_export(1)')), { code: 'not_found' });
  t.like(await refusal(fx.call('owner', 'app.community_results_export(9)')), { code: 'not_found', details: { version: 9 } });
});

test.serial('results release <version>: released (participants now read it); an unknown version is not_found', async (t) => {
  t.deepEqual(await fx.as('ann@r.test', 'select version from app.vote_results'), []);
  t.like(await refusal(fx.call('owner', 'app.release_vote_results(7)')), { code: 'not_found', details: { version: 7 } });
  const r = await fx.call('owner', 'app.release_vote_results(1)');
  t.like(r, { version: 1, released: true });
  t.truthy(r.releasedAt);
  t.like(await fx.call('owner', 'app.release_vote_results(1)'), { releasedAt: r.releasedAt }, 'idempotent');
  t.deepEqual(await fx.as('ann@r.test', 'select version from app.vote_results'), [{ version: 1 }]);
  t.like(await fx.call('ann@r.test', 'app.community_results_export(1)'), { resultVersion: 1 });
  t.like((await fx.call('ann@r.test', 'app.community_status()')).results, { version: 1, released: true });
});

test.serial('ballots invalidate: not_found, ballot_not_submitted, then invalidated with results recalculated; ballot_invalidated after', async (t) => {
  const inv = (id: string, reason = 'voted twice from a shared laptop') => fx.call('owner', 'app.invalidate_vote_ballot($1, $2)', [id, reason]);
  t.like(await refusal(inv('00000000-0000-4000-8000-000000000000')), { code: 'not_found' });
  t.like(await refusal(inv(await ballotId('gus@r.test'))), { code: 'ballot_not_submitted', details: { state: 'draft' } });
  t.like(await refusal(inv(await ballotId('fay@r.test'), '')), { code: 'invalid_input', details: { field: 'reason' } });
  const r = await inv(await ballotId('fay@r.test'));
  t.like(r, { ballot: { email: 'fay@r.test', state: 'invalidated', invalidationReason: 'voted twice from a shared laptop' }, recalculated: { version: 2, created: true } });
  const again = await refusal(inv(await ballotId('fay@r.test')));
  t.like(again, { code: 'ballot_invalidated', details: { invalidationReason: 'voted twice from a shared laptop' } });
  const v2 = (await fx.call('owner', 'app.community_results()')).items[0];
  t.like(v2, { version: 2, released: false });
  t.deepEqual(v2.rows.map((x: any) => [x.rank, x.name, x.fraction, x.score, x.ballots]), [
    [1, 'Comet', '5/6', '0.8333', 3],
    [2, 'Rocket', '2/3', '0.6667', 3],
    [3, 'Apollo', '0/1', '0.0000', 3],
  ]);
  t.deepEqual(v2.ties, []);
  t.like(v2.coverage, { submitted: 4, invalidated: 1 });
  t.like(await fx.call('owner', 'app.calculate_vote_results()'), { version: 2, created: false });
  // The first version stays as it was, released.
  t.like((await fx.call('owner', 'app.community_results()')).items[1], { version: 1, released: true, rows: [{ fraction: '5/8' }, { fraction: '5/8' }, { fraction: '1/4' }] });
  const list = await fx.call('owner', 'app_private.community_ballots()');
  t.like(list.items.find((i: any) => i.email === 'fay@r.test'), { state: 'invalidated', invalidationReason: 'voted twice from a shared laptop' });
});

test.serial('a candidate no counted ballot ranks is unranked (-), listed after the ranked ones; no ballots at all: every candidate unranked', async (t) => {
  const f2 = await voteFixture(db.pool, 'Unranked', { teams: { Solo: ['solo1@u.test', 'solo2@u.test'], Duo: ['duo@u.test'] } });
  const v = await openVote(f2);
  // Only Duo's member votes: Duo itself is ranked by nobody.
  await submit(f2, 'duo@u.test', ['Solo'], v);
  await f2.call('owner', 'app.close_voting()');
  const r = (await f2.call('owner', 'app.calculate_vote_results()')).result;
  t.deepEqual(r.rows.map((x: any) => [x.rank, x.name, x.fraction, x.score, x.ballots]), [[1, 'Solo', '1/1', '1.0000', 1], [null, 'Duo', null, null, 0]]);
  await f2.call('owner', 'app.invalidate_vote_ballot($1, $2)', [(await f2.as('duo@u.test', 'select id from app.vote_ballots'))[0].id, 'test']);
  const none = (await f2.call('owner', 'app.community_results()')).items[0];
  t.deepEqual(none.rows.map((x: any) => [x.rank, x.name]), [[null, 'Duo'], [null, 'Solo']]);
  t.is(none.digest, digestOf(v, []));
});
