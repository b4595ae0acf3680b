// Row-level security of the submission tables: an allow and a deny for each policy
// (organizer every team, participant own team, jury and strangers nothing), and the API role
// writes nothing directly.
import test from 'ava';
import { asUser } from '../../helpers/as.ts';
import { createTestDatabase, type TestDatabase } from '../../helpers/db.ts';
import * as seed from '../../../ops/harness/seed.ts';
import { assignRepository } from '../../helpers/event.ts';

const RW = ['hackathon:read', 'hackathon:write'];
let db: TestDatabase;
let ws: { id: string };
let owner: string, part: string, jury: string;
let rocket: string, comet: string, eventId: string;

test.before(async () => {
  db = await createTestDatabase();
  ws = await seed.workspace(db.pool, 'Alpha');
  owner = (await seed.member(db.pool, ws.id, 'owner@a.test', 'owner')).userId;
  part = (await seed.member(db.pool, ws.id, 'part@a.test')).userId;
  jury = (await seed.member(db.pool, ws.id, 'jury@a.test')).userId;
  const asOwner = asUser(db.pool, owner, ws.id, 'owner', RW);
  await asOwner((c) => c.query(`select app.configure_event(0, 'Hack', 'UTC', app.now() + interval '1 hour', app.now() + interval '25 hours',
    app.now() + interval '26 hours', app.now() + interval '27 hours')`));
  await asOwner((c) => c.query(`select app_private.set_event_github('acme', 'acme/template', null, 'local', '{}', false)`));
  await asOwner((c) => c.query(`select app.import_roster($1)`, [JSON.stringify([
    { email: 'part@a.test', team: 'Rocket' }, { email: 'other@a.test', team: 'Comet' }, { email: 'jury@a.test', role: 'jury' },
  ])]));
  const { rows } = await db.pool.query(`select id, name from app.projects where workspace_id = $1`, [ws.id]);
  rocket = rows.find((r) => r.name === 'Rocket').id;
  comet = rows.find((r) => r.name === 'Comet').id;
  eventId = (await db.pool.query('select id from app.events where workspace_id = $1', [ws.id])).rows[0].id;
  for (const [p, name] of [[rocket, 'acme/rocket'], [comet, 'acme/comet']]) {
    await assignRepository(db.pool, p, name, 'ready', 'f'.repeat(40));
    await db.pool.query('select app_private.record_delivery($1, $2, $3, $4)', [eventId, `d-${name}`, 'push',
      JSON.stringify({ ref: 'refs/heads/main', after: 'e'.repeat(40), repository: { full_name: name, owner: { login: 'acme' } } })]);
  }
});
test.after.always(() => db?.drop());

const visible = async (userId: string, role: string, table: string) =>
  (await asUser(db.pool, userId, ws.id, role, RW)((c) => c.query(`select project_id from ${table} order by project_id`))).rows.map((r) => r.project_id);

for (const table of ['app.team_repositories', 'app.submission_receipts', 'app.team_activity']) {
  test(`${table}: an organizer sees every team, a participant their own only, the jury none`, async (t) => {
    t.deepEqual(await visible(owner, 'owner', table), [rocket, comet].sort());
    t.deepEqual(await visible(part, 'member', table), [rocket]);
    t.deepEqual(await visible(jury, 'member', table), []);
  });
}

test('app.submissions: organizer all, participant own, jury none', async (t) => {
  await db.pool.query(`insert into app.submissions (project_id, event_id, state, sha, source) values ($1, $3, 'capturing', $4, 'push'), ($2, $3, 'capturing', $4, 'push')`,
    [rocket, comet, eventId, 'e'.repeat(40)]);
  t.deepEqual(await visible(owner, 'owner', 'app.submissions'), [rocket, comet].sort());
  t.deepEqual(await visible(part, 'member', 'app.submissions'), [rocket]);
  t.deepEqual(await visible(jury, 'member', 'app.submissions'), []);
});

test('app.submission_exceptions: organizer all, participant own, jury none', async (t) => {
  await db.pool.query(`insert into app.submission_exceptions (event_id, project_id, at, reason, sha, missing) values ($3, $1, now(), 'r', null, true), ($3, $2, now(), 'r', null, true)`,
    [rocket, comet, eventId]);
  t.deepEqual(await visible(owner, 'owner', 'app.submission_exceptions'), [rocket, comet].sort());
  t.deepEqual(await visible(part, 'member', 'app.submission_exceptions'), [rocket]);
  t.deepEqual(await visible(jury, 'member', 'app.submission_exceptions'), []);
});

test('the API role cannot write the tables directly', async (t) => {
  const asOwner = asUser(db.pool, owner, ws.id, 'owner', RW);
  for (const sql of [
    `insert into app.submission_receipts (event_id, delivery_id, kind, received_at, verdict) values ('${eventId}', 'x', 'push', now(), 'accepted')`,
    `update app.team_repositories set readiness = 'ready'`,
    `delete from app.submissions`,
    `select * from app_private.webhook_failures`,
  ]) {
    await t.throwsAsync(asOwner((c) => c.query(sql)), { message: /permission denied/ }, sql);
  }
});
