import test from 'ava';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { FunctionFileError, MigrationChecksumError, migrate, readFunctionFiles, readMigrations } from '../../core/db/migrate.ts';
import { installJobQueue } from '../../core/db/job-queue.ts';
import { createPool } from '../../core/db/pool.ts';
import { createEmptyDatabase } from '../helpers/db.ts';
import { until } from '../helpers/until.ts';

test('five runners started together on a fresh database: no deadlock, each file applied once', async (t) => {
  const db = await createEmptyDatabase();
  try {
    const clients = await Promise.all(Array.from({ length: 5 }, async () => {
      const c = new pg.Client({ connectionString: db.url });
      await c.connect();
      return c;
    }));
    const results = await Promise.all(clients.map((c) => migrate(c)));
    await Promise.all(clients.map((c) => c.end()));
    const files = readMigrations();
    const functions = readFunctionFiles();
    t.is(results.filter((r) => r.applied.length === files.length && r.functions.length === functions.length).length, 1, 'exactly one runner applied the files');
    t.is(results.filter((r) => r.applied.length === 0 && r.functions.length === 0).length, 4);
    const c = new pg.Client({ connectionString: db.url });
    await c.connect();
    const { rows } = await c.query('select name, sha256 from app_private.migrations order by name');
    const fns = await c.query('select name, sha256 from app_private.function_files order by name');
    await c.end();
    t.deepEqual(rows, files.map((f) => ({ name: f.name, sha256: f.sha256 })));
    t.deepEqual(fns.rows, functions.map((f) => ({ name: f.name, sha256: f.sha256 })).sort((a, b) => (a.name < b.name ? -1 : 1)));
  } finally {
    await db.drop();
  }
});

test('an applied migration whose file changed stops the run with a clear error', async (t) => {
  const db = await createEmptyDatabase();
  const dir = mkdtempSync(path.join(os.tmpdir(), 'mig-'));
  writeFileSync(path.join(dir, '000001_one.sql'), 'create table app_private.t1 (id int);');
  const c = new pg.Client({ connectionString: db.url });
  await c.connect();
  try {
    t.deepEqual((await migrate(c, readMigrations(dir))).applied, ['000001_one.sql']);
    writeFileSync(path.join(dir, '000001_one.sql'), 'create table app_private.t1 (id bigint);');
    const err = await t.throwsAsync(() => migrate(c, readMigrations(dir)), { instanceOf: MigrationChecksumError });
    t.regex(err!.message, /000001_one\.sql was changed after it was applied/);
  } finally {
    await c.end();
    await db.drop();
  }
});

test('a failing migration leaves neither its changes nor its row behind', async (t) => {
  const db = await createEmptyDatabase();
  const dir = mkdtempSync(path.join(os.tmpdir(), 'mig-'));
  writeFileSync(path.join(dir, '000001_ok.sql'), 'create table app_private.ok (id int);');
  writeFileSync(path.join(dir, '000002_bad.sql'), 'create table app_private.half (id int); select 1/0;');
  const c = new pg.Client({ connectionString: db.url });
  await c.connect();
  try {
    await t.throwsAsync(() => migrate(c, readMigrations(dir)), { message: /000002_bad\.sql failed: division by zero/ });
    const { rows } = await c.query(`select name from app_private.migrations`);
    t.deepEqual(rows.map((r) => r.name), ['000001_ok.sql']);
    t.is((await c.query(`select to_regclass('app_private.half') as t`)).rows[0].t, null);
  } finally {
    await c.end();
    await db.drop();
  }
});

/** Waits until `pid` is blocked on the session advisory lock `key` (pg_locks, not a clock). */
async function waitUntilBlockedOn(observer: pg.Client, pid: number, key: number): Promise<void> {
  await until(`backend ${pid} to wait on advisory lock ${key}`, async () => (await observer.query(
    `select 1 from pg_locks where locktype = 'advisory' and pid = $1 and not granted and classid = 0 and objid = $2 and objsubid = 1`,
    [pid, key],
  )).rowCount, 30_000, 20);
}

test('the migrator serializes on advisory lock 7432001: it waits while another session holds that key', async (t) => {
  const db = await createEmptyDatabase();
  const holder = new pg.Client({ connectionString: db.url });
  const runner = new pg.Client({ connectionString: db.url });
  await holder.connect();
  await runner.connect();
  try {
    await holder.query('select pg_advisory_lock(7432001)');
    const runnerPid = (await runner.query('select pg_backend_pid() as pid')).rows[0].pid;
    let settled = false;
    const run = migrate(runner).finally(() => (settled = true));
    await waitUntilBlockedOn(holder, runnerPid, 7432001);
    t.false(settled);
    t.is((await holder.query(`select to_regclass('app_private.migrations') as t`)).rows[0].t, null, 'nothing applied while the lock is held');
    await holder.query('select pg_advisory_unlock(7432001)');
    t.is((await run).applied.length, readMigrations().length);
  } finally {
    await holder.end();
    await runner.end();
    await db.drop();
  }
});

test('the job-queue install serializes on advisory lock 7432004: it waits while another session holds that key', async (t) => {
  const db = await createEmptyDatabase();
  const holder = new pg.Client({ connectionString: db.url });
  await holder.connect();
  // createPool: its clients have error handlers, so the forced drop at the end (terminating a
  // connection the queue's install still held) cannot crash the test process.
  const pool = createPool(db.url, 3, 'jobq-install-under-test');
  try {
    await holder.query('select pg_advisory_lock(7432004)');
    let settled = false;
    const install = installJobQueue(pool).finally(() => (settled = true));
    await until('the job-queue install to wait on advisory lock 7432004', async () => (await holder.query(
      `select 1 from pg_locks l join pg_stat_activity a on a.pid = l.pid
        where a.application_name = 'jobq-install-under-test' and l.locktype = 'advisory' and not l.granted and l.classid = 0 and l.objid = 7432004 and l.objsubid = 1`,
    )).rowCount, 30_000, 20);
    t.false(settled);
    t.is((await holder.query(`select to_regclass('graphile_worker._private_jobs') as t`)).rows[0].t, null, 'nothing installed while the lock is held');
    await holder.query('select pg_advisory_unlock(7432004)');
    await install;
    t.not((await holder.query(`select to_regclass('graphile_worker._private_jobs') as t`)).rows[0].t, null);
  } finally {
    await holder.end();
    await pool.end();
    await db.drop();
  }
});

/** A folder of migrations and one of function files (`<schema>/<name>.sql`). */
function sources(migrations: Record<string, string>, functions: Record<string, string>) {
  const root = mkdtempSync(path.join(os.tmpdir(), 'sqlsrc-'));
  mkdirSync(path.join(root, 'migrations'));
  for (const [name, sql] of Object.entries(migrations)) writeFileSync(path.join(root, 'migrations', name), sql);
  for (const [name, sql] of Object.entries(functions)) {
    mkdirSync(path.join(root, 'functions', path.dirname(name)), { recursive: true });
    writeFileSync(path.join(root, 'functions', name), sql);
  }
  return () => ({ migrations: readMigrations(path.join(root, 'migrations')), functions: readFunctionFiles(path.join(root, 'functions')) });
}

test('function files: applied in dependency order around the migrations, again only when their hash changes', async (t) => {
  const db = await createEmptyDatabase();
  const c = new pg.Client({ connectionString: db.url });
  await c.connect();
  try {
    const read = sources(
      {
        // the table's default names a function; the policy names one whose signature needs the table
        '000001_table.sql': `create table app_private.items (id int primary key, made int not null default app_private.seed());`,
        '000002_policy.sql': `alter table app_private.items enable row level security;
          create policy items_own on app_private.items using (app_private.visible(items));`,
      },
      {
        'app_private/seed.sql': `create or replace function app_private.seed() returns int language sql immutable as $$ select 7 $$;`,
        'app_private/visible.sql': `create or replace function app_private.visible(i app_private.items) returns boolean language sql stable as $$ select i.id > 0 $$;`,
      },
    );
    const first = await migrate(c, read());
    t.deepEqual(first.applied, ['000001_table.sql', '000002_policy.sql']);
    t.deepEqual(first.functions.sort(), ['app_private/seed.sql', 'app_private/visible.sql']);
    await c.query('insert into app_private.items (id) values (1)');
    t.is((await c.query('select made from app_private.items')).rows[0].made, 7);
    t.deepEqual(await migrate(c, read()), { applied: [], functions: [] }, 'nothing changed, nothing applied');

    const changed = sources({}, { 'app_private/seed.sql': `create or replace function app_private.seed() returns int language sql immutable as $$ select 8 $$;` })();
    const again = await migrate(c, { migrations: read().migrations, functions: [...changed.functions, ...read().functions.filter((f) => f.name !== 'app_private/seed.sql')] });
    t.deepEqual(again, { applied: [], functions: ['app_private/seed.sql'] });
    t.is((await c.query('select app_private.seed() as v')).rows[0].v, 8);
  } finally {
    await c.end();
    await db.drop();
  }
});

test('a function file that cannot be applied stops the run, naming the file, and records nothing of it', async (t) => {
  const db = await createEmptyDatabase();
  const c = new pg.Client({ connectionString: db.url });
  await c.connect();
  try {
    const read = sources({ '000001_t.sql': 'create table app_private.t (id int);' }, {
      'app_private/ok.sql': `create or replace function app_private.ok() returns int language sql as $$ select 1 $$;`,
      // plpgsql bodies are only checked by the validator: this one names a column that is not there
      'app_private/broken.sql': `create or replace function app_private.broken() returns int language sql as $$ select nope from app_private.t $$;`,
    });
    const err = await t.throwsAsync(() => migrate(c, read()), { instanceOf: FunctionFileError });
    t.regex(err!.message, /sql\/functions\/app_private\/broken\.sql does not hold: column "nope" does not exist/);
    t.is((await c.query('select count(*)::int as n from app_private.function_files')).rows[0].n, 0, 'no hash recorded: the next boot tries again');

    const syntax = sources({}, { 'app_private/bad.sql': `create or replace functio app_private.bad() returns int language sql as $$ select 1 $$;` });
    const err2 = await t.throwsAsync(() => migrate(c, syntax()), { instanceOf: FunctionFileError });
    t.regex(err2!.message, /1 function file\(s\) cannot be applied: sql\/functions\/app_private\/bad\.sql: syntax error/);
  } finally {
    await c.end();
    await db.drop();
  }
});
