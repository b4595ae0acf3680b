// Roster removal on GitHub: the roster import records a revocation per
// team repository the removed person's username held and enqueues codehost__revoke_access in
// its own transaction (job key revoke:<event>:<login>); the job removes the collaborator and
// cancels a pending invitation through the GithubCodeHost driver against the GitHub stand-in
// (test/helpers/github-standin.ts), retries after a failure, is idempotent, and cancels a
// revocation whose person is back on the roster. roster show and github-check list the
// pending ones until they are done; a second workspace sees and triggers none of it.
import { EventEmitter } from 'node:events';
import test from 'ava';
import { runTaskListOnce, type WorkerEvents } from 'graphile-worker';
import { quietLogger } from '../../core/db/job-queue.ts';
import { createLogger } from '../../core/log.ts';
import { codehostRevokeAccess } from '../../workers/tasks/codehost__revoke_access.ts';
import { assignRepository, createEvent, eventWorkspace, HOUR, person, type Person } from '../helpers/event.ts';
import { startGithubStandin, type GithubStandin } from '../helpers/github-standin.ts';
import { http } from '../helpers/http.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

let s: TestServer;
let sd: GithubStandin;
let owner: Person, ann: Person, bea: Person, cal: Person, coach: Person;
let ownerB: Person;
let eventId: string;
let eventB: string;
const team: Record<string, string> = {};

const roster = (key: string, participants: unknown[]) =>
  http(s.url, 'PUT', '/api/v1/event/roster', { key, body: { participants, invite: false } });
const full = () => [
  { email: ann.email, team: 'Rocket' }, { email: bea.email, team: 'Rocket' }, { email: cal.email, team: 'Rocket' },
  { email: coach.email, role: 'advisor' },
];
const logins = async (pairs: [Person, string][]) => {
  for (const [p, l] of pairs) await s.db.pool.query('update app.roster_entries set github_login = $2 where lower(email) = $1', [p.email, l]);
};

/** Runs the due revocation jobs with the GitHub driver; answers each job's outcome. */
async function runRevocations(): Promise<{ ok: boolean; error?: string }[]> {
  const outcomes: { ok: boolean; error?: string }[] = [];
  const events: WorkerEvents = new EventEmitter();
  events.on('job:success', () => void outcomes.push({ ok: true }));
  events.on('job:error', ({ error }) => void outcomes.push({ ok: false, error: (error as Error).message }));
  const task = codehostRevokeAccess({ config: s.config, pool: s.db.pool, log: createLogger('silent'), mail: null }, sd.host());
  const client = await s.db.pool.connect();
  try {
    await runTaskListOnce({ logger: quietLogger, noHandleSignals: true, events }, { codehost__revoke_access: task }, client).promise;
  } finally {
    client.release();
  }
  return outcomes;
}
const jobs = async () => (await s.db.pool.query(`select j.key, j.attempts, j.last_error from graphile_worker._private_jobs j
  join graphile_worker._private_tasks k on k.id = j.task_id where k.identifier = 'codehost__revoke_access' order by j.key`)).rows;
const revocations = async () => (await s.db.pool.query(`select login, full_name, outcome, attempts, last_error is not null as failed
  from app_private.access_revocations order by login, requested_at`)).rows;

test.before(async () => {
  sd = await startGithubStandin();
  s = await startTestServer();
  const w = await eventWorkspace(s.db.pool, 'Gh');
  owner = w.owner;
  eventId = (await createEvent(s.url, owner.key, Date.now() + HOUR)).id;
  [ann, bea, cal, coach] = await Promise.all(['ann', 'bea', 'cal', 'coach'].map((n) => person(s.db.pool, w.ws.id, `${n}@gh.test`)));
  if ((await roster(owner.key, full())).status !== 200) throw new Error('roster');
  await logins([[ann, 'ann-gh'], [bea, 'bea-gh'], [cal, 'cal-gh'], [coach, 'coach-gh']]);
  const { rows } = await s.db.pool.query('select id, name from app.projects where workspace_id = $1', [w.ws.id]);
  for (const r of rows) team[r.name] = r.id;
  // Provisioned on GitHub: the repository exists there and is the team's (no local host row).
  const gh = sd.host();
  await gh.createFromTemplate('acme/template', 'acme/rocket', 'main');
  await assignRepository(s.db.pool, team.Rocket!, 'acme/rocket', 'invited');
  for (const l of ['ann-gh', 'bea-gh', 'cal-gh']) await gh.invite('acme/rocket', l, 'maintain');
  await gh.invite('acme/rocket', 'coach-gh', 'read');
  sd.accepted.add('acme/rocket ann-gh'); // ann accepted; the others' invitations are pending

  const b = await eventWorkspace(s.db.pool, 'GhOther');
  ownerB = b.owner;
  eventB = (await createEvent(s.url, ownerB.key, Date.now() + HOUR)).id;
});
test.after.always(async () => {
  await s?.close();
  sd?.close();
});

test.serial('removal by roster import records the revocations and enqueues one job per username, in the same transaction', async (t) => {
  const r = await roster(owner.key, full().filter((x) => x.email !== ann.email && x.email !== coach.email));
  t.is(r.status, 200, r.text);
  t.deepEqual(await revocations(), [
    { login: 'ann-gh', full_name: 'acme/rocket', outcome: null, attempts: 0, failed: false },
    { login: 'coach-gh', full_name: 'acme/rocket', outcome: null, attempts: 0, failed: false },
  ]);
  t.deepEqual((await jobs()).map((j) => j.key), [`revoke:${eventId}:ann-gh`, `revoke:${eventId}:coach-gh`]);

  const page = (await http(s.url, 'GET', '/api/v1/event/roster', { key: owner.key })).body;
  t.deepEqual(page.revocations.map((v: any) => [v.email, v.login, v.repository]), [[ann.email, 'ann-gh', 'acme/rocket'], [coach.email, 'coach-gh', 'acme/rocket']]);
  const check = (await http(s.url, 'GET', '/api/v1/event/github-check', { key: owner.key })).body;
  t.false(check.ok);
  t.true(check.problems.some((p: string) => p.startsWith(`${ann.email} (ann-gh) was removed from the roster but still holds acme/rocket: revocation pending since`)), check.problems.join('\n'));
  t.is(check.revocations.length, 2);

  // A refused import changes nothing and enqueues nothing.
  await http(s.url, 'PUT', '/api/v1/event/roster/lock', { key: owner.key });
  t.is((await roster(owner.key, [])).body.error.code, 'roster_locked');
  await http(s.url, 'DELETE', '/api/v1/event/roster/lock', { key: owner.key });
  t.is((await revocations()).length, 2);
  t.is((await jobs()).length, 2);
});

test.serial('the job removes the collaborator and cancels the pending invitation; a failure is recorded and retried', async (t) => {
  sd.failures.set('DELETE /repos/acme/rocket/collaborators/ann-gh', 1);
  sd.log.length = 0;
  let out = await runRevocations();
  t.deepEqual(out.map((o) => o.ok).sort(), [false, true]);
  t.regex(out.find((o) => !o.ok)!.error!, /GitHub answered 502 to DELETE \/repos\/acme\/rocket\/collaborators\/ann-gh/);
  t.true(sd.log.some((l) => /^DELETE \/repos\/acme\/rocket\/invitations\/\d+ token$/.test(l)), 'the coach\'s pending invitation is cancelled');
  t.deepEqual(await revocations(), [
    { login: 'ann-gh', full_name: 'acme/rocket', outcome: null, attempts: 1, failed: true },
    { login: 'coach-gh', full_name: 'acme/rocket', outcome: 'revoked', attempts: 1, failed: false },
  ]);
  t.is(await sd.host().standing('acme/rocket', 'coach-gh'), 'none');
  t.is(await sd.host().standing('acme/rocket', 'ann-gh'), 'member', 'still holding access until the retry');
  const check = (await http(s.url, 'GET', '/api/v1/event/github-check', { key: owner.key })).body;
  t.true(check.problems.some((p: string) => p.includes('(ann-gh)') && p.includes('1 attempt(s), last error: GitHub answered 502')), check.problems.join('\n'));
  t.false(check.problems.some((p: string) => p.includes('(coach-gh)')));

  const [job] = await jobs();
  t.like(job, { key: `revoke:${eventId}:ann-gh`, attempts: 1 });
  await s.db.pool.query('update graphile_worker._private_jobs set run_at = now() where key = $1', [job.key]); // its retry is due
  out = await runRevocations();
  t.deepEqual(out, [{ ok: true }]);
  t.is(await sd.host().standing('acme/rocket', 'ann-gh'), 'none');
  t.deepEqual((await revocations()).map((r) => r.outcome), ['revoked', 'revoked']);
  t.deepEqual(await jobs(), []);
  t.deepEqual((await http(s.url, 'GET', '/api/v1/event/roster', { key: owner.key })).body.revocations, []);
  t.false((await http(s.url, 'GET', '/api/v1/event/github-check', { key: owner.key })).body.problems.some((p: string) => p.includes('was removed')));
});

test.serial('idempotent: the same job again asks the code host nothing; a person back on the roster before the job runs keeps access', async (t) => {
  await s.db.pool.query(`select graphile_worker.add_job('codehost__revoke_access', json_build_object('eventId', $1::uuid, 'login', 'ann-gh'), job_key => 'revoke:' || $1 || ':ann-gh')`, [eventId]);
  sd.log.length = 0;
  t.deepEqual(await runRevocations(), [{ ok: true }]);
  t.deepEqual(sd.log, [], 'nothing left to revoke');

  // bea is removed, then put back before the job runs: her revocation is cancelled, not done.
  await roster(owner.key, [{ email: cal.email, team: 'Rocket' }]);
  await roster(owner.key, [{ email: cal.email, team: 'Rocket' }, { email: bea.email, team: 'Rocket' }]);
  await logins([[bea, 'bea-gh']]);
  t.deepEqual((await revocations()).filter((r) => r.login === 'bea-gh').map((r) => r.outcome), [null]);
  sd.log.length = 0;
  t.deepEqual(await runRevocations(), [{ ok: true }]);
  t.deepEqual(sd.log, []);
  t.deepEqual((await revocations()).filter((r) => r.login === 'bea-gh').map((r) => r.outcome), ['cancelled']);
  t.is(await sd.host().standing('acme/rocket', 'bea-gh'), 'invited');
});

test.serial('a moved participant\'s old repository is revoked; a changed username revokes the old one', async (t) => {
  await roster(owner.key, [{ email: cal.email, team: 'Comet' }, { email: bea.email, team: 'Rocket' }]);
  await logins([[cal, 'cal-gh']]);
  await s.db.pool.query(`update app.roster_entries set github_login = 'bea-new' where lower(email) = $1`, [bea.email]);
  t.deepEqual((await revocations()).filter((r) => r.outcome === null).map((r) => [r.login, r.full_name]), [['bea-gh', 'acme/rocket'], ['cal-gh', 'acme/rocket']]);
  t.deepEqual((await runRevocations()).map((o) => o.ok), [true, true]);
  t.is(await sd.host().standing('acme/rocket', 'cal-gh'), 'none');
  t.is(await sd.host().standing('acme/rocket', 'bea-gh'), 'none');
});

test.serial('a second workspace sees none of it, cannot trigger it, and its roster changes revoke nothing of this event', async (t) => {
  const before = (await revocations()).length;
  const [p] = await Promise.all([person(s.db.pool, (await s.db.pool.query('select workspace_id from app.events where id = $1', [eventB])).rows[0].workspace_id, 'zed@gh.test')]);
  await roster(ownerB.key, [{ email: p!.email, team: 'Rocket' }]);
  await s.db.pool.query(`update app.roster_entries set github_login = 'ann-gh' where event_id = $1`, [eventB]);
  await roster(ownerB.key, []);
  t.is((await revocations()).length, before, 'B has no team repositories: nothing to revoke anywhere');
  t.deepEqual((await http(s.url, 'GET', '/api/v1/event/roster', { key: ownerB.key })).body.revocations, []);
  const checkB = (await http(s.url, 'GET', '/api/v1/event/github-check', { key: ownerB.key })).body;
  t.deepEqual(checkB.revocations, []);
  t.false(JSON.stringify(checkB).includes('acme/rocket'));
  // Nothing of it is callable by the API role (so nothing in GraphQL either).
  for (const f of ['app_private.revocation_work(uuid, text)', 'app_private.revocation_done(uuid, text)', 'app_private.pending_access_revocations(uuid)']) {
    const { rows } = await s.db.pool.query(`select has_function_privilege('podium_app', $1, 'execute') as x`, [f]);
    t.false(rows[0].x, f);
  }
  const { rows } = await s.db.pool.query(`select has_table_privilege('podium_app', 'app_private.access_revocations', 'select') as x`);
  t.false(rows[0].x);
  const gql = await http(s.url, 'POST', '/graphql', { key: ownerB.key, body: { query: '{ __schema { queryType { fields { name } } mutationType { fields { name } } } }' } });
  t.false(/revocation/i.test(JSON.stringify(gql.body)), 'no revocation field or mutation');
});
