// Real Postgres, fast: one migrated template database per migration digest, built once
// under an advisory lock; every test file clones it with CREATE DATABASE ... TEMPLATE.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { installJobQueue } from '../../core/db/job-queue.ts';
import { migratePool, migrationsDigest } from '../../core/db/migrate.ts';
import { createPool } from '../../core/db/pool.ts';

const TEMPLATE_LOCK = 7432999;

export function databaseUrl(): string {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error('DATABASE_URL is not set: run the suite with npm test');
  return url;
}

export function urlFor(database: string): string {
  const u = new URL(databaseUrl());
  u.pathname = '/' + database;
  return u.toString();
}

async function admin<T>(fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: urlFor('postgres') });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}

/** An empty database (not migrated): for migration-runner and replica tests. */
export async function createEmptyDatabase(prefix = 'podium_e'): Promise<{ name: string; url: string; drop(): Promise<void> }> {
  const name = `${prefix}_${process.pid}_${randomBytes(4).toString('hex')}`;
  await admin((c) => c.query(`create database ${name}`));
  return { name, url: urlFor(name), drop: () => dropDatabase(name) };
}

export async function dropDatabase(name: string): Promise<void> {
  await admin((c) => c.query(`drop database if exists ${name} with (force)`));
}

async function ensureTemplate(): Promise<string> {
  const template = `podium_tpl_${migrationsDigest()}`;
  await admin(async (c) => {
    await c.query('select pg_advisory_lock($1)', [TEMPLATE_LOCK]);
    try {
      const { rowCount } = await c.query('select 1 from pg_database where datname = $1', [template]);
      if (rowCount) return;
      const building = `${template}_build`;
      await c.query(`drop database if exists ${building} with (force)`);
      await c.query(`create database ${building}`);
      const pool = createPool(urlFor(building), 2);
      try {
        await migratePool(pool);
        await installJobQueue(pool);
      } finally {
        await pool.end();
      }
      await c.query(`alter database ${building} rename to ${template}`);
      // Older templates of edited migrations are of no further use.
      const old = await c.query(`select datname from pg_database where datname like 'podium_tpl_%' and datname <> $1 and datname not like '%_build'`, [template]);
      for (const r of old.rows) await c.query(`drop database if exists ${r.datname} with (force)`).catch(() => {});
    } finally {
      await c.query('select pg_advisory_unlock($1)', [TEMPLATE_LOCK]);
    }
  });
  return template;
}

export interface TestDatabase {
  name: string;
  url: string;
  pool: pg.Pool;
  drop(): Promise<void>;
}

/** A migrated database of its own for one test file. */
export async function createTestDatabase(): Promise<TestDatabase> {
  const template = await ensureTemplate();
  const name = `podium_t_${process.pid}_${randomBytes(4).toString('hex')}`;
  await admin((c) => c.query(`create database ${name} template ${template}`));
  const url = urlFor(name);
  const pool = createPool(url, 10);
  return {
    name,
    url,
    pool,
    async drop() {
      await pool.end();
      await dropDatabase(name);
    },
  };
}
