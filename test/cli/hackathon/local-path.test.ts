// The whole path of a new organizer on the default local code host, driven only through the
// built `hackathon` binary and git against a real server and worker (nothing calls the code
// host driver): event configure, event github (claims the organization and creates the
// template empty), github-check naming the URL to push the template to, git push of the
// template there with the organizer's hck_ key, github-check passing, roster import, the
// participant's connect, admin provision, setup accepting the invitation the record names
// (clone, agent files, the app started by a stand-in `docker`), and a push from the clone
// recorded as the team's receipt.
import test from 'ava';
import { chmodSync, existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { execFile, execFileSync } from 'node:child_process';
import { commitFile, git, tempDir, waitForReceipts } from '../../helpers/codehost.ts';
import { eventWorkspace, HOUR, person, schedule, type Person } from '../../helpers/event.ts';
import { reservedPort } from '../../../ops/harness/ports.ts';
import { startTestServer, type TestServer } from '../../helpers/server.ts';
import { hackathon, makeHome } from './run.ts';

let s: TestServer;
let owner: Person, ann: Person;
const standin = tempDir('path-bin-');
const state = tempDir('path-docker-state-');
let appPort = 0;

test.before(async () => {
  s = await startTestServer({ worker: true });
  const w = await eventWorkspace(s.db.pool, 'PathCo');
  owner = w.owner;
  ann = await person(s.db.pool, w.ws.id, 'ann@path.test');
  appPort = await reservedPort();
  // Stand-in docker: a healthy engine; `compose up` starts a real HTTP app on EVENT_APP_PORT.
  writeFileSync(path.join(standin, 'docker'), `#!/bin/sh
case "$1" in
  --version) echo "Docker version 99.0.0, build standin"; exit 0 ;;
  info) echo 99.0.0; exit 0 ;;
  compose) ;;
  *) exit 1 ;;
esac
for a in "$@"; do
  case "$a" in
    version) echo "Docker Compose version v2.99.0"; exit 0 ;;
    ps) exit 0 ;;
    up)
      nohup node -e "require('http').createServer((q, r) => { r.statusCode = q.url === '/health' ? 200 : 404; r.end('ok'); }).listen(Number(process.env.EVENT_APP_PORT))" >/dev/null 2>&1 &
      echo $! > "${state}/app.pid"
      exit 0 ;;
  esac
done
exit 1
`);
  chmodSync(path.join(standin, 'docker'), 0o755);
});
test.after.always(() => {
  if (existsSync(state)) for (const f of readdirSync(state)) {
    try { process.kill(Number(readFileSync(path.join(state, f), 'utf8')), 'SIGKILL'); } catch { /* gone */ }
  }
  return s?.close();
});

test('claim, push the template with git, roster, connect, provision, accept, setup, push: CLIs and git only', async (t) => {
  const home = makeHome();
  const as = (p: Person) => ({ ...home.env, EVENT_URL: s.url, EVENT_API_KEY: p.key });
  const org = (args: string[]) => hackathon(args, as(owner));

  const when = schedule(Date.now() + HOUR);
  const created = await org(['event', 'configure', '--expected-version', '0', '--name', 'Path Hack', '--timezone', 'UTC',
    '--starts-at', when.startsAt, '--build-ends-at', when.buildEndsAt, '--vote-opens-at', when.voteOpensAt, '--vote-closes-at', when.voteClosesAt]);
  t.is(created.code, 0, created.stderr);

  // The claim: the organization is this workspace's and the template exists, empty.
  const claim = await org(['event', 'github', '--organization', 'acme', '--template', 'acme/template']);
  t.is(claim.code, 0, claim.stderr);
  t.is(claim.stdout, 'Organization: acme\nTemplate: acme/template\nBranch: main\nNext: hackathon event github-check\n');

  // github-check says exactly where to push the template.
  const pushUrl = `${s.url}/git/acme/template.git`;
  let check = await org(['event', 'github-check']);
  t.is(check.code, 4);
  t.true(check.stdout.includes(`Problem: The template acme/template has no branch main on the code host: push it with git push ${pushUrl} main (your hck_ key is the password)\n`), check.stdout);

  // The organizer pushes the template there with git, the key as the password.
  const work = path.join(tempDir(), 'template');
  await git(path.dirname(work), ['init', '-q', '-b', 'main', work]);
  writeFileSync(path.join(work, 'hackathon.json'), JSON.stringify({ version: 1, app: { compose: 'compose.yaml', service: 'web', port: appPort, readyPath: '/health' } }));
  writeFileSync(path.join(work, 'compose.yaml'), 'services:\n  web:\n    build: .\n');
  await git(work, ['add', '-A']);
  const templateSha = await commitFile(work, 'README.md', '# Path template\n', 'template');
  const withKey = new URL(pushUrl);
  withKey.username = 'x';
  withKey.password = owner.key;
  await git(work, ['push', '-q', withKey.toString(), 'main']);

  check = await org(['event', 'github-check']);
  t.is(check.code, 0, check.stdout);
  t.regex(check.stdout, new RegExp(`Template: acme/template branch main at ${templateSha}\\nProvisioning can run`));

  // Roster, the participant's username, provisioning.
  const roster = path.join(tempDir(), 'roster.json');
  writeFileSync(roster, JSON.stringify({ participants: [{ email: ann.email, name: 'Ann', team: 'Rocket' }] }));
  t.is((await org(['event', 'roster', 'import', '--file', roster])).code, 0);
  const connected = await hackathon(['connect', '--github', 'ann-gh'], as(ann));
  t.is(connected.code, 0, connected.stderr);
  t.regex(connected.stdout, /^Repository: not assigned yet$/m);
  t.regex(connected.stdout, /^Next: wait for the organizers to provision the team repositories, then run hackathon connect again \(then hackathon setup\)$/m);
  t.notRegex(connected.stdout, /^Next: hackathon setup$/m, 'setup would refuse now');
  const provisioned = await org(['admin', 'provision', '--key', 'first']);
  t.is(provisioned.code, 0, provisioned.stderr);
  t.is(provisioned.stdout, 'Provisioned (first): 0 ready, 1 invited, 0 attention\n  invited  acme/rocket  Rocket\n');

  // The record names the invitation's page; connect says setup accepts it.
  const invited = await hackathon(['connect', '--json'], as(ann));
  const access = JSON.parse(invited.stdout).repository.access;
  t.like(access, { standing: 'invited', invitationUrl: `${s.url}/codehost/invitations/acme/rocket` });
  const told = await hackathon(['connect'], as(ann));
  t.regex(told.stdout, new RegExp(`^Next: hackathon setup \\(it accepts your invitation to acme/rocket for you; or open ${s.url}/codehost/invitations/acme/rocket\\)$`, 'm'));

  // Setup: clone of the team repository (a copy of the template), the app started and ready.
  const gitconfig = path.join(tempDir(), 'gitconfig');
  writeFileSync(gitconfig, '');
  const env = { ...as(ann), PATH: `${standin}:${process.env.PATH}`, GIT_CONFIG_GLOBAL: gitconfig, GIT_CONFIG_NOSYSTEM: '1' };
  const dir = path.join(home.home, 'podium', 'hackathon', 'rocket');
  const setup = await hackathon(['setup'], env);
  t.is(setup.code, 0, setup.stderr);
  t.regex(setup.stderr, new RegExp(`^Accepted your invitation to acme/rocket as ann-gh \\(on this instance's code host; the page ${s.url}/codehost/invitations/acme/rocket does the same\\)$`, 'm'));
  t.regex(setup.stdout, new RegExp(`^Directory: ${dir} \\(cloned\\)\\nRepository: acme/rocket \\(branch main\\)\\n`));
  t.regex(setup.stdout, new RegExp(`^Local URL: http://localhost:${appPort}$`, 'm'));
  t.is(execFileSync('git', ['-C', dir, 'rev-parse', 'HEAD'], { encoding: 'utf8' }).trim(), templateSha);
  t.is((await fetch(`http://127.0.0.1:${appPort}/health`)).status, 200);

  // A push from the clone (credentials from the helper setup configured) is the team's receipt.
  execFileSync('git', ['-C', dir, '-c', 'user.name=Ann', '-c', 'user.email=ann@path.test', 'commit', '-q', '--allow-empty', '-m', 'work'], { env });
  // Not execFileSync: the server answering this push runs in this very process.
  await new Promise<void>((resolve, reject) => execFile('git', ['-C', dir, 'push', '-q', 'origin', 'main'], { env: { ...env, GIT_TERMINAL_PROMPT: '0' } },
    (err, _out, stderr) => (err ? reject(new Error(stderr || err.message)) : resolve())));
  const sha = execFileSync('git', ['-C', dir, 'rev-parse', 'HEAD'], { encoding: 'utf8' }).trim();
  const eventId = (await s.db.pool.query('select id from app.events where name = $1', ['Path Hack'])).rows[0].id;
  const rows = await waitForReceipts(s.db.pool, eventId, 1);
  t.is(rows.length, 1, 'the template push is no receipt');
  t.like(rows.at(-1), { sha, verdict: 'accepted', refusal: null });
  const list = await org(['submissions', 'list']);
  t.regex(list.stdout, new RegExp(sha.slice(0, 12)));

  // Another workspace's organizer cannot claim the name: exit 3 with the server's sentence.
  const other = await eventWorkspace(s.db.pool, 'OtherCo');
  const later = schedule(Date.now() + HOUR);
  t.is((await hackathon(['event', 'configure', '--expected-version', '0', '--name', 'Other Hack', '--timezone', 'UTC', '--starts-at', later.startsAt,
    '--build-ends-at', later.buildEndsAt, '--vote-opens-at', later.voteOpensAt, '--vote-closes-at', later.voteClosesAt], as(other.owner))).code, 0);
  const taken = await hackathon(['event', 'github', '--organization', 'ACME', '--template', 'ACME/template'], as(other.owner));
  t.is(taken.code, 3);
  t.regex(taken.stderr, /The organization ACME is already used by another workspace on this code host \(names are case-insensitive\); choose another organization name/);
  const json = await hackathon(['event', 'github', '--organization', 'ACME', '--template', 'ACME/template', '--json'], as(other.owner));
  t.is(json.code, 3);
});
