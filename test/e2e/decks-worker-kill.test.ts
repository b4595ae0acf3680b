// Deck generation on two worker replicas, one killed mid-run: real processes
// (ops/replicas/stack.ts) over one database and one shared DATA_DIR (blob storage and the
// local code host). Replica A takes every job of a run and is held inside the publish by a
// table lock this test keeps; replica B boots; A is SIGKILLed and its heartbeat backdated;
// B's recovery frees A's jobs and B runs them: the run completes once, one deck version per
// job, each job on its second attempt. Waits poll for state; nothing asserts on speed.
import test from 'ava';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startReplica, stopAll, waitExit, waitHealthy, type Replica } from '../../ops/replicas/stack.ts';
import { frozenEvent, voteOn } from '../helpers/decks.ts';
import { Clock } from '../helpers/event.ts';
import { http } from '../helpers/http.ts';
import { startTestServer, TEST_AUTH_SECRET, type TestServer } from '../helpers/server.ts';
import { until } from '../../ops/harness/until.ts';

const BOOT_MS = 120_000; // tsx boots on 2 shared cores; generous on purpose
const replicas: Replica[] = [];
let s: TestServer;
let clock: Clock;
test.after.always(async () => {
  await stopAll(replicas);
  await clock?.reset();
  await s?.close();
});

test.serial('a worker replica killed inside a run: the other replica finishes it, one deck version per job', async (t) => {
  t.timeout(480_000);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'podium-shared-'));
  s = await startTestServer({ env: { DATA_DIR: dataDir, CHROMIUM_PATH: 'off' } });
  clock = new Clock(s.url);
  const ev = await frozenEvent(s, clock, 'Kill', 'killdecks', { Rocket: 'node', Blank: 'empty' });
  await s.startWorker(); // the captures
  await ev.frozen();
  const inProcessPool = s.worker!.poolIds[0] ?? '';
  await s.worker!.stop();
  s.worker = null;
  await voteOn(s, ev.owner.key);
  const pool = s.db.pool;
  const env = { DATA_DIR: dataDir, CHROMIUM_PATH: 'off', PODIUM_TEST_MODE: '1' };

  const a = await startReplica({ port: 0, role: 'worker', databaseUrl: s.db.url, authSecret: TEST_AUTH_SECRET, env });
  replicas.push(a);
  await waitHealthy(a, BOOT_MS);
  const poolA: string = await until('replica A to beat with its pool id', async () =>
    (await pool.query(`select queue_pool_ids[1] as id from app_private.worker_heartbeats where cardinality(queue_pool_ids) > 0 and not ($1 = any(queue_pool_ids))`,
      [inProcessPool])).rows[0]?.id, 30_000);

  const holder = await pool.connect();
  let runId: string;
  try {
    await holder.query('begin');
    await holder.query('lock table app_private.generated_decks in exclusive mode');
    const started = await http(s.url, 'POST', '/api/v1/event/decks/runs', { key: ev.owner.key, body: {} });
    t.is(started.status, 201, started.text);
    runId = started.body.run.id;
    t.is(started.body.run.counts.pending, 4, started.text);
    // A takes all four jobs and each waits inside its publish, on our lock.
    const blocked: number[] = await until('four publishes of A waiting on the lock', async () => {
      const { rows } = await pool.query(`select pid from pg_stat_activity where wait_event_type = 'Lock' and query like '%publish_generated_deck%' and pid <> pg_backend_pid()`);
      return rows.length === 4 ? rows.map((r) => r.pid as number) : null;
    }, 120_000);
    t.is((await pool.query(`select count(*)::int as n from graphile_worker.jobs where task_identifier = 'decks__generate' and locked_by = $1`, [poolA])).rows[0].n, 4);
    t.deepEqual((await pool.query(`select distinct status, attempts from app_private.generation_jobs where run_id = $1`, [runId])).rows, [{ status: 'running', attempts: 1 }]);

    // B boots while A is alive: A's beat is fresh, so B leaves A's jobs alone.
    const b = await startReplica({ port: 0, role: 'worker', databaseUrl: s.db.url, authSecret: TEST_AUTH_SECRET, env });
    replicas.push(b);
    await waitHealthy(b, BOOT_MS);
    t.is((await pool.query(`select count(*)::int as n from graphile_worker.jobs where task_identifier = 'decks__generate' and locked_by = $1`, [poolA])).rows[0].n, 4);

    // Hard kill mid-publish: no graceful shutdown, nothing committed; its statements die with it.
    a.child!.kill('SIGKILL');
    t.deepEqual(await waitExit(a), { code: null, signal: 'SIGKILL' });
    for (const pid of blocked) await pool.query('select pg_terminate_backend($1)', [pid]);
  } finally {
    await holder.query('commit');
    holder.release();
  }
  t.is((await pool.query('select count(*)::int as n from app_private.generated_decks g join app_private.generation_jobs j on j.id = g.job_id where j.run_id = $1', [runId])).rows[0].n, 0, 'nothing of A\'s publishes was committed');

  // A has been silent for 10 minutes as far as its heartbeat says; B's recovery frees its jobs.
  await pool.query(`update app_private.worker_heartbeats set beat_at = now() - interval '10 minutes' where $1 = any(queue_pool_ids)`, [poolA]);
  const done = await until('the run done on replica B', async () => {
    const r = await http(s.url, 'GET', `/api/v1/event/decks/runs/${runId}?log=true`, { key: ev.owner.key });
    return r.body.run?.status === 'done' ? r.body : null;
  }, 240_000, 1000);
  t.like(done.run, { counts: { review: 4, failed: 0, pending: 0, running: 0 } });
  for (const j of done.jobs) {
    t.is(j.attempts, 2, `${j.team.name} ${j.kind}: the killed attempt, then B's`);
    t.is(j.deck.version, 1, 'one version');
    t.regex(j.log, /attempt 1 started\n.*attempt 2 started\n.*published/s);
  }
  const perJob = await pool.query(`select j.id, count(g.id)::int as n from app_private.generation_jobs j left join app_private.generated_decks g on g.job_id = j.id where j.run_id = $1 group by j.id`, [runId]);
  t.true(perJob.rows.every((r) => r.n === 1), 'exactly one generated deck per job');
  const versions = await pool.query(`select d.id, d.current_version, (select count(*)::int from app.deck_versions v where v.deck_id = d.id) as n
    from app.decks d join app_private.generated_deck_targets gt on gt.deck_id = d.id`);
  t.is(versions.rows.length, 4);
  t.true(versions.rows.every((r) => r.current_version === 1 && r.n === 1), 'no second deck version for a job');
});
