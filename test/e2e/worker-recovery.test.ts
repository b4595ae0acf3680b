// A worker replica killed hard (SIGKILL) while it runs a job: real replica processes
// (ops/replicas/stack.ts) over one database. Replica A takes a usage__flush job and is held
// inside it by a table lock this test keeps; replica B boots; A is SIGKILLed and its
// heartbeat backdated; B's every-minute workers__recover frees the job and B runs it, once.
// Waits poll for state; nothing asserts on speed.
import test from 'ava';
import type pg from 'pg';
import { createTestDatabase, type TestDatabase } from '../helpers/db.ts';
import * as seed from '../../ops/harness/seed.ts';
import { logEntries, randomAuthSecret, startReplica, stopAll, waitExit, waitHealthy, type Replica } from '../../ops/replicas/stack.ts';
import { until } from '../../ops/harness/until.ts';

const BOOT_MS = 120_000; // tsx boots on 2 cores; generous on purpose

const replicas: Replica[] = [];
let db: TestDatabase;
test.after.always(async () => {
  await stopAll(replicas);
  await db?.drop();
});

/** The pool ids the replica's heartbeat row carries, once it has beaten with some. */
const poolIdsOf = (pool: pg.Pool, known: string[]) => async (): Promise<string[] | null> => {
  const { rows } = await pool.query(`select queue_pool_ids from app_private.worker_heartbeats where cardinality(queue_pool_ids) > 0`);
  const fresh = rows.map((r) => r.queue_pool_ids as string[]).find((ids) => !ids.some((id) => known.includes(id)));
  return fresh ?? null;
};

test.serial('a SIGKILLed worker replica\'s locked job is freed by another replica\'s recovery and runs once', async (t) => {
  t.timeout(360_000);
  db = await createTestDatabase();
  const pool = db.pool;
  await seed.basicWorkspace(pool);
  const key = await seed.key(pool, 'owner@acme.test', 'deck');
  const authSecret = randomAuthSecret();

  const a = await startReplica({ port: 0, role: 'worker', databaseUrl: db.url, authSecret });
  replicas.push(a);
  await waitHealthy(a, BOOT_MS);
  const [poolA] = await until('replica A to beat with its pool id', poolIdsOf(pool, []), 30_000);
  t.regex(poolA, /^pool-[0-9a-f]+$/);

  const holder = await pool.connect();
  let jobId: string;
  try {
    // A takes the job and waits inside apply_usage on our table lock.
    await holder.query('begin');
    await holder.query('lock table app_private.key_usage in exclusive mode');
    const payload = { rows: [{ keyId: key.id, route: 'GET /api/v1/me', count: 5, lastUsedAt: new Date().toISOString() }] };
    jobId = (await pool.query(`select id from graphile_worker.add_job('usage__flush', $1::json)`, [JSON.stringify(payload)])).rows[0].id;
    await until('replica A to lock the job', async () =>
      (await pool.query(`select 1 from graphile_worker.jobs where id = $1 and locked_by = $2`, [jobId, poolA])).rowCount === 1);
    const blocked = await until('A\'s apply_usage to wait on the lock', async () =>
      (await pool.query(`select pid from pg_stat_activity where wait_event_type = 'Lock' and query like '%apply_usage%' and pid <> pg_backend_pid()`)).rows[0]?.pid);

    // B boots while A is alive: A's beat is fresh, so B's boot recovery leaves A's job alone.
    const b = await startReplica({ port: 0, role: 'worker', databaseUrl: db.url, authSecret });
    replicas.push(b);
    await waitHealthy(b, BOOT_MS);
    await until('replica B to beat with its pool id', poolIdsOf(pool, [poolA]), 30_000);
    t.is((await pool.query(`select locked_by from graphile_worker.jobs where id = $1`, [jobId])).rows[0].locked_by, poolA);

    // Hard kill: no graceful shutdown, no unlock. Its statement dies with it (a dead
    // client's backend only notices at its next send, so end it as the kernel would).
    a.child!.kill('SIGKILL');
    t.deepEqual(await waitExit(a), { code: null, signal: 'SIGKILL' });
    await pool.query('select pg_terminate_backend($1)', [blocked]);
  } finally {
    await holder.query('commit');
    holder.release();
  }
  // While A's beat looks fresh, a recovery pass (what B's cron runs) leaves A's job locked.
  t.deepEqual((await pool.query(`select app_private.recover_dead_workers() as r`)).rows[0].r, { replicas: 0, unlockedJobs: 0 });
  t.is((await pool.query(`select locked_by from graphile_worker.jobs where id = $1`, [jobId])).rows[0]?.locked_by, poolA, 'still locked by the dead pool');

  // A has been silent for 10 minutes, as far as the heartbeat says.
  const dead = await pool.query(`update app_private.worker_heartbeats set beat_at = now() - interval '10 minutes' where $1 = any(queue_pool_ids) returning worker_id`, [poolA]);
  t.is(dead.rowCount, 1);

  // B's cron (every minute) recovers it and B runs the job.
  const b = replicas[1];
  await until('the job to be run by replica B', async () =>
    (await pool.query(`select 1 from graphile_worker.jobs where id = $1`, [jobId])).rowCount === 0, 150_000);
  const usage = await pool.query(`select request_count::int as n from app_private.key_usage where key_id = $1`, [key.id]);
  t.deepEqual(usage.rows, [{ n: 5 }], 'applied once');
  t.is((await pool.query(`select 1 from app_private.worker_heartbeats where worker_id = $1`, [dead.rows[0].worker_id])).rowCount, 0, 'the dead replica is forgotten');
  const recovered = logEntries(b, 'dead worker replicas recovered');
  t.is(recovered.length, 1, 'B logged the recovery at info');
  t.like(recovered[0], { replicas: 1, unlockedJobs: 1 });
});
