// submissions exception refused `judging_started`: the message names the actual cause, the
// clock passing the scheduled vote opening or voting having been opened (never
// "eligibility is locked" when nothing was locked); between the freeze and the vote
// opening the check passes.
import test from 'ava';
import { asUser } from '../../helpers/as.ts';
import { createTestDatabase, type TestDatabase } from '../../helpers/db.ts';
import * as seed from '../../../ops/harness/seed.ts';
import { teamIds } from '../../helpers/event.ts';

const RW = ['hackathon:read', 'hackathon:write'];
let db: TestDatabase;
let ws: { id: string };
let owner: string, rocket: string, eventId: string;

test.before(async () => {
  db = await createTestDatabase();
  ws = await seed.workspace(db.pool, 'Judging');
  owner = (await seed.member(db.pool, ws.id, 'owner@j.test', 'owner')).userId;
  const asOwner = asUser(db.pool, owner, ws.id, 'owner', RW);
  // Build ends in 25 h (freeze 15 min later); the vote opens in 26 h.
  await asOwner((c) => c.query(`select app.configure_event(0, 'Hack', 'UTC', app.now() + interval '1 hour', app.now() + interval '25 hours',
    app.now() + interval '26 hours', app.now() + interval '27 hours')`));
  await asOwner((c) => c.query(`select app.import_roster($1)`, [JSON.stringify([{ email: 'part@j.test', team: 'Rocket' }])]));
  rocket = (await teamIds(db.pool, ws.id)).Rocket!;
  eventId = (await db.pool.query('select id from app.events where workspace_id = $1', [ws.id])).rows[0].id;
});
test.after.always(() => db?.drop());

const setClockHours = (h: number) => db.pool.query('update app_private.clock set offset_seconds = $1', [h * 3600]);

async function check(): Promise<{ ok: true } | { code: string; message: string; details: Record<string, unknown> }> {
  try {
    await asUser(db.pool, owner, ws.id, 'owner', RW)((c) => c.query('select app.submission_exception_check($1)', [rocket]));
    return { ok: true };
  } catch (err) {
    const e = err as { detail?: string; message: string; hint?: string };
    return { code: e.detail ?? '', message: e.message, details: e.hint ? JSON.parse(e.hint) : {} };
  }
}

test.serial('after the freeze and before the vote opening: the check passes', async (t) => {
  await setClockHours(25.5);
  t.deepEqual(await check(), { ok: true });
});

test.serial('the clock past voteOpensAt (voting not opened): judging_started naming the scheduled opening', async (t) => {
  await setClockHours(26.5);
  const r = await check();
  const opens = (await db.pool.query(`select app_private.iso(vote_opens_at) as at from app.events where id = $1`, [eventId])).rows[0].at;
  t.like(r, { code: 'judging_started', message: `The scheduled vote opening (${opens}) has passed: exceptions are recorded before voting opens`, details: { cause: 'vote_opens_at_passed', voteOpensAt: opens } });
  t.notRegex((r as { message: string }).message, /eligibility|unlock/i);
});

test.serial('voting opened (before its scheduled time): judging_started naming the opening', async (t) => {
  await setClockHours(25.5);
  const opened = (await db.pool.query(`update app.events set voting_opened_at = app.now() where id = $1 returning app_private.iso(voting_opened_at) as at`, [eventId])).rows[0].at;
  try {
    const r = await check();
    t.like(r, { code: 'judging_started', message: `Voting opened at ${opened}: exceptions are recorded before voting opens`, details: { cause: 'voting_opened', votingOpenedAt: opened } });
    t.notRegex((r as { message: string }).message, /eligibility|unlock/i);
  } finally {
    await db.pool.query(`update app.events set voting_opened_at = null where id = $1`, [eventId]);
  }
});
