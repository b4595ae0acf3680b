// graphile-worker's own schema, installed under advisory lock 7432004 so replicas
// booting together never race on it (multi-replica rule 1).
import { Logger, runMigrations } from 'graphile-worker';
import type pg from 'pg';

export const JOB_QUEUE_LOCK_KEY = 7432004;

export async function installJobQueue(pool: pg.Pool): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [JOB_QUEUE_LOCK_KEY]);
    try {
      await runMigrations({ pgPool: pool, logger: quietLogger });
    } finally {
      await client.query('select pg_advisory_unlock($1)', [JOB_QUEUE_LOCK_KEY]);
    }
  } finally {
    client.release();
  }
}

/** True once a worker (or `podium migrate`) has installed the job queue schema. */
export async function jobQueueInstalled(pool: pg.Pool): Promise<boolean> {
  const { rows } = await pool.query(`select to_regclass('graphile_worker._private_jobs') is not null as ok`);
  return rows[0].ok;
}

export const quietLogger = new Logger(() => () => {});
