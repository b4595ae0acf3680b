// Browser sessions are made and ended by SQL functions: session_create writes the
// row (token sha256, account, expiry from app.now()) and its sign-in triggers fire;
// session_end deletes exactly one session.
import test from 'ava';
import { createHash, randomBytes } from 'node:crypto';
import { createTestDatabase, type TestDatabase } from '../helpers/db.ts';
import * as seed from '../../ops/harness/seed.ts';

let db: TestDatabase;
let ws: { id: string };

test.before(async () => {
  db = await createTestDatabase();
  ws = await seed.workspace(db.pool, 'Alpha');
});
test.after.always(() => db?.drop());

const tokenHash = () => createHash('sha256').update(randomBytes(32)).digest();
const authenticate = async (hash: Buffer) =>
  (await db.pool.query('select app_private.authenticate(null, $1, null, null) as r', [hash])).rows[0].r;

test('session_create writes the session for the given days from the server clock; it authenticates', async (t) => {
  const { userId } = await seed.member(db.pool, ws.id, 'one@a.test');
  const hash = tokenHash();
  const c = await db.pool.connect();
  let id: string;
  try {
    await c.query('begin');
    id = (await c.query('select app_private.session_create($1, $2, 30) as id', [hash, userId])).rows[0].id;
    const row = (await c.query(`select user_id, token_hash, expires_at = app.now() + interval '30 days' as thirty_days from app_private.sessions where id = $1`, [id])).rows[0];
    t.deepEqual(row, { user_id: userId, token_hash: hash, thirty_days: true });
    await c.query('commit');
  } finally {
    c.release();
  }
  t.like(await authenticate(hash), { via: 'session', sessionId: id, user: { id: userId } });
});

test('session_create fires the sign-in triggers: the sign-in is recorded and invitations are claimed', async (t) => {
  const { userId } = await seed.member(db.pool, ws.id, 'two@a.test');
  await db.pool.query('delete from app_private.sign_ins where user_id = $1', [userId]);
  await db.pool.query('select app_private.session_create($1, $2, 1)', [tokenHash(), userId]);
  t.is((await db.pool.query('select count(*)::int as n from app_private.sign_ins where user_id = $1', [userId])).rows[0].n, 1);
});

test('session_end ends that session only, and answers whether it existed', async (t) => {
  const { userId } = await seed.member(db.pool, ws.id, 'three@a.test');
  const [a, b] = [tokenHash(), tokenHash()];
  const idA = (await db.pool.query('select app_private.session_create($1, $2, 30) as id', [a, userId])).rows[0].id;
  await db.pool.query('select app_private.session_create($1, $2, 30)', [b, userId]);
  t.true((await db.pool.query('select app_private.session_end($1) as r', [idA])).rows[0].r);
  t.is(await authenticate(a), null, 'the ended session no longer authenticates');
  t.like(await authenticate(b), { via: 'session', user: { id: userId } }, 'the other session of the same person stays');
  t.false((await db.pool.query('select app_private.session_end($1) as r', [idA])).rows[0].r);
});
