// Jury judging over HTTP: the routes are thin (status codes and the wire error
// shape of the SQL refusals), bad input is refused naming the field with nothing stored,
// Idempotency-Key on score submission, the roster file's conflicts and --keep-scores, and two
// workspaces: B cannot read, write, list or count A's criteria, assignments, scores or
// results over REST, GraphQL or the live stream.
import test from 'ava';
import { http } from '../../helpers/http.ts';
import * as seed from '../../../ops/harness/seed.ts';
import { SseReader } from '../../helpers/sse.ts';
import { startTestServer, type TestServer } from '../../helpers/server.ts';
import { voteFixture, type VoteFixture } from '../../helpers/vote.ts';
import { CRITERIA } from '../../helpers/jury.ts';

let s: TestServer;
let a: VoteFixture, b: VoteFixture;
const key: Record<string, string> = {};
const OWNER = 'owner@alpha.test';
const J1 = 'j1@alpha.test';
const J2 = 'j2@alpha.test';

test.before(async () => {
  s = await startTestServer();
  b = await voteFixture(s.db.pool, 'Bravo', { teams: { Bee: ['bee@bravo.test'] }, others: [{ email: 'jb@bravo.test', role: 'jury' }], voteSection: false, ready: [] });
  a = await voteFixture(s.db.pool, 'Alpha', {
    teams: { Rocket: ['ann@alpha.test'], Comet: ['cat@alpha.test'] },
    others: [{ email: J1, role: 'jury' }, { email: J2, role: 'jury' }],
    voteSection: false,
    ready: [],
  });
  for (const email of [OWNER, 'ann@alpha.test', J1, J2, 'owner@bravo.test', 'bee@bravo.test', 'jb@bravo.test']) key[email] = (await seed.key(s.db.pool, email, 'hackathon')).key;
});
test.after.always(() => s?.close());

const api = (who: string, method: string, path: string, body?: unknown, headers?: Record<string, string>) =>
  http(s.url, method, `/api/v1/event/jury${path}`, { key: key[who], body, headers });
const scores = async () => Number((await s.db.pool.query('select count(*) from app.jury_scores where event_id = $1', [a.eventId])).rows[0].count);

test.serial('criteria, the roster file\'s conflicts, a plan, open; refusals in the wire shape', async (t) => {
  t.like(await api(OWNER, 'PUT', '/criteria', [{ name: 'Impact', weight: 'x' }]), { status: 400, body: { error: { code: 'invalid_criteria', field: 'criteria.0.weight' } } });
  t.like(await api(OWNER, 'PUT', '/criteria', { criteria: 'nope' }), { status: 400, body: { error: { code: 'invalid_criteria', field: 'criteria' } } });
  const c = await api(OWNER, 'PUT', '/criteria', CRITERIA);
  t.like(c, { status: 200, body: { totalWeight: 5, fixed: false } });
  t.like(await api(J1, 'PUT', '/criteria', CRITERIA), { status: 403, body: { error: { code: 'insufficient_event_role' } } });
  // The roster file: J2 declares a conflict with Comet.
  const rows = [{ email: 'ann@alpha.test', team: 'Rocket' }, { email: 'cat@alpha.test', team: 'Comet' }, { email: J1, role: 'jury' }, { email: J2, role: 'jury', conflicts: ['Comet'] }];
  const imp = await http(s.url, 'PUT', '/api/v1/event/roster', { key: key[OWNER], body: { participants: rows, invite: false } });
  t.like(imp, { status: 200, body: { juryConflicts: 1 } });
  const bad = await http(s.url, 'PUT', '/api/v1/event/roster', { key: key[OWNER], body: { participants: [...rows.slice(0, 3), { email: J2, role: 'jury', conflicts: ['Nope'] }], invite: false } });
  t.like(bad, { status: 404, body: { error: { code: 'team_not_found' } } });
  t.like((await api(OWNER, 'GET', '/conflicts')).body, { items: [{ juror: J2, team: 'Comet', kind: 'declared', reason: 'declared in the roster file' }] });
  t.like(await api(OWNER, 'POST', '/plan', { perTeam: 0 }), { status: 400, body: { error: { code: 'invalid_input', field: 'perTeam' } } });
  const plan = await api(OWNER, 'POST', '/plan', { perTeam: 2, seed: 1 });
  t.like(plan, { status: 200, body: { perTeam: 2, planned: 3 } });
  t.like(plan.body.shortfall, [{ team: 'Comet', assigned: 1, needed: 2 }]);
  const conflict = await api(OWNER, 'POST', '/assignments', { juror: J2, team: 'Comet' });
  t.like(conflict, { status: 409, body: { error: { code: 'jury_conflict', juror: J2, team: 'Comet', conflict: 'declared: declared in the roster file' } } });
  t.like(await api(OWNER, 'POST', '/assignments', { juror: 'nobody@alpha.test', team: 'Comet' }), { status: 404, body: { error: { code: 'juror_not_found' } } });
  t.like(await api(J1, 'PUT', '/scores/Rocket/draft', { scores: { Impact: 4 }, expectedRevision: 0 }), { status: 409, body: { error: { code: 'jury_not_open' } } });
  t.like(await api(OWNER, 'POST', '/open'), { status: 200, body: { state: 'open' } });
});

test.serial('scores: bad input names the field, nothing stored; draft then submission with Idempotency-Key; organizers see counts', async (t) => {
  const good = { scores: { Impact: 4 }, expectedRevision: 0 };
  for (const [body, field] of [
    [{ ...good, expectedRevision: '0' }, 'expectedRevision'],
    [{ ...good, expectedRevision: -1 }, 'expectedRevision'],
    [{ ...good, scores: { Impact: 2.5 } }, 'scores.Impact'],
    [{ ...good, scores: { Impact: '4' } }, 'scores.Impact'],
    [{ ...good, extra: 1 }, 'extra'],
  ] as const) {
    const r = await api(J1, 'PUT', '/scores/Rocket/draft', body);
    t.is(r.status, 400, JSON.stringify(body));
    t.is(r.body.error.code, 'invalid_input', JSON.stringify(body));
  }
  t.is(await scores(), 0);
  t.like(await api(J1, 'PUT', '/scores/Rocket/draft', { scores: { Impact: 9 }, expectedRevision: 0 }), { status: 400, body: { error: { code: 'invalid_jury_score' } } });
  t.like(await api(J1, 'PUT', '/scores/Rocket/draft', { ...good, note: 'good' }), { status: 200, body: { state: 'draft', revision: 1 } });
  const sub = { scores: { Execution: 5 }, expectedRevision: 1 };
  const first = await api(J1, 'POST', '/scores/Rocket/submission', sub, { 'idempotency-key': 'jury-sub-1' });
  t.like(first, { status: 200, body: { state: 'submitted', revision: 2, submission: { Impact: 4, Execution: 5 } } });
  const again = await api(J1, 'POST', '/scores/Rocket/submission', sub, { 'idempotency-key': 'jury-sub-1' });
  t.is(again.headers.get('idempotency-replayed'), 'true');
  t.deepEqual(again.body, first.body);
  t.like(await api(OWNER, 'PUT', '/scores/Rocket/draft', { scores: { Impact: 1 }, expectedRevision: 2 }), { status: 403, body: { error: { code: 'insufficient_event_role' } } });
  t.like(await api('ann@alpha.test', 'GET', '/scores'), { status: 403 });
  const p = await api(OWNER, 'GET', '/progress');
  t.like(p, { status: 200, body: { state: 'open', submitted: 1 } });
  t.false(JSON.stringify(p.body).includes('"Impact"'));
  t.like((await api(J1, 'GET', '/scores')).body, { juror: J1 });
});

test.serial('close, calculate, release, export with and without identities', async (t) => {
  t.like(await api(OWNER, 'POST', '/results', {}), { status: 409, body: { error: { code: 'jury_not_closed' } } });
  t.like(await api(OWNER, 'POST', '/close'), { status: 200, body: { state: 'closed' } });
  t.like(await api(J1, 'PUT', '/scores/Rocket/draft', { scores: { Impact: 1 }, expectedRevision: 2 }), { status: 409, body: { error: { code: 'jury_closed' } } });
  t.like(await api(OWNER, 'POST', '/results', { method: 'median' }), { status: 400 });
  const calc = await api(OWNER, 'POST', '/results', { method: 'mean' });
  t.like(calc, { status: 201, body: { version: 1, created: true, rows: [{ rank: 1, name: 'Rocket', fraction: '22/5', score: '4.4000' }] } });
  t.like(await api(OWNER, 'POST', '/results', { method: 'mean' }), { status: 200, body: { version: 1, created: false } });
  t.like(await api('ann@alpha.test', 'GET', '/results/1/scores'), { status: 404 });
  t.like(await api(OWNER, 'PUT', '/results/abc/release'), { status: 400, body: { error: { code: 'invalid_input', field: 'version' } } });
  t.like(await api(OWNER, 'PUT', '/results/1/release'), { status: 200, body: { released: true } });
  const pub = await api('ann@alpha.test', 'GET', '/results/1/scores');
  t.like(pub, { status: 200, body: { format: 'podium-jury-scores/1', digest: calc.body.digest } });
  t.false(JSON.stringify(pub.body).includes('@alpha.test'));
  t.like(await api('ann@alpha.test', 'GET', '/results/1/scores?identities=true'), { status: 403 });
  const org = await api(OWNER, 'GET', '/results/1/scores?identities=true');
  t.deepEqual(org.body.jurors.map((j: any) => j.email), [J1]);
});

test.serial('two workspaces: B cannot read, write, list or count A\'s jury over REST, GraphQL or the live stream', async (t) => {
  const B = 'owner@bravo.test';
  const stream = await SseReader.open(s.url, { key: key[B] });
  try {
    t.is(stream.status, 200);
    await stream.next('B\'s ready event', (e) => e.event === 'ready');
    // REST: B sees its own (empty) jury, never A's.
    t.like((await api(B, 'GET', '/criteria')).body, { criteria: [], state: 'setup' });
    t.like((await api(B, 'GET', '/assignments')).body, { items: [] });
    t.like((await api(B, 'GET', '/results')).body, { items: [] });
    t.like(await api(B, 'GET', '/results/1/scores'), { status: 404 });
    t.like(await api(B, 'PUT', '/results/1/release'), { status: 404 });
    t.like(await api(B, 'POST', '/assignments', { juror: J1, team: 'Rocket' }), { status: 404, body: { error: { code: 'juror_not_found' } } });
    t.like(await api(B, 'POST', '/conflicts', { juror: 'jb@bravo.test', team: a.teams.Rocket }), { status: 404, body: { error: { code: 'team_not_found' } } });
    t.like(await api('jb@bravo.test', 'PUT', `/scores/${a.teams.Rocket}/draft`, { scores: { Impact: 1 }, expectedRevision: 0 }), { status: 409, body: { error: { code: 'jury_not_open' } } });
    t.like((await api(B, 'GET', '/progress')).body, { assigned: 0, submitted: 0, teams: [{ team: 'Bee' }] });
    // GraphQL: tables and functions.
    const gql = async (who: string, query: string) => (await http(s.url, 'POST', '/graphql', { key: key[who], body: { query } })).body;
    const TABLES = `{ s: allJurySettings { totalCount } c: allJuryCriteria { totalCount } k: allJuryConflicts { totalCount }
      a: allJuryAssignments { totalCount } sc: allJuryScores { totalCount } r: allJuryResults { totalCount } }`;
    const mine = await gql(OWNER, TABLES);
    t.falsy(mine.errors, JSON.stringify(mine.errors));
    t.like(mine.data, { c: { totalCount: 2 }, k: { totalCount: 1 }, a: { totalCount: 3 }, sc: { totalCount: 1 }, r: { totalCount: 1 } });
    const theirs = await gql(B, TABLES);
    t.falsy(theirs.errors, JSON.stringify(theirs.errors));
    t.like(theirs.data, { c: { totalCount: 0 }, k: { totalCount: 0 }, a: { totalCount: 0 }, sc: { totalCount: 0 }, r: { totalCount: 0 } });
    const exp = await gql(B, '{ juryResultsExport(version: 1, identities: true) { format digest } }');
    t.is(exp.errors?.[0]?.extensions?.code, 'not_found');
    const rel = await gql(B, 'mutation { releaseJuryResults(input: { version: 1 }) { clientMutationId } }');
    t.is(rel.errors?.[0]?.extensions?.code, 'not_found');
    // The live stream: A's jury changes reach A's organizers, never B's.
    const aStream = await SseReader.open(s.url, { key: key[OWNER] });
    try {
      await aStream.next('A\'s ready event', (e) => e.event === 'ready');
      await api(OWNER, 'PUT', '/results/1/release');
      await api(OWNER, 'POST', '/results', { method: 'rank' });
      await api(OWNER, 'PUT', '/results/2/release');
      await aStream.next('A\'s jury.released', (e) => e.event === 'jury.released' && JSON.parse(e.data).version === 2);
      await api(B, 'GET', '/criteria'); // B's own request after A's event was published
      t.false(stream.events.some((e) => e.event.startsWith('jury.')), 'B receives nothing of A\'s jury');
    } finally {
      aStream.close();
    }
  } finally {
    stream.close();
  }
});


test.serial('roster import with keepScores keeps a removed juror\'s submitted score (marked); drafts and assignments go', async (t) => {
  const rows = [{ email: 'ann@alpha.test', team: 'Rocket' }, { email: 'cat@alpha.test', team: 'Comet' }, { email: J2, role: 'jury', conflicts: ['Comet'] }];
  const r = await http(s.url, 'PUT', '/api/v1/event/roster', { key: key[OWNER], body: { participants: rows, invite: false, keepScores: true } });
  t.like(r, { status: 200, body: { removed: [{ email: J1 }] } });
  const kept = (await s.db.pool.query('select state, juror_removed_at is not null as removed from app.jury_scores where event_id = $1 and juror = $2', [a.eventId, J1])).rows;
  t.deepEqual(kept, [{ state: 'submitted', removed: true }]);
});
