// Operator commands reach the database directly: DATABASE_URL, or the embedded default
// (joining a running `podium start` if there is one, else starting it for the command).
import pg from 'pg';
import type { Config } from '../../core/config.ts';
import { installJobQueue } from '../../core/db/job-queue.ts';
import { migratePool } from '../../core/db/migrate.ts';
import { createPool } from '../../core/db/pool.ts';
import { embeddedClusterDir, embeddedUrl, livePostmaster, startEmbeddedPostgres } from '../../ops/embedded/postgres.ts';

export async function withOperatorDb<T>(config: Config, fn: (pool: pg.Pool) => Promise<T>): Promise<T> {
  let url = config.databaseUrl;
  let stopEmbedded: (() => Promise<void>) | null = null;
  if (!url) {
    const live = livePostmaster(embeddedClusterDir(config.dataDir));
    if (live && !live.orphaned) url = embeddedUrl(live.port);
    else {
      const h = await startEmbeddedPostgres(config.dataDir, config.embeddedPgPort);
      url = h.url;
      stopEmbedded = h.stop;
    }
  }
  const pool = createPool(url, 2);
  try {
    await migratePool(pool);
    await installJobQueue(pool);
    return await fn(pool);
  } finally {
    await pool.end();
    await stopEmbedded?.();
  }
}
