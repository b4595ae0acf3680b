// The local code host end to end with real git over loopback: an organizer pushes the
// template, three team repositories are copied from it, members accept their invitations,
// clone and push; every accepted push arrives as a signed GitHub-shaped delivery and is
// recorded in receipt order with its verdict (wrong branch, late after the freeze, a push
// to a repository that is no team's). A coach at read clones but cannot push.
import test from 'ava';
import { execFile } from 'node:child_process';
import { request as httpRequest } from 'node:http';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { LocalCodeHost } from '../../../core/codehost/local.ts';
import { GIT_NICENESS } from '../../../api/routes/git/index.ts';
import { cloneUrl, commitFile, git, gitOutput, ownRepository, receipts, tempDir, waitForReceipts } from '../../helpers/codehost.ts';
import { assignRepository, Clock, createEvent, eventWorkspace, HOUR, importRoster, MINUTE, person, type Person } from '../../helpers/event.ts';
import { http } from '../../helpers/http.ts';
import { startTestServer, type TestServer } from '../../helpers/server.ts';
import { until } from '../../../ops/harness/until.ts';

let s: TestServer;
let host: LocalCodeHost;
let clock: Clock;
let owner: Person, alice: Person, bob: Person, carol: Person, dave: Person, coach: Person;
let eventId: string;
let start: number;
const teamOf: Record<string, string> = {};
let templateSha: string;
let cometSha: string;
let graceSha: string;

test.before(async () => {
  s = await startTestServer();
  const w = await eventWorkspace(s.db.pool, 'Codehost');
  owner = w.owner;
  clock = new Clock(s.url);
  start = Date.now() + HOUR;
  eventId = (await createEvent(s.url, owner.key, start, 2)).id;
  const g = await http(s.url, 'PUT', '/api/v1/event/github', { key: owner.key, body: { organization: 'acme', template: 'acme/template' } });
  if (g.status !== 200) throw new Error(g.text);
  [alice, bob, carol, dave, coach] = await Promise.all(['alice', 'bob', 'carol', 'dave', 'coach'].map((n) => person(s.db.pool, w.ws.id, `${n}@x.test`)));
  await importRoster(s.url, owner.key, [
    { email: alice.email, team: 'Rocket' }, { email: bob.email, team: 'Rocket' },
    { email: carol.email, team: 'Comet' }, { email: dave.email, team: 'Nova' },
    { email: coach.email, role: 'advisor' },
  ]);
  // Code-host usernames (the bootstrap route that saves them belongs to another issue).
  for (const [p, login] of [[alice, 'alice-gh'], [bob, 'bob-gh'], [carol, 'carol-gh'], [dave, 'dave-gh'], [coach, 'coach-gh']] as const) {
    await s.db.pool.query('update app.roster_entries set github_login = $2 where lower(email) = $1', [p.email, login]);
  }
  const { rows } = await s.db.pool.query('select id, name from app.projects where workspace_id = $1', [w.ws.id]);
  for (const r of rows) teamOf[r.name] = r.id;
  host = new LocalCodeHost(s.config.dataDir, s.db.pool);
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

test.serial('the organizer pushes the template into the empty repository event github created', async (t) => {
  t.true(host.exists('acme/template'), 'event github made the template, owned by the event');
  const before = await http(s.url, 'GET', '/api/v1/event/github-check', { key: owner.key });
  t.is(before.body.templatePushUrl, `${s.config.publicUrl}/git/acme/template.git`, 'github-check says where to push the missing branch');
  const dir = await clone(owner, 'organizer', 'acme/template');
  templateSha = await commitFile(dir, 'README.md', '# Template\n', 'template');
  await git(dir, ['push', '-q', 'origin', 'HEAD:main']);
  t.is(await host.branchHead('acme/template', 'main'), templateSha);
  // The template is the event's own repository, not a submission: its revision is recorded, no receipt.
  const rev = await until('the template revision', async () =>
    (await s.db.pool.query('select repository, ref, sha from app_private.template_revisions where event_id = $1', [eventId])).rows[0] ?? null, 30_000, 25);
  t.deepEqual(rev, { repository: 'acme/template', ref: 'refs/heads/main', sha: templateSha });
  t.deepEqual(await receipts(s.db.pool, eventId), [], 'no refused receipt unknown_repository for the template');
  const check = await http(s.url, 'GET', '/api/v1/event/github-check', { key: owner.key });
  t.is(check.body.templateRevision, templateSha);
  t.is(check.body.templatePushUrl, null, 'nothing to push any more');
});

test.serial('team repositories are copies of the template; invitations count once accepted', async (t) => {
  for (const team of ['Rocket', 'Comet', 'Nova']) {
    const full = `acme/${team.toLowerCase()}`;
    await ownRepository(s.db.pool, eventId, full); // as provisioning records it before creating it
    const made = await host.createFromTemplate('acme/template', full, 'main');
    t.deepEqual(made, { created: true, sha: templateSha });
    t.deepEqual(await host.createFromTemplate('acme/template', full, 'main'), { created: false, sha: templateSha }, 'idempotent');
    await assignRepository(s.db.pool, teamOf[team]!, full, 'invited', templateSha);
  }
  await host.invite('acme/rocket', 'alice-gh', 'maintain');
  await host.invite('acme/rocket', 'BOB-gh', 'maintain');
  await host.invite('acme/comet', 'carol-gh', 'maintain');
  await host.invite('acme/rocket', 'coach-gh', 'read');
  await t.throwsAsync(host.invite('acme/rocket', 'nobody-gh', 'read'), { message: /No account nobody-gh/ });
  t.is(await host.standing('acme/rocket', 'alice-gh'), 'invited');
  t.is(await host.standing('acme/comet', 'alice-gh'), 'none');
  t.false(await host.canPush('acme/rocket', 'alice-gh'), 'an invitation not yet accepted does not push');

  const refused = await t.throwsAsync(clone(alice, 'alice-gh', 'acme/rocket'));
  t.regex(refused!.message, /repository '[^']*\/git\/acme\/rocket\.git\/' not found/, 'an invitation not yet accepted gives no access (404)');
  const noKey = tempDir();
  await t.throwsAsync(git(noKey, ['clone', '-q', `${s.url}/git/acme/rocket.git`, 'w']), { message: /could not read Username for '[^']+': terminal prompts disabled/ });

  for (const p of [alice, bob, carol, coach]) {
    const repo = p === carol ? 'acme/comet' : 'acme/rocket';
    const a = await http(s.url, 'POST', '/api/v1/codehost/invitations/accept', { key: p.key, body: { repository: repo } });
    t.is(a.status, 200, a.text);
    t.is(a.body.repository, repo);
  }
  t.is((await http(s.url, 'POST', '/api/v1/codehost/invitations/accept', { key: dave.key, body: { repository: 'acme/rocket' } })).body.error.code, 'invitation_not_found');
  t.is(await host.standing('acme/rocket', 'alice-gh'), 'member');
  t.true(await host.canPush('acme/rocket', 'ALICE-gh'), 'a member at maintain pushes');
  t.false(await host.canPush('acme/rocket', 'coach-gh'), 'a member at read does not');
  t.false(await host.canPush('acme/comet', 'alice-gh'), 'no grant, no push');
  const dir = await clone(alice, 'alice-gh', 'acme/rocket');
  t.is(readFileSync(path.join(dir, 'README.md'), 'utf8'), '# Template\n');
  t.is(await git(dir, ['rev-parse', 'HEAD']), templateSha);
  await t.throwsAsync(clone(carol, 'carol-gh', 'acme/rocket'), undefined, 'another team cannot read');
});

test.serial('a coach at read clones but a push is refused and delivers nothing', async (t) => {
  const before = (await receipts(s.db.pool, eventId)).length;
  const dir = await clone(coach, 'coach-gh', 'acme/rocket');
  t.true(existsSync(path.join(dir, 'README.md')));
  await commitFile(dir, 'coach.txt', 'hint\n');
  await t.throwsAsync(git(dir, ['push', '-q', 'origin', 'HEAD:main']), { message: /403|read access/i });
  t.is(await host.branchHead('acme/rocket', 'main'), templateSha);
  t.is((await receipts(s.db.pool, eventId)).length, before);
});

test.serial('git runs below the API (niced, GIT_NICENESS) and stops when its client goes away mid-push', async (t) => {
  // A receive-pack request whose body is held open: its http-backend waits on our bytes,
  // so it can be looked at; then the client drops the request, and the backend must go
  // (it would otherwise wait for the rest of the body for good).
  const url = new URL(`${s.url}/git/acme/rocket.git/git-receive-pack`);
  const req = httpRequest({
    host: url.hostname, port: url.port, path: url.pathname, method: 'POST',
    headers: { authorization: `Basic ${Buffer.from(`alice-gh:${alice.key}`).toString('base64')}`, 'content-type': 'application/x-git-receive-pack-request', 'transfer-encoding': 'chunked' },
  });
  req.on('error', () => {}); // dropped below on purpose
  req.write('00a0'); // a pkt-line promising 156 bytes that never come: receive-pack waits
  // The API runs in this test process and starts git through its spawner's helper
  // (core/spawner): the backends are children of a helper that is this process's child
  // (other test files run in other processes). git execs its helper as git-http-backend.
  const backends = async () => {
    const out = await new Promise<string>((resolve) => execFile('ps', ['-eo', 'pid=,ppid=,ni=,args='], (_e, o) => resolve(o)));
    const rows = out.split('\n').map((l) => l.trim().split(/\s+/)).map(([pid, ppid, ni, ...args]) => ({ pid: Number(pid), ppid: Number(ppid), ni, args: args.join(' ') }));
    const helpers = new Set(rows.filter((r) => r.ppid === process.pid && /spawner\/helper\.ts/.test(r.args)).map((r) => r.pid));
    return rows.filter((r) => helpers.has(r.ppid) && /git[- ]http-backend/.test(r.args)).map((r) => [r.ppid, r.ni]);
  };
  try {
    const ni = await until('the held http-backend to be running', async () => {
      const found = await backends();
      return found.length ? Number(found[0]![1]) : null;
    }, 20_000, 50);
    t.is(ni, GIT_NICENESS);
  } finally {
    req.destroy();
  }
  await until('the backend to stop once its client went away', async () => (await backends()).length === 0 || null, 20_000, 50);
  t.is(await host.branchHead('acme/rocket', 'main'), templateSha, 'nothing was pushed');
});

test.serial('pushes while building and in grace are accepted in receipt order; a wrong branch is refused; after the freeze a push is late', async (t) => {
  await clock.to(start + 30 * MINUTE);
  const n0 = (await receipts(s.db.pool, eventId)).length;
  const a = await clone(alice, 'alice-gh', 'acme/rocket');
  const building = await commitFile(a, 'app.js', 'console.log(1)\n');
  const whileBuilding = await gitOutput(a, ['push', 'origin', 'HEAD:main']);
  t.notRegex(whileBuilding.stderr, /remote:/, 'while building a push hears nothing from Podium');
  let rows = await waitForReceipts(s.db.pool, eventId, n0 + 1);
  t.like(rows.at(-1), { verdict: 'accepted', refusal: null, sha: building, ref: 'refs/heads/main', project_id: teamOf.Rocket, late: false });

  await git(a, ['push', '-q', 'origin', 'HEAD:feature']);
  rows = await waitForReceipts(s.db.pool, eventId, n0 + 2);
  t.like(rows.at(-1), { verdict: 'refused', refusal: 'wrong_branch', ref: 'refs/heads/feature' });

  const c = await clone(carol, 'carol-gh', 'acme/comet');
  cometSha = await commitFile(c, 'comet.txt', 'comet\n');
  await git(c, ['push', '-q', 'origin', 'HEAD:main']);
  rows = await waitForReceipts(s.db.pool, eventId, n0 + 3);
  t.like(rows.at(-1), { verdict: 'accepted', sha: cometSha, project_id: teamOf.Comet });

  await clock.to(start + 2 * HOUR + 5 * MINUTE); // grace: build end passed, freeze not yet
  const b = await clone(bob, 'bob-gh', 'acme/rocket');
  const grace = await commitFile(b, 'grace.txt', 'last fix\n');
  const inGrace = await gitOutput(b, ['push', 'origin', 'HEAD:main']);
  const freezeAt = new Date(start + 2 * HOUR + 15 * MINUTE).toISOString();
  // git pads each remote: line with spaces (to clear a progress line): compare without them.
  const remote = (stderr: string) => stderr.split('\n').filter((l) => l.startsWith('remote: ')).map((l) => l.trimEnd());
  t.deepEqual(remote(inGrace.stderr), [`remote: Podium: the build time is over; pushes to main still count until the freeze at ${freezeAt}, none after.`]);
  rows = await waitForReceipts(s.db.pool, eventId, n0 + 4);
  t.like(rows.at(-1), { verdict: 'accepted', sha: grace, late: false });
  graceSha = grace;

  await clock.to(start + 2 * HOUR + 16 * MINUTE); // past the freeze
  await git(a, ['pull', '-q', '--rebase', 'origin', 'main']);
  const after = await commitFile(a, 'late.txt', 'too late\n');
  const late = await gitOutput(a, ['push', '-q', 'origin', 'HEAD:main']);
  t.deepEqual(remote(late.stderr), [`remote: Podium: this push arrived after the freeze (${freezeAt}): it is recorded as late and does not count; the submission is the last push to main received before the freeze.`], 'even with -q the late push is told');
  rows = await waitForReceipts(s.db.pool, eventId, n0 + 5);
  t.like(rows.at(-1), { verdict: 'accepted', sha: after, late: true });
  t.true(rows.every((r, i) => i === 0 || r.seq > rows[i - 1]!.seq), 'receipts are numbered in receipt order');

  // The eligible submission: the last accepted receipt of the branch before the freeze.
  const { rows: [e] } = await s.db.pool.query('select (app_private.eligible_receipt($1)).sha', [teamOf.Rocket]);
  t.is(e.sha, grace);
  const { rows: [none] } = await s.db.pool.query('select (app_private.eligible_receipt($1)).sha', [teamOf.Nova]);
  t.is(none.sha, null, 'a team that never pushed has no eligible receipt');
});

test.serial('one push of several refs delivers one receipt per ref git updated: a created branch, a deleted one, main; a refused push delivers nothing', async (t) => {
  // Past the freeze (the test before): main is late, the other branches wrong_branch. The refs
  // a push changed come from git's own post-receive report, so a refused update names nothing.
  const n0 = (await receipts(s.db.pool, eventId)).length;
  const a = await clone(alice, 'alice-gh', 'acme/rocket');
  const main = await commitFile(a, 'multi.txt', 'two refs and a delete\n');
  await git(a, ['push', '-q', '--atomic', 'origin', 'HEAD:main', 'HEAD:refs/heads/extra', ':refs/heads/feature']);
  const rows = await waitForReceipts(s.db.pool, eventId, n0 + 3);
  const mine = rows.slice(n0).map((r) => [r.ref, r.verdict, r.refusal, r.sha === null ? null : r.sha.length]);
  t.deepEqual(mine.sort(), [
    ['refs/heads/extra', 'refused', 'wrong_branch', 40],
    ['refs/heads/feature', 'refused', 'wrong_branch', 40],
    ['refs/heads/main', 'accepted', null, 40],
  ]);
  t.is(rows.find((r, i) => i >= n0 && r.ref === 'refs/heads/main')!.sha, main);
  // The delivery's commits come from the post-receive hook's git log (no fork in the API).
  const summary = (await s.db.pool.query(`select summary from app.submission_receipts where event_id = $1 and sha = $2 and ref = 'refs/heads/main'`, [eventId, main])).rows[0].summary;
  t.like(summary, { message: 'add multi.txt', pusher: 'alice-gh' });
  t.deepEqual(readdirSync(path.join(host.pushHooks(), 'reports')), [], 'the report and its commits file are removed');

  // A stale clone's push is refused by git (not a fast-forward): no delivery, no receipt.
  const stale = await clone(bob, 'bob-gh', 'acme/rocket');
  await git(stale, ['reset', '-q', '--hard', 'HEAD~1']);
  await commitFile(stale, 'stale.txt', 'behind\n');
  await t.throwsAsync(git(stale, ['push', '-q', 'origin', 'HEAD:main']));
  const extra = await commitFile(a, 'after.txt', 'after the refusal\n');
  await git(a, ['push', '-q', 'origin', 'HEAD:main']);
  const after = await waitForReceipts(s.db.pool, eventId, n0 + 4);
  t.is(after.length, n0 + 4, 'the refused push made no receipt');
  t.like(after.at(-1), { ref: 'refs/heads/main', sha: extra });
});

/** The submissions listing once `want` holds of its items; fails loudly naming `what` otherwise. */
const waitState = (what: string, want: (items: any[]) => boolean) =>
  until(what, async () => {
    const l = await http(s.url, 'GET', '/api/v1/submissions', { key: owner.key });
    return want(l.body.items) ? l.body : null;
  });

test.serial('the freeze sweep selects each team once; captures store git archive of exactly that sha; a failed capture shows in attention and is retried', async (t) => {
  // A capture that fails: Comet's repository is out of reach while the worker first tries.
  const cometDir = host.repositoryPath('acme/comet');
  const { renameSync } = await import('node:fs');
  renameSync(cometDir, `${cometDir}.away`);
  const r = await http(s.url, 'POST', '/api/v1/submissions/reconcile', { key: owner.key });
  t.is(r.status, 200, r.text);
  t.like(r.body, { selected: 3, capturing: 3, frozen: 0 });
  t.is((await http(s.url, 'POST', '/api/v1/submissions/reconcile', { key: owner.key })).body.selected, 0, 'a retry selects nothing new');
  const jobs = await s.db.pool.query(`select key from graphile_worker.jobs where task_identifier = 'submissions__capture'`);
  t.is(jobs.rowCount, 3, 'one capture job per team and sha (job keys)');

  await s.startWorker();
  let body = await waitState('Comet in error and the two others frozen', (items) => items.find((i) => i.project.name === 'Comet')?.state === 'error' && items.filter((i) => i.state === 'frozen').length === 2);
  const comet = body.items.find((i: any) => i.project.name === 'Comet');
  t.is(comet.state, 'error');
  t.regex(comet.attention, /Capture failed/);
  t.is(body.intake, 'Deadline passed, capture requires attention.');
  t.is(body.attentionCount, 1);
  const failures = await http(s.url, 'GET', '/api/v1/submissions/failures', { key: owner.key });
  t.is(failures.body.attention[0].project.name, 'Comet');

  renameSync(`${cometDir}.away`, cometDir);
  await http(s.url, 'POST', '/api/v1/submissions/reconcile', { key: owner.key });
  body = await waitState('every team frozen after the retry', (items) => items.every((i) => i.state === 'frozen'));
  t.is(body.intake, 'Submissions are frozen.');
  const by = Object.fromEntries(body.items.map((i: any) => [i.project.name, i]));
  t.like(by.Rocket.frozen, { sha: graceSha, source: 'push' });
  t.like(by.Comet.frozen, { sha: cometSha, source: 'push' });
  t.like(by.Nova.frozen, { sha: templateSha, source: 'template' }, 'a team that never pushed is frozen on its template');
  t.is(by.Rocket.lastReceived.late, true, 'the last received revision came after the freeze');

  const status = await http(s.url, 'GET', '/api/v1/event/status', { key: owner.key });
  t.deepEqual(status.body.teams.map((x: any) => x.state), ['frozen', 'frozen', 'frozen']);

  // The artifact is byte for byte git archive of the selected sha.
  const a = await fetch(`${s.url}/api/v1/submissions/${teamOf.Rocket}/artifact`, { headers: { authorization: `Bearer ${alice.key}` } });
  t.is(a.status, 200);
  t.is(a.headers.get('content-disposition'), `attachment; filename="submission-${graceSha.slice(0, 12)}.tar.gz"`);
  const bytes = Buffer.from(await a.arrayBuffer());
  const check = await clone(alice, 'alice-gh', 'acme/rocket');
  const expected = tempDir();
  await git(check, ['archive', '--format=tar.gz', '-o', path.join(expected, 'x.tar.gz'), graceSha]);
  t.true(bytes.equals(readFileSync(path.join(expected, 'x.tar.gz'))), 'identical to git archive of the sha');
  const { createHash } = await import('node:crypto');
  t.is(a.headers.get('x-podium-archive-sha256'), createHash('sha256').update(bytes).digest('hex'));

  const other = await http(s.url, 'GET', `/api/v1/submissions/${teamOf.Comet}`, { key: alice.key });
  t.is(other.body.error.code, 'project_not_found', 'another team is not yours to read');
  const show = await http(s.url, 'GET', `/api/v1/submissions/${teamOf.Rocket}`, { key: alice.key });
  t.is(show.status, 200);
  t.true(show.body.receipts.length >= 3);
  t.true(show.body.receipts.every((x: any, i: number, all: any[]) => i === 0 || all[i - 1].sequence > x.sequence), 'newest first');
});
