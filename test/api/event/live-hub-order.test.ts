// The hub (api/live/hub.ts) over a log whose ids are in commit order per event only:
// an id of one event that commits after a higher id of another event is still fanned out,
// two publishers of one event reach a reader in id order with none skipped, and a stream
// opened on an event the hub was not reading starts from the position it was given.
import test from 'ava';
import pg from 'pg';
import type { LiveRow } from '../../../api/live/audience.ts';
import { LiveHub, type LiveSubscriber } from '../../../api/live/hub.ts';
import { createLogger } from '../../../core/log.ts';
import { asUser } from '../../helpers/as.ts';
import { createTestDatabase, type TestDatabase } from '../../helpers/db.ts';
import * as seed from '../../../ops/harness/seed.ts';
import { until } from '../../../ops/harness/until.ts';

let db: TestDatabase;
let hub: LiveHub;
const events: string[] = [];

test.before(async () => {
  db = await createTestDatabase();
  for (const name of ['Alpha', 'Beta']) {
    const ws = await seed.workspace(db.pool, name);
    const owner = (await seed.member(db.pool, ws.id, `owner@${name}.test`, 'owner')).userId;
    await asUser(db.pool, owner, ws.id, 'owner', ['hackathon:read', 'hackathon:write'])((c) => c.query(
      `select app.configure_event(0, 'Hack', 'UTC', app.now() + interval '1 hour', app.now() + interval '25 hours',
        app.now() + interval '26 hours', app.now() + interval '27 hours')`));
    events.push((await db.pool.query('select id from app.events where workspace_id = $1', [ws.id])).rows[0].id);
  }
  // A heartbeat far beyond the test: every read the hub makes here is woken by a NOTIFY.
  hub = new LiveHub({ pool: db.pool, log: createLogger('silent'), heartbeatMs: 3_600_000 });
  await hub.start();
});
test.after.always(async () => {
  await hub?.close();
  await db?.drop();
});

class Collector implements LiveSubscriber {
  ids: number[] = [];
  constructor(readonly eventId: string) {}
  deliver(row: LiveRow): void {
    this.ids.push(row.id);
  }
  heartbeat(): void {}
  close(): void {}
}

const publish = async (c: pg.ClientBase | pg.Pool, event: string, kind = 'post.created') =>
  Number((await c.query(`select app_private.live_publish($1, $2, array['organizer'], null, '{}') as id`, [event, kind])).rows[0].id);
const positionOf = async (event: string) =>
  Number((await db.pool.query('select coalesce(max(id), 0) as top from app_private.live_events where event_id = $1', [event])).rows[0].top);

test.serial('an id of one event committing after a higher id of another event is fanned out, not skipped', async (t) => {
  const [a, b] = [new Collector(events[0]!), new Collector(events[1]!)];
  const offA = hub.subscribe(a, await positionOf(a.eventId));
  const offB = hub.subscribe(b, await positionOf(b.eventId));
  const holder = await db.pool.connect();
  try {
    await holder.query('begin');
    const low = await publish(holder, a.eventId, 'held'); // event A's id, not committed yet
    const high = await publish(db.pool, b.eventId); // event B: a later id, committed now (no wait on A)
    t.true(high > low);
    await until('event B\'s row fanned out while event A\'s lower id is still open', async () => b.ids.includes(high));
    t.deepEqual(a.ids, []);
    await holder.query('commit');
    await until('event A\'s lower id fanned out once it commits', async () => a.ids.includes(low));
    t.deepEqual(a.ids, [low]);
    t.deepEqual(b.ids, [high]);
  } finally {
    holder.release();
    offA();
    offB();
  }
});

test.serial('two publishers of one event reach the reader in id order, none skipped, the second waiting for the first to commit', async (t) => {
  const a = new Collector(events[0]!);
  const off = hub.subscribe(a, await positionOf(a.eventId));
  const first = await db.pool.connect();
  const second = await db.pool.connect();
  try {
    await first.query('begin');
    const one = await publish(first, a.eventId, 'first');
    await second.query('begin');
    const pid = (await second.query('select pg_backend_pid() as pid')).rows[0].pid;
    let two = 0;
    const pending = publish(second, a.eventId, 'second').then((id) => { two = id; });
    await until('the second publisher of the event to wait on the event\'s lock', async () =>
      (await db.pool.query(`select count(*)::int as n from pg_stat_activity where pid = $1 and wait_event = 'advisory'`, [pid])).rows[0].n === 1);
    // Meanwhile another event publishes and is fanned out: the hub moves on in event B only.
    const other = await publish(db.pool, events[1]!);
    t.is(two, 0, 'the second publisher has no id before the first commits');
    await first.query('commit');
    await pending;
    await second.query('commit');
    t.true(one < two && two > other, 'the waiting publisher took its id after the first committed');
    await until('both rows of the event fanned out', async () => a.ids.length === 2);
    t.deepEqual(a.ids, [one, two]);
  } finally {
    first.release();
    second.release();
    off();
  }
});

test.serial('a stream of an event the hub was not reading starts after the position it gave, and the event\'s cursor goes with its last stream', async (t) => {
  const before = await publish(db.pool, events[1]!);
  const after = await publish(db.pool, events[1]!);
  const s = new Collector(events[1]!);
  const off = hub.subscribe(s, before);
  t.is(hub.position(events[1]!), before);
  await until('the row after the given position', async () => s.ids.length === 1);
  t.deepEqual(s.ids, [after]);
  t.is(hub.position(events[1]!), after);
  off();
  t.is(hub.position(events[1]!), 0, 'no stream of the event here: no cursor');
});
