// Provisioning that waits for nobody, on the local code host: teams
// are made while some participants have not named a code-host username yet (their team reads
// `invited`, never `ready`, until they have named it and accepted); a participant who names
// it afterwards (`PUT /bootstrap/github`, as `hackathon connect --github`) is invited by the
// worker with no organizer command (their team's pass again); a coach's username comes from the roster file's
// `github` field and makes them a coach at read on every repository.
import test from 'ava';
import path from 'node:path';
import { LocalCodeHost } from '../../../core/codehost/local.ts';
import { commitFile, git, tempDir } from '../../helpers/codehost.ts';
import { createEvent, eventWorkspace, HOUR, importRoster, person, type Person } from '../../helpers/event.ts';
import { http } from '../../helpers/http.ts';
import { startTestServer, type TestServer } from '../../helpers/server.ts';
import { drain, queuedJobs } from '../../helpers/worker.ts';

let s: TestServer;
let host: LocalCodeHost;
let owner: Person, ann: Person, ben: Person, cat: Person, coach: Person, coach2: Person;
let eventId: string;
let rocket: string;

test.before(async () => {
  s = await startTestServer();
  const w = await eventWorkspace(s.db.pool, 'Late');
  owner = w.owner;
  eventId = (await createEvent(s.url, owner.key, Date.now() + HOUR)).id;
  [ann, ben, cat, coach, coach2] = await Promise.all(['ann', 'ben', 'cat', 'coach', 'coach2'].map((n) => person(s.db.pool, w.ws.id, `${n}@x.test`)));
  // Rocket: ann names her username, ben not yet. Comet: nobody has one. coach is given one by the roster file.
  await importRoster(s.url, owner.key, [{ email: ann.email, team: 'Rocket' }, { email: ben.email, team: 'Rocket' }, { email: cat.email, team: 'Comet' },
    { email: coach.email, role: 'advisor', github: '@coach-gh' }, { email: coach2.email, role: 'advisor' }]);
  await http(s.url, 'PUT', '/api/v1/event/github', { key: owner.key, body: { organization: 'acme', template: 'acme/template' } });
  host = new LocalCodeHost(s.config.dataDir, s.db.pool);
  const work = tempDir();
  await git(work, ['init', '-q', 'w']);
  await commitFile(path.join(work, 'w'), 'README.md', 'template\n');
  await git(path.join(work, 'w'), ['push', '-q', host.repositoryPath('acme/template'), 'HEAD:main']);
  rocket = (await s.db.pool.query(`select id from app.projects where workspace_id = $1 and name = 'Rocket'`, [w.ws.id])).rows[0].id;
  const r = await http(s.url, 'PUT', '/bootstrap/github', { key: ann.key, body: { login: 'ann-gh' } });
  if (r.status !== 200) throw new Error(r.text);
  await drain(s); // the roster's invitation mails
});
test.after.always(() => s?.close());

const run = async (key: string) => (await http(s.url, 'GET', `/api/v1/admin/provision/runs/${key}`, { key: owner.key })).body;
const readiness = async () => Object.fromEntries((await run('first')).teams.map((x: { project: { name: string }; readiness: string }) => [x.project.name, x.readiness]));
const access = async (p: Person) => (await http(s.url, 'GET', '/bootstrap', { key: p.key })).body.repository?.access.standing;
const rosterRow = async (p: Person) => (await http(s.url, 'GET', '/api/v1/event/roster', { key: owner.key })).body.items.find((x: { email: string }) => x.email === p.email);

test.serial('github-check passes with participants and a coach still without a username (notes); the run makes every team and invites who has one', async (t) => {
  const check = await http(s.url, 'GET', '/api/v1/event/github-check', { key: owner.key });
  t.like(check.body, { ok: true, problems: [] });
  t.deepEqual(check.body.notes, [
    'ben@x.test (Rocket) has no code-host username yet: invited once they run hackathon connect --github',
    'cat@x.test (Comet) has no code-host username yet: invited once they run hackathon connect --github',
    'coach2@x.test (advisor) has no code-host username: not invited to the repositories; add "github": "<login>" to their roster row and import it again',
  ]);
  const plan = await http(s.url, 'GET', '/api/v1/admin/provision/plan', { key: owner.key });
  t.deepEqual(plan.body.coaches, [{ email: coach.email, login: 'coach-gh', permission: 'read' }], 'the roster file named the coach, its @ dropped');

  const started = await http(s.url, 'POST', '/api/v1/admin/provision', { key: owner.key, body: { key: 'first' } });
  t.is(started.status, 202, started.text);
  await drain(s);
  const done = await run('first');
  t.like(done, { state: 'done', summary: { ready: 0, invited: 2, attention: 0 } });
  t.deepEqual(await readiness(), { Comet: 'invited', Rocket: 'invited' }, 'Comet, where nobody has a username, is made and reads invited');
  t.true(host.exists('acme/rocket') && host.exists('acme/comet'));
  t.is(await host.standing('acme/rocket', 'ann-gh'), 'invited');
  for (const repo of ['acme/rocket', 'acme/comet']) t.is(await host.standing(repo, 'coach-gh'), 'invited', `the coach at read on ${repo}`);
  t.is(await access(ben), 'no_username');
  t.like(await rosterRow(ben), { github: null, repository: { name: 'acme/rocket', permission: 'maintain', standing: 'no_username' } });
  t.like(await rosterRow(coach), { github: 'coach-gh', repository: { name: null, permission: 'read', standing: null } });
  t.like(await rosterRow(coach2), { github: null, repository: { permission: 'read', standing: 'no_username' } });
});

test.serial('the last acceptance does not make a team ready while a member has no username', async (t) => {
  t.is((await http(s.url, 'POST', '/api/v1/codehost/invitations/accept', { key: ann.key, body: { repository: 'acme/rocket' } })).status, 200);
  t.is(await host.standing('acme/rocket', 'ann-gh'), 'member');
  t.like(await readiness(), { Rocket: 'invited' });
});

test.serial('a participant who names a username afterwards is invited by the worker, with no organizer command; accepting then makes the team ready', async (t) => {
  const named = await http(s.url, 'PUT', '/bootstrap/github', { key: ben.key, body: { login: 'ben-gh' } });
  t.is(named.status, 200, named.text);
  t.like(named.body, { githubLogin: 'ben-gh', invitationQueued: true,
    repository: { access: { standing: 'none', fix: 'Your invitation to acme/rocket as ben-gh is on its way: run hackathon connect again in a minute.' } } });
  t.deepEqual((await queuedJobs(s.db.pool, 'codehost__provision')).map((j) => j.key), [`provision:${eventId}:first:${rocket}`], 'Rocket\'s pass, queued with the username, in its transaction');
  await drain(s);
  t.is(await host.standing('acme/rocket', 'ben-gh'), 'invited');
  t.is(await access(ben), 'invited');
  t.like(await rosterRow(ben), { github: 'ben-gh', repository: { standing: 'invited' } });
  t.like(await run('first'), { state: 'done', summary: { ready: 0, invited: 2, attention: 0 } }, 'the run\'s summary is the whole run\'s, left as it was');
  t.is((await http(s.url, 'POST', '/api/v1/codehost/invitations/accept', { key: ben.key, body: { repository: 'acme/rocket' } })).status, 200);
  t.like(await readiness(), { Rocket: 'ready', Comet: 'invited' });

  const touched = async () => (await s.db.pool.query(`select updated_at::text as at from app.team_repositories where project_id = $1`, [rocket])).rows[0].at as string;
  const rocketBefore = await touched();
  t.is((await http(s.url, 'PUT', '/bootstrap/github', { key: cat.key, body: { login: 'cat-gh' } })).status, 200);
  await drain(s);
  t.is(await access(cat), 'invited', 'the team nobody could be invited to gets its first member');
  t.deepEqual(await readiness(), { Comet: 'invited', Rocket: 'ready' });
  t.is(await touched(), rocketBefore, 'only Comet\'s pass ran: Rocket\'s readiness was not recorded again');
});
