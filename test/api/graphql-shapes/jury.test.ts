// Typed GraphQL for jury judging (issue 44): every jury function's GraphQL field answers its
// `@shape` type (sql/migrations/000342_graphql_shapes_jury.sql), read with every field
// selected and compared with the REST route over the same function. The data fills every
// nested list: conflicts of each kind, a plan with a shortfall, drafts and submissions, a
// result with a tie and an unranked team, an export with identities. Workspace B's key reads
// none of A's through the typed fields.
import test, { type ExecutionContext } from 'ava';
import { getNamedType, isObjectType, type GraphQLSchema } from 'postgraphile/graphql';
import { http } from '../../helpers/http.ts';
import { answerTypes, liveSchema, mutateShaped, readShaped, sameAsJson } from '../../helpers/graphql.ts';
import * as seed from '../../../ops/harness/seed.ts';
import { startTestServer, type TestServer } from '../../helpers/server.ts';
import { voteFixture, type VoteFixture } from '../../helpers/vote.ts';
import { CRITERIA, claimedRequest, type JuryFixture } from '../../helpers/jury.ts';

let s: TestServer;
let a: VoteFixture, b: VoteFixture;
let schema: GraphQLSchema;
const key: Record<string, string> = {};
const OWNER = 'owner@gqlalpha.test';
const B_OWNER = 'owner@gqlbravo.test';
const J1 = 'j1@gqlalpha.test';
const J2 = 'j2@gqlalpha.test';
const J3 = 'j3@gqlalpha.test';
const ANN = 'ann@gqlalpha.test';

test.before(async () => {
  s = await startTestServer();
  a = await voteFixture(s.db.pool, 'GqlAlpha', {
    teams: { Rocket: [ANN], Comet: ['cat@gqlalpha.test'], Apollo: ['dan@gqlalpha.test'] },
    others: [J1, J2, J3].map((email) => ({ email, role: 'jury' })),
    voteSection: false,
    ready: [],
  });
  b = await voteFixture(s.db.pool, 'GqlBravo', { teams: { Bee: ['bee@gqlbravo.test'] }, others: [{ email: 'jb@gqlbravo.test', role: 'jury' }], voteSection: false, ready: [] });
  for (const email of [OWNER, ANN, J1, J2, J3, B_OWNER]) key[email] = (await seed.key(s.db.pool, email, 'hackathon')).key;
  schema = await liveSchema(s.url, key[OWNER]!);
});
test.after.always(() => s?.close());

const rest = async (who: string, method: string, path: string, body?: unknown) => {
  const r = await http(s.url, method, `/api/v1/event/jury${path}`, { key: key[who], body });
  if (r.status >= 300) throw new Error(`${method} ${path}: ${r.status} ${r.text.slice(0, 400)}`);
  return r.body;
};
const read = (who: string, field: string, args: Record<string, unknown> = {}) => readShaped(s.url, key[who]!, schema, field, args);
const mutate = (who: string, mutation: string, input: Record<string, unknown>) => mutateShaped(s.url, key[who]!, schema, mutation, input);
/** The status answers carry `now`, the server clock at the read: compared apart (typed read first). */
const withoutNow = ({ now, ...rest }: Record<string, unknown>) => rest;
const checkNow = (t: ExecutionContext, typedNow: string, restNow: string) =>
  t.true(Date.parse(typedNow) <= Date.parse(restNow), `typed now ${typedNow} is not before REST now ${restNow}`);

const QUERIES: Record<string, string> = {
  juryProgress: 'JuryProgressReport', juryResultsExport: 'JuryResultsExportFile', juryStatus: 'JuryWindowStatus',
  listJuryAssignments: 'JuryAssignmentBoard', listJuryConflicts: 'JuryConflictList', listJuryResults: 'JuryResultList',
  myJuryScores: 'JuryScoresheet', showJuryCriteria: 'JuryCriteriaSheet',
};
const MUTATIONS: Record<string, string> = {
  addJuryAssignment: 'JuryAssignmentAdded', addJuryConflict: 'JuryConflictList', assignJury: 'JuryPlan',
  calculateJuryResults: 'JuryCalculation', closeJury: 'JuryWindowStatus', openJury: 'JuryWindowStatus',
  releaseJuryResults: 'JuryResultVersion', removeJuryAssignment: 'JuryAssignmentRemoved', removeJuryConflict: 'JuryConflictList',
  saveJuryScore: 'JuryOwnScore', setJuryCriteria: 'JuryCriteriaSheet', setRosterJuryConflicts: 'JuryRosterConflictCount',
  submitJuryScore: 'JuryOwnScore',
};

test('every jury query field and mutation result answers its object type, not the JSON scalar', (t) => {
  t.deepEqual(answerTypes(schema, Object.keys(QUERIES), { lists: false }), QUERIES);
  t.deepEqual(answerTypes(schema, Object.keys(MUTATIONS), { lists: false }), MUTATIONS);
  const scores = schema.getType('JuryOwnScore');
  t.true(isObjectType(scores) && getNamedType(scores.getFields().draft!.type).name === 'JSON', 'a draft ({ criterion: value }) stays JSON');
  const row = schema.getType('JuryResultRow');
  t.true(isObjectType(row) && getNamedType(row.getFields().rank!.type).name === 'Int');
});

test.serial('criteria: setJuryCriteria and showJuryCriteria are typed, the same as GET /criteria', async (t) => {
  const set = await mutate(OWNER, 'setJuryCriteria', { file: { scale: { min: 1, max: 5 }, criteria: CRITERIA } });
  const shown = await rest(OWNER, 'GET', '/criteria');
  t.is(set.criteria.length, 2);
  t.deepEqual(set.scale, { min: 1, max: 5 });
  t.like(set, { totalWeight: 5, state: 'setup', fixed: false });
  sameAsJson(t, set, shown, 'setJuryCriteria');
  sameAsJson(t, await read(OWNER, 'showJuryCriteria'), shown, 'showJuryCriteria');
  sameAsJson(t, await read(ANN, 'showJuryCriteria'), await rest(ANN, 'GET', '/criteria'), 'showJuryCriteria (participant)');
});

test.serial('conflicts: setRosterJuryConflicts, addJuryConflict, removeJuryConflict and listJuryConflicts are typed', async (t) => {
  const roster = await mutate(OWNER, 'setRosterJuryConflicts', { rows: [{ email: J3, role: 'jury', conflicts: ['Apollo'] }] });
  t.deepEqual(roster, { conflicts: 1 });
  await claimedRequest(a as JuryFixture, 'Rocket', J1); // an advising conflict: J1 claimed Rocket's help request
  const added = await mutate(OWNER, 'addJuryConflict', { juror: J2, team: 'Comet', reason: 'Mentored them' });
  sameAsJson(t, added, await rest(OWNER, 'GET', '/conflicts'), 'addJuryConflict');
  const extra = await mutate(OWNER, 'addJuryConflict', { juror: J1, team: 'Comet' });
  t.is(extra.items.length, 4);
  const removed = await mutate(OWNER, 'removeJuryConflict', { juror: J1, team: 'Comet' });
  const list = await rest(OWNER, 'GET', '/conflicts');
  sameAsJson(t, removed, list, 'removeJuryConflict');
  t.deepEqual(list.items.map((c: any) => [c.juror, c.team, c.kind]), [[J1, 'Rocket', 'advised'], [J2, 'Comet', 'declared'], [J3, 'Apollo', 'declared']]);
  t.is(removed.items[0].projectId, a.teams.Rocket);
  sameAsJson(t, await read(OWNER, 'listJuryConflicts'), list, 'listJuryConflicts');
});

test.serial('assignments: assignJury, removeJuryAssignment, addJuryAssignment and listJuryAssignments are typed, shortfall included', async (t) => {
  const plan = await mutate(OWNER, 'assignJury', { perTeam: 3, seed: '5' });
  const board = await rest(OWNER, 'GET', '/assignments');
  t.is(plan.planned, 6);
  t.is(plan.items.length, 6);
  t.is(plan.jurors.length, 3);
  t.is(plan.shortfall.length, 3, 'each team has 2 jurors free of a conflict, short of 3');
  t.is(plan.seed, '5', 'the seed is a bigint');
  sameAsJson(t, plan, { ...board, planned: 6 }, 'assignJury');
  const removed = await mutate(OWNER, 'removeJuryAssignment', { juror: J1, team: 'Comet' });
  t.deepEqual(removed, { juror: J1, projectId: a.teams.Comet, team: 'Comet', removed: true });
  const added = await mutate(OWNER, 'addJuryAssignment', { juror: J1, team: 'Comet' });
  t.deepEqual(added, { juror: J1, projectId: a.teams.Comet, team: 'Comet', added: true });
  const typed = await read(OWNER, 'listJuryAssignments');
  const after = await rest(OWNER, 'GET', '/assignments');
  t.true(after.items.some((i: any) => i.juror === J1 && i.team === 'Comet' && i.source === 'manual'));
  sameAsJson(t, typed, after, 'listJuryAssignments');
});

test.serial('the window: openJury, juryStatus (organizer, juror, participant) are typed, the same as GET /', async (t) => {
  const opened = await mutate(OWNER, 'openJury', {});
  const status = await rest(OWNER, 'GET', '');
  t.like(opened, { state: 'open', role: 'organizer', released: false, assigned: null });
  t.is(opened.progress.teams.length, 3);
  t.is(opened.progress.jurors.length, 3);
  sameAsJson(t, withoutNow(opened), withoutNow(status), 'openJury');
  checkNow(t, opened.now, status.now);
  for (const who of [OWNER, J1, ANN]) {
    const typed = await read(who, 'juryStatus');
    const json = await rest(who, 'GET', '');
    sameAsJson(t, withoutNow(typed), withoutNow(json), `juryStatus (${who})`);
    checkNow(t, typed.now, json.now);
  }
  t.like(await read(J1, 'juryStatus'), { role: 'jury', assigned: 2, submitted: 0, progress: null });
});

test.serial('scores: saveJuryScore, submitJuryScore and myJuryScores are typed; juryProgress counts them', async (t) => {
  // J1 judges Comet and Apollo, J2 Rocket and Apollo, J3 Rocket and Comet (the conflicts decide).
  const draft = await mutate(J1, 'saveJuryScore', { team: 'Comet', scores: { Impact: 4 }, note: 'Strong demo', expectedRevision: 0 });
  t.like(draft, { state: 'draft', revision: 1, draft: { Impact: 4 }, submission: null, note: 'Strong demo', submittedAt: null, projectId: a.teams.Comet, team: 'Comet' });
  const sub = await mutate(J1, 'submitJuryScore', { team: 'Comet', scores: { Execution: 3 }, expectedRevision: 1 });
  t.like(sub, { state: 'submitted', revision: 2, draft: null, submission: { Impact: 4, Execution: 3 }, note: 'Strong demo' });
  t.truthy(sub.submittedAt);
  const mine = await rest(J1, 'GET', '/scores');
  const { tagline, ...comet } = mine.items.find((i: any) => i.team === 'Comet');
  sameAsJson(t, sub, comet, 'submitJuryScore');
  await mutate(J1, 'submitJuryScore', { team: 'Apollo', scores: { Impact: 4, Execution: 3 }, expectedRevision: 0 });
  await mutate(J2, 'submitJuryScore', { team: 'Apollo', scores: { Impact: 4, Execution: 3 }, expectedRevision: 0 });
  await mutate(J3, 'submitJuryScore', { team: 'Comet', scores: { Impact: 4, Execution: 3 }, expectedRevision: 0 });
  await mutate(J2, 'saveJuryScore', { team: 'Rocket', scores: { Impact: 5 }, expectedRevision: 0 }); // Rocket: a draft only
  for (const who of [J1, J2, J3]) {
    const typed = await read(who, 'myJuryScores');
    t.is(typed.items.length, 2, who);
    sameAsJson(t, typed, await rest(who, 'GET', '/scores'), `myJuryScores (${who})`);
  }
  const sheet = await read(J2, 'myJuryScores');
  t.like(sheet, { juror: J2, totalWeight: 5, state: 'open', fixed: true });
  t.deepEqual(sheet.items.map((i: any) => [i.team, i.state]), [['Apollo', 'submitted'], ['Rocket', 'draft']]);
  const progress = await read(OWNER, 'juryProgress');
  t.like(progress, { state: 'open', assigned: 6, submitted: 4 });
  t.deepEqual(progress.teams.map((p: any) => [p.team, p.submitted, p.drafts]), [['Apollo', 2, 0], ['Comet', 2, 0], ['Rocket', 0, 1]]);
  t.true(progress.jurors.some((j: any) => j.juror === J3 && j.late === true), 'J3 submitted 1 of 2, behind the jury\'s 4 of 6');
  sameAsJson(t, progress, await rest(OWNER, 'GET', '/progress'), 'juryProgress');
});

test.serial('results: closeJury, calculateJuryResults, releaseJuryResults, listJuryResults and juryResultsExport are typed', async (t) => {
  const closed = await mutate(OWNER, 'closeJury', {});
  const status = await rest(OWNER, 'GET', '');
  t.like(closed, { state: 'closed' });
  t.truthy(closed.closedAt);
  sameAsJson(t, withoutNow(closed), withoutNow(status), 'closeJury');
  checkNow(t, closed.now, status.now);

  const calc = await mutate(OWNER, 'calculateJuryResults', { method: 'mean' });
  t.like(calc, { version: 1, method: 'mean', created: true, released: false, releasedAt: null });
  // Comet and Apollo tie at 18/5; Rocket has no submitted score: unranked.
  t.deepEqual(calc.rows.map((r: any) => [r.rank, r.name, r.fraction, r.score, r.scores, r.assigned]),
    [[1, 'Apollo', '18/5', '3.6000', 2, 2], [1, 'Comet', '18/5', '3.6000', 2, 2], [null, 'Rocket', null, null, 0, 2]]);
  t.deepEqual(calc.ties, [{ rank: 1, projectIds: [a.teams.Apollo, a.teams.Comet], names: ['Apollo', 'Comet'] }]);
  t.deepEqual(calc.coverage, { teams: 3, teamsScored: 2, assigned: 6, submitted: 4, jurors: 3 });
  const again = await rest(OWNER, 'POST', '/results', { method: 'mean' });
  t.is(again.created, false);
  sameAsJson(t, calc, { ...again, created: true }, 'calculateJuryResults');

  const released = await mutate(OWNER, 'releaseJuryResults', { version: 1 });
  t.like(released, { version: 1, released: true });
  t.truthy(released.releasedAt);
  const list = await rest(OWNER, 'GET', '/results');
  sameAsJson(t, released, list.items[0], 'releaseJuryResults');
  sameAsJson(t, await read(OWNER, 'listJuryResults'), list, 'listJuryResults (organizer)');
  const annList = await read(ANN, 'listJuryResults');
  t.is(annList.items.length, 1);
  sameAsJson(t, annList, await rest(ANN, 'GET', '/results'), 'listJuryResults (participant)');

  const full = await read(OWNER, 'juryResultsExport', { version: 1, identities: true });
  t.like(full, { format: 'podium-jury-scores/1', resultVersion: 1, digest: calc.digest, method: 'mean' });
  t.is(full.scores.length, 4);
  t.is(full.scores[0].values.length, 2);
  t.deepEqual(full.jurors.map((j: any) => j.email).sort(), [J1, J2, J3]);
  sameAsJson(t, full, await rest(OWNER, 'GET', '/results/1/scores?identities=true'), 'juryResultsExport (identities)');
  const pub = await read(ANN, 'juryResultsExport', { version: 1 });
  // No identities without asking (and never for a participant): the JSON has no `jurors`.
  // PostGraphile selects a list of composites as array(select … from unnest(list)), so a list
  // the JSON leaves out reads as [] rather than null: compared apart.
  t.deepEqual(pub.jurors, []);
  t.false(JSON.stringify(pub).includes('@gqlalpha.test'));
  const pubJson = await rest(ANN, 'GET', '/results/1/scores');
  t.false('jurors' in pubJson);
  const { jurors, ...pubTyped } = pub;
  sameAsJson(t, pubTyped, pubJson, 'juryResultsExport (participant)');
});

test.serial('two workspaces: B\'s key reads none of A\'s jury through the typed fields', async (t) => {
  const aSecrets = [...Object.values(a.teams), 'Rocket', 'Comet', 'Apollo', '@gqlalpha.test'];
  const leaks = (what: string, v: unknown) => t.false(aSecrets.some((x) => JSON.stringify(v).includes(x)), `${what} shows A's jury to B`);
  const criteria = await read(B_OWNER, 'showJuryCriteria');
  t.like(criteria, { criteria: [], totalWeight: 0, state: 'setup' });
  leaks('showJuryCriteria', criteria);
  const conflicts = await read(B_OWNER, 'listJuryConflicts');
  t.deepEqual(conflicts.items, []);
  const board = await read(B_OWNER, 'listJuryAssignments');
  t.deepEqual(board.items, []);
  t.deepEqual(board.jurors.map((j: any) => j.juror), ['jb@gqlbravo.test']);
  leaks('listJuryAssignments', board);
  const progress = await read(B_OWNER, 'juryProgress');
  t.deepEqual(progress.teams.map((p: any) => p.team), ['Bee']);
  leaks('juryProgress', progress);
  const status = await read(B_OWNER, 'juryStatus');
  t.like(status, { state: 'setup', released: false });
  leaks('juryStatus', status);
  const results = await read(B_OWNER, 'listJuryResults');
  t.deepEqual(results.items, []);
  const exp = await http(s.url, 'POST', '/graphql', { key: key[B_OWNER], body: { query: '{ juryResultsExport(version: 1, identities: true) { digest scores { juror } } }' } });
  t.is(exp.body.errors?.[0]?.extensions?.code, 'not_found', exp.text);
  t.falsy(exp.body.data?.juryResultsExport);
  const rel = await http(s.url, 'POST', '/graphql', { key: key[B_OWNER], body: { query: 'mutation { releaseJuryResults(input: { version: 1 }) { result { digest rows { name } } } }' } });
  t.is(rel.body.errors?.[0]?.extensions?.code, 'not_found', rel.text);
  await t.throwsAsync(mutate(B_OWNER, 'addJuryAssignment', { juror: J1, team: 'Rocket' }), { message: /juror_not_found/ });
});
