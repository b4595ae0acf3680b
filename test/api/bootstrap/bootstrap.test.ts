// GET /bootstrap and PUT /bootstrap/github: the record's fields for a participant before and
// after provisioning, each standing the local code host produces (no_username, none,
// invited, member; a member at read cannot push) read live, the installer skill served with
// the announced digest, and the refusals (event_not_configured, not_on_roster,
// not_a_participant, github_login_taken, invalid_input).
import test from 'ava';
import { createHash } from 'node:crypto';
import { LocalCodeHost } from '../../../core/codehost/local.ts';
import { ownRepository } from '../../helpers/codehost.ts';
import { assignRepository, createEvent, eventWorkspace, HOUR, importRoster, person, teamIds, type Person } from '../../helpers/event.ts';
import { http } from '../../helpers/http.ts';
import { startTestServer, type TestServer } from '../../helpers/server.ts';

let s: TestServer;
let owner: Person, ann: Person, bob: Person, judge: Person, coach: Person, stranger: Person;
let rocket: string;
let host: LocalCodeHost;

test.before(async () => {
  s = await startTestServer();
  host = new LocalCodeHost(s.config.dataDir, s.db.pool);
  const w = await eventWorkspace(s.db.pool, 'Boot');
  owner = w.owner;
  ann = await person(s.db.pool, w.ws.id, 'ann@boot.test');
  bob = await person(s.db.pool, w.ws.id, 'bob@boot.test');
  judge = await person(s.db.pool, w.ws.id, 'judge@boot.test');
  coach = await person(s.db.pool, w.ws.id, 'coach@boot.test');
  stranger = await person(s.db.pool, w.ws.id, 'stranger@boot.test');
  // No event yet: every caller is told so.
  const none = await http(s.url, 'GET', '/bootstrap', { key: ann.key });
  t404(none);
  const event = await createEvent(s.url, owner.key, Date.now() + HOUR);
  await http(s.url, 'PUT', '/api/v1/event/github', { key: owner.key, body: { organization: 'acme', template: 'acme/template' } });
  await ownRepository(s.db.pool, event.id, 'acme/rocket-ship'); // as provisioning records it
  await importRoster(s.url, owner.key, [
    { email: ann.email, name: 'Ann Lee', team: 'Rocket Ship!' },
    { email: bob.email, team: 'Rocket Ship!' },
    { email: judge.email, role: 'jury' },
    { email: coach.email, role: 'advisor' },
  ]);
  rocket = (await teamIds(s.db.pool, w.ws.id))['Rocket Ship!']!;
});
test.after.always(() => s?.close());

function t404(r: { status: number; body: any }) {
  if (r.status !== 404 || r.body.error.code !== 'event_not_configured') throw new Error(`expected event_not_configured, got ${r.status} ${JSON.stringify(r.body)}`);
}

const boot = (p: Person) => http(s.url, 'GET', '/bootstrap', { key: p.key });
const setLogin = (p: Person, login: string) => http(s.url, 'PUT', '/bootstrap/github', { key: p.key, body: { login } });

test.serial('a participant before provisioning: person, role, team, no repository, installer, dashboard, directory name', async (t) => {
  const r = await boot(ann);
  t.is(r.status, 200, r.text);
  t.like(r.body, { person: { email: ann.email, name: 'Ann Lee' }, role: 'participant', team: { id: rocket, name: 'Rocket Ship!' }, githubLogin: null, repository: null });
  t.is(r.body.person.id, ann.userId);
  t.is(r.body.dashboardUrl, `${s.config.publicUrl}/event`);
  t.deepEqual(r.body.setup, { directoryName: 'rocket-ship' });
  t.is(r.body.installer.version, '1.0.0');
  t.regex(r.body.installer.sha256, /^[0-9a-f]{64}$/);
  // A planned repository does not exist yet: still no assignment.
  await assignRepository(s.db.pool, rocket, 'acme/rocket-ship', 'planned');
  t.is((await boot(ann)).body.repository, null);
});

test.serial('the installer skill is served publicly as the bytes whose sha256 the record announces', async (t) => {
  const announced = (await boot(ann)).body.installer;
  const res = await fetch(`${s.url}/bootstrap/installer-skill`);
  t.is(res.status, 200);
  const bytes = Buffer.from(await res.arrayBuffer());
  t.is(createHash('sha256').update(bytes).digest('hex'), announced.sha256);
  t.is(res.headers.get('x-podium-skill-version'), announced.version);
  t.regex(bytes.toString('utf8'), /docker compose -f <app\.compose> -p hackathon-<team> up -d --build/);
  t.regex(bytes.toString('utf8'), /EVENT_APP_PORT/);
});

test.serial('standing read live: no_username, none, invited, member', async (t) => {
  await assignRepository(s.db.pool, rocket, 'acme/rocket-ship', 'invited');
  let r = await boot(ann);
  t.deepEqual(r.body.repository, {
    fullName: 'acme/rocket-ship', branch: 'main', readiness: 'invited',
    cloneUrl: `${s.config.publicUrl}/git/acme/rocket-ship.git`,
    access: { standing: 'no_username', canPush: false, invitationUrl: null, fix: 'Tell the platform your code-host username: hackathon connect --github <login>.' },
  });
  t.false(r.body.repository.cloneUrl.includes('@'), 'no credential in the clone URL');

  r = await setLogin(ann, '@ann-gh');
  t.is(r.status, 200, r.text);
  t.is(r.body.githubLogin, 'ann-gh', 'leading @ dropped');
  t.like(r.body.repository.access, { standing: 'none', canPush: false, invitationUrl: null });
  t.regex(r.body.repository.access.fix, /ann-gh is not invited to acme\/rocket-ship/);

  await host.invite('acme/rocket-ship', 'ann-gh', 'maintain');
  r = await boot(ann);
  t.like(r.body.repository.access, { standing: 'invited', canPush: false, invitationUrl: `${s.config.publicUrl}/codehost/invitations/acme/rocket-ship` });
  t.regex(r.body.repository.access.fix, /^Accept the invitation to acme\/rocket-ship as ann-gh/);

  const accepted = await http(s.url, 'POST', '/api/v1/codehost/invitations/accept', { key: ann.key, body: { repository: 'acme/rocket-ship' } });
  t.is(accepted.status, 200, accepted.text);
  r = await boot(ann);
  t.deepEqual(r.body.repository.access, { standing: 'member', canPush: true, invitationUrl: null, fix: null });
  // Saving the same login again is fine.
  t.is((await setLogin(ann, 'ANN-gh')).status, 200);
});

test.serial('refusals: not_on_roster, not_a_participant, github_login_taken, invalid logins', async (t) => {
  const off = await boot(stranger);
  t.is(off.status, 403);
  t.is(off.body.error.code, 'not_on_roster');
  t.is((await setLogin(stranger, 'stranger')).body.error.code, 'not_on_roster');

  for (const p of [owner, judge, coach]) {
    const b = await boot(p);
    t.is(b.status, 200, b.text);
    t.is(b.body.team, null);
    t.is(b.body.repository, null);
    t.is(b.body.setup.directoryName, null);
    const r = await setLogin(p, 'someone');
    t.is(r.status, 403);
    t.is(r.body.error.code, 'not_a_participant');
  }
  t.is((await boot(judge)).body.role, 'jury');
  t.is((await boot(owner)).body.role, 'organizer');

  const taken = await setLogin(bob, 'Ann-GH');
  t.is(taken.status, 409);
  t.is(taken.body.error.code, 'github_login_taken');
  for (const bad of ['a--b', '-ab', 'ab-', 'a_b', 'x'.repeat(40), '@']) {
    const r = await setLogin(bob, bad);
    t.is(r.status, 400, bad);
    t.is(r.body.error.code, 'invalid_input', bad);
  }
  t.is((await boot(bob)).body.githubLogin, null, 'nothing saved');
  t.is((await setLogin(bob, 'x'.repeat(39))).status, 200);
});

test.serial('a member invited at read: canPush false, read live, with the fix', async (t) => {
  t.is((await setLogin(bob, 'bob-gh')).status, 200);
  await host.invite('acme/rocket-ship', 'bob-gh', 'read');
  t.is((await http(s.url, 'POST', '/api/v1/codehost/invitations/accept', { key: bob.key, body: { repository: 'acme/rocket-ship' } })).status, 200);
  t.deepEqual((await boot(bob)).body.repository.access, {
    standing: 'member', canPush: false, invitationUrl: null,
    fix: 'bob-gh can read acme/rocket-ship but not push; ask an organizer to grant push access (run provisioning again).',
  });
  // Provisioning again raises the grant to maintain, and the record follows.
  await host.invite('acme/rocket-ship', 'bob-gh', 'maintain');
  t.deepEqual((await boot(bob)).body.repository.access, { standing: 'member', canPush: true, invitationUrl: null, fix: null });
});
