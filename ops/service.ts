// One Podium replica: database (DATABASE_URL or the embedded default), migrations under
// their advisory lock, then the API and/or the worker as SERVICE_ROLE says.
//   all    - API + worker + scheduler (the default, and `npm start`)
//   api    - API only: no job workers, no scheduler; refuses to boot until a worker has
//            installed the job queue schema (multi-replica rule 5)
//   worker - worker + scheduler; serves only health and metrics over HTTP
//   hub    - the hub of a family of cloud instances: its routes, health and metrics, and a
//            worker for its sign-in mails (docs/OPERATIONS.md, "The hub")
import { BootError } from './boot-error.ts';
import type pg from 'pg';
import { buildApi, type Api } from '../api/server.ts';
import { sha256, randomToken } from '../core/crypto.ts';
import { defaultPublicUrl, type Config } from '../core/config.ts';
import { installJobQueue, jobQueueInstalled } from '../core/db/job-queue.ts';
import { migratePool } from '../core/db/migrate.ts';
import { createPool } from '../core/db/pool.ts';
import { createLogger, writesForPeople, type Logger } from '../core/log.ts';
import { createMailDriver, mailBanner, sharedOutboxWarning } from '../core/mail/index.ts';
import { createMetrics } from '../core/metrics.ts';
import { createRateLimiter, type RateLimiter } from '../core/rate-limit.ts';
import { UsageCounter } from '../core/usage.ts';
import { startWorker, type WorkerHandle } from '../workers/index.ts';
import { startEmbeddedPostgres, type EmbeddedHandle } from './embedded/postgres.ts';
import { remindSetupLink, SETUP_REMINDER, type SetupReminder, type SetupReminderOptions } from './setup-reminder.ts';

export const USAGE_FLUSH_INTERVAL_MS = 5_000;


export interface Service {
  config: Config;
  pool: pg.Pool;
  api: Api | null;
  worker: WorkerHandle | null;
  url: string | null;
  stop(): Promise<void>;
}

/** Connects to DATABASE_URL or boots the embedded Postgres; answers the URL and how to stop it. */
export async function openDatabase(config: Config, log: Logger): Promise<{ url: string; embedded: EmbeddedHandle | null }> {
  if (config.databaseUrl) return { url: config.databaseUrl, embedded: null };
  const embedded = await startEmbeddedPostgres(config.dataDir, config.embeddedPgPort, (m) => log.info(m));
  log.info({ dataDir: config.dataDir }, 'embedded postgres started');
  return { url: embedded.url, embedded };
}

/** The most migrations the boot's info line names one by one. */
const MIGRATIONS_NAMED = 10;

/** Migrates the app schema (every role) and installs the job queue (roles that run workers). */
export async function prepareDatabase(pool: pg.Pool, config: Config, log: Logger): Promise<void> {
  const { applied, functions } = await migratePool(pool);
  // An upgrade applies a few and names them; a first start applies them all, and its line
  // names the first and the last instead of filling the newcomer's terminal (debug has all).
  // Function files are counted (sql/functions: applied again when changed).
  const named = applied.length <= MIGRATIONS_NAMED ? { files: applied } : { first: applied[0], last: applied.at(-1) };
  const changed = applied.length > 0 || functions.length > 0;
  log.info({ applied: applied.length, ...named, functions: functions.length }, changed ? 'migrations applied' : 'schema up to date');
  if (applied.length > MIGRATIONS_NAMED) log.debug({ files: applied }, 'migrations applied, each');
  if (config.serviceRole === 'api') {
    if (!(await jobQueueInstalled(pool))) {
      throw new BootError('job queue schema is not installed yet: boot one replica with SERVICE_ROLE=all or worker first (this api-only replica exits and should be restarted)');
    }
  } else {
    await installJobQueue(pool);
  }
}

/**
 * On an empty instance, a one-time setup link; every boot replaces the previous one. On a
 * terminal the same link is printed again until the instance is set up (ops/setup-reminder.ts).
 */
async function printSetupLink(pool: pg.Pool, config: Config, log: Logger, reminder: SetupReminderOptions): Promise<SetupReminder | null> {
  const token = randomToken(24);
  const hash = sha256(token);
  const { rows } = await pool.query('select app_private.issue_setup_token($1) as issued', [hash]);
  if (!rows[0].issued) return null;
  const link = `${config.publicUrl}/setup?token=${token}`;
  // Printed for the operator's eyes, never written to the structured log.
  const print = () =>
    process.stdout.write(
      `\nPodium has no workspace yet. Open this one-time link to create the first workspace and owner:\n\n  ${link}\n\n` +
        `(or run: npx podium setup --workspace <name> --email <you@example.com>\n` +
        ` it asks for the owner's password on a terminal; elsewhere pipe one in with --password-stdin)\n\n`,
    );
  print();
  // Off a terminal the lines go to a collector: one copy of the link there is enough.
  return writesForPeople(log) ? remindSetupLink(pool, log, hash, print, reminder) : null;
}

export async function startService(config: Config, log: Logger = createLogger(config.logLevel, 'podium', undefined, config.logFormat), reminder: SetupReminderOptions = SETUP_REMINDER): Promise<Service> {
  const db = await openDatabase(config, log);
  const pool = createPool(db.url, config.dbPoolSize, `podium-${config.serviceRole}`);
  let limiter: RateLimiter | null = null;
  let api: Api | null = null;
  let worker: WorkerHandle | null = null;
  let setupReminder: SetupReminder | null = null;
  const usage = new UsageCounter();
  const metrics = createMetrics(pool);
  const stop = async () => {
    setupReminder?.stop();
    await api?.close().catch((e) => log.warn({ err: e.message }, 'api close failed'));
    if (api) await usage.stop(pool).catch((e) => log.warn({ err: e.message }, 'final usage flush failed'));
    await worker?.stop().catch((e) => log.warn({ err: e.message }, 'worker stop failed'));
    await limiter?.close();
    await pool.end();
    await db.embedded?.stop();
  };
  try {
    await prepareDatabase(pool, config, log);
    limiter = await createRateLimiter(config.redisUrl);
    log.info({ backend: limiter.backend }, limiter.backend === 'redis' ? 'rate limiting is backed by redis (shared by every replica)' : 'rate limiting is per process (set REDIS_URL to share buckets across replicas)');
    if (config.serviceRole !== 'api') {
      worker = await startWorker({ config, pool, log, mail: createMailDriver(config, pool), metrics });
    }
    api = await buildApi({ config, pool, limiter, usage, log, metrics }, config.serviceRole === 'worker' ? 'ops' : config.serviceRole === 'hub' ? 'hub' : 'full');
    await api.app.listen({ host: config.host, port: config.port });
    const addr = api.app.server.address();
    const url = typeof addr === 'object' && addr ? defaultPublicUrl(config.host, addr.port) : null;
    // PORT=0 takes any free port (tests, the replica harness): unless PUBLIC_URL named the
    // instance, its links (setup link, mails, webhook deliveries) carry the port it took.
    if (config.port === 0 && url && config.publicUrl === defaultPublicUrl(config.host, 0)) config.publicUrl = url;
    if (config.serviceRole !== 'worker' && config.serviceRole !== 'hub') usage.start(pool, USAGE_FLUSH_INTERVAL_MS, (e) => log.warn({ err: (e as Error).message }, 'usage hand-off failed; kept for the next try'));
    log.info({ url, role: config.serviceRole }, 'podium listening');
    if (config.serviceRole !== 'worker' && config.serviceRole !== 'hub') {
      process.stdout.write(`\n${mailBanner(config)}\n`);
      const { rows } = await pool.query<{ n: number }>('select count(*)::int as n from app.workspaces');
      const shared = sharedOutboxWarning(config, rows[0]!.n);
      if (shared) {
        process.stdout.write(`Warning: ${shared}\n`);
        log.warn({ workspaces: rows[0]!.n }, shared);
      }
      setupReminder = await printSetupLink(pool, config, log, reminder);
    }
    return { config, pool, api, worker, url, stop };
  } catch (err) {
    await stop().catch(() => {});
    throw err;
  }
}
