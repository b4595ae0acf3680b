// The freeze as one expression: app_private.freeze_of(build end) is build end + 15
// minutes, and app.events.freeze_at is generated from it, so the stored freeze follows every
// change of the build end and cannot be written on its own.
import test from 'ava';
import { asUser } from '../../helpers/as.ts';
import { createTestDatabase, type TestDatabase } from '../../helpers/db.ts';
import * as seed from '../../../ops/harness/seed.ts';

const RW = ['hackathon:read', 'hackathon:write'];
let db: TestDatabase;

test.before(async () => {
  db = await createTestDatabase();
});
test.after.always(() => db?.drop());

/** A workspace of its own whose owner configures its event (build end in hours from now, vote opening in minutes after it). */
async function eventWith(name: string) {
  const ws = await seed.workspace(db.pool, name);
  const owner = (await seed.member(db.pool, ws.id, `owner@${name.toLowerCase()}.test`, 'owner')).userId;
  const as = asUser(db.pool, owner, ws.id, 'owner', RW);
  const configure = (version: number, buildH: number, voteMin: number) => as((c) => c.query(
    `select app.configure_event($1, 'Hack', 'UTC', date_trunc('second', app.now()) + interval '1 hour',
       date_trunc('second', app.now()) + make_interval(hours => $2), date_trunc('second', app.now()) + make_interval(hours => $2, mins => $3),
       date_trunc('second', app.now()) + make_interval(hours => $2 + 5)) as r`, [version, buildH, voteMin]));
  return { ws, configure };
}
const row = async (ws: string) => (await db.pool.query(
  `select extract(epoch from freeze_at - build_ends_at)::int as grace, freeze_at = app_private.freeze_of(build_ends_at) as same from app.events where workspace_id = $1`, [ws])).rows[0];

test('freeze_of is the build end plus 15 minutes', async (t) => {
  const { rows } = await db.pool.query(`select app_private.freeze_of('2030-01-01T10:00:00Z') = '2030-01-01T10:15:00Z'::timestamptz as ok`);
  t.true(rows[0].ok);
});

test('the stored freeze is generated from the build end and follows it when it moves', async (t) => {
  const e = await eventWith('Move');
  const created = (await e.configure(0, 24, 15)).rows[0].r.event;
  t.is(Date.parse(created.freezeAt) - Date.parse(created.buildEndsAt), 15 * 60_000);
  t.deepEqual(await row(e.ws.id), { grace: 900, same: true });
  const moved = (await e.configure(1, 30, 20)).rows[0].r.event;
  t.is(Date.parse(moved.freezeAt) - Date.parse(moved.buildEndsAt), 15 * 60_000);
  t.deepEqual(await row(e.ws.id), { grace: 900, same: true });
});

test('the freeze cannot be written apart from the build end', async (t) => {
  const e = await eventWith('Fixed');
  await e.configure(0, 24, 15);
  await t.throwsAsync(db.pool.query(`update app.events set freeze_at = build_ends_at where workspace_id = $1`, [e.ws.id]), { message: /freeze_at/ });
  await db.pool.query(`update app.events set build_ends_at = build_ends_at + interval '1 hour', vote_opens_at = vote_opens_at + interval '1 hour' where workspace_id = $1`, [e.ws.id]);
  t.deepEqual(await row(e.ws.id), { grace: 900, same: true }, 'an update of the build end alone moves the freeze too');
});

test('voting opens at the freeze or later: 14 minutes after the build end is refused, 15 accepted', async (t) => {
  const early = await (await eventWith('Early')).configure(0, 24, 14).then(() => null, (e) => e);
  t.is(early?.detail, 'invalid_input');
  const freezeAt = JSON.parse(early.hint).freezeAt;
  t.deepEqual(JSON.parse(early.hint), { field: 'voteOpensAt', freezeAt }, 'the freeze instant in the details: a client names the value to pass');
  t.regex(freezeAt, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
  t.is(early.message, `voteOpensAt must be at the freeze (${freezeAt}, build end + 15 minutes) or later: the build end is followed by 15 minutes of grace in which pushes still count`);
  t.truthy((await (await eventWith('OnTime')).configure(0, 24, 15)).rows[0].r.event.freezeAt);
  await t.throwsAsync(db.pool.query(`update app.events set vote_opens_at = freeze_at - interval '1 second'
    where workspace_id = (select id from app.workspaces where name = 'OnTime')`), { message: /events_vote_after_freeze/ });
});

test('the 15 minutes are written once: only freeze_of holds the interval', async (t) => {
  const { rows } = await db.pool.query(`select p.oid::regprocedure::text as f from pg_proc p join pg_namespace n on n.oid = p.pronamespace
    where n.nspname in ('app', 'app_private') and p.prosrc ~ $1 order by 1`, [`interval '15 minutes'|'00:15:00'`]);
  t.deepEqual(rows.map((r) => r.f), ['app_private.freeze_of(timestamp with time zone)']);
  const checks = await db.pool.query(`select conname from pg_constraint where conrelid = 'app.events'::regclass and pg_get_constraintdef(oid) ~ '00:15:00'`);
  t.is(checks.rowCount, 0);
});
