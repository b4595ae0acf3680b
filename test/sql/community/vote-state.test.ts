// The community vote's eligibility and window in SQL: every row of the spec's "Vote state"
// table (unlocked, locked, scheduled, open, closed), every precondition of voting open with
// its code, the window edges by the test clock, the eligibility file's refusals (nothing
// stored), confirmation across versions and its invalidation by a submissions exception,
// and vote_off / jury refusals on every community function.
import test from 'ava';
import { createTestDatabase, type TestDatabase } from '../../helpers/db.ts';
import { atInstant, freeze, liveDeck, refusal, SCHEDULE, setVoteLink, voteFixture, type VoteFixture } from '../../helpers/vote.ts';

let db: TestDatabase;
test.before(async () => {
  db = await createTestDatabase();
});
test.after.always(() => db?.drop());

let n = 0;
const fixture = (opts: Parameters<typeof voteFixture>[2]) => voteFixture(db.pool, `Vote${++n}`, opts);
const TEAMS = { Rocket: ['ann@x.test', 'bob@x.test'], Comet: ['cat@x.test'], Apollo: ['dan@x.test'] };
const state = async (fx: VoteFixture) => (await fx.call('owner', 'app.community_eligibility()')).voteState;
const ids = (fx: VoteFixture, ...names: string[]) => names.map((x) => fx.teams[x]!);

test.serial('the draft: candidates are the teams with a vote link (member count, confirmed, readiness), voters every participant on a team', async (t) => {
  const fx = await fixture({ teams: TEAMS, others: [{ email: 'adv@x.test', role: 'advisor' }], ready: ['Rocket', 'Comet'] });
  // Apollo has no vote link: no candidate. Comet's deck link is revoked: not ready.
  await fx.pool.query(`update app.share_links set revoked_at = now() where deck_id in (select id from app.decks where workspace_id = $1)
    and id = (select l.id from app.share_links l join app.decks d on d.id = l.deck_id where d.workspace_id = $1 order by l.created_at desc limit 1)`, [fx.wsId]);
  await fx.pool.query(`update app.submissions set state = 'capturing', archive_sha256 = null where project_id = $1`, [fx.teams.Rocket]);
  const e = await fx.call('owner', 'app.community_eligibility()');
  t.like(e, { voteState: 'unlocked', locked: false, version: null, rosterLocked: false, counts: { candidates: 2, candidatesExcluded: 0, voters: 4, votersExcluded: 0 } });
  t.deepEqual(e.candidates.map((c: any) => [c.name, c.memberCount, c.confirmed, c.ready, c.readiness]), [
    ['Comet', 1, false, false, 'vote link does not open a live deck of this instance, not confirmed'],
    ['Rocket', 2, false, false, 'no frozen submission (capturing), not confirmed'],
  ]);
  t.deepEqual(e.voters.map((v: any) => [v.email, v.team.name, v.included]), [
    ['ann@x.test', 'Rocket', true], ['bob@x.test', 'Rocket', true], ['cat@x.test', 'Comet', true], ['dan@x.test', 'Apollo', true],
  ]);
  // A cleared vote link stops being a candidate.
  await setVoteLink(fx.pool, fx.teams.Comet!, null);
  t.deepEqual((await fx.call('owner', 'app.community_eligibility()')).candidates.map((c: any) => c.name), ['Rocket']);
});

test.serial('unlocked -> eligibility lock -> locked (new version) with the file; a second lock is eligibility_locked', async (t) => {
  const fx = await fixture({ teams: TEAMS });
  t.is(await state(fx), 'unlocked');
  const r = await fx.call('owner', 'app.lock_vote_eligibility($1)', [JSON.stringify({
    excludedProjects: [{ projectId: fx.teams.Apollo, reason: 'plagiarism' }],
    excludedVoters: [{ email: 'BOB@x.test', reason: 'organizer helper' }],
    confirmedProjects: [fx.teams.Rocket],
  })]);
  t.like(r, { voteState: 'locked', locked: true, version: 1, counts: { candidates: 2, candidatesExcluded: 1, voters: 3, votersExcluded: 1 } });
  t.truthy(r.lockedAt);
  t.deepEqual(r.candidates.map((c: any) => [c.name, c.included, c.reason, c.confirmed]), [
    ['Apollo', false, 'plagiarism', false], ['Comet', true, null, false], ['Rocket', true, null, true],
  ]);
  t.like(r.voters.find((v: any) => v.email === 'bob@x.test'), { included: false, reason: 'organizer helper' });
  t.is(await state(fx), 'locked');
  const again = await refusal(fx.call('owner', 'app.lock_vote_eligibility($1)', ['{}']));
  t.like(again, { code: 'eligibility_locked', details: { version: 1 } });
  t.regex(again.message, /already locked \(version 1 since \S+Z\); unlock it first/);
});

test.serial('the eligibility file: an unknown project, a non-participant email, a name twice are invalid_eligibility; wrong shapes invalid_input; nothing is stored', async (t) => {
  const fx = await fixture({ teams: TEAMS, others: [{ email: 'adv@x.test', role: 'advisor' }], ready: ['Rocket', 'Comet'] });
  const lock = (f: unknown) => refusal(fx.call('owner', 'app.lock_vote_eligibility($1)', [JSON.stringify(f)]));
  const unknown = '00000000-0000-4000-8000-000000000000';
  t.like(await lock({ excludedProjects: [{ projectId: unknown, reason: 'x' }] }), { code: 'invalid_eligibility', details: { field: 'excludedProjects.0.projectId', projectId: unknown } });
  t.like(await lock({ confirmedProjects: [fx.teams.Apollo] }), { code: 'invalid_eligibility', details: { field: 'confirmedProjects.0', projectId: fx.teams.Apollo } }, 'a team without a vote link is no candidate');
  t.like(await lock({ confirmedProjects: ['not-a-uuid'] }), { code: 'invalid_eligibility', details: { field: 'confirmedProjects.0' } });
  const adv = await lock({ excludedVoters: [{ email: 'adv@x.test', reason: 'x' }] });
  t.like(adv, { code: 'invalid_eligibility', details: { field: 'excludedVoters.0.email', email: 'adv@x.test' } });
  t.regex(adv.message, /adv@x\.test is not a participant on a team of this event/);
  t.like(await lock({ excludedVoters: [{ email: 'ann@x.test', reason: 'a' }, { email: 'Ann@x.test', reason: 'b' }] }), { code: 'invalid_eligibility', details: { field: 'excludedVoters.1.email' } });
  t.like(await lock({ excludedProjects: [{ projectId: fx.teams.Rocket, reason: 'a' }, { projectId: fx.teams.Rocket, reason: 'b' }] }), { code: 'invalid_eligibility', details: { field: 'excludedProjects.1.projectId' } });
  t.like(await lock({ extra: [] }), { code: 'invalid_input', details: { field: 'extra' } });
  t.like(await lock({ excludedProjects: {} }), { code: 'invalid_input', details: { field: 'excludedProjects' } });
  t.like(await lock({ excludedProjects: [{ projectId: fx.teams.Rocket, reason: 'x', more: 1 }] }), { code: 'invalid_input', details: { field: 'excludedProjects.0' } });
  t.like(await lock({ excludedProjects: [{ projectId: fx.teams.Rocket, reason: 7 }] }), { code: 'invalid_input', details: { field: 'excludedProjects.0.reason' } });
  t.like(await lock({ excludedProjects: [{ projectId: fx.teams.Rocket, reason: '' }] }), { code: 'invalid_input', details: { field: 'excludedProjects.0.reason' } });
  t.like(await lock({ confirmedProjects: [7] }), { code: 'invalid_input', details: { field: 'confirmedProjects.0' } });
  t.like(await lock([]), { code: 'invalid_input', details: { field: 'file' } });
  t.is(Number((await fx.pool.query('select count(*) from app.vote_eligibility where event_id = $1', [fx.eventId])).rows[0].count), 0);
  t.is(Number((await fx.pool.query('select count(*) from app.event_teams where event_id = $1 and vote_confirmed_at is not null', [fx.eventId])).rows[0].count), 0);
});

test.serial('locked -> eligibility unlock -> unlocked; a new lock is a new version; confirmation stays with the team until an exception invalidates voting', async (t) => {
  const fx = await fixture({ teams: TEAMS });
  await fx.call('owner', 'app.lock_vote_eligibility($1)', [JSON.stringify({ confirmedProjects: ids(fx, 'Rocket', 'Comet') })]);
  // An exception while eligibility is locked: judging_started naming the lock.
  const ex = (invalidateVoting: boolean) => fx.call('owner', `app_private.record_submission_exception($1, 'rebuilt', $2, $3, 10, false, $4)`, [fx.teams.Rocket, 'c'.repeat(40), 'd'.repeat(64), invalidateVoting]);
  const j = await refusal(ex(true));
  t.like(j, { code: 'judging_started', details: { cause: 'eligibility_locked', eligibilityVersion: 1 } });
  t.regex(j.message, /Eligibility is locked \(version 1 since \S+\): unlock it first with community eligibility unlock/);
  const u = await fx.call('owner', 'app.unlock_vote_eligibility()');
  t.like(u, { unlocked: true, version: 1 });
  t.is(await state(fx), 'unlocked');
  t.like(await fx.call('owner', 'app.unlock_vote_eligibility()'), { unlocked: true, version: null }, 'idempotent');
  await ex(true); // --invalidate-voting clears Rocket's confirmation; Comet keeps its own
  const draft = await fx.call('owner', 'app.community_eligibility()');
  t.deepEqual(draft.candidates.map((c: any) => [c.name, c.confirmed]), [['Apollo', false], ['Comet', true], ['Rocket', false]]);
  const v2 = await fx.call('owner', 'app.lock_vote_eligibility($1)', ['{}']);
  t.is(v2.version, 2);
  t.deepEqual(v2.candidates.map((c: any) => [c.name, c.confirmed, c.readiness]), [['Apollo', false, 'not confirmed'], ['Comet', true, 'ready'], ['Rocket', false, 'not confirmed']]);
  // An exception without --invalidate-voting keeps the confirmation.
  await fx.call('owner', 'app.unlock_vote_eligibility()');
  await fx.call('owner', 'app.lock_vote_eligibility($1)', [JSON.stringify({ confirmedProjects: ids(fx, 'Rocket') })]);
  await fx.call('owner', 'app.unlock_vote_eligibility()');
  await ex(false);
  t.true((await fx.call('owner', 'app.community_eligibility()')).candidates.find((c: any) => c.name === 'Rocket').confirmed);
});

test.serial('voting open: roster_not_locked, eligibility_not_locked, eligibility_stale, no_candidates, candidates_not_ready (each as name: reason), then scheduled', async (t) => {
  const fx = await fixture({ teams: TEAMS, ready: ['Rocket', 'Comet'] });
  const open = () => refusal(fx.call('owner', 'app.open_voting()'));
  t.like(await open(), { code: 'roster_not_locked' });
  await fx.call('owner', 'app.lock_roster()');
  t.like(await open(), { code: 'eligibility_not_locked' });
  // Everything excluded: no candidates.
  await fx.call('owner', 'app.lock_vote_eligibility($1)', [JSON.stringify({ excludedProjects: ids(fx, 'Rocket', 'Comet').map((projectId) => ({ projectId, reason: 'out' })) })]);
  t.like(await open(), { code: 'no_candidates', details: { eligibilityVersion: 1 } });
  await fx.call('owner', 'app.unlock_vote_eligibility()');
  // Apollo gets a vote link to a revoked deck; Comet's submission is missing; nobody is confirmed but Rocket.
  const deck = await liveDeck(fx.pool, fx.wsId, fx.owner);
  await setVoteLink(fx.pool, fx.teams.Apollo!, deck.url);
  await fx.pool.query('update app.share_links set revoked_at = now() where id = $1', [deck.linkId]);
  await fx.pool.query(`update app.submissions set state = 'missing', sha = null, archive_sha256 = null where project_id = $1`, [fx.teams.Comet]);
  await fx.call('owner', 'app.lock_vote_eligibility($1)', [JSON.stringify({ confirmedProjects: ids(fx, 'Rocket') })]);
  const nr = await open();
  t.is(nr.code, 'candidates_not_ready');
  t.is(nr.message, 'Candidates not ready: Apollo: no frozen submission (waiting), vote link does not open a live deck of this instance, not confirmed; Comet: no frozen submission (missing), not confirmed');
  t.deepEqual(nr.details.candidates.map((c: any) => c.name), ['Apollo', 'Comet']);
  // The roster changed after the lock: the version is stale.
  await fx.call('owner', 'app.unlock_vote_eligibility()');
  await fx.call('owner', 'app.lock_vote_eligibility($1)', [JSON.stringify({ excludedProjects: ids(fx, 'Apollo', 'Comet').map((projectId) => ({ projectId, reason: 'not ready' })) })]);
  await fx.pool.query(`update app.roster_entries set team_id = $2 where lower(email) = 'dan@x.test' and event_id = $1`, [fx.eventId, fx.teams.Rocket]);
  const stale = await open();
  t.like(stale, { code: 'eligibility_stale', details: { currentVersion: 3, changes: ['voter dan@x.test is now on Rocket'] } });
  t.regex(stale.message, /unlock and lock it again/);
  await fx.pool.query(`update app.roster_entries set team_id = $2 where lower(email) = 'dan@x.test' and event_id = $1`, [fx.eventId, fx.teams.Apollo]);
  // locked -> voting open before the configured opening: scheduled, with the window.
  const o = await fx.call('owner', 'app.open_voting()');
  t.like(o, { voteState: 'scheduled', alreadyOpen: false, eligibilityVersion: 3 });
  t.truthy(o.votingOpenedAt);
  t.like(await fx.call('owner', 'app.open_voting()'), { voteState: 'scheduled', alreadyOpen: true }, 'idempotent');
  // Once opened: eligibility and the roster stay locked; the schedule too.
  t.like(await refusal(fx.call('owner', 'app.unlock_vote_eligibility()')), { code: 'voting_open' });
  t.like(await refusal(fx.call('owner', 'app.unlock_roster()')), { code: 'voting_open' });
  t.like(await refusal(fx.call('owner', 'app.close_voting()')), { code: 'voting_not_open', details: { voteState: 'scheduled' } });
});

test.serial('the window by the test clock: scheduled until the opening, open from it, closed at the configured close; close early; closed never reopens', async (t) => {
  const fx = await fixture({ teams: TEAMS });
  await fx.call('owner', 'app.lock_roster()');
  await fx.call('owner', 'app.lock_vote_eligibility($1)', [JSON.stringify({ confirmedProjects: ids(fx, 'Rocket', 'Comet', 'Apollo') })]);
  t.like(await refusal(fx.call('owner', 'app.close_voting()')), { code: 'voting_not_open', details: { voteState: 'locked' } });
  await fx.call('owner', 'app.open_voting()');
  const stateAt = (instant: string) => atInstant(fx, 'owner', instant, async (c) => (await c.query('select app.community_eligibility() as r')).rows[0].r.voteState);
  t.is(await stateAt(`e.vote_opens_at - interval '1 millisecond'`), 'scheduled');
  t.is(await stateAt('e.vote_opens_at'), 'open');
  t.is(await stateAt(`e.vote_closes_at - interval '1 microsecond'`), 'open');
  t.is(await stateAt('e.vote_closes_at'), 'closed');
  // The configured close passed: voting open is voting_closed, close is idempotent and names the close.
  const closes = (await fx.pool.query(`select app_private.iso(vote_closes_at) as c from app.events where id = $1`, [fx.eventId])).rows[0].c;
  t.like(await refusal(fx.call('owner', 'app.open_voting()')), { code: 'voting_closed', details: { closedAt: closes } });
  t.like(await fx.call('owner', 'app.close_voting()'), { voteState: 'closed', closedAt: closes, alreadyClosed: true });
  // Back inside the window: close early.
  await fx.at(SCHEDULE.voteOpens + 1);
  t.is(await state(fx), 'open');
  const c = await fx.call('owner', 'app.close_voting()');
  t.like(c, { voteState: 'closed', alreadyClosed: false });
  t.not(c.closedAt, closes);
  t.is(await state(fx), 'closed');
  t.like(await fx.call('owner', 'app.close_voting()'), { voteState: 'closed', closedAt: c.closedAt, alreadyClosed: true }, 'idempotent');
  t.like(await refusal(fx.call('owner', 'app.open_voting()')), { code: 'voting_closed', details: { closedAt: c.closedAt } });
});

test.serial('voting open after the configured close, never opened: voting_closed', async (t) => {
  const fx = await fixture({ teams: TEAMS });
  await fx.call('owner', 'app.lock_roster()');
  await fx.call('owner', 'app.lock_vote_eligibility($1)', [JSON.stringify({ confirmedProjects: ids(fx, 'Rocket', 'Comet', 'Apollo') })]);
  await fx.at(SCHEDULE.voteCloses + 1);
  t.like(await refusal(fx.call('owner', 'app.open_voting()')), { code: 'voting_closed' });
  t.is(await state(fx), 'locked');
});

// [function, organizers only]
const COMMUNITY: [string, boolean][] = [
  ['app.community_status()', false], ['app.community_eligibility()', true], [`app.lock_vote_eligibility('{}')`, true], ['app.unlock_vote_eligibility()', true],
  ['app.open_voting()', true], ['app.close_voting()', true], ['app.community_ballot()', false], [`app.save_vote_ballot('{}', 1, 0)`, false],
  [`app.submit_vote_ballot('{}', 1, 0)`, false], ['app_private.community_ballots()', true], [`app.invalidate_vote_ballot(gen_random_uuid(), 'x')`, true],
  ['app.calculate_vote_results()', true], ['app.release_vote_results(1)', true], ['app.community_results()', true], ['app.community_results_export(1)', false], ['app.community_ballot_reads()', true], ['app.community_coverage()', true],
];

test.serial('while the vote section is off every community function is vote_off; jury viewers are refused every one', async (t) => {
  const fx = await fixture({ teams: TEAMS, voteSection: false, others: [{ email: 'jury@x.test', role: 'jury' }] });
  for (const [fn, organizersOnly] of COMMUNITY) {
    t.is((await refusal(fx.call('owner', fn))).code, 'vote_off', fn);
    t.is((await refusal(fx.call('ann@x.test', fn))).code, organizersOnly ? 'insufficient_event_role' : 'vote_off', `participant ${fn}`);
    t.is((await refusal(fx.call('jury@x.test', fn))).code, 'insufficient_event_role', `jury ${fn}`);
  }
  await fx.call('owner', 'app.set_vote_section(true)');
  t.is((await fx.call('owner', 'app.community_status()')).voteState, 'unlocked');
});

test.serial('a read key cannot write: insufficient_scope before anything else', async (t) => {
  const fx = await fixture({ teams: TEAMS });
  for (const fn of [`app.lock_vote_eligibility('{}')`, 'app.open_voting()', `app.submit_vote_ballot('{}', 1, 0)`, 'app.calculate_vote_results()']) {
    t.is((await refusal(fx.call('owner', fn, [], ['hackathon:read']))).code, 'insufficient_scope', fn);
  }
  t.is((await refusal(fx.call('owner', 'app.community_status()', [], ['hackathon:write']))).code, 'insufficient_scope');
});
