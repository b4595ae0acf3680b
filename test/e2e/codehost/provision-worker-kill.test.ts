// Provisioning (codehost__provision) on a worker replica killed mid-run: real processes
// (ops/replicas/stack.ts) over one database and one shared DATA_DIR (the local code host).
// Ten teams of two and an advisor. The test holds uncommitted team_repositories rows of four
// teams, so replica A, after the sample team, waits inside the job in set_repository_readiness
// with those four repositories copied but not recorded and five teams not started. A is
// SIGKILLed (its waiting statements terminated, nothing of them committed), replica B boots,
// A's heartbeat is backdated and B's recovery frees the job; B runs it again and waits on the
// same hold (the job on its second attempt), then finishes once the hold is released: every
// team invited (ready where both members accepted), one repository per team created once (a
// commit pushed before the kill is kept), one grant per (repository, person), the job gone.
// Waits poll for state; nothing asserts on speed.
import test from 'ava';
import { mkdtempSync, readdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { LocalCodeHost } from '../../../core/codehost/local.ts';
import { startReplica, stopAll, waitExit, waitHealthy, type Replica } from '../../../ops/replicas/stack.ts';
import { commitFile, git, tempDir } from '../../helpers/codehost.ts';
import { createEvent, eventWorkspace, HOUR, importRoster, person, teamIds, type Person } from '../../helpers/event.ts';
import { http } from '../../helpers/http.ts';
import { startTestServer, TEST_AUTH_SECRET, type TestServer } from '../../helpers/server.ts';
import { until } from '../../../ops/harness/until.ts';

const BOOT_MS = 120_000; // tsx boots on 2 shared cores; generous on purpose
const replicas: Replica[] = [];
let s: TestServer;
test.after.always(async () => {
  await stopAll(replicas);
  await s?.close();
});

const TEAMS = Array.from({ length: 10 }, (_, i) => `Team ${String(i + 1).padStart(2, '0')}`);
const repo = (name: string) => `acme/${name.toLowerCase().replace(' ', '-')}`;

test.serial('a worker replica killed inside provisioning: the other replica runs the job again, each repository created once, each grant once', async (t) => {
  t.timeout(480_000);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'podium-shared-'));
  s = await startTestServer({ env: { DATA_DIR: dataDir, CHROMIUM_PATH: 'off' } }); // no in-process worker
  const pool = s.db.pool;
  const host = new LocalCodeHost(dataDir, pool);

  // The event: ten teams of two with code-host logins, one advisor with a login, a template pushed.
  const w = await eventWorkspace(pool, 'KillProv');
  const owner = w.owner;
  await createEvent(s.url, owner.key, Date.now() + HOUR);
  const members: Record<string, Person[]> = {};
  for (const [i, name] of TEAMS.entries()) {
    members[name] = await Promise.all(['a', 'b'].map((x) => person(pool, w.ws.id, `p${i + 1}${x}@x.test`)));
  }
  const coach = await person(pool, w.ws.id, 'coach@x.test');
  await importRoster(s.url, owner.key, [
    ...TEAMS.flatMap((name) => members[name]!.map((p) => ({ email: p.email, team: name }))),
    { email: coach.email, role: 'advisor' },
  ]);
  await pool.query(`update app.roster_entries set github_login = split_part(email, '@', 1) || '-gh' where event_id = (select id from app.events where workspace_id = $1)`, [w.ws.id]);
  const team = await teamIds(pool, w.ws.id);
  const t2 = await http(s.url, 'PUT', '/api/v1/event/github', { key: owner.key, body: { organization: 'acme', template: 'acme/template' } });
  t.true(t2.status < 300, t2.text);
  const work = tempDir();
  await git(work, ['init', '-q', 'w']);
  const templateHead = await commitFile(path.join(work, 'w'), 'README.md', 'template\n');
  await git(path.join(work, 'w'), ['push', '-q', host.repositoryPath('acme/template'), 'HEAD:main']);
  const plan = await http(s.url, 'GET', '/api/v1/admin/provision/plan', { key: owner.key });
  t.deepEqual(plan.body.conflicts, [], plan.text);
  t.deepEqual(plan.body.teams.map((x: any) => x.repository), TEAMS.map(repo));
  const [sample, ...rest] = TEAMS as [string, ...string[]];
  const held = rest.slice(0, 4); // one per lane of PROVISION_CONCURRENCY.local: A stops with all four lanes inside
  const untouched = rest.slice(4);

  const env = { DATA_DIR: dataDir, CHROMIUM_PATH: 'off', PODIUM_TEST_MODE: '1' };
  const a = await startReplica({ port: 0, role: 'worker', databaseUrl: s.db.url, authSecret: TEST_AUTH_SECRET, env });
  replicas.push(a);
  await waitHealthy(a, BOOT_MS);
  const poolA: string = await until('replica A to beat with its pool id', async () =>
    (await pool.query(`select queue_pool_ids[1] as id from app_private.worker_heartbeats where cardinality(queue_pool_ids) > 0`)).rows[0]?.id, 30_000);

  const waiting = async () => (await pool.query(`select pid from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'
    and query like '%set_repository_readiness%' and pid <> pg_backend_pid()`)).rows.map((r) => r.pid as number);
  const job = async () => (await pool.query(`select locked_by, attempts from graphile_worker.jobs where task_identifier = 'codehost__provision'`)).rows;
  let pushed: string;
  const holder = await pool.connect();
  try {
    // The hold: the four teams' rows, inserted and not committed. A's upsert of such a team
    // (set_repository_readiness, right after its repository is copied) waits on this transaction.
    await holder.query('begin');
    for (const name of held) {
      await holder.query(`insert into app.team_repositories (project_id, event_id, full_name, readiness)
        select t.project_id, t.event_id, $2, 'planned' from app.event_teams t where t.project_id = $1`, [team[name], repo(name)]);
    }
    const started = await http(s.url, 'POST', '/api/v1/admin/provision', { key: owner.key, body: { key: 'kill', sample: team[sample] } });
    t.is(started.status, 202, started.text);
    const blockedA = await until('four lanes of A waiting on the hold', async () => {
      const pids = await waiting();
      return pids.length === 4 ? pids : null;
    }, 120_000);
    t.deepEqual(await job(), [{ locked_by: poolA, attempts: 1 }]);
    const run = await http(s.url, 'GET', '/api/v1/admin/provision/runs/kill', { key: owner.key });
    t.deepEqual(run.body.teams.map((x: any) => [x.repository, x.readiness]), [[repo(sample), 'invited']], 'only the sample team recorded');
    for (const name of [sample, ...held]) t.true(host.exists(repo(name)), `${name} copied before the kill`);
    for (const name of untouched) t.false(host.exists(repo(name)), `${name} not started before the kill`);

    // The sample team's members accept and a commit lands on its main before the kill.
    for (const p of members[sample]!) {
      const r = await http(s.url, 'POST', '/api/v1/codehost/invitations/accept', { key: p.key, body: { repository: repo(sample) } });
      t.is(r.status, 200, r.text);
    }
    const clone = tempDir();
    await git(clone, ['clone', '-q', host.repositoryPath(repo(sample)), 'w']);
    pushed = await commitFile(path.join(clone, 'w'), 'WORK.md', 'before the kill\n');
    await git(path.join(clone, 'w'), ['push', '-q', 'origin', 'HEAD:main']);

    // Hard kill inside the job; A's waiting statements die with it, before the hold lifts.
    a.child!.kill('SIGKILL');
    t.deepEqual(await waitExit(a), { code: null, signal: 'SIGKILL' });
    for (const pid of blockedA) await pool.query('select pg_terminate_backend($1)', [pid]);
    await until('A\'s waiting statements gone', async () => ((await waiting()).length === 0 ? true : null));
    t.deepEqual((await pool.query(`select full_name from app.team_repositories where event_id = (select id from app.events where workspace_id = $1)`, [w.ws.id])).rows,
      [{ full_name: repo(sample) }], 'nothing of A\'s held teams was committed');

    // B boots; A's beat is backdated; B's recovery frees the job and B runs it again, waiting on the same hold.
    const b = await startReplica({ port: 0, role: 'worker', databaseUrl: s.db.url, authSecret: TEST_AUTH_SECRET, env });
    replicas.push(b);
    await waitHealthy(b, BOOT_MS);
    const poolB: string = await until('replica B to beat with its pool id', async () =>
      (await pool.query(`select queue_pool_ids[1] as id from app_private.worker_heartbeats where cardinality(queue_pool_ids) > 0 and not ($1 = any(queue_pool_ids))`,
        [poolA])).rows[0]?.id, 30_000);
    await pool.query(`update app_private.worker_heartbeats set beat_at = now() - interval '10 minutes' where $1 = any(queue_pool_ids)`, [poolA]);
    // Its four lanes waiting on the hold, or (a broken re-run) a team left in attention.
    const again = await until('B inside the job again, its four lanes waiting on the hold', async () => {
      if ((await waiting()).length === 4) return 'held';
      const r = await http(s.url, 'GET', '/api/v1/admin/provision/runs/kill', { key: owner.key });
      return r.body.state !== 'running' || r.body.teams.some((x: any) => x.readiness === 'attention') ? JSON.stringify(r.body) : null;
    }, 240_000, 500);
    t.is(again, 'held', 'the re-run passes the sample team and reaches the held teams');
    t.deepEqual(await job(), [{ locked_by: poolB, attempts: 2 }], 'the job runs a second time, on B');
  } finally {
    await holder.query('rollback');
    holder.release();
  }

  const done = await until('the run done on replica B', async () => {
    const r = await http(s.url, 'GET', '/api/v1/admin/provision/runs/kill', { key: owner.key });
    return r.body.state === 'done' ? r.body : null;
  }, 240_000, 500);
  t.deepEqual(done.summary, { ready: 1, invited: 9, attention: 0 });
  t.deepEqual(done.teams.map((x: any) => [x.repository, x.readiness]), TEAMS.map((name) => [repo(name), name === sample ? 'ready' : 'invited']));
  // The run is marked done inside the task; graphile-worker removes the job in its own
  // transaction right after the task returns, so the queue is read until that has happened.
  t.true(await until('the job gone from the queue', async () => ((await job()).length === 0 ? true : null), 30_000, 200), 'the job is gone from the queue');

  // One repository per team, each created once from the template: the pushed commit is still there.
  t.deepEqual(readdirSync(path.join(dataDir, 'codehost', 'acme')).sort(), [...TEAMS.map((name) => `${repo(name).split('/')[1]}.git`), 'template.git'].sort());
  t.is(await host.branchHead(repo(sample), 'main'), pushed!, 'the sample repository was not created again');
  t.is((await git(host.repositoryPath(repo(sample)), ['rev-parse', `${pushed!}^`])).trim(), templateHead);
  for (const name of rest) t.is(await host.branchHead(repo(name), 'main'), templateHead, `${name} at the template's revision`);
  const shas = await pool.query(`select full_name, template_sha from app.team_repositories where event_id = (select id from app.events where workspace_id = $1) order by full_name`, [w.ws.id]);
  t.deepEqual(shas.rows, TEAMS.map((name) => ({ full_name: repo(name), template_sha: templateHead })));
  const owned = await pool.query(`select lower(full_name) as n, count(*)::int as c from app_private.local_repositories group by 1 order by 1`);
  t.deepEqual(owned.rows, [...TEAMS.map((name) => ({ n: repo(name), c: 1 })), { n: 'acme/template', c: 1 }].sort((x, y) => x.n.localeCompare(y.n)));

  // Exactly one grant per (repository, person): both members at maintain, the advisor at read.
  const grants = await pool.query(`select lower(a.full_name) as repo, a.user_id, a.permission, count(*) over (partition by lower(a.full_name), a.user_id)::int as n
    from app_private.local_repository_access a order by 1, 2`);
  t.is(grants.rows.length, TEAMS.length * 3);
  t.true(grants.rows.every((r) => r.n === 1), 'one grant per (repository, person)');
  for (const name of TEAMS) {
    const mine = grants.rows.filter((r) => r.repo === repo(name));
    t.deepEqual(mine.map((r) => [r.user_id, r.permission]).sort(), [
      ...members[name]!.map((p) => [p.userId, 'maintain']), [coach.userId, 'read'],
    ].sort(), name);
  }
  t.is(await host.standing(repo(sample), 'p1a-gh'), 'member');
  t.is(await host.standing(repo(sample), 'coach-gh'), 'invited');
});
