import { printJson } from '../../lib/io.ts';
import { command } from '../command.ts';

export const migrate = command({
  path: 'migrate',
  summary: 'Apply pending migrations and install the job queue schema, then exit',
  usage: 'Usage: podium migrate [--json]',
  flags: { json: { type: 'boolean' } },
  async run(opts, { io, config }) {
    const cfg = config();
    // Loaded here, not at the top: see main.ts.
    const [{ installJobQueue }, { migratePool }, { createPool }, { startEmbeddedPostgres }] = await Promise.all([
      import('../../../core/db/job-queue.ts'), import('../../../core/db/migrate.ts'), import('../../../core/db/pool.ts'), import('../../../ops/embedded/postgres.ts'),
    ]);
    const embedded = cfg.databaseUrl ? null : await startEmbeddedPostgres(cfg.dataDir, cfg.embeddedPgPort);
    const pool = createPool(cfg.databaseUrl ?? embedded!.url, 2, 'podium-cli');
    try {
      const { applied, functions } = await migratePool(pool);
      await installJobQueue(pool);
      if (opts.json) printJson(io, { applied, functions });
      else {
        const lines = applied.map((f) => `Applied ${f}`);
        if (functions.length > 0) lines.push(`Applied ${functions.length} function file${functions.length === 1 ? '' : 's'} (sql/functions)`);
        io.stdout.write(lines.length ? lines.join('\n') + '\n' : 'Schema up to date\n');
      }
    } finally {
      await pool.end();
      await embedded?.stop();
    }
  },
});
