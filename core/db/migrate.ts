// Two kinds of SQL, applied under one advisory lock (multi-replica rule 1):
//
// - Forward-only numbered migrations, sql/migrations/NNNNNN_<what>.sql (after graphile-worker's
//   sql/000001.sql...): tables, columns, indexes, policies, triggers, grants on tables. Each runs
//   in its own transaction together with its row in app_private.migrations (name, sha256); a
//   changed applied file stops the boot.
// - Function files, sql/functions/<schema>/<name>.sql: every function and view, written once as
//   `create or replace` (Flyway's repeatable migrations, graphile-migrate's current.sql). A file is
//   applied again whenever its sha256 differs from the one recorded in app_private.function_files.
//
// Order: function files depend on types and tables (their signatures), and tables, policies and
// triggers depend on functions (defaults, checks, policy helpers). So before each pending
// migration the runner creates every pending function file it can (check_function_bodies off,
// a savepoint per file: one whose types do not exist yet waits for the migration that makes
// them), and after the last migration it applies the rest and validates every file it applied
// with bodies checked. A file that still fails stops the boot, naming the file and the error.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type pg from 'pg';

export const MIGRATION_LOCK_KEY = 7432001;
const SQL_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../sql');
export const MIGRATIONS_DIR = path.join(SQL_DIR, 'migrations');
export const FUNCTIONS_DIR = path.join(SQL_DIR, 'functions');

/**
 * The numbered migrations up to 000306 were folded into the three 000000_baseline_* files. A
 * database that ran them all has the baseline already: the runner records the baseline as applied
 * there. One that stopped earlier must first be upgraded by a Podium of that time.
 */
export const LEGACY_LAST = '000306_deck_preview.sql';
const LEGACY_END = '000307';
const BASELINE_PREFIX = '000000_baseline_';

export interface SqlFile {
  name: string;
  sha256: string;
  sql: string;
}
export type MigrationFile = SqlFile;

export class MigrationChecksumError extends Error {}
export class FunctionFileError extends Error {}
export class LegacyDatabaseError extends Error {}

/** undefined_function, undefined_table, undefined_object, invalid_schema_name. */
const MISSING_OBJECT = new Set(['42883', '42P01', '42704', '3F000']);

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

export function readMigrations(dir = MIGRATIONS_DIR): MigrationFile[] {
  return readdirSync(dir)
    .filter((f) => /^\d{6}_[a-z0-9_]+\.sql$/.test(f))
    .sort()
    .map((name) => {
      const sql = readFileSync(path.join(dir, name), 'utf8');
      return { name, sql, sha256: sha256(sql) };
    });
}

/** Every sql/functions/<schema>/<name>.sql, named `<schema>/<name>.sql`, in path order. */
export function readFunctionFiles(dir = FUNCTIONS_DIR): SqlFile[] {
  let schemas: string[];
  try {
    schemas = readdirSync(dir, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name).sort();
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw err;
  }
  return schemas.flatMap((schema) =>
    readdirSync(path.join(dir, schema))
      .filter((f) => /^[a-z0-9_]+\.sql$/.test(f))
      .sort()
      .map((f) => {
        const sql = readFileSync(path.join(dir, schema, f), 'utf8');
        return { name: `${schema}/${f}`, sql, sha256: sha256(sql) };
      }),
  );
}

export interface SqlSources {
  migrations: MigrationFile[];
  functions: SqlFile[];
}

export function readSqlSources(): SqlSources {
  return { migrations: readMigrations(), functions: readFunctionFiles() };
}

/** A digest of every migration and function file: names the test template database so edits rebuild it. */
export function migrationsDigest(sources: SqlSources = readSqlSources()): string {
  const h = createHash('sha256');
  for (const f of sources.migrations) h.update(f.name).update(f.sha256);
  h.update('\0functions\0');
  for (const f of sources.functions) h.update(f.name).update(f.sha256);
  return h.digest('hex').slice(0, 12);
}

export interface MigrateResult {
  applied: string[];
  /** Function files applied in this run (new or changed). */
  functions: string[];
}

/** Pass a list of migrations (tests), or the sources; by default sql/ as it is on disk. */
export async function migrate(client: pg.ClientBase, sources: MigrationFile[] | SqlSources = readSqlSources()): Promise<MigrateResult> {
  const { migrations, functions } = Array.isArray(sources) ? { migrations: sources, functions: [] } : sources;
  await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
  try {
    await client.query(`create schema if not exists app_private`);
    await client.query(`create table if not exists app_private.migrations (
      name text primary key,
      sha256 text not null,
      applied_at timestamptz not null default now()
    )`);
    await client.query(`create table if not exists app_private.function_files (
      name text primary key,
      sha256 text not null,
      applied_at timestamptz not null default now()
    )`);
    await client.query(`comment on table app_private.function_files is 'Each sql/functions/<schema>/<name>.sql file as last applied (core/db/migrate.ts): applied again when its sha256 changes.'`);
    const done = await recorded(client, 'migrations');
    await adoptLegacy(client, migrations, done);
    for (const [name, sha] of done) {
      const file = migrations.find((f) => f.name === name);
      if (file && file.sha256 !== sha) {
        throw new MigrationChecksumError(
          `migration ${name} was changed after it was applied (recorded sha256 ${sha.slice(0, 12)}, file ${file.sha256.slice(0, 12)}); ` +
            'applied migrations are never edited: restore the file and add a new migration',
        );
      }
    }
    const fnDone = await recorded(client, 'function_files');
    const pendingFns = functions.filter((f) => fnDone.get(f.name) !== f.sha256);
    const appliedFns: SqlFile[] = [];
    const applyFunctions = async (final: boolean) => {
      if (pendingFns.length > 0) appliedFns.push(...(await applyFunctionFiles(client, pendingFns, final)));
    };
    const applied: string[] = [];
    for (const file of migrations) {
      if (done.has(file.name)) continue;
      // The first migration of an upgrade sees the functions as this release writes them.
      if (applied.length === 0) await applyFunctions(false);
      const run = () =>
        inTransaction(client, `migration ${file.name}`, async () => {
          await client.query(file.sql);
          await client.query('insert into app_private.migrations (name, sha256) values ($1, $2)', [file.name, file.sha256]);
        });
      try {
        await run();
      } catch (err) {
        // A table default, a check, a policy or a trigger names a function whose file waited
        // for this migration's types: apply what can be applied now, and run it once more.
        if (!MISSING_OBJECT.has((err as { cause?: { code?: string } }).cause?.code ?? '') || pendingFns.length === 0) throw err;
        await applyFunctions(false);
        await run();
      }
      applied.push(file.name);
    }
    await applyFunctions(true);
    if (appliedFns.length > 0) await validateFunctionFiles(client, appliedFns);
    return { applied, functions: appliedFns.map((f) => f.name) };
  } finally {
    await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
  }
}

async function recorded(client: pg.ClientBase, table: 'migrations' | 'function_files'): Promise<Map<string, string>> {
  const { rows } = await client.query<{ name: string; sha256: string }>(`select name, sha256 from app_private.${table}`);
  return new Map(rows.map((r) => [r.name, r.sha256]));
}

async function inTransaction(client: pg.ClientBase, what: string, fn: () => Promise<void>): Promise<void> {
  await client.query('begin');
  try {
    await fn();
    await client.query('commit');
  } catch (err) {
    await client.query('rollback');
    if (err instanceof FunctionFileError) throw err;
    throw Object.assign(new Error(`${what} failed: ${(err as Error).message}`), { cause: err });
  }
}

/** A database migrated by the numbered files up to LEGACY_LAST holds the baseline: record it so. */
async function adoptLegacy(client: pg.ClientBase, migrations: MigrationFile[], done: Map<string, string>): Promise<void> {
  const baseline = migrations.filter((f) => f.name.startsWith(BASELINE_PREFIX));
  if (baseline.length === 0 || baseline.every((f) => done.has(f.name))) return;
  const legacy = [...done.keys()].filter((n) => n < LEGACY_END && !n.startsWith(BASELINE_PREFIX) && !migrations.some((f) => f.name === n));
  if (legacy.length === 0) return;
  if (!done.has(LEGACY_LAST)) {
    const last = legacy.sort().at(-1);
    throw new LegacyDatabaseError(
      `this database was migrated up to ${last} by an older Podium; this one continues from ${LEGACY_LAST}. ` +
        'Upgrade it first with a Podium that still has the numbered migrations up to 000306 (any release before the function files), then start this one',
    );
  }
  await inTransaction(client, 'recording the baseline', async () => {
    for (const f of baseline) {
      await client.query('insert into app_private.migrations (name, sha256) values ($1, $2) on conflict (name) do nothing', [f.name, f.sha256]);
      done.set(f.name, f.sha256);
    }
  });
}

/**
 * Applies what it can of `pending` (removing what it applied) in one transaction, a savepoint
 * per file, repeating while a round makes progress (a view before the function returning its
 * rows). With `final`, a file left over stops the run with its error.
 */
async function applyFunctionFiles(client: pg.ClientBase, pending: SqlFile[], final: boolean): Promise<SqlFile[]> {
  const applied: SqlFile[] = [];
  const errors = new Map<string, string>();
  await inTransaction(client, 'function files', async () => {
    await client.query('set local check_function_bodies = off');
    const { rows } = await client.query<{ nspname: string }>('select nspname from pg_catalog.pg_namespace');
    const schemas = new Set(rows.map((r) => r.nspname));
    for (let progress = true; progress && pending.length > 0; ) {
      progress = false;
      for (const file of pending.filter((f) => schemas.has(f.name.split('/')[0]))) {
        await client.query('savepoint fn');
        try {
          await client.query(file.sql);
          await client.query('release savepoint fn');
          pending.splice(pending.indexOf(file), 1);
          applied.push(file);
          errors.delete(file.name);
          progress = true;
        } catch (err) {
          await client.query('rollback to savepoint fn');
          errors.set(file.name, (err as Error).message);
        }
      }
    }
    if (final && pending.length > 0) {
      const list = pending.map((f) => `sql/functions/${f.name}: ${errors.get(f.name)}`).join('; ');
      throw new FunctionFileError(`${pending.length} function file(s) cannot be applied: ${list}`);
    }
  });
  return applied;
}

/**
 * Checks the body of every function the files of this run made, now that everything they name
 * exists (the language's own validator with check_function_bodies on), then records each file's hash.
 */
async function validateFunctionFiles(client: pg.ClientBase, files: SqlFile[]): Promise<void> {
  await inTransaction(client, 'validating function files', async () => {
    await client.query('set local check_function_bodies = on');
    const { rows } = await client.query<{ oid: number; file: string; validator: string }>(
      `select p.oid, n.nspname || '/' || p.proname || '.sql' as file, l.lanvalidator::regproc::text as validator
         from pg_catalog.pg_proc p
         join pg_catalog.pg_namespace n on n.oid = p.pronamespace
         join pg_catalog.pg_language l on l.oid = p.prolang
        where n.nspname || '/' || p.proname || '.sql' = any($1) and l.lanvalidator <> 0`,
      [files.map((f) => f.name)],
    );
    for (const r of rows) {
      try {
        await client.query(`select ${r.validator}($1::oid)`, [r.oid]);
      } catch (err) {
        const where = (err as { where?: string }).where;
        throw new FunctionFileError(`sql/functions/${r.file} does not hold: ${(err as Error).message}${where ? ` (${where.split('\n')[0]})` : ''}`);
      }
    }
    for (const file of files) {
      await client.query(
        `insert into app_private.function_files (name, sha256) values ($1, $2)
         on conflict (name) do update set sha256 = excluded.sha256, applied_at = now()`,
        [file.name, file.sha256],
      );
    }
  });
}

/** migrate() on a client of its own from the pool. */
export async function migratePool(pool: pg.Pool, sources?: MigrationFile[] | SqlSources): Promise<MigrateResult> {
  const client = await pool.connect();
  try {
    return await migrate(client, sources);
  } finally {
    client.release();
  }
}
