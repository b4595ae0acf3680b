// The health rule (app_private.health): the scheduler is ok while a worker beat within three
// intervals; the queue depth counts jobs waiting to run.
import test from 'ava';
import { createTestDatabase, type TestDatabase } from '../../helpers/db.ts';

let db: TestDatabase;
test.before(async () => {
  db = await createTestDatabase();
});
test.after.always(() => db?.drop());

const health = async () => (await db.pool.query('select app_private.health(30) as h')).rows[0].h;

test.serial('no heartbeat: degraded, scheduler not ok, no last beat', async (t) => {
  t.like(await health(), { status: 'degraded', jobQueue: { installed: true, queued: 0 }, scheduler: { ok: false, lastBeatAt: null, ageSeconds: null, intervalSeconds: 30 } });
});

test.serial('a beat within three intervals is ok; one older than that is stale', async (t) => {
  await db.pool.query(`insert into app_private.worker_heartbeats (worker_id, service_role, beat_at) values ('w1', 'worker', now() - interval '89 seconds')`);
  const fresh = await health();
  t.like(fresh, { status: 'ok', scheduler: { ok: true } });
  t.true(fresh.scheduler.ageSeconds >= 89, String(fresh.scheduler.ageSeconds));
  t.regex(fresh.scheduler.lastBeatAt, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
  await db.pool.query(`update app_private.worker_heartbeats set beat_at = now() - interval '91 seconds'`);
  const stale = await health();
  t.like(stale, { status: 'degraded', scheduler: { ok: false } });
  t.true(stale.scheduler.ageSeconds >= 91, String(stale.scheduler.ageSeconds));
});

test.serial('the queue depth counts jobs waiting, not those locked by a worker', async (t) => {
  await db.pool.query(`select graphile_worker.add_job('usage__flush', '{}'::json)`);
  await db.pool.query(`select graphile_worker.add_job('usage__flush', '{}'::json, job_key => 'held')`);
  await db.pool.query(`update graphile_worker._private_jobs set locked_at = now(), locked_by = 'w1' where key = 'held'`);
  t.is((await health()).jobQueue.queued, 1);
});
