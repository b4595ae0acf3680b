import test from 'ava';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { MigrationChecksumError, migrate, readMigrations } from '../../core/db/migrate.ts';
import { createEmptyDatabase } from '../helpers/db.ts';

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
