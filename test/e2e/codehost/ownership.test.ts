// Code-host ownership on the local host, two (and more) workspaces on one server with real git
// over loopback: an organization name is claimed by one workspace (any letter case, also as a
// template owner; not through GraphQL), another workspace's organizer reaches none of its
// repositories (the same answer as a repository that does not exist), even when her event
// names the organization (a name grants nothing: access, deliveries, github-check, the plan
// and the provisioning job all go by the ownership rows), invitations resolve logins on the
// owning event's roster only, a key pinned to another workspace reaches nothing, a repository
// left on disk is never adopted, and the names of an event that is gone stay taken.
import test from 'ava';
import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { LocalCodeHost } from '../../../core/codehost/local.ts';
import { asUser } from '../../helpers/as.ts';
import { cloneUrl, commitFile, git, pushFixture, receipts, sendDelivery, tempDir, waitForReceipts } from '../../helpers/codehost.ts';
import { createEvent, eventWorkspace, HOUR, importRoster, person, type Person } from '../../helpers/event.ts';
import { http } from '../../helpers/http.ts';
import * as seed from '../../helpers/seed.ts';
import { startTestServer, type TestServer } from '../../helpers/server.ts';
import { until } from '../../helpers/until.ts';

let s: TestServer;
let host: LocalCodeHost;
let ownerA: Person, ann: Person, cal: Person, ownerB: Person, bob: Person;
let wsA: string, wsB: string, eventA: string, eventB: string;
let templateSha: string;

const github = (who: Person, organization: string, template: string) => http(s.url, 'PUT', '/api/v1/event/github', { key: who.key, body: { organization, template } });
const gql = (key: string, query: string) => http(s.url, 'POST', '/graphql', { key, body: { query } });
/** The smart-HTTP discovery request git makes first, with the person's key as the password. */
const discover = async (who: Person, fullName: string, service = 'git-upload-pack') => {
  const r = await fetch(`${s.url}/git/${fullName}.git/info/refs?service=${service}`, { headers: { authorization: `Basic ${Buffer.from(`x:${who.key}`).toString('base64')}` } });
  return { status: r.status, body: r.headers.get('content-type')?.includes('json') ? await r.json() : null };
};
const lsRemote = (who: Person | { key: string }, fullName: string) => git(tempDir(), ['ls-remote', cloneUrl(s.url, fullName, 'x', who.key)]);

async function provision(who: Person, key: string) {
  const started = await http(s.url, 'POST', '/api/v1/admin/provision', { key: who.key, body: { key } });
  if (started.status !== 202) throw new Error(started.text);
  return until(`provisioning ${key}`, async () => {
    const r = await http(s.url, 'GET', `/api/v1/admin/provision/runs/${key}`, { key: who.key });
    return r.body.state === 'done' ? r.body : null;
  });
}

test.before(async () => {
  s = await startTestServer({ worker: true });
  host = new LocalCodeHost(s.config.dataDir, s.db.pool);
  const a = await eventWorkspace(s.db.pool, 'Alpha');
  ownerA = a.owner;
  wsA = a.ws.id;
  [ann, cal] = await Promise.all(['ann', 'cal'].map((n) => person(s.db.pool, wsA, `${n}@alpha.test`)));
  eventA = (await createEvent(s.url, ownerA.key, Date.now() + HOUR)).id;
  const claimed = await github(ownerA, 'acme', 'acme/template');
  if (claimed.status !== 200) throw new Error(claimed.text);
  // The template, pushed by A's organizer into the repository event github created.
  const work = tempDir();
  await git(work, ['init', '-q', 'w']);
  templateSha = await commitFile(path.join(work, 'w'), 'README.md', '# Alpha template\n');
  await git(path.join(work, 'w'), ['push', '-q', cloneUrl(s.url, 'acme/template', 'x', ownerA.key), 'HEAD:main']);
  await importRoster(s.url, ownerA.key, [{ email: ann.email, team: 'Rocket' }, { email: cal.email, team: 'Comet' }]);
  for (const [p, login] of [[ann, 'ann-gh'], [cal, 'cal-gh']] as const) await http(s.url, 'PUT', '/bootstrap/github', { key: p.key, body: { login } });
  // A repository left on disk by something else (no owner row): provisioning must not adopt it.
  const leftover = host.repositoryPath('acme/comet');
  mkdirSync(path.dirname(leftover), { recursive: true });
  execFileSync('git', ['init', '-q', '--bare', leftover]);
  await provision(ownerA, 'a1');
  const accepted = await http(s.url, 'POST', '/api/v1/codehost/invitations/accept', { key: ann.key, body: { repository: 'acme/rocket' } });
  if (accepted.status !== 200) throw new Error(accepted.text);

  const b = await eventWorkspace(s.db.pool, 'Beta');
  ownerB = b.owner;
  wsB = b.ws.id;
  bob = await person(s.db.pool, wsB, 'bob@beta.test');
  eventB = (await createEvent(s.url, ownerB.key, Date.now() + HOUR)).id;
});
test.after.always(() => s?.close());

test.serial('a second workspace cannot claim the organization, in any letter case or as its template owner', async (t) => {
  const taken = await github(ownerB, 'ACME', 'ACME/template');
  t.is(taken.status, 409);
  t.deepEqual(taken.body, { error: { code: 'organization_taken', organization: 'ACME',
    message: 'The organization ACME is already used by another workspace on this code host (names are case-insensitive); choose another organization name' } });
  const viaTemplate = await github(ownerB, 'beta', 'Acme/rocket');
  t.like(viaTemplate.body, { error: { code: 'organization_taken', organization: 'Acme' } });
  t.is((await http(s.url, 'GET', '/api/v1/event', { key: ownerB.key })).body.github, null, 'nothing was saved');
  const { rows } = await s.db.pool.query(`select login_key from app_private.local_organizations where event_id = $1`, [eventB]);
  t.deepEqual(rows, [], 'the refused request claimed nothing (beta neither)');
  // The first claim stands, and a free name is claimed as usual.
  t.is((await github(ownerA, 'acme', 'acme/template')).status, 200, 'claiming again is a no-op for the holder');
  const own = await github(ownerB, 'beta', 'beta/template');
  t.deepEqual(own.body, { organization: 'beta', template: 'beta/template', branch: 'main' });
  t.true(host.exists('beta/template'));
  // A template name git could never address is refused before anything is claimed.
  t.like((await github(ownerB, 'beta', 'beta/template.git')).body, { error: { code: 'invalid_input', field: 'template' } });
});

test.serial('GraphQL offers no way around the claim', async (t) => {
  const r = await gql(ownerB.key, 'mutation { setEventGithub(input: { organization: "ACME", template: "ACME/template" }) { result } }');
  t.truthy(r.body.errors?.length, JSON.stringify(r.body));
  t.like((await http(s.url, 'GET', '/api/v1/event', { key: ownerB.key })).body.github, { organization: 'beta' });
  const { rows } = await s.db.pool.query(`select count(*)::int as n from pg_proc p join pg_namespace n on n.oid = p.pronamespace where n.nspname = 'app' and p.proname = 'set_event_github'`);
  t.is(rows[0].n, 0);
});

test.serial('another workspace\'s organizer reaches none of the repositories: the same answer as one that does not exist', async (t) => {
  const missing = await discover(ownerB, 'acme/nothing');
  t.is(missing.status, 404);
  t.is(missing.body.error.code, 'repository_not_found');
  for (const repo of ['acme/template', 'acme/rocket', 'ACME/Rocket']) {
    for (const service of ['git-upload-pack', 'git-receive-pack']) {
      const r = await discover(ownerB, repo, service);
      t.deepEqual(r, { status: 404, body: { error: { code: 'repository_not_found', message: missing.body.error.message.replace('acme/nothing', repo) } } }, `${repo} ${service}`);
    }
  }
  await t.throwsAsync(lsRemote(ownerB, 'acme/rocket'), { message: /not found/ });
  t.regex(await lsRemote(ownerA, 'acme/rocket'), /refs\/heads\/main/, 'its own organizer does reach it');
});

test.serial('a name grants nothing: an event naming the organization gets no access, no deliveries, no template read, no plan', async (t) => {
  // Force the name onto B's event, as a pre-ownership database or a bypass would have it.
  await s.db.pool.query(`update app.events set github_organization = 'ACME', github_template = 'ACME/template' where id = $1`, [eventB]);
  for (const repo of ['acme/template', 'acme/rocket']) t.is((await discover(ownerB, repo, 'git-receive-pack')).status, 404);

  // A's member pushes: the delivery reaches A's event only.
  const before = (await receipts(s.db.pool, eventA)).length;
  const dir = path.join(tempDir(), 'w');
  await git(path.dirname(dir), ['clone', '-q', cloneUrl(s.url, 'acme/rocket', 'ann-gh', ann.key), 'w']);
  const sha = await commitFile(dir, 'app.js', 'alpha\n');
  await git(dir, ['push', '-q', 'origin', 'HEAD:main']);
  const got = await waitForReceipts(s.db.pool, eventA, before + 1);
  t.like(got.at(-1), { sha, verdict: 'accepted' });
  t.deepEqual(await receipts(s.db.pool, eventB), [], 'B received nothing');
  const seen = await gql(ownerB.key, '{ allSubmissionReceipts { nodes { sha } } allTeamRepositories { nodes { fullName } } }');
  t.deepEqual(seen.body.data, { allSubmissionReceipts: { nodes: [] }, allTeamRepositories: { nodes: [] } });
  // A delivery of A's repository sent to B's event is refused: the organization is A's.
  const forged = await sendDelivery(s.url, { eventId: eventB, payload: pushFixture('acme/rocket', { after: sha }) });
  t.like(forged.body, { verdict: 'refused', refusal: 'installation_mismatch' });

  // github-check and the plan name the cause and never read A's template.
  const check = await http(s.url, 'GET', '/api/v1/event/github-check', { key: ownerB.key });
  t.like(check.body, { ok: false, templateRevision: null });
  t.deepEqual(check.body.problems, ['The organization ACME belongs to another workspace on this code host']);
  const refused = await http(s.url, 'POST', '/api/v1/admin/provision', { key: ownerB.key, body: { key: 'b1' } });
  t.is(refused.status, 409);
  t.deepEqual(refused.body.error.conflicts, ['The organization ACME belongs to another workspace on this code host']);
});

test.serial('the provisioning job itself refuses another workspace\'s organization: nothing created, nobody invited', async (t) => {
  // B's team is named like A's (its repository would be acme/rocket) and B's member names a login of A's roster.
  await importRoster(s.url, ownerB.key, [{ email: bob.email, team: 'Rocket' }]);
  t.is((await http(s.url, 'PUT', '/bootstrap/github', { key: bob.key, body: { login: 'zoe-gh' } })).status, 200);
  const head = await host.branchHead('acme/rocket', 'main');
  // Straight to the job, past the route's live check (start_provision checks the stored plan only).
  await asUser(s.db.pool, ownerB.userId, wsB, 'owner', ['hackathon:read', 'hackathon:write'])((c) => c.query(`select app.start_provision('b2', null)`));
  // attempts rises when a worker takes the job, before it fails: wait for the error itself.
  const job = await until('the refused job', async () => (await s.db.pool.query(
    `select last_error from graphile_worker.jobs where task_identifier = 'codehost__provision' and key = $1 and last_error is not null`, [`provision:${eventB}:b2`])).rows[0]);
  t.regex(job.last_error, /The organization ACME belongs to another workspace on this code host/);
  t.is((await s.db.pool.query('select count(*)::int as n from app.team_repositories where event_id = $1', [eventB])).rows[0].n, 0);
  t.is((await s.db.pool.query('select count(*)::int as n from app_private.local_repository_access where user_id = $1', [bob.userId])).rows[0].n, 0);
  t.is(await host.branchHead('acme/rocket', 'main'), head, 'A\'s repository untouched');
  await s.db.pool.query(`select graphile_worker.remove_job($1)`, [`provision:${eventB}:b2`]);
});

test.serial('invitations resolve a login on the owning event\'s roster only', async (t) => {
  // A adds Zoe (no account here yet) as zoe-gh, the login B's bob named: A's invitation must
  // not find bob through B's roster.
  await importRoster(s.url, ownerA.key, [{ email: ann.email, team: 'Rocket' }, { email: cal.email, team: 'Comet' }, { email: 'zoe@alpha.test', team: 'Rocket' }]);
  await s.db.pool.query(`update app.roster_entries set github_login = 'zoe-gh' where event_id = $1 and email = 'zoe@alpha.test'`, [eventA]);
  const run = await provision(ownerA, 'a2');
  t.like(run.teams.find((x: any) => x.repository === 'acme/rocket'), { readiness: 'attention', attention: 'No account zoe-gh on this code host' });
  const { rows } = await s.db.pool.query(`select user_id from app_private.local_repository_access where lower(full_name) = 'acme/rocket'`);
  t.deepEqual(rows.map((r) => r.user_id), [ann.userId]);
  t.is((await discover(bob, 'acme/rocket')).status, 404);
});

test.serial('a repository left on disk without an owner is never adopted', async (t) => {
  const runs = await http(s.url, 'GET', '/api/v1/admin/provision/runs/a2', { key: ownerA.key });
  t.like(runs.body.teams.find((x: any) => x.repository === 'acme/comet'), {
    readiness: 'attention', attention: 'acme/comet exists on the code host without an owner; it is never adopted: an operator must remove it',
  });
  t.is(await host.branchHead('acme/comet', 'main'), null, 'not filled from the template either');
  t.is((await discover(ownerA, 'acme/comet')).status, 404, 'not even its organization\'s organizer reaches it');
  // The same for a template found on disk before its organization was claimed.
  const c = await eventWorkspace(s.db.pool, 'Gamma');
  await createEvent(s.url, c.owner.key, Date.now() + HOUR);
  const stray = host.repositoryPath('gamma/template');
  mkdirSync(path.dirname(stray), { recursive: true });
  execFileSync('git', ['init', '-q', '--bare', stray]);
  t.is((await github(c.owner, 'gamma', 'gamma/template')).status, 200);
  const check = await http(s.url, 'GET', '/api/v1/event/github-check', { key: c.owner.key });
  t.deepEqual(check.body.problems, ['The template gamma/template exists on the code host without an owner; it is never adopted: an operator must remove it']);
  t.is((await discover(c.owner, 'gamma/template', 'git-receive-pack')).status, 404);
});

test.serial('a key pinned to another workspace reaches nothing, even for an organizer of the owner', async (t) => {
  await seed.member(s.db.pool, wsA, 'dual@x.test', 'admin');
  await seed.member(s.db.pool, wsB, 'dual@x.test', 'member');
  const pinnedB = await seed.key(s.db.pool, 'dual@x.test', 'hackathon', { workspaceId: wsB });
  const pinnedA = await seed.key(s.db.pool, 'dual@x.test', 'hackathon', { workspaceId: wsA });
  await t.throwsAsync(lsRemote(pinnedB, 'acme/template'), { message: /not found/ });
  t.regex(await lsRemote(pinnedA, 'acme/template'), new RegExp(`^${templateSha}\\s+refs/heads/main$`, 'm'));
});

test.serial('the names of an event that is gone stay taken: nobody inherits what it left on disk', async (t) => {
  const d = await eventWorkspace(s.db.pool, 'Delta');
  await createEvent(s.url, d.owner.key, Date.now() + HOUR);
  t.is((await github(d.owner, 'delta', 'delta/template')).status, 200);
  await s.db.pool.query('delete from app.workspaces where id = $1', [d.ws.id]);
  const e = await eventWorkspace(s.db.pool, 'Epsilon');
  await createEvent(s.url, e.owner.key, Date.now() + HOUR);
  t.like((await github(e.owner, 'DELTA', 'DELTA/template')).body, { error: { code: 'organization_taken' } });
  const { rows } = await s.db.pool.query(`select event_id from app_private.local_repositories where name_key = 'delta/template'`);
  t.deepEqual(rows, [{ event_id: null }], 'retired, not released');
});
