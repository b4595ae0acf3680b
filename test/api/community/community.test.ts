// The community vote over HTTP: the routes are thin (status codes and the wire error shape of
// the SQL refusals), Idempotency-Key on ballot submit, bad input refused with nothing stored
// (revisions as strings, negatives, beyond 2^31, floats; rankings with wrong types; an
// eligibility file with extra fields or wrong types), the audited ballot list, calculate /
// release / export, and two workspaces over REST and GraphQL.
import test from 'ava';
import { http } from '../../helpers/http.ts';
import * as seed from '../../../ops/harness/seed.ts';
import { startTestServer, type TestServer } from '../../helpers/server.ts';
import { SCHEDULE, voteFixture, type VoteFixture } from '../../helpers/vote.ts';

let s: TestServer;
let a: VoteFixture, b: VoteFixture;
const key: Record<string, string> = {};
let version: number;

test.before(async () => {
  s = await startTestServer();
  // B first: each fixture sets the one server clock relative to where it stands, and A's
  // schedule is the one these tests move through.
  b = await voteFixture(s.db.pool, 'Bravo', { teams: { Bee: ['bee@bravo.test'] } });
  a = await voteFixture(s.db.pool, 'Alpha', {
    teams: { Rocket: ['ann@alpha.test'], Comet: ['cat@alpha.test'], Apollo: ['dan@alpha.test'] },
    others: [{ email: 'adv@alpha.test', role: 'advisor' }],
  });
  for (const email of ['owner@alpha.test', 'ann@alpha.test', 'cat@alpha.test', 'dan@alpha.test', 'adv@alpha.test', 'owner@bravo.test', 'bee@bravo.test']) {
    key[email] = (await seed.key(s.db.pool, email, 'hackathon')).key;
  }
  key.readOnly = (await seed.key(s.db.pool, 'owner@alpha.test', 'hackathon', { scopes: ['hackathon:read'] })).key;
});
test.after.always(() => s?.close());

const api = (who: string, method: string, path: string, body?: unknown, headers?: Record<string, string>) =>
  http(s.url, method, `/api/v1/community${path}`, { key: key[who], body, headers });
const OWNER = 'owner@alpha.test';
const ballots = async () => Number((await s.db.pool.query('select count(*) from app.vote_ballots where event_id = $1', [a.eventId])).rows[0].count);
const revisionOf = async (who: string) => (await api(who, 'GET', '/ballot')).body.revision as number;

test.serial('eligibility show, lock with the file (shape checked), voting open, then status for a participant', async (t) => {
  const draft = await api(OWNER, 'GET', '/eligibility');
  t.is(draft.status, 200);
  t.like(draft.body, { locked: false, version: null, counts: { candidates: 3, voters: 3 } });
  // A participant may not: 403 insufficient_event_role (exit 3 in the CLI).
  t.like(await api('ann@alpha.test', 'GET', '/eligibility'), { status: 403, body: { error: { code: 'insufficient_event_role' } } });
  // Bad files: extra fields, wrong types; nothing locked.
  for (const file of [
    { extra: 1 },
    { excludedProjects: [{ projectId: a.teams.Rocket, reason: 'x', more: 1 }] },
    { excludedProjects: [{ projectId: 5, reason: 'x' }] },
    { excludedVoters: [{ email: 'ann@alpha.test' }] },
    { confirmedProjects: 'all' },
    [],
  ]) {
    const r = await api(OWNER, 'PUT', '/eligibility/lock', file);
    t.is(r.status, 400, JSON.stringify(file));
    t.is(r.body.error.code, 'invalid_input', JSON.stringify(file));
  }
  const unknown = await api(OWNER, 'PUT', '/eligibility/lock', { confirmedProjects: ['00000000-0000-4000-8000-000000000000'] });
  t.like(unknown, { status: 400, body: { error: { code: 'invalid_eligibility', field: 'confirmedProjects.0' } } });
  t.is(Number((await s.db.pool.query('select count(*) from app.vote_eligibility where event_id = $1', [a.eventId])).rows[0].count), 0);
  t.like(await api(OWNER, 'POST', '/voting/open'), { status: 409, body: { error: { code: 'roster_not_locked' } } });
  await http(s.url, 'PUT', '/api/v1/event/roster/lock', { key: key[OWNER] });
  const lock = await api(OWNER, 'PUT', '/eligibility/lock', { confirmedProjects: Object.values(a.teams) });
  t.is(lock.status, 200);
  version = lock.body.version;
  t.like(await api(OWNER, 'PUT', '/eligibility/lock', {}), { status: 409, body: { error: { code: 'eligibility_locked' } } });
  await a.at(SCHEDULE.voteOpens + 0.5);
  const open = await api(OWNER, 'POST', '/voting/open');
  t.like(open, { status: 200, body: { voteState: 'open', eligibilityVersion: version, alreadyOpen: false } });
  const st = await api('ann@alpha.test', 'GET', '/status');
  t.like(st, { status: 200, body: { voteState: 'open', eligibilityVersion: version, role: 'participant', voter: { eligible: true, team: { name: 'Rocket' } }, ballot: { state: 'none', revision: 0 }, results: null } });
  t.deepEqual(st.body.candidates.map((c: any) => [c.name, c.yours]), [['Apollo', false], ['Comet', false], ['Rocket', true]]);
  t.is(st.body.notice, 'One ballot is cast per participant. This is the community ranking, not the jury result.');
});

test.serial('ballot writes: bad input is 400 invalid_input naming the field, nothing stored', async (t) => {
  const before = await ballots();
  const good = { ranking: [a.teams.Comet, a.teams.Apollo], eligibilityVersion: version, expectedRevision: 0 };
  const cases: [string, Record<string, unknown>, string][] = [
    ['revision as a string', { ...good, expectedRevision: '0' }, 'expectedRevision'],
    ['negative revision', { ...good, expectedRevision: -1 }, 'expectedRevision'],
    ['revision beyond 2^31', { ...good, expectedRevision: 2 ** 31 }, 'expectedRevision'],
    ['revision far beyond', { ...good, expectedRevision: 1e20 }, 'expectedRevision'],
    ['fractional revision', { ...good, expectedRevision: 0.5 }, 'expectedRevision'],
    ['version as a string', { ...good, eligibilityVersion: String(version) }, 'eligibilityVersion'],
    ['version zero', { ...good, eligibilityVersion: 0 }, 'eligibilityVersion'],
    ['ranking of numbers', { ...good, ranking: [1, 2] }, 'ranking.0'],
    ['ranking a string', { ...good, ranking: a.teams.Comet }, 'ranking'],
    ['extra field', { ...good, note: 'x' }, 'note'],
    ['missing revision', { ranking: good.ranking, eligibilityVersion: version }, 'expectedRevision'],
  ];
  for (const [what, body, field] of cases) {
    for (const path of ['/ballot/draft', '/ballot/submission']) {
      const r = await api('ann@alpha.test', path === '/ballot/draft' ? 'PUT' : 'POST', path, body);
      t.is(r.status, 400, `${what} ${path}: ${r.text}`);
      t.is(r.body.error.code, 'invalid_input', what);
      if (r.body.error.field !== undefined) t.true(String(r.body.error.field).startsWith(field.split('.')[0]!), `${what}: ${r.body.error.field}`);
    }
  }
  // SQL refusals: unknown, duplicate, malformed and own-team ids; each 400 invalid_ballot naming the project.
  const unknown = '00000000-0000-4000-8000-00000000000a';
  for (const [ranking, fault] of [
    [[a.teams.Comet, unknown], 'not_a_candidate'], [[a.teams.Comet, a.teams.Comet], 'duplicate'], [['x', a.teams.Comet], 'malformed'], [[a.teams.Rocket, a.teams.Comet, a.teams.Apollo], 'own_team'], [[a.teams.Comet], 'missing'],
  ] as const) {
    const r = await api('ann@alpha.test', 'POST', '/ballot/submission', { ...good, ranking });
    t.like(r, { status: 400, body: { error: { code: 'invalid_ballot', fault } } }, fault);
  }
  t.is(await ballots(), before);
});

test.serial('ballot submit honours Idempotency-Key: a retry gets the first answer, the same key with another body is 422', async (t) => {
  const body = { ranking: [a.teams.Comet, a.teams.Apollo], eligibilityVersion: version, expectedRevision: 0 };
  const first = await api('ann@alpha.test', 'POST', '/ballot/submission', body, { 'idempotency-key': 'ann-1' });
  t.is(first.status, 200, first.text);
  t.like(first.body, { state: 'submitted', revision: 1 });
  const retry = await api('ann@alpha.test', 'POST', '/ballot/submission', body, { 'idempotency-key': 'ann-1' });
  t.is(retry.status, 200);
  t.deepEqual(retry.body, first.body);
  t.is(retry.headers.get('idempotency-replayed'), 'true');
  t.is(await revisionOf('ann@alpha.test'), 1, 'the retry changed nothing');
  const other = await api('ann@alpha.test', 'POST', '/ballot/submission', { ...body, ranking: [a.teams.Apollo, a.teams.Comet] }, { 'idempotency-key': 'ann-1' });
  t.like(other, { status: 422, body: { error: { code: 'idempotency_key_reused' } } });
  // Without a key, a stale revision: 409 naming the revision to pass.
  const stale = await api('ann@alpha.test', 'POST', '/ballot/submission', body);
  t.like(stale, { status: 409, body: { error: { code: 'revision_conflict', currentRevision: 1, expectedRevision: 0, message: 'Your ballot is at revision 1: pass --expected-revision 1' } } });
  t.like(await api('ann@alpha.test', 'PUT', '/ballot/draft', { ...body, expectedRevision: 1, eligibilityVersion: version + 1 }), { status: 409, body: { error: { code: 'eligibility_stale', currentVersion: version } } });
  t.like(await api('adv@alpha.test', 'PUT', '/ballot/draft', { ...body, ranking: [] }), { status: 403, body: { error: { code: 'not_eligible_voter' } } });
  t.like(await api('dan@alpha.test', 'PUT', '/ballot/draft', { ranking: [a.teams.Rocket], eligibilityVersion: version, expectedRevision: 0 }), { status: 200, body: { state: 'draft', revision: 1 } });
  t.like(await api('cat@alpha.test', 'POST', '/ballot/submission', { ranking: [a.teams.Rocket, a.teams.Apollo], eligibilityVersion: version, expectedRevision: 0 }), { status: 200 });
  t.like(await api('readOnly', 'POST', '/ballot/submission', body), { status: 403, body: { error: { code: 'insufficient_scope' } } });
});

test.serial('ballots list: no ranking, audited; the audit is listed by the owner', async (t) => {
  const l = await api(OWNER, 'GET', '/ballots');
  t.is(l.status, 200);
  t.deepEqual(l.body.items.map((i: any) => [i.email, i.state, i.revision]), [['ann@alpha.test', 'submitted', 1], ['cat@alpha.test', 'submitted', 1], ['dan@alpha.test', 'draft', 1]]);
  for (const i of l.body.items) t.deepEqual(Object.keys(i).filter((k) => /ranking|draft|submission/.test(k)), [], 'never a ranking');
  const reads = await api(OWNER, 'GET', '/ballots/reads');
  t.like(reads, { status: 200, body: { items: [{ email: OWNER, eligibilityVersion: version, ballots: 3 }] } });
  t.like(await api('ann@alpha.test', 'GET', '/ballots'), { status: 403 });
});

test.serial('close, calculate (201, then 200 naming the version), release, export; invalidate recalculates', async (t) => {
  t.like(await api(OWNER, 'POST', '/results'), { status: 409, body: { error: { code: 'voting_not_closed' } } });
  const closed = await api(OWNER, 'POST', '/voting/close');
  t.like(closed, { status: 200, body: { voteState: 'closed', alreadyClosed: false } });
  const c = await api(OWNER, 'POST', '/results');
  t.like(c, { status: 201, body: { version: 1, created: true, result: { version: 1, released: false } } });
  t.like(await api(OWNER, 'POST', '/results'), { status: 200, body: { version: 1, created: false } });
  t.like(await api(OWNER, 'PUT', '/results/9/release'), { status: 404, body: { error: { code: 'not_found' } } });
  for (const bad of ['x', '0', '99999999999', '-1', '1.5']) t.like(await api(OWNER, 'PUT', `/results/${bad}/release`), { status: 400, body: { error: { code: 'invalid_input', field: 'version' } } }, bad);
  t.like(await api('ann@alpha.test', 'GET', '/results/1/ballots'), { status: 404 });
  t.like(await api(OWNER, 'PUT', '/results/1/release'), { status: 200, body: { version: 1, released: true } });
  const x = await api('ann@alpha.test', 'GET', '/results/1/ballots');
  t.like(x, { status: 200, body: { format: 'podium-vote-ballots/1', resultVersion: 1, digest: c.body.result.digest } });
  t.is(x.body.ballots.length, 2);
  const ann = (await s.db.pool.query(`select b.id from app.vote_ballots b join app.vote_voters v on v.id = b.voter_id where v.email = 'ann@alpha.test'`)).rows[0].id;
  const inv = await api(OWNER, 'POST', `/ballots/${ann}/invalidate`, { reason: 'shared laptop' });
  t.like(inv, { status: 200, body: { ballot: { email: 'ann@alpha.test', state: 'invalidated' }, recalculated: { version: 2, created: true } } });
  t.like(await api(OWNER, 'POST', `/ballots/${ann}/invalidate`, { reason: 'again' }), { status: 409, body: { error: { code: 'ballot_invalidated' } } });
  t.like(await api(OWNER, 'POST', `/ballots/${ann}/invalidate`, {}), { status: 400, body: { error: { code: 'invalid_input' } } });
  t.like(await api(OWNER, 'POST', '/ballots/not-a-uuid/invalidate', { reason: 'x' }), { status: 400, body: { error: { code: 'invalid_input' } } });
  const shown = await api(OWNER, 'GET', '/results');
  t.deepEqual(shown.body.items.map((r: any) => [r.version, r.released]), [[2, false], [1, true]]);
  t.like((await api('ann@alpha.test', 'GET', '/status')).body, { voteState: 'closed', results: { version: 1 }, ballot: { state: 'invalidated', revision: 1 }, voter: { eligible: true } });
});

test.serial('two workspaces: B reads, lists and changes none of A\'s vote over REST (even naming A) and GraphQL', async (t) => {
  // Naming A's workspace: B's people are no members there.
  const named = await http(s.url, 'GET', '/api/v1/community/status', { key: key['owner@bravo.test'], headers: { 'podium-workspace': a.wsId } });
  t.true([403, 404].includes(named.status), named.text);
  // In B: nothing of A's.
  const bl = await api('owner@bravo.test', 'GET', '/eligibility');
  t.deepEqual(bl.body.candidates.map((c: any) => c.name), ['Bee']);
  t.like(await api('owner@bravo.test', 'GET', '/ballots'), { status: 409, body: { error: { code: 'eligibility_not_locked' } } });
  t.like(await api('owner@bravo.test', 'GET', '/results'), { status: 200, body: { items: [] } });
  t.like(await api('owner@bravo.test', 'GET', '/results/1/ballots'), { status: 404 });
  t.like(await api('owner@bravo.test', 'PUT', '/results/1/release'), { status: 404 });
  const aBallot = (await s.db.pool.query('select id from app.vote_ballots where event_id = $1 and state = $2 limit 1', [a.eventId, 'submitted'])).rows[0].id;
  t.like(await api('owner@bravo.test', 'POST', `/ballots/${aBallot}/invalidate`, { reason: 'x' }), { status: 409, body: { error: { code: 'voting_not_closed' } } });
  t.is((await s.db.pool.query('select state from app.vote_ballots where id = $1', [aBallot])).rows[0].state, 'submitted');
  // GraphQL: tables and functions.
  const gql = async (who: string, query: string) => (await http(s.url, 'POST', '/graphql', { key: key[who], body: { query } })).body;
  const TABLES = `{ e: allVoteEligibilities { totalCount } c: allVoteCandidates { totalCount } v: allVoteVoters { totalCount }
    b: allVoteBallots { totalCount } r: allVoteResults { totalCount } a: allVoteBallotReads { totalCount } }`;
  const mine = await gql(OWNER, TABLES);
  t.falsy(mine.errors, JSON.stringify(mine.errors));
  t.like(mine.data, { e: { totalCount: 1 }, c: { totalCount: 3 }, v: { totalCount: 3 }, b: { totalCount: 0 }, r: { totalCount: 2 }, a: { totalCount: 1 } }, 'A\'s organizer: no ballot row (no ranking)');
  t.like((await gql('ann@alpha.test', TABLES)).data, { b: { totalCount: 1 }, r: { totalCount: 1 }, a: { totalCount: 0 } });
  const theirs = await gql('owner@bravo.test', TABLES);
  t.like(theirs.data, { e: { totalCount: 0 }, c: { totalCount: 0 }, v: { totalCount: 0 }, b: { totalCount: 0 }, r: { totalCount: 0 }, a: { totalCount: 0 } });
  const inv = await gql('owner@bravo.test', `mutation { invalidateVoteBallot(input: { ballot: "${aBallot}", reason: "x" }) { clientMutationId } }`);
  t.is(inv.errors?.[0]?.extensions?.code, 'voting_not_closed');
  const exp = await gql('owner@bravo.test', '{ communityResultsExport(version: 1) { resultVersion ballots } }');
  t.is(exp.errors?.[0]?.extensions?.code, 'not_found');
  // The audited list is not on GraphQL at all.
  const list = await gql(OWNER, '{ communityBallots }');
  t.truthy(list.errors);
  t.is(await ballots(), 3);
});
