// Row-level security of the hub's tables (role podium_hub, identity in hub.account_id): an
// allow and a deny for each policy, and hub_private out of reach.
import test from 'ava';
import type pg from 'pg';
import { sha256 } from '../../core/crypto.ts';
import { createTestDatabase, type TestDatabase } from '../helpers/db.ts';

let db: TestDatabase;
let ann: string, gus: string;
test.before(async () => {
  db = await createTestDatabase();
  const q = (sql: string, p: unknown[]) => db.pool.query(sql, p).then((r) => r.rows[0].r);
  await q('select hub_private.register_instance($1, $2, $3) as r', ['https://a.test', 'A', sha256('a'.repeat(40))]);
  await q('select hub_private.register_instance($1, $2, $3) as r', ['https://b.test', 'B', sha256('b'.repeat(40))]);
  const acme = await q('select hub_private.create_organization($1, $2, $3) as r', ['Acme', 'https://a.test', ['deck']]);
  const globex = await q('select hub_private.create_organization($1, $2, $3) as r', ['Globex', 'https://b.test', ['hackathon']]);
  ann = (await q('select hub_private.add_organization_member($1, $2, $3) as r', [acme.id, 'ann@acme.test', 'owner'])).id;
  gus = (await q('select hub_private.add_organization_member($1, $2, $3) as r', [globex.id, 'gus@globex.test', 'member'])).id;
  await q('select hub_private.set_team($1, $2, $3, $4) as r', [acme.id, 'design', 'Design', ['ann@acme.test']]);
  await q('select hub_private.set_team($1, $2, $3, $4) as r', [globex.id, 'ops', 'Ops', ['gus@globex.test']]);
});
test.after.always(() => db?.drop());

async function as<T>(account: string | null, fn: (c: pg.PoolClient) => Promise<T>): Promise<T> {
  const c = await db.pool.connect();
  try {
    await c.query('begin');
    await c.query(`select set_config('role', 'podium_hub', true), set_config('hub.account_id', $1, true)`, [account ?? '']);
    return await fn(c);
  } finally {
    await c.query('rollback');
    c.release();
  }
}
const col = (sql: string) => async (c: pg.PoolClient) => (await c.query(sql)).rows.map((r) => Object.values(r)[0]);

test('podium_hub has no BYPASSRLS and every hub table has row-level security on', async (t) => {
  const { rows } = await db.pool.query(`select rolbypassrls, rolsuper from pg_roles where rolname = 'podium_hub'`);
  t.deepEqual(rows[0], { rolbypassrls: false, rolsuper: false });
  const tables = await db.pool.query(`select relname, relrowsecurity from pg_class c join pg_namespace n on n.oid = c.relnamespace where n.nspname = 'hub' and c.relkind = 'r'`);
  t.is(tables.rows.length, 6);
  for (const r of tables.rows) t.true(r.relrowsecurity, `${r.relname} has RLS`);
});

for (const [policy, sql, annSees, gusSees] of [
  ['accounts_select', 'select email from hub.accounts', ['ann@acme.test'], ['gus@globex.test']],
  ['organizations_select', 'select name from hub.organizations', ['Acme'], ['Globex']],
  ['instances_select', 'select url from hub.instances', ['https://a.test'], ['https://b.test']],
  ['memberships_select', 'select role from hub.memberships', ['owner'], ['member']],
  ['teams_select', 'select slug from hub.teams', ['design'], ['ops']],
  ['team_members_select', 'select t.slug from hub.team_members m join hub.teams t on t.id = m.team_id', ['design'], ['ops']],
] as const) {
  test(`${policy}: allows the account's own rows, denies another organization's and an anonymous caller`, async (t) => {
    t.deepEqual(await as(ann, col(sql)), [...annSees]);
    t.deepEqual(await as(gus, col(sql)), [...gusSees]);
    t.deepEqual(await as(null, col(sql)), []);
  });
}

test('hub_private is out of reach of podium_hub, but for the one helper it is granted', async (t) => {
  for (const table of ['logins', 'grants', 'login_codes', 'instance_secrets', 'signing_keys', 'account_secrets']) {
    await t.throwsAsync(as(ann, (c) => c.query(`select * from hub_private.${table}`)), { message: /permission denied/ }, table);
  }
  await t.throwsAsync(as(ann, (c) => c.query(`select hub_private.published_keys()`)), { message: /permission denied/ });
  t.deepEqual(await as(ann, col(`select hub.my_account() ->> 'email'`)), ['ann@acme.test']);
  await t.throwsAsync(as(ann, (c) => c.query(`update hub.accounts set email = 'x@y.z'`)), { message: /permission denied/ });
});
