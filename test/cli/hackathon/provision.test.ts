// `event github-check` and `admin provision` as the built binary against a real server and
// worker on the local code host: problems and exit codes, the dry-run plan, plan_conflicts
// listing every conflict, a run followed to its readiness lines; a participant without a
// username is a note and is invited by the worker once they connect --github;
// a coach's username comes from the roster file.
import test from 'ava';
import path from 'node:path';
import { LocalCodeHost } from '../../../core/codehost/local.ts';
import { commitFile, git, tempDir } from '../../helpers/codehost.ts';
import { createEvent, eventWorkspace, HOUR, importRoster, person, type Person } from '../../helpers/event.ts';
import { http } from '../../helpers/http.ts';
import { startTestServer, type TestServer } from '../../helpers/server.ts';
import { until } from '../../../ops/harness/until.ts';
import { makeHome, runHackathon as hackathon } from './run.ts';

let s: TestServer;
let owner: Person, ann: Person, ben: Person, coach: Person, adv: Person, juror: Person, org2: Person;
let env: NodeJS.ProcessEnv;
const run = (args: string[], as: Person = owner) => hackathon(args, { ...env, EVENT_URL: s.url, EVENT_API_KEY: as.key });

test.before(async () => {
  s = await startTestServer({ worker: true });
  env = makeHome().env;
  const w = await eventWorkspace(s.db.pool, 'ProvCli');
  owner = w.owner;
  await createEvent(s.url, owner.key, Date.now() + HOUR);
  ann = await person(s.db.pool, w.ws.id, 'ann@x.test');
  ben = await person(s.db.pool, w.ws.id, 'ben@x.test');
  coach = await person(s.db.pool, w.ws.id, 'coach@x.test');
  adv = await person(s.db.pool, w.ws.id, 'adv@x.test');
  juror = await person(s.db.pool, w.ws.id, 'juror@x.test');
  org2 = await person(s.db.pool, w.ws.id, 'org2@x.test');
  // A participant without a username (ben), an advisor without one (coach), one given by the
  // roster file (adv), a juror and a second organizer without: none of them blocks provisioning.
  await importRoster(s.url, owner.key, [{ email: ann.email, team: 'Rocket' }, { email: ben.email, team: 'Rocket' }, { email: coach.email, role: 'advisor' },
    { email: adv.email, role: 'advisor', github: 'adv-gh' }, { email: juror.email, role: 'jury' }, { email: org2.email, role: 'organizer' }]);
  await http(s.url, 'PUT', '/api/v1/event/github', { key: owner.key, body: { organization: 'acme', template: 'acme/template' } });
  await s.db.pool.query(`update app.roster_entries set github_login = 'ann-gh' where email = $1`, [ann.email]);
});
test.after.always(() => s?.close());

const BEN_NOTE = 'ben@x.test (Rocket) has no code-host username yet: invited once they run hackathon connect --github';
const COACH_NOTE = 'coach@x.test (advisor) has no code-host username: not invited to the repositories; add "github": "<login>" to their roster row and import it again';

test.serial('github-check exits 4 listing the problems; dry-run prints the plan with conflicts; a run is refused plan_conflicts', async (t) => {
  const check = await run(['event', 'github-check']);
  t.is(check.code, 4);
  t.true(check.stdout.includes(`Problem: The template acme/template has no branch main on the code host: push it with git push ${s.url}/git/acme/template.git main (your hck_ key is the password)\n`), check.stdout);
  t.true(check.stdout.includes(`Note: ${BEN_NOTE}\nNote: ${COACH_NOTE}\n`), check.stdout);
  t.notRegex(check.stdout, /Problem: (ben|coach|juror|org2|adv)@/, 'nobody without a username blocks provisioning');
  const plan = await run(['admin', 'provision', '--dry-run']);
  t.is(plan.code, 0, plan.stderr);
  t.true(plan.stdout.startsWith(`Organization: acme\nTemplate: acme/template branch main at (not found)\nSample team: Rocket\nRepositories (1):\n  acme/rocket  Rocket  (planned)\n    maintain  ann-gh <ann@x.test>\n    maintain  (no username) <ben@x.test>\nCoaches at read on every repository (1):\n  adv-gh <adv@x.test>\nNote: ${BEN_NOTE}\nNote: ${COACH_NOTE}\nConflicts: 1\n`), plan.stdout);
  const refused = await run(['admin', 'provision', '--key', 'k1']);
  t.is(refused.code, 1);
  t.regex(refused.stderr, /The plan has 1 conflict; fix it, then run again\n  The template acme\/template has no branch main on the code host: push it with git push \S+\/git\/acme\/template\.git main \(your hck_ key is the password\) \(plan_conflicts\)/);
  t.is((await run(['admin', 'provision'])).code, 2, 'one of --dry-run or --key');
  t.is((await run(['admin', 'provision', '--dry-run', '--sample', 'x'])).code, 2);
});

test.serial('with the template pushed github-check passes (a participant, advisor, juror and organizer without a username do not count) and a run reports each team; the late participant is invited once they connect', async (t) => {
  const host = new LocalCodeHost(s.config.dataDir, s.db.pool);
  t.true(host.exists('acme/template'), 'event github made the template');
  const work = tempDir();
  await git(work, ['init', '-q', 'w']);
  const sha = await commitFile(path.join(work, 'w'), 'README.md', 'x\n');
  await git(path.join(work, 'w'), ['push', '-q', host.repositoryPath('acme/template'), 'HEAD:main']);
  const check = await run(['event', 'github-check']);
  t.is(check.code, 0, check.stdout);
  t.true(check.stdout.includes(`Template: acme/template branch main at ${sha}\nNote: ${BEN_NOTE}\nNote: ${COACH_NOTE}\nProvisioning can run`), check.stdout);
  const r = await run(['admin', 'provision', '--key', 'k1']);
  t.is(r.code, 0, r.stderr);
  t.is(r.stdout, 'Provisioned (k1): 0 ready, 1 invited, 0 attention\n  invited  acme/rocket  Rocket\n');
  // The advisor with a username is invited at read; the one without is not.
  t.is(await host.standing('acme/rocket', 'adv-gh'), 'invited');
  t.is((await s.db.pool.query(`select count(*)::int as n from app_private.local_repository_access a join app.users u on u.id = a.user_id where lower(u.email) = $1`, [coach.email])).rows[0].n, 0);
  t.is((await run(['event', 'github-check'], ann)).code, 3, 'organizers only');

  // ben names his username now: the worker invites him, no organizer command.
  const connect = await run(['connect', '--github', 'ben-gh'], ben);
  t.is(connect.code, 0, connect.stderr);
  // The worker may have invited him before the answer is read: either way nobody is asked.
  t.regex(connect.stdout, /Code-host username: ben-gh \((none|invited)\)/);
  t.notRegex(connect.stdout, /ask an organizer/);
  await until('ben invited to acme/rocket by the worker', async () => (await host.standing('acme/rocket', 'ben-gh')) === 'invited');
  const again = await run(['connect'], ben);
  t.regex(again.stdout, /Access: invited, not accepted yet\n/);
});

test.serial('admin provision --watch: the run followed on the worker to its end with a progress line on stderr, then the outcome and its exit code', async (t) => {
  const r = await run(['admin', 'provision', '--key', 'k-watch', '--watch']);
  t.is(r.code, 0, r.stderr);
  t.is(r.stdout, 'Provisioned (k-watch): 0 ready, 1 invited, 0 attention\n  invited  acme/rocket  Rocket\n');
  const progress = r.stderr.trim().split('\n');
  for (const l of progress) t.regex(l, /^Provisioning k-watch (running|done): 1 team \(1 [a-z]+\)$/);
  t.is(progress.at(-1), 'Provisioning k-watch done: 1 team (1 invited)');
  t.true(progress.every((l, i) => i === 0 || l !== progress[i - 1]), 'a line only when something changed');
  const json = await run(['admin', 'provision', '--key', 'k-watch-2', '--watch', '--json']);
  t.is(json.code, 0, json.stderr);
  t.is(json.stderr, '', '--json: no progress line');
  t.like(JSON.parse(json.stdout), { key: 'k-watch-2', state: 'done', summary: { attention: 0 } });
  const dry = await run(['admin', 'provision', '--dry-run', '--watch']);
  t.is(dry.code, 2, 'nothing to watch in a plan');
  t.regex(dry.stderr, /--watch follows a run: use it with --key/);
});

test.serial('roster show prints each row\'s repository standing; a removed person still holding access is listed by roster show and is a github-check problem until revoked', async (t) => {
  t.is((await http(s.url, 'POST', '/api/v1/codehost/invitations/accept', { key: ann.key, body: { repository: 'acme/rocket' } })).status, 200);
  let show = await run(['event', 'roster', 'show']);
  t.is(show.code, 0, show.stderr);
  t.regex(show.stdout, /^ann@x\.test +participant +Rocket +no +ann-gh +maintain acme\/rocket \(member\)/m);
  t.regex(show.stdout, /^ben@x\.test +participant +Rocket +no +ben-gh +maintain acme\/rocket \(invited\)/m);
  t.regex(show.stdout, /^coach@x\.test +advisor +- +no +- +read all teams$/m);
  t.regex(show.stdout, /^adv@x\.test +advisor +- +no +adv-gh +read all teams$/m);
  const eventId = (await s.db.pool.query(`select event_id from app.roster_entries where email = $1`, [ann.email])).rows[0].event_id;
  // A revocation on GitHub not done yet, as the roster trigger records it.
  await s.db.pool.query(`insert into app_private.access_revocations (event_id, full_name, login, email, attempts, last_error, requested_at)
    values ($1, 'acme/comet', 'old-gh', 'old@x.test', 2, 'GitHub answered 502', '2030-01-01T00:00:00Z')`, [eventId]);
  show = await run(['event', 'roster', 'show']);
  t.true(show.stdout.includes('Removed, still holding acme/comet: old@x.test (old-gh), revocation pending since 2030-01-01T00:00:00.000Z (last error: GitHub answered 502)\n'), show.stdout);
  const json = JSON.parse((await run(['event', 'roster', 'show', '--json'])).stdout);
  t.like(json.revocations[0], { email: 'old@x.test', login: 'old-gh', repository: 'acme/comet', attempts: 2 });
  t.like(json.items.find((x: any) => x.email === ann.email).repository, { name: 'acme/rocket', permission: 'maintain', standing: 'member' });
  const check = await run(['event', 'github-check']);
  t.is(check.code, 4);
  t.true(check.stdout.includes('Problem: old@x.test (old-gh) was removed from the roster but still holds acme/comet: revocation pending since 2030-01-01T00:00:00.000Z (2 attempt(s), last error: GitHub answered 502)\n'), check.stdout);
  await s.db.pool.query(`update app_private.access_revocations set done_at = now(), outcome = 'revoked'`);
  t.is((await run(['event', 'github-check'])).code, 0, 'revoked: no longer a problem');
});
