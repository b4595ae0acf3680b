// Every function or relation a SQL body names exists. PL/pgSQL binds names when a body runs,
// so a migration that redefines a function from an older body (one written before a helper
// was folded and dropped) is accepted and fails only when called: this finds it at once.
import test from 'ava';
import { createTestDatabase, type TestDatabase } from '../helpers/db.ts';

let db: TestDatabase;
test.before(async () => {
  db = await createTestDatabase();
});
test.after.always(() => db?.drop());

test('every app and app_private name called in a function body exists', async (t) => {
  const { rows } = await db.pool.query(`
    with bodies as (
      select p.oid::regprocedure::text as f, p.prosrc from pg_proc p
       where p.pronamespace in ('app'::regnamespace, 'app_private'::regnamespace)),
    named as (
      select b.f, m[1] as schema, m[2] as name from bodies b,
        regexp_matches(b.prosrc, '\\m(app|app_private)\\.([a-z_][a-z0-9_]*)\\s*\\(', 'g') m)
    select distinct n.f, n.schema || '.' || n.name as missing from named n
     where not exists (select 1 from pg_proc q where q.pronamespace = n.schema::regnamespace and q.proname = n.name)
       and not exists (select 1 from pg_class c where c.relnamespace = n.schema::regnamespace and c.relname = n.name)
       and not exists (select 1 from pg_type y where y.typnamespace = n.schema::regnamespace and y.typname = n.name)
     order by 1, 2`);
  t.deepEqual(rows, []);
  const { rows: [{ n }] } = await db.pool.query(`select count(*)::int as n from pg_proc p
    where p.pronamespace in ('app'::regnamespace, 'app_private'::regnamespace) and p.prosrc ~ 'app_private\\.require_scope\\('`);
  t.true(n > 20, 'the positive control: bodies calling require_scope are found');
});
