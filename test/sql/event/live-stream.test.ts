// The live stream's SQL: the audience rule (and its in-process twin in
// api/live/audience.ts), the reader at open, the backlog a resume reads, and pruning.
import test from 'ava';
import { visible } from '../../../api/live/audience.ts';
import { asUser } from '../../helpers/as.ts';
import { createTestDatabase, type TestDatabase } from '../../helpers/db.ts';
import * as seed from '../../../ops/harness/seed.ts';

let db: TestDatabase;
let ws: { id: string };
let ws2: { id: string };
let eventId: string, event2: string;
let owner: string, part: string, adv: string, jury: string, stranger: string, owner2: string;
let rocket: string, comet: string;

const READ = ['hackathon:read'];
const codeOf = async (p: Promise<unknown>) => ((await p.then(() => null, (e) => e)) as { detail?: string } | null)?.detail;

async function configure(wsId: string, user: string): Promise<string> {
  const asOwner = asUser(db.pool, user, wsId, 'owner', ['hackathon:read', 'hackathon:write']);
  await asOwner((c) => c.query(`select app.configure_event(0, 'Hack', 'UTC', app.now() + interval '1 hour', app.now() + interval '25 hours',
    app.now() + interval '26 hours', app.now() + interval '27 hours')`));
  return (await db.pool.query('select id from app.events where workspace_id = $1', [wsId])).rows[0].id;
}

test.before(async () => {
  db = await createTestDatabase();
  ws = await seed.workspace(db.pool, 'Alpha');
  ws2 = await seed.workspace(db.pool, 'Beta');
  owner = (await seed.member(db.pool, ws.id, 'owner@a.test', 'owner')).userId;
  part = (await seed.member(db.pool, ws.id, 'part@a.test')).userId;
  adv = (await seed.member(db.pool, ws.id, 'adv@a.test')).userId;
  jury = (await seed.member(db.pool, ws.id, 'jury@a.test')).userId;
  stranger = (await seed.member(db.pool, ws.id, 'stranger@a.test')).userId;
  owner2 = (await seed.member(db.pool, ws2.id, 'owner@b.test', 'owner')).userId;
  eventId = await configure(ws.id, owner);
  event2 = await configure(ws2.id, owner2);
  await asUser(db.pool, owner, ws.id, 'owner', ['hackathon:write'])((c) => c.query(`select app.import_roster($1)`, [JSON.stringify([
    { email: 'part@a.test', team: 'Rocket' }, { email: 'other@a.test', team: 'Comet' }, { email: 'adv@a.test', role: 'advisor' }, { email: 'jury@a.test', role: 'jury' },
  ])]));
  const teams = Object.fromEntries((await db.pool.query('select name, id from app.projects where workspace_id = $1', [ws.id])).rows.map((r) => [r.name, r.id]));
  rocket = teams.Rocket;
  comet = teams.Comet;
});
test.after.always(() => db?.drop());

const as = (user: string, scopes = READ, wsId = ws.id) => asUser(db.pool, user, wsId, user === owner || user === owner2 ? 'owner' : 'member', scopes);
const publish = async (event: string, roles: string[], team: string | null, payload: unknown = {}) =>
  Number((await db.pool.query('select app_private.live_publish($1, $2, $3, $4, $5) as id', [event, 'post.created', roles, team, JSON.stringify(payload)])).rows[0].id);

test.serial('live_visible and the hub\'s twin agree on every role, team and audience', async (t) => {
  const roleSets = [['participant'], ['advisor'], ['organizer'], ['jury'], ['participant', 'advisor', 'organizer'], ['advisor', 'organizer'], ['participant', 'advisor']];
  const teams = [null, rocket, comet];
  const readers = ['participant', 'advisor', 'organizer', 'jury'].flatMap((role) => [null, rocket, comet].map((teamId) => ({ role, teamId })));
  const { rows } = await db.pool.query(
    `select r.roles, r.team_id, x.role, x.team_id as reader_team, x.event_id,
       app_private.live_visible(row(0, now(), $1::uuid, $2::uuid, 'k', r.roles, r.team_id, '{}')::app_private.live_events,
                                row(x.event_id, $1::uuid, null, x.role, x.team_id)::app_private.event_ctx) as sql
     from jsonb_to_recordset($3) as r(roles text[], team_id uuid)
     cross join jsonb_to_recordset($4) as x(role text, team_id uuid, event_id uuid)`,
    [ws.id, eventId,
      JSON.stringify(roleSets.flatMap((roles) => teams.map((team_id) => ({ roles, team_id })))),
      JSON.stringify([eventId, event2].flatMap((event_id) => readers.map((r) => ({ role: r.role, team_id: r.teamId, event_id }))))],
  );
  t.is(rows.length, roleSets.length * teams.length * readers.length * 2);
  const disagree = rows.filter((r) =>
    visible({ eventId, roles: r.roles, teamId: r.team_id }, { eventId: r.event_id, role: r.role, teamId: r.reader_team }) !== r.sql);
  t.deepEqual(disagree, []);
  // And the rule itself, in a few words.
  const yes = rows.filter((r) => r.sql);
  t.false(yes.some((r) => r.role === 'jury'), 'jury never reads');
  t.false(yes.some((r) => r.event_id !== eventId), 'never another event');
  t.false(yes.some((r) => r.role === 'participant' && r.team_id && r.team_id !== r.reader_team), 'a participant never reads another team\'s rows');
  t.true(yes.some((r) => r.role === 'advisor' && r.team_id === comet && r.reader_team === null), 'advisors read every team\'s rows');
});

test.serial('live_reader answers the reader (event, role, team) and refuses jury, strangers and read-less keys', async (t) => {
  const r = (await as(part)((c) => c.query('select app_private.live_reader(null) as r'))).rows[0].r;
  t.like(r, { eventId, workspaceId: ws.id, userId: part, role: 'participant', teamId: rocket, resumable: true });
  t.true(Number.isInteger(r.position));
  t.is((await as(adv)((c) => c.query('select app_private.live_reader(null) as r'))).rows[0].r.role, 'advisor');
  t.is((await as(owner)((c) => c.query('select app_private.live_reader(null) as r'))).rows[0].r.role, 'organizer');
  t.is(await codeOf(as(jury)((c) => c.query('select app_private.live_reader(null)'))), 'insufficient_event_role');
  t.is(await codeOf(as(stranger)((c) => c.query('select app_private.live_reader(null)'))), 'not_on_roster');
  t.is(await codeOf(as(part, ['hackathon:write'])((c) => c.query('select app_private.live_reader(null)'))), 'insufficient_scope');
  t.is(await codeOf(as(part, ['hackathon:read', 'hackathon:write'])((c) => c.query('select app_private.live_backlog(0, 10)'))), undefined);
  t.is(await codeOf(as(jury)((c) => c.query('select app_private.live_backlog(0, 10)'))), 'insufficient_event_role');
});

test.serial('live_reader\'s position is the newest id of the reader\'s own event, not of the instance (ids are in commit order per event only)', async (t) => {
  const mine = await publish(eventId, ['organizer'], null);
  const theirs = await publish(event2, ['organizer'], null);
  t.true(theirs > mine);
  t.is((await as(owner)((c) => c.query('select app_private.live_reader(null) as r'))).rows[0].r.position, mine);
  t.is((await as(owner2, READ, ws2.id)((c) => c.query('select app_private.live_reader(null) as r'))).rows[0].r.position, theirs);
  // Any id the log handed out (of any event) is still a resume point the log can serve.
  t.true((await as(owner)((c) => c.query('select app_private.live_reader($1) as r', [theirs]))).rows[0].r.resumable);
});

test.serial('live_backlog answers the rows after an id the caller may read, oldest first, in pages', async (t) => {
  const start = await publish(eventId, ['organizer'], null);
  const mine = [
    await publish(eventId, ['participant', 'advisor', 'organizer'], null, { n: 1 }),
    await publish(eventId, ['participant', 'advisor', 'organizer'], rocket, { n: 2 }),
  ];
  await publish(eventId, ['participant', 'advisor', 'organizer'], comet); // another team
  await publish(eventId, ['organizer'], null); // organizers only
  await publish(event2, ['participant', 'advisor', 'organizer'], null); // another workspace
  mine.push(await publish(eventId, ['participant'], null, { n: 3 }));
  const page = async (after: number, limit: number) =>
    (await as(part)((c) => c.query('select id, kind, payload from app_private.live_backlog($1, $2)', [after, limit]))).rows;
  const all = await page(start, 100);
  t.deepEqual(all.map((r) => Number(r.id)), mine);
  t.deepEqual(JSON.parse(all[0].payload), { n: 1 });
  t.deepEqual((await page(start, 2)).map((r) => Number(r.id)), mine.slice(0, 2));
  t.deepEqual((await page(mine[1]!, 2)).map((r) => Number(r.id)), mine.slice(2));
  // The other workspace's owner reads its own event's rows only.
  const theirs = (await as(owner2, READ, ws2.id)((c) => c.query('select id from app_private.live_backlog($1, 100)', [start]))).rows;
  t.is(theirs.length, 1);
});

test.serial('podium_app cannot read the log itself: only through these functions', async (t) => {
  const err = await as(owner)((c) => c.query('select * from app_private.live_events')).then(() => null, (e) => e);
  t.is(err?.code, '42501', 'permission denied');
  const horizon = await as(owner)((c) => c.query('select * from app_private.live_horizon')).then(() => null, (e) => e);
  t.is(horizon?.code, '42501');
});

test.serial('live_prune deletes rows older than the retention and moves the horizon; a resume below it is no longer resumable', async (t) => {
  const a = await publish(eventId, ['organizer'], null);
  const b = await publish(eventId, ['organizer'], null);
  await db.pool.query(`update app_private.live_events set at = now() - interval '3 days' where id <= $1`, [a]);
  t.is((await db.pool.query(`select app_private.live_prune(interval '2 days') as n`)).rows[0].n >= 1, true);
  t.is((await db.pool.query('select pruned_through from app_private.live_horizon')).rows[0].pruned_through, a);
  t.deepEqual((await db.pool.query('select id from app_private.live_events where id in ($1, $2)', [a, b])).rows.map((r) => Number(r.id)), [b]);
  const reader = async (after: number) => (await as(owner)((c) => c.query('select app_private.live_reader($1) as r', [after]))).rows[0].r;
  t.false((await reader(a - 1)).resumable);
  t.true((await reader(a)).resumable);
  t.true((await reader(b)).resumable);
  t.false((await reader(b + 1)).resumable, 'an id the log never handed out');
  t.is((await db.pool.query(`select app_private.live_prune(interval '2 days') as n`)).rows[0].n, 0, 'a second run finds nothing');
  t.is((await db.pool.query('select pruned_through from app_private.live_horizon')).rows[0].pruned_through, a, 'the horizon never moves back');
});
