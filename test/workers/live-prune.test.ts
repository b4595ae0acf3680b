// live__prune (hourly in CRONTAB): the live log keeps LIVE_RETENTION_DAYS of rows; older ones
// go and the horizon moves, so a resume from before it is told to re-read.
import test from 'ava';
import { parseCrontab, runOnce } from 'graphile-worker';
import { loadConfig } from '../../core/config.ts';
import { quietLogger } from '../../core/db/job-queue.ts';
import { createLogger } from '../../core/log.ts';
import { CRONTAB } from '../../workers/index.ts';
import { livePrune } from '../../workers/tasks/live__prune.ts';
import { createTestDatabase, type TestDatabase } from '../helpers/db.ts';
import * as seed from '../../ops/harness/seed.ts';
import { asUser } from '../helpers/as.ts';
import { TEST_AUTH_SECRET } from '../helpers/server.ts';

let db: TestDatabase;
let eventId: string;
test.before(async () => {
  db = await createTestDatabase();
  const ws = await seed.workspace(db.pool, 'Alpha');
  const owner = (await seed.member(db.pool, ws.id, 'owner@a.test', 'owner')).userId;
  await asUser(db.pool, owner, ws.id, 'owner', ['hackathon:write'])((c) => c.query(`select app.configure_event(0, 'Hack', 'UTC', app.now() + interval '1 hour',
    app.now() + interval '25 hours', app.now() + interval '26 hours', app.now() + interval '27 hours')`));
  eventId = (await db.pool.query('select id from app.events where workspace_id = $1', [ws.id])).rows[0].id;
});
test.after.always(() => db?.drop());

test('CRONTAB runs live__prune once an hour', (t) => {
  const item = parseCrontab(CRONTAB).find((i) => i.task === 'live__prune');
  t.truthy(item);
  const matches = Array.from({ length: 60 }, (_, min) => item!.match({ min, hour: 5, date: 15, month: 6, dow: 3 })).filter(Boolean);
  t.is(matches.length, 1);
});

test('live__prune removes rows older than LIVE_RETENTION_DAYS and keeps the rest', async (t) => {
  const publish = async () => Number((await db.pool.query(`select app_private.live_publish($1, 'post.created', array['organizer'], null, '{}') as id`, [eventId])).rows[0].id);
  const old = await publish();
  const recent = await publish();
  const fresh = await publish();
  await db.pool.query(`update app_private.live_events set at = now() - interval '4 days' where id = $1`, [old]);
  await db.pool.query(`update app_private.live_events set at = now() - interval '2 days' where id = $1`, [recent]);
  const config = loadConfig({ DATABASE_URL: db.url, AUTH_SECRET: TEST_AUTH_SECRET, LIVE_RETENTION_DAYS: '3' });
  await db.pool.query(`select graphile_worker.add_job('live__prune', '{}'::json)`);
  await runOnce({ pgPool: db.pool, taskList: { live__prune: livePrune({ config, pool: db.pool, log: createLogger('silent'), mail: null }) }, logger: quietLogger, noHandleSignals: true });
  const left = (await db.pool.query('select id from app_private.live_events order by id')).rows.map((r) => Number(r.id));
  t.deepEqual(left, [recent, fresh]);
  t.is(Number((await db.pool.query('select pruned_through from app_private.live_horizon')).rows[0].pruned_through), old);
  t.is((await db.pool.query(`select count(*)::int as n from graphile_worker.jobs where task_identifier = 'live__prune'`)).rows[0].n, 0, 'the job completed');
});
