// Forward-only numbered migrations (after graphile-worker's sql/000001.sql...).
// One runner at a time per database: pg_advisory_lock(7432001) (multi-replica rule 1).
// Each file is applied in its own transaction together with its row in
// app_private.migrations (name, sha256, applied_at). A changed applied file stops the boot.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type pg from 'pg';

export const MIGRATION_LOCK_KEY = 7432001;
export const MIGRATIONS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../sql/migrations');

export interface MigrationFile {
  name: string;
  sha256: string;
  sql: string;
}

export class MigrationChecksumError extends Error {}

export function readMigrations(dir = MIGRATIONS_DIR): MigrationFile[] {
  return readdirSync(dir)
    .filter((f) => /^\d{6}_[a-z0-9_]+\.sql$/.test(f))
    .sort()
    .map((name) => {
      const sql = readFileSync(path.join(dir, name), 'utf8');
      return { name, sql, sha256: createHash('sha256').update(sql).digest('hex') };
    });
}

/** A digest of every migration file: names the test template database so edits rebuild it. */
export function migrationsDigest(files = readMigrations()): string {
  const h = createHash('sha256');
  for (const f of files) h.update(f.name).update(f.sha256);
  return h.digest('hex').slice(0, 12);
}

export interface MigrateResult {
  applied: string[];
}

export async function migrate(client: pg.ClientBase, files = readMigrations()): Promise<MigrateResult> {
  await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
  try {
    await client.query(`create schema if not exists app_private`);
    await client.query(`create table if not exists app_private.migrations (
      name text primary key,
      sha256 text not null,
      applied_at timestamptz not null default now()
    )`);
    const { rows } = await client.query<{ name: string; sha256: string }>('select name, sha256 from app_private.migrations');
    const done = new Map(rows.map((r) => [r.name, r.sha256]));
    for (const [name, sha] of done) {
      const file = files.find((f) => f.name === name);
      if (file && file.sha256 !== sha) {
        throw new MigrationChecksumError(
          `migration ${name} was changed after it was applied (recorded sha256 ${sha.slice(0, 12)}, file ${file.sha256.slice(0, 12)}); ` +
            'applied migrations are never edited: restore the file and add a new migration',
        );
      }
    }
    const applied: string[] = [];
    for (const file of files) {
      if (done.has(file.name)) continue;
      await client.query('begin');
      try {
        await client.query(file.sql);
        await client.query('insert into app_private.migrations (name, sha256) values ($1, $2)', [file.name, file.sha256]);
        await client.query('commit');
      } catch (err) {
        await client.query('rollback');
        throw Object.assign(new Error(`migration ${file.name} failed: ${(err as Error).message}`), { cause: err });
      }
      applied.push(file.name);
    }
    return { applied };
  } finally {
    await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
  }
}

/** migrate() on a client of its own from the pool. */
export async function migratePool(pool: pg.Pool, files = readMigrations()): Promise<MigrateResult> {
  const client = await pool.connect();
  try {
    return await migrate(client, files);
  } finally {
    client.release();
  }
}
