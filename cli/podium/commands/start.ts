import { startService } from '../../../ops/service.ts';
import { command } from '../command.ts';

export const start = command({
  path: 'start',
  summary: 'Run Podium (API and worker per SERVICE_ROLE; embedded Postgres without DATABASE_URL)',
  usage: 'Usage: podium start\n\nEnvironment: see docs/OPERATIONS.md (DATABASE_URL, REDIS_URL, HOST, PORT, DATA_DIR, SERVICE_ROLE, ...).',
  flags: {},
  async run(_opts, { config }) {
    const service = await startService(config());
    await new Promise<void>((resolve) => {
      let stopping = false;
      const shutdown = (signal: string) => {
        if (stopping) return;
        stopping = true;
        process.stderr.write(`\n${signal}: stopping Podium...\n`);
        service.stop().then(resolve, (err) => {
          process.stderr.write(`stop failed: ${(err as Error).message}\n`);
          resolve();
        });
      };
      process.on('SIGINT', () => shutdown('SIGINT'));
      process.on('SIGTERM', () => shutdown('SIGTERM'));
    });
  },
});
