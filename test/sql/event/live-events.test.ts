// The live log: live_publish writes a row with its audience, wakes listeners with its id,
// and hands ids out in commit order (a reader that saw id N never sees a smaller id later).
import test from 'ava';
import pg from 'pg';
import { asUser } from '../../helpers/as.ts';
import { createTestDatabase, type TestDatabase } from '../../helpers/db.ts';
import * as seed from '../../helpers/seed.ts';
import { until } from '../../helpers/until.ts';

let db: TestDatabase;
let eventId: string;
let wsId: string;

test.before(async () => {
  db = await createTestDatabase();
  const ws = await seed.workspace(db.pool, 'Alpha');
  wsId = ws.id;
  const owner = (await seed.member(db.pool, ws.id, 'owner@a.test', 'owner')).userId;
  await asUser(db.pool, owner, ws.id, 'owner', ['hackathon:read', 'hackathon:write'])((c) => c.query(
    `select app.configure_event(0, 'Hack', 'UTC', app.now() + interval '1 hour', app.now() + interval '25 hours',
      app.now() + interval '26 hours', app.now() + interval '27 hours')`));
  eventId = (await db.pool.query(`select id from app.events where workspace_id = $1`, [ws.id])).rows[0].id;
});
test.after.always(() => db?.drop());

const publish = (c: pg.ClientBase, kind = 'post.created') =>
  c.query(`select app_private.live_publish($1, $2, array['participant', 'organizer'], null, '{"x":1}') as id`, [eventId, kind]);

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

test('ids follow commit order: a publisher waits for the one before it to commit', async (t) => {
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
