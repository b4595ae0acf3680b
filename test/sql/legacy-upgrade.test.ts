// A database migrated by the numbered migrations up to 000306 (the layout before function files)
// upgrades to the baseline + sql/functions layout with no change in behaviour: every function,
// view, policy and trigger reads the same as on a database built fresh from the new layout.
// The fixture is a pg_dump (schema and seeded rows) of such a database, taken before the change.
import test from 'ava';
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import pg from 'pg';
import { LEGACY_LAST, LegacyDatabaseError, migrate, readFunctionFiles, readMigrations } from '../../core/db/migrate.ts';
import { createEmptyDatabase, createTestDatabase } from '../helpers/db.ts';

const FIXTURE = new URL('../fixtures/legacy-000306.sql.gz', import.meta.url);

async function legacyDatabase() {
  const db = await createEmptyDatabase('podium_legacy');
  const c = new pg.Client({ connectionString: db.url });
  await c.connect();
  // Roles are cluster-wide: the dump grants to them but cannot make them.
  await c.query(`do $$ begin
    if not exists (select 1 from pg_roles where rolname = 'podium_app') then create role podium_app nologin; end if;
    if not exists (select 1 from pg_roles where rolname = 'podium_hub') then create role podium_hub nologin; end if;
  exception when duplicate_object or unique_violation then null; end $$`);
  await c.query(gunzipSync(readFileSync(FIXTURE)).toString('utf8'));
  await c.end();
  return db;
}

/** Everything that carries behaviour and is defined by function files or policies, keyed by name. */
async function rules(url: string) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    const schemas = ['app', 'app_private', 'hub', 'hub_private'];
    const q = async (sql: string) => (await c.query(sql, [schemas])).rows;
    return {
      functions: await q(`select p.oid::regprocedure::text as sig, pg_get_functiondef(p.oid) as def, (select array_agg(x::text order by x::text) from unnest(p.proacl) x)::text as acl,
                                 obj_description(p.oid, 'pg_proc') as comment
                            from pg_proc p join pg_namespace n on n.oid = p.pronamespace where n.nspname = any($1) order by 1`),
      views: await q(`select c.oid::regclass::text as name, pg_get_viewdef(c.oid, true) as def, c.reloptions::text as options, (select array_agg(x::text order by x::text) from unnest(c.relacl) x)::text as acl
                        from pg_class c join pg_namespace n on n.oid = c.relnamespace where c.relkind = 'v' and n.nspname = any($1) order by 1`),
      policies: await q(`select schemaname, tablename, policyname, permissive, roles::text, cmd, qual, with_check
                           from pg_policies where schemaname = any($1) order by 1, 2, 3`),
      triggers: await q(`select pg_get_triggerdef(t.oid) as def from pg_trigger t join pg_class c on c.oid = t.tgrelid
                           join pg_namespace n on n.oid = c.relnamespace where not t.tgisinternal and n.nspname = any($1) order by 1`),
    };
  } finally {
    await c.end();
  }
}

test('a database at the last numbered migration upgrades in place: the baseline is recorded, every function reads the same', async (t) => {
  const legacy = await legacyDatabase();
  const fresh = await createTestDatabase();
  const c = new pg.Client({ connectionString: legacy.url });
  await c.connect();
  try {
    const result = await migrate(c);
    t.deepEqual(result.applied, readMigrations().map((f) => f.name).filter((n) => !n.startsWith('000000_')), 'only migrations newer than the baseline run');
    t.is(result.functions.length, readFunctionFiles().length, 'every function file applied once');
    const { rows } = await c.query(`select name from app_private.migrations where name like '000000_baseline_%' order by name`);
    t.deepEqual(rows.map((r) => r.name), readMigrations().map((f) => f.name).filter((n) => n.startsWith('000000_')));
    const before = await rules(fresh.url);
    const after = await rules(legacy.url);
    t.true(before.functions.length > 400);
    t.deepEqual(after.functions, before.functions);
    t.deepEqual(after.views, before.views);
    t.deepEqual(after.policies, before.policies);
    t.deepEqual(after.triggers, before.triggers);
    t.deepEqual(await migrate(c), { applied: [], functions: [] }, 'a second start changes nothing');
  } finally {
    await c.end();
    await legacy.drop();
    await fresh.drop();
  }
});

test('a database stopped before the last numbered migration is refused with how to upgrade it', async (t) => {
  const legacy = await legacyDatabase();
  const c = new pg.Client({ connectionString: legacy.url });
  await c.connect();
  try {
    await c.query('delete from app_private.migrations where name = $1', [LEGACY_LAST]);
    const err = await t.throwsAsync(() => migrate(c), { instanceOf: LegacyDatabaseError });
    t.regex(err!.message, /migrated up to 000305_\w+\.sql by an older Podium; this one continues from 000306_deck_preview\.sql/);
    t.is((await c.query(`select count(*)::int as n from app_private.migrations where name like '000000_%'`)).rows[0].n, 0, 'nothing recorded');
  } finally {
    await c.end();
    await legacy.drop();
  }
});
