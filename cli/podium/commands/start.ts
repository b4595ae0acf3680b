import { command } from '../command.ts';

export const start = command({
  path: 'start',
  summary: 'Run Podium (API and worker per SERVICE_ROLE; embedded Postgres without DATABASE_URL)',
  usage: 'Usage: podium start\n\nEnvironment: see docs/OPERATIONS.md (DATABASE_URL, REDIS_URL, HOST, PORT, DATA_DIR, SERVICE_ROLE, ...).',
  flags: {},
  async run(_opts, { config }) {
    // Signals are taken before the boot: the server answers health before startService
    // returns, and a Ctrl-C in that window must still stop Podium (and its embedded
    // PostgreSQL) cleanly instead of killing the process outright.
    let requested: ((signal: string) => void) | null = null;
    let early: string | null = null;
    const onSignal = (signal: string) => (requested ? requested(signal) : (early ??= signal));
    process.on('SIGINT', () => onSignal('SIGINT'));
    process.on('SIGTERM', () => onSignal('SIGTERM'));
    // The server loads here, not at the top: see main.ts.
    const { startService } = await import('../../../ops/service.ts');
    const service = await startService(config());
    await new Promise<void>((resolve) => {
      let stopping = false;
      requested = (signal: string) => {
        if (stopping) return;
        stopping = true;
        process.stderr.write(`\n${signal}: stopping Podium...\n`);
        service.stop().then(resolve, (err) => {
          process.stderr.write(`stop failed: ${(err as Error).message}\n`);
          resolve();
        });
      };
      if (early) requested(early);
    });
  },
});
