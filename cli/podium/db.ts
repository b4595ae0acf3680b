// Operator commands reach the database directly: DATABASE_URL, or the embedded default
// (joining a running `podium start` if there is one, else starting it for the command).
// The drivers load when a command first needs the database, so `--help` and usage errors
// answer without loading them (see main.ts).
import type pg from 'pg';
import type { Config } from '../../core/config.ts';

export async function withOperatorDb<T>(config: Config, fn: (pool: pg.Pool) => Promise<T>): Promise<T> {
  const [{ installJobQueue }, { migratePool }, { createPool }, { embeddedClusterDir, embeddedUrl, livePostmaster, startEmbeddedPostgres }] =
    await Promise.all([import('../../core/db/job-queue.ts'), import('../../core/db/migrate.ts'), import('../../core/db/pool.ts'), import('../../ops/embedded/postgres.ts')]);
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
  const pool = createPool(url, 2, 'podium-cli');
  try {
    await migratePool(pool);
    await installJobQueue(pool);
    return await fn(pool);
  } finally {
    await pool.end();
    await stopEmbedded?.();
  }
}
