// app_private.record_deliveries: a group of one event's signed deliveries in one
// transaction, in order, each under its own savepoint. Each answers what record_delivery
// answers alone; a duplicate inside the group is the duplicate, as across transactions; an
// item that raises is rolled back alone and answered {"failed": true}; nothing is granted to
// the API role. The group's live changes are staged and published after its last delivery:
// in item order, the lock taken only then, nothing left staged.
import test from 'ava';
import { asUser } from '../../helpers/as.ts';
import { createTestDatabase, type TestDatabase } from '../../helpers/db.ts';
import * as seed from '../../../ops/harness/seed.ts';
import { assignRepository } from '../../helpers/event.ts';

let db: TestDatabase;
let eventId: string;
let rocket: string;

test.before(async () => {
  db = await createTestDatabase();
  const ws = await seed.workspace(db.pool, 'Alpha');
  const owner = (await seed.member(db.pool, ws.id, 'owner@a.test', 'owner')).userId;
  const asOwner = asUser(db.pool, owner, ws.id, 'owner', ['hackathon:read', 'hackathon:write']);
  await asOwner((c) => c.query(`select app.configure_event(0, 'Hack', 'UTC', app.now() + interval '1 hour', app.now() + interval '25 hours',
    app.now() + interval '26 hours', app.now() + interval '27 hours')`));
  await asOwner((c) => c.query(`select app_private.set_event_github('acme', 'acme/template', null, 'local', '{}', false)`));
  await asOwner((c) => c.query(`select app.import_roster($1)`, [JSON.stringify([{ email: 'part@a.test', team: 'Rocket' }])]));
  rocket = (await db.pool.query(`select id from app.projects where workspace_id = $1 and name = 'Rocket'`, [ws.id])).rows[0].id;
  eventId = (await db.pool.query('select id from app.events where workspace_id = $1', [ws.id])).rows[0].id;
  await assignRepository(db.pool, rocket, 'acme/rocket', 'ready', 'f'.repeat(40));
});
test.after.always(() => db?.drop());

const push = (after: string, over: Record<string, unknown> = {}) =>
  ({ ref: 'refs/heads/main', before: 'f'.repeat(40), after, repository: { full_name: 'acme/rocket', owner: { login: 'acme' } }, ...over });
const group = async (event: string, items: unknown[]) =>
  (await db.pool.query('select app_private.record_deliveries($1, $2::jsonb) as r', [event, JSON.stringify(items)])).rows[0].r;
const count = async (like: string) =>
  (await db.pool.query('select count(*)::int as n from app.submission_receipts where delivery_id like $1', [like])).rows[0].n as number;

test('in order, one answer each: duplicates inside the group (same id, same move) answered as across transactions; a refusal recorded', async (t) => {
  const answers = await group(eventId, [
    { delivery: 'g1-a', kind: 'push', payload: push('1'.repeat(40)) },
    { delivery: 'g1-a', kind: 'push', payload: push('1'.repeat(40)) },
    { delivery: 'g1-b', kind: 'push', payload: push('1'.repeat(40)) },
    { delivery: 'g1-c', kind: 'push', payload: push('2'.repeat(40), { ref: 'refs/heads/dev' }) },
    { delivery: 'g1-d', kind: 'push', payload: push('3'.repeat(40)) },
  ]);
  t.is(answers.length, 5);
  t.like(answers[0], { verdict: 'accepted', duplicate: false });
  t.deepEqual(answers[1], { ...answers[0], duplicate: true });
  t.deepEqual(answers[2], { ...answers[0], duplicate: true });
  t.like(answers[3], { verdict: 'refused', refusal: 'wrong_branch', duplicate: false });
  t.like(answers[4], { verdict: 'accepted', duplicate: false });
  t.true(answers[0].sequence < answers[3].sequence && answers[3].sequence < answers[4].sequence, 'receipt order is the group\'s order');
  t.is(await count('g1-%'), 3);
  // The same as one at a time: the group's first delivery again, alone, is its duplicate.
  const alone = (await db.pool.query('select app_private.record_delivery($1, $2, $3, $4) as r', [eventId, 'g1-a', 'push', JSON.stringify(push('1'.repeat(40)))])).rows[0].r;
  t.deepEqual(alone, answers[1]);
});

test('an item that raises is rolled back alone and answered {failed: true}; the others are kept', async (t) => {
  const answers = await group(eventId, [
    { delivery: 'g2-a', kind: 'push', payload: push('4'.repeat(40)) },
    { delivery: 'x'.repeat(300), kind: 'push', payload: push('5'.repeat(40)) }, // longer than a delivery id may be
    { delivery: 'g2-c', kind: 'push', payload: push('6'.repeat(40)) },
  ]);
  t.like(answers[0], { verdict: 'accepted', duplicate: false });
  t.deepEqual(answers[1], { failed: true });
  t.like(answers[2], { verdict: 'accepted', duplicate: false });
  t.is(await count('g2-%'), 2);
  t.is(await count('xxx%'), 0);
  t.is(await liveWith('5555555555'), 0, 'no live change of the rolled-back delivery');
  t.is(await liveWith('4444444444'), 2, 'its activity item and its receipt.recorded');
  // Alone, the same item raises: the API runs a failed item alone so its caller gets that error.
  const e = await t.throwsAsync(db.pool.query('select app_private.record_delivery($1, $2, $3, $4)', [eventId, 'x'.repeat(300), 'push', JSON.stringify(push('5'.repeat(40)))]));
  t.regex(e!.message, /submission_receipts_delivery_id_check/);
  t.is((await db.pool.query('select count(*)::int as n from app.chat_posts where body like $1', ['%555555555555%'])).rows[0].n, 0, 'its activity rolled back with it');
});

const liveWith = async (text: string) =>
  (await db.pool.query(`select count(*)::int as n from app_private.live_events where event_id = $1 and payload::text like '%' || $2 || '%'`, [eventId, text])).rows[0].n as number;

test.serial('the group\'s live changes are published after its last delivery, in its order, one id each; nothing stays staged', async (t) => {
  const shas = ['a1', 'a2', 'a3'].map((h) => h.repeat(20));
  await group(eventId, shas.map((sha, i) => ({ delivery: `g4-${i}`, kind: 'push', payload: push(sha) })));
  const { rows } = await db.pool.query(`select id, kind, coalesce(payload #>> '{post,activity,sha}', payload #>> '{receipt,sha}') as sha from app_private.live_events where event_id = $1 and (payload::text like '%a1a1a1a1%' or payload::text like '%a2a2a2a2%' or payload::text like '%a3a3a3a3%') order by id`, [eventId]);
  // Each accepted push: its team chat item, then its receipt.recorded (two consumers of one receipt).
  t.deepEqual(rows.map((r) => [r.kind, r.sha]), shas.flatMap((sha) => [['post.created', sha], ['receipt.recorded', sha]]));
  t.is(Number(rows[5].id) - Number(rows[0].id), 5, 'consecutive ids: published together');
  t.is((await db.pool.query('select count(*)::int as n from app_private.live_deferred')).rows[0].n, 0);
});

test.serial('a staged change takes no lock: another publisher of the event goes first, and the ids follow the commits', async (t) => {
  const a = await db.pool.connect();
  const b = await db.pool.connect();
  try {
    await a.query('begin');
    await a.query(`select set_config('podium.live_defer', 'on', true)`);
    const staged = await a.query(`select app_private.live_publish($1, 'post.created', array['organizer'], null, '{"staged":1}') as id`, [eventId]);
    t.is(staged.rows[0].id, null, 'staged: no id yet');
    await b.query(`set lock_timeout = '2s'`);
    const other = Number((await b.query(`select app_private.live_publish($1, 'post.created', array['organizer'], null, '{"other":1}') as id`, [eventId])).rows[0].id);
    t.is((await a.query('select app_private.live_publish_deferred() as n')).rows[0].n, 1);
    await a.query('commit');
    const { rows } = await db.pool.query(`select id from app_private.live_events where event_id = $1 and payload ? 'staged'`, [eventId]);
    t.true(Number(rows[0].id) > other, 'published after the change that committed first');
    t.is((await db.pool.query('select count(*)::int as n from app_private.live_deferred')).rows[0].n, 0);
  } finally {
    await a.query('rollback').catch(() => undefined);
    a.release();
    b.release();
  }
});

test('an event that does not exist answers null for each; a group that is not an array is refused', async (t) => {
  t.deepEqual(await group('00000000-0000-4000-8000-000000000000', [{ delivery: 'g3', kind: 'push', payload: push('7'.repeat(40)) }]), [null]);
  const e = await t.throwsAsync(db.pool.query(`select app_private.record_deliveries($1, '{}'::jsonb)`, [eventId]));
  t.is((e as { detail?: string }).detail, 'invalid_input');
});

test('the API role may not call it (the route calls it through the owner pool)', async (t) => {
  for (const fn of ['app_private.record_deliveries(uuid, jsonb)', 'app_private.live_publish_deferred()']) {
    const { rows } = await db.pool.query(`select has_function_privilege('podium_app', $1, 'execute') as x`, [fn]);
    t.false(rows[0].x, fn);
  }
});
