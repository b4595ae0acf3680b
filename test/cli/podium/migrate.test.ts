// `podium migrate`, and what every database command does when its environment is wrong.
import test from 'ava';
import { readFunctionFiles, readMigrations } from '../../../core/db/migrate.ts';
import { createEmptyDatabase, createTestDatabase, type TestDatabase } from '../../helpers/db.ts';
import { parseJson, runPodium } from './run.ts';

let db: TestDatabase;
test.before(async () => {
  db = await createTestDatabase();
});
test.after.always(() => db?.drop());

test.serial('migrate on a migrated database prints "Schema up to date" and exits 0', async (t) => {
  const r = await runPodium(db, ['migrate']);
  t.is(r.code, 0, r.stderr);
  t.is(r.stdout, 'Schema up to date\n');
  t.is(r.stderr, '');
});

test.serial('migrate --json on a migrated database prints {"applied":[]}', async (t) => {
  const r = await runPodium(db, ['migrate', '--json']);
  t.is(r.code, 0, r.stderr);
  t.deepEqual(parseJson(r.stdout), { applied: [], functions: [] });
  t.is(r.stderr, '');
});

test.serial('migrate on an empty database applies every migration once', async (t) => {
  const empty = await createEmptyDatabase('podium_cli_m');
  try {
    const names = readMigrations().map((f) => f.name);
    const functions = readFunctionFiles().length;
    t.true(names.length > 0 && functions > 0);
    const first = await runPodium(empty.url, ['migrate']);
    t.is(first.code, 0, first.stderr);
    t.is(first.stdout, names.map((n) => `Applied ${n}\n`).join('') + `Applied ${functions} function files (sql/functions)\n`);
    const again = await runPodium(empty.url, ['migrate', '--json']);
    t.is(again.code, 0, again.stderr);
    t.deepEqual(parseJson(again.stdout), { applied: [], functions: [] });
    const r = await runPodium(empty.url, ['setup', '--workspace', 'Fresh', '--email', 'o@fresh.test', '--json']);
    t.is(r.code, 0, r.stderr);
    t.is(parseJson(r.stdout).workspace.name, 'Fresh');
  } finally {
    await empty.drop();
  }
});

test('a database that cannot be reached exits 4', async (t) => {
  const url = 'postgres://postgres@127.0.0.1:1/podium_nowhere';
  const r = await runPodium(url, ['migrate']);
  t.is(r.code, 4);
  t.regex(r.stderr, /^podium: cannot reach the database: .*ECONNREFUSED/);
  const json = await runPodium(url, ['workspace', 'create', 'Nope', '--json']);
  t.is(json.code, 4);
  t.regex(parseJson(json.stderr).error.message, /cannot reach the database/);
});

test('a bad configuration exits 4 naming the variable, before touching the database', async (t) => {
  const r = await runPodium(db, ['workspace', 'create', 'Nope'], { env: { AUTH_SECRET: 'too-short' } });
  t.is(r.code, 4);
  t.regex(r.stderr, /AUTH_SECRET must be at least 32 characters/);
  t.is((await db.pool.query(`select count(*)::int as n from app.workspaces`)).rows[0].n, 0);
});
