// The upgrade to pushes recorded in process: a `codehost__deliver_push` job still queued (a
// signed HTTP delivery of the local code host, whose task is gone) is recorded by the
// migration record_queued_push_deliveries through the intake's own function, under its own
// delivery id, and removed: a delivery recorded already is not recorded twice, a malformed
// job is removed without a receipt, and jobs of other tasks are left alone. The migration's
// text is run again here on a migrated database (it was a no-op when the template was built).
import test from 'ava';
import { readFileSync } from 'node:fs';
import { asUser } from '../../helpers/as.ts';
import { createTestDatabase, type TestDatabase } from '../../helpers/db.ts';
import * as seed from '../../helpers/seed.ts';
import { assignRepository } from '../../helpers/event.ts';

const MIGRATION = readFileSync(new URL('../../../sql/migrations/000323_record_queued_push_deliveries.sql', import.meta.url), 'utf8');
let db: TestDatabase;
let eventId: string;

test.before(async () => {
  db = await createTestDatabase();
  const ws = await seed.workspace(db.pool, 'Upgrade');
  const owner = (await seed.member(db.pool, ws.id, 'owner@u.test', 'owner')).userId;
  const asOwner = asUser(db.pool, owner, ws.id, 'owner', ['hackathon:read', 'hackathon:write']);
  await asOwner((c) => c.query(`select app.configure_event(0, 'Hack', 'UTC', app.now() - interval '1 hour', app.now() + interval '25 hours',
    app.now() + interval '26 hours', app.now() + interval '27 hours')`));
  await asOwner((c) => c.query(`select app_private.set_event_github('acme', 'acme/template', null, 'local', '{}', false)`));
  await asOwner((c) => c.query(`select app.import_roster($1)`, [JSON.stringify([{ email: 'part@u.test', team: 'Rocket' }])]));
  const rocket = (await db.pool.query(`select id from app.projects where workspace_id = $1 and name = 'Rocket'`, [ws.id])).rows[0].id;
  eventId = (await db.pool.query('select id from app.events where workspace_id = $1', [ws.id])).rows[0].id;
  await assignRepository(db.pool, rocket, 'acme/rocket', 'ready', 'f'.repeat(40));
});
test.after.always(() => db?.drop());

const push = (after: string) => ({ ref: 'refs/heads/main', before: 'f'.repeat(40), after, repository: { full_name: 'acme/rocket', owner: { login: 'acme' } } });
const queue = (task: string, payload: unknown, key: string) =>
  db.pool.query(`select graphile_worker.add_job($1, $2::json, job_key => $3)`, [task, JSON.stringify(payload), key]);
const jobs = async (task: string) => (await db.pool.query(`select key from graphile_worker.jobs where task_identifier = $1 order by id`, [task])).rows.map((r) => r.key);
const receiptsOf = async (delivery: string) =>
  (await db.pool.query(`select verdict, sha from app.submission_receipts where event_id = $1 and delivery_id = $2`, [eventId, delivery])).rows;

test('queued deliveries are recorded once each and their jobs removed; malformed ones removed; other tasks untouched', async (t) => {
  // Recorded already by the API before the upgrade: the queued copy must not make a second receipt.
  await db.pool.query('select app_private.record_delivery($1, $2, $3, $4)', [eventId, 'done-1', 'push', push('a'.repeat(40))]);
  await queue('codehost__deliver_push', { eventId, kind: 'push', deliveryId: 'done-1', payload: push('a'.repeat(40)) }, 'push-delivery:done-1');
  await queue('codehost__deliver_push', { eventId, kind: 'push', deliveryId: 'new-1', payload: push('b'.repeat(40)) }, 'push-delivery:new-1');
  await queue('codehost__deliver_push', { eventId: 'not-a-uuid', kind: 'push', deliveryId: 'bad-1', payload: push('c'.repeat(40)) }, 'push-delivery:bad-1');
  await queue('codehost__deliver_push', { eventId, kind: 'push', deliveryId: 'bad-2', payload: 'not an object' }, 'push-delivery:bad-2');
  await queue('mail__send', { template: 'x' }, 'other-task');

  await db.pool.query(MIGRATION);
  t.deepEqual(await receiptsOf('done-1'), [{ verdict: 'accepted', sha: 'a'.repeat(40) }], 'recorded once');
  t.deepEqual(await receiptsOf('new-1'), [{ verdict: 'accepted', sha: 'b'.repeat(40) }], 'the queued delivery recorded');
  t.deepEqual(await receiptsOf('bad-1'), []);
  t.deepEqual(await receiptsOf('bad-2'), []);
  t.deepEqual(await jobs('codehost__deliver_push'), [], 'every queued delivery removed');
  t.true((await jobs('mail__send')).includes('other-task'), 'another task\'s job is left alone');

  await db.pool.query(MIGRATION); // nothing left: a no-op
  t.is((await db.pool.query(`select count(*)::int as n from app.submission_receipts where event_id = $1`, [eventId])).rows[0].n, 2);
});
