// Row-level security on every identity table: an allow and a deny for each policy.
import test from 'ava';
import { asAnon, asUser } from '../helpers/as.ts';
import { createTestDatabase, type TestDatabase } from '../helpers/db.ts';
import * as seed from '../../ops/harness/seed.ts';

let db: TestDatabase;
let a: { id: string }, b: { id: string };
let alice: string, amos: string, bob: string;
test.before(async () => {
  db = await createTestDatabase();
  a = await seed.workspace(db.pool, 'Alpha');
  b = await seed.workspace(db.pool, 'Beta');
  alice = (await seed.member(db.pool, a.id, 'alice@a.test', 'owner')).userId;
  amos = (await seed.member(db.pool, a.id, 'amos@a.test', 'member')).userId;
  bob = (await seed.member(db.pool, b.id, 'bob@b.test', 'owner')).userId;
  await seed.key(db.pool, 'alice@a.test', 'deck');
  await seed.key(db.pool, 'bob@b.test', 'deck');
});
test.after.always(() => db?.drop());

test('the API role has no BYPASSRLS and every app table has row-level security on', async (t) => {
  const { rows } = await db.pool.query(`select rolbypassrls, rolsuper from pg_roles where rolname = 'podium_app'`);
  t.deepEqual(rows[0], { rolbypassrls: false, rolsuper: false });
  const tables = await db.pool.query(`select relname, relrowsecurity from pg_class c join pg_namespace n on n.oid = c.relnamespace where n.nspname = 'app' and c.relkind = 'r'`);
  t.true(tables.rows.length >= 3);
  for (const r of tables.rows) t.true(r.relrowsecurity, `${r.relname} has RLS`);
});

test('users_select allows yourself and fellow members of the workspace you act in', async (t) => {
  const rows = await asUser(db.pool, alice, a.id, 'owner')((c) => c.query('select email from app.users order by email'));
  t.deepEqual(rows.rows.map((r) => r.email), ['alice@a.test', 'amos@a.test']);
});

test('users_select denies members of another workspace, and anonymous callers see nobody', async (t) => {
  const seen = await asUser(db.pool, bob, b.id, 'owner')((c) => c.query('select email from app.users order by email'));
  t.deepEqual(seen.rows.map((r) => r.email), ['bob@b.test']);
  // Claiming a workspace you are not a member of shows nobody of it.
  const claimed = await asUser(db.pool, bob, a.id, 'owner')((c) => c.query('select email from app.users order by email'));
  t.deepEqual(claimed.rows.map((r) => r.email), ['bob@b.test']);
  t.is((await asAnon(db.pool)((c) => c.query('select id, email, name from app.users'))).rowCount, 0);
});

test('the directory columns: two-factor state and default workspace are not selectable by podium_app at all (000121)', async (t) => {
  for (const column of ['two_factor_enabled', 'default_workspace_id', '*']) {
    await t.throwsAsync(() => asUser(db.pool, bob, b.id, 'owner')((c) => c.query(`select ${column} from app.users`)), { message: /permission denied/ }, column);
  }
});

test('workspaces_select allows your workspaces and denies the others', async (t) => {
  const seen = await asUser(db.pool, amos, a.id)((c) => c.query('select name from app.workspaces'));
  t.deepEqual(seen.rows.map((r) => r.name), ['Alpha']);
  const bobs = await asUser(db.pool, bob, a.id)((c) => c.query('select name from app.workspaces'));
  t.deepEqual(bobs.rows.map((r) => r.name), ['Beta']);
});

test('memberships_select allows your own rows and your workspace; denies other workspaces', async (t) => {
  const seen = await asUser(db.pool, amos, a.id)((c) => c.query('select user_id from app.memberships'));
  t.is(seen.rowCount, 2);
  const bobs = await asUser(db.pool, bob, a.id)((c) => c.query('select user_id from app.memberships'));
  t.deepEqual(bobs.rows.map((r) => r.user_id), [bob]);
});

test('the API role cannot write identity tables directly nor read app_private', async (t) => {
  const as = asUser(db.pool, alice, a.id, 'owner');
  await t.throwsAsync(() => as((c) => c.query(`insert into app.workspaces (name) values ('Sneaky')`)), { message: /permission denied/ });
  await t.throwsAsync(() => as((c) => c.query(`update app.memberships set role = 'owner'`)), { message: /permission denied/ });
  await t.throwsAsync(() => as((c) => c.query(`delete from app.users`)), { message: /permission denied/ });
  await t.throwsAsync(() => as((c) => c.query(`select * from app_private.api_keys`)), { message: /permission denied/ });
  await t.throwsAsync(() => as((c) => c.query(`select app_private.create_workspace('x')`)), { message: /permission denied/ });
});

test('my_api_keys lists only your own keys and never a hash', async (t) => {
  const mine = await asUser(db.pool, alice, a.id)((c) => c.query('select * from app.my_api_keys'));
  t.is(mine.rowCount, 1);
  t.false('token_hash' in mine.rows[0]);
  t.is((await asAnon(db.pool)((c) => c.query('select * from app.my_api_keys'))).rowCount, 0);
});

test('the clock is one SQL function and follows the test offset', async (t) => {
  await db.pool.query('update app_private.clock set offset_seconds = 3600');
  const { rows } = await db.pool.query(`select extract(epoch from app.now() - now())::int as d`);
  await db.pool.query('update app_private.clock set offset_seconds = 0');
  t.is(rows[0].d, 3600);
});
