// The freeze sweep asking again for a capture that is running (every minute, at each worker
// boot, on reconcile) leaves the running job alone. Before, graphile-worker's add_job
// replaced it: the running job lost its key and its retries and a second job did the same
// capture; when the worker running the first was SIGKILLed, that job stayed in the queue for
// good after the dead-worker recovery (found by the simulated event, ops/simulate).
import test from 'ava';
import { randomUUID } from 'node:crypto';
import { until } from '../../ops/harness/until.ts';
import { createTestDatabase, type TestDatabase } from '../helpers/db.ts';

let db: TestDatabase;
test.before(async () => {
  db = await createTestDatabase();
});
test.after.always(() => db?.drop());

const jobs = async (key: string) =>
  (await db.pool.query(`select j.id, j.key, j.attempts, j.max_attempts, j.locked_at from graphile_worker._private_jobs j join graphile_worker._private_tasks k on k.id = j.task_id where k.identifier = 'submissions__capture' and j.payload->>'sha' = $1 order by j.id`, [key])).rows;

test.serial('a running capture asked for again stays the one job, keeps its key and its retries, and is retried after its worker died', async (t) => {
  const project = randomUUID();
  const sha = 'c'.repeat(40);
  const key = `capture:${project}:${sha}`;
  await db.pool.query('select app_private.enqueue_capture($1, $2)', [project, sha]);
  // A worker takes it (as graphile-worker's get_job does: locked, one attempt spent).
  await db.pool.query(`update graphile_worker._private_jobs set locked_at = now(), locked_by = 'pool-dead', attempts = 1 where key = $1`, [key]);
  await db.pool.query('select app_private.enqueue_capture($1, $2)', [project, sha]); // a sweep while it runs
  let rows = await jobs(sha);
  t.is(rows.length, 1, 'no second job for the same capture');
  t.like(rows[0], { key, attempts: 1, max_attempts: 10 });
  t.truthy(rows[0].locked_at);

  // Its worker dies; the dead-worker recovery frees it, and it may run again.
  await db.pool.query(`insert into app_private.worker_heartbeats (worker_id, service_role, beat_at, queue_pool_ids) values ('vm:1:dead', 'worker', now() - interval '1 hour', '{pool-dead}')`);
  const r = (await db.pool.query('select app_private.recover_dead_workers() as r')).rows[0].r;
  t.is(r.unlockedJobs, 1);
  rows = await jobs(sha);
  t.is(rows.length, 1);
  t.like(rows[0], { key, attempts: 1, locked_at: null }, 'unlocked with attempts left: it runs again');
});

test.serial('a capture that failed for good gets a fresh job from the next sweep (reconcile retries it); the failed one keeps its error', async (t) => {
  const project = randomUUID();
  const sha = 'd'.repeat(40);
  await db.pool.query('select app_private.enqueue_capture($1, $2)', [project, sha]);
  await db.pool.query(`update graphile_worker._private_jobs set attempts = max_attempts, last_error = 'storage refused' where key = $1`, [`capture:${project}:${sha}`]);
  await db.pool.query('select app_private.enqueue_capture($1, $2)', [project, sha]);
  const rows = await jobs(sha);
  const keyed = rows.filter((r) => r.key === `capture:${project}:${sha}`);
  t.is(keyed.length, 1, 'one job holds the key');
  t.like(keyed[0], { attempts: 0, locked_at: null });
  t.true(rows.filter((r) => r.key === null).every((r) => r.attempts === r.max_attempts), 'graphile-worker keeps the failed one, keyless, as it was');
});

// Not the window enqueue_capture closes itself (a worker's lock committed between enqueue_capture's check and
// its add_job): that cannot be reached from outside the function. This is the interleaving
// beside it, a worker's lock not yet committed when the sweep asks: the running job must still
// keep its key and its retries.
test.serial('a worker taking the job while a sweep asks again: once the worker commits, the running job is left alone', async (t) => {
  const project = randomUUID();
  const sha = 'e'.repeat(40);
  const key = `capture:${project}:${sha}`;
  await db.pool.query('select app_private.enqueue_capture($1, $2)', [project, sha]);
  const worker = await db.pool.connect();
  try {
    // The worker's get_job locks the job; the sweep asks again before that commits.
    await worker.query('begin');
    await worker.query(`update graphile_worker._private_jobs set locked_at = now(), locked_by = 'pool-live', attempts = 1 where key = $1`, [key]);
    const sweep = db.pool.query('select app_private.enqueue_capture($1, $2)', [project, sha]);
    // The sweep waits on the worker's row lock before the worker commits (a condition, not a pause).
    await until('the sweep to wait on the locked job', async () => (await db.pool.query(
      `select 1 from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock' and query like '%enqueue_capture%'`,
    )).rowCount);
    await worker.query('commit');
    await sweep;
    const rows = await jobs(sha);
    t.is(rows.length, 1, 'no second job');
    t.like(rows[0], { key, attempts: 1, max_attempts: 10 }, 'the running job keeps its key and its retries (add_job would have spent them)');
    t.truthy(rows[0].locked_at);
  } finally {
    await worker.query('rollback').catch(() => undefined);
    worker.release();
  }
});
