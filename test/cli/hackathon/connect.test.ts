// `hackathon connect` as the built binary against a real server on the local code host:
// human and --json output, the profile saved (with the key given on the command line) and
// made active, --github valid, invalid (exit 2, nothing sent), taken and refused for a
// non-participant (exit 3), and the JSON refusal shape on stdout.
import test from 'ava';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { LocalCodeHost } from '../../../core/codehost/local.ts';
import { ownRepository } from '../../helpers/codehost.ts';
import { assignRepository, createEvent, eventWorkspace, HOUR, importRoster, person, teamIds, type Person } from '../../helpers/event.ts';
import { http } from '../../helpers/http.ts';
import * as seed from '../../../ops/harness/seed.ts';
import { startTestServer, type TestServer } from '../../helpers/server.ts';
import { makeHome, runHackathon as hackathon } from './run.ts';

let s: TestServer;
let owner: Person, ann: Person, bob: Person, coach: Person, stranger: Person, lonely: Person;
let rocket: string;

test.before(async () => {
  s = await startTestServer();
  const w = await eventWorkspace(s.db.pool, 'ConnectCli');
  owner = w.owner;
  const event = await createEvent(s.url, owner.key, Date.now() + HOUR);
  await http(s.url, 'PUT', '/api/v1/event/github', { key: owner.key, body: { organization: 'acme', template: 'acme/template' } });
  ann = await person(s.db.pool, w.ws.id, 'ann@connect.test');
  bob = await person(s.db.pool, w.ws.id, 'bob@connect.test');
  coach = await person(s.db.pool, w.ws.id, 'coach@connect.test');
  stranger = await person(s.db.pool, w.ws.id, 'stranger@connect.test');
  await importRoster(s.url, owner.key, [
    { email: ann.email, name: 'Ann Lee', team: 'Rocket' },
    { email: bob.email, team: 'Comet Crew' },
    { email: coach.email, role: 'advisor' },
  ]);
  rocket = (await teamIds(s.db.pool, w.ws.id)).Rocket!;
  await ownRepository(s.db.pool, event.id, 'acme/rocket'); // as provisioning records it
  await assignRepository(s.db.pool, rocket, 'acme/rocket', 'invited');
  const empty = await seed.workspace(s.db.pool, 'NoEventYet');
  lonely = await person(s.db.pool, empty.id, 'lonely@connect.test');
});
test.after.always(() => s?.close());

const loginOf = async (email: string) =>
  (await s.db.pool.query('select github_login from app.roster_entries where lower(email) = lower($1)', [email])).rows[0]?.github_login ?? null;

test.serial('connect prints identity, team, assignment, installer and next step; saves the profile with the key and makes it active', async (t) => {
  const home = makeHome();
  const r = await hackathon(['connect', '--api-url', s.url, '--api-key-stdin'], home.env, `${ann.key}\n`);
  t.is(r.code, 0, r.stderr);
  const host = new URL(s.url).host;
  const skill = (await http(s.url, 'GET', '/bootstrap', { key: ann.key })).body.installer;
  t.is(r.stdout, [
    `Connected to ${s.url} (profile ${host})`,
    `Signed in as: ${ann.email} (Ann Lee)`,
    'Event: Spring Hack (scheduled)',
    'Role: participant',
    'Team: Rocket',
    'Repository: acme/rocket (branch main, invited)',
    `Clone URL: ${s.config.publicUrl}/git/acme/rocket.git`,
    'Access: no code-host username saved yet',
    '  Fix: Tell the platform your code-host username: hackathon connect --github <login>.',
    'Decks: your repository becomes a jury deck and a community deck at the freeze: hackathon decks preview shows what they will say',
    'Code-host username: not saved (hackathon connect --github <login>)',
    `Installer skill: 1.0.0 (sha256 ${skill.sha256.slice(0, 12)})`,
    `Dashboard: ${s.config.publicUrl}/event`,
    'Next: hackathon connect --github <your code-host username>, then hackathon setup',
    '',
  ].join('\n'));
  const file = JSON.parse(readFileSync(path.join(home.config, 'podium', 'tools', 'hackathon.json'), 'utf8'));
  t.is(file.active, host);
  t.deepEqual(file.profiles[host], { baseUrl: s.url, apiKey: ann.key });
  // The saved, active profile is enough for the next run.
  const again = await hackathon(['connect', '--json'], home.env);
  t.is(again.code, 0, again.stderr);
  const json = JSON.parse(again.stdout);
  t.like(json, { ok: true, role: 'participant', team: { id: rocket, name: 'Rocket' }, setup: { directoryName: 'rocket' }, repository: { fullName: 'acme/rocket' } });
  t.is(json.defaultDirectory, path.join(home.home, 'podium', 'hackathon', 'rocket'));
  t.deepEqual(json.installer, skill);
});

test.serial('a team with no repository yet: connect says so and shows no clone URL', async (t) => {
  const home = makeHome();
  const r = await hackathon(['connect'], { ...home.env, EVENT_URL: s.url, EVENT_API_KEY: bob.key });
  t.is(r.code, 0, r.stderr);
  t.regex(r.stdout, /^Team: Comet Crew\nRepository: not assigned yet\nCode-host username: /m);
  t.notRegex(r.stdout, /Clone URL:/);
  // Not `Next: hackathon setup` (it would exit 3): what comes next instead.
  t.regex(r.stdout, /\nNext: wait for the organizers to provision the team repositories, then run hackathon connect again \(then hackathon setup\)\n$/);
  const j = JSON.parse((await hackathon(['connect', '--json'], { ...home.env, EVENT_URL: s.url, EVENT_API_KEY: bob.key })).stdout);
  t.like(j, { ok: true, role: 'participant', team: { name: 'Comet Crew' }, repository: null });
});

test.serial('--github saves the username and prints its standing; the standing follows the code host', async (t) => {
  const home = makeHome();
  const env = { ...home.env, EVENT_URL: s.url, EVENT_API_KEY: ann.key };
  let r = await hackathon(['connect', '--github', '@ann-gh'], env);
  t.is(r.code, 0, r.stderr);
  t.regex(r.stdout, /^Code-host username: ann-gh \(none\)$/m);
  t.is(await loginOf(ann.email), 'ann-gh');
  await new LocalCodeHost(s.config.dataDir, s.db.pool).invite('acme/rocket', 'ann-gh', 'maintain');
  r = await hackathon(['connect', '--github', 'ann-gh'], env);
  t.regex(r.stdout, /^Code-host username: ann-gh \(invited\)$/m);
  t.regex(r.stdout, /^  Fix: Accept the invitation to acme\/rocket as ann-gh: /m);
  t.true(r.stdout.endsWith(`Next: hackathon setup (it accepts your invitation to acme/rocket for you; or open ${s.config.publicUrl}/codehost/invitations/acme/rocket)\n`), r.stdout);
  // A key from the environment is not written into the profile.
  const file = JSON.parse(readFileSync(path.join(home.config, 'podium', 'tools', 'hackathon.json'), 'utf8'));
  t.is(file.profiles[new URL(s.url).host].apiKey, undefined);
});

test.serial('an invalid --github login is exit 2 and nothing is sent', async (t) => {
  const home = makeHome();
  // An unreachable instance: had anything been sent, the exit would be 4.
  for (const bad of ['bob--gh', '-bob', 'bob_gh', 'b'.repeat(40)]) {
    const r = await hackathon(['connect', `--github=${bad}`, '--api-url', 'http://127.0.0.1:9', '--api-key', bob.key], home.env);
    t.is(r.code, 2, `${bad}: ${r.stderr}`);
    t.regex(r.stderr, /is not a GitHub username/);
  }
  const json = await hackathon(['connect', '--github', 'bob--gh', '--json', '--api-url', s.url, '--api-key', bob.key], home.env);
  t.is(json.code, 2);
  t.like(JSON.parse(json.stdout), { ok: false, error: { code: 'invalid_github_login' } });
  t.is(await loginOf(bob.email), null);
});

test.serial('refusals: github_login_taken and not_a_participant exit 3; not_on_roster exit 3; event_not_configured exit 1; JSON shape on stdout', async (t) => {
  const home = makeHome();
  const run = (args: string[], as: Person) => hackathon(args, { ...home.env, EVENT_URL: s.url, EVENT_API_KEY: as.key });
  const taken = await run(['connect', '--github', 'ANN-GH', '--json'], bob);
  t.is(taken.code, 3);
  t.like(JSON.parse(taken.stdout), { ok: false, error: { code: 'github_login_taken' } });
  t.is(await loginOf(bob.email), null);

  const coachRun = await run(['connect'], coach);
  t.is(coachRun.code, 0, coachRun.stderr);
  t.regex(coachRun.stdout, /^Role: advisor\nYou are an advisor: there is no team app to set up\.\nDashboard: /m);
  t.notRegex(coachRun.stdout, /Next: hackathon setup/);
  const coachJson = JSON.parse((await run(['connect', '--json'], coach)).stdout);
  t.like(coachJson, { ok: true, role: 'advisor', team: null, repository: null, defaultDirectory: null });
  const refused = await run(['connect', '--github', 'coach-gh'], coach);
  t.is(refused.code, 3);
  t.regex(refused.stderr, /not_a_participant/);
  const organizer = await run(['connect', '--github', 'boss', '--json'], owner);
  t.is(organizer.code, 3);
  t.like(JSON.parse(organizer.stdout), { ok: false, error: { code: 'not_a_participant' } });

  const off = await run(['connect', '--json'], stranger);
  t.is(off.code, 3);
  const offBody = JSON.parse(off.stdout);
  t.deepEqual(Object.keys(offBody).sort(), ['error', 'ok']);
  t.deepEqual(Object.keys(offBody.error).sort(), ['code', 'message']);
  t.like(offBody, { ok: false, error: { code: 'not_on_roster' } });

  const none = await run(['connect', '--json'], lonely);
  t.is(none.code, 1);
  t.like(JSON.parse(none.stdout), { ok: false, error: { code: 'event_not_configured' } });
});
