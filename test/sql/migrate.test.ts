import test from 'ava';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { MigrationChecksumError, migrate, readMigrations } from '../../core/db/migrate.ts';
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
    t.is(results.filter((r) => r.applied.length === files.length).length, 1, 'exactly one runner applied the files');
    t.is(results.filter((r) => r.applied.length === 0).length, 4);
    const c = new pg.Client({ connectionString: db.url });
    await c.connect();
    const { rows } = await c.query('select name, sha256 from app_private.migrations order by name');
    await c.end();
    t.deepEqual(rows, files.map((f) => ({ name: f.name, sha256: f.sha256 })));
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
