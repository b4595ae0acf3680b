// Repository access follows roster standing on the local code host,
// with real git over loopback: a participant who accepted the invitation and is then removed
// by roster import can neither clone nor push (even with a grant row left behind: the roster
// is checked at permission time), and their push after removal never becomes the frozen
// submission; a participant moved to another team loses the old team's repository and gets
// the new one's through an invitation; a removed advisor loses read. roster show carries each
// row's repository standing, and a second workspace sees and touches none of it.
import test from 'ava';
import path from 'node:path';
import { LocalCodeHost } from '../../../core/codehost/local.ts';
import { cloneUrl, commitFile, git, ownRepository, receipts, tempDir, waitForReceipts } from '../../helpers/codehost.ts';
import { assignRepository, Clock, createEvent, eventWorkspace, HOUR, importRoster, MINUTE, person, type Person } from '../../helpers/event.ts';
import { http } from '../../helpers/http.ts';
import { startTestServer, type TestServer } from '../../helpers/server.ts';
import { until } from '../../../ops/harness/until.ts';
import { drain } from '../../helpers/worker.ts';

let s: TestServer;
let host: LocalCodeHost;
let clock: Clock;
let owner: Person, ann: Person, ben: Person, cal: Person, coach: Person, dot: Person;
let ownerB: Person;
let eventId: string;
let start: number;
const teamOf: Record<string, string> = {};
let annSha: string;
let annClone: string;

const roster = (over: Record<string, unknown>[] = []) => [
  { email: ann.email, team: 'Rocket' }, { email: ben.email, team: 'Rocket' }, { email: dot.email, team: 'Rocket' },
  { email: cal.email, team: 'Comet' }, { email: coach.email, role: 'advisor' }, ...over,
];

test.before(async () => {
  s = await startTestServer();
  const w = await eventWorkspace(s.db.pool, 'Removal');
  owner = w.owner;
  clock = new Clock(s.url);
  start = Date.now() + HOUR;
  eventId = (await createEvent(s.url, owner.key, start, 2)).id;
  const g = await http(s.url, 'PUT', '/api/v1/event/github', { key: owner.key, body: { organization: 'acme', template: 'acme/template' } });
  if (g.status !== 200) throw new Error(g.text);
  [ann, ben, cal, coach, dot] = await Promise.all(['ann', 'ben', 'cal', 'coach', 'dot'].map((n) => person(s.db.pool, w.ws.id, `${n}@x.test`)));
  await importRoster(s.url, owner.key, roster());
  for (const [p, login] of [[ann, 'ann-gh'], [ben, 'ben-gh'], [cal, 'cal-gh'], [coach, 'coach-gh']] as const) {
    await s.db.pool.query('update app.roster_entries set github_login = $2 where lower(email) = $1', [p.email, login]);
  }
  const { rows } = await s.db.pool.query('select id, name from app.projects where workspace_id = $1', [w.ws.id]);
  for (const r of rows) teamOf[r.name] = r.id;
  host = new LocalCodeHost(s.config.dataDir, s.db.pool);

  // The template, two team repositories copied from it, everyone invited and accepted.
  const work = tempDir();
  await git(work, ['init', '-q', 'w']);
  const templateSha = await commitFile(path.join(work, 'w'), 'README.md', '# Template\n');
  await git(path.join(work, 'w'), ['push', '-q', host.repositoryPath('acme/template'), 'HEAD:main']);
  for (const team of ['Rocket', 'Comet']) {
    const full = `acme/${team.toLowerCase()}`;
    await ownRepository(s.db.pool, eventId, full);
    await host.createFromTemplate('acme/template', full, 'main');
    await assignRepository(s.db.pool, teamOf[team]!, full, 'invited', templateSha);
  }
  await host.invite('acme/rocket', 'ann-gh', 'maintain');
  await host.invite('acme/rocket', 'ben-gh', 'maintain');
  await host.invite('acme/comet', 'cal-gh', 'maintain');
  for (const repo of ['acme/rocket', 'acme/comet']) await host.invite(repo, 'coach-gh', 'read');
  for (const [p, repo] of [[ann, 'acme/rocket'], [ben, 'acme/rocket'], [cal, 'acme/comet'], [coach, 'acme/rocket'], [coach, 'acme/comet']] as const) {
    const a = await http(s.url, 'POST', '/api/v1/codehost/invitations/accept', { key: p.key, body: { repository: repo } });
    if (a.status !== 200) throw new Error(a.text);
  }

  // A second workspace with its own event and roster, naming the same people's addresses.
  const b = await eventWorkspace(s.db.pool, 'Other');
  ownerB = b.owner;
  await createEvent(s.url, ownerB.key, start, 2);
  const rb = await http(s.url, 'PUT', '/api/v1/event/roster', { key: ownerB.key, body: { participants: [{ email: ann.email, team: 'Rocket' }], invite: false } });
  if (rb.status !== 200) throw new Error(rb.text);
});
test.after.always(async () => {
  await clock?.reset();
  await s?.close();
});

const clone = async (who: Person, login: string, fullName: string) => {
  const dir = tempDir();
  await git(dir, ['clone', '-q', cloneUrl(s.url, fullName, login, who.key), 'w']);
  return path.join(dir, 'w');
};
const permission = async (who: Person, repo: string) =>
  (await s.db.pool.query('select app_private.local_repository_permission($1, $2, null) as p', [repo, who.userId])).rows[0].p as string | null;
const rosterShow = async (key: string) => (await http(s.url, 'GET', '/api/v1/event/roster', { key })).body;

test.serial('roster show carries each row\'s repository standing', async (t) => {
  const page = await rosterShow(owner.key);
  const by = Object.fromEntries(page.items.map((r: any) => [r.email, r.repository]));
  t.deepEqual(by[ann.email], { name: 'acme/rocket', permission: 'maintain', standing: 'member' });
  t.deepEqual(by[cal.email], { name: 'acme/comet', permission: 'maintain', standing: 'member' });
  t.deepEqual(by[coach.email], { name: null, permission: 'read', standing: null });
  t.deepEqual(page.revocations, [], 'the local host revokes in the roster\'s transaction: nothing pending');
});

test.serial('a member pushes while on the roster', async (t) => {
  await clock.to(start + 30 * MINUTE);
  annClone = await clone(ann, 'ann-gh', 'acme/rocket');
  annSha = await commitFile(annClone, 'ann.txt', 'before removal\n');
  await git(annClone, ['push', '-q', 'origin', 'HEAD:main']);
  const rows = await waitForReceipts(s.db.pool, eventId, 1);
  t.like(rows.at(-1), { verdict: 'accepted', sha: annSha, project_id: teamOf.Rocket });
  t.is(await permission(ann, 'acme/rocket'), 'maintain');
});

test.serial('a participant removed by roster import can neither clone nor push, at once, and their grant is gone', async (t) => {
  const r = await importRoster(s.url, owner.key, roster().filter((x) => x.email !== ann.email));
  t.deepEqual(r.removed, [{ email: ann.email, team: 'Rocket' }]);
  const { rows } = await s.db.pool.query('select count(*)::int as n from app_private.local_repository_access where user_id = $1', [ann.userId]);
  t.is(rows[0].n, 0, 'deleted in the import\'s transaction');
  t.is(await permission(ann, 'acme/rocket'), null);
  await t.throwsAsync(clone(ann, 'ann-gh', 'acme/rocket'), { message: /not found/ });
  const late = await commitFile(annClone, 'late.txt', 'after removal\n');
  await t.throwsAsync(git(annClone, ['push', '-q', 'origin', 'HEAD:main']), { message: /not found|403|404/i });
  t.is(await host.branchHead('acme/rocket', 'main'), annSha, 'the push did not land');
  t.false((await receipts(s.db.pool, eventId)).some((x) => x.sha === late), 'nothing delivered');
  t.is(await host.standing('acme/rocket', 'ann-gh'), 'none');

  // A grant row left behind (or written by hand) gives nothing: the roster is checked at permission time.
  await s.db.pool.query(`insert into app_private.local_repository_access (full_name, user_id, permission, accepted_at) values ('acme/rocket', $1, 'maintain', now())`, [ann.userId]);
  t.is(await permission(ann, 'acme/rocket'), null);
  await t.throwsAsync(clone(ann, 'ann-gh', 'acme/rocket'), { message: /not found/ });
  await t.throwsAsync(git(annClone, ['push', '-q', 'origin', 'HEAD:main']), { message: /not found|403|404/i });
  t.is(await host.branchHead('acme/rocket', 'main'), annSha);
  await s.db.pool.query('delete from app_private.local_repository_access where user_id = $1', [ann.userId]);
});

test.serial('a participant moved to another team loses the old repository and gets the new one through its invitation', async (t) => {
  const moved = roster().filter((x) => x.email !== ann.email).map((x) => (x.email === ben.email ? { ...x, team: 'Comet' } : x));
  await importRoster(s.url, owner.key, moved);
  t.is(await permission(ben, 'acme/rocket'), null);
  await t.throwsAsync(clone(ben, 'ben-gh', 'acme/rocket'), { message: /not found/ });
  t.is(await permission(ben, 'acme/comet'), null, 'not before the invitation is accepted');
  let page = await rosterShow(owner.key);
  t.deepEqual(page.items.find((r: any) => r.email === ben.email).repository, { name: 'acme/comet', permission: 'maintain', standing: 'none' });

  await host.invite('acme/comet', 'ben-gh', 'maintain'); // as the next provisioning run does
  t.is((await http(s.url, 'POST', '/api/v1/codehost/invitations/accept', { key: ben.key, body: { repository: 'acme/comet' } })).status, 200);
  t.is(await permission(ben, 'acme/comet'), 'maintain');
  const dir = await clone(ben, 'ben-gh', 'acme/comet');
  const sha = await commitFile(dir, 'ben.txt', 'new team\n');
  await git(dir, ['push', '-q', 'origin', 'HEAD:main']);
  t.is(await host.branchHead('acme/comet', 'main'), sha);
  page = await rosterShow(owner.key);
  t.deepEqual(page.items.find((r: any) => r.email === ben.email).repository, { name: 'acme/comet', permission: 'maintain', standing: 'member' });
  await until('ben\'s push delivered', async () => (await receipts(s.db.pool, eventId)).some((x) => x.sha === sha && x.project_id === teamOf.Comet));
});

test.serial('a removed advisor loses read on every team repository; a participant made advisor keeps read only', async (t) => {
  t.is(await permission(coach, 'acme/comet'), 'read');
  const next = roster().filter((x) => x.email !== ann.email && x.email !== coach.email).map((x) => (x.email === ben.email ? { email: ben.email, role: 'advisor' } : x));
  await importRoster(s.url, owner.key, next);
  t.is(await permission(coach, 'acme/rocket'), null);
  t.is(await permission(coach, 'acme/comet'), null);
  await t.throwsAsync(clone(coach, 'coach-gh', 'acme/comet'), { message: /not found/ });
  t.is(await permission(ben, 'acme/comet'), 'read', 'maintain became read');
  const { rows } = await s.db.pool.query(`select permission from app_private.local_repository_access where user_id = $1`, [ben.userId]);
  t.deepEqual(rows.map((r) => r.permission), ['read']);
  const dir = await clone(ben, 'ben-gh', 'acme/comet');
  await commitFile(dir, 'coach.txt', 'hint\n');
  await t.throwsAsync(git(dir, ['push', '-q', 'origin', 'HEAD:main']), { message: /403|read access/i });
});

test.serial('a second workspace sees none of it and its roster touches nothing here', async (t) => {
  const before = (await s.db.pool.query('select count(*)::int as n from app_private.local_repository_access')).rows[0].n;
  await importRoster(s.url, ownerB.key, []); // removes ann from workspace B's roster
  t.is((await s.db.pool.query('select count(*)::int as n from app_private.local_repository_access')).rows[0].n, before);
  t.is(await permission(cal, 'acme/comet'), 'maintain', 'A\'s people keep A\'s access');
  const pageB = await rosterShow(ownerB.key);
  t.deepEqual(pageB.items, []);
  t.deepEqual(pageB.revocations, []);
  await t.throwsAsync(clone(ownerB, 'owner-b', 'acme/comet'), { message: /not found/ });
  const checkB = await http(s.url, 'GET', '/api/v1/event/github-check', { key: ownerB.key });
  t.false(JSON.stringify(checkB.body).includes('acme/comet'));
});

test.serial('the removed participant\'s push never becomes the frozen submission', async (t) => {
  await clock.to(start + 2 * HOUR + 16 * MINUTE); // past the freeze
  const r = await http(s.url, 'POST', '/api/v1/submissions/reconcile', { key: owner.key });
  t.is(r.status, 200, r.text);
  await drain(s);
  const listed = await http(s.url, 'GET', '/api/v1/submissions', { key: owner.key });
  const rocket = listed.body.items.find((i: any) => i.project.name === 'Rocket');
  t.is(rocket.state, 'frozen');
  t.is(rocket.frozen.sha, annSha, 'the last push made while on the roster');
  t.is(await host.branchHead('acme/rocket', 'main'), annSha);
});
