// app_private.refuse_look_alike (000270) under concurrency: two transactions letting look-alikes
// into one workspace at once would each check a workspace without the other's address. The
// check locks the workspace's doors first, so the second waits for the first and is refused.
import test from 'ava';
import { createTestDatabase, type TestDatabase } from '../helpers/db.ts';
import * as seed from '../helpers/seed.ts';
import { until } from '../helpers/until.ts';

let db: TestDatabase;
let ws: { id: string };
test.before(async () => {
  db = await createTestDatabase();
  ws = await seed.workspace(db.pool, 'Alpha');
});
test.after.always(() => db?.drop());

test('two invitations of look-alikes at once: the second waits for the first, then is refused', async (t) => {
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
