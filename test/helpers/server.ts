// A real Podium API (and optionally its worker) in-process on 127.0.0.1:0 over a test
// database of its own. Configuration goes through loadConfig, as in production.
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { buildApi, type Api } from '../../api/server.ts';
import { loadConfig, type Config } from '../../core/config.ts';
import { createLogger } from '../../core/log.ts';
import { createMailDriver } from '../../core/mail/index.ts';
import { createRateLimiter, type RateLimiter } from '../../core/rate-limit.ts';
import { UsageCounter } from '../../core/usage.ts';
import { startWorker, type WorkerHandle } from '../../workers/index.ts';
import { createTestDatabase, type TestDatabase } from './db.ts';

export const TEST_AUTH_SECRET = 'test-auth-secret-0123456789abcdef0123456789';

export interface TestServer {
  url: string;
  config: Config;
  db: TestDatabase;
  api: Api;
  usage: UsageCounter;
  limiter: RateLimiter;
  worker: WorkerHandle | null;
  startWorker(): Promise<WorkerHandle>;
  close(): Promise<void>;
}

export interface TestServerOptions {
  env?: Record<string, string>;
  worker?: boolean;
  db?: TestDatabase; // share one database between servers (replica-like)
  logLines?: string[]; // collects every JSON log line (level info and up unless env sets LOG_LEVEL)
  logFormat?: 'json' | 'pretty'; // `pretty`: the collected lines are a terminal's (default json)
  surface?: 'full' | 'hub'; // `hub`: the hub's routes (SERVICE_ROLE=hub)
}

export async function startTestServer(opts: TestServerOptions = {}): Promise<TestServer> {
  const db = opts.db ?? (await createTestDatabase());
  const config = loadConfig({
    DATABASE_URL: db.url,
    AUTH_SECRET: TEST_AUTH_SECRET,
    HOST: '127.0.0.1',
    PORT: '0',
    DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'podium-data-')),
    PODIUM_TEST_MODE: '1',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    ...opts.env,
  });
  const lines = opts.logLines;
  // Collected lines are read at info and up unless the test names its own LOG_LEVEL.
  const level = lines && !opts.env?.LOG_LEVEL ? 'info' : config.logLevel;
  // pino-pretty pipes into its destination: a real stream, not an object with write().
  const collect = lines && (opts.logFormat === 'pretty' ? new Writable({ write: (c, _e, done) => void (lines.push(c.toString()), done()) }) : { write: (line: string) => void lines.push(line) });
  const log = createLogger(level, 'podium', collect || undefined, opts.logFormat ?? 'auto');
  const limiter = await createRateLimiter(config.redisUrl);
  const usage = new UsageCounter();
  const api = await buildApi({ config, pool: db.pool, limiter, usage, log }, opts.surface ?? 'full');
  await api.app.listen({ host: '127.0.0.1', port: 0 });
  const port = (api.app.server.address() as { port: number }).port;
  const url = `http://127.0.0.1:${port}`;
  config.publicUrl = url;
  const server: TestServer = {
    url,
    config,
    db,
    api,
    usage,
    limiter,
    worker: null,
    async startWorker() {
      server.worker = await startWorker({ config, pool: db.pool, log, mail: createMailDriver(config, db.pool), metrics: api.metrics }, { pollInterval: 100 });
      return server.worker;
    },
    async close() {
      await api.close();
      await server.worker?.stop();
      await limiter.close();
      if (!opts.db) await db.drop();
    },
  };
  if (opts.worker) await server.startWorker();
  return server;
}
