// Ballots in SQL: every row of the spec's "Ballot" table, each refusal with its code and
// nothing stored (invalid_ballot per fault, revision_conflict naming the revision to pass,
// eligibility_stale, not_eligible_voter, voting_not_open outside the window and at the exact
// closing instant), two concurrent submits at the same revision (exactly one wins), ballot
// show, and the organizers' list: never a ranking, every read audited.
import test from 'ava';
import { asUser } from '../../helpers/as.ts';
import { createTestDatabase, type TestDatabase } from '../../helpers/db.ts';
import { atInstant, openVote, refusal, SCHEDULE, submit, voteFixture, type VoteFixture } from '../../helpers/vote.ts';

let db: TestDatabase;
let fx: VoteFixture;
let version: number;
const TEAMS = { Rocket: ['ann@b.test', 'bob@b.test'], Comet: ['cat@b.test'], Apollo: ['dan@b.test'], Zeta: ['eve@b.test'] };

test.before(async () => {
  db = await createTestDatabase();
  fx = await voteFixture(db.pool, 'Ballots', {
    teams: TEAMS,
    others: [{ email: 'adv@b.test', role: 'advisor' }, { email: 'org@b.test', role: 'organizer' }],
  });
  // Zeta is excluded as a candidate; eve (on Zeta) still votes; bob is excluded as a voter.
  version = await openVote(fx, {
    excludedProjects: [{ projectId: fx.teams.Zeta, reason: 'withdrew' }],
    excludedVoters: [{ email: 'bob@b.test', reason: 'helped judge' }],
  });
});
test.after.always(() => db?.drop());

const save = (who: string, ranking: unknown[], rev: number, ver = version) =>
  fx.call(who, 'app.save_vote_ballot($1, $2, $3)', [ranking.map((r) => fx.teams[r as string] ?? r), ver, rev]);
const show = (who: string) => fx.call(who, 'app.community_ballot()');
const ballotRows = async () => Number((await db.pool.query('select count(*) from app.vote_ballots where event_id = $1', [fx.eventId])).rows[0].count);
const stored = async (email: string) => (await db.pool.query(
  `select b.state, b.revision, b.draft, b.ranking from app.vote_ballots b join app.vote_voters v on v.id = b.voter_id where lower(v.email) = $1`, [email])).rows[0];

test.serial('ballot show before any save: revision 0, state none, the candidates but your own team, numbered by the client from this order', async (t) => {
  const b = await show('ann@b.test');
  t.like(b, { eligibilityVersion: version, state: 'none', revision: 0, canSubmit: true, cannotSubmitReason: null, voteState: 'open', team: { name: 'Rocket' }, draft: null, submission: null });
  t.deepEqual(b.candidates.map((c: any) => c.name), ['Apollo', 'Comet'], 'own team and excluded candidates left out');
  const links = (await fx.pool.query('select p.name, t.vote_link from app.event_teams t join app.projects p on p.id = t.project_id where t.event_id = $1', [fx.eventId])).rows;
  t.deepEqual(b.candidates.map((c: any) => c.voteLink), ['Apollo', 'Comet'].map((n) => links.find((l) => l.name === n)!.vote_link), 'each candidate with its vote presentation');
  t.true(b.candidates.every((c: any) => /^https:\/\/.+\/v\/.+\/$/.test(c.voteLink)));
  t.deepEqual((await show('eve@b.test')).candidates.map((c: any) => c.name), ['Apollo', 'Comet', 'Rocket'], 'a voter whose team is excluded ranks every candidate');
});

test.serial('none -> ballot save -> draft (partial or empty), revision counts up, accepted time set', async (t) => {
  const r1 = await save('ann@b.test', ['Comet'], 0);
  t.like(r1, { state: 'draft', revision: 1, eligibilityVersion: version, submission: null });
  t.deepEqual(r1.draft.map((x: any) => x.name), ['Comet']);
  t.truthy(r1.acceptedAt);
  const r2 = await save('ann@b.test', [], 1);
  t.like(r2, { state: 'draft', revision: 2 });
  t.deepEqual(r2.draft, []);
});

test.serial('revision_conflict names the current revision and the --expected-revision to pass; nothing stored', async (t) => {
  const r = await refusal(save('ann@b.test', ['Apollo'], 1));
  t.like(r, { code: 'revision_conflict', message: 'Your ballot is at revision 2: pass --expected-revision 2', details: { currentRevision: 2, expectedRevision: 1 } });
  const none = await refusal(save('cat@b.test', ['Apollo'], 3));
  t.like(none, { code: 'revision_conflict', message: 'Your ballot is at revision 0: pass --expected-revision 0', details: { currentRevision: 0 } });
  t.like(await stored('ann@b.test'), { revision: 2, draft: [] });
  t.is(await stored('cat@b.test'), undefined);
});

test.serial('draft -> ballot submit -> submitted; submitted -> save keeps it submitted; a later submission replaces the earlier', async (t) => {
  const s1 = await submit(fx, 'ann@b.test', ['Comet', 'Apollo'], version, 2);
  t.like(s1, { state: 'submitted', revision: 3, draft: null });
  t.deepEqual(s1.submission.map((x: any) => x.name), ['Comet', 'Apollo']);
  t.truthy(s1.submittedAt);
  const d = await save('ann@b.test', ['Apollo'], 3);
  t.like(d, { state: 'submitted', revision: 4 });
  t.deepEqual(d.draft.map((x: any) => x.name), ['Apollo']);
  t.deepEqual(d.submission.map((x: any) => x.name), ['Comet', 'Apollo'], 'a draft never withdraws a submission');
  const shown = await show('ann@b.test');
  t.like(shown, { state: 'submitted', revision: 4 });
  t.deepEqual([shown.draft.map((x: any) => x.name), shown.submission.map((x: any) => x.name)], [['Apollo'], ['Comet', 'Apollo']]);
  const s2 = await submit(fx, 'ann@b.test', ['Apollo', 'Comet'], version, 4);
  t.like(s2, { state: 'submitted', revision: 5, draft: null });
  t.deepEqual(s2.submission.map((x: any) => x.name), ['Apollo', 'Comet']);
  t.deepEqual((await stored('ann@b.test')).ranking, [fx.teams.Apollo, fx.teams.Comet]);
});

test.serial('none -> ballot submit -> submitted directly', async (t) => {
  const s = await submit(fx, 'dan@b.test', ['Rocket', 'Comet'], version, 0);
  t.like(s, { state: 'submitted', revision: 1 });
});

test.serial('invalid_ballot names the fault and the project id: malformed, named twice, own team, not a candidate, left out, empty; nothing stored', async (t) => {
  const before = await stored('cat@b.test');
  const bad = async (ranking: unknown[], submitIt = true) =>
    refusal(fx.call('cat@b.test', `app.${submitIt ? 'submit' : 'save'}_vote_ballot($1, $2, $3)`, [ranking.map((r) => fx.teams[r as string] ?? r), version, 0]));
  const unknown = '00000000-0000-4000-8000-000000000001';
  t.like(await bad(['Rocket', 'not-an-id']), { code: 'invalid_ballot', message: 'Position 2: not-an-id is not a project id', details: { fault: 'malformed', position: 2 } });
  t.like(await bad(['Rocket', 'Apollo', 'Rocket']), { code: 'invalid_ballot', message: `Project ${fx.teams.Rocket} is named twice`, details: { fault: 'duplicate', projectId: fx.teams.Rocket, position: 3 } });
  t.like(await bad(['Comet', 'Rocket', 'Apollo']), { code: 'invalid_ballot', message: 'Position 1: you cannot rank your own team (Comet); rank every other candidate', details: { fault: 'own_team', projectId: fx.teams.Comet, position: 1 } });
  t.like(await bad(['Rocket', unknown, 'Apollo']), { code: 'invalid_ballot', message: `Project ${unknown} is not one of the candidates`, details: { fault: 'not_a_candidate', projectId: unknown, position: 2 } });
  t.like(await bad(['Rocket', 'Zeta', 'Apollo']), { code: 'invalid_ballot', details: { fault: 'not_a_candidate', projectId: fx.teams.Zeta } }, 'an excluded candidate');
  t.like(await bad(['Rocket']), { code: 'invalid_ballot', message: `Candidate ${fx.teams.Apollo} is left out: a submission ranks every candidate exactly once`, details: { fault: 'missing', projectId: fx.teams.Apollo } });
  t.like(await bad([]), { code: 'invalid_ballot', details: { fault: 'empty' } });
  t.like(await bad(['Comet'], false), { code: 'invalid_ballot', details: { fault: 'own_team' } }, 'a draft never names your own team either');
  t.like(await bad(['Rocket', 'Rocket'], false), { code: 'invalid_ballot', details: { fault: 'duplicate' } });
  t.like(await bad([null], false), { code: 'invalid_ballot', details: { fault: 'malformed', position: 1 } });
  t.deepEqual(await stored('cat@b.test'), before);
});

test.serial('eligibility_stale names the current version; invalid_input for a negative revision or version; nothing stored', async (t) => {
  const r = await refusal(save('cat@b.test', ['Rocket'], 0, version + 1));
  t.like(r, { code: 'eligibility_stale', details: { currentVersion: version, eligibilityVersion: version + 1 } });
  t.regex(r.message, new RegExp(`pass --eligibility-version ${version}`));
  t.like(await refusal(save('cat@b.test', ['Rocket'], -1)), { code: 'invalid_input', details: { field: 'expectedRevision' } });
  t.like(await refusal(save('cat@b.test', ['Rocket'], 0, 0)), { code: 'invalid_input', details: { field: 'eligibilityVersion' } });
  t.like(await refusal(fx.call('cat@b.test', 'app.save_vote_ballot(null, $1, 0)', [version])), { code: 'invalid_input', details: { field: 'ranking' } });
  t.is(await stored('cat@b.test'), undefined);
});

test.serial('not_eligible_voter: an excluded voter (with the reason), an advisor, an organizer on no team; ballot show too', async (t) => {
  const bob = await refusal(save('bob@b.test', ['Comet'], 0));
  t.like(bob, { code: 'not_eligible_voter', details: { reason: 'excluded: helped judge' } });
  t.like(await refusal(save('adv@b.test', [], 0)), { code: 'not_eligible_voter', details: { reason: 'only participants on a team vote; you are an advisor' } });
  t.like(await refusal(save('owner', [], 0)), { code: 'not_eligible_voter', details: { reason: 'only participants on a team vote; you are an organizer' } });
  t.like(await refusal(show('bob@b.test')), { code: 'not_eligible_voter' });
  t.is(await stored('bob@b.test'), undefined);
});

test.serial('two concurrent submits at the same expected revision: exactly one wins, the other is revision_conflict', async (t) => {
  const cur = (await show('cat@b.test')).revision;
  const results = await Promise.allSettled([
    submit(fx, 'cat@b.test', ['Rocket', 'Apollo'], version, cur),
    submit(fx, 'cat@b.test', ['Apollo', 'Rocket'], version, cur),
    submit(fx, 'cat@b.test', ['Rocket', 'Apollo'], version, cur),
  ]);
  const won = results.filter((r) => r.status === 'fulfilled');
  t.is(won.length, 1);
  for (const r of results.filter((x) => x.status === 'rejected')) t.is((r as PromiseRejectedResult).reason.detail, 'revision_conflict');
  t.like(await stored('cat@b.test'), { state: 'submitted', revision: cur + 1 });
  // The same from two concurrent first writes (no ballot row yet).
  const first = await Promise.allSettled([save('eve@b.test', ['Rocket'], 0), save('eve@b.test', ['Comet'], 0)]);
  t.is(first.filter((r) => r.status === 'fulfilled').length, 1);
  t.is((first.find((r) => r.status === 'rejected') as PromiseRejectedResult).reason.detail, 'revision_conflict');
  t.like(await stored('eve@b.test'), { revision: 1 });
});

test.serial('only the voter reads a ballot row: organizers see no ranking through the table', async (t) => {
  const mine = await fx.as('ann@b.test', 'select ranking from app.vote_ballots');
  t.is(mine.length, 1);
  t.deepEqual(await fx.as('owner', 'select ranking from app.vote_ballots'), []);
  t.deepEqual(await fx.as('org@b.test', 'select ranking from app.vote_ballots'), []);
  t.deepEqual(await fx.as('cat@b.test', `select 1 from app.vote_ballots b join app.vote_voters v on v.id = b.voter_id where lower(v.email) = 'ann@b.test'`), []);
});

test.serial('ballots list: per ballot email, state, revision, times, never a ranking; each read audited, listed by owners and admins only', async (t) => {
  const before = await ballotRows();
  const l = await fx.call('org@b.test', 'app_private.community_ballots()');
  t.is(l.eligibilityVersion, version);
  t.is(l.items.length, before);
  t.deepEqual(Object.keys(l.items[0]).sort(), ['email', 'id', 'invalidatedAt', 'invalidationReason', 'name', 'revision', 'state', 'submittedAt', 'team']);
  t.like(l.items.find((i: any) => i.email === 'ann@b.test'), { state: 'submitted', revision: 5, invalidationReason: null });
  t.like(await refusal(fx.call('ann@b.test', 'app_private.community_ballots()')), { code: 'insufficient_event_role' });
  await fx.call('owner', 'app_private.community_ballots()');
  const reads = await fx.call('owner', 'app.community_ballot_reads()');
  t.deepEqual(reads.items.map((r: any) => [r.email, r.eligibilityVersion, r.ballots]), [['owner@ballots.test', version, before], ['org@b.test', version, before]]);
  t.is((await fx.as('owner', 'select email from app.vote_ballot_reads')).length, 2);
  // A roster organizer who is no workspace owner or admin reads the list but not its audit.
  t.like(await refusal(fx.call('org@b.test', 'app.community_ballot_reads()')), { code: 'owner_or_admin_required' });
  t.deepEqual(await fx.as('org@b.test', 'select email from app.vote_ballot_reads'), []);
  t.deepEqual(await asUser(db.pool, fx.owner, fx.wsId, 'owner', ['hackathon:write'])((c) => c.query('select * from app.vote_ballot_reads')).then((r) => r.rows), [], 'no read scope, no rows');
});

test.serial('the window edges: voting_not_open at the exact closing instant and after; a ballot a microsecond before the close is accepted', async (t) => {
  const rev = (await show('eve@b.test')).revision;
  const write = (instant: string, r: number) => atInstant(fx, 'eve@b.test', instant, (c) =>
    c.query('select app.save_vote_ballot($1, $2, $3) as r', [[fx.teams.Rocket], version, r]).then((x) => x.rows[0].r));
  t.like(await write(`e.vote_closes_at - interval '1 microsecond'`, rev), { revision: rev + 1 });
  const at = await refusal(write('e.vote_closes_at', rev + 1));
  t.like(at, { code: 'voting_not_open', details: { voteState: 'closed' } });
  t.regex(at.message, /^Voting closed at \S+Z$/);
  t.like(await stored('eve@b.test'), { revision: rev + 1 });
  await fx.at(SCHEDULE.voteCloses + 1);
  t.like(await refusal(save('eve@b.test', ['Rocket'], rev + 1)), { code: 'voting_not_open' });
  t.like(await show('eve@b.test'), { canSubmit: false, cannotSubmitReason: 'voting is closed', voteState: 'closed' });
});

test.serial('before voting opens: no ballot writes (voting_not_open naming the opening), ballot show says when it opens', async (t) => {
  const f2 = await voteFixture(db.pool, 'Early', { teams: { One: ['one@e.test'], Two: ['two@e.test'] } });
  t.like(await refusal(f2.call('one@e.test', 'app.community_ballot()')), { code: 'eligibility_not_locked' });
  t.like(await refusal(f2.call('one@e.test', `app.save_vote_ballot('{}', 1, 0)`)), { code: 'voting_not_open', details: { voteState: 'unlocked' } });
  await f2.call('owner', 'app.lock_roster()');
  const v = (await f2.call('owner', 'app.lock_vote_eligibility($1)', [JSON.stringify({ confirmedProjects: Object.values(f2.teams) })])).version;
  await f2.call('owner', 'app.open_voting()'); // scheduled
  const r = await refusal(f2.call('one@e.test', 'app.save_vote_ballot($1, $2, 0)', [[], v]));
  t.like(r, { code: 'voting_not_open', details: { voteState: 'scheduled' } });
  t.regex(r.message, /^Voting opens at \S+Z$/);
  t.like(await f2.call('one@e.test', 'app.community_ballot()'), { state: 'none', revision: 0, canSubmit: false, voteState: 'scheduled' });
  t.regex((await f2.call('one@e.test', 'app.community_ballot()')).cannotSubmitReason, /^voting opens at /);
  const edge = await atInstant(f2, 'one@e.test', 'e.vote_opens_at', (c) => c.query('select app.save_vote_ballot($1, $2, 0) as r', [[], v]).then((x) => x.rows[0].r));
  t.like(edge, { state: 'draft', revision: 1 }, 'accepted from the exact opening instant');
});
