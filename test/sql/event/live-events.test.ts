// The live log: live_publish writes a row with its audience, wakes listeners with its id,
// and hands ids out in commit order per event (a reader that saw id N of an event never sees
// a smaller id of that event later), while publishers of two events never wait on each other.
import test from 'ava';
import pg from 'pg';
import { asUser } from '../../helpers/as.ts';
import { createTestDatabase, type TestDatabase } from '../../helpers/db.ts';
import * as seed from '../../../ops/harness/seed.ts';
import { until } from '../../../ops/harness/until.ts';

let db: TestDatabase;
let eventId: string;
let wsId: string;
let otherEventId: string;

test.before(async () => {
  db = await createTestDatabase();
  const ws = await seed.workspace(db.pool, 'Alpha');
  wsId = ws.id;
  const owner = (await seed.member(db.pool, ws.id, 'owner@a.test', 'owner')).userId;
  await asUser(db.pool, owner, ws.id, 'owner', ['hackathon:read', 'hackathon:write'])((c) => c.query(
    `select app.configure_event(0, 'Hack', 'UTC', app.now() + interval '1 hour', app.now() + interval '25 hours',
      app.now() + interval '26 hours', app.now() + interval '27 hours')`));
  eventId = (await db.pool.query(`select id from app.events where workspace_id = $1`, [ws.id])).rows[0].id;
  const ws2 = await seed.workspace(db.pool, 'Beta');
  const owner2 = (await seed.member(db.pool, ws2.id, 'owner@b.test', 'owner')).userId;
  await asUser(db.pool, owner2, ws2.id, 'owner', ['hackathon:read', 'hackathon:write'])((c) => c.query(
    `select app.configure_event(0, 'Other', 'UTC', app.now() + interval '1 hour', app.now() + interval '25 hours',
      app.now() + interval '26 hours', app.now() + interval '27 hours')`));
  otherEventId = (await db.pool.query(`select id from app.events where workspace_id = $1`, [ws2.id])).rows[0].id;
});
test.after.always(() => db?.drop());

const publish = (c: pg.ClientBase, kind = 'post.created', event = eventId) =>
  c.query(`select app_private.live_publish($1, $2, array['participant', 'organizer'], null, '{"x":1}') as id`, [event, kind]);

test('live_publish stores the row with its event, workspace and audience, and notifies its id', async (t) => {
  const listener = await db.pool.connect();
  const heard: string[] = [];
  listener.on('notification', (n) => { if (n.channel === 'podium_live') heard.push(n.payload ?? ''); });
  await listener.query('listen podium_live');
  try {
    const { rows } = await publish(db.pool as unknown as pg.ClientBase);
    const id = String(rows[0].id);
    const row = (await db.pool.query(`select * from app_private.live_events where id = $1`, [id])).rows[0];
    t.is(row.workspace_id, wsId);
    t.is(row.event_id, eventId);
    t.deepEqual(row.roles, ['participant', 'organizer']);
    t.deepEqual(row.payload, { x: 1 });
    await until('the NOTIFY carrying the new id', async () => heard.includes(id));
    t.true(heard.includes(id));
  } finally {
    await listener.query('unlisten podium_live');
    listener.release();
  }
});

test('live_publish refuses an unknown event and a role outside the roster roles', async (t) => {
  await t.throwsAsync(db.pool.query(`select app_private.live_publish(gen_random_uuid(), 'post.created', array['organizer'], null, '{}')`), { message: /no event/ });
  await t.throwsAsync(db.pool.query(`select app_private.live_publish($1, 'post.created', array['everyone'], null, '{}')`, [eventId]), { message: /check constraint/ });
});

test.serial('ids follow commit order within an event: a publisher waits for the one of the same event before it to commit', async (t) => {
  const a = await db.pool.connect();
  const b = await db.pool.connect();
  try {
    await a.query('begin');
    const first = Number((await publish(a, 'first')).rows[0].id);
    await b.query('begin');
    const bPid = (await b.query('select pg_backend_pid() as pid')).rows[0].pid;
    let secondId = 0;
    const second = publish(b, 'second').then((r) => { secondId = Number(r.rows[0].id); });
    // b blocks on a's lock until a commits; then its id is above a's.
    await until('the second publisher to wait on the first one\'s lock', async () =>
      (await db.pool.query(`select count(*)::int as n from pg_stat_activity where pid = $1 and wait_event = 'advisory'`, [bPid])).rows[0].n === 1);
    t.is(secondId, 0, 'the second publisher has no id before the first commits');
    await a.query('commit');
    await second;
    await b.query('commit');
    t.true(secondId > first);
  } finally {
    a.release();
    b.release();
  }
});

test.serial('two jobs of a run that end at once in two transactions: the one committing last publishes generation.finished', async (t) => {
  // Each job's status change publishes its run as read in that transaction; read before the
  // event's publish lock, each would see the other job still running (uncommitted), and
  // neither would say the run finished: a `--watch` would wait for ever. The trigger takes
  // the lock first (app_private.live_lock), so the later one reads the earlier one's change.
  const project = (await db.pool.query(`insert into app.projects (workspace_id, name) values ($1, 'Rocket') returning id`, [wsId])).rows[0].id;
  const run = (await db.pool.query(`insert into app_private.generation_runs (event_id, revision, new_revision, created_at) values ($1, 1, false, app.now()) returning id`, [eventId])).rows[0].id;
  const jobs = (await db.pool.query(
    `insert into app_private.generation_jobs (run_id, event_id, project_id, kind, revision, status, submission_sha, archive_sha256, log, attempts, created_at)
       select $1, $2, $3, k, 1, 'running', repeat('a', 40), repeat('b', 64), '', 1, app.now() from unnest(array['jury', 'community']) k returning id`,
    [run, eventId, project])).rows.map((r) => r.id as string);
  const a = await db.pool.connect();
  const b = await db.pool.connect();
  try {
    await a.query('begin');
    await a.query(`update app_private.generation_jobs set status = 'failed' where id = $1`, [jobs[0]]);
    await b.query('begin');
    const bPid = (await b.query('select pg_backend_pid() as pid')).rows[0].pid;
    const second = b.query(`update app_private.generation_jobs set status = 'review' where id = $1`, [jobs[1]]);
    await until('the second job\'s transaction to wait for the first one\'s publish', async () =>
      (await db.pool.query(`select count(*)::int as n from pg_stat_activity where pid = $1 and wait_event = 'advisory'`, [bPid])).rows[0].n === 1);
    await a.query('commit');
    await second;
    await b.query('commit');
    const published = (await db.pool.query(
      `select kind, payload -> 'run' ->> 'status' as status from app_private.live_events where payload -> 'run' ->> 'id' = $1 order by id`, [run])).rows;
    t.deepEqual(published, [{ kind: 'generation.progressed', status: 'running' }, { kind: 'generation.finished', status: 'done' }]);
  } finally {
    a.release();
    b.release();
  }
});

test.serial('two events never wait on each other: a publish of another event commits while one of this event is open', async (t) => {
  const a = await db.pool.connect();
  const b = await db.pool.connect();
  try {
    await a.query('begin');
    const held = Number((await publish(a, 'held')).rows[0].id);
    // b publishes in the other event and commits while a still holds its event's lock: were
    // the lock instance-wide, this await would never return (a commits only afterwards).
    await b.query('begin');
    const other = Number((await publish(b, 'other', otherEventId)).rows[0].id);
    await b.query('commit');
    t.true(other > held, 'the other event took a later id and committed first');
    const seen = (await db.pool.query('select id from app_private.live_events where id in ($1, $2) order by id', [held, other])).rows.map((r) => Number(r.id));
    t.deepEqual(seen, [other], 'the open publish is not visible yet; the other event\'s is');
    await a.query('commit');
    const perEvent = (await db.pool.query('select event_id, id from app_private.live_events where id in ($1, $2) order by id', [held, other])).rows;
    t.deepEqual(perEvent.map((r) => [r.event_id, Number(r.id)]), [[eventId, held], [otherEventId, other]]);
  } finally {
    a.release();
    b.release();
  }
});
