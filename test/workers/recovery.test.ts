// Dead worker replicas: each worker's heartbeat carries its graphile-worker pool ids, and
// app_private.recover_dead_workers (cron workers__recover, and once at boot) frees the jobs
// locked by replicas whose beat is older than 2 minutes. Locks are provoked without racing:
// synthetic rows for dead replicas, and for a live worker a usage__flush job held inside
// its task by a table lock the test keeps until it has looked.
import test from 'ava';
import type pg from 'pg';
import * as seed from '../../ops/harness/seed.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { CRONTAB, WORKER_CONCURRENCY } from '../../workers/index.ts';
import { until } from '../../ops/harness/until.ts';

let s: TestServer;
let key: { key: string; id: string };
test.before(async () => {
  s = await startTestServer();
  await seed.basicWorkspace(s.db.pool);
  key = await seed.key(s.db.pool, 'owner@acme.test', 'deck');
});
test.after.always(() => s?.close());

const usageRows = (n: number) => ({ rows: [{ keyId: key.id, route: 'GET /api/v1/me', count: n, lastUsedAt: new Date().toISOString() }] });

/** A usage__flush job; locked by `lockedBy` (as a dead or live pool would have it) when given. */
async function addJob(pool: pg.Pool, n: number, lockedBy: string | null = null): Promise<string> {
  const { rows } = await pool.query(`select id from graphile_worker.add_job('usage__flush', $1::json)`, [JSON.stringify(usageRows(n))]);
  if (lockedBy) await pool.query(`update graphile_worker._private_jobs set locked_by = $2, locked_at = now() where id = $1`, [rows[0].id, lockedBy]);
  return rows[0].id;
}

async function job(id: string): Promise<{ locked_by: string | null; locked_at: Date | null } | null> {
  const { rows } = await s.db.pool.query(`select locked_by, locked_at from graphile_worker._private_jobs where id = $1`, [id]);
  return rows[0] ?? null;
}

async function beatRow(worker: string, pools: string[], age: string): Promise<void> {
  await s.db.pool.query(
    `insert into app_private.worker_heartbeats (worker_id, service_role, queue_pool_ids, started_at, beat_at)
     values ($1, 'worker', $2, now() - $3::interval, now() - $3::interval)`,
    [worker, pools, age],
  );
}

const recover = async () => (await s.db.pool.query(`select app_private.recover_dead_workers() as r`)).rows[0].r;
const heartbeats = async () =>
  (await s.db.pool.query(`select worker_id, queue_pool_ids from app_private.worker_heartbeats order by worker_id`)).rows;
const usage = async () => (await s.db.pool.query(`select coalesce(sum(request_count), 0)::int as n from app_private.key_usage where key_id = $1`, [key.id])).rows[0].n;

test.serial('recovery frees the jobs of replicas silent for 10 minutes, forgets them, and leaves a live replica alone', async (t) => {
  await beatRow('dead-a', ['pool-dead-a1', 'pool-dead-a2'], '10 minutes');
  await beatRow('dead-b', [], '10 minutes'); // never ran a job: forgotten, nothing to free
  await beatRow('live', ['pool-live'], '20 seconds');
  const a1 = await addJob(s.db.pool, 1, 'pool-dead-a1');
  const a2 = await addJob(s.db.pool, 1, 'pool-dead-a2');
  const l = await addJob(s.db.pool, 1, 'pool-live');
  const free = await addJob(s.db.pool, 1);

  t.deepEqual(await recover(), { replicas: 2, unlockedJobs: 2 });
  for (const id of [a1, a2]) t.like(await job(id), { locked_by: null, locked_at: null });
  t.is((await job(l))!.locked_by, 'pool-live', 'a job of a replica that beat 20 s ago is not touched');
  t.truthy((await job(l))!.locked_at);
  t.like(await job(free), { locked_by: null });
  t.deepEqual(await heartbeats(), [{ worker_id: 'live', queue_pool_ids: ['pool-live'] }]);
  t.deepEqual(await recover(), { replicas: 0, unlockedJobs: 0 }, 'a second pass finds nothing');

  // Clean up for the next tests: the 'live' synthetic replica and its job.
  await s.db.pool.query(`delete from app_private.worker_heartbeats where worker_id = 'live'`);
  await s.db.pool.query(`select graphile_worker.force_unlock_workers('{pool-live}')`);
});

test.serial('the stale threshold is a parameter: 2 minutes by default', async (t) => {
  await beatRow('quiet', ['pool-quiet'], '90 seconds');
  t.deepEqual(await recover(), { replicas: 0, unlockedJobs: 0 }, '3 missed beats is not dead yet');
  t.deepEqual(await s.db.pool.query(`select app_private.recover_dead_workers('1 minute') as r`).then((q) => q.rows[0].r), { replicas: 1, unlockedJobs: 0 });
  t.deepEqual(await heartbeats(), []);
});

test.serial('a worker frees a dead replica\'s jobs at boot, records its pool id, locks jobs with it, and runs the freed jobs', async (t) => {
  // The jobs freed by the first test are still queued: count them in.
  const before = Number((await s.db.pool.query(`select count(*) from graphile_worker.jobs where task_identifier = 'usage__flush'`)).rows[0].count);
  await beatRow('died-before-boot', ['pool-died'], '10 minutes');
  const orphan = await addJob(s.db.pool, 10, 'pool-died');

  // Hold key_usage so a usage__flush job stays inside its task, locked, until we let go.
  const holder = await s.db.pool.connect();
  try {
    await holder.query('begin');
    await holder.query('lock table app_private.key_usage in exclusive mode');
    const w = await s.startWorker(); // boot recovery is awaited inside
    t.is(w.poolIds.length, 1);
    t.regex(w.poolIds[0], /^pool-[0-9a-f]+$/);
    t.deepEqual(await heartbeats(), [{ worker_id: w.workerId, queue_pool_ids: w.poolIds }], 'the dead replica is forgotten; the beat carries the pool id');
    t.not((await job(orphan))?.locked_by, 'pool-died', 'freed at boot');

    // The usage jobs (the orphan included) are now taken by this worker, as many as it runs at
    // once, each held inside its task by the table lock: a stable state to look at.
    const held = Math.min(WORKER_CONCURRENCY, before + 1);
    await until(`${held} usage jobs to be locked by the worker`, async () => {
      const { rows } = await s.db.pool.query(`select locked_by from graphile_worker.jobs where task_identifier = 'usage__flush'`);
      return rows.length === before + 1 && rows.filter((r) => r.locked_by !== null).length === held && rows.every((r) => r.locked_by === null || r.locked_by === w.poolIds[0]);
    });
    const locked = (await s.db.pool.query(`select locked_by from graphile_worker._private_jobs where locked_by is not null`)).rows;
    t.is(locked.length, held);
    t.true(locked.every((r) => r.locked_by === w.poolIds[0]), 'locked_by is the pool id the heartbeat records');

    // A live worker's locks survive a recovery pass.
    t.deepEqual(await recover(), { replicas: 0, unlockedJobs: 0 });
    t.is((await s.db.pool.query(`select count(*)::int as n from graphile_worker._private_jobs where locked_by = $1`, [w.poolIds[0]])).rows[0].n, locked.length);
  } finally {
    await holder.query('commit');
    holder.release();
  }
  await until('the queue to drain', async () => (await s.db.pool.query(`select count(*)::int as n from graphile_worker.jobs where task_identifier = 'usage__flush'`)).rows[0].n === 0);
  t.is(await usage(), 4 + 10, 'the four jobs of the first test and the orphan, each applied once');
});

test('workers__recover is on the crontab every minute, one at a time', (t) => {
  t.regex(CRONTAB, /^\* \* \* \* \* workers__recover \?max=1$/m);
  t.regex(CRONTAB, /^\* \* \* \* \* submissions__freeze_sweep \?max=1$/m);
});
