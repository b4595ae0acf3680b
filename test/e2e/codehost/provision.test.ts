// Provisioning on the local code host: the plan and its conflicts, event github-check read
// live, a run by key as a worker job (sample first), invitations accepted between runs move
// a team to ready on the next run, a coach added later is invited everywhere, and a team left
// in attention is resumed by the same key once the cause is fixed (done steps skipped).
import test from 'ava';
import path from 'node:path';
import { LocalCodeHost } from '../../../core/codehost/local.ts';
import { commitFile, git, tempDir } from '../../helpers/codehost.ts';
import { createEvent, eventWorkspace, HOUR, importRoster, person, teamIds, type Person } from '../../helpers/event.ts';
import { http } from '../../helpers/http.ts';
import { startTestServer, type TestServer } from '../../helpers/server.ts';
import { until } from '../../../ops/harness/until.ts';

let s: TestServer;
let host: LocalCodeHost;
let owner: Person, ann: Person, ben: Person, cat: Person, dan: Person, coach: Person, coach2: Person;
let wsId: string;
const team: Record<string, string> = {};
const roster = () => [
  { email: ann.email, team: 'Rocket' }, { email: ben.email, team: 'Rocket' }, { email: cat.email, team: 'Comet' },
  { email: dan.email, team: 'Nova Labs' }, { email: coach.email, role: 'advisor' },
];
const login = (p: Person, l: string) => s.db.pool.query('update app.roster_entries set github_login = $2 where lower(email) = $1', [p.email, l]);

test.before(async () => {
  s = await startTestServer({ worker: true });
  const w = await eventWorkspace(s.db.pool, 'Prov');
  owner = w.owner;
  wsId = w.ws.id;
  await createEvent(s.url, owner.key, Date.now() + HOUR);
  [ann, ben, cat, dan, coach, coach2] = await Promise.all(['ann', 'ben', 'cat', 'dan', 'coach', 'coach2'].map((n) => person(s.db.pool, w.ws.id, `${n}@x.test`)));
  await importRoster(s.url, owner.key, roster());
  Object.assign(team, await teamIds(s.db.pool, w.ws.id));
  host = new LocalCodeHost(s.config.dataDir, s.db.pool);
});
test.after.always(() => s?.close());

function runUntilDone(key: string) {
  return until(`provisioning run ${key} done`, async () => {
    const r = await http(s.url, 'GET', `/api/v1/admin/provision/runs/${key}`, { key: owner.key });
    return r.body.state === 'done' ? r.body : null;
  });
}

test.serial('github-check and the plan list every problem; a plan with conflicts is refused', async (t) => {
  let check = await http(s.url, 'GET', '/api/v1/event/github-check', { key: owner.key });
  t.is(check.body.ok, false);
  t.regex(check.body.problems[0], /No organization and template yet/);
  await http(s.url, 'PUT', '/api/v1/event/github', { key: owner.key, body: { organization: 'acme', template: 'acme/template' } });
  await login(ann, 'ann-gh');
  await login(ben, 'ANN-gh');
  const plan = await http(s.url, 'GET', '/api/v1/admin/provision/plan', { key: owner.key });
  t.is(plan.status, 200);
  t.deepEqual(plan.body.teams.map((x: any) => x.repository), ['acme/comet', 'acme/nova-labs', 'acme/rocket']);
  t.deepEqual(plan.body.conflicts, [
    'The username ann-gh is named by 2 people',
    `The template acme/template has no branch main on the code host: push it with git push ${s.url}/git/acme/template.git main (your hck_ key is the password)`,
  ]);
  // Participants and an advisor without a username are notes, never conflicts.
  t.deepEqual(plan.body.notes, [
    'cat@x.test (Comet) has no code-host username yet: invited once they run hackathon connect --github',
    'dan@x.test (Nova Labs) has no code-host username yet: invited once they run hackathon connect --github',
    'coach@x.test (advisor) has no code-host username: not invited to the repositories; add "github": "<login>" to their roster row and import it again',
  ]);
  t.deepEqual(plan.body.coaches, []);
  const refused = await http(s.url, 'POST', '/api/v1/admin/provision', { key: owner.key, body: { key: 'k1' } });
  t.is(refused.status, 409);
  t.is(refused.body.error.code, 'plan_conflicts');
  t.is(refused.body.error.conflicts.length, 2);
  t.is((await http(s.url, 'GET', '/api/v1/admin/provision/plan', { key: ann.key })).body.error.code, 'insufficient_event_role');

  for (const [p, l] of [[ben, 'ben-gh'], [cat, 'cat-gh'], [dan, 'dan-gh'], [coach, 'coach-gh']] as const) await login(p, l);
  t.true(host.exists('acme/template'), 'event github made the template, owned by the event');
  const work = tempDir();
  await git(work, ['init', '-q', 'w']);
  await commitFile(path.join(work, 'w'), 'README.md', 'template\n');
  await git(path.join(work, 'w'), ['push', '-q', host.repositoryPath('acme/template'), 'HEAD:main']);
  check = await http(s.url, 'GET', '/api/v1/event/github-check', { key: owner.key });
  t.like(check.body, { ok: true, codeHost: 'local', organization: 'acme', template: 'acme/template', branch: 'main', problems: [] });
  t.regex(check.body.templateRevision, /^[0-9a-f]{40}$/);
});

test.serial('a run creates every repository from the template, sample first, and invites; accepted invitations move a team to ready on the next run', async (t) => {
  const started = await http(s.url, 'POST', '/api/v1/admin/provision', { key: owner.key, body: { key: 'k1', sample: team['Nova Labs'] } });
  t.is(started.status, 202, started.text);
  let run = await runUntilDone('k1');
  t.deepEqual(run.summary, { ready: 0, invited: 3, attention: 0 });
  t.deepEqual(run.teams.map((x: any) => [x.repository, x.readiness]), [['acme/comet', 'invited'], ['acme/nova-labs', 'invited'], ['acme/rocket', 'invited']]);
  const { rows } = await s.db.pool.query('select full_name from app.team_repositories order by updated_at limit 1');
  t.is(rows[0].full_name, 'acme/nova-labs', 'the sample team went first');
  const head = await host.branchHead('acme/template', 'main');
  t.is(await host.branchHead('acme/rocket', 'main'), head);
  t.is(await host.standing('acme/rocket', 'coach-gh'), 'invited');

  const rocketReadiness = async () => (await http(s.url, 'GET', '/api/v1/submissions', { key: owner.key })).body.items.find((x: any) => x.repository === 'acme/rocket' || x.project?.name === 'Rocket').readiness;
  t.is((await http(s.url, 'POST', '/api/v1/codehost/invitations/accept', { key: ann.key, body: { repository: 'acme/rocket' } })).status, 200);
  t.is(await rocketReadiness(), 'invited', 'one member of two accepted');
  t.is((await http(s.url, 'POST', '/api/v1/codehost/invitations/accept', { key: ben.key, body: { repository: 'acme/rocket' } })).status, 200);
  t.is(await rocketReadiness(), 'ready', 'the last acceptance makes the team ready at once, not at the next run');
  await http(s.url, 'POST', '/api/v1/admin/provision', { key: owner.key, body: { key: 'k1' } });
  run = await runUntilDone('k1');
  t.deepEqual(run.teams.map((x: any) => x.readiness), ['invited', 'invited', 'ready']);
  const listed = await http(s.url, 'GET', '/api/v1/submissions', { key: owner.key });
  t.deepEqual(listed.body.items.map((x: any) => x.readiness), ['invited', 'invited', 'ready']);
});

test.serial('a coach added later is invited everywhere by a run with a new key', async (t) => {
  await importRoster(s.url, owner.key, [...roster(), { email: coach2.email, role: 'advisor' }]);
  await login(coach2, 'coach2-gh');
  t.is((await http(s.url, 'POST', '/api/v1/admin/provision', { key: owner.key, body: { key: 'k2' } })).status, 202);
  await runUntilDone('k2');
  for (const repo of ['acme/rocket', 'acme/comet', 'acme/nova-labs']) t.is(await host.standing(repo, 'coach2-gh'), 'invited');
  const { rows } = await s.db.pool.query(`select count(*)::int as n from app.team_repositories where template_sha is not null`);
  t.is(rows[0].n, 3, 'the template revision is kept from the creating run');
});

test.serial('a team in attention is resumed by the same key once the cause is fixed: creation skipped, the failed invitation retried', async (t) => {
  // Two teams join after provisioning: Aurora (its member has an account here) and Zephyr (its
  // member's username names nobody on this code host yet, so the invitation fails).
  const aurora = await person(s.db.pool, wsId, 'aurora@x.test');
  await importRoster(s.url, owner.key, [...roster(), { email: coach2.email, role: 'advisor' }, { email: aurora.email, team: 'Aurora' }, { email: 'zed@x.test', team: 'Zephyr' }]);
  await login(aurora, 'aurora-gh');
  await s.db.pool.query(`update app.roster_entries set github_login = 'zed-gh' where lower(email) = 'zed@x.test'`);
  Object.assign(team, await teamIds(s.db.pool, wsId));
  const readiness = async () => Object.fromEntries((await http(s.url, 'GET', '/api/v1/submissions', { key: owner.key })).body.items.map((x: any) => [x.project.name, x.readiness]));
  t.like(await readiness(), { Aurora: 'unassigned', Zephyr: 'unassigned' }, 'no repository yet');

  // Hold the run inside the sample team's invitation (a table lock the test keeps) to see the
  // repository recorded `created` before anyone is invited.
  const lock = await s.db.pool.connect();
  try {
    await lock.query('begin');
    await lock.query('lock table app_private.local_repository_access in share mode');
    const started = await http(s.url, 'POST', '/api/v1/admin/provision', { key: owner.key, body: { key: 'k3', sample: team.Aurora } });
    t.is(started.status, 202, started.text);
    await until('the sample team acme/aurora created, before its invitations', async () => {
      const run = await http(s.url, 'GET', '/api/v1/admin/provision/runs/k3', { key: owner.key });
      return run.body.teams.some((x: any) => x.repository === 'acme/aurora' && x.readiness === 'created');
    });
    t.like(await readiness(), { Aurora: 'created', Zephyr: 'unassigned' }, 'the rest waits for the sample');
  } finally {
    await lock.query('rollback');
    lock.release();
  }
  let run = await runUntilDone('k3');
  t.deepEqual(run.summary, { ready: 1, invited: 3, attention: 1 });
  const zephyr = () => run.teams.find((x: any) => x.repository === 'acme/zephyr');
  t.like(zephyr(), { readiness: 'attention' });
  t.regex(zephyr().attention, /No account zed-gh on this code host/);
  t.like(await readiness(), { Aurora: 'invited', Zephyr: 'attention' });
  const zephyrHead = await host.branchHead('acme/zephyr', 'main');
  t.regex(zephyrHead!, /^[0-9a-f]{40}$/, 'the repository step was done before the invitation failed');

  // The template moves on and the cause is fixed (the member gets an account); the same key resumes.
  const work = tempDir();
  await git(work, ['clone', '-q', host.repositoryPath('acme/template'), 'w']);
  const newTemplate = await commitFile(path.join(work, 'w'), 'CHANGES.md', 'later\n');
  await git(path.join(work, 'w'), ['push', '-q', 'origin', 'HEAD:main']);
  await person(s.db.pool, wsId, 'zed@x.test');
  const again = await http(s.url, 'POST', '/api/v1/admin/provision', { key: owner.key, body: { key: 'k3' } });
  t.is(again.status, 202, again.text);
  t.like(again.body, { key: 'k3', state: 'running', sampleProjectId: team.Aurora });
  run = await runUntilDone('k3');
  t.deepEqual(run.summary, { ready: 1, invited: 4, attention: 0 });
  t.like(zephyr(), { readiness: 'invited', attention: null });
  t.is(await host.branchHead('acme/zephyr', 'main'), zephyrHead, 'not created again (it would carry the new template revision)');
  t.not(zephyrHead, newTemplate);
  t.is(await host.standing('acme/zephyr', 'zed-gh'), 'invited', 'the failed step ran again');
  t.is(await host.standing('acme/zephyr', 'coach-gh'), 'invited');
  const { rows } = await s.db.pool.query(`select template_sha from app.team_repositories where full_name = 'acme/zephyr'`);
  t.is(rows[0].template_sha, zephyrHead, 'the template revision of the creating run is kept');
});
