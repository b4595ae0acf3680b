// app_private.refuse_look_alike under concurrency: two transactions letting look-alikes
// into one workspace at once would each check a workspace without the other's address. The
// check locks the workspace's doors first, so the second waits for the first and is refused.
import test from 'ava';
import { createTestDatabase, type TestDatabase } from '../helpers/db.ts';
import * as seed from '../../ops/harness/seed.ts';
import { until } from '../../ops/harness/until.ts';

let db: TestDatabase;
let ws: { id: string };
test.before(async () => {
  db = await createTestDatabase();
  ws = await seed.workspace(db.pool, 'Alpha');
});
test.after.always(() => db?.drop());

test.serial('two invitations of look-alikes at once: the second waits for the first, then is refused', async (t) => {
  const first = await db.pool.connect();
  const second = await db.pool.connect();
  try {
    await first.query('begin');
    await first.query(`select app_private.invite($1, 'p1@a.test', 'member', 'invite', null, false)`, [ws.id]);
    const pid = (await second.query('select pg_backend_pid() as p')).rows[0].p;
    await second.query('begin');
    const refused = second.query(`select app_private.invite($1, $2, 'member', 'invite', null, false)`, [ws.id, '\uFF50\uFF11@a.test'])
      .then(() => null, (e: { detail?: string; message: string }) => e);
    await until('the second transaction to wait for the workspace', async () =>
      (await db.pool.query(`select 1 from pg_locks where pid = $1 and locktype = 'advisory' and granted is false`, [pid])).rowCount);
    await first.query('commit');
    const e = await refused;
    t.is(e?.detail, 'email_confusable', e?.message);
    t.regex(e!.message, /p1@a\.test/);
    await second.query('rollback');
  } finally {
    first.release();
    second.release();
  }
  const { rows } = await db.pool.query(`select email from app_private.invitations where workspace_id = $1`, [ws.id]);
  t.deepEqual(rows.map((r) => r.email), ['p1@a.test']);
});

test.serial('renewing an invitation while its link is accepted: one waits for the other, never a deadlock', async (t) => {
  const inv = (await db.pool.query(`select app_private.invite($1, 'renew@a.test', 'member', 'invite', null, false) as r`, [ws.id])).rows[0].r;
  const hash = Buffer.alloc(32, 7);
  await db.pool.query(`select app_private.invitation_issue($1, $2)`, [inv.id, hash]);
  const renewing = await db.pool.connect();
  const accepting = await db.pool.connect();
  try {
    await renewing.query('begin');
    await renewing.query(`select app_private.lock_workspace_doors($1)`, [ws.id]); // as invite's check does, first
    const pid = (await accepting.query('select pg_backend_pid() as p')).rows[0].p;
    const accepted = accepting.query(`select app_private.accept_invitation($1, null, null, null)`, [hash]).then(() => null, (e: { code?: string; detail?: string }) => e);
    await until('the acceptance to wait for the workspace', async () =>
      (await db.pool.query(`select 1 from pg_locks where pid = $1 and locktype = 'advisory' and granted is false`, [pid])).rowCount);
    // The renewal locks the invitation's row, which the waiting acceptance does not hold.
    await renewing.query(`select app_private.invite($1, 'renew@a.test', 'admin', 'invite', null, true)`, [ws.id]);
    await renewing.query('commit');
    const e = await accepted;
    t.not(e?.code, '40P01', 'no deadlock');
    t.is(e?.detail, 'invitation_invalid', 'the renewal replaced the link');
  } finally {
    renewing.release();
    accepting.release();
  }
});
