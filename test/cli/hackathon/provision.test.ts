// `event github-check` and `admin provision` as the built binary against a real server and
// worker on the local code host: problems and exit codes, the dry-run plan, plan_conflicts
// listing every conflict, a run followed to its readiness lines.
import test from 'ava';
import path from 'node:path';
import { LocalCodeHost } from '../../../core/codehost/local.ts';
import { commitFile, git, tempDir } from '../../helpers/codehost.ts';
import { createEvent, eventWorkspace, HOUR, importRoster, person, type Person } from '../../helpers/event.ts';
import { http } from '../../helpers/http.ts';
import { startTestServer, type TestServer } from '../../helpers/server.ts';
import { makeHome, runHackathon as hackathon } from './run.ts';

let s: TestServer;
let owner: Person, ann: Person, coach: Person;
let env: NodeJS.ProcessEnv;
const run = (args: string[], as: Person = owner) => hackathon(args, { ...env, EVENT_URL: s.url, EVENT_API_KEY: as.key });

test.before(async () => {
  s = await startTestServer({ worker: true });
  env = makeHome().env;
  const w = await eventWorkspace(s.db.pool, 'ProvCli');
  owner = w.owner;
  await createEvent(s.url, owner.key, Date.now() + HOUR);
  ann = await person(s.db.pool, w.ws.id, 'ann@x.test');
  coach = await person(s.db.pool, w.ws.id, 'coach@x.test');
  await importRoster(s.url, owner.key, [{ email: ann.email, team: 'Rocket' }, { email: coach.email, role: 'advisor' }]);
  await http(s.url, 'PUT', '/api/v1/event/github', { key: owner.key, body: { organization: 'acme', template: 'acme/template' } });
  await s.db.pool.query(`update app.roster_entries set github_login = 'ann-gh' where email = $1`, [ann.email]);
});
test.after.always(() => s?.close());

test.serial('github-check exits 4 listing the problems; dry-run prints the plan with conflicts; a run is refused plan_conflicts', async (t) => {
  const check = await run(['event', 'github-check']);
  t.is(check.code, 4);
  t.regex(check.stdout, /Problem: coach@x.test \(coach\) has no code-host username/);
  t.true(check.stdout.includes(`Problem: The template acme/template has no branch main on the code host: push it with git push ${s.url}/git/acme/template.git main (your hck_ key is the password)\n`), check.stdout);
  const plan = await run(['admin', 'provision', '--dry-run']);
  t.is(plan.code, 0, plan.stderr);
  t.regex(plan.stdout, /Organization: acme\nTemplate: acme\/template branch main at \(not found\)\nSample team: Rocket\nRepositories \(1\):\n  acme\/rocket  Rocket  \(planned\)\n    maintain  ann-gh <ann@x.test>\nCoaches at read on every repository \(1\):\n  \(no username\) <coach@x.test>\nConflicts: 2\n/);
  const refused = await run(['admin', 'provision', '--key', 'k1']);
  t.is(refused.code, 1);
  t.regex(refused.stderr, /The plan has 2 conflicts; fix them, then run again\n  coach@x.test \(coach\) has no code-host username\n  The template acme\/template has no branch main on the code host: push it with git push \S+\/git\/acme\/template\.git main \(your hck_ key is the password\) \(plan_conflicts\)/);
  t.is((await run(['admin', 'provision'])).code, 2, 'one of --dry-run or --key');
  t.is((await run(['admin', 'provision', '--dry-run', '--sample', 'x'])).code, 2);
});

test.serial('with the conflicts fixed github-check passes and a run reports each team', async (t) => {
  await s.db.pool.query(`update app.roster_entries set github_login = 'coach-gh' where email = $1`, [coach.email]);
  const host = new LocalCodeHost(s.config.dataDir, s.db.pool);
  t.true(host.exists('acme/template'), 'event github made the template');
  const work = tempDir();
  await git(work, ['init', '-q', 'w']);
  const sha = await commitFile(path.join(work, 'w'), 'README.md', 'x\n');
  await git(path.join(work, 'w'), ['push', '-q', host.repositoryPath('acme/template'), 'HEAD:main']);
  const check = await run(['event', 'github-check']);
  t.is(check.code, 0, check.stdout);
  t.regex(check.stdout, new RegExp(`Template: acme/template branch main at ${sha}\\nProvisioning can run`));
  const r = await run(['admin', 'provision', '--key', 'k1']);
  t.is(r.code, 0, r.stderr);
  t.is(r.stdout, 'Provisioned (k1): 0 ready, 1 invited, 0 attention\n  invited  acme/rocket  Rocket\n');
  t.is((await run(['event', 'github-check'], ann)).code, 3, 'organizers only');
});
